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
 * segment), as overlaps of a shape with a region is strict.  Two regions
 * and two polylines have no strict test yet (PC_ERR_KIND).
 *
 * Exact, for all finite doubles: the edges are read through the first
 * shape's band index within the second's bounds.
 */
#include "core.h"
#include "fpenv.h"
#include "outline.h"
#include "walk.h"

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
            if (c->strict && c->a->closed) /* the polyline's edges against the region */
                hit = pair_meets(c->b, u, c->a, s, 1);
            else
                hit = pair_meets(c->a, s, c->b, u, c->strict);
        }
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
    if (mode == PC_STRICT && (a->closed != 0) == (b->closed != 0)) return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    struct outlines_ctx ctx = {a, b, mode == PC_STRICT};
    const void *ptrs[3] = {which_a, which_b, out};
    const int64_t *sts[3] = {strides_a, strides_b, strides_out};
    int rc = pc__batch(ndim, shape, 3, ptrs, sts, 7u, outlines_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
