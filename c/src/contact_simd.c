/*
 * Contacts side by side (SSE2, AVX2): the vector paths and their batch
 * loops, each giving the answer of contact.c's fast paths on cores bit for
 * bit (the C tests compare them, pc__contact_path).  A ball against a
 * triangle or a polygon, its edges two or four to an instruction; two small
 * polygons (triangles, boxes, 3- and 4-gons), a core's four faces to a
 * register; two segment cores.  Each batch loop runs two pairs side by side.
 * contact.c chooses among them (pc__contact_one, pc_contact_batch), on what
 * the processor has.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "contact_common.h"

/* voronoi_region from bit masks (bit k for edge k of n, counter-clockwise):
 * neg, c[k] < 0; fore, t[k] > 0; within, t[k] < |e_k|^2.  Bit k of the
 * result: the foot on edge k (outside it, projecting inside it; also in
 * *foot), or vertex k (before edge k, past edge k - 1 (t >= |e|^2: not
 * within, not before), outside one of them).  voronoi_region's answer is
 * the first set bit from its first edge on. */
static PC_ALWAYS_INLINE unsigned voronoi_bits(unsigned neg, unsigned fore, unsigned within, int n, unsigned *foot)
{
    unsigned full = (1u << n) - 1, before = ~fore & full, past = fore & ~within;
    unsigned prev_past = ((past << 1) | (past >> (n - 1))) & full;
    unsigned prev_neg = ((neg << 1) | (neg >> (n - 1))) & full;
    *foot = neg & fore & within;
    return *foot | (before & prev_past & (neg | prev_neg));
}

/* ---- a ball against a polygon core, edges side by side ----
 * cores_fast's answer for a ball (a point or a circle) against a triangle or
 * a polygon of n vertices, bit for bit, without its general structure: the
 * edges, the sides and projections of the centre (c[k], t[k], as
 * edge_sides finds them) and the magnitude, two or four edges per
 * instruction (SSE2, or AVX2 where the processor has it: the same roundings
 * as one at a time, so the same results); the tests on them as bit masks,
 * one bit an edge; the Voronoi region (the first one voronoi_region returns)
 * from the masks; then the winner's distance and direction by selects
 * (scalar, its loops' compares and their branches, and the foot-or-vertex
 * branch, had cost much of a ball against an 8-gon).  0 where cores_fast is
 * to answer instead (a side not settled by the filter, no region, an edge
 * too short, a gap or a depth within 2^-36 m, magnitudes out of the fast
 * paths' range). */
#ifdef PC_HAVE_SSE2

/* the edges' pass: for edge k of the core (counter-clockwise), its squared
 * length ee[k] and c[k]; bit k of neg: c[k] < 0, of fore: t[k] > 0, of within:
 * t[k] < ee[k]; all_in: every c[k] above the filter's bound, some_out: one
 * below minus it; the magnitude of the core, the least ee[k] */
typedef struct {
    __m128d p[PC_CORE_MAX + 2]; /* (x, y) of core vertex v, cyclic */
    double ee[PC_CORE_MAX], c[PC_CORE_MAX];
    unsigned neg, fore, within;
    int all_in, some_out;
    double mag, ee_min;
    int start; /* the edge the searches begin at: 0, or n - 1 */
} pc__ngon;

/* the lowest set bit of x != 0 */
static PC_ALWAYS_INLINE int pc__lowest_bit(unsigned x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    int k = 0;
    while (!(x >> k & 1)) k++;
    return k;
#endif
}

/* mask ? x : y, lane by lane (mask all ones or all zeros) */
static PC_ALWAYS_INLINE __m128d pick(__m128d mask, __m128d x, __m128d y)
{
    return _mm_or_pd(_mm_and_pd(mask, x), _mm_andnot_pd(mask, y));
}

/* the largest and the least lane */
static PC_ALWAYS_INLINE double lane_max(__m128d v)
{
    return pc__max(_mm_cvtsd_f64(v), _mm_cvtsd_f64(_mm_unpackhi_pd(v, v)));
}
static PC_ALWAYS_INLINE double lane_min(__m128d v)
{
    return pc__min(_mm_cvtsd_f64(v), _mm_cvtsd_f64(_mm_unpackhi_pd(v, v)));
}

/* The core's vertices into g->p, counter-clockwise and cyclic up to index
 * 9: a clockwise row reversed, as polygon_hull does; 0 when the orientation
 * test finds three collinear (the triangle's degenerate, or polygon_hull's
 * three).  cores_fast's hull of a clockwise triangle (the triangle kind,
 * tri) is (v0, v2, v1), as triangle_core gives it: the same edges with the
 * same first vertices, its edge 0 being edge n - 1 here, so the searches
 * that take the first of equals begin there (g->start).  A branch, not
 * selects: the loads need not wait for the orientation. */
static PC_ALWAYS_INLINE int ngon_vertices(const pc__filter *f, const double *s, int n, int tri, pc__ngon *g)
{
    int i1 = n / 3, i2 = 2 * n / 3;
    int o = pc__orient(f, s[0], s[1], s[2 * i1], s[2 * i1 + 1], s[2 * i2], s[2 * i2 + 1]);
    if (!o) return 0;
    g->start = 0;
    if (o > 0) {
        for (int v = 0; v < n; v++) g->p[v] = _mm_loadu_pd(s + 2 * v);
    } else {
        for (int v = 0; v < n; v++) g->p[v] = _mm_loadu_pd(s + 2 * (n - 1 - v));
        g->start = tri ? n - 1 : 0;
    }
    for (int v = n; v < PC_CORE_MAX + 2; v++) g->p[v] = g->p[v - n];
    return 1;
}

/* the edges' pass, two edges at a time (k + 1 = n: a spare lane repeating
 * edge 0, masked off) */
static PC_ALWAYS_INLINE void ngon_edges2(const pc__filter *f, double px, double py, int n, pc__ngon *g)
{
    __m128d PX = _mm_set1_pd(px), PY = _mm_set1_pd(py), ZERO = _mm_setzero_pd();
    __m128d ORIENT = _mm_set1_pd(f->orient), ORIENT_NEG = _mm_set1_pd(f->orient_neg);
    __m128d ABS = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL)), MAG = ZERO;
    __m128d EE_MIN = _mm_set1_pd(INFINITY), IN = _mm_cmpeq_pd(ZERO, ZERO), OUT = ZERO;
    unsigned neg = 0, fore = 0, within = 0;
    const __m128d *p = g->p;
    for (int k = 0; k < n; k += 2) {
        __m128d X0 = _mm_unpacklo_pd(p[k], p[k + 1]), Y0 = _mm_unpackhi_pd(p[k], p[k + 1]);
        __m128d X1 = _mm_unpacklo_pd(p[k + 1], p[k + 2]), Y1 = _mm_unpackhi_pd(p[k + 1], p[k + 2]);
        __m128d EX = _mm_sub_pd(X1, X0), EY = _mm_sub_pd(Y1, Y0);
        __m128d EE = _mm_add_pd(_mm_mul_pd(EX, EX), _mm_mul_pd(EY, EY));
        __m128d WX = _mm_sub_pd(PX, X0), WY = _mm_sub_pd(PY, Y0);
        __m128d C = _mm_sub_pd(_mm_mul_pd(EX, WY), _mm_mul_pd(EY, WX));
        __m128d T = _mm_add_pd(_mm_mul_pd(WX, EX), _mm_mul_pd(WY, EY));
        MAG = _mm_max_pd(MAG, _mm_max_pd(_mm_and_pd(X0, ABS), _mm_and_pd(Y0, ABS)));
        EE_MIN = _mm_min_pd(EE_MIN, EE);
        _mm_storeu_pd(g->ee + k, EE);
        _mm_storeu_pd(g->c + k, C);
        IN = _mm_and_pd(IN, _mm_cmpgt_pd(C, ORIENT));
        OUT = _mm_or_pd(OUT, _mm_cmplt_pd(C, ORIENT_NEG));
        neg |= (unsigned)_mm_movemask_pd(_mm_cmplt_pd(C, ZERO)) << k;
        fore |= (unsigned)_mm_movemask_pd(_mm_cmpgt_pd(T, ZERO)) << k;
        within |= (unsigned)_mm_movemask_pd(_mm_cmplt_pd(T, EE)) << k;
    }
    g->neg = neg;
    g->fore = fore;
    g->within = within;
    g->all_in = _mm_movemask_pd(IN) == 3;
    g->some_out = _mm_movemask_pd(OUT) != 0;
    g->mag = lane_max(MAG);
    g->ee_min = lane_min(EE_MIN);
}

