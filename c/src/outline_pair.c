/*
 * Outlines against outlines (pc_outlines_overlaps_outlines): does shape s of
 * one collection meet shape u of another?
 *
 * Touching (the closed sets meet): some edge of the first meets the second's
 * closed set (pc__outline_meets with the edge as a segment: a region's
 * closed area, a polyline's edges), or the first is a region holding the
 * second's first vertex (the second lies in it without meeting its
 * boundary).  Either way round: an edge of a region inside the other
 * region meets it, and a shape apart from every edge of a region lies
 * inside it or outside it whole.
 *
 * Strict, a polyline and a region (either order): some edge of the polyline
 * meets the region's interior (pc__outline_meets, PC_STRICT, the edge as a
 * segment), as overlaps of a shape with a region is strict.
 *
 * Strict, two regions A and B: their interiors meet.  If no edge of A meets
 * int B, then int A misses the boundary of B, so int A and int B are either
 * disjoint or int B lies in int A (the part of int B in int A is both open
 * and closed in int B, which is connected).  So: an edge of A meets int B,
 * or one point of int B lies in int A.  That point is B's, near the lowest
 * of the leftmost vertices v of its shell: that vertex lies on the hull, so
 * the shell turns there by less than a half turn, from the direction toward
 * one neighbour d1 to that toward the other d2 (counter-clockwise), and the
 * points v + e d1 + e^2 d2 for small e > 0 lie in int B (a hole touching
 * the shell at v leaves directions near d1 alone).  Whether they lie in
 * int A: v's place in A, and where v is on A's boundary, whether the open
 * angle just counter-clockwise of d1 at v is interior to A
 * (pc__outline_interior_after).
 *
 * Strict, two polylines: every small translation of one leaves them
 * meeting.  They meet at points where two edges cross inside both (there
 * they cross whatever else passes), and at vertices of one lying on the
 * other.  At such a point x, translated by t, a ray x + a r of the first
 * meets a ray x + b s of the second iff t = b s - a r (a, b >= 0): t lies in
 * the cone of s and -r.  The two stars cross iff these cones, over every r
 * and s, cover every direction.  The cones' sides cut the circle of
 * directions into open sectors, each inside a cone or not as a whole; a
 * sector of a half turn or more lies in none.  (The reference's
 * stars_cross, tests/reference/outlines.py.)
 *
 * Exact, for all finite doubles: the edges are read through the first
 * shape's band index within the second's bounds; every angle is compared by
 * orientations of the common point and the rays' far ends.
 */
#include "core.h"
#include "fpenv.h"
#include "outline.h"
#include "kernels.h"
#include "tiles.h"
#include "walk.h"

#include <math.h>

struct pair_ctx {
    const pc_outlines *a, *b;
    const pc__filter *f;
    int64_t u;
    int strict;
};

static int edge_meets(void *vctx, int64_t k)
{
    const struct pair_ctx *c = vctx;
    return pc__outline_meets(c->b, c->f, c->u, PC_SEGMENT, c->a->edges + 4 * k, c->strict);
}

/* Shape s of a against shape u of b (a the polyline when strict) */
static int pair_meets(const pc_outlines *a, int64_t s, const pc_outlines *b, int64_t u, int strict)
{
    const double *ba = a->shapes + 7 * s, *bb = b->shapes + 7 * u;
    if (ba[0] > bb[2] || bb[0] > ba[2] || ba[1] > bb[3] || bb[1] > ba[3]) return 0;
    pc__filter f = pc__filter_for(pc__max(a->magnitude, b->magnitude));
    struct pair_ctx c = {a, b, &f, u, strict};
    if (pc__outline_each_edge(a, s, bb, edge_meets, &c)) return 1;
    if (strict || !a->closed) return 0;
    const double *v = b->xy + 2 * b->ring_start[b->shape_start[u]];
    int on;
    return pc__outline_locate(a, &f, s, v[0], v[1], &on);
}

/* Is int B near its lowest leftmost shell vertex (region u of b) inside
 * region s of a (see the top)? */
