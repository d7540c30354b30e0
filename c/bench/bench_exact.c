#define _POSIX_C_SOURCE 199309L
/*
 * The cost of exactness: the library's filtered kernels against the same
 * kernels with naive float predicates, on uniform random inputs and on a
 * near-boundary stream.  `make -C c bench`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#include "pycollide.h"
#include "kernels.h" /* the kinds by name (PC_KIND_circle, ...) */
#include "predicates.h"

/* the bench program's own counters (the library keeps no state); exact.c
 * sends the kernels' slow paths here */
static long fallbacks;
int bench_orient_slow(double a, double b, double c, double d, double e, double f);
int bench_dot_slow(double a, double b, double c, double d, double e, double f);
int bench_circle_slow(double a, double b, double c, double d, double e, double f);
int bench_perp_slow(double a, double b, double c, double d, double e, double f, double g);
int bench_orient_slow(double a, double b, double c, double d, double e, double f)
{
    fallbacks++;
    return pc__orient_slow(a, b, c, d, e, f);
}
int bench_dot_slow(double a, double b, double c, double d, double e, double f)
{
    fallbacks++;
    return pc__dot_slow(a, b, c, d, e, f);
}
int bench_circle_slow(double a, double b, double c, double d, double e, double f)
{
    fallbacks++;
    return pc__circle_slow(a, b, c, d, e, f);
}
int bench_perp_slow(double a, double b, double c, double d, double e, double f, double g)
{
    fallbacks++;
    return pc__perp_slow(a, b, c, d, e, f, g);
}

typedef void (*loop_fn)(const double *, int, const double *, int, unsigned char *, long, int, double);
#define DECL(A, B)                                                                                      \
    void naive_##A##_##B(const double *, int, const double *, int, unsigned char *, long, int, double); \
    void exact_##A##_##B(const double *, int, const double *, int, unsigned char *, long, int, double);
/* clang-format off */
DECL(circle, circle)
DECL(circle, box)
DECL(circle, segment)
DECL(circle, triangle)
DECL(point, triangle)
DECL(box, segment)
DECL(box, triangle)
DECL(segment, segment)
DECL(triangle, triangle)
DECL(point, circle)
/* clang-format on */

static const struct {
    const char *name;
    int ka, kb;
    loop_fn naive, exact;
} PAIRS[] = {
#define ROW(A, B) {#A "-" #B, PC_KIND_##A, PC_KIND_##B, naive_##A##_##B, exact_##A##_##B},
    ROW(point, circle) ROW(circle, circle) ROW(circle, box) ROW(circle, segment) ROW(circle, triangle)
        ROW(point, triangle) ROW(box, segment) ROW(box, triangle) ROW(segment, segment) ROW(triangle, triangle)};

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
static double uniform(double lo, double hi)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return lo + (hi - lo) * ((double)(rng_state >> 11) / 9007199254740992.0);
}

/* uniform scenes as in `python -m pycollide bench`: a 100 x 100 world */
static void random_scene(int kind, double *s, long n)
{
    int w = pc_kind_width(kind);
    for (long i = 0; i < n; i++) {
        double *p = s + i * w, x = uniform(0, 100), y = uniform(0, 100);
        switch (kind) {
        case PC_POINT:
            p[0] = x;
            p[1] = y;
            break;
        case PC_CIRCLE:
            p[0] = x;
            p[1] = y;
            p[2] = uniform(1, 8);
            break;
        case PC_BOX:
            p[0] = x;
            p[1] = y;
            p[2] = x + uniform(1, 12);
            p[3] = y + uniform(1, 12);
            break;
        case PC_SEGMENT:
            p[0] = x;
            p[1] = y;
            p[2] = x + uniform(-15, 15);
            p[3] = y + uniform(-15, 15);
            break;
        default:
            for (int k = 0; k < 6; k += 2) {
                p[k] = x + uniform(-12, 12) * (k > 0);
                p[k + 1] = y + uniform(-12, 12) * (k > 0);
            }
        }
    }
}

/* near-boundary: small-integer grid scenes (touching, collinear and shared
 * corners are frequent), half of the coordinates nudged by one ulp */
