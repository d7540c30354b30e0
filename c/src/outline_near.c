/*
 * Outlines near shapes: the distance and the contact of a convex shape with
 * a polyline (the union of its edges) or a region (its closed area).
 *
 * Deciding.  Whether the shape meets the outline shape is the exact overlap
 * test (pc__outline_meets): the distance is then 0, and the contact's
 * separation 0 (touching) or, where the shape strictly overlaps, minus the
 * length of the least translation out of the outline shape
 * (pc__outline_part_contact, outline_world.c).  Otherwise the
 * separation is that of the nearest edge, made positive where rounding
 * brought it to 0 or below.
 *
 * The nearest edge.  The contact of the shape with each edge as a segment
 * (pc__contact_one, the convex kinds' kernel), the least separation winning,
 * the edge of the lower first vertex at equal separations, so that the
 * answer does not depend on the order of the visit.  The edges are read
 * through the shape's band index (outline.c): first the bands the shape's
 * box reaches, then more bands below and above, twice as many each time,
 * until every edge not yet read lies beyond a band boundary farther from the
 * box than the best separation (plus a slack of 2^-40 of the magnitudes,
 * which covers the rounding of the band map and of the separations).  An
 * edge whose box is that far from the shape's box along an axis is skipped
 * without its contact.
 *
 * Normals, ghost-free (the tile maps' rule, pc__map_contact and world.c's
 * nearest_edge, on edges that are not merged).  Where the shape's witness
 * point lies over an edge through the nearest point, its foot on the edge's
 * line in the closed edge, the normal is that edge's face normal, computed
 * from the edge alone (the same at every point of the face and bit for bit
 * at every scale 2^k), pointing from the shape toward the outline (into a
 * region's interior).  So a shape beside a vertex where the boundary
 * continues straight, or turns away from it, gets the face's normal, never a
 * direction toward the joint; only a shape beyond every face through the
 * nearest vertex (a corner standing out toward it, a polyline's free end)
 * gets the direction toward that vertex.
 */
#include "core.h"
#include "outline.h"
#include "contact.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "walk.h"

#include <float.h>
#include <math.h>

#include "pycollide.h"

/* The search for the nearest edge of one outline shape to one convex shape */
typedef struct {
    const pc_outlines *o;
    const pc__filter *f;
    int kind;
    const double *a;
    double box[4];  /* the shape's bounds */
    double slack;   /* the rounding allowance of the comparisons with bounds */
    double best[7]; /* the best contact (as pc_contact_batch, the shape as a) */
    int64_t id;     /* its edge's first vertex, -1 while none */
} near_search;

static void near_edge(near_search *n, int64_t k)
{
    const double *e = n->o->edges + 4 * k;
    if (n->id >= 0) { /* an edge farther than the best along an axis: not nearer */
        double lim = n->best[0] + n->slack;
        if (pc__min(e[0], e[2]) - n->box[2] > lim || n->box[0] - pc__max(e[0], e[2]) > lim ||
            pc__min(e[1], e[3]) - n->box[3] > lim || n->box[1] - pc__max(e[1], e[3]) > lim)
            return;
    }
    double one[7];
    pc__contact_one(n->f, n->kind, n->a, PC_SEGMENT, e, one);
    int64_t id = n->o->ids[k];
    if (n->id < 0 || one[0] < n->best[0] || (one[0] == n->best[0] && id < n->id)) {
        for (int q = 0; q < 7; q++) n->best[q] = one[q];
        n->id = id;
    }
}

/* y at the lower boundary of band b of a shape's index row (up to the
 * rounding of the band map, which the slack covers) */
static double band_floor(const double *row, int64_t b) { return 2.0 * (0.5 * row[1] + (double)b * row[4]); }

