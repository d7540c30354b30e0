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
#include "core.h"
#include "outline.h"
#include "fpenv.h"
#include "generic.h"
#include "kernels.h"
#include "kinds.h"
#include "overlap.h"
#include "predicates.h"
#include "tiles.h"
#include "walk.h"

#include <math.h>

#include "pycollide.h"

/* floor((y/2 - lo/2) / h) clamped to [0, bands - 1]; monotone in y */
int64_t pc__outline_band(double y, double lo, double h, int64_t bands)
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
            total += pc__outline_band(hi, box[1], h, bands) - pc__outline_band(lo, box[1], h, bands) + 1;
        }
    return total;
}

/* The least x of listing k */
static double xlo_of(const double *edges, int64_t k) { return pc__min(edges[4 * k], edges[4 * k + 2]); }

static void swap_listings(double *edges, int64_t *ids, int64_t i, int64_t j)
{
    for (int c = 0; c < 4; c++) {
        double t = edges[4 * i + c];
        edges[4 * i + c] = edges[4 * j + c];
        edges[4 * j + c] = t;
    }
    int64_t t = ids[i];
    ids[i] = ids[j];
    ids[j] = t;
}

static void sift(double *edges, int64_t *ids, int64_t lo, int64_t root, int64_t end)
{
    for (int64_t child; (child = 2 * root + 1) < end; root = child) {
        if (child + 1 < end && xlo_of(edges, lo + child + 1) > xlo_of(edges, lo + child)) child++;
        if (!(xlo_of(edges, lo + child) > xlo_of(edges, lo + root))) return;
        swap_listings(edges, ids, lo + root, lo + child);
    }
}

/* Listings lo .. hi - 1 sorted by their least x, in place (heapsort): a
 * band's edges that can meet lie together (validation sweeps them). */
static void sort_band(double *edges, int64_t *ids, int64_t lo, int64_t hi)
{
    int64_t n = hi - lo;
    for (int64_t r = n / 2 - 1; r >= 0; r--) sift(edges, ids, lo, r, n);
    for (int64_t end = n - 1; end > 0; end--) {
        swap_listings(edges, ids, lo, lo + end);
        sift(edges, ids, lo, 0, end);
    }
}

/* +1 where the ring's edges have the region's interior on their left, else
 * -1: a shell counter-clockwise or a hole clockwise, judged by the exact turn
 * at the ring's least vertex (lowest, then leftmost), which is strict in a
 * simple ring. */
static int8_t ring_side(const pc_outlines *o, const pc__filter *f, int64_t r, int shell)
{
    int64_t r0 = o->ring_start[r], r1 = o->ring_start[r + 1] - 1, m = r0;
    if (r1 - r0 < 3) return 1;
    for (int64_t v = r0 + 1; v < r1; v++) {
        double x = o->xy[2 * v], y = o->xy[2 * v + 1], mx = o->xy[2 * m], my = o->xy[2 * m + 1];
        if (y < my || (y == my && x < mx)) m = v;
    }
    int64_t prev = m == r0 ? r1 - 1 : m - 1, next = m + 1;
    int turn = pc__orient(f, o->xy[2 * prev], o->xy[2 * prev + 1], o->xy[2 * m], o->xy[2 * m + 1], o->xy[2 * next],
                          o->xy[2 * next + 1]);
    return (int8_t)((turn >= 0) == (shell != 0) ? 1 : -1);
}

