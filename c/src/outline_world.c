/*
 * Outlines as a world's part (world.c, depenetrate.c, mover.c): a
 * collection of polylines (the union of their closed edges) or regions
 * (their closed areas), the static geometry shapes move through.
 *
 * The collection's shapes are found by their bounds (a scan: a level's
 * outlines are a few dozen shapes of many vertices each), their edges
 * through each shape's band index (outline.c).
 *
 * Overlaps are exact (pc__outline_meets).  A sweep is the earliest hit over
 * the edges near the path, each a segment (pc__sweep_any: exact in whether
 * it hits, its time kept by the placement contract), then stepped down
 * where the shape placed there would strictly overlap the part (a region's
 * interior entered between two edges' hits).  That is the union's first
 * hit: a shape that does not strictly overlap a region enters it only across
 * its boundary, and sliding along edges (across a joint where the boundary
 * runs straight on or turns away) meets each edge in a slide, which is no
 * hit.  A hit's normal is the face normal of the edge hit, or of an edge
 * through its end, where the hit point's foot lies in it (the contact's rule,
 * outline_near.c) and the motion goes into that face; of several edges hit
 * at once (at a vertex), the first such: the same bit for bit along a face
 * and at every seam, so a mover running along a polyline floor gets the
 * floor's normal at every vertex.  A shape that starts strictly inside a region, clear of its edges,
 * is hit at once, along the normal of the nearest edge.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "core.h"
#include "depenetrate.h"
#include "fpenv.h"
#include "manifold.h"
#include "kernels.h"
#include "kinds.h"
#include "outline.h"
#include "sweepshape.h"
#include "walk.h"

/* The shape's bounds grown by 2^-40 of its magnitude: a box no rounding of
 * the bounds leaves short of the shape. */
static void grown_bounds(int kind, const double *a, double *box)
{
    pc__kind(kind)->bounds(a, box);
    double g = 0x1p-40 * pc__magnitude(a, pc_kind_width(kind)) + 0x1p-1060;
    box[0] -= g;
    box[1] -= g;
    box[2] += g;
    box[3] += g;
}

static int boxes_meet(const double *p, const double *q)
{
    return p[0] <= q[2] && q[0] <= p[2] && p[1] <= q[3] && q[1] <= p[3];
}

int pc__outline_part_meets(const pc_outlines *o, int kind, const double *a, int mode)
{
    double box[4];
    grown_bounds(kind, a, box);
    pc__filter f = pc__filter_for(pc__max(o->magnitude, pc__magnitude(a, pc_kind_width(kind))));
    for (int64_t s = 0; s < o->n; s++)
        if (boxes_meet(o->shapes + 7 * s, box) && pc__outline_meets(o, &f, s, kind, a, mode == PC_STRICT)) return 1;
    return 0;
}

int pc__outline_part_near_box(const pc_outlines *o, const double *box)
{
    for (int64_t s = 0; s < o->n; s++)
        if (boxes_meet(o->shapes + 7 * s, box)) return 1;
    return 0;
}

struct each_ctx {
    const pc_outlines *o;
    int (*visit)(void *ctx, const double *edge);
    void *ctx;
};

static int each_visit(void *vctx, int64_t k)
{
    const struct each_ctx *c = vctx;
    return c->visit(c->ctx, c->o->edges + 4 * k);
}

int pc__outline_part_each(const pc_outlines *o, const double *box, int (*visit)(void *ctx, const double *edge),
                          void *ctx)
{
    struct each_ctx c = {o, visit, ctx};
    for (int64_t s = 0; s < o->n; s++) {
        if (!boxes_meet(o->shapes + 7 * s, box)) continue;
        int r = pc__outline_each_edge(o, s, box, each_visit, &c);
        if (r) return r;
    }
    return 0;
}

/* ---- sweeps ------------------------------------------------------------------------------- */

#define TIES 8

typedef struct {
    const pc_outlines *o;
    const pc__filter *f;
    int kind;
    const double *a;
    double dx, dy;
    pc__toi h;
    int64_t s;          /* the shape being read */
    int nties;          /* the edges hit at h's time, in the order read (TIES at most) */
    pc__toi tie[TIES];  /* each one's hit, its shape in cell */
    int64_t edge[TIES]; /* and its edge (its first vertex) */
} sweep_ctx;