static int corner_inside(const pc_outlines *a, int64_t s, const pc_outlines *b, int64_t u, const pc__filter *f)
{
    int64_t r = b->shape_start[u], v0 = b->ring_start[r], n = b->ring_start[r + 1] - 1 - v0; /* the repeat left out */
    const double *xy = b->xy;
    int64_t m = 0;
    for (int64_t k = 1; k < n; k++) {
        const double *p = xy + 2 * (v0 + k), *q = xy + 2 * (v0 + m);
        if (p[0] < q[0] || (p[0] == q[0] && p[1] < q[1])) m = k;
    }
    double vx = xy[2 * (v0 + m)], vy = xy[2 * (v0 + m) + 1];
    int64_t i = m, j = m; /* the neighbours distinct from v (a valid ring has both) */
    do i = (i + n - 1) % n;
    while (i != m && xy[2 * (v0 + i)] == vx && xy[2 * (v0 + i) + 1] == vy);
    do j = (j + 1) % n;
    while (j != m && xy[2 * (v0 + j)] == vx && xy[2 * (v0 + j) + 1] == vy);
    const double *p = xy + 2 * (v0 + i), *q = xy + 2 * (v0 + j);
    int on, in = pc__outline_locate(a, f, s, vx, vy, &on);
    if (!on) return in;
    int turn = pc__orient(f, vx, vy, p[0], p[1], q[0], q[1]);
    const double *d1 = turn > 0 ? p : q; /* the other neighbour lies counter-clockwise of it */
    int along;
    return pc__outline_interior_after(a, f, s, vx, vy, d1[0], d1[1], &along);
}

/* A polyline's star at x: the far ends of its edges through x.  Up to
 * STAR_HELD are held; a star of more rays reads its i-th again from the
 * index each time. */
enum { STAR_HELD = 16 };
struct star {
    const pc_outlines *o;
    const pc__filter *f;
    int64_t s, n; /* n: the rays */
    double x, y;
    double q[2 * STAR_HELD];
    int64_t seen, want; /* a scan: rays passed, the one wanted (-1: every one, held) */
    double wx, wy;
};

static int star_visit(void *vctx, int64_t k)
{
    struct star *st = vctx;
    const double *e = st->o->edges + 4 * k;
    if (e[0] == e[2] && e[1] == e[3]) return 0;
    if (pc__orient(st->f, e[0], e[1], e[2], e[3], st->x, st->y) != 0 ||
        !pc__on_collinear(e[0], e[1], e[2], e[3], st->x, st->y))
        return 0;
    for (int end = 0; end < 2; end++) {
        double qx = e[2 * end], qy = e[2 * end + 1];
        if (qx == st->x && qy == st->y) continue;
        if (st->seen == st->want) {
            st->wx = qx;
            st->wy = qy;
            return 1;
        }
        if (st->want < 0 && st->seen < STAR_HELD) {
            st->q[2 * st->seen] = qx;
            st->q[2 * st->seen + 1] = qy;
        }
        st->seen++;
    }
    return 0;
}

static void star_at(struct star *st, const pc_outlines *o, int64_t s, const pc__filter *f, double x, double y)
{
    st->o = o;
    st->f = f;
    st->s = s;
    st->x = x;
    st->y = y;
    st->seen = 0;
    st->want = -1;
    double box[4] = {x, y, x, y};
    pc__outline_each_edge(o, s, box, star_visit, st);
    st->n = st->seen;
}

/* A direction from the common point: toward q, or away from it (sign -1) */
typedef struct {
    double x, y;
    int sign;
} pc__ray;

static pc__ray star_ray(struct star *st, int64_t i, int sign)
{
    pc__ray r = {0.0, 0.0, sign};
    if (st->n <= STAR_HELD) {
        r.x = st->q[2 * i];
        r.y = st->q[2 * i + 1];
        return r;
    }
    double box[4] = {st->x, st->y, st->x, st->y};
    st->seen = 0;
    st->want = i;
    pc__outline_each_edge(st->o, st->s, box, star_visit, st);
    r.x = st->wx;
    r.y = st->wy;
    return r;
}

/* sign(u x w) */
static int cross_sign(const struct star *st, pc__ray u, pc__ray w)
{
    return u.sign * w.sign * pc__orient(st->f, st->x, st->y, u.x, u.y, w.x, w.y);
}

static int same_direction(const struct star *st, pc__ray u, pc__ray w)
{
    return cross_sign(st, u, w) == 0 && u.sign * w.sign * pc__dot(st->f, st->x, st->y, u.x, u.y, w.x, w.y) > 0;
}

/* Is w strictly before v counter-clockwise from u (neither along u)? */
static int before(const struct star *st, pc__ray u, pc__ray w, pc__ray v)
{
    int cw = cross_sign(st, u, w), cv = cross_sign(st, u, v);
    int hw = cw > 0 ? 0 : 1, hv = cv > 0 ? 0 : 1; /* half turns (0, pi) and [pi, 2 pi) from u */
    if (hw != hv) return hw < hv;
    return cross_sign(st, w, v) > 0;
}

