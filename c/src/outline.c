/*
 * Outlines (pc_outlines): polylines and regions of any number of vertices,
 * and their edge index.
 *
 * A collection holds n shapes, each a run of rings, each a run of vertices
 * (GeoArrow's layout: ring_start into the vertices, shape_start into the
 * rings).  A ring's edges join consecutive vertices; a closed ring repeats
 * its first vertex last (a region's rings always are).  A region is the
 * closed area its rings bound by the even-odd rule (for a valid polygon with
 * holes: the shell's area less the holes' open areas); a polyline is the
 * union of its closed edges.
 *
 * The index: each shape's edges sorted into horizontal bands of equal
 * height between its least and greatest y.  An edge is listed in every band
 * from band(y_lo) to band(y_hi), band(y) = floor((y/2 - y_min/2) / h)
 * clamped to [0, bands - 1].  That map is monotone in y (each rounded
 * operation is), so a point whose y lies in an edge's closed y-range finds
 * the edge in its own band, whatever the rounding: the index is exact, the
 * rounding only decides how many edges a band holds.  The number of bands
 * is the edge count, halved while the listings exceed four per edge (tall
 * edges crossing many bands).  A query then reads one band: the edges that
 * cross the point's horizontal line, plus those that end in the band.
 *
 * A point is in a region's closed set when it lies on an edge (exact
 * orientation, closed y- and x-ranges) or when a ray from it towards +x
 * crosses the rings an odd number of times, an edge counted when its ends lie
 * on opposite sides of the ray's line with the upper end strictly above
 * (y0 <= y < y1 or y1 <= y < y0: a vertex on the line counts for the edge
 * leaving it upward), and crossed when the point is strictly left of the
 * edge directed upward (exact orientation).
 */
#include "fpenv.h"
#include "kernels.h"
#include "predicates.h"
#include "walk.h"

#include <math.h>

#include "pycollide.h"

/* floor((y/2 - lo/2) / h) clamped to [0, bands - 1]; monotone in y */
static int64_t band_of(double y, double lo, double h, int64_t bands)
{
    double t = (0.5 * y - 0.5 * lo) / h;
    if (!(t >= 0.0)) return 0;
    if (!(t < (double)bands)) return bands - 1;
    int64_t b = (int64_t)t;
    return b < bands - 1 ? b : bands - 1;
}

/* A shape's band height for a number of bands: (y_max/2 - y_min/2) / bands,
 * or 1 where the shape is flat (one band). */
static double band_height(double lo, double hi, int64_t bands)
{
    double h = (0.5 * hi - 0.5 * lo) / (double)bands;
    return h > 0.0 ? h : 1.0;
}

static int outline_ok(const pc_outlines *o) { return o && o->xy && o->ring_start && o->shape_start && o->n >= 0; }

/* Shape s's vertex range and y-range (its bounds) */
static void shape_bounds(const pc_outlines *o, int64_t s, double *box)
{
    int64_t v0 = o->ring_start[o->shape_start[s]], v1 = o->ring_start[o->shape_start[s + 1]];
    box[0] = box[1] = INFINITY;
    box[2] = box[3] = -INFINITY;
    for (int64_t v = v0; v < v1; v++) {
        double x = o->xy[2 * v], y = o->xy[2 * v + 1];
        box[0] = x < box[0] ? x : box[0];
        box[1] = y < box[1] ? y : box[1];
        box[2] = x > box[2] ? x : box[2];
        box[3] = y > box[3] ? y : box[3];
    }
}

/* Listings of shape s's edges with the given number of bands */
static int64_t listings(const pc_outlines *o, int64_t s, const double *box, int64_t bands)
{
    double h = band_height(box[1], box[3], bands);
    int64_t total = 0;
    for (int64_t r = o->shape_start[s]; r < o->shape_start[s + 1]; r++)
        for (int64_t v = o->ring_start[r]; v + 1 < o->ring_start[r + 1]; v++) {
            double y0 = o->xy[2 * v + 1], y1 = o->xy[2 * v + 3];
            double lo = y0 < y1 ? y0 : y1, hi = y0 < y1 ? y1 : y0;
            total += band_of(hi, box[1], h, bands) - band_of(lo, box[1], h, bands) + 1;
        }
    return total;
}