static int sweep_edge(void *vctx, int64_t k)
{
    sweep_ctx *c = vctx;
    c->h.near = 1;
    pc__toi one;
    pc__toi_init(&one);
    pc__sweep_any(&one, c->f, c->kind, c->a, c->dx, c->dy, PC_SEGMENT, c->o->edges + 4 * k);
    if (!one.hit) return 0;
    if (!c->h.hit || one.t < c->h.t) {
        c->h = one;
        c->h.near = 1;
        c->nties = 0;
    } else if (one.t > c->h.t || c->nties == TIES) {
        return 0;
    }
    one.cell = c->s;
    c->tie[c->nties] = one;
    c->edge[c->nties++] = c->o->ids[k];
    return 0;
}

/* the strict test of the part for pc__union_stand */
static int part_inside(const void *o, int kind, const double *row)
{
    return pc__outline_part_meets(o, kind, row, PC_STRICT);
}

/* The hit's normal (toward the part), point, shape and edge, ghost-free:
 * of the edges hit first, the first whose face normal (outline_near.c's
 * rule, at the hit point) the motion goes into; where none has one, the
 * first edge's hit as its sweep gives it.  Returns that edge's row. */
static const double *face_normal(const sweep_ctx *c, const pc__filter *f, pc__toi *h)
{
    double row[PC_ROW_MAX];
    pc__place_at(c->kind, c->a, c->dx, c->dy, h->t, row);
    int pick = 0;
    double n[2] = {c->tie[0].nx, c->tie[0].ny};
    for (int k = 0; k < c->nties; k++) {
        const pc__toi *g = &c->tie[k];
        double r[7] = {0.0, g->nx, g->ny, g->px, g->py, g->px, g->py};
        pc__outline_face_normal(c->o, f, g->cell, c->kind, row, c->edge[k], r);
        if (r[1] * c->dx + r[2] * c->dy > 0.0) {
            pick = k;
            n[0] = r[1];
            n[1] = r[2];
            break;
        }
    }
    h->nx = n[0];
    h->ny = n[1];
    h->px = c->tie[pick].px;
    h->py = c->tie[pick].py;
    h->cell = c->tie[pick].cell;
    return c->o->xy + 2 * c->edge[pick];
}

/* A flat mover sweeps no area when it is a point, or a segment moving
 * along its own line: it enters a region's interior across an edge (the
 * edges' sweeps find that), through a vertex on its leading point's path,
 * or from the boundary where it starts (pc__outline_vertex_entry).  Where
 * that comes first, h takes it (its shape in h->cell) and the edge's first
 * vertex is returned; else -1. */
static int64_t flat_entry(const pc_outlines *o, const pc__filter *f, int kind, const double *a, double dx, double dy,
                          const double *box, pc__toi *h)
{
    if (!o->closed || (dx == 0.0 && dy == 0.0)) return -1;
    pc__hull core;
    pc__kind(kind)->core(f, a, &core);
    if (core.R > 0.0 || core.n > 2) return -1;
    double px = core.x[0], py = core.y[0];
    if (core.n == 2) {
        if (pc__cross_dir(dx, dy, core.x[0], core.y[0], core.x[1], core.y[1]) != 0) return -1; /* it sweeps an area */
        if (pc__dot_dir(dx, dy, core.x[0], core.y[0], core.x[1], core.y[1]) > 0) {             /* the leading end */
            px = core.x[1];
            py = core.y[1];
        }
    }
    int64_t best = -1;
    for (int64_t s = 0; s < o->n; s++) {
        if (!boxes_meet(o->shapes + 7 * s, box)) continue;
        double t, n[4];
        int64_t e;
        if (!pc__outline_vertex_entry(o, f, s, px, py, dx, dy, &t, n, &e)) continue;
        if (h->hit && t >= h->t) continue;
        h->hit = 1;
        h->t = t;
        h->nx = n[0];
        h->ny = n[1];
        h->px = n[2];
        h->py = n[3];
        h->cell = s;
        best = e;
    }
    return best;
}