/* The nearest edge of shape s (n->id stays -1 for a shape without edges) */
static void nearest(near_search *n, int64_t s)
{
    const pc_outlines *o = n->o;
    const double *row = o->shapes + 7 * s;
    int64_t bands = (int64_t)row[6], first = (int64_t)row[5];
    int64_t lo = pc__outline_band(n->box[1], row[1], row[4], bands);
    int64_t hi = pc__outline_band(n->box[3], row[1], row[4], bands);
    /* an edge is read in the first band of the range read that lists it:
     * the first range's bands from its own lowest band on, then below the
     * range at its highest band, above it at its lowest */
    for (int64_t b = lo; b <= hi; b++)
        for (int64_t k = o->band_start[first + b]; k < o->band_start[first + b + 1]; k++) {
            const double *e = o->edges + 4 * k;
            int64_t e0 = pc__outline_band(pc__min(e[1], e[3]), row[1], row[4], bands);
            if ((e0 > lo ? e0 : lo) == b) near_edge(n, k);
        }
    for (int64_t step = 1; lo > 0 || hi < bands - 1; step *= 2) {
        /* every edge not read lies below band lo or above band hi */
        double gap = INFINITY;
        if (lo > 0) gap = pc__min(gap, n->box[1] - band_floor(row, lo));
        if (hi < bands - 1) gap = pc__min(gap, band_floor(row, hi + 1) - n->box[3]);
        if (n->id >= 0 && n->best[0] + n->slack < gap) return;
        int64_t nlo = lo - step > 0 ? lo - step : 0, nhi = hi + step < bands - 1 ? hi + step : bands - 1;
        for (int64_t b = nlo; b < lo; b++)
            for (int64_t k = o->band_start[first + b]; k < o->band_start[first + b + 1]; k++) {
                const double *e = o->edges + 4 * k;
                if (pc__outline_band(pc__max(e[1], e[3]), row[1], row[4], bands) == b) near_edge(n, k);
            }
        for (int64_t b = hi + 1; b <= nhi; b++)
            for (int64_t k = o->band_start[first + b]; k < o->band_start[first + b + 1]; k++) {
                const double *e = o->edges + 4 * k;
                if (pc__outline_band(pc__min(e[1], e[3]), row[1], row[4], bands) == b) near_edge(n, k);
            }
        lo = nlo;
        hi = nhi;
    }
}

/* ---- face normals ----------------------------------------------------------------------- */

struct face_ctx {
    const pc_outlines *o;
    const pc__filter *f;
    int apart;       /* the separation is > 0 */
    double inner[2]; /* a point of the shape's core, inside it where it has an inside */
    double p[2];     /* the shape's witness point */
    double found[2]; /* the contact's normal */
    double v[2];     /* the vertex the edges must pass through (faces at a joint) */
    int64_t id;      /* the face's edge (its first vertex), -1 while none */
    double n[2];
};

/* The sign of (px - ax, py - ay) . (ex, ey), each vector scaled by a power
 * of two of its own (the difference halved first where it would overflow):
 * no overflow, no underflow, the same at every scale 2^k. */
static int along(double px, double py, double ax, double ay, double ex, double ey)
{
    double dx = px - ax, dy = py - ay;
    if (!isfinite(dx) || !isfinite(dy)) {
        dx = 0.5 * px - 0.5 * ax;
        dy = 0.5 * py - 0.5 * ay;
    }
    int kd, ke;
    frexp(pc__max(fabs(dx), fabs(dy)), &kd);
    frexp(pc__max(fabs(ex), fabs(ey)), &ke);
    double u = ldexp(dx, -kd) * ldexp(ex, -ke) + ldexp(dy, -kd) * ldexp(ey, -ke);
    return (u > 0.0) - (u < 0.0);
}

/* The face normal of edge e (first vertex id) into n when the witness
 * point's foot on its line lies in the closed edge: unit, from the shape
 * toward the outline (a region's interior side; a polyline's side opposite
 * the shape, as the contact's normal says).  0 when it does not apply;
 * *beyond (if not NULL): the foot lies past the edge's second end. */