#ifdef PC_HAVE_AVX2
/* the edges' pass, four edges at a time (k + 1..3 >= n: spare lanes
 * repeating edges from 0 on, masked off) */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void ngon_edges4(const pc__filter *f, double px, double py,
                                                                         int n, pc__ngon *g)
{
    __m256d PX = _mm256_set1_pd(px), PY = _mm256_set1_pd(py), ZERO = _mm256_setzero_pd();
    __m256d ORIENT = _mm256_set1_pd(f->orient), ORIENT_NEG = _mm256_set1_pd(f->orient_neg);
    __m256d ABS = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL)), MAG = ZERO;
    __m256d EE_MIN = _mm256_set1_pd(INFINITY), IN = _mm256_cmp_pd(ZERO, ZERO, _CMP_EQ_OQ), OUT = ZERO;
    unsigned neg = 0, fore = 0, within = 0;
    const __m128d *p = g->p;
    for (int k = 0; k < n; k += 4) {
        /* (x_k, y_k, x_k+2, y_k+2) and (x_k+1, y_k+1, x_k+3, y_k+3), and so on */
        __m256d A = _mm256_set_m128d(p[k + 2], p[k]), B = _mm256_set_m128d(p[k + 3], p[k + 1]);
        __m256d B2 = _mm256_set_m128d(p[k + 4], p[k + 2]);
        __m256d X0 = _mm256_unpacklo_pd(A, B), Y0 = _mm256_unpackhi_pd(A, B);
        __m256d X1 = _mm256_unpacklo_pd(B, B2), Y1 = _mm256_unpackhi_pd(B, B2);
        __m256d EX = _mm256_sub_pd(X1, X0), EY = _mm256_sub_pd(Y1, Y0);
        __m256d EE = _mm256_add_pd(_mm256_mul_pd(EX, EX), _mm256_mul_pd(EY, EY));
        __m256d WX = _mm256_sub_pd(PX, X0), WY = _mm256_sub_pd(PY, Y0);
        __m256d C = _mm256_sub_pd(_mm256_mul_pd(EX, WY), _mm256_mul_pd(EY, WX));
        __m256d T = _mm256_add_pd(_mm256_mul_pd(WX, EX), _mm256_mul_pd(WY, EY));
        MAG = _mm256_max_pd(MAG, _mm256_max_pd(_mm256_and_pd(X0, ABS), _mm256_and_pd(Y0, ABS)));
        EE_MIN = _mm256_min_pd(EE_MIN, EE);
        _mm256_storeu_pd(g->ee + k, EE);
        _mm256_storeu_pd(g->c + k, C);
        IN = _mm256_and_pd(IN, _mm256_cmp_pd(C, ORIENT, _CMP_GT_OQ));
        OUT = _mm256_or_pd(OUT, _mm256_cmp_pd(C, ORIENT_NEG, _CMP_LT_OQ));
        neg |= (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(C, ZERO, _CMP_LT_OQ)) << k;
        fore |= (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(T, ZERO, _CMP_GT_OQ)) << k;
        within |= (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(T, EE, _CMP_LT_OQ)) << k;
    }
    g->neg = neg;
    g->fore = fore;
    g->within = within;
    g->all_in = _mm256_movemask_pd(IN) == 15;
    g->some_out = _mm256_movemask_pd(OUT) != 0;
    __m128d M2 = _mm_max_pd(_mm256_castpd256_pd128(MAG), _mm256_extractf128_pd(MAG, 1));
    __m128d E2 = _mm_min_pd(_mm256_castpd256_pd128(EE_MIN), _mm256_extractf128_pd(EE_MIN, 1));
    g->mag = lane_max(M2);
    g->ee_min = lane_min(E2);
}
#endif

/* ngon_result's centre inside the core: the least depth c[k] / |e_k|
 * (ball_polygon's, then meeting_face's), the first of equals from edge
 * `start` on.  A function of its own, called on a few pairs in ten: inlined,
 * its code had made the common case slower (a ball against a triangle). */
static int ngon_inside(const pc__ngon *g, double px, double py, double ra, int n, int start, double floor2,
                       pc__result *res)
{
    const double *c = g->c, *ee = g->ee;
    double best = INFINITY;
    int k = 0;
    for (int j = 0; j < n; j++) {
        int i = j + start < n ? j + start : j + start - n;
        double s2 = c[i] * c[i] / ee[i];
        int b = s2 < best;
        best = b ? s2 : best;
        k ^= (k ^ i) & -b;
    }
    if (!(c[k] * c[k] >= floor2 * ee[k])) return 0;
    double v[4];
    _mm_storeu_pd(v, g->p[k]);
    _mm_storeu_pd(v + 2, g->p[k + 1]);
    double ex = v[2] - v[0], ey = v[3] - v[1];
    double len = sqrt(ee[k]), depth = c[k] / len;
    double ux = ey / len, uy = -ex / len; /* the face's outward normal */
    double cx = px + depth * ux, cy = py + depth * uy;
    double tt = (cx - v[0]) * ex + (cy - v[1]) * ey;
    if (!(tt >= 0 && tt <= ee[k])) return 0; /* off the face */
    face_result(1, ux, uy, cx, cy, depth, res);
    grow(res, ra, 0.0);
    return 1;
}

/* The answer from the edges' pass: inside, the least depth (ball_polygon's,
 * then meeting_face's); outside, the region. */
static PC_ALWAYS_INLINE int ngon_result(const pc__ngon *g, double px, double py, double ra, int n, int start,
                                        double *mag, pc__result *res)
{
    unsigned full = (1u << n) - 1, neg = g->neg & full, fore = g->fore & full, within = g->within & full;
    double m = pc__max(g->mag, pc__max(pc__max(fabs(px), fabs(py)), ra));
    if (!(m <= 0x1p240 && m >= 0x1p-200)) return 0;
    *mag = m;
    double floor2 = 0x1p-72 * (m * m);
    if (!(g->ee_min >= floor2)) return 0; /* an edge too short for squares */
    if (g->all_in) return ngon_inside(g, px, py, ra, n, start, floor2, res);
    const double *c = g->c, *ee = g->ee;
    if (!g->some_out) return 0; /* a side the filter leaves open */
    /* voronoi_region's first region, i = 0, 1, ...: the foot on edge i
     * (outside it, projecting inside it), else vertex i (before edge i,
     * past edge i - 1 (t >= |e|^2: not within, not before), outside one of
     * them) */
    unsigned foot, any = voronoi_bits(neg, fore, within, n, &foot);
    if (!any) return 0;
    unsigned from_start = ((any >> start) | (any << (n - start))) & full;
    int k = pc__lowest_bit(from_start) + start;
    k -= k >= n ? n : 0;
    int at_foot = foot >> k & 1;
    __m128d V = g->p[k], E = _mm_sub_pd(g->p[k + 1], V), W = _mm_sub_pd(V, _mm_set_pd(py, px));
    __m128d W2 = _mm_mul_pd(W, W);
    double d2 = _mm_cvtsd_f64(_mm_add_sd(W2, _mm_unpackhi_pd(W2, W2)));
    if (!((at_foot & (c[k] * c[k] >= floor2 * ee[k])) | (!at_foot & (d2 >= floor2)))) return 0;
    /* the foot: |e_k|, -c / |e_k| and e_k's normal (-ey, ex) / |e_k|; the
     * vertex: the distance d and (v_k - centre) / d (selects: which it is
     * varies from pair to pair) */
    __m128d FOOT = _mm_castsi128_pd(_mm_set1_epi64x(-(long long)at_foot));
    __m128d LEN = _mm_sqrt_pd(pick(FOOT, _mm_set1_pd(ee[k]), _mm_set1_pd(d2)));
    __m128d NORMAL = _mm_xor_pd(_mm_shuffle_pd(E, E, 1), _mm_set_pd(0.0, -0.0));
    __m128d U = _mm_div_pd(pick(FOOT, NORMAL, W), LEN);
    __m128d D = pick(FOOT, _mm_div_pd(_mm_set1_pd(-c[k]), LEN), LEN);
    double u[2];
    _mm_storeu_pd(u, U);
    gap_result(px, py, _mm_cvtsd_f64(D), u[0], u[1], ra, 0.0, res);
    return 1;
}