static void boundary_scene(int kind, double *s, long n)
{
    int w = pc_kind_width(kind);
    for (long i = 0; i < n; i++) {
        double *p = s + i * w;
        for (int k = 0; k < w; k++) {
            p[k] = floor(uniform(-3, 4));
            if (uniform(0, 1) < 0.5 / w) p[k] = nextafter(p[k], uniform(0, 1) < 0.5 ? -INFINITY : INFINITY);
        }
        if (kind == PC_CIRCLE) p[2] = fabs(p[2]);
        if (kind == PC_BOX) {
            if (p[0] > p[2]) {
                double t = p[0];
                p[0] = p[2];
                p[2] = t;
            }
            if (p[1] > p[3]) {
                double t = p[1];
                p[1] = p[3];
                p[3] = t;
            }
        }
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double time_ns(loop_fn f, const double *a, int wa, const double *b, int wb, unsigned char *out, long n,
                      double mag)
{
    double t0 = now();
    f(a, wa, b, wb, out, n, PC_TOUCHING, mag);
    return (now() - t0) * 1e9 / n;
}

/* best of reps runs of each loop, alternating naive and exact so that clock
 * and cache drift affect both alike */
static void best_pair_ns(loop_fn naive, loop_fn exact, const double *a, int wa, const double *b, int wb,
                         unsigned char *o1, unsigned char *o2, long n, int reps, double mag, double best[2])
{
    best[0] = best[1] = 1e30;
    for (int r = 0; r < reps; r++) {
        double t = time_ns(naive, a, wa, b, wb, o1, n, mag);
        if (t < best[0]) best[0] = t;
        t = time_ns(exact, a, wa, b, wb, o2, n, mag);
        if (t < best[1]) best[1] = t;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    int reps = argc > 2 ? atoi(argv[2]) : 7;
    double *a = malloc(sizeof(double) * 6 * n), *b = malloc(sizeof(double) * 6 * n);
    unsigned char *o1 = malloc(n), *o2 = malloc(n);
    if (!a || !b || !o1 || !o2) return 1;
    printf("cost of exactness: %ld pairs per row, best of %d, one thread\n\n", n, reps);
    printf("%-20s | %-29s | %-44s\n", "", "uniform random", "near-boundary (integer grid, ulp nudges)");
    printf("%-20s | %8s %8s %6s %4s | %8s %8s %6s %9s %8s\n", "pair", "naive ns", "exact ns", "ratio", "fb%",
           "naive ns", "exact ns", "ratio", "fallback%", "wrong%");
    for (size_t i = 0; i < sizeof PAIRS / sizeof PAIRS[0]; i++) {
        int wa = pc_kind_width(PAIRS[i].ka), wb = pc_kind_width(PAIRS[i].kb);
        double row[2][3];
        double fb[2], wrong = 0;
        for (int stream = 0; stream < 2; stream++) {
            (stream ? boundary_scene : random_scene)(PAIRS[i].ka, a, n);
            (stream ? boundary_scene : random_scene)(PAIRS[i].kb, b, n);
            /* the magnitude comes from validation, which building the shapes runs anyway */
            double ma = 0, mb = 0;
            int64_t bad;
            pc_validate(PAIRS[i].ka, a, n, &bad, &ma);
            pc_validate(PAIRS[i].kb, b, n, &bad, &mb);
            double mag = ma > mb ? ma : mb;
            fallbacks = 0;
            PAIRS[i].exact(a, wa, b, wb, o2, n, PC_TOUCHING, mag);
            fb[stream] = 100.0 * fallbacks / n; /* slow-path evaluations per pair, in percent */
            best_pair_ns(PAIRS[i].naive, PAIRS[i].exact, a, wa, b, wb, o1, o2, n, reps, mag, row[stream]);
            row[stream][2] = row[stream][1] / row[stream][0];
            if (stream) {
                long diff = 0;
                for (long k = 0; k < n; k++) diff += o1[k] != o2[k];
                wrong = 100.0 * diff / n;
            }
        }
        printf("%-20s | %8.2f %8.2f %5.2fx %4.1f | %8.2f %8.2f %5.2fx %9.1f %8.2f\n", PAIRS[i].name, row[0][0],
               row[0][1], row[0][2], fb[0], row[1][0], row[1][1], row[1][2], fb[1], wrong);
    }
    printf("\nfb%%/fallback%%: predicate evaluations that left the semi-static filter, per 100 pairs; wrong%%: how "
           "often the naive kernel's answer\n"
           "differs from the exact one on the near-boundary stream.\n");
    free(a);
    free(b);
    free(o1);
    free(o2);
    return 0;
}
