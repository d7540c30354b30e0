/* Predicates, the overlap kernels and their batch, validation, kinds
 * (bounds, placement) and the walker: predicates.c, overlap.c, batch.c,
 * validate.c, kinds.c, walk.c. */
#include "test.h"

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

/* Each scalar kernel at a touching case and one ulp apart; bad arguments. */
static void test_scalar_kernels(void)
{
    pc_point p = {1, 1};
    pc_circle c = {0, 0, 1};
    pc_box unit = {0, 0, 1, 1};
    pc_segment diag = {0, 0, 2, 2};
    pc_triangle tri = {0, 0, 2, 0, 0, 2};

    CHECK(pc_overlap_point_point(&p, &(pc_point){1, 1}, PC_TOUCHING));
    CHECK(!pc_overlap_point_point(&p, &(pc_point){1, nextafter(1, 2)}, PC_TOUCHING));
    CHECK(pc_overlap_point_circle(&(pc_point){1, 0}, &c, PC_TOUCHING)); /* on the circle */
    CHECK(!pc_overlap_point_circle(&(pc_point){nextafter(1, 2), 0}, &c, PC_TOUCHING));
    CHECK(pc_overlap_point_box(&p, &unit, PC_TOUCHING)); /* corner */
    CHECK(pc_overlap_point_segment(&p, &diag, PC_TOUCHING));
    CHECK(!pc_overlap_point_segment(&(pc_point){3, 3}, &diag, PC_TOUCHING)); /* on the line, past the end */
    CHECK(pc_overlap_point_triangle(&p, &tri, PC_TOUCHING));                 /* on the hypotenuse */
    CHECK(!pc_overlap_point_triangle(&(pc_point){1, nextafter(1, 2)}, &tri, PC_TOUCHING));
    CHECK(pc_overlap_circle_circle(&c, &(pc_circle){2, 0, 1}, PC_TOUCHING)); /* touching */
    CHECK(!pc_overlap_circle_circle(&c, &(pc_circle){2, 0, nextafter(1, 0)}, PC_TOUCHING));
    CHECK(pc_overlap_circle_box(&(pc_circle){2, 1, 1}, &unit, PC_TOUCHING));
    CHECK(!pc_overlap_circle_box(&(pc_circle){2, 2, 1}, &unit, PC_TOUCHING)); /* corner gap */
    CHECK(pc_overlap_circle_segment(&(pc_circle){0, 2, sqrt(2.0)}, &diag, PC_TOUCHING) ==
          (1 /* sqrt(2) rounds up: 2 <= fl(sqrt 2)^2 */));
    CHECK(pc_overlap_circle_triangle(&(pc_circle){1, 1, 0}, &tri, PC_TOUCHING));
    CHECK(pc_overlap_box_box(&unit, &(pc_box){1, 1, 2, 2}, PC_TOUCHING));
    CHECK(!pc_overlap_box_box(&unit, &(pc_box){nextafter(1, 2), 0, 2, 1}, PC_TOUCHING));
    CHECK(pc_overlap_box_segment(&unit, &(pc_segment){2, 0, 0, 2}, PC_TOUCHING)); /* through the corner (1, 1) */
    CHECK(!pc_overlap_box_segment(&unit, &(pc_segment){2, 0, 0, nextafter(2, 3)},
                                  PC_TOUCHING));                              /* passes just above (1, 1) */
    CHECK(pc_overlap_box_triangle(&(pc_box){1, 1, 2, 2}, &tri, PC_TOUCHING)); /* corner on the hypotenuse */
    CHECK(!pc_overlap_box_triangle(&(pc_box){nextafter(1, 2), nextafter(1, 2), 2, 2}, &tri, PC_TOUCHING));
    CHECK(pc_overlap_segment_segment(&diag, &(pc_segment){0, 2, 2, 0}, PC_TOUCHING));
    CHECK(pc_overlap_segment_segment(&diag, &(pc_segment){2, 2, 3, 3}, PC_TOUCHING)); /* collinear, shared end */
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
#define BAD_CALLS(A, B, a, b)                                           \
    CHECK(pc_overlap_##A##_##B(NULL, &(b), PC_TOUCHING) == PC_ERR_ARG); \
    CHECK(pc_overlap_##A##_##B(&(a), NULL, PC_STRICT) == PC_ERR_ARG);   \
    CHECK(pc_overlap_##A##_##B(&(a), &(b), 2) == PC_ERR_ARG);           \
    CHECK(pc_overlap_##A##_##B(&(a), &(b), -1) == PC_ERR_ARG);          \
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
        CHECK(pc_overlap_point_circle(&(pc_point){3 * s, 4 * s}, &c, PC_TOUCHING));          /* exactly on it */
        CHECK(pc_overlap_circle_circle(&c, &(pc_circle){6 * s, 8 * s, 5 * s}, PC_TOUCHING)); /* touching */
        CHECK(pc_overlap_circle_segment(&(pc_circle){0, 5 * s, 5 * s}, &(pc_segment){-s, 0, s, 0}, PC_TOUCHING));
        CHECK(pc_overlap_segment_segment(&(pc_segment){0, 0, 2 * s, 2 * s}, &(pc_segment){0, 2 * s, 2 * s, 0},
                                         PC_TOUCHING));
        CHECK(pc_overlap_point_segment(&(pc_point){s, s}, &(pc_segment){0, 0, 2 * s, 2 * s}, PC_TOUCHING));
        if (k <= 968) {
            double big = 4 * s; /* still finite */
            CHECK(!pc_overlap_point_circle(&(pc_point){big, big}, &(pc_circle){0, 0, big}, PC_TOUCHING));
        }
    }
    /* a far offset with a tiny feature: exact despite cancellation */
    double off = 0x1p60;
    CHECK(pc_overlap_point_segment(&(pc_point){off + 2048, off + 2048}, &(pc_segment){off, off, off + 4096, off + 4096},
                                   PC_TOUCHING));
    CHECK(!pc_overlap_point_segment(&(pc_point){off + 2048, off + 4096},
                                    &(pc_segment){off, off, off + 4096, off + 4096}, PC_TOUCHING));
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
    CHECK(pc_overlaps_batch(PC_CIRCLE, &circles[0][0], sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, shape,
                            PC_TOUCHING, 10.0, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 1 && out[0][1] == 0 && out[0][2] == 0);
    CHECK(out[1][0] == 0 && out[1][1] == 1 && out[1][2] == 0);
    /* reversed order gives the transpose */
    uint8_t rev[3][2];
    int64_t shape_r[2] = {3, 2}, sa_r[2] = {2, 0}, sb_r[2] = {0, 3}, so_r[2] = {2, 1};
    CHECK(pc_overlaps_batch(PC_POINT, &points[0][0], sa_r, PC_CIRCLE, &circles[0][0], sb_r, &rev[0][0], so_r, 2,
                            shape_r, PC_TOUCHING, INFINITY, 1, NULL) == PC_OK);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) CHECK(rev[j][i] == out[i][j]);
    CHECK(pc_overlaps_batch(40, &points[0][0], sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, shape, PC_TOUCHING,
                            INFINITY, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_overlaps_batch(PC_POINT, NULL, sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, shape, PC_TOUCHING,
                            INFINITY, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_overlaps_batch(PC_POINT, &points[0][0], sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, shape, 7,
                            INFINITY, 1, NULL) == PC_ERR_ARG);
    int64_t empty[2] = {0, 3};
    CHECK(pc_overlaps_batch(PC_POINT, &points[0][0], sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, empty,
                            PC_TOUCHING, INFINITY, 1, NULL) == PC_OK);
}

static void test_strict(void)
{
    pc_box unit = {0, 0, 1, 1};
    CHECK(pc_overlap_box_box(&unit, &(pc_box){1, 0, 2, 1}, PC_TOUCHING)); /* shared edge */
    CHECK(!pc_overlap_box_box(&unit, &(pc_box){1, 0, 2, 1}, PC_STRICT));
    CHECK(pc_overlap_box_box(&unit, &(pc_box){nextafter(1, 0), 0, 2, 1}, PC_STRICT));
    pc_segment s1 = {0, 0, 2, 2}, s2 = {0, 2, 2, 0}, s3 = {1, 1, 3, 3};
    CHECK(pc_overlap_segment_segment(&s1, &s2, PC_STRICT));  /* proper crossing */
    CHECK(!pc_overlap_segment_segment(&s1, &s3, PC_STRICT)); /* collinear overlap */
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
    CHECK(!pc_overlap_segment_triangle(&(pc_segment){-1, 0, 3, 0}, &tri, PC_STRICT)); /* along an edge */
    CHECK(!pc_overlap_point_point(&(pc_point){1, 1}, &(pc_point){1, 1}, PC_STRICT));
}

/* Results must not depend on the caller's floating-point environment. */
static void test_fp_environment(void)
{
#if defined(__x86_64__)
    double tiny = 0x1p-1070; /* subnormal */
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
        pc_overlaps_batch(PC_POINT, pts, NULL, PC_CIRCLE, circ, NULL, &out, NULL, 0, NULL, PC_TOUCHING, 5 * tiny, 1,
                          NULL);
        unsigned int after = _mm_getcsr();
        _mm_setcsr(saved);
        for (int i = 0; i < 4; i++) CHECK(got[i] == expect[i]);
        CHECK(out == 0);
        CHECK(sliver_in == 1);
        CHECK(after == modes[k]); /* the caller's environment is restored */
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
    filter_rng ^= filter_rng << 13;
    filter_rng ^= filter_rng >> 7;
    filter_rng ^= filter_rng << 17;
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

/* point-box and box-box in every mode (DAZ compares their values by their
 * bits): coordinates drawn from zeros of both signs, subnormals of both
 * signs, ordinary values and infinities, and a NaN now and then; the answers
 * those of the standard mode */
static void test_box_compares_every_mode(void)
{
#if defined(__x86_64__)
    static const double v[] = {0.0,        -0.0, 0x1p-1074, -0x1p-1074, 0x1p-1060, -0x1p-1060, 0x1p-1022,
                               -0x1p-1022, 1.0,  -1.0,      INFINITY,   -INFINITY, NAN};
    enum { NV = sizeof v / sizeof v[0] };
    unsigned int saved = _mm_getcsr(), base = saved & ~0xE040u, state = 11;
    long wrong = 0;
    for (int trial = 0; trial < 20000; trial++) {
        double c[6];
        for (int k = 0; k < 6; k++) {
            int i = (int)(unit_random(&state) * NV);
            c[k] = v[i < NV ? i : NV - 1];
            if (c[k] != c[k] && trial % 13) c[k] = 0.0; /* NaN in one trial in 13 */
        }
        pc_box b1 = {fmin(c[0], c[1]), fmin(c[2], c[3]), fmax(c[0], c[1]), fmax(c[2], c[3])};
        if (trial % 3 == 0) b1.xmax = c[1]; /* the order not guaranteed: as a caller may pass it */
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
    static const double scales[] = {0x1p-1070, 0x1p-1040, 0x1p-1000, 0x1p-540, 0x1p-511, 0x1p-300,  1.0,      0x1p-30,
                                    0x1p+300,  0x1p+480,  0x1p+500,  0x1p+511, 0x1p+600, 0x1p+1000, 0x1p+1020};
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
                                    fprintf(stderr,
                                            "fast path wrong: kernel %d, mode %d, scale %a, case %d, mxcsr %#x\n", j, m,
                                            scales[si], k, mode);
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
                if (pc__perp_sum(&f, v[0], v[1], v[2], v[3], v[4], v[5], v[6] * 0.5, v[6] * 0.5) != exact ||
                    pc__perp_sum(&f, v[0], v[1], v[2], v[3], v[4], v[5], 0.0, v[6]) != exact ||
                    pc__perp2(v[0], v[1], v[2], v[3], v[4], v[5], v[6], 0.0) != exact)
                    got = 2;
            }
            if (got != exact && stage_wrong++ < 5)
                fprintf(stderr, "filter disagrees with the exact sign: predicate %d, looseness %g\n", which,
                        looseness[l]);
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
        if (i % 11 == 0) {
            qx = px + r;
            qy = py;
            r1 = r;
            r2 = 0;
        } /* exactly touching where r is exact */
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
    CHECK(pc_kind_width(PC_TRIANGLE) == 6 && pc_kind_width(12) == PC_ERR_KIND &&
          pc_kind_width(PC_KIND_COUNT + 1) == PC_ERR_KIND);
}

/* The one-pass copy: strided, unaligned and byte-swapped input, the first bad
 * row whatever the thread count, and in place. */
static void test_validate_copy(void)
{
    enum { N = 100003 }; /* several chunks, odd */
    double *src = malloc(sizeof(double) * 3 * N), *dst = malloc(sizeof(double) * 3 * N);
    for (int64_t i = 0; i < N; i++) {
        src[3 * i] = (double)i;
        src[3 * i + 1] = -0.5 * (double)i;
        src[3 * i + 2] = 1.0;
    }
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
        CHECK(pc_validate_copy(PC_CIRCLE, src, 1, shape, st, 8, 0, dst, &bad, &mag, threads, NULL) ==
                  PC_RULE_NONFINITE &&
              bad == 88888);
    src[3 * 88888] = 1.0;
    CHECK(pc_validate_copy(PC_CIRCLE, src, 1, shape, st, 8, 0, dst, &bad, &mag, 2, NULL) == PC_RULE_RADIUS &&
          bad == 99999);
    CHECK(pc_validate_copy(PC_CIRCLE, src, 1, shape, st, 8, 0, src, &bad, &mag, 2, NULL) == PC_RULE_RADIUS &&
          bad == 99999);
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
    CHECK(pc_validate_copy(PC_LINE, line, 0, NULL, NULL, 8, 0, out, &bad, &mag, 1, NULL) == PC_RULE_LINE_POINTS &&
          bad == 0);
    CHECK(pc_validate_copy(40, line, 0, NULL, NULL, 8, 0, out, &bad, &mag, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_validate_copy(PC_LINE, line, 1, NULL, NULL, 8, 0, out, &bad, &mag, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_validate_copy(PC_BOX, raw + 1, 1, two, rows, 16, 1, (double *)(void *)(raw + 1), &bad, &mag, 1, NULL) ==
          PC_ERR_ARG);
    free(src);
    free(dst);
}

/* Threads: a 3-d batch with broadcast and strided operands, long enough for
 * many chunks with rows that straddle chunk ends, gives the same bytes for any
 * thread count as one element at a time. */
static void test_batch_threads(void)
{
    enum { P = 3, Q = 7, R = 9001 }; /* R is not a multiple of the chunk */
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
        CHECK(pc_overlaps_batch(PC_CIRCLE, &circles[0][0], sa, PC_BOX, &boxes[0][0][0], sb, &many[0][0][0], so, 3,
                                shape, PC_TOUCHING, INFINITY, threads[t], NULL) == PC_OK);
        CHECK(memcmp(one, many, sizeof one) == 0);
    }
    /* every element is visited exactly once: a hit count that a double visit or a gap would change */
    long hits = 0;
    for (int p = 0; p < P; p++)
        for (int q = 0; q < Q; q++)
            for (int r = 0; r < R; r++) hits += one[p][q][r];
    CHECK(hits > 0 && hits < (long)P * Q * R);
}

/* pc__perp_dir: the line through a along d against the disk (c, r), exact at
 * tangency and one ulp either side, at every scale. */
static void test_perp_dir(void)
{
    for (int e = -1000; e <= 1000; e += 250) {
        double s = ldexp(1.0, e);
        CHECK(pc__perp_dir(3 * s, 0, 0, s, 2 * s, 0, s) == 0);                   /* tangent */
        CHECK(pc__perp_dir(3 * s, 0, 0, nextafter(s, 2 * s), 2 * s, 0, s) == 1); /* just apart */
        CHECK(pc__perp_dir(3 * s, 0, 0, nextafter(s, 0), 2 * s, 0, s) == -1);    /* just across */
        CHECK(pc__perp_dir(1e-300, 1e-300, 0, 0, 5 * s, 5 * s, 0) == 0);         /* through the centre */
    }
}

/* The gap to a line along an axis (pc__perp2, pc__perp_dir2 without big
 * numbers): exactly touching, an ulp either side, radii whose sum rounds,
 * at every scale, both axes, and differences that overflow. */
static void test_axis_gaps(void)
{
    for (int e = -1070; e <= 1000; e += 107) {
        double s = ldexp(1.0, e), r = 3 * s;
        const double gaps[5] = {r, nextafter(r, 0), nextafter(r, INFINITY), -r, -nextafter(r, INFINITY)};
        for (int k = 0; k < 5; k++)
            for (int vertical = 0; vertical < 2; vertical++) {
                /* a 5s along the axis, b 9s, c 6s along it and gaps[k] across */
                double a[2] = {0, 0}, b[2] = {0, 0}, c[2] = {0, 0};
                a[vertical] = 5 * s;
                b[vertical] = 9 * s;
                c[vertical] = 6 * s;
                c[!vertical] = gaps[k];
                int exact = pc__perp_exact(a[0], a[1], b[0], b[1], c[0], c[1], r);
                CHECK(exact == (k == 0 || k == 3 ? 0 : k == 1 ? -1 : 1));
                CHECK(pc__perp2(a[0], a[1], b[0], b[1], c[0], c[1], 2 * s, s) == exact);
                CHECK(pc__perp_dir2(b[0] - a[0], b[1] - a[1], a[0], a[1], c[0], c[1], s, 2 * s) == exact);
            }
        /* r1 + r2 rounds to r1: the exact sum still decides */
        if (e > -1000) {
            CHECK(pc__perp2(0, 0, 4 * s, 0, s, s, s, s * 0x1p-60) == -1);
            CHECK(pc__perp2(0, 0, 4 * s, 0, s, nextafter(s, INFINITY), s, s * 0x1p-60) == 1);
            CHECK(pc__perp_dir2(0, 4 * s, 0, s, s, s, s, s * 0x1p-60) == -1);
        }
    }
    /* c - a overflows: the big numbers decide */
    CHECK(pc__perp2(-DBL_MAX, -DBL_MAX, DBL_MAX, -DBL_MAX, 0.0, DBL_MAX, 1.0, 0.0) == 1);
    CHECK(pc__perp_dir2(1.0, 0.0, 0.0, -DBL_MAX, 0.0, DBL_MAX, DBL_MAX, DBL_MAX) == 0);
    CHECK(pc__perp_dir2(1.0, 0.0, 0.0, -DBL_MAX, 0.0, DBL_MAX, DBL_MAX, 0.5 * DBL_MAX) == 1);
}

/* the exact sign helpers */
static void test_exact_sign_helpers(void)
{
    CHECK(pc__cross_dir(1.0, 1.0, 0.0, 0.0, 0x1p-60, 0x1p-60) == 0);
    CHECK(pc__cross_dir(1.0, 1.0, 0.0, 0.0, 1.0, 1.0 + 0x1p-52) == 1);
    CHECK(pc__dot_dir(1.0, 0.0, 1e300, 0.0, 1e300, 5.0) == 0);
    CHECK(pc__sumsq_cmp(3.0, 4.0, 5.0, 0.0) == 0);
    CHECK(pc__sumsq_cmp(3.0, nextafter(4.0, 5.0), 5.0, 0.0) == 1);
    CHECK(pc__sumsq_cmp(1e200, 1e200, 1e200, nextafter(1e200, 0.0)) == 1);
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
    CHECK(pc_overlaps_batch(PC_CIRCLE, circles, sc, PC_BOX, box, sb, out, so, 1, n, PC_TOUCHING, 9, 1, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(out[0] == 7 && out[3] == 7);
    CHECK(pc_overlaps_batch(PC_CIRCLE, circles, sc, PC_BOX, box, sb, ref, so, 1, n, PC_TOUCHING, 9, 1, NULL) == PC_OK);
    flag = 0;
    CHECK(pc_overlaps_batch(PC_CIRCLE, circles, sc, PC_BOX, box, sb, out, so, 1, n, PC_TOUCHING, 9, 1, &flag) == PC_OK);
    CHECK(memcmp(out, ref, sizeof out) == 0 && ref[0] == 1 && ref[2] == 0);

    int64_t need = pc_pairs_workspace(PC_CIRCLE, 4, PC_CIRCLE, 0), pairs[16], found = -1;
    void *work = malloc((size_t)need);
    flag = 1;
    CHECK(pc_pairs(PC_CIRCLE, circles, 4, PC_CIRCLE, NULL, 0, PC_TOUCHING, 9, 1, work, need, pairs, 8, &found, &flag) ==
          PC_ERR_CANCELLED);
    flag = 0;
    CHECK(pc_pairs(PC_CIRCLE, circles, 4, PC_CIRCLE, NULL, 0, PC_TOUCHING, 9, 1, work, need, pairs, 8, &found, &flag) ==
              PC_OK &&
          found == 1 && pairs[0] == 0 && pairs[1] == 1);
    CHECK(pc_pairs_prepare(PC_CIRCLE, circles, 4, PC_CIRCLE, NULL, 0, work, need) == PC_OK); /* the tree */
    double near[2 * 4] = {-1, -1, -1, -1, -1, -1, -1, -1};
    int64_t sn[1] = {2}, sm0[1] = {0};
    const double no_limit = INFINITY;
    flag = 1;
    CHECK(pc_nearest_tree(work, need, 9, PC_CIRCLE, circles, sc, &no_limit, sm0, near, sn, 1, n, 1, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(near[0] == -1 && near[7] == -1);
    flag = 0;
    CHECK(pc_nearest_tree(work, need, 9, PC_CIRCLE, circles, sc, &no_limit, sm0, near, sn, 1, n, 1, &flag) == PC_OK);
    CHECK(near[0] == 0 && near[1] == 0 && near[6] == 0 && near[7] == 3); /* each is its own nearest */

    /* motion: the event-driven step checks between events, the others in slices */
    pc_world_part world = {NULL, work, need, 9, 0, {0.0, 0.0}, NULL};
    double moving[3] = {20, 0, 1}, vel[2] = {-100, 0};
    int64_t bounces = 0, overlapping[2];
    int64_t room = pc_collide_workspace(1, 1024, 1024);
    void *scratch = malloc((size_t)room);
    flag = 1;
    const double one = 1.0, zero = 0.0;
    CHECK(pc_world_collide(&world, 1, moving, vel, NULL, &bounces, 1, 1.0, &one, 0, &zero, 0, 8, NULL, scratch, room,
                           1024, 1024, overlapping, &flag) == PC_ERR_CANCELLED);
    CHECK(pc_world_advance(&world, 1, moving, vel, NULL, &bounces, 1, 1.0, &one, 0, &zero, 0, 8, NULL, 1, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(moving[0] == 20 && vel[0] == -100 && bounces == 0);
    flag = 0;
    CHECK(pc_world_advance(&world, 1, moving, vel, NULL, &bounces, 1, 1.0, &one, 0, &zero, 0, 8, NULL, 1, &flag) ==
          PC_OK);
    CHECK(moving[0] > 10 && vel[0] == 100 && bounces == 1);
    free(scratch);
    free(work);
}

/* pc_bounds: each side the exact extreme where it is a double, else the
 * double next to it outward (an overflow is infinite); every kind; bad
 * arguments; threads; the cancel flag. */
static void test_bounds(void)
{
    const double circle[3] = {1, 2, 0.5}, speck[3] = {1, 0, 0x1p-60}, huge[3] = {DBL_MAX, 0, DBL_MAX};
    const double point[2] = {2, -3}, box[4] = {-1, 2, 3, 4}, seg[4] = {5, -1, -2, 7};
    const double tri[6] = {0, 0, 3, -1, 1, 5}, pill[5] = {0, 0, 4, -2, 1},
                 pentagon[10] = {0, -2, 2, 0, 1, 3, -1, 3, -2, 0};
    double bb[4];
    CHECK(pc_bounds(PC_CIRCLE, circle, 1, bb, 1, NULL) == PC_OK);
    CHECK(bb[0] == 0.5 && bb[1] == 1.5 && bb[2] == 1.5 && bb[3] == 2.5);
    /* 1 -+ 2^-60 is no double: the next one outward, 1 - 2^-53 and 1 + 2^-52 */
    CHECK(pc_bounds(PC_CIRCLE, speck, 1, bb, 1, NULL) == PC_OK);
    CHECK(bb[0] == 1 - 0x1p-53 && bb[1] == -0x1p-60 && bb[2] == 1 + 0x1p-52 && bb[3] == 0x1p-60);
    CHECK(pc_bounds(PC_CIRCLE, huge, 1, bb, 1, NULL) == PC_OK);
    CHECK(bb[0] == 0 && bb[1] == -DBL_MAX && bb[2] == INFINITY && bb[3] == DBL_MAX);
    /* below zero the steps run the other way; past the greatest double, to the infinity */
    const double below[3] = {-1, -DBL_MAX, 0x1p-60}, tiny[3] = {0x1p-1073, -0x1p-1060, 0x1p-1074};
    CHECK(pc_bounds(PC_CIRCLE, below, 1, bb, 1, NULL) == PC_OK);
    CHECK(bb[0] == nextafter(-1.0, -INFINITY) && bb[2] == nextafter(-1.0, INFINITY) && bb[2] == -1 + 0x1p-53);
    CHECK(bb[1] == -INFINITY && bb[3] == nextafter(-DBL_MAX, INFINITY));
    CHECK(pc_bounds(PC_CIRCLE, tiny, 1, bb, 1, NULL) == PC_OK); /* subnormal sums are exact */
    CHECK(bb[0] == 0x1p-1074 && bb[2] == 0x1.8p-1073 && bb[1] == -0x1p-1060 - 0x1p-1074 &&
          bb[3] == -0x1p-1060 + 0x1p-1074);
    CHECK(pc_bounds(PC_POINT, point, 1, bb, 1, NULL) == PC_OK && bb[0] == 2 && bb[1] == -3 && bb[2] == 2 &&
          bb[3] == -3);
    CHECK(pc_bounds(PC_BOX, box, 1, bb, 1, NULL) == PC_OK && !memcmp(bb, box, sizeof bb));
    CHECK(pc_bounds(PC_SEGMENT, seg, 1, bb, 1, NULL) == PC_OK && bb[0] == -2 && bb[1] == -1 && bb[2] == 5 &&
          bb[3] == 7);
    CHECK(pc_bounds(PC_TRIANGLE, tri, 1, bb, 1, NULL) == PC_OK && bb[0] == 0 && bb[1] == -1 && bb[2] == 3 &&
          bb[3] == 5);
    CHECK(pc_bounds(PC_CAPSULE, pill, 1, bb, 1, NULL) == PC_OK && bb[0] == -1 && bb[1] == -3 && bb[2] == 5 &&
          bb[3] == 1);
    CHECK(pc_bounds(PC_POLYGON + 2, pentagon, 1, bb, 1, NULL) == PC_OK && bb[0] == -2 && bb[1] == -2 && bb[2] == 2 &&
          bb[3] == 3);
    /* bad arguments: nothing written */
    bb[0] = 7;
    CHECK(pc_bounds(PC_LINE, seg, 1, bb, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_bounds(PC_KIND_COUNT, seg, 1, bb, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_bounds(PC_BOX, box, -1, bb, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_bounds(PC_BOX, NULL, 1, bb, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_bounds(PC_BOX, box, 1, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_bounds(PC_BOX, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(bb[0] == 7);
    /* many capsules: the same on one thread and several, each the one-shape answer */
    enum { N = TEST_MANY };
    double *caps = malloc(sizeof(double) * 5 * N), *one = malloc(sizeof(double) * 4 * N),
           *many = malloc(sizeof(double) * 4 * N);
    unsigned state = 7;
    for (int64_t i = 0; i < N; i++)
        random_row(PC_CAPSULE, &state, (double)(i % 300), 0.1 * (double)(i / 300), 0.9, caps + 5 * i);
    CHECK(pc_bounds(PC_CAPSULE, caps, N, one, 1, NULL) == PC_OK);
    CHECK(pc_bounds(PC_CAPSULE, caps, N, many, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(one, many, sizeof(double) * 4 * N));
    int same = 1;
    for (int64_t i = 0; i < N; i += 997) {
        same &= pc_bounds(PC_CAPSULE, caps + 5 * i, 1, bb, 1, NULL) == PC_OK && !memcmp(bb, one + 4 * i, sizeof bb);
        same &= bb[0] <= fmin(caps[5 * i], caps[5 * i + 2]) - caps[5 * i + 4];
    }
    CHECK(same);
    int flag = 1;
    many[0] = 7;
    CHECK(pc_bounds(PC_CAPSULE, caps, N, many, TEST_THREADS, &flag) == PC_ERR_CANCELLED && many[0] == 7);
    free(caps);
    free(one);
    free(many);
}

/* pc_place: copies mirrored and moved, copy-major, each coordinate rounded
 * once, radii kept, a box's min and max in order; a mirror of -0 is none;
 * bad arguments. */
static void test_place(void)
{
    const double boxes[2][4] = {{0, 1, 2, 3}, {-1, -1, 0, 0}};
    const double mx[2] = {-1, 1}, my[2] = {1, -1}, offsets[4] = {10, 0, 0, 0.5};
    double out[4][4];
    CHECK(pc_place(PC_BOX, &boxes[0][0], 2, mx, my, offsets, 2, &out[0][0]) == PC_OK);
    CHECK(out[0][0] == 8 && out[0][1] == 1 && out[0][2] == 10 && out[0][3] == 3); /* copy 0: x mirrored, + 10 */
    CHECK(out[1][0] == 10 && out[1][1] == -1 && out[1][2] == 11 && out[1][3] == 0);
    CHECK(out[2][0] == 0 && out[2][1] == -2.5 && out[2][2] == 2 && out[2][3] == -0.5); /* copy 1: y mirrored, + 0.5 */
    CHECK(out[3][0] == -1 && out[3][1] == 0.5 && out[3][2] == 0 && out[3][3] == 1.5);
    /* a circle and a capsule keep their radii; one rounding: -1 + 0.1 */
    const double circle[3] = {1, 2, 3}, pill[5] = {1, 2, 3, 4, 0.25}, both[1] = {-1}, none[1] = {-0.0},
                 t[2] = {0.1, 0.2};
    double c[3], p[5];
    CHECK(pc_place(PC_CIRCLE, circle, 1, both, both, t, 1, c) == PC_OK);
    CHECK(c[0] == -1.0 + 0.1 && c[1] == -2.0 + 0.2 && c[2] == 3);
    CHECK(pc_place(PC_CAPSULE, pill, 1, none, both, t, 1, p) == PC_OK);
    CHECK(p[0] == 1.0 + 0.1 && p[1] == -2.0 + 0.2 && p[2] == 3.0 + 0.1 && p[3] == -4.0 + 0.2 && p[4] == 0.25);
    const double tri[6] = {0, 0, 4, 0, 0, 2}, big[2] = {DBL_MAX, 0};
    double q[6];
    CHECK(pc_place(PC_TRIANGLE, tri, 1, both, none, big, 1, q) == PC_OK);
    CHECK(q[0] == DBL_MAX && q[2] == DBL_MAX && q[5] == 2); /* DBL_MAX - 4 rounds to DBL_MAX */
    CHECK(pc_place(PC_TRIANGLE, tri, 1, none, none, big, 1, q) == PC_OK && q[2] == DBL_MAX); /* + 4: still DBL_MAX */
    const double far[2] = {DBL_MAX, DBL_MAX};
    CHECK(pc_place(PC_POINT, far, 1, none, none, far, 1, q) == PC_OK &&
          q[0] == INFINITY); /* overflow: the caller's to check */
    /* bad arguments; nothing to do without shapes or copies */
    CHECK(pc_place(PC_KIND_COUNT, tri, 1, none, none, t, 1, q) == PC_ERR_KIND);
    CHECK(pc_place(40, tri, 1, none, none, t, 1, q) == PC_ERR_KIND);
    CHECK(pc_place(PC_TRIANGLE, tri, -1, none, none, t, 1, q) == PC_ERR_ARG);
    CHECK(pc_place(PC_TRIANGLE, tri, 1, none, none, t, -1, q) == PC_ERR_ARG);
    CHECK(pc_place(PC_TRIANGLE, tri, 1, NULL, none, t, 1, q) == PC_ERR_ARG);
    CHECK(pc_place(PC_TRIANGLE, tri, 1, none, none, NULL, 1, q) == PC_ERR_ARG);
    CHECK(pc_place(PC_TRIANGLE, tri, 1, none, none, t, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_place(PC_TRIANGLE, NULL, 0, NULL, NULL, NULL, 3, NULL) == PC_OK);
    CHECK(pc_place(PC_TRIANGLE, tri, 1, NULL, NULL, NULL, 0, NULL) == PC_OK);
}

/* The polygon family is the K-gons and nothing else: a kind numbered after
 * them (the next new kind) is not taken for one by the fast paths. */
static void test_polygon_family_is_bounded(void)
{
    for (int k = 3; k <= PC_POLYGON_MAX; k++) CHECK(pc__polygon_kind(PC_POLYGON + k - 3));
    CHECK(!pc__polygon_kind(PC_POLYGON + PC_POLYGON_MAX - 2));
    CHECK(!pc__polygon_kind(PC_KIND_COUNT) && !pc__polygon_kind(PC_KIND_SLOTS - 1) && !pc__polygon_kind(-1));
    for (int k = 0; k < PC_POLYGON; k++) CHECK(!pc__polygon_kind(k));
    CHECK(!pc__contact_ngon(PC_CIRCLE, PC_KIND_COUNT) && !pc__pairs_prune(PC_KIND_COUNT));
    CHECK(!pc__ix_view_kind(PC_KIND_COUNT) && !pc__contact_polygon_hull(PC_KIND_COUNT));
}

/* Every kind has a view for the generic paths (pc__view_of, generic.c): a
 * new kind without its case there gets an empty view, and fails here. */
static void test_every_kind_has_a_view(void)
{
    pc__filter f = pc__filter_for(10.0);
    unsigned state = 7;
    for (int k = 0; k < PC_KIND_COUNT; k++) {
        double row[2 * PC_POLYGON_MAX] = {0};
        random_row(k, &state, 1.0, 2.0, 1.0, row);
        pc__view v;
        pc__view_of(&f, k, row, &v);
        CHECK(v.n >= 1 && v.n <= PC_POLYGON_MAX);
    }
    pc__view v;
    const double row[2 * PC_POLYGON_MAX] = {0};
    pc__view_of(&f, PC_KIND_COUNT, row, &v);
    CHECK(v.n == 0);
}

void group_kernels(void)
{
    test_polygon_family_is_bounded();
    test_every_kind_has_a_view();
    test_scalar_kernels();
    test_scaling();
    test_batch();
    test_strict();
    test_fp_environment();
    test_scalar_fast_paths_every_mode();
    test_box_compares_every_mode();
    test_perp_dir();
    test_axis_gaps();
    test_exact_sign_helpers();
    test_filters();
    test_circle_slow_stage();
    test_validate();
    test_validate_copy();
    test_bounds();
    test_place();
    test_batch_threads();
    test_cancel();
}
