/* Standalone test of the C core (no Python): `make -C c test`. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pycollide.h"
#include "contact.h"    /* internal: each contact path against the general one */
#include "predicates.h" /* internal: the filter stages are tested against the exact one */
#include "tiles.h"      /* internal: exact cell lookups */
#include "grid.h"       /* internal: the broad phase's grid, its portable and vector loops */
#include "walk.h"       /* internal: the walker's cancel slices */

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

static int failures = 0, checks = 0;

#define CHECK(expr)                                                         \
    do {                                                                    \
        checks++;                                                           \
        if (!(expr)) {                                                      \
            failures++;                                                     \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #expr); \
        }                                                                   \
    } while (0)

static void test_kernels(void)
{
    pc_point p = {1, 1};
    pc_circle c = {0, 0, 1};
    pc_box unit = {0, 0, 1, 1};
    pc_segment diag = {0, 0, 2, 2};
    pc_triangle tri = {0, 0, 2, 0, 0, 2};

    CHECK(pc_overlap_point_point(&p, &(pc_point){1, 1}, PC_TOUCHING));
    CHECK(!pc_overlap_point_point(&p, &(pc_point){1, nextafter(1, 2)}, PC_TOUCHING));
    CHECK(pc_overlap_point_circle(&(pc_point){1, 0}, &c, PC_TOUCHING));               /* on the circle */
    CHECK(!pc_overlap_point_circle(&(pc_point){nextafter(1, 2), 0}, &c, PC_TOUCHING));
    CHECK(pc_overlap_point_box(&p, &unit, PC_TOUCHING));                              /* corner */
    CHECK(pc_overlap_point_segment(&p, &diag, PC_TOUCHING));
    CHECK(!pc_overlap_point_segment(&(pc_point){3, 3}, &diag, PC_TOUCHING));          /* on the line, past the end */
    CHECK(pc_overlap_point_triangle(&p, &tri, PC_TOUCHING));                          /* on the hypotenuse */
    CHECK(!pc_overlap_point_triangle(&(pc_point){1, nextafter(1, 2)}, &tri, PC_TOUCHING));
    CHECK(pc_overlap_circle_circle(&c, &(pc_circle){2, 0, 1}, PC_TOUCHING));          /* touching */
    CHECK(!pc_overlap_circle_circle(&c, &(pc_circle){2, 0, nextafter(1, 0)}, PC_TOUCHING));
    CHECK(pc_overlap_circle_box(&(pc_circle){2, 1, 1}, &unit, PC_TOUCHING));
    CHECK(!pc_overlap_circle_box(&(pc_circle){2, 2, 1}, &unit, PC_TOUCHING));         /* corner gap */
    CHECK(pc_overlap_circle_segment(&(pc_circle){0, 2, sqrt(2.0)}, &diag, PC_TOUCHING) ==
          (1 /* sqrt(2) rounds up: 2 <= fl(sqrt 2)^2 */));
    CHECK(pc_overlap_circle_triangle(&(pc_circle){1, 1, 0}, &tri, PC_TOUCHING));
    CHECK(pc_overlap_box_box(&unit, &(pc_box){1, 1, 2, 2}, PC_TOUCHING));
    CHECK(!pc_overlap_box_box(&unit, &(pc_box){nextafter(1, 2), 0, 2, 1}, PC_TOUCHING));
    CHECK(pc_overlap_box_segment(&unit, &(pc_segment){2, 0, 0, 2}, PC_TOUCHING));     /* through the corner (1, 1) */
    CHECK(!pc_overlap_box_segment(&unit, &(pc_segment){2, 0, 0, nextafter(2, 3)}, PC_TOUCHING));   /* passes just above (1, 1) */
    CHECK(pc_overlap_box_triangle(&(pc_box){1, 1, 2, 2}, &tri, PC_TOUCHING));         /* corner on the hypotenuse */
    CHECK(!pc_overlap_box_triangle(&(pc_box){nextafter(1, 2), nextafter(1, 2), 2, 2}, &tri, PC_TOUCHING));
    CHECK(pc_overlap_segment_segment(&diag, &(pc_segment){0, 2, 2, 0}, PC_TOUCHING));
    CHECK(pc_overlap_segment_segment(&diag, &(pc_segment){2, 2, 3, 3}, PC_TOUCHING));  /* collinear, shared end */
    CHECK(!pc_overlap_segment_segment(&diag, &(pc_segment){nextafter(2, 3), nextafter(2, 3), 3, 3}, PC_TOUCHING));
    CHECK(pc_overlap_segment_triangle(&(pc_segment){-1, 1, 3, 1}, &tri, PC_TOUCHING));
    CHECK(pc_overlap_triangle_triangle(&tri, &(pc_triangle){1, 1, 3, 1, 1, 3}, PC_TOUCHING));
    CHECK(!pc_overlap_triangle_triangle(&tri, &(pc_triangle){1, nextafter(1, 2), 3, 1, 1, 3}, PC_TOUCHING));
    /* degenerate: collinear triangle is its hull segment */
    pc_triangle flat = {0, 0, 4, 0, 2, 0};
    CHECK(pc_overlap_point_triangle(&(pc_point){3, 0}, &flat, PC_TOUCHING));
    CHECK(!pc_overlap_point_triangle(&(pc_point){5, 0}, &flat, PC_TOUCHING));
    CHECK(pc_overlap_box_triangle(&(pc_box){3.5, -1, 5, 0}, &flat, PC_TOUCHING));
    /* a NULL shape or an unknown mode is PC_ERR_ARG, never an answer */
#define BAD_CALLS(A, B, a, b)                                                  \
    CHECK(pc_overlap_##A##_##B(NULL, &(b), PC_TOUCHING) == PC_ERR_ARG);        \
    CHECK(pc_overlap_##A##_##B(&(a), NULL, PC_STRICT) == PC_ERR_ARG);          \
    CHECK(pc_overlap_##A##_##B(&(a), &(b), 2) == PC_ERR_ARG);                  \
    CHECK(pc_overlap_##A##_##B(&(a), &(b), -1) == PC_ERR_ARG);                 \
    CHECK(pc_overlap_##A##_##B(&(a), &(b), PC_TOUCHING) == 1);
    BAD_CALLS(point, point, p, p)
    pc_point on_c = {1, 0};
    BAD_CALLS(point, circle, on_c, c)
    BAD_CALLS(point, box, p, unit)
    BAD_CALLS(point, segment, p, diag)
    BAD_CALLS(point, triangle, p, tri)
    BAD_CALLS(circle, circle, c, c)
    BAD_CALLS(circle, box, c, unit)
    BAD_CALLS(circle, segment, c, diag)
    BAD_CALLS(circle, triangle, c, tri)
    BAD_CALLS(box, box, unit, unit)
    BAD_CALLS(box, segment, unit, diag)
    BAD_CALLS(box, triangle, unit, tri)
    BAD_CALLS(segment, segment, diag, diag)
    BAD_CALLS(segment, triangle, diag, tri)
    BAD_CALLS(triangle, triangle, tri, tri)
#undef BAD_CALLS
}

/* Answers must not change when all coordinates are scaled by 2^k, at any k. */
static void test_scaling(void)
{
    for (int k = -1070; k <= 970; k += 7) {
        double s = ldexp(1.0, k);
        pc_circle c = {0, 0, 5 * s};
        CHECK(pc_overlap_point_circle(&(pc_point){3 * s, 4 * s}, &c, PC_TOUCHING));             /* exactly on it */
        CHECK(pc_overlap_circle_circle(&c, &(pc_circle){6 * s, 8 * s, 5 * s}, PC_TOUCHING));  /* touching */
        CHECK(pc_overlap_circle_segment(&(pc_circle){0, 5 * s, 5 * s}, &(pc_segment){-s, 0, s, 0}, PC_TOUCHING));
        CHECK(pc_overlap_segment_segment(&(pc_segment){0, 0, 2 * s, 2 * s}, &(pc_segment){0, 2 * s, 2 * s, 0}, PC_TOUCHING));
        CHECK(pc_overlap_point_segment(&(pc_point){s, s}, &(pc_segment){0, 0, 2 * s, 2 * s}, PC_TOUCHING));
        if (k <= 968) {
            double big = 4 * s;  /* still finite */
            CHECK(!pc_overlap_point_circle(&(pc_point){big, big}, &(pc_circle){0, 0, big}, PC_TOUCHING));
        }
    }
    /* a far offset with a tiny feature: exact despite cancellation */
    double off = 0x1p60;
    CHECK(pc_overlap_point_segment(&(pc_point){off + 2048, off + 2048}, &(pc_segment){off, off, off + 4096, off + 4096}, PC_TOUCHING));
    CHECK(!pc_overlap_point_segment(&(pc_point){off + 2048, off + 4096}, &(pc_segment){off, off, off + 4096, off + 4096}, PC_TOUCHING));
}

static void test_batch(void)
{
    /* 2 circles against 3 points, broadcast as (2, 1) x (1, 3) */
    double circles[2][3] = {{0, 0, 1}, {10, 0, 1}};
    double points[3][2] = {{1, 0}, {10, 1}, {5, 5}};
    uint8_t out[2][3];
    memset(out, 7, sizeof out);
    int64_t shape[2] = {2, 3};
    int64_t sa[2] = {3, 0}, sb[2] = {0, 2}, so[2] = {3, 1};
    CHECK(pc_overlaps_batch(PC_CIRCLE, &circles[0][0], sa, PC_POINT, &points[0][0], sb,
                            &out[0][0], so, 2, shape, PC_TOUCHING, 10.0, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 1 && out[0][1] == 0 && out[0][2] == 0);
    CHECK(out[1][0] == 0 && out[1][1] == 1 && out[1][2] == 0);
    /* reversed order gives the transpose */
    uint8_t rev[3][2];
    int64_t shape_r[2] = {3, 2}, sa_r[2] = {2, 0}, sb_r[2] = {0, 3}, so_r[2] = {2, 1};
    CHECK(pc_overlaps_batch(PC_POINT, &points[0][0], sa_r, PC_CIRCLE, &circles[0][0], sb_r,
                            &rev[0][0], so_r, 2, shape_r, PC_TOUCHING, INFINITY, 1, NULL) == PC_OK);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) CHECK(rev[j][i] == out[i][j]);
    CHECK(pc_overlaps_batch(40, &points[0][0], sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, shape, PC_TOUCHING, INFINITY, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_overlaps_batch(PC_POINT, NULL, sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, shape, PC_TOUCHING, INFINITY, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_overlaps_batch(PC_POINT, &points[0][0], sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, shape, 7, INFINITY, 1, NULL) == PC_ERR_ARG);
    int64_t empty[2] = {0, 3};
    CHECK(pc_overlaps_batch(PC_POINT, &points[0][0], sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, empty, PC_TOUCHING, INFINITY, 1, NULL) == PC_OK);
}

static void test_strict(void)
{
    pc_box unit = {0, 0, 1, 1};
    CHECK(pc_overlap_box_box(&unit, &(pc_box){1, 0, 2, 1}, PC_TOUCHING));    /* shared edge */
    CHECK(!pc_overlap_box_box(&unit, &(pc_box){1, 0, 2, 1}, PC_STRICT));
    CHECK(pc_overlap_box_box(&unit, &(pc_box){nextafter(1, 0), 0, 2, 1}, PC_STRICT));
    pc_segment s1 = {0, 0, 2, 2}, s2 = {0, 2, 2, 0}, s3 = {1, 1, 3, 3};
    CHECK(pc_overlap_segment_segment(&s1, &s2, PC_STRICT));                  /* proper crossing */
    CHECK(!pc_overlap_segment_segment(&s1, &s3, PC_STRICT));                 /* collinear overlap */
    CHECK(pc_overlap_segment_segment(&s1, &s3, PC_TOUCHING));
    CHECK(!pc_overlap_point_segment(&(pc_point){1, 1}, &s1, PC_STRICT));
    CHECK(!pc_overlap_circle_box(&(pc_circle){1, 0.5, 0}, &unit, PC_STRICT)); /* r = 0 on the edge */
    CHECK(pc_overlap_circle_box(&(pc_circle){0.5, 0.5, 0}, &unit, PC_STRICT));
    CHECK(!pc_overlap_circle_box(&(pc_circle){2, 0.5, 1}, &unit, PC_STRICT)); /* tangent */
    CHECK(pc_overlap_circle_box(&(pc_circle){2, 0.5, nextafter(1, 2)}, &unit, PC_STRICT));
    /* a zero-length segment strictly inside a box, and a zero-width box crossed by a segment */
    CHECK(pc_overlap_box_segment(&unit, &(pc_segment){0.5, 0.5, 0.5, 0.5}, PC_STRICT));
    CHECK(pc_overlap_box_segment(&(pc_box){0, 0, 0, 2}, &(pc_segment){-1, 1, 1, 1}, PC_STRICT));
    CHECK(!pc_overlap_box_segment(&(pc_box){0, 0, 0, 2}, &(pc_segment){0, 1, 0, 3}, PC_STRICT));
    pc_triangle tri = {0, 0, 2, 0, 0, 2};
    CHECK(!pc_overlap_triangle_triangle(&tri, &(pc_triangle){2, 0, 0, 2, 2, 2}, PC_STRICT)); /* shared edge */
    CHECK(pc_overlap_triangle_triangle(&tri, &(pc_triangle){2, 0, 0, 2, 2, 2}, PC_TOUCHING));
    CHECK(pc_overlap_segment_triangle(&(pc_segment){-1, 1, 3, 1}, &tri, PC_STRICT));
    CHECK(!pc_overlap_segment_triangle(&(pc_segment){-1, 0, 3, 0}, &tri, PC_STRICT));   /* along an edge */
    CHECK(!pc_overlap_point_point(&(pc_point){1, 1}, &(pc_point){1, 1}, PC_STRICT));
}

/* Results must not depend on the caller's floating-point environment. */
static void test_fp_environment(void)
{
#if defined(__x86_64__)
    double tiny = 0x1p-1070;  /* subnormal */
    /* a subnormal-scale touching case: DAZ would read the inputs as zero */
    pc_circle c = {0, 0, 5 * tiny};
    pc_point on = {3 * tiny, 4 * tiny}, off = {3 * tiny, 5 * tiny};
    pc_segment seg = {0, 0, 8 * tiny, 8 * tiny};
    pc_point above = {4 * tiny, 5 * tiny};
    /* mixed scales: a subnormal coordinate times a huge one is a normal number, so
     * DAZ (reading the subnormal as 0) would flip this orientation without the guard */
    pc_triangle sliver = {0, 0, 0x0.000000000008p-1022, 0x1.ffffffffffffep-90, 1, 0x1p+978};
    pc_point inside = {0.999, 0x1p+978 * 0.999};
    int expect[4] = {1, 0, 1, 0};
    unsigned int saved = _mm_getcsr();
    unsigned int modes[4] = {saved, saved | 0x8040u, (saved & ~0x6000u) | 0x2000u, (saved & ~0x6000u) | 0x6000u};
    for (int k = 0; k < 4; k++) {
        _mm_setcsr(modes[k]);
        int got[4] = {pc_overlap_point_circle(&on, &c, PC_TOUCHING), pc_overlap_point_circle(&off, &c, PC_TOUCHING),
                      pc_overlap_point_segment(&(pc_point){4 * tiny, 4 * tiny}, &seg, PC_TOUCHING),
                      pc_overlap_point_segment(&above, &seg, PC_TOUCHING)};
        int sliver_in = pc_overlap_point_triangle(&inside, &sliver, PC_TOUCHING);
        double pts[2] = {3 * tiny, 5 * tiny};
        double circ[3] = {0, 0, 5 * tiny};
        uint8_t out = 9;
        pc_overlaps_batch(PC_POINT, pts, NULL, PC_CIRCLE, circ, NULL, &out, NULL, 0, NULL, PC_TOUCHING, 5 * tiny, 1, NULL);
        unsigned int after = _mm_getcsr();
        _mm_setcsr(saved);
        for (int i = 0; i < 4; i++) CHECK(got[i] == expect[i]);
        CHECK(out == 0);
        CHECK(sliver_in == 1);
        CHECK(after == modes[k]);  /* the caller's environment is restored */
    }
#endif
}

/*
 * Each filter stage against the exact stage on near-degenerate inputs, where
 * plain float evaluation gets signs wrong: stage 1 with the tight magnitude of
 * the inputs, stage 1 with a loose one, and stage 2 alone (magnitude INFINITY).
 * The inputs are checked to be hard: naive signs must be wrong on some.
 */
static unsigned long long filter_rng = 0x2545F4914F6CDD1DULL;
static double rnd(double lo, double hi)
{
    filter_rng ^= filter_rng << 13; filter_rng ^= filter_rng >> 7; filter_rng ^= filter_rng << 17;
    return lo + (hi - lo) * ((double)(filter_rng >> 11) / 9007199254740992.0);
}

/*
 * The scalar kernels' mode-independent fast paths (overlap.c) in every
 * rounding mode, with and without flush-to-zero and denormals-are-zero: every
 * answer equals pc_overlap's (which sets the standard mode) on inputs made to
 * break them: exact tangencies and one-ulp nudges at scales from the
 * subnormals to the overflow threshold, subnormal boxes, sums that overflow.
 * The check fails if a fast path trusts a sign its error bound does not cover
 * (a naive fast path was tried: hundreds of wrong answers).
 */
static double fast_rng(void) { return rnd(-1, 1); }
static double nudge(double v, int k) /* v moved by k ulps */
{
    for (; k > 0; k--) v = nextafter(v, INFINITY);
    for (; k < 0; k++) v = nextafter(v, -INFINITY);
    return v;
}

static int fast_case(int k, double scale, pc_point *p, pc_circle *c1, pc_circle *c2, pc_box *b1, pc_box *b2,
                     pc_segment *sg)
{
    /* k selects a configuration; the second shape is nudged by k % 5 - 2 ulps */
    int d = k % 5 - 2;
    double s = scale;
    switch ((k / 5) % 6) {
    case 0: /* 3-4-5 tangencies */
        *p = (pc_point){nudge(3 * s, d), 4 * s};
        *c1 = (pc_circle){0, 0, 2 * s};
        *c2 = (pc_circle){nudge(3 * s, d), 4 * s, 3 * s};
        *b1 = (pc_box){-s, -s, s, nudge(s, d)};
        *b2 = (pc_box){s, s, 2 * s, 2 * s};
        *sg = (pc_segment){-4 * s, nudge(5 * s, d), 4 * s, 5 * s};
        break;
    case 1: /* a circle tangent to a box's side and corner */
        *p = (pc_point){nudge(s, d), 0.5 * s};
        *c1 = (pc_circle){nudge(4 * s, d), 5 * s, 5 * s};
        *c2 = (pc_circle){0, 0, 0};
        *b1 = (pc_box){0, 0, s, s};
        *b2 = (pc_box){nudge(s, d), 0, 3 * s, s};
        *sg = (pc_segment){nudge(-3 * s, d), -4 * s, 3 * s, -4 * s};
        break;
    case 2: { /* random, near touching */
        double x = fast_rng() * s, y = fast_rng() * s, r = fabs(fast_rng()) * s;
        *p = (pc_point){x, y};
        *c1 = (pc_circle){0, 0, nudge(sqrt(x * x + y * y), d)};
        *c2 = (pc_circle){x * 0.5, y * 0.5, r};
        *b1 = (pc_box){fmin(x, 0), fmin(y, 0), fmax(x, 0), fmax(y, 0)};
        *b2 = (pc_box){nudge(fmax(x, 0), d), y - s, fmax(x, 0) + s, y + s};
        *sg = (pc_segment){x, y, -y, x};
        break;
    }
    case 3: /* overflowing differences and sums (inf, or DBL_MAX when rounding toward zero) */
        *p = (pc_point){-DBL_MAX, DBL_MAX};
        *c1 = (pc_circle){DBL_MAX, 0, nudge(DBL_MAX, d)};
        *c2 = (pc_circle){-DBL_MAX, 0, DBL_MAX * 0.75};
        *b1 = (pc_box){-DBL_MAX, -DBL_MAX, nudge(DBL_MAX, d), DBL_MAX};
        *b2 = (pc_box){DBL_MAX * 0.5, 0, DBL_MAX, 1};
        *sg = (pc_segment){-DBL_MAX, nudge(DBL_MAX * 0.5, d), DBL_MAX, -DBL_MAX};
        break;
    case 4: /* subnormal coordinates: DAZ reads them as zero */
        *p = (pc_point){nudge(0x1p-1073, d), 0};
        *c1 = (pc_circle){0, 0x1p-1073, nudge(0x1p-1072, d)};
        *c2 = (pc_circle){0x1p-1071, 0x1p-1073, 0x1p-1074};
        *b1 = (pc_box){0, 0, nudge(0x1p-1073, d), 0x1p-1070};
        *b2 = (pc_box){0x1p-1073, 0, 0x1p-1072, 1};
        *sg = (pc_segment){0, nudge(0x1p-1070, d), 0x1p-1071, 0};
        break;
    default: /* squares just below the flush threshold */
        *p = (pc_point){nudge(0x1.6p-512, d), 0x1.6p-512};
        *c1 = (pc_circle){0, 0, nudge(0x1p-511, d)};
        *c2 = (pc_circle){0x1.6p-512, 0x1.6p-512, nudge(0x1p-511, d)};
        *b1 = (pc_box){-0x1p-512, -0x1p-512, 0x1p-512, 0x1p-512};
        *b2 = (pc_box){nudge(0x1p-512, d), 0, 1, 1};
        *sg = (pc_segment){-0x1p-511, nudge(0x1p-511, d), 0x1p-511, 0x1p-511};
        break;
    }
    return d;
}

/* a pseudo-random value in [0, 1) */
static double unit_random(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (double)(*state >> 8) / 16777216.0;
}

/* point-box and box-box in every mode (DAZ compares their values by their
 * bits): coordinates drawn from zeros of both signs, subnormals of both
 * signs, ordinary values and infinities, and a NaN now and then; the answers
 * those of the standard mode */
static void test_box_compares_every_mode(void)
{
#if defined(__x86_64__)
    static const double v[] = {0.0, -0.0, 0x1p-1074, -0x1p-1074, 0x1p-1060, -0x1p-1060, 0x1p-1022, -0x1p-1022,
                               1.0, -1.0, INFINITY, -INFINITY, NAN};
    enum { NV = sizeof v / sizeof v[0] };
    unsigned int saved = _mm_getcsr(), base = saved & ~0xE040u, state = 11;
    long wrong = 0;
    for (int trial = 0; trial < 20000; trial++) {
        double c[6];
        for (int k = 0; k < 6; k++) {
            int i = (int)(unit_random(&state) * NV);
            c[k] = v[i < NV ? i : NV - 1];
            if (c[k] != c[k] && trial % 13) c[k] = 0.0;  /* NaN in one trial in 13 */
        }
        pc_box b1 = {fmin(c[0], c[1]), fmin(c[2], c[3]), fmax(c[0], c[1]), fmax(c[2], c[3])};
        if (trial % 3 == 0) b1.xmax = c[1];  /* the order not guaranteed: as a caller may pass it */
        pc_box b2 = {c[4], c[2], c[5], c[3]};
        pc_point p = {c[4], c[5]};
        for (int m = 0; m < 2; m++) {
            _mm_setcsr(base);
            int want_pb = pc_overlap_point_box(&p, &b1, m), want_bb = pc_overlap_box_box(&b1, &b2, m);
            for (unsigned int rc = 0; rc < 4; rc++) {
                _mm_setcsr(base | (rc << 13) | 0x8040u);
                int got_pb = pc_overlap_point_box(&p, &b1, m), got_bb = pc_overlap_box_box(&b1, &b2, m);
                _mm_setcsr(saved);
                wrong += (got_pb != want_pb) + (got_bb != want_bb);
            }
        }
    }
    _mm_setcsr(saved);
    CHECK(wrong == 0);
#endif
}

static void test_scalar_fast_paths_every_mode(void)
{
#if defined(__x86_64__)
    static const double scales[] = {0x1p-1070, 0x1p-1040, 0x1p-1000, 0x1p-540, 0x1p-511, 0x1p-300, 1.0, 0x1p-30,
                                    0x1p+300, 0x1p+480, 0x1p+500, 0x1p+511, 0x1p+600, 0x1p+1000, 0x1p+1020};
    unsigned int saved = _mm_getcsr();
    unsigned int base = saved & ~0xE040u;
    long wrong = 0, calls = 0, not_restored = 0;
    for (size_t si = 0; si < sizeof scales / sizeof *scales; si++) {
        for (int k = 0; k < 300; k++) {
            pc_point p;
            pc_circle c1, c2;
            pc_box b1, b2;
            pc_segment sg;
            fast_case(k, scales[si], &p, &c1, &c2, &b1, &b2, &sg);
            /* the expected answers: pc_overlap on layout rows, in the standard mode */
            int expect[2][6];
            for (int m = 0; m < 2; m++) {
                expect[m][0] = pc_overlap(PC_POINT, &p.x, PC_CIRCLE, &c1.x, m);
                expect[m][1] = pc_overlap(PC_POINT, &p.x, PC_BOX, &b1.xmin, m);
                expect[m][2] = pc_overlap(PC_CIRCLE, &c1.x, PC_CIRCLE, &c2.x, m);
                expect[m][3] = pc_overlap(PC_CIRCLE, &c1.x, PC_BOX, &b2.xmin, m);
                expect[m][4] = pc_overlap(PC_BOX, &b1.xmin, PC_BOX, &b2.xmin, m);
                expect[m][5] = pc_overlap(PC_CIRCLE, &c2.x, PC_SEGMENT, &sg.x0, m);
            }
            for (unsigned int rc = 0; rc < 4; rc++) {
                for (int flush = 0; flush < 2; flush++) {
                    unsigned int mode = base | (rc << 13) | (flush ? 0x8040u : 0u);
                    int got[2][6];
                    _mm_setcsr(mode);
                    for (int m = 0; m < 2; m++) {
                        got[m][0] = pc_overlap_point_circle(&p, &c1, m);
                        got[m][1] = pc_overlap_point_box(&p, &b1, m);
                        got[m][2] = pc_overlap_circle_circle(&c1, &c2, m);
                        got[m][3] = pc_overlap_circle_box(&c1, &b2, m);
                        got[m][4] = pc_overlap_box_box(&b1, &b2, m);
                        got[m][5] = pc_overlap_circle_segment(&c2, &sg, m);
                    }
                    unsigned int after = _mm_getcsr();
                    _mm_setcsr(saved);
                    not_restored += after != mode;
                    for (int m = 0; m < 2; m++)
                        for (int j = 0; j < 6; j++) {
                            calls++;
                            if (got[m][j] != expect[m][j]) {
                                if (wrong < 5)
                                    fprintf(stderr, "fast path wrong: kernel %d, mode %d, scale %a, case %d, mxcsr %#x\n",
                                            j, m, scales[si], k, mode);
                                wrong++;
                            }
                        }
                }
            }
        }
    }
    CHECK(wrong == 0);
    CHECK(not_restored == 0);
    CHECK(calls == 15L * 300 * 8 * 12);
#endif
}

static double max_abs(const double *v, int n)
{
    double m = 0;
    for (int i = 0; i < n; i++) m = fabs(v[i]) > m ? fabs(v[i]) : m;
    return m;
}

static int naive_sign(double v) { return (v > 0) - (v < 0); }

static void test_filters(void)
{
    int naive_wrong[4] = {0, 0, 0, 0}, stage_wrong = 0;
    const double looseness[3] = {1.0, 1e6, INFINITY};
    for (int i = 0; i < 200000; i++) {
        double scale = ldexp(1.0, (int)rnd(-30, 30)) * rnd(0.5, 1.0);
        double v[7];
        /* a, b anywhere; c near the line ab, often far beyond the segment
         * (Kettner et al.'s classroom examples), then nudged by a few ulps */
        for (int k = 0; k < 4; k++) v[k] = rnd(-1, 1) * scale;
        double t = rnd(-8, 8);
        v[4] = v[0] + t * (v[2] - v[0]);
        v[5] = v[1] + t * (v[3] - v[1]);
        v[6] = rnd(0, 1) * scale;
        int which = i % 4;
        if (which == 1) { /* dot: c near the perpendicular through a */
            v[4] = v[0] - t * (v[3] - v[1]);
            v[5] = v[1] + t * (v[2] - v[0]);
        } else if (which == 2) { /* circle: p at distance r1 + r2 from q */
            double th = rnd(0, 6.283185307179586);
            v[4] = v[6] * rnd(0, 1);
            v[5] = v[6] - v[4];
            v[2] = v[0] + v[6] * cos(th);
            v[3] = v[1] + v[6] * sin(th);
        } else if (which == 3) { /* perp: c at distance r from the line ab */
            double ex = v[2] - v[0], ey = v[3] - v[1], len = sqrt(ex * ex + ey * ey);
            v[4] += v[6] * -ey / len;
            v[5] += v[6] * ex / len;
        }
        if (i % 3 == 0) v[4 + i % 2] = nextafter(v[4 + i % 2], i % 5 ? INFINITY : -INFINITY);
        int exact, naive;
        double tight = max_abs(v, which == 2 ? 6 : which == 3 ? 7 : 6);
        switch (which) {
        case 0:
            exact = pc__orient_exact(v[0], v[1], v[2], v[3], v[4], v[5]);
            naive = naive_sign((v[2] - v[0]) * (v[5] - v[1]) - (v[3] - v[1]) * (v[4] - v[0]));
            break;
        case 1:
            exact = pc__dot_exact(v[0], v[1], v[2], v[3], v[4], v[5]);
            naive = naive_sign((v[2] - v[0]) * (v[4] - v[0]) + (v[3] - v[1]) * (v[5] - v[1]));
            break;
        case 2: {
            exact = pc__circle_exact(v[0], v[1], v[2], v[3], v[4], v[5]);
            double dx = v[0] - v[2], dy = v[1] - v[3], rr = v[4] + v[5];
            naive = naive_sign(dx * dx + dy * dy - rr * rr);
            break;
        }
        default: {
            exact = pc__perp_exact(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
            double ex = v[2] - v[0], ey = v[3] - v[1], c = ex * (v[5] - v[1]) - ey * (v[4] - v[0]);
            naive = naive_sign(c * c - v[6] * v[6] * (ex * ex + ey * ey));
        }
        }
        naive_wrong[which] += naive != exact;
        for (int l = 0; l < 3; l++) {
            pc__filter f = pc__filter_for(tight * looseness[l]);
            int got;
            switch (which) {
            case 0: got = pc__orient(&f, v[0], v[1], v[2], v[3], v[4], v[5]); break;
            case 1: got = pc__dot(&f, v[0], v[1], v[2], v[3], v[4], v[5]); break;
            case 2: got = pc__circle(&f, v[0], v[1], v[2], v[3], v[4], v[5]); break;
            default:
                got = pc__perp(&f, v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
                /* two radii summing to r exactly (r / 2 + r / 2, r + 0): the same sign */
                if (pc__perp_sum(&f, v[0], v[1], v[2], v[3], v[4], v[5], v[6] * 0.5, v[6] * 0.5) != exact
                    || pc__perp_sum(&f, v[0], v[1], v[2], v[3], v[4], v[5], 0.0, v[6]) != exact
                    || pc__perp2(v[0], v[1], v[2], v[3], v[4], v[5], v[6], 0.0) != exact)
                    got = 2;
            }
            if (got != exact && stage_wrong++ < 5)
                fprintf(stderr, "filter disagrees with the exact sign: predicate %d, looseness %g\n", which, looseness[l]);
        }
    }
    CHECK(stage_wrong == 0);
    /* the inputs are hard: plain float signs are wrong on some of every kind */
    for (int k = 0; k < 4; k++) CHECK(naive_wrong[k] > 100);
}

/* pc__circle_slow's double-double stage (predicates.c: circle_dd) against
 * the exact sign: circles placed touching and nudged by ulps, at every
 * scale from 2^-700 to 2^700 (the stage's own range ends at 2^+-400 and
 * 2^+-480 are crossed), with radii from far below to far above the centres'
 * distance, and exact zeros. */
static void test_circle_slow_stage(void)
{
    int wrong = 0;
    for (int i = 0; i < 120000; i++) {
        double scale = ldexp(1.0, (int)rnd(-700, 700));
        double r = rnd(0, 1) * scale * (i % 7 == 0 ? 0x1p-60 : 1.0), th = rnd(0, 6.283185307179586);
        double px = rnd(-1, 1) * scale * (i % 5 == 0 ? 0x1p40 : 1.0), py = rnd(-1, 1) * scale;
        double r1 = r * rnd(0, 1), r2 = r - r1;
        double qx = px + r * cos(th), qy = py + r * sin(th);
        if (i % 3) qx = nextafter(qx, i % 2 ? INFINITY : -INFINITY);
        if (i % 11 == 0) { qx = px + r; qy = py; r1 = r; r2 = 0; }  /* exactly touching where r is exact */
        if (!isfinite(qx) || !isfinite(qy)) continue;
        int got = pc__circle_slow(px, py, qx, qy, r1, r2), exact = pc__circle_exact(px, py, qx, qy, r1, r2);
        if (got != exact && wrong++ < 5)
            fprintf(stderr, "circle stage: %a %a %a %a %a %a gives %d, exact %d\n", px, py, qx, qy, r1, r2, got, exact);
    }
    CHECK(wrong == 0);
}

static void test_validate(void)
{
    double boxes[3][4] = {{0, 0, 1, 1}, {0, 0, 0, 0}, {2, 0, 1, 1}};
    int64_t bad = -1;
    double mag = -1;
    CHECK(pc_validate(PC_BOX, &boxes[0][0], 2, &bad, &mag) == PC_RULE_OK && mag == 1);
    boxes[1][0] = -3;
    CHECK(pc_validate(PC_BOX, &boxes[0][0], 2, &bad, &mag) == PC_RULE_OK && mag == 3);
    CHECK(pc_validate(PC_BOX, &boxes[0][0], 0, &bad, &mag) == PC_RULE_OK && mag == 0);
    CHECK(pc_validate(PC_BOX, &boxes[0][0], 3, &bad, NULL) == PC_RULE_XORDER && bad == 2);
    double circles[2][3] = {{0, 0, 1}, {0, 0, -0.5}};
    CHECK(pc_validate(PC_CIRCLE, &circles[0][0], 2, &bad, NULL) == PC_RULE_RADIUS && bad == 1);
    double pts[2][2] = {{0, 0}, {NAN, 0}};
    CHECK(pc_validate(PC_POINT, &pts[0][0], 2, &bad, NULL) == PC_RULE_NONFINITE && bad == 1);
    CHECK(pc_kind_width(PC_TRIANGLE) == 6 && pc_kind_width(12) == PC_ERR_KIND && pc_kind_width(PC_KIND_COUNT + 1) == PC_ERR_KIND);
}

/* The one-pass copy: strided, unaligned and byte-swapped input, the first bad
 * row whatever the thread count, and in place. */
static void test_validate_copy(void)
{
    enum { N = 100003 }; /* several chunks, odd */
    double *src = malloc(sizeof(double) * 3 * N), *dst = malloc(sizeof(double) * 3 * N);
    for (int64_t i = 0; i < N; i++) { src[3 * i] = (double)i; src[3 * i + 1] = -0.5 * (double)i; src[3 * i + 2] = 1.0; }
    int64_t shape[1] = {N}, st[1] = {24}, bad = -1;
    double mag = -1;
    for (int threads = 1; threads <= 3; threads++) {
        CHECK(pc_validate_copy(PC_CIRCLE, src, 1, shape, st, 8, 0, dst, &bad, &mag, threads, NULL) == PC_RULE_OK);
        CHECK(mag == (double)(N - 1) && !memcmp(src, dst, sizeof(double) * 3 * N));
    }
    src[3 * 77777 + 2] = -0.0; /* a radius of -0 is >= 0 */
    src[3 * 99999 + 2] = -1e-300;
    src[3 * 88888] = INFINITY;
    for (int threads = 1; threads <= 3; threads++)
        CHECK(pc_validate_copy(PC_CIRCLE, src, 1, shape, st, 8, 0, dst, &bad, &mag, threads, NULL) == PC_RULE_NONFINITE && bad == 88888);
    src[3 * 88888] = 1.0;
    CHECK(pc_validate_copy(PC_CIRCLE, src, 1, shape, st, 8, 0, dst, &bad, &mag, 2, NULL) == PC_RULE_RADIUS && bad == 99999);
    CHECK(pc_validate_copy(PC_CIRCLE, src, 1, shape, st, 8, 0, src, &bad, &mag, 2, NULL) == PC_RULE_RADIUS && bad == 99999);
    src[3 * 99999 + 2] = 1.0;
    /* two boxes read through a byte-swapped, unaligned, column-strided layout */
    const double boxes[2][4] = {{0, 1, 2, 3}, {-4, -5, 6, 7}};
    unsigned char raw[1 + 2 * 4 * 16];
    memset(raw, 0, sizeof raw);
    for (int b = 0; b < 2; b++)
        for (int k = 0; k < 4; k++) {
            unsigned char bytes[8];
            memcpy(bytes, &boxes[b][k], 8);
            for (int q = 0; q < 8; q++) raw[1 + b * 64 + k * 16 + q] = bytes[7 - q];
        }
    int64_t two[1] = {2}, rows[1] = {64};
    double out[8];
    CHECK(pc_validate_copy(PC_BOX, raw + 1, 1, two, rows, 16, 1, out, &bad, &mag, 1, NULL) == PC_RULE_OK);
    CHECK(!memcmp(out, boxes, sizeof out) && mag == 7);
    /* one shape (ndim 0), and bad arguments */
    const double line[4] = {1, 2, 1, 2};
    CHECK(pc_validate_copy(PC_LINE, line, 0, NULL, NULL, 8, 0, out, &bad, &mag, 1, NULL) == PC_RULE_LINE_POINTS && bad == 0);
    CHECK(pc_validate_copy(40, line, 0, NULL, NULL, 8, 0, out, &bad, &mag, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_validate_copy(PC_LINE, line, 1, NULL, NULL, 8, 0, out, &bad, &mag, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_validate_copy(PC_BOX, raw + 1, 1, two, rows, 16, 1, (double *)(void *)(raw + 1), &bad, &mag, 1, NULL) == PC_ERR_ARG);
    free(src);
    free(dst);
}

/* A ball against a triangle or a polygon: its own paths (two and four edges
 * at a time) give the general path's contact bit for bit, in either order
 * of the pair, either winding, at every scale, the centre anywhere: inside,
 * on a vertex, on an edge, at the corner regions, just touching. */
static void test_contact_paths(void)
{
    unsigned state = 2024;
    int paths = 0, differ = 0, answered = 0;
    static const int exponents[] = {0, -3, 7, -230, 260, -600, 600};
    for (int trial = 0; trial < 60000; trial++) {
        int kb = trial % 7 == 0 ? PC_TRIANGLE : PC_POLYGON + trial % 6;
        int n = kb == PC_TRIANGLE ? 3 : kb - PC_POLYGON + 3, ka = trial % 5 == 0 ? PC_POINT : PC_CIRCLE;
        double scale = ldexp(1.0, exponents[trial / 7 % 7]), b[16], a[3];
        double cx = (unit_random(&state) - 0.5) * 8, cy = (unit_random(&state) - 0.5) * 8;
        double turn = unit_random(&state) * 6.283185307179586, size = 0.2 + unit_random(&state);
        int clockwise = trial / 49 % 2;
        for (int v = 0; v < n; v++) {
            double angle = turn + (clockwise ? -v : v) * 6.283185307179586 / n + (unit_random(&state) - 0.5) / n;
            b[2 * v] = (double)(float)(cx + size * cos(angle)) * scale;
            b[2 * v + 1] = (double)(float)(cy + size * sin(angle)) * scale;
        }
        /* the centre: near the polygon, inside it, on a vertex, on an edge's
         * middle (rounded), or exactly on a coordinate line of a vertex */
        int place = trial / 2 % 5, v = trial % n, w = (v + 1) % n;
        double dx = (unit_random(&state) - 0.5) * 4 * size * scale, dy = (unit_random(&state) - 0.5) * 4 * size * scale;
        a[0] = place == 1 ? cx * scale + dx / 8 : place == 2 ? b[2 * v] : place == 3 ? 0.5 * (b[2 * v] + b[2 * w])
             : place == 4 ? b[2 * v] + dx : cx * scale + dx;
        a[1] = place == 1 ? cy * scale + dy / 8 : place == 2 ? b[2 * v + 1] : place == 3 ? 0.5 * (b[2 * v + 1] + b[2 * w + 1])
             : place == 4 ? b[2 * v + 1] : cy * scale + dy;
        a[2] = unit_random(&state) * size * scale;
        if (ka == PC_CIRCLE && trial % 3 == 0) {  /* just touching (up to rounding) */
            double out[7];
            pc__filter f0 = pc__filter_for(16 * scale);
            a[2] = 0.0;
            pc__contact_path(0, &f0, ka, a, kb, b, out);
            a[2] = out[0] > 0 ? out[0] : 0.0;
        }
        double m = 0.0;
        for (int k = 0; k < 2 * n; k++) m = fmax(m, fabs(b[k]));
        for (int k = 0; k < 3; k++) m = fmax(m, fabs(a[k]));
        pc__filter f = pc__filter_for(m);
        for (int swap = 0; swap < 2; swap++) {
            double want[7], got[7];
            int k1 = swap ? kb : ka, k2 = swap ? ka : kb;
            const double *r1 = swap ? b : a, *r2 = swap ? a : b;
            pc__contact_path(0, &f, k1, r1, k2, r2, want);
            for (int path = 1; path <= 2; path++) {
                if (!pc__contact_path(path, &f, k1, r1, k2, r2, got)) continue;
                paths++;
                differ += memcmp(want, got, sizeof want) != 0;
            }
            answered += fabs(want[1] * want[1] + want[2] * want[2] - 1) < 1e-12;
        }
    }
    /* ties: the centre as deep behind two sides (the first of them is the
     * answer), every vertex first, either winding */
    static const double tri[3][2] = {{0, 0}, {4, 0}, {0, 4}}, quad[4][2] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
    static const double centres[3][3] = {{1, 1, 0.5}, {1, 1, 0.0}, {2, 1, 0.25}};
    pc__filter f = pc__filter_for(8.0);
    for (int kind = 0; kind < 3; kind++) {
        int kb = kind == 0 ? PC_TRIANGLE : kind == 1 ? PC_POLYGON : PC_POLYGON + 1, n = kind == 2 ? 4 : 3;
        for (int first = 0; first < n; first++)
            for (int cw = 0; cw < 2; cw++)
                for (int c = 0; c < 3; c++) {
                    double b[8], want[7], got[7];
                    for (int v = 0; v < n; v++) {
                        int u = (first + (cw ? n - v : v)) % n;
                        b[2 * v] = n == 3 ? tri[u][0] : quad[u][0];
                        b[2 * v + 1] = n == 3 ? tri[u][1] : quad[u][1];
                    }
                    pc__contact_path(0, &f, PC_CIRCLE, centres[c], kb, b, want);
                    for (int path = 1; path <= 2; path++) {
                        if (!pc__contact_path(path, &f, PC_CIRCLE, centres[c], kb, b, got)) continue;
                        paths++;
                        differ += memcmp(want, got, sizeof want) != 0;
                    }
                }
    }
    CHECK(paths >= 120000 || paths == 0);  /* both paths on x86-64 with AVX2; none without SSE2 */
    CHECK(differ == 0);
    CHECK(answered > 110000);
    if (differ) fprintf(stderr, "test_contact_paths: %d of %d differ\n", differ, paths);
}

/* The vector paths (pc__contact_path 3, where the processor has AVX2:
 * triangles, boxes, 3- and 4-gons; segments and capsules) against the
 * general one (path 0),
 * bit for bit, in both orders.  Two triangles: random triangles near each
 * other (apart, at a corner, meeting), either winding, at scales
 * 2^-600..2^600; a vertex exactly on the other's edge or vertex; the same
 * triangle twice, or mirrored (ties between the two sides' faces); a flat
 * triangle, a repeated vertex.  test_small_paths and test_seg_paths: the
 * other kinds. */
static void small_path_case(int ka, const double *a, int kb, const double *b, int *paths, int *differ)
{
    double m = 0.0;
    for (int k = 0; k < pc_kind_width(ka); k++) m = fmax(m, fabs(a[k]));
    for (int k = 0; k < pc_kind_width(kb); k++) m = fmax(m, fabs(b[k]));
    pc__filter f = pc__filter_for(m);
    for (int swap = 0; swap < 2; swap++) {
        double want[7], got[7];
        const double *r1 = swap ? b : a, *r2 = swap ? a : b;
        int k1 = swap ? kb : ka, k2 = swap ? ka : kb;
        pc__contact_path(0, &f, k1, r1, k2, r2, want);
        if (!pc__contact_path(3, &f, k1, r1, k2, r2, got)) continue;
        ++*paths;
        if (memcmp(want, got, sizeof want)) {
            if (!*differ)
                fprintf(stderr, "small path differs (kinds %d %d): (%.17g %.17g) vs (%.17g %.17g)\n", k1, k2, want[0],
                        want[3], got[0], got[3]);
            ++*differ;
        }
    }
}

static void tri_path_case(const double *a, const double *b, int *paths, int *differ)
{
    small_path_case(PC_TRIANGLE, a, PC_TRIANGLE, b, paths, differ);
}

static void test_tri_paths(void)
{
    unsigned state = 77;
    int paths = 0, differ = 0;
    static const int exponents[] = {0, -3, 7, -118, 148, -230, 260, -600, 600};
    for (int trial = 0; trial < 40000; trial++) {
        double scale = ldexp(1.0, exponents[trial % 9]), t[2][6];
        for (int s = 0; s < 2; s++) {
            double cx = s ? (unit_random(&state) - 0.5) * 3 : 0, cy = s ? (unit_random(&state) - 0.5) * 3 : 0;
            double turn = unit_random(&state) * 6.283185307179586, size = 0.3 + unit_random(&state);
            int clockwise = unit_random(&state) < 0.5;
            for (int v = 0; v < 3; v++) {
                double angle = turn + (clockwise ? -v : v) * 2.0943951023931953 + (unit_random(&state) - 0.5);
                t[s][2 * v] = (double)(float)(cx + size * cos(angle)) * scale;
                t[s][2 * v + 1] = (double)(float)(cy + size * sin(angle)) * scale;
            }
        }
        int place = trial / 9 % 8, v = trial % 3, w = (v + 1) % 3;
        if (place == 1) {  /* b's vertex 0 on a's vertex v */
            t[1][0] = t[0][2 * v]; t[1][1] = t[0][2 * v + 1];
        } else if (place == 2) {  /* b's vertex 0 on a's edge's middle (rounded) */
            t[1][0] = 0.5 * (t[0][2 * v] + t[0][2 * w]); t[1][1] = 0.5 * (t[0][2 * v + 1] + t[0][2 * w + 1]);
        } else if (place == 3) {  /* the same triangle, its vertices rotated */
            for (int k = 0; k < 3; k++) {
                t[1][2 * k] = t[0][2 * ((k + v) % 3)]; t[1][2 * k + 1] = t[0][2 * ((k + v) % 3) + 1];
            }
        } else if (place == 4) {  /* mirrored through a's edge's middle: sharing that edge */
            double mx = t[0][2 * v] + t[0][2 * w], my = t[0][2 * v + 1] + t[0][2 * w + 1];
            for (int k = 0; k < 6; k += 2) { t[1][k] = mx - t[0][k]; t[1][k + 1] = my - t[0][k + 1]; }
        } else if (place == 5) {  /* b flat: its third vertex between the others */
            t[1][4] = 0.5 * (t[1][0] + t[1][2]); t[1][5] = 0.5 * (t[1][1] + t[1][3]);
        } else if (place == 6) {  /* b with a repeated vertex */
            t[1][4] = t[1][0]; t[1][5] = t[1][1];
        }
        tri_path_case(t[0], t[1], &paths, &differ);
    }
    /* hand-made: apart along a face, corner to corner, sharing a face, nested */
    static const double cases[][12] = {
        {0, 0, 4, 0, 0, 4, 0, 5, 4, 5, 2, 9},  {0, 0, 4, 0, 0, 4, 5, 5, 9, 5, 5, 9},
        {0, 0, 4, 0, 0, 4, 4, 0, 0, 4, 4, 4},  {0, 0, 8, 0, 0, 8, 1, 1, 2, 1, 1, 2},
        {0, 0, 4, 0, 0, 4, 0, 4, 4, 0, 4, 4},  {0, 0, 4, 0, 4, 4, 0, 0, 4, 4, 0, 4},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) tri_path_case(cases[c], cases[c] + 6, &paths, &differ);
    CHECK(paths >= 80000 || paths == 0);  /* on x86-64 with AVX2; none elsewhere */
    CHECK(differ == 0);
    if (differ) fprintf(stderr, "test_tri_paths: %d of %d differ\n", differ, paths);
}

static void random_row(int k, unsigned *state, double cx, double cy, double size, double *row);

/* the segment path (segments and capsules) against the general one, bit for
 * bit, in both orders: random pairs near each other at scales
 * 2^-600..2^600; crossing; collinear and overlapping; parallel (ties
 * between the axes); sharing an end; the same segment twice; an end on the
 * other's middle; a segment of no length; a capsule of radius 0 */
static void test_seg_paths(void)
{
    static const int exponents[] = {0, -3, 7, -118, 148, -230, 260, -600, 600};
    unsigned state = 515;
    int paths = 0, differ = 0;
    for (int trial = 0; trial < 36000; trial++) {
        int ka = trial % 2 ? PC_CAPSULE : PC_SEGMENT, kb = trial / 2 % 2 ? PC_CAPSULE : PC_SEGMENT;
        double scale = ldexp(1.0, exponents[trial / 4 % 9]), a[5], b[5];
        double dx = (unit_random(&state) - 0.5) * 3, dy = (unit_random(&state) - 0.5) * 3;
        random_row(ka, &state, 0, 0, 1 + unit_random(&state), a);
        random_row(kb, &state, dx, dy, 1 + unit_random(&state), b);
        switch (trial / 36 % 8) {
        case 1: b[0] = a[2]; b[1] = a[3]; break;                                       /* an end shared */
        case 2: b[0] = 0.5 * (a[0] + a[2]); b[1] = 0.5 * (a[1] + a[3]); break;          /* on the middle */
        case 3: memcpy(b, a, 4 * sizeof(double)); break;                                /* the same */
        case 4:                                                                         /* parallel */
            b[2] = b[0] + (a[2] - a[0]) * 0.5; b[3] = b[1] + (a[3] - a[1]) * 0.5; break;
        case 5:                                                                         /* collinear */
            b[0] = a[0] + (a[2] - a[0]) * 0.5; b[1] = a[1] + (a[3] - a[1]) * 0.5;
            b[2] = a[0] + (a[2] - a[0]) * 2; b[3] = a[1] + (a[3] - a[1]) * 2; break;
        case 6: b[2] = b[0]; b[3] = b[1]; break;                                       /* no length */
        case 7: if (kb == PC_CAPSULE) b[4] = 0.0; break;
        default: break;
        }
        for (int k = 0; k < 5; k++) { a[k] *= scale; b[k] *= scale; }
        small_path_case(ka, a, kb, b, &paths, &differ);
    }
    CHECK(paths >= 70000 || paths == 0);  /* on x86-64 with AVX2; none elsewhere */
    CHECK(differ == 0);
    if (differ) fprintf(stderr, "test_seg_paths: %d of %d differ\n", differ, paths);
}

/* the small-polygon path for boxes, triangles, 3- and 4-gons in every
 * pairing but two boxes: random shapes near each other at scales
 * 2^-600..2^600; a triangle's vertex on a box's corner, on the middle of
 * its side, its edge along the box's side; a 4-gon that is the box's
 * corners (either winding, any first vertex: ties between the faces); a
 * box of no width, a 4-gon with a repeated vertex */
static void test_small_paths(void)
{
    static const int kinds[4] = {PC_TRIANGLE, PC_BOX, PC_POLYGON, PC_POLYGON + 1};
    static const int exponents[] = {0, -3, 7, -118, 148, -230, 260, -600, 600};
    unsigned state = 4242;
    int paths = 0, differ = 0;
    for (int trial = 0; trial < 48000; trial++) {
        int ka = kinds[trial % 4], kb = kinds[trial / 4 % 4];
        if (ka == PC_BOX && kb == PC_BOX) continue;
        double scale = ldexp(1.0, exponents[trial / 16 % 9]), a[8], b[8];
        double dx = (unit_random(&state) - 0.5) * 3, dy = (unit_random(&state) - 0.5) * 3;
        random_row(ka, &state, 0, 0, 0.4 + unit_random(&state), a);
        random_row(kb, &state, dx, dy, 0.4 + unit_random(&state), b);
        int place = trial / 144 % 6;
        const double *box = ka == PC_BOX ? a : kb == PC_BOX ? b : NULL;
        double *other = ka == PC_BOX ? b : a;
        int on = kb == PC_BOX ? ka : kb, n = on == PC_TRIANGLE || on == PC_POLYGON ? 3 : 4, v = trial % n;
        if (box && place == 1) {  /* a vertex on the box's corner */
            other[2 * v] = box[trial % 2 ? 0 : 2];
            other[2 * v + 1] = box[trial / 2 % 2 ? 1 : 3];
        } else if (box && place == 2) {  /* a vertex on the middle of its lower side */
            other[2 * v] = 0.5 * (box[0] + box[2]);
            other[2 * v + 1] = box[1];
        } else if (box && place == 3) {  /* an edge along its right side */
            int w = (v + 1) % n;
            other[2 * v] = box[2]; other[2 * w] = box[2];
            other[2 * v + 1] = box[1] - 0.25; other[2 * w + 1] = box[3] + 0.5;
        } else if (box && place == 4 && n == 4) {  /* the box's corners */
            double cx[4] = {box[0], box[2], box[2], box[0]}, cy[4] = {box[1], box[1], box[3], box[3]};
            int cw = trial / 2 % 2;
            for (int k = 0; k < 4; k++) {
                int c = (v + (cw ? 4 - k : k)) % 4;
                other[2 * k] = cx[c];
                other[2 * k + 1] = cy[c];
            }
        } else if (place == 5) {  /* a box of no width; a 4-gon's repeated vertex */
            if (box) ((double *)box)[2] = box[0];
            if (n == 4 && !box) { other[2] = other[0]; other[3] = other[1]; }
        }
        for (int k = 0; k < 8; k++) { a[k] *= scale; b[k] *= scale; }
        small_path_case(ka, a, kb, b, &paths, &differ);
    }
    CHECK(paths >= 80000 || paths == 0);  /* on x86-64 with AVX2; none elsewhere */
    CHECK(differ == 0);
    if (differ) fprintf(stderr, "test_small_paths: %d of %d differ\n", differ, paths);
}

/* a row of kind k near (cx, cy), about `size` across (a triangle or a
 * polygon of either winding, going round once) */
static void random_row(int k, unsigned *state, double cx, double cy, double size, double *row)
{
    int n = k == PC_TRIANGLE ? 3 : k >= PC_POLYGON ? k - PC_POLYGON + 3 : 0;
    if (n) {
        double turn = unit_random(state) * 6.283185307179586, way = unit_random(state) < 0.5 ? -1.0 : 1.0;
        for (int v = 0; v < n; v++) {
            double angle = turn + way * (v + 0.4 * (unit_random(state) - 0.5)) * 6.283185307179586 / n;
            row[2 * v] = cx + size * cos(angle);
            row[2 * v + 1] = cy + size * sin(angle);
        }
        return;
    }
    double dx = (unit_random(state) - 0.5) * size, dy = (unit_random(state) - 0.5) * size;
    row[0] = cx + (k == PC_BOX ? -fabs(dx) : dx);
    row[1] = cy + (k == PC_BOX ? -fabs(dy) : dy);
    if (k == PC_CIRCLE) row[2] = unit_random(state) * size;
    if (k == PC_BOX || k == PC_SEGMENT || k == PC_CAPSULE) {
        row[2] = cx + (k == PC_BOX ? fabs(dy) : -dy);
        row[3] = cy + (k == PC_BOX ? fabs(dx) : dx);
    }
    if (k == PC_CAPSULE) row[4] = unit_random(state) * size / 2;
}

/* pc_contact_batch against pc__contact_one, pair by pair, bit for bit: the
 * batch loops that take two pairs at a time (a ball against a triangle or
 * a polygon, two triangles, two cores with edges) and those that take one,
 * odd and even counts, both orders, a broadcast side (stride 0), two
 * threads; shapes near each other (apart, touching up to rounding, or
 * meeting), some rows repeated so that ties and identical shapes occur. */
static void test_contact_batch_loops(void)
{
    enum { N = 41, W = 16 };
    static const int pairs[][2] = {
        {PC_CIRCLE, PC_TRIANGLE}, {PC_POINT, PC_POLYGON + 2}, {PC_POLYGON + 5, PC_CIRCLE}, {PC_TRIANGLE, PC_POINT},
        {PC_TRIANGLE, PC_TRIANGLE}, {PC_BOX, PC_TRIANGLE}, {PC_TRIANGLE, PC_BOX}, {PC_SEGMENT, PC_SEGMENT},
        {PC_CAPSULE, PC_POLYGON + 1}, {PC_POLYGON + 5, PC_POLYGON + 5}, {PC_SEGMENT, PC_CAPSULE}, {PC_BOX, PC_BOX},
        {PC_CIRCLE, PC_BOX}, {PC_CAPSULE, PC_CAPSULE}, {PC_POLYGON, PC_POLYGON + 1}, {PC_POLYGON + 1, PC_BOX},
        {PC_POLYGON + 1, PC_POLYGON + 1}, {PC_POLYGON, PC_POLYGON}, {PC_BOX, PC_POLYGON},
    };
    unsigned state = 99;
    static double a[N * W], b[N * W], out[N * 7 * 2];
    int compared = 0, differ = 0;
    for (size_t pi = 0; pi < sizeof pairs / sizeof pairs[0]; pi++) {
        int ka = pairs[pi][0], kb = pairs[pi][1], wa = pc_kind_width(ka), wb = pc_kind_width(kb);
        for (int trial = 0; trial < 40; trial++) {
            double scale = trial % 4 == 3 ? 0x1p300 : trial % 4 == 2 ? 0x1p-300 : 1.0, m = 0.0;
            for (int i = 0; i < N; i++) {
                double cx = (unit_random(&state) - 0.5) * 6, cy = (unit_random(&state) - 0.5) * 6;
                double dx = (unit_random(&state) - 0.5) * 2.4, dy = (unit_random(&state) - 0.5) * 2.4;
                random_row(ka, &state, cx, cy, 0.4 + unit_random(&state), a + i * wa);
                random_row(kb, &state, cx + dx, cy + dy, 0.4 + unit_random(&state), b + i * wb);
                if (i % 7 == 3 && ka == kb) memcpy(b + i * wb, a + i * wa, (size_t)wa * sizeof(double));
                if (i % 11 == 5) memcpy(a + i * wa, a + (i - 1) * wa, (size_t)wa * sizeof(double));
            }
            for (int i = 0; i < N * wa; i++) m = fmax(m, fabs(a[i] *= scale));
            for (int i = 0; i < N * wb; i++) m = fmax(m, fabs(b[i] *= scale));
            pc__filter f = pc__filter_for(m);
            int count = trial % 2 ? N : N - 1, threads = trial % 3 == 2 ? 2 : 1;
            int64_t shape[1] = {count}, sa[1] = {wa}, sb[1] = {trial % 5 == 4 ? 0 : wb}, so[1] = {7};
            CHECK(pc_contact_batch(ka, a, sa, kb, b, sb, out, so, 1, shape, m, threads, NULL) == PC_OK);
            for (int i = 0; i < count; i++) {
                double want[7];
                pc__contact_one(&f, ka, a + i * wa, kb, b + i * sb[0], want);
                compared++;
                if (memcmp(want, out + 7 * i, sizeof want)) {
                    if (!differ) fprintf(stderr, "contact batch differs: kinds %d %d, pair %d\n", ka, kb, i);
                    differ++;
                }
            }
        }
    }
    CHECK(compared > 20000);
    CHECK(differ == 0);
}

/* pc_ray_order: a permutation, near points together, points that are not
 * finite last (in their order), bad sizes refused. */
static void test_ray_order(void)
{
    double pts[8][2] = {{0, 0}, {100, 100}, {NAN, 1}, {1, 0}, {99, 100}, {INFINITY, 0}, {0, 1}, {100, 99}};
    int64_t order[8];
    uint64_t work[16];
    CHECK(pc_ray_order(&pts[0][0], 8, order, work) == PC_OK);
    int seen[8] = {0}, ok = 1;
    for (int k = 0; k < 8; k++) {
        ok &= order[k] >= 0 && order[k] < 8 && !seen[order[k]];
        if (order[k] >= 0 && order[k] < 8) seen[order[k]] = 1;
    }
    CHECK(ok);
    CHECK(order[6] == 2 && order[7] == 5);  /* not finite: last, in their order */
    int low = 0;  /* the three points near (0, 0) come before the three near (100, 100) */
    for (int k = 0; k < 3; k++) low += order[k] == 0 || order[k] == 3 || order[k] == 6;
    CHECK(low == 3);
    CHECK(pc_ray_order(&pts[0][0], -1, order, work) == PC_ERR_ARG);
    CHECK(pc_ray_order(NULL, 3, order, work) == PC_ERR_ARG);
    CHECK(pc_ray_order(NULL, 0, NULL, NULL) == PC_OK);
}

/* pc_manifold_batch: a crate resting in a floor (two points, the same in
 * either order with the normal negated), a ball (one point), apart beyond
 * the margin (none), within it (two), bad margins */
static void test_manifold_batch(void)
{
    const double floor[4] = {-5, -1, 5, 0}, crate[4] = {0, -0.25, 2, 1.75}, high[4] = {0, 0.5, 2, 2.5};
    const double ball[3] = {1, 0.75, 1};
    double m[9], r[9];
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, crate, NULL, 0.0, m, NULL, 0, NULL, 5.0, 1, NULL) == PC_OK);
    CHECK(m[0] == 2 && m[1] == 0 && m[2] == 1);
    CHECK(m[3] == 0 && m[4] == -0.125 && m[5] == -0.25 && m[6] == 2 && m[7] == -0.125 && m[8] == -0.25);
    CHECK(pc_manifold_batch(PC_BOX, crate, NULL, PC_BOX, floor, NULL, 0.0, r, NULL, 0, NULL, 5.0, 1, NULL) == PC_OK);
    CHECK(r[0] == 2 && r[1] == 0 && r[2] == -1 && !memcmp(r + 3, m + 3, 6 * sizeof(double)));
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_CIRCLE, ball, NULL, 0.0, m, NULL, 0, NULL, 5.0, 1, NULL) == PC_OK);
    CHECK(m[0] == 1 && m[2] == 1 && m[3] == 1 && m[4] == -0.125 && m[5] == -0.25 && isnan(m[6]) && isnan(m[8]));
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, high, NULL, 0.25, m, NULL, 0, NULL, 5.0, 1, NULL) == PC_OK);
    CHECK(m[0] == 0 && m[2] == 1 && isnan(m[3]) && isnan(m[5]));
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, high, NULL, 0.5, m, NULL, 0, NULL, 5.0, 1, NULL) == PC_OK);
    CHECK(m[0] == 2 && m[4] == 0.25 && m[5] == 0.5 && m[8] == 0.5);
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, high, NULL, -1.0, m, NULL, 0, NULL, 5.0, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, high, NULL, NAN, m, NULL, 0, NULL, 5.0, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, high, NULL, INFINITY, m, NULL, 0, NULL, 5.0, 1, NULL) == PC_ERR_ARG);
}

/* pc_contact_batch: one pair (ndim 0), a broadcast 2-d index space with a
 * strided output, both orders (normal negated, points swapped), threads, and
 * bad arguments. */
static void test_contact_batch(void)
{
    const double circle[3] = {0, 0, 1}, box[4] = {2, -1, 3, 1};
    double out[7];
    CHECK(pc_contact_batch(PC_CIRCLE, circle, NULL, PC_BOX, box, NULL, out, NULL, 0, NULL, 5.0, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && out[1] == 1.0 && out[2] == 0.0 && out[3] == 1.0 && out[4] == 0.0 && out[5] == 2.0 &&
          out[6] == 0.0);
    double back[7];
    CHECK(pc_contact_batch(PC_BOX, box, NULL, PC_CIRCLE, circle, NULL, back, NULL, 0, NULL, 5.0, 1, NULL) == PC_OK);
    CHECK(back[0] == out[0] && back[1] == -out[1] && back[2] == -out[2] && back[3] == out[5] && back[4] == out[6] &&
          back[5] == out[3] && back[6] == out[4]);
    /* 3 circles (a column) against 4 segments (a row): a 3 x 4 space, output
     * rows 8 doubles apart (one spare), columns 40 */
    enum { NA = 3, NB = 4 };
    const double circles[NA][3] = {{0, 0, 1}, {5, 5, 0.5}, {-3, 2, 0}};
    const double segs[NB][4] = {{0, 2, 4, 2}, {-1, -1, 1, 1}, {6, 0, 6, 9}, {-3, 2, -3, 2}};
    static double grid[NA * NB * 10], one[7];
    int64_t shape[2] = {NA, NB}, sa[2] = {3, 0}, sb[2] = {0, 4}, so[2] = {40, 8};
    for (int threads = 1; threads <= 2; threads++) {
        for (int k = 0; k < NA * NB * 10; k++) grid[k] = -7.0;
        CHECK(pc_contact_batch(PC_CIRCLE, &circles[0][0], sa, PC_SEGMENT, &segs[0][0], sb, grid, so, 2, shape, 9.0,
                               threads, NULL) == PC_OK);
        int same = 1;
        for (int i = 0; i < NA; i++)
            for (int j = 0; j < NB; j++) {
                pc_contact_batch(PC_CIRCLE, circles[i], NULL, PC_SEGMENT, segs[j], NULL, one, NULL, 0, NULL, 9.0, 1, NULL);
                same &= !memcmp(one, grid + 40 * i + 8 * j, sizeof one) && grid[40 * i + 8 * j + 7] == -7.0;
            }
        CHECK(same);
    }
    CHECK(grid[0] == 1.0 && grid[8] < 0 && grid[40 * 2 + 8 * 3] == 0.0); /* apart, crossing, the radius-0 circle on a point */
    CHECK(pc_contact_batch(PC_LINE, circle, NULL, PC_BOX, box, NULL, out, NULL, 0, NULL, 5.0, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_contact_batch(PC_CIRCLE, NULL, NULL, PC_BOX, box, NULL, out, NULL, 0, NULL, 5.0, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_contact_batch(PC_CIRCLE, circle, NULL, PC_BOX, box, NULL, out, NULL, 2, shape, 5.0, 1, NULL) == PC_ERR_ARG);
}

/* Issue 39: a point 3e-17 outside a slanted edge is that far from the
 * triangle (not a vertex's 1.41 away), and a circle about it overlaps with
 * separation -0.5, the triangle kind and a 3-gon, in both orders. */
static void test_contact_beside_a_slanted_edge(void)
{
    const double tri[6] = {1, -0.3, 3, 1.7, 1, 1.7}, pt[2] = {2.0, 0.7}, ball[3] = {2.0, 0.7, 0.5};
    static const int kinds[2] = {PC_TRIANGLE, PC_POLYGON};
    for (int q = 0; q < 2; q++) {
        double out[7], back[7];
        CHECK(pc_contact_batch(PC_POINT, pt, NULL, kinds[q], tri, NULL, out, NULL, 0, NULL, 3.0, 1, NULL) == PC_OK);
        CHECK(pc_contact_batch(kinds[q], tri, NULL, PC_POINT, pt, NULL, back, NULL, 0, NULL, 3.0, 1, NULL) == PC_OK);
        CHECK(out[0] > 0 && out[0] <= 1e-15 && back[0] == out[0]);
        CHECK(pc_contact_batch(PC_CIRCLE, ball, NULL, kinds[q], tri, NULL, out, NULL, 0, NULL, 3.0, 1, NULL) == PC_OK);
        CHECK(fabs(out[0] + 0.5) <= 1e-15);
    }
}

/* Issue 39: a point at a box's centre, equally deep behind all four sides,
 * gets one normal at every power-of-two scale (the separation scaled). */
static void test_contact_ties_at_every_scale(void)
{
    double ref[7];
    const double box[4] = {0, 0, 2, 2}, centre[2] = {1, 1};
    CHECK(pc_contact_batch(PC_BOX, box, NULL, PC_POINT, centre, NULL, ref, NULL, 0, NULL, 2.0, 1, NULL) == PC_OK);
    int same = 1;
    for (int k = -1070; k <= 1020; k += 5) {
        double b[4], c[2], out[7];
        for (int i = 0; i < 4; i++) b[i] = ldexp(box[i], k);
        for (int i = 0; i < 2; i++) c[i] = ldexp(centre[i], k);
        pc_contact_batch(PC_BOX, b, NULL, PC_POINT, c, NULL, out, NULL, 0, NULL, ldexp(2.0, k), 1, NULL);
        same &= out[1] == ref[1] && out[2] == ref[2] && out[0] == ldexp(ref[0], k);
    }
    CHECK(same);
}

/* one pair through pc_intersections_batch (ndim 0): the count, points in p */
static int intersect1(int ka, const double *a, int kb, const double *b, double p[4])
{
    int8_t n = -1;
    int rc = pc_intersections_batch(ka, a, NULL, kb, b, NULL, p, NULL, &n, NULL, 0, NULL, INFINITY, 1, NULL);
    return rc == PC_OK ? n : rc;
}

static void test_intersections(void)
{
    double p[4];
    const double s1[4] = {0, 0, 2, 2}, s2[4] = {0, 2, 2, 0}, s3[4] = {1, 1, 3, 3};
    CHECK(intersect1(PC_SEGMENT, s1, PC_SEGMENT, s2, p) == 1 && p[0] == 1 && p[1] == 1 && isnan(p[2]) && isnan(p[3]));
    CHECK(intersect1(PC_SEGMENT, s1, PC_SEGMENT, s3, p) == 2 && p[0] == 1 && p[1] == 1 && p[2] == 2 && p[3] == 2);
    const double s4[4] = {2, 2, 3, 3}, s5[4] = {nextafter(2, 3), nextafter(2, 3), 3, 3};
    CHECK(intersect1(PC_SEGMENT, s1, PC_SEGMENT, s4, p) == 1 && p[0] == 2 && p[1] == 2);  /* shared end */
    CHECK(intersect1(PC_SEGMENT, s1, PC_SEGMENT, s5, p) == 0 && isnan(p[0]));
    /* a line meeting a circle in 2, 1 and 0 points, in the line's direction */
    const double c[3] = {0, 0, 5}, l2[4] = {10, 3, -10, 3}, l1[4] = {5, -1, 5, 1}, l0[4] = {0, 6, 1, 6};
    CHECK(intersect1(PC_CIRCLE, c, PC_LINE, l2, p) == 2 && p[0] == 4 && p[1] == 3 && p[2] == -4 && p[3] == 3);
    CHECK(intersect1(PC_LINE, l2, PC_CIRCLE, c, p) == 2 && p[0] == 4 && p[2] == -4);
    CHECK(intersect1(PC_CIRCLE, c, PC_LINE, l1, p) == 1 && p[0] == 5 && p[1] == 0);
    CHECK(intersect1(PC_CIRCLE, c, PC_LINE, l0, p) == 0);
    /* a segment from inside the circle out: one point */
    const double sc[4] = {0, 0, 0, 10};
    CHECK(intersect1(PC_SEGMENT, sc, PC_CIRCLE, c, p) == 1 && p[0] == 0 && p[1] == 5);
    /* circles: two points, right of the direction between the centres first; tangent */
    const double c2[3] = {6, 0, 5}, c3[3] = {10, 0, 5};
    CHECK(intersect1(PC_CIRCLE, c, PC_CIRCLE, c2, p) == 2 && p[0] == 3 && p[1] == -4 && p[2] == 3 && p[3] == 4);
    CHECK(intersect1(PC_CIRCLE, c2, PC_CIRCLE, c, p) == 2 && p[1] == -4);
    CHECK(intersect1(PC_CIRCLE, c, PC_CIRCLE, c3, p) == 1 && p[0] == 5 && p[1] == 0);
    CHECK(intersect1(PC_CIRCLE, c, PC_CIRCLE, c, p) == 0);  /* equal: infinitely many, reported as none */
    /* clipline: the clipped part, a segment end inside the box included */
    const double box[4] = {0, 0, 4, 4}, through[4] = {-2, 1, 6, 1}, from_in[4] = {1, 1, 6, 1}, corner[4] = {3, 5, 5, 3};
    CHECK(intersect1(PC_SEGMENT, through, PC_BOX, box, p) == 2 && p[0] == 0 && p[1] == 1 && p[2] == 4 && p[3] == 1);
    CHECK(intersect1(PC_BOX, box, PC_SEGMENT, from_in, p) == 2 && p[0] == 1 && p[2] == 4);
    CHECK(intersect1(PC_BOX, box, PC_SEGMENT, corner, p) == 1 && p[0] == 4 && p[1] == 4);
    /* a line and a segment lying on it */
    const double on[4] = {3, 3, 1, 1};
    CHECK(intersect1(PC_LINE, s1, PC_SEGMENT, on, p) == 2 && p[0] == 1 && p[2] == 3);
    CHECK(intersect1(PC_SEGMENT, s2, PC_LINE, s1, p) == 1 && p[0] == 1 && p[1] == 1);
    /* convex shapes' boundaries: a diamond (4-gon) crossed by a line, along an
     * edge, at a vertex; a capsule's flat side; a triangle left from inside */
    const double diamond[8] = {0, -2, 2, 0, 0, 2, -2, 0}, across[4] = {3, 1, -3, 1}, edge[4] = {-1, 3, 3, -1};
    const double vertex[4] = {2, -3, 2, 3};
    CHECK(intersect1(PC_POLYGON + 1, diamond, PC_LINE, across, p) == 2 && p[0] == 1 && p[1] == 1 && p[2] == -1 && p[3] == 1);
    CHECK(intersect1(PC_LINE, edge, PC_POLYGON + 1, diamond, p) == 2 && p[0] == 0 && p[1] == 2 && p[2] == 2 && p[3] == 0);
    CHECK(intersect1(PC_SEGMENT, vertex, PC_POLYGON + 1, diamond, p) == 1 && p[0] == 2 && p[1] == 0 && isnan(p[2]));
    const double pill[5] = {0, 0, 4, 0, 1}, side[4] = {-2, 1, 6, 1}, up[4] = {2, 0, 2, 5}, inner[4] = {1, 0, 2, 0};
    CHECK(intersect1(PC_CAPSULE, pill, PC_SEGMENT, side, p) == 2 && p[0] == 0 && p[1] == 1 && p[2] == 4 && p[3] == 1);
    CHECK(intersect1(PC_CAPSULE, pill, PC_SEGMENT, up, p) == 1 && p[0] == 2 && p[1] == 1);
    CHECK(intersect1(PC_SEGMENT, inner, PC_CAPSULE, pill, p) == 0 && isnan(p[0]));
    const double tri[6] = {0, 0, 4, 0, 0, 4}, out[4] = {1, 1, 1, -3};
    CHECK(intersect1(PC_TRIANGLE, tri, PC_SEGMENT, out, p) == 1 && p[0] == 1 && p[1] == 0);
    /* unsupported pairs and bad arguments */
    CHECK(intersect1(PC_BOX, box, PC_BOX, box, p) == PC_ERR_PAIR);
    CHECK(intersect1(PC_CAPSULE, pill, PC_CIRCLE, c, p) == PC_ERR_PAIR);
    CHECK(intersect1(PC_POINT, s1, PC_SEGMENT, s1, p) == PC_ERR_PAIR);
    CHECK(intersect1(PC_LINE, s1, PC_LINE, s1, p) == PC_ERR_PAIR);
    CHECK(intersect1(40, s1, PC_SEGMENT, s1, p) == PC_ERR_KIND);
    int8_t n;
    CHECK(pc_intersections_batch(PC_SEGMENT, s1, NULL, PC_SEGMENT, s2, NULL, NULL, NULL, &n, NULL, 0, NULL, INFINITY, 1, NULL) == PC_ERR_ARG);
    /* a batch: 2 segments against 1 (broadcast), count strides in bytes */
    double segs[2][4] = {{0, 0, 2, 2}, {5, 5, 6, 6}}, pts[2][4];
    int8_t cnt[2];
    int64_t shape[1] = {2}, sa[1] = {4}, sb[1] = {0}, sp[1] = {4}, sn[1] = {1};
    CHECK(pc_intersections_batch(PC_SEGMENT, &segs[0][0], sa, PC_SEGMENT, s2, sb, &pts[0][0], sp, cnt, sn, 1, shape, 6.0, 1, NULL) == PC_OK);
    CHECK(cnt[0] == 1 && cnt[1] == 0 && pts[0][0] == 1 && isnan(pts[1][0]));
    /* scaling by 2^j scales the points exactly, at every magnitude */
    for (int j = -1000; j <= 1000; j += 50) {
        double cs[3] = {0, 0, ldexp(5, j)}, ls[4] = {ldexp(10, j), ldexp(3, j), ldexp(-10, j), ldexp(3, j)};
        CHECK(intersect1(PC_CIRCLE, cs, PC_LINE, ls, p) == 2 && p[0] == ldexp(4, j) && p[2] == ldexp(-4, j));
    }
    /* validation of lines */
    double lines[2][4] = {{0, 0, 1, 0}, {1, 1, 1, 1}};
    int64_t bad = -1;
    CHECK(pc_validate(PC_LINE, &lines[0][0], 2, &bad, NULL) == PC_RULE_LINE_POINTS && bad == 1);
    CHECK(pc_kind_width(PC_LINE) == 4);
}

/* Threads: a 3-d batch with broadcast and strided operands, long enough for
 * many chunks with rows that straddle chunk ends, gives the same bytes for any
 * thread count as one element at a time. */
static void test_threads(void)
{
    enum { P = 3, Q = 7, R = 9001 };  /* R is not a multiple of the chunk */
    static double circles[Q][3], boxes[P][R][4];
    static uint8_t one[P][Q][R], many[P][Q][R];
    uint64_t state = 12345;
    for (int q = 0; q < Q; q++)
        for (int k = 0; k < 3; k++) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            circles[q][k] = (double)(state >> 40) / (1 << 20) * (k == 2 ? 2.0 : 40.0);
        }
    for (int p = 0; p < P; p++)
        for (int r = 0; r < R; r++)
            for (int k = 0; k < 2; k++) {
                state = state * 6364136223846793005ULL + 1442695040888963407ULL;
                double lo = (double)(state >> 40) / (1 << 20) * 40.0;
                boxes[p][r][k] = lo;
                boxes[p][r][k + 2] = lo + (double)(state & 0xff) / 64.0;
            }
    int64_t shape[3] = {P, Q, R};
    int64_t sa[3] = {0, 3, 0}, sb[3] = {R * 4, 0, 4}, so[3] = {Q * R, R, 1};
    for (int p = 0; p < P; p++)
        for (int q = 0; q < Q; q++)
            for (int r = 0; r < R; r++)
                one[p][q][r] = (uint8_t)pc_overlap_circle_box(
                    &(pc_circle){circles[q][0], circles[q][1], circles[q][2]},
                    &(pc_box){boxes[p][r][0], boxes[p][r][1], boxes[p][r][2], boxes[p][r][3]}, PC_TOUCHING);
    int threads[] = {1, 2, 3, 8};
    for (int t = 0; t < 4; t++) {
        memset(many, 7, sizeof many);
        CHECK(pc_overlaps_batch(PC_CIRCLE, &circles[0][0], sa, PC_BOX, &boxes[0][0][0], sb,
                                &many[0][0][0], so, 3, shape, PC_TOUCHING, INFINITY, threads[t], NULL) == PC_OK);
        CHECK(memcmp(one, many, sizeof one) == 0);
    }
    /* every element is visited exactly once: a hit count that a double visit or a gap would change */
    long hits = 0;
    for (int p = 0; p < P; p++)
        for (int q = 0; q < Q; q++)
            for (int r = 0; r < R; r++) hits += one[p][q][r];
    CHECK(hits > 0 && hits < (long)P * Q * R);
}

/* pc_pairs against brute force over pc_overlaps_batch: self and bipartite,
 * both modes, several thread counts, an undersized buffer, the two steps. */
static int by_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The grid's portable and vector loops find the same pairs as brute force:
 * circles on a half-integer lattice (many touch exactly) with a few large
 * ones (a second level), in both modes. */
static void test_grid_loops(void)
{
    enum { N = 3000 };
    static double c[3 * N];
    static uint64_t keys[2][400000];
    static uint8_t hit[N];
    unsigned state = 99;
    for (int k = 0; k < N; k++) {
        state = state * 1103515245u + 12345u;
        c[3 * k] = (double)((state >> 16) % 120) * 0.5;
        state = state * 1103515245u + 12345u;
        c[3 * k + 1] = (double)((state >> 16) % 120) * 0.5;
        c[3 * k + 2] = k % 97 == 0 ? 6.0 : (double)((state >> 8) % 4) * 0.25;
    }
    int64_t bytes = pc__grid_bytes(PC_CIRCLE, N);
    char *raw = malloc((size_t)bytes + 64), *base = raw + (64 - (uintptr_t)raw % 64) % 64;
    CHECK(pc__grid_build(PC_CIRCLE, c, N, 0.0, base) == 1);
    pc__filter f = pc__filter_for(70.0);
    for (int m = 0; m < 2; m++) {
        int64_t count[2];
        for (int simd = 0; simd < 2; simd++) {
            pc__sink sink;
            sink.keys = keys[simd];
            sink.capacity = 400000;
            sink.jbits = 12;
            atomic_init(&sink.found, 0);
            pc__grid_find(base, &f, m, 2, 1, simd, &sink, NULL);
            count[simd] = atomic_load(&sink.found);
            qsort(keys[simd], (size_t)count[simd], sizeof(uint64_t), by_u64);
        }
        CHECK(count[0] == count[1] && count[0] > 1000
              && !memcmp(keys[0], keys[1], (size_t)count[0] * sizeof(uint64_t)));
        int64_t want = 0, ok = 1;
        for (int i = 0; i < N && ok; i++) {
            int64_t zero = 0, three = 3, n = N;
            pc_overlaps_batch(PC_CIRCLE, c + 3 * i, &zero, PC_CIRCLE, c, &three, hit, (int64_t[]){1}, 1, &n, m, 70, 1, NULL);
            for (int j = i + 1; j < N; j++)
                if (hit[j]) ok &= want < count[0] && keys[0][want++] == ((uint64_t)i << 12 | (uint64_t)j);
        }
        CHECK(ok && want == count[0]);
    }
    free(raw);
}

static void test_pairs(void)
{
    enum { NA = 3000, NB = 1700 };
    static double a[NA * 3], b[NB * 4];
    static uint8_t hit[NA > NB ? NA : NB];
    static int64_t out[2 * 400000];
    unsigned state = 12345;
    for (int k = 0; k < NA; k++) {  /* small integers: touching is common */
        for (int d = 0; d < 2; d++) { state = state * 1103515245u + 12345u; a[3 * k + d] = (double)((state >> 16) % 60); }
        state = state * 1103515245u + 12345u;
        a[3 * k + 2] = (double)((state >> 16) % 3);
    }
    for (int k = 0; k < NB; k++) {
        double v[4];
        for (int d = 0; d < 4; d++) { state = state * 1103515245u + 12345u; v[d] = (double)((state >> 16) % 60); }
        b[4 * k] = v[0] < v[2] ? v[0] : v[2]; b[4 * k + 2] = v[0] < v[2] ? v[2] : v[0];
        b[4 * k + 1] = v[1] < v[3] ? v[1] : v[3]; b[4 * k + 3] = v[1] < v[3] ? v[3] : v[1];
        if (k % 7) { b[4 * k + 2] = b[4 * k] + 2; b[4 * k + 3] = b[4 * k + 1] + 1; }  /* mostly small */
    }
    int64_t bytes = pc_pairs_workspace(PC_CIRCLE, NA, PC_BOX, NB);
    int64_t self_bytes = pc_pairs_workspace(PC_CIRCLE, NA, PC_CIRCLE, 0);
    CHECK(bytes > 0 && self_bytes > 0 && pc_pairs_workspace(PC_CIRCLE, -1, PC_BOX, 1) == -1);
    int64_t most = bytes > self_bytes ? bytes : self_bytes;
    void *work = malloc((size_t)most);
    for (int mode = 0; mode < 2; mode++) {
        for (int self = 0; self < 2; self++) {
            /* brute force: every pair in order */
            int64_t want = 0, ok = 1;
            int64_t found = -1;
            int rc = self ? pc_pairs(PC_CIRCLE, a, NA, 0, NULL, 0, mode, 64, 1, work, self_bytes, out, 200000, &found, NULL)
                          : pc_pairs(PC_CIRCLE, a, NA, PC_BOX, b, NB, mode, 64, 1, work, bytes, out, 200000, &found, NULL);
            CHECK(rc == PC_OK && found > 1000 && found <= 200000);
            for (int i = 0; i < NA && ok; i++) {
                int64_t stride = self ? 3 : 4;
                int64_t n = self ? NA : NB;
                int64_t zero = 0, one = 1;
                pc_overlaps_batch(PC_CIRCLE, a + 3 * i, &zero, self ? PC_CIRCLE : PC_BOX, self ? a : b, &stride,
                                  hit, &one, 1, &n, mode, 64, 1, NULL);
                for (int64_t j = self ? i + 1 : 0; j < n; j++) {
                    if (!hit[j]) continue;
                    ok &= want < found && out[want] == i && out[found + want] == j;
                    want++;
                }
            }
            CHECK(ok && want == found);
            /* the same for every thread count; an undersized buffer reports the count */
            for (int threads = 2; threads <= 4; threads++) {
                int64_t again = -1;
                static int64_t out2[2 * 400000];
                rc = self ? pc_pairs(PC_CIRCLE, a, NA, 0, NULL, 0, mode, 64, threads, work, self_bytes, out2, 200000, &again, NULL)
                          : pc_pairs(PC_CIRCLE, a, NA, PC_BOX, b, NB, mode, 64, threads, work, bytes, out2, 200000, &again, NULL);
                CHECK(rc == PC_OK && again == found && !memcmp(out, out2, sizeof(int64_t) * (size_t)found)
                      && !memcmp(out + found, out2 + found, sizeof(int64_t) * (size_t)found));
            }
            int64_t few = -1;
            rc = pc_pairs(PC_CIRCLE, a, NA, PC_BOX, self ? NULL : b, NB, mode, 64, 2, work, most, out, 10, &few, NULL);
            CHECK(rc == PC_OK && few == found);
        }
    }
    /* two steps: a sampled count, then the full run */
    int64_t sampled = -1, all = -1;
    CHECK(pc_pairs_prepare(PC_CIRCLE, a, NA, PC_BOX, b, NB, work, bytes) == PC_OK);
    CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 64, 1, 16, NULL, 0, &sampled, NULL) == PC_OK);
    CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 64, 2, 1, out, 200000, &all, NULL) == PC_OK);
    CHECK(sampled > 0 && sampled < all && all > 1000);
    /* a distance per shape of a: all equal is the one distance; all 0 is the overlaps */
    {
        static double each[NA];
        static int64_t out2[2 * 400000];
        int64_t one = -1, per = -1;
        for (int i = 0; i < NA; i++) each[i] = 1.5;
        CHECK(pc_pairs_prepare_any(PC_CIRCLE, a, NA, PC_BOX, b, NB, 1.5, work, bytes) == PC_OK);
        CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 64, 1, 1, out, 200000, &one, NULL) == PC_OK);
        CHECK(pc_pairs_find_each(work, bytes, PC_TOUCHING, 64, each, 2, 1, out2, 200000, &per, NULL) == PC_OK);
        CHECK(one > all && one == per && !memcmp(out, out2, sizeof(int64_t) * 2 * (size_t)one));
        for (int i = 0; i < NA; i++) each[i] = 0.0;
        CHECK(pc_pairs_find_each(work, bytes, PC_TOUCHING, 64, each, 1, 1, out2, 200000, &per, NULL) == PC_OK);
        CHECK(per == all);
        CHECK(pc_pairs_find_each(work, bytes, PC_STRICT, 64, each, 1, 1, out2, 200000, &per, NULL) == PC_OK && per == 0);
        each[7] = 2.0; /* beyond the prepared distance */
        CHECK(pc_pairs_find_each(work, bytes, PC_TOUCHING, 64, each, 1, 1, out2, 200000, &per, NULL) == PC_ERR_ARG);
        each[7] = NAN;
        CHECK(pc_pairs_find_each(work, bytes, PC_TOUCHING, 64, each, 1, 1, out2, 200000, &per, NULL) == PC_ERR_ARG);
        CHECK(pc_pairs_find_each(work, bytes, PC_TOUCHING, 64, NULL, 1, 1, out2, 200000, &per, NULL) == PC_ERR_ARG);
        each[7] = 0.0; /* one collection takes no distances per shape */
        CHECK(pc_pairs_prepare_any(PC_CIRCLE, a, NA, 0, NULL, 0, 0.0, work, most) == PC_OK);
        CHECK(pc_pairs_find_each(work, most, PC_TOUCHING, 64, each, 1, 1, out2, 200000, &per, NULL) == PC_ERR_ARG);
    }
    /* bad arguments */
    int64_t found;
    CHECK(pc_pairs(PC_KIND_COUNT, a, NA, PC_BOX, b, NB, 0, 64, 1, work, bytes, out, 10, &found, NULL) == PC_ERR_KIND);
    CHECK(pc_pairs(PC_CIRCLE, a, NA, PC_BOX, b, NB, 0, 64, 1, work, 10, out, 10, &found, NULL) == PC_ERR_ARG);
    CHECK(pc_pairs(PC_CIRCLE, a, NA, PC_BOX, b, NB, 5, 64, 1, work, bytes, out, 10, &found, NULL) == PC_ERR_ARG);
    /* no pair at all, and no output buffer: only the count */
    double far[6] = {0, 0, 1, 100, 100, 1};
    CHECK(pc_pairs(PC_CIRCLE, far, 2, 0, NULL, 0, PC_TOUCHING, 101, 1, work, most, NULL, 0, &found, NULL) == PC_OK
          && found == 0);
    memset(work, 0, 256);
    CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 64, 1, 1, out, 10, &found, NULL) == PC_ERR_ARG);  /* not prepared */
    free(work);

    /* enough queries for several chunks: the same pairs on 1 and on 3 threads */
    enum { NC = 100000 };
    double *c = malloc(sizeof(double) * 3 * NC);
    for (int k = 0; k < 3 * NC; k++) {
        state = state * 1103515245u + 12345u;
        c[k] = k % 3 == 2 ? (double)((state >> 16) % 4) * 0.25 : (double)((state >> 16) % 400);
    }
    int64_t cap = 1000000, n1 = -1, n3 = -1;
    int64_t *o1 = malloc(sizeof(int64_t) * 2 * (size_t)cap), *o3 = malloc(sizeof(int64_t) * 2 * (size_t)cap);
    int64_t wb = pc_pairs_workspace(PC_CIRCLE, NC, PC_CIRCLE, 0);
    work = malloc((size_t)wb);
    CHECK(pc_pairs(PC_CIRCLE, c, NC, 0, NULL, 0, PC_TOUCHING, 400, 1, work, wb, o1, cap, &n1, NULL) == PC_OK);
    CHECK(pc_pairs(PC_CIRCLE, c, NC, 0, NULL, 0, PC_TOUCHING, 400, 3, work, wb, o3, cap, &n3, NULL) == PC_OK);
    CHECK(n1 > 10000 && n1 == n3 && n1 <= cap && !memcmp(o1, o3, sizeof(int64_t) * (size_t)n1)
          && !memcmp(o1 + n1, o3 + n1, sizeof(int64_t) * (size_t)n1));
    free(work);
    free(o1);
    free(o3);
    free(c);
}