int pc_outlines_index(const pc_outlines *o, double *shapes, int64_t *band_start, int64_t band_capacity, double *edges,
                      int64_t *ids, int8_t *left, int64_t edge_capacity, int64_t *n_bands, int64_t *n_listings)
{
    if (!outline_ok(o) || !n_bands || !n_listings) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    int64_t total_bands = 0, total = 0;
    int fill = shapes && band_start && edges && ids && left;
    const pc__filter f = pc__filter_for(o->magnitude);
    if (fill)
        for (int64_t s = 0; s < o->n; s++)
            for (int64_t r = o->shape_start[s]; r < o->shape_start[s + 1]; r++)
                left[r] = o->closed ? ring_side(o, &f, r, r == o->shape_start[s]) : 0;
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
                    int64_t b0 = pc__outline_band(y0 < y1 ? y0 : y1, box[1], h, bands);
                    int64_t b1 = pc__outline_band(y0 < y1 ? y1 : y0, box[1], h, bands);
                    for (int64_t b = b0; b <= b1; b++) start[b + 1]++;
                }
            for (int64_t b = 0; b < bands; b++) start[b + 1] += start[b];
            for (int64_t r = o->shape_start[s]; r < o->shape_start[s + 1]; r++)
                for (int64_t v = o->ring_start[r]; v + 1 < o->ring_start[r + 1]; v++) {
                    double y0 = o->xy[2 * v + 1], y1 = o->xy[2 * v + 3];
                    int64_t b0 = pc__outline_band(y0 < y1 ? y0 : y1, box[1], h, bands);
                    int64_t b1 = pc__outline_band(y0 < y1 ? y1 : y0, box[1], h, bands);
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
            for (int64_t b = 0; b < bands; b++) sort_band(edges, ids, start[b], start[b + 1]);
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
/* One edge of the even-odd test of the point P (the ray from it towards
 * +x): 1 when P lies on the edge, else 0, with *odd flipped when the ray
 * crosses it (the module's rule: upper end strictly above, P strictly left
 * of the edge directed upward; exact). */
static inline int ray_step(const pc__filter *f, const double *e, double px, double py, int *odd)
{
    double x0 = e[0], y0 = e[1], x1 = e[2], y1 = e[3];
    if (py < pc__min(y0, y1) || py > pc__max(y0, y1)) return 0;
    if (px > pc__max(x0, x1)) return 0; /* left of the point: neither on it nor crossed */
    int side = 2;                       /* P against the edge directed upward, when needed */
    if (px >= pc__min(x0, x1)) {
        side = y0 <= y1 ? pc__orient(f, x0, y0, x1, y1, px, py) : pc__orient(f, x1, y1, x0, y0, px, py);
        if (side == 0) return 1;
    }
    if ((y0 > py) != (y1 > py) && side != -1) *odd ^= 1;
    return 0;
}

int pc__outline_locate(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, int *on)
{
    const double *row = o->shapes + 7 * s;
    *on = 0;
    if (!(px >= row[0] && px <= row[2] && py >= row[1] && py <= row[3])) return 0;
    int64_t bands = (int64_t)row[6], first = (int64_t)row[5];
    int64_t b = first + pc__outline_band(py, row[1], row[4], bands);
    if (o->tree_at && o->tree && o->levels && o->tree_at[s] >= 0 &&
        o->band_start[b + 1] - o->band_start[b] > pc__outline_tree_threshold(o, s))
        return pc__outline_tree_locate(o, f, s, px, py, on); /* a crowded band: the tree */
    int odd = 0;
    for (int64_t k = o->band_start[b]; k < o->band_start[b + 1]; k++)
        if (ray_step(f, o->edges + 4 * k, px, py, &odd)) {
            *on = 1;
            return 1;
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
        int on, in = s >= 0 && s < c->o->n ? pc__outline_locate(c->o, &f, s, q[0], q[1], &on) : 0;
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

/* (outline.h) */
int pc__seg_relation(const pc__filter *f, const double *p, const double *q)
{
    double ax = p[0], ay = p[1], bx = p[2], by = p[3], cx = q[0], cy = q[1], dx = q[2], dy = q[3];
    if (pc__max(ax, bx) < pc__min(cx, dx) || pc__max(cx, dx) < pc__min(ax, bx) || pc__max(ay, by) < pc__min(cy, dy) ||
        pc__max(cy, dy) < pc__min(ay, by))
        return PC__SEG_APART;
    int o1 = pc__orient(f, ax, ay, bx, by, cx, cy), o2 = pc__orient(f, ax, ay, bx, by, dx, dy);
    if (o1 == 0 && o2 == 0) { /* collinear: how many points in common */
        int c_on = pc__on_collinear(ax, ay, bx, by, cx, cy), d_on = pc__on_collinear(ax, ay, bx, by, dx, dy);
        int a_on = pc__on_collinear(cx, cy, dx, dy, ax, ay), b_on = pc__on_collinear(cx, cy, dx, dy, bx, by);
        if (!(c_on || d_on || a_on || b_on)) return PC__SEG_APART;
        /* one point in common only where an end of each coincides and they point apart */
        int ends = (ax == cx && ay == cy) || (ax == dx && ay == dy) || (bx == cx && by == cy) || (bx == dx && by == dy);
        if (ends && c_on + d_on + a_on + b_on == 2) return PC__SEG_TOUCH;
        return PC__SEG_SHARE;
    }
    if (o1 * o2 > 0) return PC__SEG_APART;
    int o3 = pc__orient(f, cx, cy, dx, dy, ax, ay), o4 = pc__orient(f, cx, cy, dx, dy, bx, by);
    if (o3 * o4 > 0) return PC__SEG_APART;
    return o1 && o2 && o3 && o4 ? PC__SEG_CROSS : PC__SEG_TOUCH;
}

/* The ring holding vertex v (binary search over ring_start) */
int64_t pc__outline_ring(const pc_outlines *o, int64_t v)
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
        if (pc__orient(f, p[0], p[1], p[2], p[3], c[0], c[1]) == 0 &&
            pc__on_collinear(p[0], p[1], p[2], p[3], c[0], c[1]))
            return vb + k;
    }
    for (int k = 0; k < 2; k++) {
        const double *c = p + 2 * k;
        if (pc__orient(f, q[0], q[1], q[2], q[3], c[0], c[1]) == 0 &&
            pc__on_collinear(q[0], q[1], q[2], q[3], c[0], c[1]))
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
    int64_t b = first + pc__outline_band(py, row[1], row[4], bands), lo = o->ring_start[r], hi = o->ring_start[r + 1];
    int odd = 0;
    for (int64_t k = o->band_start[b]; k < o->band_start[b + 1]; k++)
        if (o->ids[k] >= lo && o->ids[k] < hi && ray_step(f, o->edges + 4 * k, px, py, &odd)) return -1;
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
                    if (xlo_of(o->edges, j) > pc__max(p[0], p[2])) break; /* sorted by least x: none later meets p */
                    /* the pair is decided in the first band both are listed in */
                    int64_t bi = first + pc__outline_band(pc__min(p[1], p[3]), row[1], row[4], bands);
                    int64_t bj = first + pc__outline_band(pc__min(q[1], q[3]), row[1], row[4], bands);
                    if ((bi > bj ? bi : bj) != b) continue;
                    int rel = pc__seg_relation(&f, p, q);
                    if (rel == PC__SEG_APART) continue;
                    int64_t va = o->ids[i] < o->ids[j] ? o->ids[i] : o->ids[j];
                    int64_t vb = o->ids[i] < o->ids[j] ? o->ids[j] : o->ids[i];
                    int64_t ra = pc__outline_ring(o, va), rb = pc__outline_ring(o, vb);
                    int64_t r0 = o->shape_start[s];
                    if (ra == rb) {
                        int64_t last = o->ring_start[ra + 1] - 2; /* the ring's last edge starts here */
                        int consecutive = vb == va + 1 || (va == o->ring_start[ra] && vb == last);
                        if (!consecutive || rel == PC__SEG_SHARE || rel == PC__SEG_CROSS)
                            note(&best, 0, ra - r0, -1, PC_OUTLINE_SELF);
                        continue;
                    }
                    /* keyed as the pair (shell or earlier hole, later hole) */
                    int64_t stage = ra == r0 ? 1 : 2, hole = ra == r0 ? rb - r0 : ra - r0,
                            other = ra == r0 ? -1 : rb - r0;
                    if (rel == PC__SEG_CROSS || rel == PC__SEG_SHARE) {
                        note(&best, stage, hole, other, rel == PC__SEG_CROSS ? PC_OUTLINE_CROSS : PC_OUTLINE_SHARE);
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

/* ---- shapes against outlines ------------------------------------------------------------ */

/* Does the ring holding the edge from vertex v have the region's interior
 * on the left of its edges?  (The index's per-ring sides.) */
static int interior_left(const pc_outlines *o, int64_t v) { return o->left[pc__outline_ring(o, v)] > 0; }

/* The edges of shape s that may meet the box (listings whose boxes meet it,
 * each once: in the first band both it and the box reach): calls
 * visit(ctx, listing) until it returns nonzero, and returns that. */
int pc__outline_each_edge(const pc_outlines *o, int64_t s, const double *box, pc__edge_visit visit, void *ctx)
{
    const double *row = o->shapes + 7 * s;
    if (box[0] > row[2] || box[2] < row[0] || box[1] > row[3] || box[3] < row[1]) return 0;
    int64_t bands = (int64_t)row[6], first = (int64_t)row[5];
    int64_t b0 = pc__outline_band(box[1], row[1], row[4], bands), b1 = pc__outline_band(box[3], row[1], row[4], bands);
    for (int64_t b = b0; b <= b1; b++)
        for (int64_t k = o->band_start[first + b]; k < o->band_start[first + b + 1]; k++) {
            const double *e = o->edges + 4 * k;
            double xlo = pc__min(e[0], e[2]), xhi = pc__max(e[0], e[2]);
            double ylo = pc__min(e[1], e[3]), yhi = pc__max(e[1], e[3]);
            if (xlo > box[2] || xhi < box[0] || ylo > box[3] || yhi < box[1]) continue;
            int64_t be = pc__outline_band(ylo, row[1], row[4], bands);
            if ((be > b0 ? be : b0) != b) continue; /* met in an earlier band */
            int r = visit(ctx, k);
            if (r) return r;
        }
    return 0;
}

/* Is the open angular region just counter-clockwise of the direction from P
 * to D (D != P) inside the interior of region s, P lying on its boundary?
 * The boundary's directions at P (to the far ends of the edges through it)
 * are ordered counter-clockwise from D; the first one strictly after D
 * bounds that region, which is interior exactly when the interior lies on
 * that direction's clockwise side.  Exact.  (interior_after; *along: some
 * boundary direction at P is D's.) */
struct dir_ctx {
    const pc_outlines *o;
    const pc__filter *f;
    double px, py, dx, dy; /* P and D, or (vector 1) P and the direction (dx, dy) itself */
    int vector;
    int along; /* some direction is D's */
    int found;
    double bx, by; /* the best direction's far point */
    int best_cw;   /* the interior on its clockwise side */
};

/* sign(D x (Q - P)) and sign(D . (Q - P)), D the direction */
static int d_cross(const struct dir_ctx *c, double qx, double qy)
{
    if (c->vector) return pc__cross_dir(c->dx, c->dy, c->px, c->py, qx, qy);
    return pc__orient(c->f, c->px, c->py, c->dx, c->dy, qx, qy);
}

static int d_dot(const struct dir_ctx *c, double qx, double qy)
{
    if (c->vector) return pc__dot_dir(c->dx, c->dy, c->px, c->py, qx, qy);
    return pc__dot(c->f, c->px, c->py, c->dx, c->dy, qx, qy);
}

/* Half-plane of direction Q - P relative to D: 0 for angles in [0, pi) counter-clockwise from D, 1 for [pi, 2pi) */
static int half_of(const struct dir_ctx *c, double qx, double qy)
{
    int s = d_cross(c, qx, qy);
    if (s > 0) return 0;
    if (s < 0) return 1;
    return d_dot(c, qx, qy) > 0 ? 0 : 1; /* along D: angle 0; opposite: pi */
}

static int along_d(const struct dir_ctx *c, double qx, double qy)
{
    return d_cross(c, qx, qy) == 0 && d_dot(c, qx, qy) > 0;
}

/* Is direction Q strictly before direction B, counter-clockwise from D (angles in (0, 2pi], D itself last)? */
static int ccw_before(const struct dir_ctx *c, double qx, double qy, double bx, double by)
{
    int along_q = along_d(c, qx, qy), along_b = along_d(c, bx, by);
    if (along_q || along_b) return !along_q && along_b;
    int hq = half_of(c, qx, qy), hb = half_of(c, bx, by);
    if (hq != hb) return hq < hb;
    return pc__orient(c->f, c->px, c->py, qx, qy, bx, by) > 0;
}

static void offer(struct dir_ctx *c, double qx, double qy, int cw)
{
    c->along |= along_d(c, qx, qy);
    if (!c->found || ccw_before(c, qx, qy, c->bx, c->by)) {
        c->found = 1;
        c->bx = qx;
        c->by = qy;
        c->best_cw = cw;
    }
}

static int dir_visit(void *vctx, int64_t k)
{
    struct dir_ctx *c = vctx;
    const double *e = c->o->edges + 4 * k;
    double x0 = e[0], y0 = e[1], x1 = e[2], y1 = e[3];
    if (x0 == x1 && y0 == y1) return 0;
    if (pc__orient(c->f, x0, y0, x1, y1, c->px, c->py) != 0 || !pc__on_collinear(x0, y0, x1, y1, c->px, c->py))
        return 0;
    int left = interior_left(c->o, c->o->ids[k]);
    /* along the edge's direction (towards its end) the interior is on the left
     * side when `left`; along the reverse, on the right side */
    if (!(x1 == c->px && y1 == c->py)) offer(c, x1, y1, !left);
    if (!(x0 == c->px && y0 == c->py)) offer(c, x0, y0, left);
    return 0;
}

int pc__outline_interior_after(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, double dx,
                               double dy, int *along)
{
    struct dir_ctx c = {o, f, px, py, dx, dy, 0, 0, 0, 0.0, 0.0, 0};
    double box[4] = {px, py, px, py};
    pc__outline_each_edge(o, s, box, dir_visit, &c);
    *along = c.along;
    return c.found && c.best_cw;
}

/* ---- a flat mover entering a region through a vertex ---- */

/* Exact: v - p <= d for d > 0, v - p >= d for d < 0 (finite doubles) */
static int not_beyond(double p, double v, double d)
{
    double r = v - p;
    if (isinf(r)) return (r > 0) != (d > 0); /* beyond every double the other way */
    double bb = r - v, err = (v - (r - bb)) + (-p - bb);
    if (d > 0) return r < d || (r == d && err <= 0.0);
    return r > d || (r == d && err >= 0.0);
}

struct entry_ctx {
    const pc_outlines *o;
    const pc__filter *f;
    int64_t s;
    double px, py, dx, dy;
    int found;
    double t, nx, ny, vx, vy;
    int64_t edge;
};

/* The unit normal of listing k into the interior, and whether the motion goes into the face */
static int faced(const struct entry_ctx *c, int64_t k, double *n)
{
    const double *e = c->o->edges + 4 * k;
    double ex = e[2] - e[0], ey = e[3] - e[1], len = hypot(ex, ey);
    if (!(len > 0.0) || isinf(len)) {
        ex = 0.5 * e[2] - 0.5 * e[0];
        ey = 0.5 * e[3] - 0.5 * e[1];
        len = hypot(ex, ey);
    }
    if (!(len > 0.0)) return 0;
    double sgn = interior_left(c->o, c->o->ids[k]) ? 1.0 : -1.0; /* the interior on the left of the edge */
    n[0] = -sgn * ey / len;
    n[1] = sgn * ex / len;
    return n[0] * c->dx + n[1] * c->dy > 0.0;
}

/* The first edge through V whose face the motion goes into (its normal in
 * c's nx, ny and its first vertex in c->edge), else the first edge through V */
struct face_ctx {
    struct entry_ctx *c;
    double vx, vy;
    int any;
};

static int face_visit(void *vctx, int64_t k)
{
    struct face_ctx *fc = vctx;
    struct entry_ctx *c = fc->c;
    const double *e = c->o->edges + 4 * k;
    if ((e[0] == e[2] && e[1] == e[3]) || pc__orient(c->f, e[0], e[1], e[2], e[3], fc->vx, fc->vy) != 0 ||
        !pc__on_collinear(e[0], e[1], e[2], e[3], fc->vx, fc->vy))
        return 0;
    double n[2];
    if (!fc->any) c->edge = c->o->ids[k];
    fc->any = 1;
    if (!faced(c, k, n)) return 0;
    c->nx = n[0];
    c->ny = n[1];
    c->edge = c->o->ids[k];
    return 1;
}

/* V on the boundary, reached at time t: does the motion go strictly into
 * the interior there?  If so, c takes it. */
static void try_entry(struct entry_ctx *c, double vx, double vy, double t)
{
    struct dir_ctx dc = {c->o, c->f, vx, vy, c->dx, c->dy, 1, 0, 0, 0.0, 0.0, 0};
    double box[4] = {vx, vy, vx, vy};
    pc__outline_each_edge(c->o, c->s, box, dir_visit, &dc);
    if (!(dc.found && dc.best_cw) || dc.along) return; /* not strictly into the interior */
    c->found = 1;
    c->t = t;
    c->vx = vx;
    c->vy = vy;
    c->nx = c->dx; /* unless a face the motion goes into is found */
    c->ny = c->dy;
    struct face_ctx fc = {c, vx, vy, 0};
    pc__outline_each_edge(c->o, c->s, box, face_visit, &fc);
}

static int entry_visit(void *vctx, int64_t k)
{
    struct entry_ctx *c = vctx;
    const double *e = c->o->edges + 4 * k;
    for (int end = 0; end < 2; end++) {
        double vx = e[2 * end], vy = e[2 * end + 1];
        if (pc__cross_dir(c->dx, c->dy, c->px, c->py, vx, vy) != 0 ||
            pc__dot_dir(c->dx, c->dy, c->px, c->py, vx, vy) < 0)
            continue;
        int xaxis = c->dx != 0.0;
        double p = xaxis ? c->px : c->py, v = xaxis ? vx : vy, d = xaxis ? c->dx : c->dy;
        if (!not_beyond(p, v, d)) continue;
        double t = (v - p) / d;
        t = t > 0.0 ? (t < 1.0 ? t : 1.0) : 0.0;
        if (!c->found || t < c->t) try_entry(c, vx, vy, t);
    }
    return 0;
}

int pc__outline_vertex_entry(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, double dx,
                             double dy, double *t, double *n, int64_t *edge)
{
    if (!o->closed || (dx == 0.0 && dy == 0.0)) return 0;
    double box[4] = {pc__min(px, px + dx), pc__min(py, py + dy), pc__max(px, px + dx), pc__max(py, py + dy)};
    box[0] = pc__down(box[0]);
    box[1] = pc__down(box[1]);
    box[2] = pc__up(box[2]);
    box[3] = pc__up(box[3]);
    struct entry_ctx c = {o, f, s, px, py, dx, dy, 0, 0.0, 0.0, 0.0, 0.0, 0.0, -1};
    int on;
    if (pc__outline_locate(o, f, s, px, py, &on) && on) try_entry(&c, px, py, 0.0); /* starting on the boundary */
    if (!c.found) pc__outline_each_edge(o, s, box, entry_visit, &c);
    if (!c.found) return 0;
    double len = hypot(c.nx, c.ny);
    if (c.nx == dx && c.ny == dy && len > 0.0 && !isinf(len)) { /* no face the motion goes into: along it */
        c.nx /= len;
        c.ny /= len;
    } else if (c.nx == dx && c.ny == dy) {
        double m = pc__max(fabs(dx), fabs(dy));
        c.nx = dx / m;
        c.ny = dy / m;
        len = hypot(c.nx, c.ny);
        c.nx /= len;
        c.ny /= len;
    }
    *t = c.t;
    n[0] = c.nx;
    n[1] = c.ny;
    n[2] = c.vx;
    n[3] = c.vy;
    *edge = c.edge;
    return 1;
}

/* Is the direction from P to D strictly inside the interior (not along the
 * boundary), P on the boundary of region s? */
static int into_interior(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, double dx,
                         double dy)
{
    int along, in = pc__outline_interior_after(o, f, s, px, py, dx, dy, &along);
    return in && !along; /* along the boundary: not into the interior */
}

/* A shape (its row, kind and core) against one outline shape */
struct shape_ctx {
    const pc_outlines *o;
    const pc__filter *f;
    int64_t s;
    int kind;
    const double *a;
    const pc__hull *h;
    int strict;
    double seg[4]; /* a flat shape's extent (strict tests), or the edge tested */
};

static void edge_row(const pc_outlines *o, int64_t k, double *row)
{
    const double *e = o->edges + 4 * k;
    row[0] = e[0];
    row[1] = e[1];
    row[2] = e[2];
    row[3] = e[3];
}

static int meets_visit(void *vctx, int64_t k)
{
    struct shape_ctx *c = vctx;
    double row[4];
    edge_row(c->o, k, row);
    return pc__overlap_rows(c->f, PC_SEGMENT, row, c->kind, c->a, c->strict ? PC_STRICT : PC_TOUCHING);
}

/* Polyline strict against a flat segment [a, b]: a polyline vertex strictly
 * inside it with the polyline's edges from it strictly on both sides */
struct sides_ctx {
    struct shape_ctx *c;
    double vx, vy;
    int sides; /* bit 0: a far end strictly left of the line, bit 1: strictly right */
};

static int sides_visit(void *vctx, int64_t k)
{
    struct sides_ctx *d = vctx;
    const struct shape_ctx *c = d->c;
    const double *e = c->o->edges + 4 * k;
    const double *q = NULL;
    if (e[0] == d->vx && e[1] == d->vy)
        q = e + 2;
    else if (e[2] == d->vx && e[3] == d->vy)
        q = e;
    if (!q || (q[0] == d->vx && q[1] == d->vy)) return 0;
    int side = pc__orient(c->f, c->seg[0], c->seg[1], c->seg[2], c->seg[3], q[0], q[1]);
    d->sides |= side > 0 ? 1 : side < 0 ? 2 : 0;
    return d->sides == 3;
}

/* Is the point strictly inside the segment [a, b] (on its line, between, not an end)? */
static int inside_segment(const pc__filter *f, const double *ab, double x, double y)
{
    if ((x == ab[0] && y == ab[1]) || (x == ab[2] && y == ab[3])) return 0;
    return pc__orient(f, ab[0], ab[1], ab[2], ab[3], x, y) == 0 && pc__on_collinear(ab[0], ab[1], ab[2], ab[3], x, y);
}

static int vertex_visit_polyline(void *vctx, int64_t k)
{
    struct shape_ctx *c = vctx;
    const double *e = c->o->edges + 4 * k;
    for (int end = 0; end < 2; end++) {
        double x = e[2 * end], y = e[2 * end + 1];
        if (!inside_segment(c->f, c->seg, x, y)) continue;
        struct sides_ctx d = {c, x, y, 0};
        double box[4] = {x, y, x, y};
        if (pc__outline_each_edge(c->o, c->s, box, sides_visit, &d)) return 1;
    }
    return 0;
}

/* Region strict against a flat segment [a, b]: from a boundary vertex
 * strictly inside it, or from one of its ends on the boundary, one of its
 * directions goes into the interior */
static int vertex_visit_region(void *vctx, int64_t k)
{
    struct shape_ctx *c = vctx;
    const double *e = c->o->edges + 4 * k;
    for (int end = 0; end < 2; end++) {
        double x = e[2 * end], y = e[2 * end + 1];
        if (!inside_segment(c->f, c->seg, x, y)) continue;
        if (into_interior(c->o, c->f, c->s, x, y, c->seg[0], c->seg[1]) ||
            into_interior(c->o, c->f, c->s, x, y, c->seg[2], c->seg[3]))
            return 1;
    }
    return 0;
}

/* Does the shape (kind, row a, core h, bounds box) overlap outline shape s? */
static int shape_meets(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a,
                       const pc__hull *h, const double *box, int strict)
{
    struct shape_ctx c = {o, f, s, kind, a, h, strict, {0.0, 0.0, 0.0, 0.0}};
    int on;
    int flat = h->R == 0.0 && h->n <= 2;
    if (!strict) {
        if (pc__outline_each_edge(o, s, box, meets_visit, &c)) return 1;
        return o->closed && pc__outline_locate(o, f, s, h->x[0], h->y[0], &on);
    }
    if (flat && h->n == 1) return o->closed && pc__outline_locate(o, f, s, h->x[0], h->y[0], &on) && !on;
    if (!flat) { /* an interior: an edge through it, or it lies inside */
        if (pc__outline_each_edge(o, s, box, meets_visit, &c)) return 1;
        if (!o->closed) return 0;
        if (h->R > 0.0)
            return pc__outline_locate(o, f, s, h->x[0], h->y[0], &on); /* the core is interior: not on the boundary */
        for (int i = 0; i < h->n; i++) {
            int in = pc__outline_locate(o, f, s, h->x[i], h->y[i], &on);
            if (!on) return in;
        }
        /* every corner on the boundary: the interior just inside the first corner */
        int along;
        return pc__outline_interior_after(o, f, s, h->x[0], h->y[0], h->x[1], h->y[1], &along);
    }
    /* a segment */
    c.seg[0] = h->x[0];
    c.seg[1] = h->y[0];
    c.seg[2] = h->x[1];
    c.seg[3] = h->y[1];
    if (pc__outline_each_edge(o, s, box, meets_visit, &c)) return 1; /* a proper crossing */
    if (!o->closed) return pc__outline_each_edge(o, s, box, vertex_visit_polyline, &c);
    for (int end = 0; end < 2; end++) {
        double x = c.seg[2 * end], y = c.seg[2 * end + 1];
        int in = pc__outline_locate(o, f, s, x, y, &on);
        if (in && !on) return 1;
        if (on && into_interior(o, f, s, x, y, c.seg[2 - 2 * end], c.seg[3 - 2 * end])) return 1;
    }
    return pc__outline_each_edge(o, s, box, vertex_visit_region, &c);
}

/* ---- a segment's relation to an outline shape (pc_outlines_relate_segments) ---- */

/* Does the ray from P towards D stay in the closed region just beyond P (P
 * on the boundary): along the boundary, or into the interior? */
static int stays_in(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, double dx, double dy)
{
    int along, in = pc__outline_interior_after(o, f, s, px, py, dx, dy, &along);
    return along || in;
}

struct segment_ctx {
    const pc_outlines *o;
    const pc__filter *f;
    int64_t s;
    double seg[4];
    double cur, end; /* polylines: the covered reach along the segment's axis */
    int axis;        /* 0: x, 1: y; strictly monotone along the segment */
};

static int crossing_visit(void *vctx, int64_t k)
{
    const struct segment_ctx *c = vctx;
    const double *e = c->o->edges + 4 * k;
    if (e[0] == e[2] && e[1] == e[3]) return 0;
    return pc__seg_relation(c->f, e, c->seg) == PC__SEG_CROSS;
}

/* A region's vertex strictly inside the segment from which the segment
 * leaves the closed region, either way */
static int leaves_visit(void *vctx, int64_t k)
{
    const struct segment_ctx *c = vctx;
    const double *e = c->o->edges + 4 * k;
    for (int end = 0; end < 2; end++) {
        double x = e[2 * end], y = e[2 * end + 1];
        if (!inside_segment(c->f, c->seg, x, y)) continue;
        if (!stays_in(c->o, c->f, c->s, x, y, c->seg[0], c->seg[1]) ||
            !stays_in(c->o, c->f, c->s, x, y, c->seg[2], c->seg[3]))
            return 1;
    }
    return 0;
}

/* Does closed region s hold the segment [p, q] (p != q)?  Its ends lie in it;
 * no edge crosses it properly (one side of an edge is outside); and from
 * every point where it meets the boundary at a vertex of the region or at
 * an end of its own, it stays along the boundary or goes into the interior
 * each way it runs from there.  Between those points a piece of it meets no
 * edge, so it lies wholly inside or wholly outside, as it does beside them. */
static int region_holds(struct segment_ctx *c, const double *box)
{
    const double *g = c->seg;
    for (int end = 0; end < 2; end++) {
        int on;
        if (!pc__outline_locate(c->o, c->f, c->s, g[2 * end], g[2 * end + 1], &on)) return 0;
        if (on && !stays_in(c->o, c->f, c->s, g[2 * end], g[2 * end + 1], g[2 - 2 * end], g[3 - 2 * end])) return 0;
    }
    if (pc__outline_each_edge(c->o, c->s, box, crossing_visit, c)) return 0;
    return !pc__outline_each_edge(c->o, c->s, box, leaves_visit, c);
}

/* Polylines: the collinear edges reaching past the covered reach extend it */
static int reach_visit(void *vctx, int64_t k)
{
    struct segment_ctx *c = vctx;
    const double *e = c->o->edges + 4 * k, *g = c->seg;
    if (e[0] == e[2] && e[1] == e[3]) return 0;
    if (pc__orient(c->f, g[0], g[1], g[2], g[3], e[0], e[1]) != 0 ||
        pc__orient(c->f, g[0], g[1], g[2], g[3], e[2], e[3]) != 0)
        return 0;
    double lo = pc__min(e[c->axis], e[2 + c->axis]), hi = pc__max(e[c->axis], e[2 + c->axis]);
    if (lo <= c->cur && hi > c->cur) c->cur = hi;
    return c->cur >= c->end;
}

/* Does polyline s hold the segment [p, q] (p != q): do its edges on the
 * segment's line cover it?  (Along the line one coordinate is monotone, so
 * the covered reach is compared exactly.) */
static int polyline_holds(struct segment_ctx *c, const double *box)
{
    const double *g = c->seg;
    c->axis = g[0] != g[2] ? 0 : 1;
    c->cur = pc__min(g[c->axis], g[2 + c->axis]);
    c->end = pc__max(g[c->axis], g[2 + c->axis]);
    for (;;) {
        double before = c->cur;
        if (pc__outline_each_edge(c->o, c->s, box, reach_visit, c)) return 1;
        if (!(c->cur > before)) return 0;
    }
}

/* Polylines: do the segment's interior and the polyline's (without its two
 * ends, unless it closes) meet?  Along a shared piece; at a proper crossing
 * that is not at an end (a polyline may pass through its own end, which
 * stays its boundary); or at a vertex strictly inside the segment that is
 * not an end. */
struct inner_ctx {
    const struct segment_ctx *c;
    double first[2], last[2];
    int closed;
};

static int polyline_inner_visit(void *vctx, int64_t k)
{
    const struct inner_ctx *d = vctx;
    const struct segment_ctx *c = d->c;
    const double *e = c->o->edges + 4 * k;
    if (e[0] == e[2] && e[1] == e[3]) { /* a polyline of one place: that point, its interior */
        int is_end = (e[0] == d->first[0] && e[1] == d->first[1]) || (e[0] == d->last[0] && e[1] == d->last[1]);
        return inside_segment(c->f, c->seg, e[0], e[1]) && (d->closed || !is_end);
    }
    int rel = pc__seg_relation(c->f, e, c->seg);
    if (rel == PC__SEG_SHARE) return 1;
    if (rel == PC__SEG_CROSS) { /* unless the crossing is at an end of the polyline (its boundary) */
        int at_end = 0;
        for (int end = 0; end < 2 && !d->closed; end++) {
            const double *q = end ? d->last : d->first;
            at_end |= inside_segment(c->f, c->seg, q[0], q[1]) && inside_segment(c->f, e, q[0], q[1]);
        }
        if (!at_end) return 1;
    }
    for (int end = 0; end < 2; end++) {
        double x = e[2 * end], y = e[2 * end + 1];
        int is_end = (x == d->first[0] && y == d->first[1]) || (x == d->last[0] && y == d->last[1]);
        if (inside_segment(c->f, c->seg, x, y) && (d->closed || !is_end)) return 1;
    }
    return 0;
}

static int polyline_inner(const struct segment_ctx *c, const double *box)
{
    const pc_outlines *o = c->o;
    int64_t v0 = o->ring_start[o->shape_start[c->s]], v1 = o->ring_start[o->shape_start[c->s + 1]] - 1;
    struct inner_ctx d = {c, {o->xy[2 * v0], o->xy[2 * v0 + 1]}, {o->xy[2 * v1], o->xy[2 * v1 + 1]}, 0};
    d.closed = d.first[0] == d.last[0] && d.first[1] == d.last[1];
    if (c->seg[0] == c->seg[2] && c->seg[1] == c->seg[3]) { /* a point: on the polyline, not at an end */
        int on;
        double x = c->seg[0], y = c->seg[1];
        int is_end = (x == d.first[0] && y == d.first[1]) || (x == d.last[0] && y == d.last[1]);
        return pc__outline_locate(o, c->f, c->s, x, y, &on) && (d.closed || !is_end);
    }
    return pc__outline_each_edge(o, c->s, box, polyline_inner_visit, &d);
}

/* Bit 1: outline shape s holds the segment (4 doubles); bit 2: their
 * interiors meet.  Exact. */
static int segment_relation(const pc_outlines *o, const pc__filter *f, int64_t s, const double *a)
{
    struct segment_ctx c = {o, f, s, {a[0], a[1], a[2], a[3]}, 0.0, 0.0, 0};
    double box[4] = {pc__min(a[0], a[2]), pc__min(a[1], a[3]), pc__max(a[0], a[2]), pc__max(a[1], a[3])};
    int point = a[0] == a[2] && a[1] == a[3], on;
    int holds;
    if (point)
        holds = pc__outline_locate(o, f, s, a[0], a[1], &on);
    else
        holds = o->closed ? region_holds(&c, box) : polyline_holds(&c, box);
    int inner;
    if (o->closed) {
        pc__hull h;
        pc__kind(PC_SEGMENT)->core(f, a, &h);
        inner = shape_meets(o, f, s, PC_SEGMENT, a, &h, box, 1); /* the segment meets the open area */
    } else {
        inner = polyline_inner(&c, box);
    }
    return holds | (inner << 1);
}

int pc__outline_meets(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a, int strict)
{
    pc__hull h;
    double box[4];
    pc__kind(kind)->core(f, a, &h);
    pc__kind(kind)->bounds(a, box);
    return shape_meets(o, f, s, kind, a, &h, box, strict);
}

/* Within a distance: the shape meets the outline shape, or some edge lies
 * within d of it (a region's nearest points to a shape apart from it lie on
 * its boundary).  The edges met are those whose boxes meet the shape's box
 * grown by d, each bound stepped outward once (a superset, whatever the
 * rounding). */
struct within_ctx {
    const pc_outlines *o;
    const pc__filter *f;
    int kind, strict;
    const double *a;
    double d;
};

static int within_visit(void *vctx, int64_t k)
{
    const struct within_ctx *c = vctx;
    double row[4];
    edge_row(c->o, k, row);
    return pc__within_rows(c->f, PC_SEGMENT, row, c->kind, c->a, c->d, c->strict);
}

int pc__outline_within(const pc_outlines *o, int64_t s, int kind, const double *a, double d, int strict, double mag)
{
    pc__filter f = pc__filter_for(pc__max(pc__max(mag, o->magnitude), d));
    pc__hull h;
    double box[4];
    pc__kind(kind)->core(&f, a, &h);
    pc__kind(kind)->bounds(a, box);
    if (d == 0.0 && strict) return 0; /* none is less than 0 apart */
    if (shape_meets(o, &f, s, kind, a, &h, box, 0)) return 1;
    if (d == 0.0) return 0;
    double grown[4] = {pc__down(box[0] - d), pc__down(box[1] - d), pc__up(box[2] + d), pc__up(box[3] + d)};
    struct within_ctx c = {o, &f, kind, strict, a, d};
    return pc__outline_each_edge(o, s, grown, within_visit, &c);
}

struct shapes_within_ctx {
    const pc_outlines *o;
    int kind, strict;
    double magnitude; /* the shapes' */
    int bad;          /* some distance is negative, NaN or infinite */
};

static void distances_check(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    struct shapes_within_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        double d = *(const double *)(p[0] + i * st[0]);
        if (!(d >= 0.0 && d < INFINITY)) c->bad = 1;
    }
}

static void shapes_within_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct shapes_within_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        int64_t s = *(const int64_t *)(p[0] + i * st[0]);
        const double *a = (const double *)(p[1] + i * st[1]);
        double d = *(const double *)(p[2] + i * st[2]);
        int hit = s >= 0 && s < c->o->n && pc__outline_within(c->o, s, c->kind, a, d, c->strict, c->magnitude);
        *(uint8_t *)(p[3] + i * st[3]) = (uint8_t)hit;
    }
}

int pc_outlines_within(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, int kind, const double *a,
                       const int64_t *strides_a, const double *distances, const int64_t *strides_d, uint8_t *out,
                       const int64_t *strides_out, int ndim, const int64_t *shape, int mode, double magnitude,
                       int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind)) return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (outline_ok(o) && o->shapes && o->band_start && o->edges && o->ids && o->left &&
        (mode == PC_TOUCHING || mode == PC_STRICT)) {
        struct shapes_within_ctx ctx = {o, kind, mode == PC_STRICT, magnitude, 0};
        const void *dptr[1] = {distances};
        const int64_t *dst[1] = {strides_d};
        rc = pc__batch(ndim, shape, 1, dptr, dst, 0u, distances_check, &ctx, 1, PC_CHUNK, cancel);
        if (rc == PC_OK && ctx.bad) rc = PC_ERR_ARG;
        if (rc == PC_OK) {
            const void *ptrs[4] = {which, a, distances, out};
            const int64_t *st[4] = {strides_w, strides_a, strides_d, strides_out};
            rc = pc__batch(ndim, shape, 4, ptrs, st, 9u, shapes_within_inner, &ctx, threads, PC_CHUNK, cancel);
        }
    }
    pc__fp_leave(env);
    return rc;
}