void pc__outline_part_sweep(const pc_outlines *o, int kind, const double *a, double dx, double dy, int rough,
                            pc__toi *h, const double **edge)
{
    pc__toi_init(h);
    *edge = NULL;
    int width = pc_kind_width(kind);
    double ma = pc__magnitude(a, width), dm = pc__max(fabs(dx), fabs(dy));
    pc__filter f = pc__filter_for((pc__max(o->magnitude, ma) + dm) * (1.0 + 0x1p-40));
    double b0[4], box[4];
    grown_bounds(kind, a, b0);
    box[0] = b0[0] + pc__min(dx, 0.0) * (1.0 + 0x1p-40);
    box[1] = b0[1] + pc__min(dy, 0.0) * (1.0 + 0x1p-40);
    box[2] = b0[2] + pc__max(dx, 0.0) * (1.0 + 0x1p-40);
    box[3] = b0[3] + pc__max(dy, 0.0) * (1.0 + 0x1p-40);
    sweep_ctx c;
    c.o = o;
    c.f = &f;
    c.kind = kind;
    c.a = a;
    c.dx = dx;
    c.dy = dy;
    c.h = *h;
    c.s = -1;
    c.nties = 0;
    for (int64_t s = 0; s < o->n; s++) {
        if (!boxes_meet(o->shapes + 7 * s, box)) continue;
        c.h.near = 1;
        c.s = s;
        pc__outline_each_edge(o, s, box, sweep_edge, &c);
    }
    *h = c.h;
    if (!h->near) return;
    int64_t entered = flat_entry(o, &f, kind, a, dx, dy, box, h);
    if (entered >= 0) {
        if (!rough) {
            const pc__union_stand_ctx sc = {kind, a, dx, dy, o, part_inside};
            const pc__motion mv = {kind, a, dx, dy};
            h->t = pc__settle_down(pc__union_stand, &sc, &mv, h->t);
        }
        *edge = o->xy + 2 * entered;
        return;
    }
    if (h->hit) {
        if (!rough) { /* placed at the time, the shape is inside no region (the placement contract) */
            const pc__union_stand_ctx sc = {kind, a, dx, dy, o, part_inside};
            const pc__motion mv = {kind, a, dx, dy};
            h->t = pc__settle_down(pc__union_stand, &sc, &mv, h->t);
        }
        *edge = face_normal(&c, &f, h);
        return;
    }
    /* (not for a rough sweep: the mover, its only caller, starts outside, pc__start_free) */
    if (rough || !o->closed || !(dm > 0.0) || !pc__outline_part_meets(o, kind, a, PC_STRICT)) return;
    /* inside a region, clear of its edges: hit at once, toward the nearest edge */
    double best[7] = {INFINITY};
    int64_t best_s = -1, best_e = -1;
    for (int64_t s = 0; s < o->n; s++) {
        if (!boxes_meet(o->shapes + 7 * s, b0) || !pc__outline_meets(o, &f, s, kind, a, 1)) continue;
        double one[7];
        int64_t e = pc__outline_nearest_edge(o, &f, s, kind, a, pc__max(o->magnitude, ma), one);
        if (e >= 0 && (best_s < 0 || one[0] < best[0])) {
            for (int q = 0; q < 7; q++) best[q] = one[q];
            best_s = s;
            best_e = e;
        }
    }
    if (best_s < 0) return;
    h->hit = 1;
    h->t = 0.0;
    h->nx = -best[1] + 0.0; /* the nearest edge lies outward: the region's inside is behind it */
    h->ny = -best[2] + 0.0;
    h->px = best[5];
    h->py = best[6];
    h->cell = best_s;
    *edge = o->xy + 2 * best_e;
}

/* ---- contacts ----------------------------------------------------------------------------- */

void pc__outline_view(const pc_outlines *o, int64_t s, pc_outlines *one)
{
    *one = *o;
    one->shape_start = o->shape_start + s;
    one->shapes = o->shapes + 7 * s;
    one->n = 1;
}

/* Is w beyond the end b of the edge a -> b on its line (exactly)? */
static int runs_on(const pc__filter *f, double ax, double ay, double bx, double by, double wx, double wy)
{
    if (pc__orient(f, ax, ay, bx, by, wx, wy) != 0) return 0;
    return bx != ax ? (wx > bx) == (bx > ax) && wx != bx : (wy > by) == (by > ay) && wy != by;
}