/* The cut directions: the second's rays, then the first's reversed */
static pc__ray cut(struct star *first, struct star *second, int64_t i)
{
    return i < second->n ? star_ray(second, i, 1) : star_ray(first, i - second->n, -1);
}

/* Do the stars cross (see the top)? */
static int stars_cross(struct star *first, struct star *second)
{
    int64_t m = first->n + second->n;
    if (!first->n || !second->n) return 0;
    for (int64_t i = 0; i < m; i++) { /* the sector from cut u to the next one counter-clockwise */
        pc__ray u = cut(first, second, i), v = u;
        int found = 0;
        for (int64_t j = 0; j < m; j++) {
            pc__ray w = cut(first, second, j);
            if (same_direction(first, u, w)) continue;
            if (!found || before(first, u, w, v)) v = w;
            found = 1;
        }
        if (!found || cross_sign(first, u, v) <= 0) return 0; /* a half turn or more */
        int covered = 0;
        for (int64_t ia = 0; ia < first->n && !covered; ia++) {
            pc__ray r = star_ray(first, ia, -1);
            for (int64_t ib = 0; ib < second->n && !covered; ib++) {
                pc__ray s = star_ray(second, ib, 1);
                int turn = cross_sign(first, s, r); /* the cone from s to -r, or from -r to s */
                if (turn > 0)
                    covered = cross_sign(first, s, u) >= 0 && cross_sign(first, u, r) > 0;
                else if (turn < 0)
                    covered = cross_sign(first, r, u) >= 0 && cross_sign(first, u, s) > 0;
            }
        }
        if (!covered) return 0;
    }
    return 1;
}

/* Edge pairs crossing inside both */
struct cross_ctx {
    const pc_outlines *a, *b;
    const pc__filter *f;
    int64_t u;
    const double *e;
};

static int cross_inner(void *vctx, int64_t k)
{
    const struct cross_ctx *c = vctx;
    const double *g = c->b->edges + 4 * k;
    if (g[0] == g[2] && g[1] == g[3]) return 0;
    return pc__seg_relation(c->f, c->e, g) == PC__SEG_CROSS;
}

static int cross_outer(void *vctx, int64_t k)
{
    struct cross_ctx *c = vctx;
    const double *e = c->a->edges + 4 * k;
    if (e[0] == e[2] && e[1] == e[3]) return 0;
    double box[4] = {pc__min(e[0], e[2]), pc__min(e[1], e[3]), pc__max(e[0], e[2]), pc__max(e[1], e[3])};
    c->e = e;
    return pc__outline_each_edge(c->b, c->u, box, cross_inner, c);
}

/* Some vertex of shape s of a on shape u of b where their stars cross */
static int vertex_stars_cross(const pc_outlines *a, int64_t s, const pc_outlines *b, int64_t u, const pc__filter *f)
{
    const double *bb = b->shapes + 7 * u;
    for (int64_t v = a->ring_start[a->shape_start[s]]; v < a->ring_start[a->shape_start[s + 1]]; v++) {
        double x = a->xy[2 * v], y = a->xy[2 * v + 1];
        int on;
        if (x < bb[0] || x > bb[2] || y < bb[1] || y > bb[3] || !pc__outline_locate(b, f, u, x, y, &on)) continue;
        struct star sa, sb;
        star_at(&sa, a, s, f, x, y);
        star_at(&sb, b, u, f, x, y);
        if (stars_cross(&sa, &sb)) return 1;
    }
    return 0;
}

/* Strict: do shapes s of a and u of b, both polylines or both regions, overlap? */
static int same_kinds_strict(const pc_outlines *a, int64_t s, const pc_outlines *b, int64_t u)
{
    const double *ba = a->shapes + 7 * s, *bb = b->shapes + 7 * u;
    if (ba[0] > bb[2] || bb[0] > ba[2] || ba[1] > bb[3] || bb[1] > ba[3]) return 0;
    pc__filter f = pc__filter_for(pc__max(a->magnitude, b->magnitude));
    if (a->closed) {
        struct pair_ctx c = {a, b, &f, u, 1};
        return pc__outline_each_edge(a, s, bb, edge_meets, &c) || corner_inside(a, s, b, u, &f);
    }
    struct cross_ctx c = {a, b, &f, u, NULL};
    return pc__outline_each_edge(a, s, bb, cross_outer, &c) || vertex_stars_cross(a, s, b, u, &f) ||
           vertex_stars_cross(b, u, a, s, &f);
}