/* pc__ngon_canonical: pc__contact_canonical for a ball against a triangle or
 * a polygon (ka <= PC_CIRCLE in the canonical order), by the edges' pass
 * EDGES (the vertex count known to the compiler: unrolled loops), else by
 * pc__contact_canonical; ATTR: the instruction set it is compiled for.
 * pc__ngon_canonical_inner: a batch's inner loop by it, two pairs at a time:
 * the edges' passes of both pairs, then both answers.  One pair's work is a
 * chain of latencies (the edges, the masks, the region, a square root, a
 * division) with little beside it to do; two chains side by side keep the
 * processor busy (four at a time gained nothing more). */
#define PC__NGON_CANONICAL(NAME, ATTR, EDGES)                                                                          \
    ATTR static PC_ALWAYS_INLINE int NAME##_edges(const pc__filter *f, const double *a, const double *b, int n,        \
                                                  int tri, pc__ngon *g)                                                \
    {                                                                                                                  \
        if (!ngon_vertices(f, b, n, tri, g)) return 0;                                                                 \
        EDGES(f, a[0], a[1], n, g);                                                                                    \
        return 1;                                                                                                      \
    }                                                                                                                  \
    /* the start a compile-time constant: as a variable it had made a ball       \
     * against a triangle slower */                                     \
    ATTR static PC_ALWAYS_INLINE int NAME##_result(const pc__ngon *g, const double *a, int ka, int n, double *mag,     \
                                                   pc__result *res)                                                    \
    {                                                                                                                  \
        double ra = ka == PC_CIRCLE ? a[2] : 0.0;                                                                      \
        if (g->start) return ngon_result(g, a[0], a[1], ra, n, n - 1, mag, res);                                       \
        return ngon_result(g, a[0], a[1], ra, n, 0, mag, res);                                                         \
    }                                                                                                                  \
    ATTR static PC_ALWAYS_INLINE void NAME##_finish(int done, double m, const pc__filter *f, int ka, int wa,           \
                                                    const double *a, int kb, int wb, const double *b,                  \
                                                    double degenerate_ny, pc__result *res)                             \
    {                                                                                                                  \
        if (done)                                                                                                      \
            settle(f, ka, a, kb, b, 4 * m, res);                                                                       \
        else                                                                                                           \
            pc__contact_canonical(f, ka, wa, a, kb, wb, b, degenerate_ny, res);                                        \
    }                                                                                                                  \
    ATTR static PC_ALWAYS_INLINE void NAME##_n(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb,   \
                                               const double *b, int n, int tri, double degenerate_ny, pc__result *res) \
    {                                                                                                                  \
        pc__ngon g;                                                                                                    \
        double m = 0.0;                                                                                                \
        int done = NAME##_edges(f, a, b, n, tri, &g) && NAME##_result(&g, a, ka, n, &m, res);                          \
        NAME##_finish(done, m, f, ka, wa, a, kb, wb, b, degenerate_ny, res);                                           \
    }                                                                                                                  \
    ATTR void NAME(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb, const double *b,              \
                   double degenerate_ny, pc__result *res)                                                              \
    {                                                                                                                  \
        switch (wb / 2) {                                                                                              \
        case 3: NAME##_n(f, ka, wa, a, kb, wb, b, 3, kb == PC_TRIANGLE, degenerate_ny, res); break;                    \
        case 4: NAME##_n(f, ka, wa, a, kb, wb, b, 4, 0, degenerate_ny, res); break;                                    \
        case 5: NAME##_n(f, ka, wa, a, kb, wb, b, 5, 0, degenerate_ny, res); break;                                    \
        case 6: NAME##_n(f, ka, wa, a, kb, wb, b, 6, 0, degenerate_ny, res); break;                                    \
        case 7: NAME##_n(f, ka, wa, a, kb, wb, b, 7, 0, degenerate_ny, res); break;                                    \
        default: NAME##_n(f, ka, wa, a, kb, wb, b, 8, 0, degenerate_ny, res); break;                                   \
        }                                                                                                              \
    }                                                                                                                  \
    /* the canonical order is the kinds' (a ball's kind comes first) */                                                \
    ATTR static PC_ALWAYS_INLINE void NAME##_pairs(const struct contact_ctx *c, char *const *p, const int64_t *s,      \
                                                   int64_t count, int n, int tri)                                      \
    {                                                                                                                  \
        int swap = c->kb < c->ka, ia = swap, ib = !swap;                                                               \
        int ka = swap ? c->kb : c->ka, kb = swap ? c->ka : c->kb, wa = swap ? c->wb : c->wa;                           \
        int wb = swap ? c->wa : c->wb;                                                                                 \
        double degenerate_ny = swap ? -1.0 : 1.0;                                                                      \
        int64_t i = 0;                                                                                                 \
        for (; i + 1 < count; i += 2) {                                                                                \
            const double *a0 = (const double *)(p[ia] + i * s[ia]), *a1 = (const double *)(p[ia] + (i + 1) * s[ia]);   \
            const double *b0 = (const double *)(p[ib] + i * s[ib]), *b1 = (const double *)(p[ib] + (i + 1) * s[ib]);   \
            pc__ngon g0, g1;                                                                                           \
            pc__result r0, r1;                                                                                         \
            double m0 = 0.0, m1 = 0.0;                                                                                 \
            int e0 = NAME##_edges(c->f, a0, b0, n, tri, &g0), e1 = NAME##_edges(c->f, a1, b1, n, tri, &g1);            \
            int d0 = e0 && NAME##_result(&g0, a0, ka, n, &m0, &r0);                                                    \
            int d1 = e1 && NAME##_result(&g1, a1, ka, n, &m1, &r1);                                                    \
            NAME##_finish(d0, m0, c->f, ka, wa, a0, kb, wb, b0, degenerate_ny, &r0);                                   \
            NAME##_finish(d1, m1, c->f, ka, wa, a1, kb, wb, b1, degenerate_ny, &r1);                                   \
            contact_out(&r0, swap, (double *)(p[2] + i * s[2]));                                                       \
            contact_out(&r1, swap, (double *)(p[2] + (i + 1) * s[2]));                                                 \
        }                                                                                                              \
        if (i < count) {                                                                                               \
            pc__result r;                                                                                              \
            NAME##_n(c->f, ka, wa, (const double *)(p[ia] + i * s[ia]), kb, wb, (const double *)(p[ib] + i * s[ib]),   \
                     n, tri, degenerate_ny, &r);                                                                       \
            contact_out(&r, swap, (double *)(p[2] + i * s[2]));                                                        \
        }                                                                                                              \
    }                                                                                                                  \
    ATTR void NAME##_inner(void *vctx, char *const *p, const int64_t *s, int64_t count)                                \
    {                                                                                                                  \
        const struct contact_ctx *c = vctx;                                                                            \
        int kb = c->ka > c->kb ? c->ka : c->kb, wb = c->ka > c->kb ? c->wa : c->wb;                                    \
        switch (wb / 2) {                                                                                              \
        case 3: NAME##_pairs(c, p, s, count, 3, kb == PC_TRIANGLE); break;                                             \
        case 4: NAME##_pairs(c, p, s, count, 4, 0); break;                                                             \
        case 5: NAME##_pairs(c, p, s, count, 5, 0); break;                                                             \
        case 6: NAME##_pairs(c, p, s, count, 6, 0); break;                                                             \
        case 7: NAME##_pairs(c, p, s, count, 7, 0); break;                                                             \
        default: NAME##_pairs(c, p, s, count, 8, 0); break;                                                            \
        }                                                                                                              \
    }

