/*
 * Raycasts against outlines (pc_outlines_raycast): the first point of a
 * collection of polylines (their closed edges) or regions (their closed
 * areas) along each ray o + t d, t >= 0.
 *
 * A ray whose origin lies in a shape's closed set (pc__outline_locate, exact)
 * hits it at distance 0 with normal -d / |d|, as a raycast against a convex
 * shape does.  Otherwise the first point of the shape on the ray lies on one
 * of its edges (a region's area is closed and bounded by its edges), so the
 * shape is its edges: each edge is a segment core (a point where its ends
 * coincide), and the ray meets it exactly when pc__ray_meets_hull says so.
 * The entry is the exact one rounded once (pc__ray_entry, entry.h), so the
 * distance is a function of the exact point hit alone: it equals a convex
 * shape's or a tile's entered at that point, and edges through one point
 * (a vertex) tie exactly.
 *
 * The edges visited for shape s are those pc__outline_each_edge lists for
 * the part of its bounds the ray can reach: the box cut by the quadrant
 * ahead of the origin (x >= ox where dx > 0, x = ox where dx = 0, ...;
 * exact comparisons), then its y-range cut to the ray's over its x-range,
 * computed in floating point and widened far beyond the rounding, so no
 * edge the ray meets is skipped.  A shallow ray reads the bands it crosses;
 * a steep one every band of the quadrant (the edges of each filtered by
 * their boxes).
 *
 * Of the edges hit at the least distance (more than one at a vertex), the
 * normal is that of the lowest-indexed one facing the ray (exact signs): for
 * a region, an edge whose outward side faces it (d . n_out < 0: the ray
 * enters the area across it, as a polygon's normal is that of the face
 * entered), for a polyline, an edge the ray crosses (not parallel to it);
 * the unit normal on the side facing the origin.  Where none faces the ray
 * (it only runs along edges there), -d / |d|.  Of shapes at the same
 * distance, the lowest index; a hit farther than max_distance is no hit.
 */
#include <math.h>

#include "cast.h"
#include "core.h"
#include "entry.h"
#include "fpenv.h"
#include "outline.h"
#include "predicates.h"
#include "walk.h"

#include "pycollide.h"

/* One ray against one shape: the best edge so far */
struct ray_ctx {
    const pc_outlines *o;
    const pc__filter *f;
    const double *org, *dir;
    double stretch, cap; /* cap: the entries that can still win or tie */
    double dist;         /* the best distance so far (inf: none) */
    int64_t edge;        /* its listing (-1: none) */
    int64_t vertex;      /* its edge's first vertex */
    int facing;          /* it faces the ray */
};

/* The edge of listing k as a core: a segment, or a point where its ends coincide */
static void edge_core(const pc_outlines *o, int64_t k, pc__hull *h)
{
    const double *e = o->edges + 4 * k;
    h->R = 0.0;
    h->x[0] = e[0];
    h->y[0] = e[1];
    h->x[1] = e[2];
    h->y[1] = e[3];
    h->n = e[0] == e[2] && e[1] == e[3] ? 1 : 2;
}

static int edge_visit(void *vctx, int64_t k)
{
    struct ray_ctx *c = vctx;
    pc__hull h;
    edge_core(c->o, k, &h);
    const double *o = c->org, *d = c->dir;
    if (!pc__ray_meets_hull(c->f, &h, o[0], o[1], d[0], d[1])) return 0;
    int cross = h.n == 2 ? pc__cross_dir(d[0], d[1], h.x[0], h.y[0], h.x[1], h.y[1]) : 0, crossed = cross != 0;
    int64_t v = c->o->ids[k];
    /* a region's edge faces the ray when d x e has the sign opposite to the
     * interior's side (left: +1); a polyline's when the ray crosses it */
    int facing = c->o->closed ? cross * c->o->left[pc__outline_ring(c->o, v)] < 0 : crossed;
    /* a float guess of the entry along the major axis: the crossing of the lines */
    int major = pc__ray_major(d);
    double ex = h.x[1] - h.x[0], ey = h.y[1] - h.y[0];
    double guess = crossed ? fabs(d[major]) * (((h.x[0] - o[0]) * ey - (h.y[0] - o[1]) * ex) / (d[0] * ey - d[1] * ex))
                           : pc__min(fabs(h.x[0] - o[0]), fabs(h.x[1] - o[0]));
    if (!crossed && major) guess = pc__min(fabs(h.y[0] - o[1]), fabs(h.y[1] - o[1]));
    /* entries beyond the best so far (with room for the roundings between
     * entry and distance: a tie must still be seen) come back +inf; with
     * no cap, +inf is an entry beyond the doubles, still a hit */
    double cap = c->edge >= 0 ? pc__min(c->cap, c->dist / c->stretch * (1 + 0x1p-48) + 0x1p-1070) : c->cap;
    double entry = pc__ray_entry(&h, o, d, guess, cap);
    double dist = pc__ray_distance(entry, c->stretch);
    if (!(dist < INFINITY) && cap < INFINITY) return 0;
    int better = c->edge < 0 || dist < c->dist ||
                 (dist == c->dist && (facing > c->facing || (facing == c->facing && v < c->vertex)));
    if (better) {
        c->dist = dist;
        c->edge = k;
        c->vertex = v;
        c->facing = facing;
    }
    return 0;
}