/* Is (x, y) outside the box grown by its size (the edge reaches past the shape)? */
static int past(const double *bb, double x, double y)
{
    double gx = bb[2] - bb[0], gy = bb[3] - bb[1];
    return x < bb[0] - gx || x > bb[2] + gx || y < bb[1] - gy || y > bb[3] + gy;
}

/* The end (x, y) of the edge from (ax, ay), at vertex v of a ring of
 * vertices r0 .. last, moved over the edges that follow it in direction dir
 * (+1 forward, -1 backward; around a closed ring) while they run on along
 * its line, until it reaches past the shape's box bb (64 edges at most). */
static void extend(const pc_outlines *o, const pc__filter *f, const double *bb, int64_t v, int dir, int64_t r0,
                   int64_t last, double ax, double ay, double *x, double *y)
{
    int64_t start = v;
    for (int step = 0; step < 64 && !past(bb, *x, *y); step++) {
        int64_t w = v + dir;
        if (w > last || w < r0) {
            if (!o->closed) break;
            w = dir > 0 ? r0 + 1 : last - 1;
        }
        if (w == start) break; /* around the whole ring */
        const double *q = o->xy + 2 * w;
        if (q[0] != *x || q[1] != *y) {
            if (!runs_on(f, ax, ay, *x, *y, q[0], q[1])) break;
            *x = q[0];
            *y = q[1];
        }
        v = w;
    }
}

/* The edge of first vertex id into how: its ends, made the run of collinear
 * edges it lies in near the shape (box bb; as a tile map's merged edges, so
 * that a manifold against it clips to the whole face under the shape, not
 * to one edge of it), and its outward normal, away from a region's
 * interior; for a polyline, toward the side of the direction `side` (the
 * way the shape lies or leaves; the left side where that is square). */
static void edge_of(const pc_outlines *o, int64_t id, const double *side, const double *bb, pc__outline_how *how)
{
    const double *e = o->xy + 2 * id;
    int k; /* the edge in units of 2^k: no overflow */
    frexp(pc__max(pc__max(fabs(e[0]), fabs(e[1])), pc__max(fabs(e[2]), fabs(e[3]))), &k);
    double ex = ldexp(e[2], -k) - ldexp(e[0], -k), ey = ldexp(e[3], -k) - ldexp(e[1], -k);
    double l = pc__length(ex, ey), nx = l > 0.0 ? -ey / l : 0.0, ny = l > 0.0 ? ex / l : 0.0; /* its left */
    int64_t r = pc__outline_ring(o, id), r0 = o->ring_start[r], r1 = o->ring_start[r + 1];
    double sign = o->closed ? -(double)o->left[r] : (side[0] * nx + side[1] * ny < 0.0 ? -1 : 1);
    double x0 = e[0], y0 = e[1], x1 = e[2], y1 = e[3];
    pc__filter f = pc__filter_for(o->magnitude);
    int64_t last = r1 - 1; /* a closed ring's last vertex repeats its first */
    if (l > 0.0) {
        extend(o, &f, bb, id + 1, 1, r0, last, x0, y0, &x1, &y1); /* forward from its end */
        extend(o, &f, bb, id, -1, r0, last, x1, y1, &x0, &y0);    /* backward from its start */
    }
    how->edge[0] = x0;
    how->edge[1] = y0;
    how->edge[2] = x1;
    how->edge[3] = y1;
    how->edge[4] = sign * nx + 0.0;
    how->edge[5] = sign * ny + 0.0;
    how->found = 1;
}

/* Apart or touching: the contact of least separation over the shapes,
 * pruned by their bounds' gap; the edge's first vertex into *edge. */
