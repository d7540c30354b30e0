/*
 * Boundary intersections of segments and lines with outlines
 * (pc_outlines_intersections): where a segment or a line meets the edges of
 * a polyline or of a region's rings.
 *
 * The set.  The segment (or line) L meets the edges in a set of points and
 * of runs along L (where L lies along edges).  The result is that set's
 * isolated points and the two ends of each maximal run, in order along L
 * from its start (a line: in its direction): so a point where L passes
 * through a vertex is one point, a run along several collinear edges is its
 * two ends, and a point inside a run is no point.
 *
 * Each edge.  The edge's own intersection with L is the one
 * pc_intersections_batch gives for the pair (pc__intersect_edge: exact
 * count, the same rounded point): a crossing point, a point that is an end
 * of the edge or of the segment (exact), or the two ends of a shared run
 * (exact).  A crossing is proper when the edge's ends lie strictly on
 * opposite sides of L and, for a segment, the segment's ends strictly on
 * opposite sides of the edge (exact signs); every other point is exact and
 * lies on L's line.
 *
 * The order along L, exact except between two proper crossings: two exact
 * points by their coordinates (on a line, lexicographic order is its order,
 * reversed where L runs toward lesser x, or lesser y when vertical); an
 * exact point P and the crossing of edge e by the sign of orient(e, P)
 * against that of the edge's direction across L (P is the crossing exactly
 * when it lies on e's line); two crossings of edges on one line are one
 * point.  Two crossings of edges on different lines are ordered by their
 * rounded points' projections on L, then by their edges: distinct points (a polyline crossing
 * itself exactly on L would need arithmetic of degree 4 to merge, and is
 * reported once per edge).
 *
 * Memory: the caller's.  A first call counts each pair's records (up to two
 * an edge met); the second, given a region of that many records a pair
 * (points, and 5 doubles of work a record), sorts them there (heap sort, in
 * place) and writes the result's points at the start of the region and
 * their number.
 */
#include "core.h"
#include "outline.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "walk.h"

#include <math.h>
#include <stdint.h>

#include "pycollide.h"

/* A record's types: an exact point, a proper crossing, a run's start or end */
enum { REC_EXACT = 0, REC_CROSS = 1, REC_START = 2, REC_END = 3 };

/* A record: x, y, type, listing and a slot for the resolution */
enum { REC = 5 };

typedef struct {
    const pc_outlines *o;
    const pc__filter *f;
    const double *l; /* L: (x0, y0, x1, y1) */
    int line;
    int forward; /* L's end after its start lexicographically */
    int k;       /* L and the outline within 2^k */
    double *rec; /* records, REC doubles each (NULL: count) */
    int64_t n;
} cross_ctx;

/* -1, 0, +1: the order along L of exact points p and q, both on its line */
static int exact_order(const cross_ctx *c, const double *p, const double *q)
{
    int lex = p[0] < q[0] || (p[0] == q[0] && p[1] < q[1]) ? -1 : p[0] == q[0] && p[1] == q[1] ? 0 : 1;
    return c->forward ? lex : -lex;
}

/* The order along L of an exact point p and the proper crossing of edge e */
static int exact_cross_order(const cross_ctx *c, const double *p, const double *e)
{
    int g = pc__orient(c->f, e[0], e[1], e[2], e[3], p[0], p[1]);
    if (g == 0) return 0;
    /* orient(e, L(t)) changes along L with the sign of (e1 - e0) x d, which
     * is -orient(L, e1): e's ends lie strictly on opposite sides of L */
    int sigma = -pc__orient(c->f, c->l[0], c->l[1], c->l[2], c->l[3], e[2], e[3]);
    return g == sigma ? 1 : -1;
}

static void add(cross_ctx *c, const double *p, int type, int64_t k)
{
    if (c->rec) {
        double *r = c->rec + REC * c->n;
        r[0] = p[0];
        r[1] = p[1];
        r[2] = type;
        r[3] = (double)k;
        r[4] = 0.0;
    }
    c->n++;
}

/* The records of one edge (listing k) */
static int edge_visit(void *vctx, int64_t k)
{
    cross_ctx *c = vctx;
    const double *e = c->o->edges + 4 * k, *l = c->l;
    double pts[4];
    int n = pc__intersect_edge(c->f, l, c->line, e, pts);
    if (n == 2) { /* a run along L: its ends, in L's order */
        int swap = exact_order(c, pts, pts + 2) > 0;
        add(c, swap ? pts + 2 : pts, REC_START, k);
        add(c, swap ? pts : pts + 2, REC_END, k);
    } else if (n == 1) {
        int o0 = pc__orient(c->f, l[0], l[1], l[2], l[3], e[0], e[1]);
        int o1 = pc__orient(c->f, l[0], l[1], l[2], l[3], e[2], e[3]);
        int proper = o0 * o1 < 0;
        if (proper && !c->line)
            proper = pc__orient(c->f, e[0], e[1], e[2], e[3], l[0], l[1]) *
                         pc__orient(c->f, e[0], e[1], e[2], e[3], l[2], l[3]) <
                     0;
        add(c, pts, proper ? REC_CROSS : REC_EXACT, k);
    }
    return 0;
}