struct outlines_ctx {
    const pc_outlines *a, *b;
    int strict;
};

static void outlines_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct outlines_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        int64_t s = *(const int64_t *)(p[0] + i * st[0]), u = *(const int64_t *)(p[1] + i * st[1]);
        int hit = 0;
        if (s >= 0 && s < c->a->n && u >= 0 && u < c->b->n) {
            if (c->strict && (c->a->closed != 0) == (c->b->closed != 0))
                hit = same_kinds_strict(c->a, s, c->b, u);
            else if (c->strict && c->a->closed) /* the polyline's edges against the region */
                hit = pair_meets(c->b, u, c->a, s, 1);
            else
                hit = pair_meets(c->a, s, c->b, u, c->strict);
        }
        *(uint8_t *)(p[2] + i * st[2]) = (uint8_t)hit;
    }
}

/* Within a distance d > 0 (strict: less than d apart): they meet, or an
 * edge of the first lies within d of the second (the nearest points of two
 * outlines apart lie on the first's edges) */
struct within_pair {
    const pc_outlines *a, *b;
    int64_t u;
    double d;
    int strict;
};

static int edge_within(void *vctx, int64_t k)
{
    const struct within_pair *c = vctx;
    return pc__outline_within(c->b, c->u, PC_SEGMENT, c->a->edges + 4 * k, c->d, c->strict, c->a->magnitude);
}

static int pair_within(const pc_outlines *a, int64_t s, const pc_outlines *b, int64_t u, double d, int strict)
{
    if (d == 0.0) return strict ? 0 : pair_meets(a, s, b, u, 0);
    const double *bb = b->shapes + 7 * u;
    double grown[4] = {pc__down(bb[0] - d), pc__down(bb[1] - d), pc__up(bb[2] + d), pc__up(bb[3] + d)};
    const double *ba = a->shapes + 7 * s;
    if (ba[0] > grown[2] || grown[0] > ba[2] || ba[1] > grown[3] || grown[1] > ba[3]) return 0;
    if (pair_meets(a, s, b, u, 0)) return 1;
    struct within_pair c = {a, b, u, d, strict};
    return pc__outline_each_edge(a, s, grown, edge_within, &c);
}

struct within_ctx {
    const pc_outlines *a, *b;
    double d;
    int strict;
};

static void within_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct within_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        int64_t s = *(const int64_t *)(p[0] + i * st[0]), u = *(const int64_t *)(p[1] + i * st[1]);
        int hit = s >= 0 && s < c->a->n && u >= 0 && u < c->b->n && pair_within(c->a, s, c->b, u, c->d, c->strict);
        *(uint8_t *)(p[2] + i * st[2]) = (uint8_t)hit;
    }
}

static int indexed(const pc_outlines *o)
{
    return o && o->xy && o->ring_start && o->shape_start && o->n >= 0 && o->shapes && o->band_start && o->edges &&
           o->ids && o->left;
}

int pc_outlines_overlaps_outlines(const pc_outlines *a, const int64_t *which_a, const int64_t *strides_a,
                                  const pc_outlines *b, const int64_t *which_b, const int64_t *strides_b, uint8_t *out,
                                  const int64_t *strides_out, int ndim, const int64_t *shape, int mode, int threads,
                                  const volatile int *cancel)
{
    if (!indexed(a) || !indexed(b) || (mode != PC_TOUCHING && mode != PC_STRICT)) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    struct outlines_ctx ctx = {a, b, mode == PC_STRICT};
    const void *ptrs[3] = {which_a, which_b, out};
    const int64_t *sts[3] = {strides_a, strides_b, strides_out};
    int rc = pc__batch(ndim, shape, 3, ptrs, sts, 7u, outlines_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}

int pc_outlines_within_outlines(const pc_outlines *a, const int64_t *which_a, const int64_t *strides_a,
                                const pc_outlines *b, const int64_t *which_b, const int64_t *strides_b, double distance,
                                uint8_t *out, const int64_t *strides_out, int ndim, const int64_t *shape, int mode,
                                int threads, const volatile int *cancel)
{
    if (!indexed(a) || !indexed(b) || (mode != PC_TOUCHING && mode != PC_STRICT) ||
        !(distance >= 0.0 && distance < INFINITY))
        return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    struct within_ctx ctx = {a, b, distance, mode == PC_STRICT};
    const void *ptrs[3] = {which_a, which_b, out};
    const int64_t *sts[3] = {strides_a, strides_b, strides_out};
    int rc = pc__batch(ndim, shape, 3, ptrs, sts, 7u, within_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
