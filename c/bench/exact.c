/* The library's kernels, with the slow paths (stages 2 and 3) redirected
 * through counters. */
#define pc__orient_slow bench_orient_slow
#define pc__dot_slow    bench_dot_slow
#define pc__circle_slow bench_circle_slow
#define pc__perp_slow   bench_perp_slow
#define BENCH_PREFIX    exact
#include "loops.inc"