int pc_outlines_index(const pc_outlines *o, double *shapes, int64_t *band_start, int64_t band_capacity, double *edges,
                      int64_t *ids, int64_t edge_capacity, int64_t *n_bands, int64_t *n_listings)
{
    if (!outline_ok(o) || !n_bands || !n_listings) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    int64_t total_bands = 0, total = 0;
    int fill = shapes && band_start && edges && ids;
    for (int64_t s = 0; s < o->n; s++) {
        double box[4];
        shape_bounds(o, s, box);
        int64_t ne = 0;
        for (int64_t r = o->shape_start[s]; r < o->shape_start[s + 1]; r++)
            ne += o->ring_start[r + 1] - o->ring_start[r] > 1 ? o->ring_start[r + 1] - o->ring_start[r] - 1 : 0;
        int64_t bands = ne > 1 ? ne : 1, count = ne > 0 ? listings(o, s, box, bands) : 0;
        while (bands > 1 && count > 4 * ne) {
            bands = (bands + 1) / 2;
            count = listings(o, s, box, bands);
        }
        if (fill && (total_bands + bands + 1 > band_capacity || total + count > edge_capacity)) {
            pc__fp_leave(env);
            return PC_ERR_SPACE;
        }
        if (fill) {
            /* shape row: bounds, band height, first band, bands */
            double *row = shapes + 7 * s;
            double h = band_height(box[1], box[3], bands);
            row[0] = box[0];
            row[1] = box[1];
            row[2] = box[2];
            row[3] = box[3];
            row[4] = h;
            row[5] = (double)total_bands;
            row[6] = (double)bands;
            /* counting sort of the listings into the bands */
            int64_t *start = band_start + total_bands;
            for (int64_t b = 0; b <= bands; b++) start[b] = 0;
            for (int64_t r = o->shape_start[s]; r < o->shape_start[s + 1]; r++)
                for (int64_t v = o->ring_start[r]; v + 1 < o->ring_start[r + 1]; v++) {
                    double y0 = o->xy[2 * v + 1], y1 = o->xy[2 * v + 3];
                    int64_t b0 = band_of(y0 < y1 ? y0 : y1, box[1], h, bands);
                    int64_t b1 = band_of(y0 < y1 ? y1 : y0, box[1], h, bands);
                    for (int64_t b = b0; b <= b1; b++) start[b + 1]++;
                }
            for (int64_t b = 0; b < bands; b++) start[b + 1] += start[b];
            for (int64_t r = o->shape_start[s]; r < o->shape_start[s + 1]; r++)
                for (int64_t v = o->ring_start[r]; v + 1 < o->ring_start[r + 1]; v++) {
                    double y0 = o->xy[2 * v + 1], y1 = o->xy[2 * v + 3];
                    int64_t b0 = band_of(y0 < y1 ? y0 : y1, box[1], h, bands);
                    int64_t b1 = band_of(y0 < y1 ? y1 : y0, box[1], h, bands);
                    for (int64_t b = b0; b <= b1; b++) {
                        ids[total + start[b]] = v;
                        double *e = edges + 4 * (total + start[b]++);
                        e[0] = o->xy[2 * v];
                        e[1] = y0;
                        e[2] = o->xy[2 * v + 2];
                        e[3] = y1;
                    }
                }
            /* start[b] is now the end of band b: shift back, and make the offsets global */
            for (int64_t b = bands; b > 0; b--) start[b] = start[b - 1] + total;
            start[0] = total;
        }
        total_bands += bands;
        total += count;
    }
    if (fill) band_start[total_bands] = total;
    *n_bands = total_bands + 1;
    *n_listings = total;
    pc__fp_leave(env);
    return PC_OK;
}

/* Where a point is against shape s: 1 inside (region) or on (polyline), 0
 * outside, and *on set when it lies on an edge. */