/* Rank at one point: runs' starts first, then points, then ends */
static int rank(double type) { return type == REC_START ? 0 : type == REC_END ? 2 : 1; }

/* The exact records' order: along L, then by rank, then by listing (total:
 * the result does not depend on the visit's order) */
static int exact_compare(const cross_ctx *c, const double *a, const double *b)
{
    int r = exact_order(c, a, b);
    if (r) return r;
    if (rank(a[2]) != rank(b[2])) return rank(a[2]) < rank(b[2]) ? -1 : 1;
    return (a[3] > b[3]) - (a[3] < b[3]);
}

/* How far along L a rounded point lies, in units of 2^k (scaled: no
 * overflow), times |d| */
static double along(const cross_ctx *c, const double *p)
{
    const double *l = c->l;
    double x = ldexp(p[0], -c->k) - ldexp(l[0], -c->k), y = ldexp(p[1], -c->k) - ldexp(l[1], -c->k);
    return x * (ldexp(l[2], -c->k) - ldexp(l[0], -c->k)) + y * (ldexp(l[3], -c->k) - ldexp(l[1], -c->k));
}

/* The kept crossings' order: by the exact points they precede (slot 4),
 * then by their rounded points' projections on L, then by listing */
static int cross_compare(const cross_ctx *c, const double *a, const double *b)
{
    if (a[4] != b[4]) return a[4] < b[4] ? -1 : 1;
    double ta = along(c, a), tb = along(c, b);
    if (ta != tb) return ta < tb ? -1 : 1;
    return (a[3] > b[3]) - (a[3] < b[3]);
}

typedef int (*rec_cmp)(const cross_ctx *c, const double *a, const double *b);

static void swap_rec(double *a, double *b)
{
    for (int q = 0; q < REC; q++) {
        double t = a[q];
        a[q] = b[q];
        b[q] = t;
    }
}

static void sift(const cross_ctx *c, rec_cmp cmp, double *rec, int64_t root, int64_t n)
{
    for (;;) {
        int64_t child = 2 * root + 1;
        if (child >= n) return;
        if (child + 1 < n && cmp(c, rec + REC * child, rec + REC * (child + 1)) < 0) child++;
        if (cmp(c, rec + REC * root, rec + REC * child) >= 0) return;
        swap_rec(rec + REC * root, rec + REC * child);
        root = child;
    }
}

/* heap sort, in place */
static void sort(const cross_ctx *c, rec_cmp cmp, double *rec, int64_t n)
{
    for (int64_t i = n / 2; i-- > 0;) sift(c, cmp, rec, i, n);
    for (int64_t end = n; end-- > 1;) {
        swap_rec(rec, rec + REC * end);
        sift(c, cmp, rec, 0, end);
    }
}

static void put(double *pts, int64_t *m, const double *p)
{
    pts[2 * *m] = p[0];
    pts[2 * *m + 1] = p[1];
    ++*m;
}

/* The records resolved into the set's isolated points and runs' ends, in
 * order along L, into pts; returns their number.  The exact records are
 * sorted and grouped by point (slot 4: the depth of runs before the group);
 * each crossing is placed among them by exact signs (a binary search): on
 * an exact point or inside a run it is no point of its own, else it lies in
 * the gap before one group (slot 4: that group's first record) and is kept. */