PC__NGON_CANONICAL(pc__ngon_canonical, , ngon_edges2)
#ifdef PC_HAVE_AVX2
PC__NGON_CANONICAL(pc__ngon_canonical_avx2, __attribute__((target("avx2"))), ngon_edges4)
#endif
#undef PC__NGON_CANONICAL
#endif /* PC_HAVE_SSE2 */

#ifdef PC_HAVE_AVX2
/* ---- two small polygons, side by side ----
 * cores_fast's answer for two cores of three or four vertices (triangles,
 * boxes, 3- and 4-gons; not two boxes, which box_box answers), bit for bit,
 * without its general structure: a core's hull, edges and faces in the
 * lanes of one register each (AVX2, chosen at run time; with three
 * vertices lane 3 repeats lane 0, as in faces_small, whose arithmetic this
 * is), no descriptor call, no loop over vertices or axes; the best axis
 * (the first of the greatest keys, as cores_sat's scan finds it) from a
 * mask; sat_answer's reads taken from the lanes, its cases (apart or
 * meeting, which side's face) by selects, and corner_pair's Voronoi regions
 * by bit masks.  Only pc__cores_apart, where corner_pair's proof fails,
 * reads hulls written out.  0 where pc__contact_canonical is to answer (a
 * winding the filter leaves open, magnitudes outside cores_sat's range, an
 * edge too short, or cores_fast's own 0), which then finds the same answer
 * the long way.  The scalar path's branches had been mispredicted, and its
 * corner search, on a fifth of the benchmark's pairs, had been slow. */

/* a small core's lanes: vertices, edges to the next vertex, their squared
 * lengths, and the row's absolute values (their greatest is its magnitude) */
typedef struct { __m256d x, y, ex, ey, ee, mag; } pc__small;

/* vpermps indices (a double's two halves) taking a core's vertices (x, y)
 * and their successors (next x, next y) from the vectors a row is loaded
 * into, by layout and winding (counter-clockwise, clockwise).  A triangle
 * or a 3-gon: lanes (x0, x1, x1, x2) and the same of y; its hull v0 v1 v2
 * counter-clockwise, clockwise v0 v2 v1 (triangle_core) or v2 v1 v0
 * (polygon_hull).  A 4-gon: lanes (x0, x2, x1, x3); clockwise v3 v2 v1 v0.
 * A box: its row (x0, y0, x1, y1) itself, its hull (x0, y0), (x1, y0),
 * (x1, y1), (x0, y1) (box_core). */
#define PC__L(a, b, c, d) {2 * (a), 2 * (a) + 1, 2 * (b), 2 * (b) + 1, 2 * (c), 2 * (c) + 1, 2 * (d), 2 * (d) + 1}
static const int pc__small_lane[4][2][4][8] = {
    {{PC__L(0, 1, 3, 0), PC__L(0, 1, 3, 0), PC__L(1, 3, 0, 1), PC__L(1, 3, 0, 1)}, /* triangle */
     {PC__L(0, 3, 1, 0), PC__L(0, 3, 1, 0), PC__L(3, 1, 0, 3), PC__L(3, 1, 0, 3)}},
    {{PC__L(0, 1, 3, 0), PC__L(0, 1, 3, 0), PC__L(1, 3, 0, 1), PC__L(1, 3, 0, 1)}, /* 3-gon */
     {PC__L(3, 1, 0, 3), PC__L(3, 1, 0, 3), PC__L(1, 0, 3, 1), PC__L(1, 0, 3, 1)}},
    {{PC__L(0, 2, 1, 3), PC__L(0, 2, 1, 3), PC__L(2, 1, 3, 0), PC__L(2, 1, 3, 0)}, /* 4-gon */
     {PC__L(3, 1, 2, 0), PC__L(3, 1, 2, 0), PC__L(1, 2, 0, 3), PC__L(1, 2, 0, 3)}},
    {{PC__L(0, 2, 2, 0), PC__L(1, 1, 3, 3), PC__L(2, 2, 0, 0), PC__L(1, 3, 3, 1)}, /* box */
     {PC__L(0, 2, 2, 0), PC__L(1, 1, 3, 3), PC__L(2, 2, 0, 0), PC__L(1, 3, 3, 1)}},
};
#undef PC__L

/* a small kind's vertex count */
static int small_count(int kind) { return kind == PC_TRIANGLE || kind == PC_POLYGON ? 3 : 4; }


/* hull_for_fast's hull of row s of a small kind (the winding by the
 * orientation polygon_hull and triangle_core find); 0 where the filter
 * leaves the winding open */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int small_lanes(const pc__filter *f, int kind, const double *s,
                                                                        pc__small *t)
{
    int layout = kind == PC_TRIANGLE ? 0 : kind == PC_POLYGON ? 1 : kind == PC_BOX ? 3 : 2, cw = 0;
    __m256d P = _mm256_loadu_pd(s), Q = P, LX = P, LY = P;
    if (kind != PC_BOX) {
        double det = (s[2] - s[0]) * (s[5] - s[1]) - (s[3] - s[1]) * (s[4] - s[0]);
        int ccw = det > f->orient;
        cw = det < f->orient_neg;
        if (!(ccw | cw)) return 0;
        Q = _mm256_loadu_pd(s + (layout == 2 ? 4 : 2));
        LX = _mm256_unpacklo_pd(P, Q);
        LY = _mm256_unpackhi_pd(P, Q);
    }
    const int (*lane)[8] = pc__small_lane[layout][cw];
#define PC__PICK(V, I) \
    _mm256_castps_pd(  \
        _mm256_permutevar8x32_ps(_mm256_castpd_ps(V), _mm256_loadu_si256((const __m256i *)(const void *)lane[I])))
    t->x = PC__PICK(LX, 0);
    t->y = PC__PICK(LY, 1);
    t->ex = _mm256_sub_pd(PC__PICK(LX, 2), t->x);
    t->ey = _mm256_sub_pd(PC__PICK(LY, 3), t->y);
#undef PC__PICK
    t->ee = _mm256_add_pd(_mm256_mul_pd(t->ex, t->ex), _mm256_mul_pd(t->ey, t->ey));
    __m256d ABS = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
    t->mag = _mm256_max_pd(_mm256_and_pd(P, ABS), _mm256_and_pd(Q, ABS));
    return 1;
}

/* faces_small's faces of `face` against the no vertices of `other`: the
 * least projections (times |edge|) in *lo, their vertices in *w */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void small_faces(const pc__small *face, const pc__small *other,
                                                                         int no, __m256d *lo, __m256d *w)
{
    __m256d NX = face->ey, NY = _mm256_sub_pd(_mm256_setzero_pd(), face->ex);
    __m256d LO = _mm256_set1_pd(INFINITY), W = _mm256_setzero_pd();
#define PC__VERTEX(I, LANES)                                                                                          \
    {                                                                                                                 \
        __m256d V = _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(_mm256_permute4x64_pd(other->x, LANES), face->x), NX),  \
                                  _mm256_mul_pd(_mm256_sub_pd(_mm256_permute4x64_pd(other->y, LANES), face->y), NY)); \
        __m256d L = _mm256_cmp_pd(V, LO, _CMP_LT_OQ);                                                                 \
        LO = _mm256_blendv_pd(LO, V, L);                                                                              \
        W = _mm256_blendv_pd(W, _mm256_set1_pd(I), L);                                                                \
    }
    PC__VERTEX(0.0, 0x00)
    PC__VERTEX(1.0, 0x55)
    PC__VERTEX(2.0, 0xaa)
    if (no == 4) PC__VERTEX(3.0, 0xff)