static int face_of(const struct face_ctx *c, const double *e, int64_t id, double *n, int *beyond)
{
    int k; /* the edge in units of 2^k: exact, and alike at every scale */
    frexp(pc__max(pc__max(fabs(e[0]), fabs(e[1])), pc__max(fabs(e[2]), fabs(e[3]))), &k);
    double ex = ldexp(e[2], -k) - ldexp(e[0], -k), ey = ldexp(e[3], -k) - ldexp(e[1], -k);
    if (ex == 0.0 && ey == 0.0) return 0;
    int from0 = along(c->p[0], c->p[1], e[0], e[1], ex, ey), from1 = along(c->p[0], c->p[1], e[2], e[3], ex, ey);
    if (beyond) *beyond = from1 > 0;
    if (from0 < 0 || from1 > 0) return 0;
    double l = pc__length(ex, ey), nx = -ey / l, ny = ex / l; /* the left side */
    int sign;
    if (c->o->closed) { /* into the interior; apart, not against the contact's direction (an edge at a
                         * separation equal to the nearest's by rounding only, across the region) */
        sign = c->o->left[pc__outline_ring(c->o, id)] > 0 ? 1 : -1;
        if (c->apart && sign * (c->found[0] * nx + c->found[1] * ny) < 0.0) return 0;
    } else {
        /* apart: the contact's direction; touching, or where that is
         * square to the face: away from the shape's inner point */
        double dot = c->apart ? c->found[0] * nx + c->found[1] * ny : 0.0;
        int side = pc__orient(c->f, e[0], e[1], e[2], e[3], c->inner[0], c->inner[1]);
        if (dot == 0.0 && side == 0) return 0;
        sign = dot > 0.0 ? 1 : dot < 0.0 ? -1 : -side;
    }
    n[0] = sign * nx + 0.0;
    n[1] = sign * ny + 0.0;
    return 1;
}

/* the edges through the vertex: the face of the lowest first vertex that applies */
static int joint_visit(void *vctx, int64_t k)
{
    struct face_ctx *c = vctx;
    const double *e = c->o->edges + 4 * k;
    int64_t id = c->o->ids[k];
    int through = (e[0] == c->v[0] && e[1] == c->v[1]) || (e[2] == c->v[0] && e[3] == c->v[1]);
    double n[2];
    if (through && (c->id < 0 || id < c->id) && face_of(c, e, id, n, NULL)) {
        c->id = id;
        c->n[0] = n[0];
        c->n[1] = n[1];
    }
    return 0;
}

/* The normal of the contact r (the shape as a) with shape s, its nearest
 * edge e (first vertex id): the face normal of e, or of an edge through the
 * end of e nearest the witness point, where one applies (face_of). */
static void ghost_free(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a, const double *e,
                       int64_t id, double *r)
{
    struct face_ctx c = {o, f, r[0] > 0.0, {0.0, 0.0}, {r[3], r[4]}, {r[1], r[2]}, {0.0, 0.0}, -1, {0.0, 0.0}};
    pc__hull h;
    pc__kind(kind)->core(f, a, &h);
    for (int i = 0; i < h.n; i++) { /* the core's mean: inside a core of three or more vertices */
        c.inner[0] += h.x[i] / h.n;
        c.inner[1] += h.y[i] / h.n;
    }
    double n[2];
    int end = 0; /* beyond an end of e: the end the witness point's foot passes */
    if (face_of(&c, e, id, n, &end)) {
        r[1] = n[0];
        r[2] = n[1];
        return;
    }
    c.v[0] = e[2 * end];
    c.v[1] = e[2 * end + 1];
    double box[4] = {c.v[0], c.v[1], c.v[0], c.v[1]};
    pc__outline_each_edge(o, s, box, joint_visit, &c);
    if (c.id >= 0) {
        r[1] = c.n[0];
        r[2] = c.n[1];
    }
}

/* ---- the batch -------------------------------------------------------------------------- */

/* near_one, and the nearest edge's first vertex into *edge (-1 when the
 * contact was not computed) */