static int locate(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, int *on)
{
    const double *row = o->shapes + 7 * s;
    *on = 0;
    if (!(px >= row[0] && px <= row[2] && py >= row[1] && py <= row[3])) return 0;
    int64_t bands = (int64_t)row[6], first = (int64_t)row[5];
    int64_t b = first + band_of(py, row[1], row[4], bands);
    int odd = 0;
    for (int64_t k = o->band_start[b]; k < o->band_start[b + 1]; k++) {
        const double *e = o->edges + 4 * k;
        double x0 = e[0], y0 = e[1], x1 = e[2], y1 = e[3];
        double ylo = y0 < y1 ? y0 : y1, yhi = y0 < y1 ? y1 : y0;
        if (py < ylo || py > yhi) continue;
        double xlo = x0 < x1 ? x0 : x1, xhi = x0 < x1 ? x1 : x0;
        if (px > xhi) continue; /* left of the point: neither on it nor crossed */
        int side = 2;           /* orientation of p against the edge directed upward, when needed */
        if (px >= xlo) {
            side = y0 <= y1 ? pc__orient(f, x0, y0, x1, y1, px, py) : pc__orient(f, x1, y1, x0, y0, px, py);
            if (side == 0) {
                *on = 1;
                return 1;
            }
        }
        if ((y0 > py) != (y1 > py) && side != -1) odd ^= 1;
    }
    return o->closed ? odd : 0;
}

struct locate_ctx {
    const pc_outlines *o;
    pc__filter filter;
    int strict;
};

static void locate_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct locate_ctx *c = vctx;
    const pc__filter f = c->filter;
    for (int64_t i = 0; i < n; i++) {
        int64_t s = *(const int64_t *)(p[0] + i * st[0]);
        const double *q = (const double *)(p[1] + i * st[1]);
        uint8_t *out = (uint8_t *)(p[2] + i * st[2]);
        int on, in = s >= 0 && s < c->o->n ? locate(c->o, &f, s, q[0], q[1], &on) : 0;
        *out = (uint8_t)(c->strict ? in && !on : in);
    }
}