#undef PC__VERTEX
    *lo = LO;
    *w = W;
}

/* t's hull and edges (n vertices) written out */
__attribute__((target("avx2"))) static void small_store(const pc__small *t, int n, pc__hull *h, pc__edges *e)
{
    h->n = n;
    h->R = 0.0;
    e->ne = n;
    _mm256_storeu_pd(h->x, t->x);
    _mm256_storeu_pd(h->y, t->y);
    _mm256_storeu_pd(e->ex, t->ex);
    _mm256_storeu_pd(e->ey, t->ey);
    _mm256_storeu_pd(e->ee, t->ee);
}

/* the lanes' largest value, in every lane */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE __m256d lanes_max(__m256d v)
{
    v = _mm256_max_pd(v, _mm256_permute4x64_pd(v, 0x4e));
    return _mm256_max_pd(v, _mm256_permute_pd(v, 5));
}

/* k's two halves in each lane, for vpermps (lane k of a vector by small_lane) */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE __m256i small_index(int k)
{
    return _mm256_set1_epi64x((long long)(2 * k + 1) << 32 | (2 * k));
}

/* lane k of v (K: small_index(k)) */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE double small_lane(__m256d v, __m256i K)
{
    return _mm256_cvtsd_f64(_mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(v), K)));
}

/* gap_result by selects: from P0 along U when side = 0 (a's face: P0 on
 * it), from P1 along -U when side = 1 (b's face: P1 a's vertex), ra and rb
 * the canonical order's radii; the normal in *N, the witnesses in *A, *B */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void small_gap(int side, __m128d P0, __m128d P1, __m128d U,
                                                                       double d, double ra, double rb, __m128d *N,
                                                                       __m128d *A, __m128d *B)
{
    __m128d SIDE = _mm_castsi128_pd(_mm_set1_epi64x(-(long long)side));
    __m128d NV = _mm_blendv_pd(U, _mm_xor_pd(U, _mm_set1_pd(-0.0)), SIDE), P = _mm_blendv_pd(P0, P1, SIDE);
    *N = NV;
    *A = _mm_add_pd(P, _mm_mul_pd(_mm_set1_pd(ra), NV));
    *B = _mm_add_pd(P, _mm_mul_pd(_mm_set1_pd(d - rb), NV));
}

__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void small_write(double sep, __m128d N, __m128d A, __m128d B,
                                                                         pc__result *res)
{
    double v[6];
    _mm_storeu_pd(v, N);
    _mm_storeu_pd(v + 2, A);
    _mm_storeu_pd(v + 4, B);
    res->sep = sep;
    res->nx = v[0];
    res->ny = v[1];
    res->ax = v[2];
    res->ay = v[3];
    res->bx = v[4];
    res->by = v[5];
}

/* sat_answer's ending where the deepest vertex (wx, wy) lies over the face
 * (d its separation along the face's normal (ux, uy), side the face's):
 * gap_result (apart) or face_result and grow (meeting), the cases by
 * selects (which holds varies from pair to pair) */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void
small_face(int side, double d, double ux, double uy, double wx, double wy, double ra, double rb, pc__result *res)
{
    __m128d U = _mm_set_pd(uy, ux), WV = _mm_set_pd(wy, wx);
    __m128d C = _mm_sub_pd(WV, _mm_mul_pd(_mm_set1_pd(d), U)); /* the foot on the face */
    __m128d GA, GB, N;
    small_gap(side, C, WV, U, d, ra, rb, &N, &GA, &GB);
    double depth = -d;
    __m128d SIDE = _mm_castsi128_pd(_mm_set1_epi64x(-(long long)side));
    __m128d Q = _mm_sub_pd(C, _mm_mul_pd(_mm_set1_pd(depth), U));
    __m128d MA = _mm_add_pd(_mm_blendv_pd(C, Q, SIDE), _mm_mul_pd(_mm_set1_pd(ra), N));
    __m128d MB = _mm_sub_pd(_mm_blendv_pd(Q, C, SIDE), _mm_mul_pd(_mm_set1_pd(rb), N));
    __m128d GAP = _mm_castsi128_pd(_mm_set1_epi64x(-(long long)(d > 0)));
    small_write(d > 0 ? d - (ra + rb) : -depth - (ra + rb), N, _mm_blendv_pd(MA, GA, GAP), _mm_blendv_pd(MB, GB, GAP),
                res);
}

/* core_nearest for a small core of n vertices: the point of h nearest to
 * (x, y), outside it, from voronoi_region's first region (as ngon_result
 * finds it, by bit masks); 0 when no region holds */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int small_nearest(const pc__small *h, int n, double x, double y,
                                                                          double *qx, double *qy)
{
    unsigned full = (1u << n) - 1;
    __m256d WX = _mm256_sub_pd(_mm256_set1_pd(x), h->x), WY = _mm256_sub_pd(_mm256_set1_pd(y), h->y);
    __m256d C = _mm256_sub_pd(_mm256_mul_pd(h->ex, WY), _mm256_mul_pd(h->ey, WX));
    __m256d T = _mm256_add_pd(_mm256_mul_pd(WX, h->ex), _mm256_mul_pd(WY, h->ey)), ZERO = _mm256_setzero_pd();
    unsigned neg = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(C, ZERO, _CMP_LT_OQ)) & full;
    unsigned fore = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(T, ZERO, _CMP_GT_OQ)) & full;
    unsigned within = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(T, h->ee, _CMP_LT_OQ)) & full;
    unsigned foot, any = voronoi_bits(neg, fore, within, n, &foot);
    if (!any) return 0;
    int k = pc__lowest_bit(any);
    __m256i K = small_index(k);
    /* the foot's t / |e|^2, else 0 (a mask: which it is varies from pair to pair) */
    __m256d FOOT = _mm256_castsi256_pd(_mm256_set1_epi64x(-(long long)(foot >> k & 1)));
    double s = small_lane(_mm256_and_pd(_mm256_div_pd(T, h->ee), FOOT), K);
    *qx = small_lane(h->x, K) + s * small_lane(h->ex, K);
    *qy = small_lane(h->y, K) + s * small_lane(h->ey, K);
    return 1;
}

/* corner_pair for two small cores: face k of `face` (nf vertices; a's if
 * side = 0), the deepest vertex (wx, wy) of `other` (no vertices) */
