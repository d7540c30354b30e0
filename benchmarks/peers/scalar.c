/*
 * One call on one pair: pycollide's scalar overlap kernels beside cute_c2's
 * scalar functions (benchmarks/scalar.py builds and runs this).
 *
 *     scalar N REPEATS [ftz]
 *
 * Built with -DWITH_CUTE_C2 (and cute_c2.h on the include path, its
 * implementation in a translation unit of its own) it times cute_c2 too;
 * without, pycollide alone.  Each kernel lives in another translation unit
 * (pycollide's in its library), so every call is a real call, as a user's
 * code makes it.  With "ftz" the timing loops run with the caller's thread in
 * flush-to-zero and denormals-are-zero mode (as audio and game code often
 * sets): pycollide's answers must not change, and the figure shows what that
 * guarantee costs there.
 *
 * The pairs: N per pair kind, the second shape placed near the first (about
 * half overlap), every coordinate a float32 value so both libraries see the
 * same shapes.  Output: one JSON object per line,
 *   {"pair": ..., "lib": "pycollide"|"cute_c2", "ns": best ns/call, "hits": overlaps}
 * and for cute_c2 also "differ": the pairs where its answer is not
 * pycollide's exact one (touching counts as overlapping in pycollide's
 * touching mode; cute_c2 computes in float with its own tolerances).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pycollide.h"
#ifdef WITH_CUTE_C2
#include "cute_c2.h"
/* defined with external linkage by cute_c2's implementation, not declared in its header */
int c2AABBtoPoint(c2AABB A, c2v B);
int c2CircleToPoint(c2Circle A, c2v B);
#endif
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static double uniform(double lo, double hi) /* a float32 value in [lo, hi) */
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    double u = (double)(rng_state >> 11) * 0x1p-53;
    return (double)(float)(lo + (hi - lo) * u);
}

typedef struct { double x, y; } xy;
static xy near_point(xy c, double d) { return (xy){uniform(c.x - d, c.x + d), uniform(c.y - d, c.y + d)}; }

static int n_pairs, repeats;
static unsigned char *answers;

static void report(const char *pair, const char *lib, double best, long hits, long differ)
{
    printf("{\"pair\": \"%s\", \"lib\": \"%s\", \"ns\": %.3f, \"hits\": %ld", pair, lib, 1e9 * best / n_pairs, hits);
    if (differ >= 0) printf(", \"differ\": %ld", differ);
    printf("}\n");
    fflush(stdout);
}

/* TIME(pair, lib, is_pc, CALL): the best of `repeats` loops over the pairs.
 * pycollide's answers are kept in `answers`; a peer's are compared with them. */
#define TIME(PAIR, LIB, IS_PC, CALL)                          \
    do {                                                      \
        double best = 1e30;                                   \
        long hits = 0, differ = 0;                            \
        for (int rep = 0; rep < repeats; rep++) {             \
            long h = 0;                                       \
            double t0 = now();                                \
            for (int i = 0; i < n_pairs; i++) h += (CALL);    \
            double t = now() - t0;                            \
            if (t < best) best = t;                           \
            hits = h;                                         \
        }                                                     \
        for (int i = 0; i < n_pairs; i++) {                   \
            int r = (CALL) != 0;                              \
            if (IS_PC)                                        \
                answers[i] = (unsigned char)r;                \
            else                                              \
                differ += r != answers[i];                    \
        }                                                     \
        report(PAIR, LIB, best, hits, (IS_PC) ? -1 : differ); \
    } while (0)

#ifdef WITH_CUTE_C2
static c2v v2(double x, double y) { return (c2v){(float)x, (float)y}; }
static c2Circle c2_circle(pc_circle c) { return (c2Circle){v2(c.x, c.y), (float)c.r}; }
static c2AABB c2_box(pc_box b) { return (c2AABB){v2(b.xmin, b.ymin), v2(b.xmax, b.ymax)}; }
static c2Capsule c2_segment(pc_segment s) { return (c2Capsule){v2(s.x0, s.y0), v2(s.x1, s.y1), 0.0f}; }
static c2Poly c2_triangle(pc_triangle t)
{
    c2Poly p;
    memset(&p, 0, sizeof p);
    p.count = 3;
    p.verts[0] = v2(t.x0, t.y0);
    p.verts[1] = v2(t.x1, t.y1);
    p.verts[2] = v2(t.x2, t.y2);
    c2MakePoly(&p); /* hull and normals, outside the timed loop as its users do */
    return p;
}
#define PEER(PAIR, CALL) TIME(PAIR, "cute_c2", 0, CALL)
#else
#define PEER(PAIR, CALL) ((void)0)
#endif
/* one pair: pycollide's call, then the peer's on the same shapes */
#define ROW(PAIR, PC_CALL, PEER_CALL)        \
    do {                                     \
        TIME(PAIR, "pycollide", 1, PC_CALL); \
        PEER(PAIR, PEER_CALL);               \
    } while (0)

/* the shapes, one array per kind and role (a: first shape, b: second) */
static pc_point *pa;
static pc_circle *ca, *cb;
static pc_box *ba, *bb;
static pc_segment *sa, *sb;
static pc_triangle *ta, *tb;

