/*
 * The nearest outline shape: for a convex shape, the shape of an indexed
 * outline collection (polylines or regions) at the least distance, that
 * distance being pc_outlines_near's (0 exactly where they meet).
 *
 * The search.  Each outline shape's bounds (the index's shape rows) give a
 * lower bound of its distance to the query shape: the Euclidean gap between
 * the two boxes.  The shape of least gap is measured first, then every
 * other in index order, skipped without its distance when its gap exceeds
 * the best distance so far by more than a slack (2^-40 of the magnitudes,
 * as outline_near.c's search allows for the rounding of the separations,
 * and a margin for the gap's own rounding); a gap equal to the best is
 * measured, since a lower index may tie.  So the answer is the least of
 * the distances pc_outlines_near computes, the lowest index at equal ones,
 * whatever the order of the visit: the pruning skips only shapes whose
 * computed distance is larger than the best.  The scan of the boxes is
 * linear in the collection's size per query; the distances, the costly part,
 * are computed only for the shapes whose boxes come near.
 */
#include "core.h"
#include "outline.h"
#include "cast.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "walk.h"

#include <math.h>
#include <stdint.h>

#include "pycollide.h"

/* Half the Euclidean gap between the boxes (x_min, y_min, x_max, y_max),
 * shrunk past its rounding; halved so that it does not overflow. */
static double half_gap(const double *p, const double *q)
{
    double dx = pc__max(0.0, pc__max(0.5 * q[0] - 0.5 * p[2], 0.5 * p[0] - 0.5 * q[2]));
    double dy = pc__max(0.0, pc__max(0.5 * q[1] - 0.5 * p[3], 0.5 * p[1] - 0.5 * q[3]));
    return pc__length(dx, dy) * (1.0 - 0x1p-48);
}

typedef struct {
    const pc_outlines *o;
    const pc__filter *f;
    int kind;
    const double *a;
    double box[4]; /* the shape's bounds */
    double mag;    /* the magnitudes' bound */
    double half_slack;
    double best;   /* the least distance so far (at first, the max distance) */
    int64_t index; /* its shape, INT64_MAX while none */
} nearest_search;

static void measure(nearest_search *n, int64_t s)
{
    if (half_gap(n->box, n->o->shapes + 7 * s) - n->half_slack > 0.5 * n->best) return;
    double d = pc__outline_distance(n->o, n->f, s, n->kind, n->a, n->mag);
    if (d < n->best || (d == n->best && s < n->index)) {
        n->best = d;
        n->index = s;
    }
}

static void nearest_one(const pc_outlines *o, const pc__filter *f, double mag, int kind, const double *a,
                        double max_distance, double *out)
{
    nearest_search n = {
        o, f, kind, a, {0.0, 0.0, 0.0, 0.0}, mag, pc__max(0x1p-41 * mag, 0x1p-1060), max_distance, INT64_MAX};
    pc__kind(kind)->bounds(a, n.box);
    int64_t first = -1;
    double least = INFINITY;
    for (int64_t s = 0; s < o->n; s++) {
        double g = half_gap(n.box, o->shapes + 7 * s);
        if (first < 0 || g < least) {
            first = s;
            least = g;
        }
    }
    if (first >= 0) measure(&n, first);
    for (int64_t s = 0; s < o->n; s++)
        if (s != first) measure(&n, s);
    out[0] = n.index == INT64_MAX ? INFINITY : n.best;
    out[1] = n.index == INT64_MAX ? -1.0 : (double)n.index;
}

struct nearest_ctx {
    const pc_outlines *o;
    int kind;
    double magnitude; /* the shapes' */
};

static void nearest_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct nearest_ctx *c = vctx;
    double mag = pc__max(c->o->magnitude, c->magnitude);
    const pc__filter f = pc__filter_for(mag);
    for (int64_t i = 0; i < n; i++)
        nearest_one(c->o, &f, mag, c->kind, (const double *)(p[0] + i * st[0]), *(const double *)(p[1] + i * st[1]),
                    (double *)(p[2] + i * st[2]));
}

int pc_outlines_nearest(const pc_outlines *o, int kind, const double *a, const int64_t *strides_a,
                        const double *max_distances, const int64_t *strides_m, double *out, const int64_t *strides_out,
                        int ndim, const int64_t *shape, double magnitude, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind)) return PC_ERR_KIND;
    if (!(o && o->xy && o->ring_start && o->shape_start && o->n >= 0 && o->shapes && o->band_start && o->edges &&
          o->ids && o->left))
        return PC_ERR_ARG;
    if (pc__limits_ok(ndim, shape, max_distances, strides_m) != PC_OK) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    struct nearest_ctx ctx = {o, kind, magnitude};
    const void *ptrs[3] = {a, max_distances, out};
    const int64_t *st[3] = {strides_a, strides_m, strides_out};
    int rc = pc__batch(ndim, shape, 3, ptrs, st, 0u, nearest_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
