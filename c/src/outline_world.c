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
#include <math.h>

#include "core.h"
#include "kernels.h"
#include "kinds.h"
#include "outline.h"
#include "sweepshape.h"

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
    if (h->hit) {
        if (!rough) { /* placed at the time, the shape is inside no region (the placement contract) */
            const pc__union_stand_ctx sc = {kind, a, dx, dy, o, part_inside};
            const pc__motion mv = {kind, a, dx, dy};
            h->t = pc__settle_down(pc__union_stand, &sc, &mv, h->t);
        }
        *edge = face_normal(&c, &f, h);
        return;
    }
    if (!o->closed || !(dm > 0.0) || !pc__outline_part_meets(o, kind, a, PC_STRICT)) return;
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