static pc_circle circle_at(xy c) { return (pc_circle){c.x, c.y, uniform(0.2, 1.0)}; }
static pc_box box_at(xy c)
{
    double w = uniform(0.2, 1.0), h = uniform(0.2, 1.0);
    return (pc_box){(float)(c.x - w), (float)(c.y - h), (float)(c.x + w), (float)(c.y + h)};
}
static pc_segment segment_at(xy c)
{
    xy p = near_point(c, 1.0), q = near_point(c, 1.0);
    return (pc_segment){p.x, p.y, q.x, q.y};
}
static pc_triangle triangle_at(xy c)
{
    for (;;) { /* not too thin: its area at least a tenth of its box's */
        xy p = near_point(c, 1.0), q = near_point(c, 1.0), r = near_point(c, 1.0);
        double area = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
        if (area > 0.2 || area < -0.2) return (pc_triangle){p.x, p.y, q.x, q.y, r.x, r.y};
    }
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: scalar N REPEATS [ftz]\n");
        return 2;
    }
    n_pairs = atoi(argv[1]);
    repeats = atoi(argv[2]);
    int ftz = argc > 3 && strcmp(argv[3], "ftz") == 0;
    if (n_pairs <= 0 || repeats <= 0) return 2;
    pa = malloc(sizeof *pa * n_pairs);
    ca = malloc(sizeof *ca * n_pairs), cb = malloc(sizeof *cb * n_pairs);
    ba = malloc(sizeof *ba * n_pairs), bb = malloc(sizeof *bb * n_pairs);
    sa = malloc(sizeof *sa * n_pairs), sb = malloc(sizeof *sb * n_pairs);
    ta = malloc(sizeof *ta * n_pairs), tb = malloc(sizeof *tb * n_pairs);
    answers = malloc(n_pairs);
    if (!pa || !ca || !cb || !ba || !bb || !sa || !sb || !ta || !tb || !answers) return 1;
    for (int i = 0; i < n_pairs; i++) {
        xy c = {uniform(0, 100), uniform(0, 100)};
        xy d = near_point(c, 1.5);
        pa[i] = (pc_point){d.x, d.y};
        ca[i] = circle_at(c), cb[i] = circle_at(d);
        ba[i] = box_at(c), bb[i] = box_at(d);
        sa[i] = segment_at(c), sb[i] = segment_at(d);
        ta[i] = triangle_at(c), tb[i] = triangle_at(d);
    }
#ifdef WITH_CUTE_C2
    c2Circle *qca = malloc(sizeof *qca * n_pairs);
    c2AABB *qba = malloc(sizeof *qba * n_pairs), *qbb = malloc(sizeof *qbb * n_pairs);
    c2Capsule *qsa = malloc(sizeof *qsa * n_pairs), *qsb = malloc(sizeof *qsb * n_pairs);
    c2Circle *qcb = malloc(sizeof *qcb * n_pairs);
    c2Poly *qta = malloc(sizeof *qta * n_pairs), *qtb = malloc(sizeof *qtb * n_pairs);
    c2v *qpa = malloc(sizeof *qpa * n_pairs);
    if (!qca || !qba || !qbb || !qsa || !qsb || !qcb || !qta || !qtb || !qpa) return 1;
    for (int i = 0; i < n_pairs; i++) {
        qpa[i] = v2(pa[i].x, pa[i].y);
        qca[i] = c2_circle(ca[i]), qcb[i] = c2_circle(cb[i]);
        qba[i] = c2_box(ba[i]), qbb[i] = c2_box(bb[i]);
        qsa[i] = c2_segment(sa[i]), qsb[i] = c2_segment(sb[i]);
        qta[i] = c2_triangle(ta[i]), qtb[i] = c2_triangle(tb[i]);
    }
#endif
#if defined(__x86_64__)
    if (ftz) _mm_setcsr(_mm_getcsr() | 0x8040u);
#else
    if (ftz) fprintf(stderr, "scalar: ftz is only set on x86-64; timing in the standard mode\n");
#endif
    const int T = PC_TOUCHING;
    ROW("point-circle", pc_overlap_point_circle(&pa[i], &ca[i], T), c2CircleToPoint(qca[i], qpa[i]));
    ROW("point-box", pc_overlap_point_box(&pa[i], &ba[i], T), c2AABBtoPoint(qba[i], qpa[i]));
    ROW("circle-circle", pc_overlap_circle_circle(&ca[i], &cb[i], T), c2CircletoCircle(qca[i], qcb[i]));
    ROW("circle-box", pc_overlap_circle_box(&ca[i], &bb[i], T), c2CircletoAABB(qca[i], qbb[i]));
    ROW("box-box", pc_overlap_box_box(&ba[i], &bb[i], T), c2AABBtoAABB(qba[i], qbb[i]));
    ROW("circle-segment", pc_overlap_circle_segment(&ca[i], &sb[i], T), c2CircletoCapsule(qca[i], qsb[i]));
    ROW("box-segment", pc_overlap_box_segment(&ba[i], &sb[i], T), c2AABBtoCapsule(qba[i], qsb[i]));
    ROW("segment-segment", pc_overlap_segment_segment(&sa[i], &sb[i], T), c2CapsuletoCapsule(qsa[i], qsb[i]));
    ROW("circle-triangle", pc_overlap_circle_triangle(&ca[i], &tb[i], T), c2CircletoPoly(qca[i], &qtb[i], NULL));
    ROW("box-triangle", pc_overlap_box_triangle(&ba[i], &tb[i], T), c2AABBtoPoly(qba[i], &qtb[i], NULL));
    ROW("segment-triangle", pc_overlap_segment_triangle(&sa[i], &tb[i], T), c2CapsuletoPoly(qsa[i], &qtb[i], NULL));
    ROW("triangle-triangle", pc_overlap_triangle_triangle(&ta[i], &tb[i], T),
        c2PolytoPoly(&qta[i], NULL, &qtb[i], NULL));
    return 0;
}