int pc_outlines_contains(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, const double *points,
                         const int64_t *strides_p, uint8_t *out, const int64_t *strides_out, int ndim,
                         const int64_t *shape, int mode, int threads, const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (outline_ok(o) && o->shapes && o->band_start && o->edges && (mode == PC_TOUCHING || mode == PC_STRICT)) {
        struct locate_ctx ctx = {o, pc__filter_for(o->magnitude), mode == PC_STRICT};
        const void *ptrs[3] = {which, points, out};
        const int64_t *st[3] = {strides_w, strides_p, strides_out};
        rc = pc__batch(ndim, shape, 3, ptrs, st, 5u, locate_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}

/* ---- validation ------------------------------------------------------------------------- */

enum { SEG_APART = 0, SEG_CROSS = 1, SEG_TOUCH = 2, SEG_SHARE = 3 };

/* Is c on the closed segment [a, b], given orient(a, b, c) == 0? */
static int on_collinear(double ax, double ay, double bx, double by, double cx, double cy)
{
    return pc__min(ax, bx) <= cx && cx <= pc__max(ax, bx) && pc__min(ay, by) <= cy && cy <= pc__max(ay, by);
}

/* How the closed segments [a, b] and [c, d] (neither of length 0) meet:
 * apart, crossing at a point inside both, touching at one point (an end of
 * one on the other, or a shared end of collinear ones), or sharing a segment
 * of positive length.  Exact. */
static int seg_relation(const pc__filter *f, const double *p, const double *q)
{
    double ax = p[0], ay = p[1], bx = p[2], by = p[3], cx = q[0], cy = q[1], dx = q[2], dy = q[3];
    if (pc__max(ax, bx) < pc__min(cx, dx) || pc__max(cx, dx) < pc__min(ax, bx) || pc__max(ay, by) < pc__min(cy, dy) ||
        pc__max(cy, dy) < pc__min(ay, by))
        return SEG_APART;
    int o1 = pc__orient(f, ax, ay, bx, by, cx, cy), o2 = pc__orient(f, ax, ay, bx, by, dx, dy);
    if (o1 == 0 && o2 == 0) { /* collinear: how many points in common */
        int c_on = on_collinear(ax, ay, bx, by, cx, cy), d_on = on_collinear(ax, ay, bx, by, dx, dy);
        int a_on = on_collinear(cx, cy, dx, dy, ax, ay), b_on = on_collinear(cx, cy, dx, dy, bx, by);
        if (!(c_on || d_on || a_on || b_on)) return SEG_APART;
        /* one point in common only where an end of each coincides and they point apart */
        int ends = (ax == cx && ay == cy) || (ax == dx && ay == dy) || (bx == cx && by == cy) || (bx == dx && by == dy);
        if (ends && c_on + d_on + a_on + b_on == 2) return SEG_TOUCH;
        return SEG_SHARE;
    }
    if (o1 * o2 > 0) return SEG_APART;
    int o3 = pc__orient(f, cx, cy, dx, dy, ax, ay), o4 = pc__orient(f, cx, cy, dx, dy, bx, by);
    if (o3 * o4 > 0) return SEG_APART;
    return o1 && o2 && o3 && o4 ? SEG_CROSS : SEG_TOUCH;
}

/* The ring holding vertex v (binary search over ring_start) */
static int64_t ring_of(const pc_outlines *o, int64_t v)
{
    int64_t lo = 0, hi = o->shape_start[o->n]; /* ring_start[lo] <= v < ring_start[hi] */
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (o->ring_start[mid] <= v)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Strictly inside the CCW sector from u1 to u2 about P (exact; directions
 * given as points: u = U - P)? u1 and u2 differ in direction. */
static int in_sector(const pc__filter *f, const double *P, const double *U1, const double *U2, const double *V)
{
    int turn = pc__orient(f, P[0], P[1], U1[0], U1[1], U2[0], U2[1]);
    int a = pc__orient(f, P[0], P[1], U1[0], U1[1], V[0], V[1]),
        b = pc__orient(f, P[0], P[1], V[0], V[1], U2[0], U2[1]);
    if (turn > 0) return a > 0 && b > 0;
    if (turn < 0) return a > 0 || b > 0;
    /* opposite directions: the half-plane left of u1 (or a direction equal to u1: not strictly inside) */
    return a > 0;
}

/* The two neighbours of point P along ring r where P is a vertex of it
 * (nb: 2 points), or the ends of the edge from vertex v that P lies inside. */
static void around(const pc_outlines *o, int64_t r, int64_t v, const double *P, double *nb)
{
    const double *xy = o->xy;
    int64_t r0 = o->ring_start[r], r1 = o->ring_start[r + 1] - 1; /* vertices r0 .. r1 - 1, r1 repeats r0 */
    int64_t at = -1;
    if (xy[2 * v] == P[0] && xy[2 * v + 1] == P[1])
        at = v;
    else if (xy[2 * v + 2] == P[0] && xy[2 * v + 3] == P[1])
        at = v + 1 == r1 ? r0 : v + 1;
    if (at < 0) {
        nb[0] = xy[2 * v];
        nb[1] = xy[2 * v + 1];
        nb[2] = xy[2 * v + 2];
        nb[3] = xy[2 * v + 3];
        return;
    }
    int64_t prev = at == r0 ? r1 - 1 : at - 1, next = at + 1;
    nb[0] = xy[2 * prev];
    nb[1] = xy[2 * prev + 1];
    nb[2] = xy[2 * next];
    nb[3] = xy[2 * next + 1];
}

/* The point where two touching segments meet: an end of one lying on the
 * other (as a vertex index). */
static int64_t touch_vertex(const pc__filter *f, const pc_outlines *o, int64_t va, int64_t vb)
{
    const double *p = o->xy + 2 * va, *q = o->xy + 2 * vb;
    for (int k = 0; k < 2; k++) {
        const double *c = q + 2 * k;
        if (pc__orient(f, p[0], p[1], p[2], p[3], c[0], c[1]) == 0 && on_collinear(p[0], p[1], p[2], p[3], c[0], c[1]))
            return vb + k;
    }
    for (int k = 0; k < 2; k++) {
        const double *c = p + 2 * k;
        if (pc__orient(f, q[0], q[1], q[2], q[3], c[0], c[1]) == 0 && on_collinear(q[0], q[1], q[2], q[3], c[0], c[1]))
            return va + k;
    }
    return va; /* not reached for touching segments */
}

typedef struct {
    int64_t key[3]; /* stage, ring, other ring */
    int rule;
} problem;

static void note(problem *best, int64_t stage, int64_t ring, int64_t other, int rule)
{
    int64_t k[3] = {stage, ring, other};
    for (int i = 0; i < 3; i++) {
        if (k[i] < best->key[i]) break;
        if (k[i] > best->key[i]) return;
        if (i == 2) return;
    }
    best->key[0] = stage;
    best->key[1] = ring;
    best->key[2] = other;
    best->rule = rule;
}

/* Vertex v's place against ring r alone: 1 inside, 0 outside, -1 on it. */
static int against_ring(const pc_outlines *o, const pc__filter *f, int64_t s, int64_t r, double px, double py)
{
    const double *row = o->shapes + 7 * s;
    int64_t bands = (int64_t)row[6], first = (int64_t)row[5];
    int64_t b = first + band_of(py, row[1], row[4], bands), lo = o->ring_start[r], hi = o->ring_start[r + 1];
    int odd = 0;
    for (int64_t k = o->band_start[b]; k < o->band_start[b + 1]; k++) {
        if (o->ids[k] < lo || o->ids[k] >= hi) continue;
        const double *e = o->edges + 4 * k;
        double x0 = e[0], y0 = e[1], x1 = e[2], y1 = e[3];
        if (py < pc__min(y0, y1) || py > pc__max(y0, y1) || px > pc__max(x0, x1)) continue;
        int side = 2;
        if (px >= pc__min(x0, x1)) {
            side = y0 <= y1 ? pc__orient(f, x0, y0, x1, y1, px, py) : pc__orient(f, x1, y1, x0, y0, px, py);
            if (side == 0) return -1;
        }
        if ((y0 > py) != (y1 > py) && side != -1) odd ^= 1;
    }
    return odd;
}

/* Ring r's bounds */
static void ring_box(const pc_outlines *o, int64_t r, double *box)
{
    box[0] = box[1] = INFINITY;
    box[2] = box[3] = -INFINITY;
    for (int64_t v = o->ring_start[r]; v < o->ring_start[r + 1]; v++) {
        box[0] = pc__min(box[0], o->xy[2 * v]);
        box[1] = pc__min(box[1], o->xy[2 * v + 1]);
        box[2] = pc__max(box[2], o->xy[2 * v]);
        box[3] = pc__max(box[3], o->xy[2 * v + 1]);
    }
}

/* Ring a (a hole) against ring b of region s: inside (1), outside (0), or
 * on it at every vertex (-1), judged at its first vertex not on b. */
static int ring_in_ring(const pc_outlines *o, const pc__filter *f, int64_t s, int64_t a, int64_t b)
{
    for (int64_t v = o->ring_start[a]; v + 1 < o->ring_start[a + 1]; v++) {
        int w = against_ring(o, f, s, b, o->xy[2 * v], o->xy[2 * v + 1]);
        if (w >= 0) return w;
    }
    return -1;
}

int pc_outlines_problem(const pc_outlines *o, int64_t *report, int64_t *touches, int64_t touch_capacity,
                        int64_t *n_touches)
{
    if (!outline_ok(o) || !o->shapes || !o->band_start || !o->edges || !o->ids || !report || !n_touches ||
        touch_capacity < 0)
        return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    const pc__filter f = pc__filter_for(o->magnitude);
    int64_t nt = 0;
    report[0] = report[1] = report[2] = -1;
    report[3] = PC_OUTLINE_OK;
    for (int64_t s = 0; s < o->n && report[3] == PC_OUTLINE_OK; s++) {
        problem best = {{INT64_MAX, INT64_MAX, INT64_MAX}, PC_OUTLINE_OK};
        const double *row = o->shapes + 7 * s;
        int64_t first = (int64_t)row[5], bands = (int64_t)row[6];
        for (int64_t b = first; b < first + bands; b++)
            for (int64_t i = o->band_start[b]; i < o->band_start[b + 1]; i++)
                for (int64_t j = i + 1; j < o->band_start[b + 1]; j++) {
                    const double *p = o->edges + 4 * i, *q = o->edges + 4 * j;
                    /* the pair is decided in the first band both are listed in */
                    int64_t bi = first + band_of(pc__min(p[1], p[3]), row[1], row[4], bands);
                    int64_t bj = first + band_of(pc__min(q[1], q[3]), row[1], row[4], bands);
                    if ((bi > bj ? bi : bj) != b) continue;
                    int rel = seg_relation(&f, p, q);
                    if (rel == SEG_APART) continue;
                    int64_t va = o->ids[i] < o->ids[j] ? o->ids[i] : o->ids[j];
                    int64_t vb = o->ids[i] < o->ids[j] ? o->ids[j] : o->ids[i];
                    int64_t ra = ring_of(o, va), rb = ring_of(o, vb);
                    int64_t r0 = o->shape_start[s];
                    if (ra == rb) {
                        int64_t last = o->ring_start[ra + 1] - 2; /* the ring's last edge starts here */
                        int consecutive = vb == va + 1 || (va == o->ring_start[ra] && vb == last);
                        if (!consecutive || rel == SEG_SHARE || rel == SEG_CROSS)
                            note(&best, 0, ra - r0, -1, PC_OUTLINE_SELF);
                        continue;
                    }
                    /* keyed as the pair (shell or earlier hole, later hole) */
                    int64_t stage = ra == r0 ? 1 : 2, hole = ra == r0 ? rb - r0 : ra - r0,
                            other = ra == r0 ? -1 : rb - r0;
                    if (rel == SEG_CROSS || rel == SEG_SHARE) {
                        note(&best, stage, hole, other, rel == SEG_CROSS ? PC_OUTLINE_CROSS : PC_OUTLINE_SHARE);
                        continue;
                    }
                    /* a touch: do the rings cross there? */
                    int64_t t = touch_vertex(&f, o, va, vb);
                    const double *P = o->xy + 2 * t;
                    double na[4], nb[4];
                    around(o, ra, va, P, na);
                    around(o, rb, vb, P, nb);
                    int along = 0; /* a direction of b along one of a's: their shared segment is reported */
                    for (int x = 0; x < 4; x += 2)
                        for (int y = 0; y < 4; y += 2)
                            along |= pc__orient(&f, P[0], P[1], na[x], na[x + 1], nb[y], nb[y + 1]) == 0 &&
                                     pc__dot(&f, P[0], P[1], na[x], na[x + 1], nb[y], nb[y + 1]) > 0;
                    int in1 = in_sector(&f, P, na, na + 2, nb), in2 = in_sector(&f, P, na, na + 2, nb + 2);
                    if (!along && in1 != in2) {
                        note(&best, stage, hole, other, PC_OUTLINE_CROSS);
                        continue;
                    }
                    if (nt < touch_capacity) {
                        int64_t *w = touches + 4 * nt;
                        w[0] = s;
                        w[1] = ra - r0;
                        w[2] = rb - r0;
                        w[3] = t;
                    }
                    nt++;
                }
        /* holes inside the shell and outside each other (judged where they
         * do not cross: a crossing found above keeps its key) */
        int64_t r0 = o->shape_start[s], r1 = o->shape_start[s + 1];
        for (int64_t h = r0 + 1; h < r1; h++) {
            int w = ring_in_ring(o, &f, s, h, r0);
            if (w != 1) note(&best, 1, h - r0, -1, w == 0 ? PC_OUTLINE_OUTSIDE : PC_OUTLINE_ON);
        }
        for (int64_t h = r0 + 1; h < r1; h++) {
            double bh[4];
            ring_box(o, h, bh);
            for (int64_t g = r0 + 1; g < r1; g++) {
                double bg[4];
                if (g == h) continue;
                ring_box(o, g, bg);
                if (!(bh[0] >= bg[0] && bh[1] >= bg[1] && bh[2] <= bg[2] && bh[3] <= bg[3])) continue;
                if (ring_in_ring(o, &f, s, h, g) != 0)
                    note(&best, 2, h < g ? h - r0 : g - r0, h < g ? g - r0 : h - r0, PC_OUTLINE_NESTED);
            }
        }
        if (best.rule != PC_OUTLINE_OK) { /* a pair of holes is named by the later one */
            report[0] = s;
            report[1] = best.key[0] == 2 ? best.key[2] : best.key[1];
            report[2] = best.key[0] == 2 ? best.key[1] : best.key[2];
            report[3] = best.rule;
        }
    }
    *n_touches = nt;
    pc__fp_leave(env);
    return PC_OK;
}