/* Tile maps: merged edges, overlaps, raycasts and motion on a small room. */
static void test_tiles(void)
{
    /* rows bottom-up: a 6 x 4 room with a solid rim, a CUT_NW tile in the
     * bottom-right inner corner and a 2-tile ramp of CUT_SE tiles */
    enum { R = 4, C = 6 };
    const int8_t kinds[R * C] = {
        1, 1, 1, 1, 1, 1,
        1, 0, 0, 0, 3, 1,
        1, 0, 0, 0, 0, 1,
        1, 1, 1, 1, 1, 1,
    };
    int64_t ne = -1, nr = -1;
    double mag = -1;
    CHECK(pc_tilemap_build(kinds, R, C, 1.0, 0.0, 0.0, NULL, 0, NULL, NULL, 0, &ne, &nr, &mag) == PC_OK);
    /* outer 4, inner floor (x 1..4), ceiling, two walls (right one shortened
     * by the triangle), the diagonal */
    CHECK(ne == 9);
    CHECK(mag == 6.0);
    double edges[9 * 6];
    int64_t start[R * C + 1], refs[256];
    CHECK(nr <= 256);
    CHECK(pc_tilemap_build(kinds, R, C, 1.0, 0.0, 0.0, edges, ne, start, refs, nr, &ne, &nr, &mag) == PC_OK);
    CHECK(start[0] == 0 && start[R * C] == nr);
    for (int64_t e = 0; e < ne; e++) { /* unit outward normals, solid on the left */
        const double *g = edges + 6 * e;
        double n2 = g[4] * g[4] + g[5] * g[5];
        CHECK(fabs(n2 - 1.0) < 1e-15);
        double left = -(g[3] - g[1]) * g[4] + (g[2] - g[0]) * g[5]; /* (dir x n) < 0 */
        CHECK(left < 0.0);
    }
    int8_t bad[1] = {6};
    CHECK(pc_tilemap_build(bad, 1, 1, 1.0, 0.0, 0.0, NULL, 0, NULL, NULL, 0, &ne, &nr, &mag) == PC_ERR_ARG);
    CHECK(pc_tilemap_build(kinds, R, C, 0.0, 0.0, 0.0, NULL, 0, NULL, NULL, 0, &ne, &nr, &mag) == PC_ERR_ARG);
    ne = 9;
    pc_tilemap map = {kinds, R, C, 1.0, 0.0, 0.0, 6.0, edges, ne, start, refs};

    /* overlaps: touching the floor counts, strictly it does not */
    double ball[3] = {2.0, 1.5, 0.5};
    uint8_t hit = 9;
    CHECK(pc_tilemap_overlaps(&map, ball, NULL, &hit, NULL, 0, NULL, PC_TOUCHING, 1, NULL) == PC_OK && hit == 1);
    CHECK(pc_tilemap_overlaps(&map, ball, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 0);

    /* a ray straight down hits the floor at distance 1.5; one along the floor
     * line (y = 1) starts on the boundary: distance 0 */
    double o[2] = {2.5, 2.5}, d[2] = {0.0, -3.0}, out[6];
    CHECK(pc_tilemap_raycast(&map, o, NULL, d, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && out[1] == 1.5 && out[2] == 0.0 && out[3] == 1.0 && out[4] == 0.0 && out[5] == 2.0);
    double o2[2] = {1.0, 1.0}, d2[2] = {1.0, 0.0};
    CHECK(pc_tilemap_raycast(&map, o2, NULL, d2, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 1.0 && out[1] == 0.0);
    /* a ray exactly through the corner (1, 3)-(0, ...) grazes the ceiling's end */
    double o3[2] = {3.0, 2.0}, d3[2] = {-1.0, 1.0};
    CHECK(pc_tilemap_raycast(&map, o3, NULL, d3, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && fabs(out[1] - sqrt(2.0)) < 1e-15);
    /* tiny and huge directions and far origins (rays exact for every finite input) */
    double tiny[2] = {1e-308, 0.0}, huge[2] = {-1e308, 0.0}, far[2] = {1e308, 2.5}, o4[2] = {2.5, 1.5};
    CHECK(pc_tilemap_raycast(&map, o4, NULL, tiny, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && out[1] == 2.0 && fabs(out[2] + sqrt(0.5)) < 1e-15 && fabs(out[3] - sqrt(0.5)) < 1e-15 && out[4] == 1.0 && out[5] == 4.0);
    CHECK(pc_tilemap_raycast(&map, far, NULL, huge, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && out[1] == 1e308 - 6.0 && out[2] == 1.0 && out[4] == 2.0 && out[5] == 5.0);

    /* sweep: a ball moving down onto the floor (the floor's normal, up, back
     * at the ball); touching and sliding is no hit */
    double c0[3] = {2.0, 2.5, 0.5}, down[2] = {0.0, -2.0}, along[2] = {1.0, 0.0};
    CHECK(pc_tilemap_sweep(&map, c0, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == 0.0 && out[2] == 1.0 && out[3] == 2.0 && out[4] == 1.0);
    CHECK(pc_tilemap_sweep(&map, ball, NULL, along, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 1.0);

    /* advance: a ball rolling along the floor into the triangle's face leaves
     * straight up (45-degree face, elastic), never ending inside, no speed gained */
    double circle[3] = {1.5, 1.25, 0.25}, v[2] = {2.0, 0.0};
    int64_t bounces = 0;
    CHECK(pc_tilemap_advance(&map, circle, v, &bounces, 1, 1.5, 1.0, 0.0, 16, 1, NULL) == PC_OK);
    CHECK(bounces == 1);
    CHECK(fabs(v[0]) < 1e-15 && fabs(v[1] - 2.0) < 1e-15);
    CHECK(v[0] * v[0] + v[1] * v[1] <= 4.0);
    CHECK(pc_tilemap_overlaps(&map, circle, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 0);
    CHECK(pc_tilemap_advance(&map, circle, v, NULL, 1, 1.0, 1.5, 0.0, 16, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_tilemap_advance(&map, circle, v, NULL, 1, 1.0, 1.0, -1.0, 16, 1, NULL) == PC_ERR_ARG);
    double fast[2] = {1e308, 0.0};
    bounces = 0;
    CHECK(pc_tilemap_advance(&map, circle, fast, &bounces, 1, 2.0, 1.0, 0.0, 16, 1, NULL) == PC_OK && bounces == -2);
    CHECK(pc_tilemap_advance(&map, circle, v, NULL, 1, 1.0, 1.0, 0.0, 0, 1, NULL) == PC_ERR_ARG);

    /* sweeps against single shapes: a box met at t = 1/4; moving away is no
     * hit; a circle target's touching point is on its rim; a graze along a
     * segment's end is not a hit */
    double ball0[3] = {0.0, 0.0, 0.5}, east[2] = {10.0, 0.0}, west[2] = {-10.0, 0.0};
    double wall[4] = {3.0, -1.0, 4.0, 1.0}, disk[3] = {5.0, 0.0, 1.0}, seg[4] = {-2.0, 0.5, 2.0, 0.5};
    double res[5];
    CHECK(pc_sweep_batch(ball0, NULL, east, NULL, PC_BOX, wall, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] == 0.25 && res[1] == -1.0 && res[2] == 0.0 && res[3] == 3.0 && res[4] == 0.0);
    CHECK(pc_sweep_batch(ball0, NULL, west, NULL, PC_BOX, wall, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] == 1.0 && isnan(res[1]) && isnan(res[3]));
    CHECK(pc_sweep_batch(ball0, NULL, east, NULL, PC_CIRCLE, disk, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] == 0.35 && res[3] == 4.0 && res[4] == 0.0);
    CHECK(pc_sweep_batch(ball0, NULL, east, NULL, PC_SEGMENT, seg, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] == 1.0); /* touching along the segment, sliding off its end */
    CHECK(pc_sweep_batch(ball0, NULL, east, NULL, PC_KIND_COUNT, seg, NULL, res, NULL, 0, NULL, 1, NULL) == PC_ERR_KIND);
    /* a graze decided by the unrounded sum of the radii: 1 + 2^-53 rounds to 1,
     * so in floating point a ball at height 1 only grazes a tiny disk at the
     * origin's level; exactly it dips 2^-53 into it (a hit, near the closest
     * approach at 0.5, where placed it would overlap the disk: the time is
     * the last double before, 2^-26 / 10 earlier), while at height 1 + 2^-52
     * it misses */
    double low[3] = {0.0, 1.0, 1.0}, high[3] = {0.0, 1.0 + 0x1p-52, 1.0}, speck[3] = {5.0, 0.0, 0x1p-53};
    CHECK(pc_sweep_batch(low, NULL, east, NULL, PC_CIRCLE, speck, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] < 0.5 && res[0] > 0.5 - 0x1p-28 && res[1] == 0.0 && res[2] == 1.0);
    {
        pc_circle placed = {res[0] * east[0], 1.0, 1.0}, next = {nextafter(res[0], 1.0) * east[0], 1.0, 1.0};
        pc_circle dot = {speck[0], speck[1], speck[2]};
        CHECK(pc_overlap_circle_circle(&placed, &dot, PC_STRICT) == 0);
        CHECK(pc_overlap_circle_circle(&next, &dot, PC_STRICT) == 1);
    }
    CHECK(pc_sweep_batch(high, NULL, east, NULL, PC_CIRCLE, speck, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] == 1.0 && isnan(res[1]));
    CHECK(pc__perp2(0.0, 0.0, 1.0, 0.0, 0.5, 1.0, 1.0, 0x1p-53) == -1);
    CHECK(pc__perp2(0.0, 0.0, 1.0, 0.0, 0.5, 1.0, 1.0, 0.0) == 0);
    /* C = (b - a) x (c - a) cancels: its terms are ~1e301, C = 9 s; the filter
     * must bound C's error through its terms, not through C */
    {
        double sc = 3.273390607896142e+150;
        CHECK(pc__perp2(-sc, sc, 2 * sc, -2 * sc, 3.0, 0.0, 0.0, 1.0) == 1);
        pc__filter f = pc__filter_for(2 * sc);
        CHECK(pc__perp_sum(&f, -sc, sc, 2 * sc, -2 * sc, 3.0, 0.0, 0.0, 1.0) == 1);
    }

    /* exact cell lookups where the corners round: tiles of 1e-7 at 1e15 all
     * round to one double (zero width), tiles of 0.3 far from o + k s */
    pc__axis flat = {1e15, 1e-7, 1e7, 100};
    int64_t lo = -1, hi = -1;
    CHECK(pc__cells(&flat, 1e15, 1e15, &lo, &hi) && lo == 0 && hi == 99);
    CHECK(!pc__cells(&flat, nextafter(1e15, INFINITY), 2e15, &lo, &hi));
    CHECK(!pc__cells(&flat, -INFINITY, nextafter(1e15, 0.0), &lo, &hi));
    pc__axis coarse = {1e15, 0.3, 1.0 / 0.3, 3}; /* corners 1e15, +0.25, +0.625, +0.875 */
    CHECK(pc__grid(1e15, 1, 0.3) == 1e15 + 0.25 && pc__grid(1e15, 2, 0.3) == 1e15 + 0.625);
    CHECK(pc__cells(&coarse, 1e15 + 0.25, 1e15 + 0.25, &lo, &hi) && lo == 0 && hi == 1);
    CHECK(pc__cells(&coarse, 1e15 + 0.375, 1e15 + 0.5, &lo, &hi) && lo == 1 && hi == 1);
    CHECK(pc__cells(&coarse, -INFINITY, INFINITY, &lo, &hi) && lo == 0 && hi == 2);
    CHECK(pc__down(1.0) == nextafter(1.0, 0.0) && pc__up(-0.0) == 0x1p-1074 && pc__down(INFINITY) == DBL_MAX);
    const int8_t strip[3] = {0, 1, 0};
    double sedges[6 * 8];
    int64_t sstart[8], srefs[64], sne, snr;
    double smag;
    CHECK(pc_tilemap_build(strip, 1, 3, 0.3, 1e15, 0.0, sedges, 8, sstart, srefs, 64, &sne, &snr, &smag) == PC_OK);
    pc_tilemap sm = {strip, 1, 3, 0.3, 1e15, 0.0, smag, sedges, sne, sstart, srefs};
    double reach[3] = {1e15 + 0.125, 0.15, 0.17}, con[7];
    CHECK(pc_tilemap_overlaps(&sm, reach, NULL, &hit, NULL, 0, NULL, PC_TOUCHING, 1, NULL) == PC_OK && hit == 1);
    CHECK(pc_tilemap_contact(&sm, reach, NULL, con, NULL, 0, NULL, 1, NULL) == PC_OK && fabs(con[0] + 0.045) < 1e-12);
    /* strictly inside the union: a point on the face between two solid tiles
     * is; on the outer face, or where tiles rounded flat, it is not */
    const int8_t pair[2] = {1, 1};
    CHECK(pc_tilemap_build(pair, 1, 2, 1.0, 0.0, 0.0, sedges, 8, sstart, srefs, 64, &sne, &snr, &smag) == PC_OK);
    pc_tilemap pm = {pair, 1, 2, 1.0, 0.0, 0.0, smag, sedges, sne, sstart, srefs};
    double seam[3] = {1.0, 0.5, 0.0}, rim[3] = {2.0, 0.5, 0.0}, corner2[3] = {1.0, 1.0, 0.0};
    CHECK(pc_tilemap_overlaps(&pm, seam, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 1);
    CHECK(pc_tilemap_overlaps(&pm, rim, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 0);
    CHECK(pc_tilemap_overlaps(&pm, corner2, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 0);
    const int8_t block[4] = {1, 1, 1, 1};
    CHECK(pc_tilemap_build(block, 2, 2, 1e-7, 1e15, 1e15, sedges, 8, sstart, srefs, 64, &sne, &snr, &smag) == PC_OK);
    pc_tilemap point_map = {block, 2, 2, 1e-7, 1e15, 1e15, smag, sedges, sne, sstart, srefs};
    double dot[3] = {1e15, 1e15, 0.0};
    CHECK(pc_tilemap_overlaps(&point_map, dot, NULL, &hit, NULL, 0, NULL, PC_TOUCHING, 1, NULL) == PC_OK && hit == 1);
    CHECK(pc_tilemap_overlaps(&point_map, dot, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 0);
    double ro[2] = {0.0, 1e15}, rd[2] = {1.0, 0.0}; /* a ray through the map rounded to one point */
    CHECK(pc_tilemap_raycast(&point_map, ro, NULL, rd, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 1.0 && out[1] == 1e15);

    /* the exact sign helpers */
    CHECK(pc__cross_dir(1.0, 1.0, 0.0, 0.0, 0x1p-60, 0x1p-60) == 0);
    CHECK(pc__cross_dir(1.0, 1.0, 0.0, 0.0, 1.0, 1.0 + 0x1p-52) == 1);
    CHECK(pc__dot_dir(1.0, 0.0, 1e300, 0.0, 1e300, 5.0) == 0);
    CHECK(pc__sumsq_cmp(3.0, 4.0, 5.0, 0.0) == 0);
    CHECK(pc__sumsq_cmp(3.0, nextafter(4.0, 5.0), 5.0, 0.0) == 1);
    CHECK(pc__sumsq_cmp(1e200, 1e200, 1e200, nextafter(1e200, 0.0)) == 1);
}

/* pc_world_depenetrate: out of a floor, a wall and the corner between them
 * by the least translation; across a seam between two floor tiles straight
 * up, never through the face between them; the same against a collection;
 * a rounding error deep, by an ulp.  pc_world_advance with a restitution
 * per circle (stride 1) or one for all (stride 0); a circle a rounding error
 * deep is moved out, not reported. */
static void test_depenetrate(void)
{
    enum { R = 3, C = 7 };
    const int8_t kinds[R * C] = {
        1, 1, 1, 1, 1, 1, 1,
        1, 0, 0, 0, 0, 0, 0,
        1, 0, 0, 0, 0, 0, 0,
    };
    double edges[6 * 16], mag;
    int64_t start[R * C + 1], refs[128], ne, nr;
    CHECK(pc_tilemap_build(kinds, R, C, 1.0, 0.0, 0.0, edges, 16, start, refs, 128, &ne, &nr, &mag) == PC_OK);
    pc_tilemap map = {kinds, R, C, 1.0, 0.0, 0.0, mag, edges, ne, start, refs};
    pc_world_part part = {&map, NULL, 0, 0.0};
    /* floor, wall, corner, across the seam at x = 3 (0.001 of it over tile
     * 2, less than the depth), apart, an ulp deep */
    double boxes[6][4] = {{3.0, 0.75, 4.0, 1.75}, {0.5, 1.5, 1.5, 2.5}, {0.75, 0.75, 1.75, 1.75},
                          {2.999, 0.75, 3.999, 1.75}, {3.0, 1.5, 4.0, 2.5}, {3.0, 1.0 - 0x1p-52, 4.0, 2.0}};
    const double want[6][2] = {{0.0, 0.25}, {0.5, 0.0}, {0.25, 0.25}, {0.0, 0.25}, {0.0, 0.0}, {0.0, 0x1p-52}};
    double moved[6][4], out[6][3];
    int64_t shape[1] = {6}, sb[1] = {4}, so[1] = {3};
    CHECK(pc_world_depenetrate(&part, 1, PC_BOX, &boxes[0][0], sb, &moved[0][0], sb, &out[0][0], so, 1, shape, 1, NULL) ==
          PC_OK);
    for (int k = 0; k < 6; k++) {
        CHECK(out[k][0] == want[k][0] && out[k][1] == want[k][1]);
        CHECK(out[k][2] == hypot(want[k][0], want[k][1]));
        uint8_t inside = 1;
        CHECK(pc_world_overlaps(&part, 1, PC_BOX, moved[k], NULL, &inside, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK);
        CHECK(inside == 0);
    }
    CHECK(moved[5][1] == 1.0 && moved[3][1] == 1.0 && moved[3][0] == 2.999);
    /* the floor as a collection of two boxes meeting at x = 3: the same */
    const double floor[2][4] = {{0.0, 0.0, 3.0, 1.0}, {3.0, 0.0, 7.0, 1.0}};
    int64_t bytes = pc_pairs_workspace(PC_BOX, 2, PC_BOX, 0);
    static unsigned char work[1 << 14];
    CHECK(bytes > 0 && bytes <= (int64_t)sizeof work);
    CHECK(pc_pairs_prepare(PC_BOX, &floor[0][0], 2, PC_BOX, NULL, 0, work, bytes) == PC_OK);
    pc_world_part shelf = {NULL, work, bytes, 7.0};
    CHECK(pc_world_depenetrate(&shelf, 1, PC_BOX, boxes[3], NULL, moved[3], NULL, out[3], NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[3][0] == 0.0 && out[3][1] == 0.25 && moved[3][1] == 1.0);
    CHECK(pc_world_depenetrate(&shelf, 1, PC_KIND_COUNT, boxes[3], NULL, moved[3], NULL, out[3], NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);

    /* advance: the second circle an ulp into the floor, both falling onto
     * it; restitution 1 for the first and 0 for the second, or 0.5 for both */
    double balls[2][3] = {{3.5, 1.5, 0.5}, {5.5, 1.5 - 0x1p-52, 0.5}}, v[2][2] = {{0.0, -1.0}, {0.0, -1.0}};
    const double e2[2] = {1.0, 0.0}, half = 0.5, mu = 0.0, bad[2] = {1.0, 1.5};
    int64_t bounces[2] = {0, 0};
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], bounces, 2, 0.5, e2, 1, &mu, 0, 16, 1, NULL) == PC_OK);
    CHECK(bounces[0] == 1 && bounces[1] == 1);
    CHECK(v[0][1] == 1.0 && v[1][1] == 0.0 && balls[0][1] == 2.0 && balls[1][1] == 1.5);
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], bounces, 2, 0.5, &half, 0, &mu, 0, 16, 1, NULL) == PC_OK);
    CHECK(bounces[0] == 1 && bounces[1] == 1 && balls[0][1] == 2.5 && balls[1][1] == 1.5);
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], NULL, 2, 0.5, bad, 1, &mu, 0, 16, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], NULL, 2, 0.5, &half, -1, &mu, 0, 16, 1, NULL) == PC_ERR_ARG);
}

/* The public sweeps: the surface normal of what was hit, pointing back at the
 * mover, from every entry point; a point moving down the face between two
 * solid tiles hits the floor's top; a move beyond the doubles writes NaNs;
 * the shape placed at the time does not penetrate the target. */
static void test_sweep_entry_points(void)
{
    const int8_t floor[4] = {1, 1, 1, 1}; /* x in [0, 4], y in [0, 1] */
    double edges[6 * 8], mag;
    int64_t start[5], refs[64], ne, nr;
    CHECK(pc_tilemap_build(floor, 1, 4, 1.0, 0.0, 0.0, edges, 8, start, refs, 64, &ne, &nr, &mag) == PC_OK);
    pc_tilemap map = {floor, 1, 4, 1.0, 0.0, 0.0, mag, edges, ne, start, refs};
    double out[7];
    /* down the seam x = 1: hit at 0.4 on the floor's top, normal up */
    double point[2] = {1.0, 3.0}, flat[4] = {1.0, 3.0, 1.0, 4.0}, down[2] = {0.0, -5.0};
    CHECK(pc_tilemap_sweep_shapes(&map, PC_POINT, point, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.4 && out[1] == 0.0 && out[2] == 1.0 && out[3] == 1.0 && out[4] == 1.0 && out[5] == 0.0);
    CHECK(pc_tilemap_sweep_shapes(&map, PC_BOX, flat, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.4 && out[1] == 0.0 && out[2] == 1.0);
    double ball0[3] = {1.0, 3.0, 0.0};
    CHECK(pc_tilemap_sweep(&map, ball0, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 0.4 && out[2] == 1.0);
    /* a box into a wall segment: the wall's normal (-1, 0) */
    double box[4] = {0.0, 0.0, 1.0, 1.0}, east[2] = {4.0, 0.0}, wall[4] = {3.0, -1.0, 3.0, 2.0};
    CHECK(pc_sweep_shapes(PC_BOX, box, NULL, east, NULL, PC_SEGMENT, wall, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == -1.0 && out[2] == 0.0 && out[3] == 3.0);
    /* the same through a tree and through a world of the tree and the map */
    int64_t bytes = pc_pairs_workspace(PC_SEGMENT, 1, PC_SEGMENT, 0);
    static unsigned char work[1 << 16];
    CHECK(bytes > 0 && bytes <= (int64_t)sizeof work);
    CHECK(pc_pairs_prepare(PC_SEGMENT, wall, 1, PC_SEGMENT, NULL, 0, work, bytes) == PC_OK);
    CHECK(pc_sweep_tree(work, bytes, 3.0, PC_BOX, box, NULL, east, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == -1.0 && out[2] == 0.0 && out[5] == 0.0);
    pc_world_part parts[2] = {{&map, NULL, 0, 0.0}, {NULL, work, bytes, 3.0}};
    double lifted[4] = {0.0, 1.5, 1.0, 2.5}; /* above the floor, beside the wall */
    CHECK(pc_world_sweep(parts, 2, PC_BOX, lifted, NULL, east, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == -1.0 && out[2] == 0.0 && out[5] == 1.0 && out[6] == 0.0);
    CHECK(pc_world_sweep(parts, 2, PC_POINT, point, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.4 && out[2] == 1.0 && out[5] == 0.0 && out[6] == 0.0);
    double up[2] = {0.0, 5.0};
    CHECK(pc_world_sweep(parts, 2, PC_POINT, point, NULL, up, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && isnan(out[1]) && out[5] == -1.0 && out[6] == -1.0);
    CHECK(pc_world_sweep(parts, 0, PC_POINT, point, NULL, up, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    /* beyond the doubles: NaN in every output double */
    double far[2] = {1e308, 0.0}, huge[2] = {1e308, 0.0};
    CHECK(pc_sweep_shapes(PC_POINT, far, NULL, huge, NULL, PC_SEGMENT, wall, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(isnan(out[0]) && isnan(out[1]) && isnan(out[3]));
    CHECK(pc_world_sweep(parts, 2, PC_POINT, far, NULL, huge, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(isnan(out[0]) && isnan(out[6]));
    CHECK(pc_tilemap_sweep_shapes(&map, PC_POINT, far, NULL, huge, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(isnan(out[0]) && isnan(out[5]));
    /* placed at the time (each coordinate plus fl(t D)), a ball is not inside
     * a box it was 1.2e-14 inside of when the time was rounded directly */
    double c[3] = {0.9918737534611903, -9.448817735138633, 0.7555241316486533};
    double d[2] = {7.718990472505091, 17.113367224819484};
    double b[4] = {0.862207517439427, -1.2697599490248712, 4.264859597111601, 0.6578338489270821};
    CHECK(pc_sweep_batch(c, NULL, d, NULL, PC_BOX, b, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    pc_circle placed = {c[0] + out[0] * d[0], c[1] + out[0] * d[1], c[2]};
    pc_box target = {b[0], b[1], b[2], b[3]};
    CHECK(out[0] > 0.43 && out[0] < 0.44 && pc_overlap_circle_box(&placed, &target, PC_STRICT) == 0);
}

/* pc__perp_dir: the line through a along d against the disk (c, r), exact at
 * tangency and one ulp either side, at every scale; and a raycast through
 * pc_raycast_shapes' workspace agrees. */
static void test_perp_dir_and_shape_rays(void)
{
    for (int e = -1000; e <= 1000; e += 250) {
        double s = ldexp(1.0, e);
        CHECK(pc__perp_dir(3 * s, 0, 0, s, 2 * s, 0, s) == 0);                    /* tangent */
        CHECK(pc__perp_dir(3 * s, 0, 0, nextafter(s, 2 * s), 2 * s, 0, s) == 1);  /* just apart */
        CHECK(pc__perp_dir(3 * s, 0, 0, nextafter(s, 0), 2 * s, 0, s) == -1);     /* just across */
        CHECK(pc__perp_dir(1e-300, 1e-300, 0, 0, 5 * s, 5 * s, 0) == 0);          /* through the centre */
    }
    double balls[6] = {4, 0, 1, 8, 0, 2};
    int64_t need = pc_pairs_workspace(PC_CIRCLE, 2, PC_CIRCLE, 0);
    void *work = malloc((size_t)need);
    CHECK(pc_pairs_prepare(PC_CIRCLE, balls, 2, PC_CIRCLE, NULL, 0, work, need) == PC_OK);
    double o[8] = {0, 0, 0, 1, 0, nextafter(1, 2), 5, 0}, d[2] = {1, 0}, out[20];
    double no_limit = INFINITY, limit = 2.5, bad = -1.0, limits[4] = {2.5, 4.0, INFINITY, 0.0};
    int64_t so[1] = {2}, sd[1] = {0}, sm[1] = {0}, sm1[1] = {1}, sout[1] = {5}, n[1] = {4};
    CHECK(pc_raycast_shapes(work, need, 8.0, o, so, d, sd, &no_limit, sm, out, sout, 1, n, 1, NULL) == PC_OK);
    CHECK(out[0] == 1 && out[1] == 3 && out[2] == -1 && out[3] == 0 && out[4] == 0);
    CHECK(out[5] == 1 && out[9] == 0);                   /* tangent to ball 0 */
    CHECK(out[10] == 1 && out[14] == 1);                 /* one ulp higher: ball 1 */
    CHECK(out[15] == 1 && out[16] == 0 && out[19] == 0); /* from inside ball 0 */
    CHECK(pc_raycast_shapes(work, need, 8.0, o, so, d, sd, &limit, sm, out, sout, 1, n, 1, NULL) == PC_OK);
    CHECK(out[0] == 0 && out[4] == -1 && out[15] == 1);
    CHECK(pc_raycast_shapes(work, need, 8.0, o, so, d, sd, limits, sm1, out, sout, 1, n, 1, NULL) == PC_OK);
    CHECK(out[0] == 0 && out[5] == 1 && out[10] == 1 && out[15] == 1); /* a limit a ray: 2.5 falls short of ball 0 */
    out[0] = 7;
    CHECK(pc_raycast_shapes(work, need, 8.0, o, so, d, sd, &bad, sm, out, sout, 1, n, 1, NULL) == PC_ERR_ARG);
    limits[2] = NAN;
    CHECK(pc_raycast_shapes(work, need, 8.0, o, so, d, sd, limits, sm1, out, sout, 1, n, 1, NULL) == PC_ERR_ARG);
    CHECK(out[0] == 7); /* nothing written */
    CHECK(pc_raycast_shapes(work, 16, 8.0, o, so, d, sd, &limit, sm, out, sout, 1, n, 1, NULL) == PC_ERR_ARG);
    free(work);
}


/* The curve visits every cell of the grid once, each step to a neighbour. */
static void test_curve_keys(void)
{
    enum { ORDER = 5, SIDE = 1 << ORDER };
    double bounds[SIDE * SIDE * 4], frame[4] = {0, 0, 1, 1};
    uint64_t keys[SIDE * SIDE];
    int at_x[SIDE * SIDE], at_y[SIDE * SIDE], seen[SIDE * SIDE] = {0};
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            double *b = bounds + 4 * (y * SIDE + x);
            b[0] = x + 0.25, b[1] = y + 0.25, b[2] = x + 0.75, b[3] = y + 0.75;
        }
    CHECK(pc_curve_keys(bounds, SIDE * SIDE, frame, ORDER, keys) == PC_OK);
    int ok = 1;
    for (int c = 0; c < SIDE * SIDE; c++) {
        if (keys[c] >= SIDE * SIDE || seen[keys[c]]++) {
            ok = 0;
            break;
        }
        at_x[keys[c]] = c % SIDE, at_y[keys[c]] = c / SIDE;
    }
    CHECK(ok);
    for (int k = 1; ok && k < SIDE * SIDE; k++)
        ok = abs(at_x[k] - at_x[k - 1]) + abs(at_y[k] - at_y[k - 1]) == 1;
    CHECK(ok);
    CHECK(keys[0] == 0); /* the curve starts at the origin's cell */
    /* outside the grid and NaN clamp to it */
    double odd[12] = {-5, -5, -4, -4, 1e300, 1e300, INFINITY, INFINITY, NAN, NAN, NAN, NAN};
    uint64_t k3[3];
    CHECK(pc_curve_keys(odd, 3, frame, ORDER, k3) == PC_OK);
    CHECK(k3[0] == 0 && k3[2] == 0 && k3[1] == keys[SIDE * SIDE - 1]);
    CHECK(pc_curve_keys(odd, 3, frame, 0, k3) == PC_ERR_ARG);
    CHECK(pc_curve_keys(odd, 3, frame, 32, k3) == PC_ERR_ARG);
    CHECK(pc_curve_keys(NULL, 3, frame, 5, k3) == PC_ERR_ARG);
}

/* The cancel flag: the walker stops at the next slice boundary once it is
 * set (here by the work itself, at a known element), a flag set before the
 * call cancels it before any element, and a clear flag changes nothing. */
struct cancel_probe {
    int *flag;
    int64_t at;
};

static void cancel_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct cancel_probe *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        int64_t *e = (int64_t *)(void *)(p[0] + i * s[0]);
        if (*e == c->at) __atomic_store_n(c->flag, 1, __ATOMIC_RELAXED);
        *e = -1 - *e; /* visited */
    }
}

static int64_t visited(const int64_t *v, int64_t lo, int64_t hi)
{
    int64_t k = 0;
    for (int64_t i = lo; i < hi; i++) k += v[i] < 0;
    return k;
}

static void test_cancel(void)
{
    enum { N = 4 * PC_PARALLEL_CHUNK };
    int64_t *v = malloc(sizeof(int64_t) * N);
    int flag = 0;
    struct cancel_probe probe = {&flag, 1500};
    int64_t shape[1] = {N}, stride[1] = {8};
    const int64_t *strides[1] = {stride};
    for (int threads = 1; threads <= 2; threads++) {
        for (int64_t i = 0; i < N; i++) v[i] = i;
        flag = 0;
        char *base[1] = {(char *)v};
        CHECK(pc__walk(1, shape, 1, base, strides, cancel_inner, &probe, threads, &flag) == PC_ERR_CANCELLED);
        /* the calling thread took chunk 0 and stopped at the end of the slice holding element 1500 */
        int64_t end = (1500 / PC_CANCEL_SLICE + 1) * PC_CANCEL_SLICE;
        CHECK(visited(v, 0, end) == end && visited(v, end, PC_PARALLEL_CHUNK) == 0);
        CHECK(visited(v, 0, N) < N);
        for (int64_t i = 0; i < N; i++) v[i] = i;
        CHECK(pc__walk(1, shape, 1, base, strides, cancel_inner, &probe, threads, NULL) == PC_OK);
        CHECK(visited(v, 0, N) == N);
    }
    free(v);

    /* public entry points: set before the call, nothing is done; clear, the same answers as NULL */
    double circles[3 * 4] = {0, 0, 1, 1.5, 0, 1, 5, 0, 1, 9, 0, 1}, box[4] = {0.5, -1, 2, 1};
    int64_t sc[1] = {3}, sb[1] = {0}, so[1] = {1}, n[1] = {4};
    uint8_t out[4] = {7, 7, 7, 7}, ref[4];
    flag = 1;
    CHECK(pc_overlaps_batch(PC_CIRCLE, circles, sc, PC_BOX, box, sb, out, so, 1, n, PC_TOUCHING, 9, 1, &flag)
          == PC_ERR_CANCELLED);
    CHECK(out[0] == 7 && out[3] == 7);
    CHECK(pc_overlaps_batch(PC_CIRCLE, circles, sc, PC_BOX, box, sb, ref, so, 1, n, PC_TOUCHING, 9, 1, NULL) == PC_OK);
    flag = 0;
    CHECK(pc_overlaps_batch(PC_CIRCLE, circles, sc, PC_BOX, box, sb, out, so, 1, n, PC_TOUCHING, 9, 1, &flag)
          == PC_OK);
    CHECK(memcmp(out, ref, sizeof out) == 0 && ref[0] == 1 && ref[2] == 0);

    int64_t need = pc_pairs_workspace(PC_CIRCLE, 4, PC_CIRCLE, 0), pairs[16], found = -1;
    void *work = malloc((size_t)need);
    flag = 1;
    CHECK(pc_pairs(PC_CIRCLE, circles, 4, PC_CIRCLE, NULL, 0, PC_TOUCHING, 9, 1, work, need, pairs, 8, &found, &flag)
          == PC_ERR_CANCELLED);
    flag = 0;
    CHECK(pc_pairs(PC_CIRCLE, circles, 4, PC_CIRCLE, NULL, 0, PC_TOUCHING, 9, 1, work, need, pairs, 8, &found, &flag)
          == PC_OK && found == 1 && pairs[0] == 0 && pairs[1] == 1);
    CHECK(pc_pairs_prepare(PC_CIRCLE, circles, 4, PC_CIRCLE, NULL, 0, work, need) == PC_OK); /* the tree */
    double near[2 * 4] = {-1, -1, -1, -1, -1, -1, -1, -1};
    int64_t sn[1] = {2}, sm0[1] = {0};
    const double no_limit = INFINITY;
    flag = 1;
    CHECK(pc_nearest_tree(work, need, 9, PC_CIRCLE, circles, sc, &no_limit, sm0, near, sn, 1, n, 1, &flag)
          == PC_ERR_CANCELLED);
    CHECK(near[0] == -1 && near[7] == -1);
    flag = 0;
    CHECK(pc_nearest_tree(work, need, 9, PC_CIRCLE, circles, sc, &no_limit, sm0, near, sn, 1, n, 1, &flag) == PC_OK);
    CHECK(near[0] == 0 && near[1] == 0 && near[6] == 0 && near[7] == 3); /* each is its own nearest */

    /* motion: the event-driven step checks between events, the others in slices */
    pc_world_part world = {NULL, work, need, 9};
    double moving[3] = {20, 0, 1}, vel[2] = {-100, 0};
    int64_t bounces = 0, overlapping[2];
    int64_t room = pc_collide_workspace(1, 1024, 1024);
    void *scratch = malloc((size_t)room);
    flag = 1;
    const double one = 1.0, zero = 0.0;
    CHECK(pc_world_collide(&world, 1, moving, vel, NULL, &bounces, 1, 1.0, &one, 0, &zero, 0, 8, scratch, room, 1024,
                           1024, overlapping, &flag) == PC_ERR_CANCELLED);
    CHECK(pc_world_advance(&world, 1, moving, vel, &bounces, 1, 1.0, &one, 0, &zero, 0, 8, 1, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(moving[0] == 20 && vel[0] == -100 && bounces == 0);
    flag = 0;
    CHECK(pc_world_advance(&world, 1, moving, vel, &bounces, 1, 1.0, &one, 0, &zero, 0, 8, 1, &flag) == PC_OK);
    CHECK(moving[0] > 10 && vel[0] == 100 && bounces == 1);
    free(scratch);
    free(work);
}


/* Raycast distances are the exact entry rounded once: shapes entered at one
 * point tie (the lower index wins), and an entry halfway between doubles
 * rounds to the even one, decided exactly. */
static void test_ray_entries(void)
{
    double boxes[8] = {-3, -7, 3, 5, -5, 4, 4, 5}; /* both top faces are entered at (0.6, 5) */
    int64_t need = pc_pairs_workspace(PC_BOX, 2, PC_BOX, 0), circle_need = pc_pairs_workspace(PC_CIRCLE, 1, PC_CIRCLE, 0);
    if (circle_need > need) need = circle_need;
    void *work = malloc((size_t)need);
    CHECK(pc_pairs_prepare(PC_BOX, boxes, 2, PC_BOX, NULL, 0, work, need) == PC_OK);
    double o[2] = {0, 8}, d[2] = {1, -5}, no_limit = INFINITY, out[5], one[5];
    CHECK(pc_raycast_shapes(work, need, 7.0, o, NULL, d, NULL, &no_limit, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1 && out[4] == 0);
    CHECK(pc_pairs_prepare(PC_BOX, boxes + 4, 1, PC_BOX, NULL, 0, work, need) == PC_OK);
    CHECK(pc_raycast_shapes(work, need, 7.0, o, NULL, d, NULL, &no_limit, NULL, one, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(one[0] == 1 && one[1] == out[1]); /* the second box alone: the same distance */
    double ball[3] = {2, 0, 1 - 0x3p-53}, o2[2] = {0, 0}, d2[2] = {1, 0};
    CHECK(pc_pairs_prepare(PC_CIRCLE, ball, 1, PC_CIRCLE, NULL, 0, work, need) == PC_OK);
    CHECK(pc_raycast_shapes(work, need, 2.0, o2, NULL, d2, NULL, &no_limit, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1 && out[1] == 1 + 0x1p-51); /* 1 + 3 2^-53, halfway: to even */
    free(work);
}

/* Quarter turns exact for every k (here 17 and -20 as a program computes
 * them), other angles turned by the C library's cosine and sine. */
static void test_transform(void)
{
    const double half_pi = 0x1.921fb54442d18p0; /* pi / 2 as a program rounds it */
    const double angles[7] = {17 * half_pi, -20 * half_pi, 0.0, 0x1p-1074, 1.0, NAN, 0x1p53};
    int8_t turns[7];
    CHECK(pc_quarter_turns(angles, 7, turns) == PC_OK);
    CHECK(turns[0] == 1 && turns[1] == 0 && turns[2] == 0 && turns[3] == 0);
    CHECK(turns[4] == -1 && turns[5] == -1 && turns[6] == -1);
    CHECK(pc_quarter_turns(NULL, 1, turns) == PC_ERR_ARG && pc_quarter_turns(angles, -1, turns) == PC_ERR_ARG);
    const double point[2] = {3.0, 1.0}, move[2] = {0.0, 0.0};
    double out[2];
    CHECK(pc_transform(PC_POINT, point, NULL, move, NULL, &angles[0], NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == -1.0 && out[1] == 3.0);
    CHECK(pc_transform(PC_POINT, point, NULL, move, NULL, &angles[4], NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == fma(3.0, cos(1.0), -sin(1.0)) && out[1] == fma(3.0, sin(1.0), cos(1.0))); /* one rounding each */
}

int main(void)
{
    test_kernels();
    test_scaling();
    test_batch();
    test_strict();
    test_fp_environment();
    test_scalar_fast_paths_every_mode();
    test_box_compares_every_mode();
    test_perp_dir_and_shape_rays();
    test_filters();
    test_circle_slow_stage();
    test_validate();
    test_validate_copy();
    test_contact_batch();
    test_contact_beside_a_slanted_edge();
    test_contact_ties_at_every_scale();
    test_contact_paths();
    test_tri_paths();
    test_small_paths();
    test_seg_paths();
    test_contact_batch_loops();
    test_ray_order();
    test_manifold_batch();
    test_intersections();
    test_threads();
    test_pairs();
    test_grid_loops();
    test_curve_keys();
    test_tiles();
    test_cancel();
    test_depenetrate();
    test_sweep_entry_points();
    test_transform();
    test_ray_entries();
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures != 0;
}