__attribute__((target("avx2"))) static int small_corner(const pc__small *face, int nf, const pc__small *other, int no,
                                                        int side, int k, double t, double wx, double wy, double floor2,
                                                        double m, pc__result *res)
{
    int v = t < 0 ? k : k + 1 == nf ? 0 : k + 1;
    __m256i V = small_index(v);
    double vx = small_lane(face->x, V), vy = small_lane(face->y, V);
    double qx = 0.0, qy = 0.0, fx = 0.0, fy = 0.0, px, py, ox, oy; /* p on face, o on other */
    int found_q = small_nearest(other, no, vx, vy, &qx, &qy), found_f = small_nearest(face, nf, wx, wy, &fx, &fy);
    double d2 = corner_nearer(found_q, vx, vy, qx, qy, found_f, fx, fy, wx, wy, &px, &py, &ox, &oy);
    if (d2 == INFINITY) return -1;
    if (!(d2 >= floor2)) return 0;
    double d = sqrt(d2), ux = (ox - px) / d, uy = (oy - py) / d;
    /* other's least and face's greatest projection on u (a core of three
     * repeats its vertex 0 in lane 3) */
    __m256d UX = _mm256_set1_pd(ux), UY = _mm256_set1_pd(uy), PX = _mm256_set1_pd(px), PY = _mm256_set1_pd(py);
    __m256d LO =
        _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(other->x, PX), UX), _mm256_mul_pd(_mm256_sub_pd(other->y, PY), UY));
    __m256d HI =
        _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(face->x, PX), UX), _mm256_mul_pd(_mm256_sub_pd(face->y, PY), UY));
    LO = _mm256_min_pd(LO, _mm256_permute4x64_pd(LO, 0x4e));
    HI = _mm256_max_pd(HI, _mm256_permute4x64_pd(HI, 0x4e));
    LO = _mm256_min_pd(LO, _mm256_permute_pd(LO, 5));
    HI = _mm256_max_pd(HI, _mm256_permute_pd(HI, 5));
    if (!(_mm256_cvtsd_f64(LO) - _mm256_cvtsd_f64(HI) >= d - 0x1p-44 * m)) return -1;
    __m128d N, A, B;
    small_gap(side, _mm_set_pd(py, px), _mm_set_pd(oy, ox), _mm_set_pd(uy, ux), d, 0.0, 0.0, &N, &A, &B);
    small_write(d - (0.0 + 0.0), N, A, B, res);
    return 1;
}

/* cores_fast's answer for small cores a (na vertices) and b (nb), the
 * canonical order b first if swap, in two parts: small_axes up to the
 * choice of axis, small_answer after it (a batch runs the first part of
 * two pairs, then the second of both).  Everything before the choice of
 * axis is the same for both orders, so it is found for the rows as they
 * come, and the order is applied only after (to the order of the axes, and
 * to which side's lanes are read): nothing early waits for it. */
typedef struct {
    pc__small a, b;
    __m256d lo_a, lo_b, w_a, w_b, il_a, il_b; /* the faces of a against b's vertices, and of b */
    double m, floor2;
    unsigned top_a, top_b; /* the faces whose keys are the greatest */
    int swap;
} pc__small_sat;

/* 0 where pc__contact_canonical is to answer */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int small_axes(const pc__filter *f, int ka, const double *a,
                                                                       int na, int kb, const double *b, int nb,
                                                                       int swap, pc__small_sat *q)
{
    if (!small_lanes(f, ka, a, &q->a) || !small_lanes(f, kb, b, &q->b)) return 0;
    double m = _mm256_cvtsd_f64(lanes_max(_mm256_max_pd(q->a.mag, q->b.mag)));
    if (!(m >= 0x1p-120 && m <= 0x1p150)) return 0;
    double floor2 = 0x1p-72 * (m * m);
    __m256d EE_MIN = _mm256_min_pd(q->a.ee, q->b.ee), ONE = _mm256_set1_pd(1.0);
    if (_mm256_movemask_pd(_mm256_cmp_pd(EE_MIN, _mm256_set1_pd(floor2), _CMP_GE_OQ)) != 15) return 0;
    small_faces(&q->a, &q->b, nb, &q->lo_a, &q->w_a);
    small_faces(&q->b, &q->a, na, &q->lo_b, &q->w_b);
    q->il_a = _mm256_div_pd(ONE, _mm256_sqrt_pd(q->a.ee));
    q->il_b = _mm256_div_pd(ONE, _mm256_sqrt_pd(q->b.ee));
    __m256d KA = _mm256_mul_pd(q->lo_a, q->il_a), KB = _mm256_mul_pd(q->lo_b, q->il_b);
    __m256d TOP = lanes_max(_mm256_max_pd(KA, KB));
    q->top_a = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(KA, TOP, _CMP_EQ_OQ)) & ((1u << na) - 1);
    q->top_b = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(KB, TOP, _CMP_EQ_OQ)) & ((1u << nb) - 1);
    q->m = m;
    q->floor2 = floor2;
    q->swap = swap;
    return 1;
}

__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int small_answer(const pc__small_sat *q, int na, int nb,
                                                                         double *mag, pc__result *res)
{
    const pc__small *ta = &q->a, *tb = &q->b;
    double m = q->m, floor2 = q->floor2;
    int swap = q->swap, first = swap ? nb : na;
    unsigned best = swap ? q->top_b | q->top_a << nb : q->top_a | q->top_b << na; /* the first side's faces first */
    if (!best) return 0;
    int j = pc__lowest_bit(best), side = j >= first, k = j - first * side, raw = side ^ swap;
    /* sat_answer's reads, from the lanes: face k of the face's side (a's if
     * raw = 0) and vertex w of the other */
    __m256d RAW = _mm256_castsi256_pd(_mm256_set1_epi64x(-(long long)raw));
    __m256i K = small_index(k);
    double s = small_lane(_mm256_blendv_pd(q->lo_a, q->lo_b, RAW), K);
    double il = small_lane(_mm256_blendv_pd(q->il_a, q->il_b, RAW), K);
    double ex = small_lane(_mm256_blendv_pd(ta->ex, tb->ex, RAW), K);
    double ey = small_lane(_mm256_blendv_pd(ta->ey, tb->ey, RAW), K);
    double ee = small_lane(_mm256_blendv_pd(ta->ee, tb->ee, RAW), K);
    int w = (int)small_lane(_mm256_blendv_pd(q->w_a, q->w_b, RAW), K);
    __m256i WL = small_index(w);
    double wx = small_lane(_mm256_blendv_pd(tb->x, ta->x, RAW), WL);
    double wy = small_lane(_mm256_blendv_pd(tb->y, ta->y, RAW), WL);
    double fx = small_lane(_mm256_blendv_pd(ta->x, tb->x, RAW), K);
    double fy = small_lane(_mm256_blendv_pd(ta->y, tb->y, RAW), K);
    *mag = m;
    if (!(s * s >= floor2 * ee)) return 0; /* within 2^-36 m of touching */
    double ux = ey * il, uy = -ex * il, d = s * il;
    double t = (wx - fx) * ex + (wy - fy) * ey;
    if (!(t >= 0 && t <= ee)) { /* off the face: a corner, or a sliver */
        if (!(d > 0)) return 0;
        int r = small_corner(raw ? tb : ta, raw ? nb : na, raw ? ta : tb, raw ? na : nb, side, k, t, wx, wy, floor2, m,
                             res);
        if (r >= 0) return r;
        pc__hull ha, hb;
        pc__edges ea, eb;
        small_store(swap ? tb : ta, swap ? nb : na, &ha, &ea);
        small_store(swap ? ta : tb, swap ? na : nb, &hb, &eb);
        return pc__cores_apart(&ha, &ea, &hb, &eb, floor2, res);
    }
    small_face(side, d, ux, uy, wx, wy, 0.0, 0.0, res);
    return 1;
}

/* contact_pair's canonical order: 1 when b comes first.  For two rows of one
 * kind (width 4 to 8) by masks, not a branch (which of two rows comes first
 * is random: its branch had been mispredicted on half the pairs): b's first
 * value that differs from a's is the less (row_less(b, a)). */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int small_order(int ka, const double *a, int kb,
                                                                        const double *b, int width)
{
    if (ka != kb) return kb < ka;
    int o = width - 4; /* the second load: values o..o+3 (overlapping the first below a width of 8) */
    __m256d A0 = _mm256_loadu_pd(a), A1 = _mm256_loadu_pd(a + o), B0 = _mm256_loadu_pd(b), B1 = _mm256_loadu_pd(b + o);
    unsigned lt = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(B0, A0, _CMP_LT_OQ)) |
                  (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(B1, A1, _CMP_LT_OQ)) << o;
    unsigned gt = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(B0, A0, _CMP_GT_OQ)) |
                  (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(B1, A1, _CMP_GT_OQ)) << o;
    unsigned differ = lt | gt;
    return (lt & differ & (0u - differ)) != 0;
}

