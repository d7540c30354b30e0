/* The library's kernels, with the exact fallbacks redirected through counters. */
#define pc__orient_exact bench_orient_exact
#define pc__dot_exact bench_dot_exact
#define pc__circle_exact bench_circle_exact
#define pc__perp_exact bench_perp_exact
#define BENCH_PREFIX exact
#include "loops.inc"