static int64_t resolve(const cross_ctx *c, double *rec, int64_t n, double *pts)
{
    int64_t ne = 0; /* the exact records first */
    for (int64_t i = 0; i < n; i++)
        if (rec[REC * i + 2] != REC_CROSS) swap_rec(rec + REC * ne++, rec + REC * i);
    sort(c, exact_compare, rec, ne);
    int64_t depth = 0;
    for (int64_t i = 0; i < ne;) {
        int64_t j = i, before = depth;
        for (; j < ne && exact_order(c, rec + REC * i, rec + REC * j) == 0; j++) {
            double t = rec[REC * j + 2];
            depth += t == REC_START ? 1 : t == REC_END ? -1 : 0;
            rec[REC * j + 4] = (double)before;
        }
        i = j;
    }
    int64_t nk = ne; /* the kept crossings after them */
    for (int64_t i = ne; i < n; i++) {
        double *x = rec + REC * i;
        const double *e = c->o->edges + 4 * (int64_t)x[3];
        int64_t lo = 0, hi = ne; /* the first exact record at or after the crossing */
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (exact_cross_order(c, rec + REC * mid, e) >= 0)
                hi = mid;
            else
                lo = mid + 1;
        }
        if (lo < ne && exact_cross_order(c, rec + REC * lo, e) == 0) continue; /* on an exact point */
        if (lo < ne ? rec[REC * lo + 4] > 0 : 0) continue;                     /* inside a run */
        int same = 0; /* an edge on the line of one kept crosses L at the same point */
        for (int64_t j = ne; j < nk && !same; j++) {
            const double *g = c->o->edges + 4 * (int64_t)rec[REC * j + 3];
            same = pc__orient(c->f, g[0], g[1], g[2], g[3], e[0], e[1]) == 0 &&
                   pc__orient(c->f, g[0], g[1], g[2], g[3], e[2], e[3]) == 0;
        }
        if (same) continue;
        x[4] = (double)lo;
        swap_rec(rec + REC * nk++, x);
    }
    sort(c, cross_compare, rec + REC * ne, nk - ne);
    int64_t m = 0, k = ne;
    depth = 0;
    for (int64_t i = 0; i < ne;) {
        for (; k < nk && rec[REC * k + 4] == (double)i; k++) put(pts, &m, rec + REC * k);
        int64_t j = i, before = depth;
        for (; j < ne && exact_order(c, rec + REC * i, rec + REC * j) == 0; j++) {
            double t = rec[REC * j + 2];
            depth += t == REC_START ? 1 : t == REC_END ? -1 : 0;
        }
        if (before == 0 || depth == 0) put(pts, &m, rec + REC * i);
        i = j;
    }
    for (; k < nk; k++) put(pts, &m, rec + REC * k);
    return m;
}

struct cross_batch {
    const pc_outlines *o;
    int line;
    double magnitude; /* the segments' (lines') */
    double *points, *work;
};

/* One pair: the count of records (pts NULL), or the result into pts */
static int64_t cross_one(const struct cross_batch *b, const pc__filter *f, int64_t s, const double *l, double *rec,
                         double *pts)
{
    if (s < 0 || s >= b->o->n) return 0;
    double mag = pc__max(pc__max(b->o->magnitude, pc__max(fabs(l[0]), fabs(l[1]))), pc__max(fabs(l[2]), fabs(l[3])));
    int forward = l[2] > l[0] || (l[2] == l[0] && l[3] > l[1]);
    cross_ctx c = {b->o, f, l, b->line, forward, mag > 0.0 ? ilogb(mag) : 0, pts ? rec : NULL, 0};
    const double *row = b->o->shapes + 7 * s;
    double box[4] = {row[0], row[1], row[2], row[3]}; /* a line: every edge */
    if (!b->line) {
        box[0] = pc__min(l[0], l[2]);
        box[1] = pc__min(l[1], l[3]);
        box[2] = pc__max(l[0], l[2]);
        box[3] = pc__max(l[1], l[3]);
    }
    pc__outline_each_edge(b->o, s, box, edge_visit, &c);
    return pts ? resolve(&c, rec, c.n, pts) : c.n;
}

static void count_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct cross_batch *b = vctx;
    const pc__filter f = pc__filter_for(pc__max(b->o->magnitude, b->magnitude));
    for (int64_t i = 0; i < n; i++)
        *(int64_t *)(p[2] + i * st[2]) =
            cross_one(b, &f, *(const int64_t *)(p[0] + i * st[0]), (const double *)(p[1] + i * st[1]), NULL, NULL);
}

static void cross_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct cross_batch *b = vctx;
    const pc__filter f = pc__filter_for(pc__max(b->o->magnitude, b->magnitude));
    for (int64_t i = 0; i < n; i++) {
        int64_t at = *(const int64_t *)(p[3] + i * st[3]);
        *(int64_t *)(p[2] + i * st[2]) =
            cross_one(b, &f, *(const int64_t *)(p[0] + i * st[0]), (const double *)(p[1] + i * st[1]),
                      b->work + REC * at, b->points + 2 * at);
    }
}

int pc_outlines_intersections(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, int kind,
                              const double *a, const int64_t *strides_a, int64_t *count, const int64_t *strides_count,
                              const int64_t *offsets, const int64_t *strides_offsets, double *points, double *work,
                              int ndim, const int64_t *shape, double magnitude, int threads, const volatile int *cancel)
{
    if (kind != PC_SEGMENT && kind != PC_LINE) return PC_ERR_KIND;
    if (!(o && o->xy && o->ring_start && o->shape_start && o->n >= 0 && o->shapes && o->band_start && o->edges &&
          o->ids && o->left) ||
        (points == NULL) != (work == NULL) || (points && !offsets))
        return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    struct cross_batch b = {o, kind == PC_LINE, magnitude, points, work};
    const void *ptrs[4] = {which, a, count, offsets};
    const int64_t *st[4] = {strides_w, strides_a, strides_count, strides_offsets};
    int rc = pc__batch(ndim, shape, points ? 4 : 3, ptrs, st, 1u | 4u | 8u, points ? cross_inner : count_inner, &b,
                       threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