/* the answer settled (done), else pc__contact_canonical's, written out as
 * contact_out does, by selects */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void small_finish(int done, double m, const pc__filter *f,
                                                                          int ka, int wa, const double *a, int kb,
                                                                          int wb, const double *b, int swap,
                                                                          pc__result *r, double *out)
{
    if (done)
        settle(f, swap ? kb : ka, swap ? b : a, swap ? ka : kb, swap ? a : b, 4 * m, r);
    else
        pc__contact_canonical(f, swap ? kb : ka, swap ? wb : wa, swap ? b : a, swap ? ka : kb, swap ? wa : wb,
                              swap ? a : b, swap ? -1.0 : 1.0, r);
    __m128d SWAP = _mm_castsi128_pd(_mm_set1_epi64x(-(long long)swap));
    __m128d N = _mm_add_pd(_mm_set_pd(r->ny, r->nx), _mm_setzero_pd()); /* no negative zeros in a normal */
    __m128d RA = _mm_set_pd(r->ay, r->ax), RB = _mm_set_pd(r->by, r->bx);
    out[0] = r->sep;
    _mm_storeu_pd(out + 1, _mm_blendv_pd(N, _mm_sub_pd(_mm_setzero_pd(), N), SWAP));
    _mm_storeu_pd(out + 3, _mm_blendv_pd(RA, RB, SWAP));
    _mm_storeu_pd(out + 5, _mm_blendv_pd(RB, RA, SWAP));
}

/* the widths of the kinds of the vector paths */
static PC_ALWAYS_INLINE int vector_width(int kind)
{
    return kind == PC_BOX || kind == PC_SEGMENT ? 4 : kind == PC_CAPSULE ? 5 : kind == PC_POLYGON + 1 ? 8 : 6;
}

/* For a vector path P (small, seg), from P_axes, P_answer, the state S
 * between them, and small_order (the canonical order, for every kind):
 * pc__P_one_avx2: contact_pair for one pair;
 * P_pairs: a batch's pairs two at a time (both pairs' axes, then both
 * answers: as for pc__ngon_canonical_inner, two chains of latencies side by
 * side), the kinds ka, kb compile-time constants where the inner loop can
 * make them so (as variables they had made triangle-triangle slower). */
#define PC__VECTOR_PAIRS(P, S)                                                                                    \
    __attribute__((target("avx2"))) void pc__##P##_one_avx2(const pc__filter *f, int ka, const double *a, int kb, \
                                                            const double *b, double *out)                         \
    {                                                                                                             \
        S q;                                                                                                      \
        pc__result r;                                                                                             \
        double m = 0.0;                                                                                           \
        int na = small_count(ka), nb = small_count(kb), wa = vector_width(ka), wb = vector_width(kb);             \
        int swap = small_order(ka, a, kb, b, wa);                                                                 \
        int done = P##_axes(f, ka, a, na, kb, b, nb, swap, &q) && P##_answer(&q, na, nb, &m, &r);                 \
        small_finish(done, m, f, ka, wa, a, kb, wb, b, swap, &r, out);                                            \
    }                                                                                                             \
    __attribute__((target("avx2"))) static PC_ALWAYS_INLINE void P##_pairs(                                       \
        const pc__filter *f, char *const *p, const int64_t *s, int64_t n, int ka, int kb)                         \
    {                                                                                                             \
        int na = small_count(ka), nb = small_count(kb), wa = vector_width(ka), wb = vector_width(kb);             \
        int64_t i = 0;                                                                                            \
        for (; i + 1 < n; i += 2) {                                                                               \
            const double *a0 = (const double *)(p[0] + i * s[0]), *a1 = (const double *)(p[0] + (i + 1) * s[0]);  \
            const double *b0 = (const double *)(p[1] + i * s[1]), *b1 = (const double *)(p[1] + (i + 1) * s[1]);  \
            S q0, q1;                                                                                             \
            pc__result r0, r1;                                                                                    \
            double m0 = 0.0, m1 = 0.0;                                                                            \
            int swap0 = small_order(ka, a0, kb, b0, wa), swap1 = small_order(ka, a1, kb, b1, wa);                 \
            int ok0 = P##_axes(f, ka, a0, na, kb, b0, nb, swap0, &q0);                                            \
            int ok1 = P##_axes(f, ka, a1, na, kb, b1, nb, swap1, &q1);                                            \
            int done0 = ok0 && P##_answer(&q0, na, nb, &m0, &r0);                                                 \
            int done1 = ok1 && P##_answer(&q1, na, nb, &m1, &r1);                                                 \
            small_finish(done0, m0, f, ka, wa, a0, kb, wb, b0, swap0, &r0, (double *)(p[2] + i * s[2]));          \
            small_finish(done1, m1, f, ka, wa, a1, kb, wb, b1, swap1, &r1, (double *)(p[2] + (i + 1) * s[2]));    \
        }                                                                                                         \
        if (i < n)                                                                                                \
            pc__##P##_one_avx2(f, ka, (const double *)(p[0] + i * s[0]), kb, (const double *)(p[1] + i * s[1]),   \
                               (double *)(p[2] + i * s[2]));                                                      \
    }

PC__VECTOR_PAIRS(small, pc__small_sat)

__attribute__((target("avx2"))) void pc__small_inner_avx2(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct contact_ctx *c = vctx;
    /* PC_CONTACT_SMALL_CONSTANT's pairs (matrix.h) with their kinds constant, the rest variable */
#define PC__CONSTANT(KA, KB)                \
    if (c->ka == (KA) && c->kb == (KB))     \
        small_pairs(c->f, p, s, n, KA, KB); \
    else
    PC_CONTACT_SMALL_CONSTANT(PC__CONSTANT) small_pairs(c->f, p, s, n, c->ka, c->kb);
#undef PC__CONSTANT
}
#endif

#ifdef PC_HAVE_AVX2
/* ---- two segment cores, side by side ----
 * cores_fast's answer for two segments or capsules (a segment core grown by
 * a radius), bit for bit, as the small path finds it for polygons: the four
 * axes cores_sat tries (each core's edge normal, both ways: faces_against's
 * least and greatest projections, in the lanes of one register), the best
 * by a mask, sat_answer's cases by selects, corner_pair's nearest points
 * clamped on the segments; two pairs at a time in a batch.  0 where
 * pc__contact_canonical is to answer (a core of one point, magnitudes outside
 * cores_sat's range, a gap or a depth within 2^-36 m). */

/* a segment core: its ends, its edge, the squared length, the radius */
typedef struct { double x0, y0, x1, y1, ex, ey, ee, r; } pc__seg;

/* the pair's four axes (a's normal, a's reversed, b's, b's reversed) */
typedef struct {
    pc__seg a, b;
    __m256d s, il, w; /* sat_answer's s, il and w for each axis */
    double m, floor2;
    unsigned top; /* the axes whose keys are the greatest */
    int swap;
} pc__seg_sat;

static PC_ALWAYS_INLINE void seg_load(int kind, const double *s, pc__seg *g)
{
    g->x0 = s[0];
    g->y0 = s[1];
    g->x1 = s[2];
    g->y1 = s[3];
    g->ex = s[2] - s[0];
    g->ey = s[3] - s[1];
    g->ee = g->ex * g->ex + g->ey * g->ey;
    g->r = kind == PC_CAPSULE ? s[4] : 0.0;
}

/* core_nearest for a segment core: the point of g nearest to (x, y) */
static PC_ALWAYS_INLINE void seg_nearest(const pc__seg *g, double x, double y, double *qx, double *qy)
{
    double t = ((x - g->x0) * g->ex + (y - g->y0) * g->ey) / g->ee;
    t = pc__clamp(t, 0.0, 1.0);
    *qx = t == 1.0 ? g->x1 : g->x0 + t * g->ex;
    *qy = t == 1.0 ? g->y1 : g->y0 + t * g->ey;
}