struct shapes_ctx {
    const pc_outlines *o;
    int kind, strict;
    double magnitude; /* the shapes' */
};

static void shapes_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct shapes_ctx *c = vctx;
    const pc__kind_info *info = pc__kind(c->kind);
    const pc__filter f = pc__filter_for(pc__max(c->o->magnitude, c->magnitude));
    for (int64_t i = 0; i < n; i++) {
        int64_t s = *(const int64_t *)(p[0] + i * st[0]);
        const double *a = (const double *)(p[1] + i * st[1]);
        uint8_t *out = (uint8_t *)(p[2] + i * st[2]);
        int hit = 0;
        if (s >= 0 && s < c->o->n) {
            pc__hull h;
            double box[4];
            info->core(&f, a, &h);
            info->bounds(a, box);
            hit = shape_meets(c->o, &f, s, c->kind, a, &h, box, c->strict);
        }
        *out = (uint8_t)hit;
    }
}

struct segments_ctx {
    const pc_outlines *o;
    double magnitude; /* the segments' */
};

static void segments_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct segments_ctx *c = vctx;
    const pc__filter f = pc__filter_for(pc__max(c->o->magnitude, c->magnitude));
    for (int64_t i = 0; i < n; i++) {
        int64_t s = *(const int64_t *)(p[0] + i * st[0]);
        const double *a = (const double *)(p[1] + i * st[1]);
        *(uint8_t *)(p[2] + i * st[2]) = (uint8_t)(s >= 0 && s < c->o->n ? segment_relation(c->o, &f, s, a) : 0);
    }
}

int pc_outlines_relate_segments(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, const double *a,
                                const int64_t *strides_a, uint8_t *out, const int64_t *strides_out, int ndim,
                                const int64_t *shape, double magnitude, int threads, const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (outline_ok(o) && o->shapes && o->band_start && o->edges && o->ids && o->left) {
        struct segments_ctx ctx = {o, magnitude};
        const void *ptrs[3] = {which, a, out};
        const int64_t *st[3] = {strides_w, strides_a, strides_out};
        rc = pc__batch(ndim, shape, 3, ptrs, st, 5u, segments_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}

int pc_outlines_overlaps(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, int kind,
                         const double *a, const int64_t *strides_a, uint8_t *out, const int64_t *strides_out, int ndim,
                         const int64_t *shape, int mode, double magnitude, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind)) return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (outline_ok(o) && o->shapes && o->band_start && o->edges && o->ids && o->left &&
        (mode == PC_TOUCHING || mode == PC_STRICT)) {
        struct shapes_ctx ctx = {o, kind, mode == PC_STRICT, magnitude};
        const void *ptrs[3] = {which, a, out};
        const int64_t *st[3] = {strides_w, strides_a, strides_out};
        rc = pc__batch(ndim, shape, 3, ptrs, st, 5u, shapes_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}