/* The unit normal of listing k on the side facing the ray's origin (d x e != 0) */
static void edge_normal(const pc_outlines *o, int64_t k, const double *d, double *nx, double *ny)
{
    const double *e = o->edges + 4 * k;
    double m = pc__max(pc__max(fabs(e[0]), fabs(e[1])), pc__max(fabs(e[2]), fabs(e[3])));
    double s = m > 0x1p1000 ? 0x1p-4 : m < 0x1p-900 ? 0x1p200 : 1.0; /* no overflow, no lost bits */
    double ex = e[2] * s - e[0] * s, ey = e[3] * s - e[1] * s, len = hypot(ex, ey);
    double mx = ey / len, my = -ex / len;
    if (pc__cross_dir(d[0], d[1], e[0], e[1], e[2], e[3]) > 0) { /* (ey, -ex) . d > 0: it faces away */
        mx = -mx;
        my = -my;
    }
    *nx = mx + 0.0;
    *ny = my + 0.0;
}

/* The quadrant of the shape's bounds ahead of the origin: 0 when empty */
static int ahead_box(const double *row, const double *o, const double *d, double *box)
{
    for (int a = 0; a < 2; a++) {
        double lo = row[a], hi = row[a + 2];
        if (d[a] > 0) lo = pc__max(lo, o[a]);
        if (d[a] < 0) hi = pc__min(hi, o[a]);
        if (d[a] == 0) lo = hi = o[a];
        if (!(lo <= row[a + 2] && hi >= row[a] && lo <= hi)) return 0;
        box[a] = lo;
        box[a + 2] = hi;
    }
    /* the ray's y over that x-range, y = oy + (x - ox) q with q = dy / dx,
     * widened far beyond its rounding (a few ulps of the terms, and what
     * underflow loses), where q is a normal double: fewer bands to read */
    double q = d[0] != 0 ? d[1] / d[0] : 0.0;
    if (fabs(q) >= 0x1p-1000 && fabs(q) < 0x1p1000) {
        double lo = INFINITY, hi = -INFINITY;
        for (int k = 0; k < 4; k += 2) {
            double p = (box[k] - o[0]) * q, y = o[1] + p, w = 0x1p-48 * (fabs(o[1]) + fabs(p)) + 0x1p-1022;
            lo = pc__min(lo, y - w);
            hi = pc__max(hi, y + w);
        }
        if (lo > -INFINITY && hi < INFINITY) { /* else the box as it is */
            box[1] = pc__max(box[1], lo);
            box[3] = pc__min(box[3], hi);
            if (box[1] > box[3]) return 0;
        }
    }
    return 1;
}

static void ray_one(const pc_outlines *o, const double *org, const double *dir, double max_distance, double *out)
{
    if (!pc__ray_miss(out, dir)) return;
    double dm = pc__max(fabs(dir[0]), fabs(dir[1]));
    const pc__filter f = pc__filter_for(pc__max(o->magnitude, pc__max(fabs(org[0]), fabs(org[1]))));
    double stretch = pc__ray_stretch(dir), len = hypot(dir[0] / dm, dir[1] / dm);
    double best = INFINITY;
    int64_t best_s = -1, best_k = -1;
    for (int64_t s = 0; s < o->n && best > 0.0; s++) {
        double box[4];
        int on;
        if (!ahead_box(o->shapes + 7 * s, org, dir, box)) continue;
        if (pc__outline_locate(o, &f, s, org[0], org[1], &on)) { /* the origin in it: distance 0 */
            best = 0.0;
            best_s = s;
            best_k = -1;
            break;
        }
        double limit = pc__min(max_distance, best);
        struct ray_ctx c = {o, &f, org, dir, stretch, limit / stretch * (1 + 0x1p-48) + 0x1p-1070, INFINITY, -1, -1, 0};
        pc__outline_each_edge(o, s, box, edge_visit, &c);
        if (c.edge >= 0 && c.dist <= max_distance && (c.dist < best || best_s < 0)) {
            best = c.dist;
            best_s = s;
            best_k = c.facing ? c.edge : -1;
        }
    }
    if (best_s < 0) return;
    out[0] = 1.0;
    out[1] = best;
    out[2] = -(dir[0] / dm) / len + 0.0;
    out[3] = -(dir[1] / dm) / len + 0.0;
    if (best_k >= 0) edge_normal(o, best_k, dir, out + 2, out + 3);
    out[4] = (double)best_s;
}

struct rays_ctx { const pc_outlines *o; };

static void ray_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const pc_outlines *o = ((const struct rays_ctx *)vctx)->o;
    for (int64_t i = 0; i < n; i++)
        ray_one(o, (const double *)(p[0] + i * s[0]), (const double *)(p[1] + i * s[1]),
                *(const double *)(p[2] + i * s[2]), (double *)(p[3] + i * s[3]));
}

int pc_outlines_raycast(const pc_outlines *o, const double *origins, const int64_t *strides_o, const double *directions,
                        const int64_t *strides_d, const double *max_distances, const int64_t *strides_m, double *out,
                        const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                        const volatile int *cancel)
{
    if (!o || !o->xy || !o->ring_start || !o->shape_start || o->n < 0 || !o->shapes || !o->band_start || !o->edges ||
        !o->ids || (o->closed && !o->left))
        return PC_ERR_ARG;
    if (pc__limits_ok(ndim, shape, max_distances, strides_m) != PC_OK) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    const void *ptrs[4] = {origins, directions, max_distances, out};
    const int64_t *st[4] = {strides_o, strides_d, strides_m, strides_out};
    struct rays_ctx ctx = {o};
    int rc = pc__batch(ndim, shape, 4, ptrs, st, 0u, ray_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