/* 0 where pc__contact_canonical is to answer */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int seg_axes(const pc__filter *f, int ka, const double *a,
                                                                     int na, int kb, const double *b, int nb, int swap,
                                                                     pc__seg_sat *q)
{
    (void)f;
    (void)na;
    (void)nb; /* small_axes' signature (PC__VECTOR_PAIRS) */
    double m = pc__max(pc__magnitude(a, ka == PC_CAPSULE ? 5 : 4), pc__magnitude(b, kb == PC_CAPSULE ? 5 : 4));
    if (!(m >= 0x1p-120 && m <= 0x1p150)) return 0;
    double floor2 = 0x1p-72 * (m * m);
    seg_load(ka, a, &q->a);
    seg_load(kb, b, &q->b);
    if (!(q->a.ee >= floor2 && q->b.ee >= floor2)) return 0;
    const pc__seg *ga = &q->a, *gb = &q->b;
    __m256d FX = _mm256_setr_pd(ga->x0, ga->x0, gb->x0, gb->x0), FY = _mm256_setr_pd(ga->y0, ga->y0, gb->y0, gb->y0);
    __m256d NX = _mm256_setr_pd(ga->ey, ga->ey, gb->ey, gb->ey);
    __m256d NY = _mm256_setr_pd(-ga->ex, -ga->ex, -gb->ex, -gb->ex);
    __m256d V0 = _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(_mm256_setr_pd(gb->x0, gb->x0, ga->x0, ga->x0), FX), NX),
                               _mm256_mul_pd(_mm256_sub_pd(_mm256_setr_pd(gb->y0, gb->y0, ga->y0, ga->y0), FY), NY));
    __m256d V1 = _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(_mm256_setr_pd(gb->x1, gb->x1, ga->x1, ga->x1), FX), NX),
                               _mm256_mul_pd(_mm256_sub_pd(_mm256_setr_pd(gb->y1, gb->y1, ga->y1, ga->y1), FY), NY));
    /* the reversed normals' lanes: minus the greatest projection (the first
     * of equals), as the least of the negated ones */
    __m256d FLIP = _mm256_setr_pd(0.0, -0.0, 0.0, -0.0);
    V0 = _mm256_xor_pd(V0, FLIP);
    V1 = _mm256_xor_pd(V1, FLIP);
    __m256d L = _mm256_cmp_pd(V1, V0, _CMP_LT_OQ);
    q->s = _mm256_blendv_pd(V0, V1, L);
    q->w = _mm256_and_pd(L, _mm256_set1_pd(1.0));
    __m256d EE = _mm256_setr_pd(ga->ee, ga->ee, gb->ee, gb->ee);
    q->il = _mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(EE));
    __m256d KEY = _mm256_mul_pd(q->s, q->il);
    q->top = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(KEY, lanes_max(KEY), _CMP_EQ_OQ));
    q->m = m;
    q->floor2 = floor2;
    q->swap = swap;
    return 1;
}

/* corner_pair for two segment cores: face (a's if side = 0) off which the
 * deepest vertex (wx, wy) of `other` lies, t its projection on the face */
__attribute__((target("avx2"))) static int seg_corner(const pc__seg *face, const pc__seg *other, int side, double t,
                                                      double wx, double wy, double floor2, double m, double ra,
                                                      double rb, pc__result *res)
{
    double vx = t < 0 ? face->x0 : face->x1, vy = t < 0 ? face->y0 : face->y1;
    double qx, qy, fx, fy, px, py, ox, oy; /* p on face, o on other */
    seg_nearest(other, vx, vy, &qx, &qy);
    seg_nearest(face, wx, wy, &fx, &fy);
    double d2 = corner_nearer(1, vx, vy, qx, qy, 1, fx, fy, wx, wy, &px, &py, &ox, &oy);
    if (d2 == INFINITY) return -1;
    if (!(d2 >= floor2)) return 0;
    double d = sqrt(d2), ux = (ox - px) / d, uy = (oy - py) / d;
    double lo = pc__min(pc__min(INFINITY, (other->x0 - px) * ux + (other->y0 - py) * uy),
                        (other->x1 - px) * ux + (other->y1 - py) * uy);
    double hi = pc__max(pc__max(-INFINITY, (face->x0 - px) * ux + (face->y0 - py) * uy),
                        (face->x1 - px) * ux + (face->y1 - py) * uy);
    if (!(lo - hi >= d - 0x1p-44 * m)) return -1;
    __m128d N, A, B;
    small_gap(side, _mm_set_pd(py, px), _mm_set_pd(oy, ox), _mm_set_pd(uy, ux), d, ra, rb, &N, &A, &B);
    small_write(d - (ra + rb), N, A, B, res);
    return 1;
}

__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int seg_answer(const pc__seg_sat *q, int na, int nb,
                                                                       double *mag, pc__result *res)
{
    (void)na;
    (void)nb;
    int swap = q->swap;
    unsigned best = swap ? q->top >> 2 | (q->top & 3) << 2 : q->top; /* the first side's axes first */
    if (!best) return 0;
    int j = pc__lowest_bit(best), side = j >> 1, flip = j & 1, raw = side ^ swap;
    const pc__seg *face = raw ? &q->b : &q->a, *other = raw ? &q->a : &q->b;
    double ra = swap ? q->b.r : q->a.r, rb = swap ? q->a.r : q->b.r; /* the canonical order's radii */
    __m256i K = small_index(2 * raw + flip);
    double s = small_lane(q->s, K), il = small_lane(q->il, K);
    int w = (int)small_lane(q->w, K);
    double ex = face->ex, ey = face->ey, ee = face->ee, floor2 = q->floor2;
    *mag = q->m;
    if (!(s * s >= floor2 * ee)) return 0; /* within 2^-36 m of touching */
    double ux = ey * il, uy = -ex * il, d = s * il;
    ux = flip ? -ux : ux;
    uy = flip ? -uy : uy;
    double wx = w ? other->x1 : other->x0, wy = w ? other->y1 : other->y0;
    double t = (wx - face->x0) * ex + (wy - face->y0) * ey;
    if (!(t >= 0 && t <= ee)) { /* off the face: a corner, or a sliver */
        if (!(d > 0)) return 0;
        int r = seg_corner(face, other, side, t, wx, wy, floor2, q->m, ra, rb, res);
        if (r >= 0) return r;
        pc__hull h[2];
        pc__edges e[2];
        for (int i = 0; i < 2; i++) {
            const pc__seg *g = i == swap ? &q->a : &q->b;
            h[i].n = 2;
            h[i].R = g->r;
            h[i].x[0] = g->x0;
            h[i].y[0] = g->y0;
            h[i].x[1] = g->x1;
            h[i].y[1] = g->y1;
            e[i].ne = 1;
            e[i].ex[0] = g->ex;
            e[i].ey[0] = g->ey;
            e[i].ee[0] = g->ee;
        }
        return pc__cores_apart(&h[0], &e[0], &h[1], &e[1], floor2, res);
    }
    small_face(side, d, ux, uy, wx, wy, ra, rb, res);
    return 1;
}

PC__VECTOR_PAIRS(seg, pc__seg_sat)

__attribute__((target("avx2"))) void pc__seg_inner_avx2(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct contact_ctx *c = vctx;
    /* PC_CONTACT_SEG_CONSTANT's pairs (matrix.h) with their kinds constant, the rest variable */
#define PC__CONSTANT(KA, KB)              \
    if (c->ka == (KA) && c->kb == (KB))   \
        seg_pairs(c->f, p, s, n, KA, KB); \
    else
    PC_CONTACT_SEG_CONSTANT(PC__CONSTANT) seg_pairs(c->f, p, s, n, c->ka, c->kb);
#undef PC__CONSTANT
}
#undef PC__VECTOR_PAIRS
#endif