static void near_edge_one(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a, double mag,
                          int contact, double *out, int64_t *edge)
{
    *edge = -1;
    int hit = pc__outline_meets(o, f, s, kind, a, 0);
    if (!contact && hit) {
        out[0] = 0.0;
        return;
    }
    if (contact && hit && pc__outline_meets(o, f, s, kind, a, 1)) { /* strictly: the least translation out */
        pc_outlines one;
        pc__outline_how how;
        int64_t index;
        pc__outline_view(o, s, &one);
        pc__outline_part_contact(&one, kind, a, out, &index, &how);
        return;
    }
    near_search n = {o, f, kind, a, {0.0, 0.0, 0.0, 0.0}, pc__max(0x1p-40 * mag, 0x1p-1060), {0.0}, -1};
    pc__kind(kind)->bounds(a, n.box);
    nearest(&n, s);
    double *r = n.best;
    if (n.id < 0) { /* not reached: every shape has an edge */
        for (int q = 0; q < 7; q++) out[q] = NAN;
        out[0] = INFINITY;
        return;
    }
    /* the sign is the exact test's */
    if ((hit && r[0] != 0.0) || (!hit && !(r[0] > 0.0))) {
        r[5] = r[3];
        r[6] = r[4];
    }
    if (hit || !(r[0] > 0.0)) r[0] = hit ? 0.0 : DBL_TRUE_MIN; /* +0.0 when touching, never -0.0 */
    if (!contact) {
        out[0] = r[0];
        return;
    }
    /* the nearest edge's row: the listing of its first vertex */
    const double *e = o->xy + 2 * n.id;
    ghost_free(o, f, s, kind, a, e, n.id, r);
    for (int q = 0; q < 7; q++) out[q] = r[q];
    *edge = n.id;
}

static void near_one(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a, double mag,
                     int contact, double *out)
{
    int64_t edge;
    near_edge_one(o, f, s, kind, a, mag, contact, out, &edge);
}

void pc__outline_contact(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a, double mag,
                         double *out, int64_t *edge)
{
    near_edge_one(o, f, s, kind, a, mag, 1, out, edge);
}

int64_t pc__outline_nearest_edge(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a,
                                 double mag, double *out)
{
    near_search n = {o, f, kind, a, {0.0, 0.0, 0.0, 0.0}, pc__max(0x1p-40 * mag, 0x1p-1060), {0.0}, -1};
    pc__kind(kind)->bounds(a, n.box);
    nearest(&n, s);
    for (int q = 0; q < 7; q++) out[q] = n.best[q];
    return n.id;
}

void pc__outline_face_normal(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a,
                             int64_t edge, double *r)
{
    ghost_free(o, f, s, kind, a, o->xy + 2 * edge, edge, r);
}

double pc__outline_distance(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a, double mag)
{
    double d;
    near_one(o, f, s, kind, a, mag, 0, &d);
    return d;
}

struct near_ctx {
    const pc_outlines *o;
    int kind, contact;
    double magnitude; /* the shapes' */
};

static void near_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct near_ctx *c = vctx;
    double mag = pc__max(c->o->magnitude, c->magnitude);
    const pc__filter f = pc__filter_for(mag);
    for (int64_t i = 0; i < n; i++) {
        int64_t s = *(const int64_t *)(p[0] + i * st[0]);
        const double *a = (const double *)(p[1] + i * st[1]);
        double *out = (double *)(p[2] + i * st[2]);
        if (s >= 0 && s < c->o->n) {
            near_one(c->o, &f, s, c->kind, a, mag, c->contact, out);
        } else {
            for (int q = 0; q < (c->contact ? 7 : 1); q++) out[q] = NAN;
        }
    }
}

int pc_outlines_near(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, int kind, const double *a,
                     const int64_t *strides_a, double *out, const int64_t *strides_out, int ndim, const int64_t *shape,
                     int contact, double magnitude, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind)) return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (o && o->xy && o->ring_start && o->shape_start && o->n >= 0 && o->shapes && o->band_start && o->edges &&
        o->ids && o->left && (contact == 0 || contact == 1)) {
        struct near_ctx ctx = {o, kind, contact, magnitude};
        const void *ptrs[3] = {which, a, out};
        const int64_t *st[3] = {strides_w, strides_a, strides_out};
        rc = pc__batch(ndim, shape, 3, ptrs, st, 1u, near_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}