static void apart(const pc_outlines *o, int kind, const double *a, double *out, int64_t *index, int64_t *edge)
{
    for (int k = 0; k < 7; k++) out[k] = NAN;
    out[0] = INFINITY;
    *index = *edge = -1;
    double mag = pc__max(o->magnitude, pc__magnitude(a, pc_kind_width(kind))), bb[4];
    pc__filter f = pc__filter_for(mag);
    pc__kind(kind)->bounds(a, bb);
    for (int64_t s = 0; s < o->n; s++) {
        const double *sb = o->shapes + 7 * s; /* its bounds' gap: no farther than the shape */
        double gx = pc__max(0.0, pc__max(sb[0] - bb[2], bb[0] - sb[2]));
        double gy = pc__max(0.0, pc__max(sb[1] - bb[3], bb[1] - sb[3]));
        if (*index >= 0 && pc__length(gx, gy) * (1.0 - 0x1p-40) > out[0]) continue;
        double one[7];
        int64_t e;
        pc__outline_contact(o, &f, s, kind, a, mag, one, &e);
        if (e >= 0 && (*index < 0 || one[0] < out[0])) {
            for (int q = 0; q < 7; q++) out[q] = one[q];
            *index = s;
            *edge = e;
        }
    }
}

void pc__outline_part_contact(const pc_outlines *o, int kind, const double *a, double *out, int64_t *index,
                              pc__outline_how *how)
{
    how->found = how->inside = 0;
    how->t[0] = how->t[1] = 0.0;
    for (int q = 0; q < 6; q++) how->edge[q] = 0.0;
    int64_t e;
    if (!pc__outline_part_meets(o, kind, a, PC_STRICT)) {
        apart(o, kind, a, out, index, &e);
        if (e >= 0) {
            double toward[2] = {-out[1], -out[2]}, bb[4]; /* the shape's side: against the normal toward it */
            pc__kind(kind)->bounds(a, bb);
            edge_of(o, e, toward, bb, how);
        }
        return;
    }
    /* inside: the least translation t out of the collection alone, the point
     * the shape touches once moved out, and that point of the shape now */
    pc__world one = {0};
    one.n = 1;
    one.outl[0] = o;
    double row[PC_ROW_MAX], t[2], touch[7];
    memcpy(row, a, (size_t)pc_kind_width(kind) * sizeof(double));
    for (int k = 0; k < 7; k++) out[k] = NAN;
    how->inside = 1;
    *index = -1;
    if (!pc__depenetrate(&one, kind, row, INFINITY, t)) {
        out[0] = -INFINITY; /* not resolved: deeper than can be said */
        return;
    }
    apart(o, kind, row, touch, index, &e);
    if (e >= 0) {
        double bb[4];
        pc__kind(kind)->bounds(row, bb);
        edge_of(o, e, t, bb, how);
    }
    how->t[0] = t[0];
    how->t[1] = t[1];
    pc__contact_out(t, touch, out);
}

/* ---- the pairwise manifold ---------------------------------------------------------------- */

struct manifold_ctx {
    const pc_outlines *o;
    int kind;
    double margin;
};

static void manifold_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct manifold_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        int64_t s = *(const int64_t *)(p[0] + i * st[0]);
        const double *a = (const double *)(p[1] + i * st[1]);
        double *out = (double *)(p[2] + i * st[2]);
        if (s < 0 || s >= c->o->n) {
            for (int q = 0; q < 9; q++) out[q] = NAN;
            continue;
        }
        pc_outlines one;
        pc__outline_how how;
        int64_t index;
        double contact[7];
        pc__outline_view(c->o, s, &one);
        pc__outline_part_contact(&one, c->kind, a, contact, &index, &how);
        pc__manifold_edge(c->o->magnitude, c->kind, a, contact, how.found ? how.edge : NULL, how.inside, 1, how.t,
                          c->margin, out, NULL, -1);
    }
}

int pc_outlines_manifold(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, int kind,
                         const double *a, const int64_t *strides_a, double margin, double *out,
                         const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                         const volatile int *cancel)
{
    if (!pc__is_shape(kind)) return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (o && o->xy && o->ring_start && o->shape_start && o->n >= 0 && o->shapes && o->band_start && o->edges &&
        o->ids && o->left && margin >= 0.0 && margin <= DBL_MAX) {
        struct manifold_ctx ctx = {o, kind, margin};
        const void *ptrs[3] = {which, a, out};
        const int64_t *sts[3] = {strides_w, strides_a, strides_out};
        rc = pc__batch(ndim, shape, 3, ptrs, sts, 1u, manifold_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}
