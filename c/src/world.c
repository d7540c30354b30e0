/*
 * A world (world.h): tile maps and trees of shape collections, the static
 * geometry shapes move through (motion.c, collide.c, slide.c) and that
 * pc_world_overlaps, pc_world_contact and pc_world_manifold query.
 *
 * Overlaps are exact: a shape overlaps the world when it overlaps some part
 * (a tile map's union of solid tiles, or some shape of a collection found
 * through its tree).  The contact with the world is the one of least
 * separation over the parts (the nearest shape when apart, the deepest when
 * overlapping); its sign is exact, since the trees' boxes prune only shapes
 * that are exactly apart from the query's box when an overlap is known.  The
 * manifold with the world is the one with that part and shape.
 */
#include <float.h>

#include "cast.h"
#include "contact.h"
#include "depenetrate.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "manifold.h"
#include "matrix.h"
#include "outline.h"
#include "sweep.h"
#include "sweepshape.h"
#include "tiles.h"
#include "walk.h"
#include "world.h"

int pc__world_of(pc__world *w, const pc_world_part *parts, int nparts)
{
    if (!parts || nparts < 1 || nparts > PC_WORLD_MAX_PARTS) return PC_ERR_ARG;
    w->n = nparts;
    for (int k = 0; k < nparts; k++) {
        w->map[k] = parts[k].map;
        w->outl[k] = parts[k].map ? NULL : parts[k].outlines;
        w->off[k] = 0;
        w->one_way[k] = parts[k].one_way != 0;
        w->up[k][0] = parts[k].up[0];
        w->up[k][1] = parts[k].up[1];
        if (w->one_way[k] &&
            !(isfinite(w->up[k][0]) && isfinite(w->up[k][1]) && (w->up[k][0] != 0.0 || w->up[k][1] != 0.0)))
            return PC_ERR_ARG;
        if (parts[k].map) {
            if (!pc__map_ok(parts[k].map) || parts[k].outlines) return PC_ERR_ARG;
        } else if (w->outl[k]) {
            const pc_outlines *o = w->outl[k];
            if (!(o->xy && o->ring_start && o->shape_start && o->n >= 0 && o->shapes && o->band_start && o->edges &&
                  o->ids && o->left))
                return PC_ERR_ARG;
        } else if (pc__tree_query_of(&w->tree[k], parts[k].work, parts[k].work_bytes, parts[k].magnitude) != PC_OK) {
            return PC_ERR_ARG;
        }
    }
    return PC_OK;
}

int pc__world_part_overlaps(const pc__world *w, int k, int kind, const double *a, int mode)
{
    if (w->map[k]) return pc__map_overlaps_any(w->map[k], kind, a, mode);
    if (w->outl[k]) return pc__outline_part_meets(w->outl[k], kind, a, mode);
    return pc__tree_overlaps(&w->tree[k], kind, a, mode);
}

int pc__world_overlaps(const pc__world *w, int kind, const double *a, int mode)
{
    for (int k = 0; k < w->n; k++)
        if (!w->off[k] && pc__world_part_overlaps(w, k, kind, a, mode)) return 1;
    return 0;
}

/* Does part k (an outline collection) have a shape whose bounds meet the
 * box grown by 2^-30 of the magnitudes (as pc__tree_meets_box grows it)? */
static int outlines_near_box(const pc_outlines *o, const double *box)
{
    double g = 0x1p-30 * (o->magnitude + pc__magnitude(box, 4)) + 0x1p-1000;
    const double b[4] = {box[0] - g, box[1] - g, box[2] + g, box[3] + g};
    return pc__outline_part_near_box(o, b);
}

int pc__world_near_box(const pc__world *w, const double *box)
{
    for (int k = 0; k < w->n; k++)
        if (!w->off[k] &&
            (w->map[k] || (w->outl[k] ? outlines_near_box(w->outl[k], box) : pc__tree_meets_box(&w->tree[k], box))))
            return 1;
    return 0;
}

int pc__world_inside(const void *w, int kind, const double *row) { return pc__world_overlaps(w, kind, row, PC_STRICT); }

static void world_sweep(const pc__world *w, int kind, const double *a, double dx, double dy, int rough, pc__toi *h)
{
    pc__toi_init(h);
    for (int k = 0; k < w->n; k++) {
        pc__toi one;
        if (w->off[k]) continue;
        if (w->map[k]) {
            if (pc__world_map_circle(kind))
                pc__sweep_map(&one, w->map[k], a[0], a[1], a[2], dx, dy);
            else
                pc__sweep_map_any(&one, w->map[k], kind, a, dx, dy, rough);
        } else if (w->outl[k]) {
            const double *edge;
            pc__outline_part_sweep(w->outl[k], kind, a, dx, dy, rough, &one, &edge);
            one.edge = edge;
        } else {
            int64_t index;
            pc__tree_sweep(&w->tree[k], kind, a, dx, dy, &one, &index);
        }
        h->near |= one.near;
        if (one.hit && (!h->hit || one.t < h->t)) {
            int near = h->near;
            *h = one;
            h->near = near;
            h->part = k;
        }
    }
    if (h->hit && w->n > 1 && !rough) { /* each part's time keeps it out of that part; the world's out of all */
        const pc__union_stand_ctx ctx = {kind, a, dx, dy, w, pc__world_inside};
        const pc__motion mv = {kind, a, dx, dy};
        h->t = pc__settle_down(pc__union_stand, &ctx, &mv, h->t);
    }
}

void pc__world_sweep(const pc__world *w, int kind, const double *a, double dx, double dy, pc__toi *h)
{
    world_sweep(w, kind, a, dx, dy, 0, h);
}

void pc__world_sweep_rough(const pc__world *w, int kind, const double *a, double dx, double dy, pc__toi *h)
{
    world_sweep(w, kind, a, dx, dy, 1, h);
}

/* ---- batches ---------------------------------------------------------------- */

struct world_ctx {
    const pc__world *w;
    int kind, mode;
    double margin;
    int features; /* the manifold's features wanted (operand 2) */
};

static void overlaps_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct world_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        *(uint8_t *)(p[1] + i * s[1]) =
            (uint8_t)pc__world_overlaps(c->w, c->kind, (const double *)(p[0] + i * s[0]), c->mode);
}

/* How a shape's contact with a tile map was found (map_contact): the merged
 * edge it is measured to (-1: none); whether the shape strictly overlaps the
 * solid (the contact is then the least translation out, t, and the edge the
 * one the shape touches once moved out); whether the contact is on the
 * edge's face, not at an end of it. */
typedef struct {
    int64_t edge;
    int inside, face;
    double t[2];
    const double *seg; /* a tile map's edge (6 doubles: its ends, its outward normal), NULL when none */
    int owned;         /* or the edge is own (an outline's edge, so written) */
    double own[6];
} map_how;

/* The merged edge of the tile map nearest the shape (kind, row a), of those
 * whose outward normal is against the direction `facing` (NULL: of all):
 * its index (-1 when there is none), and into out (7 doubles as
 * pc_contact_batch, the shape as a, the edge as b) the contact of least
 * separation over the edges near it (the lower edge at equal separations),
 * found in windows of cells around the shape's box grown until no edge
 * outside the window can be nearer; *face: the contact is on the edge's
 * face.  out[0] stays inf when there is no such edge. */
static int64_t nearest_edge(const pc_tilemap *map, const pc__filter *f, int kind, const double *a, const double *facing,
                            double *out, int *face)
{
    for (int k = 0; k < 7; k++) out[k] = NAN;
    out[0] = INFINITY;
    *face = 0;
    if (map->n_edges == 0) return -1;
    double bb[4];
    pc__kind(kind)->bounds(a, bb);
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    int64_t ci0 = pc__map_cell_of(&ay, bb[1]), ci1 = pc__map_cell_of(&ay, bb[3]);
    int64_t cj0 = pc__map_cell_of(&ax, bb[0]), cj1 = pc__map_cell_of(&ax, bb[2]);
    int64_t best = -1;
    for (int64_t w = 1;; w *= 2) {
        int64_t i0 = ci0 - w < 0 ? 0 : ci0 - w, i1 = ci1 + w >= map->rows ? map->rows - 1 : ci1 + w;
        int64_t j0 = cj0 - w < 0 ? 0 : cj0 - w, j1 = cj1 + w >= map->cols ? map->cols - 1 : cj1 + w;
        for (int64_t i = i0; i <= i1; i++)
            for (int64_t j = j0; j <= j1; j++) {
                int64_t cell = i * map->cols + j;
                for (int64_t p = map->cell_start[cell]; p < map->cell_start[cell + 1]; p++) {
                    int64_t e = map->refs[p];
                    const double *g = map->edges + 6 * e;
                    if (facing && !(facing[0] * g[4] + facing[1] * g[5] < 0.0)) continue;
                    double one[7];
                    pc__contact_one(f, kind, a, PC_SEGMENT, g, one);
                    if (one[0] < out[0] || (one[0] == out[0] && e < best)) {
                        for (int q = 0; q < 7; q++) out[q] = one[q];
                        best = e;
                    }
                }
            }
        /* an edge outside the window lies beyond one of its sides that is not
         * on the map's border: no nearer than the gap from the box to it */
        double gap = INFINITY, s = map->tile_size;
        if (i0 > 0) gap = pc__min(gap, bb[1] - pc__grid(map->oy, i0, s));
        if (i1 < map->rows - 1) gap = pc__min(gap, pc__grid(map->oy, i1 + 1, s) - bb[3]);
        if (j0 > 0) gap = pc__min(gap, bb[0] - pc__grid(map->ox, j0, s));
        if (j1 < map->cols - 1) gap = pc__min(gap, pc__grid(map->ox, j1 + 1, s) - bb[2]);
        if (gap == INFINITY || (best >= 0 && out[0] < gap * (1.0 - 0x1p-40))) break;
    }
    if (best < 0) return -1;
    /* on a face (the foot of the shape's witness point strictly inside the
     * edge): the face's own normal, exactly, toward the solid; at an end of
     * the edge (a corner of the boundary) the direction found.  Where the
     * foot is within rounding of an end, the two agree to rounding. */
    const double *g = map->edges + 6 * best;
    double ex = g[2] - g[0], ey = g[3] - g[1];
    double u = (out[3] - g[0]) * ex + (out[4] - g[1]) * ey, l2 = ex * ex + ey * ey;
    if (u > 0.0 && u < l2) {
        out[1] = -g[4] + 0.0;
        out[2] = -g[5] + 0.0;
        *face = 1;
    }
    return best;
}

/* pc__map_contact_any, and how it was found (map_how) */
static void map_contact(const pc_tilemap *map, int kind, const double *a, double *out, map_how *how)
{
    how->seg = NULL;
    how->owned = 0;
    how->edge = -1;
    how->inside = how->face = 0;
    how->t[0] = how->t[1] = 0.0;
    if (pc__map_ball(kind)) {
        double c[3] = {a[0], a[1], kind == PC_CIRCLE ? a[2] : 0.0};
        pc__map_contact(map, c, out);
        return;
    }
    int width = pc_kind_width(kind);
    pc__filter f = pc__filter_for(pc__max(map->magnitude, pc__magnitude(a, width)));
    if (pc__map_overlaps_any(map, kind, a, PC_STRICT)) {
        /* inside: the least translation out of the union (depenetrate), the
         * map's point the shape then touches (on an edge the translation
         * leaves through, where there is one), and that point of the shape
         * where it is now */
        pc__world one = {0};
        one.n = 1;
        one.map[0] = map;
        double row[PC_ROW_MAX], t[2], touch[7];
        memcpy(row, a, (size_t)width * sizeof(double));
        for (int k = 0; k < 7; k++) out[k] = NAN;
        how->inside = 1;
        if (!pc__depenetrate(&one, kind, row, INFINITY, t)) {
            out[0] = -INFINITY; /* not resolved: deeper than can be said */
            return;
        }
        double d[2], len = pc__out_direction(t, d);
        how->edge = len > 0.0 ? nearest_edge(map, &f, kind, row, d, touch, &how->face) : -1;
        if (how->edge < 0) how->edge = nearest_edge(map, &f, kind, row, NULL, touch, &how->face);
        how->t[0] = t[0];
        how->t[1] = t[1];
        pc__contact_out(t, touch, out);
        return;
    }
    how->edge = nearest_edge(map, &f, kind, a, NULL, out, &how->face);
    if (!(out[0] < INFINITY)) return;
    /* the sign agrees with the exact overlap tests: not strictly inside, the
     * shape touches the region (+0) or is apart (> 0) */
    if (pc__map_overlaps_any(map, kind, a, PC_TOUCHING))
        out[0] = 0.0;
    else if (!(out[0] > 0.0))
        out[0] = DBL_TRUE_MIN;
}

void pc__map_contact_any(const pc_tilemap *map, int kind, const double *a, double *out)
{
    map_how how;
    map_contact(map, kind, a, out, &how);
}

/* The manifold (9 doubles as pc_manifold_batch) of a shape with a tile
 * map's solid region, from its contact c and how that was found
 * (map_contact): a ball's, or a shape's without an edge to measure to, is
 * c's single point; apart or touching, the manifold with the nearest merged
 * edge as a segment (how's), its normal the face's where c is on the face; inside,
 * the shape against the face of the edge it touches once moved out by t
 * (pc__manifold_face: no point deeper than c), else c's single point. */
static void edge_manifold(double part_magnitude, int kind, const double *a, const double *c, const map_how *how,
                          double margin, double *out, int16_t *feat, int edge_code)
{
    pc__manifold_edge(part_magnitude, kind, a, c, how->owned ? how->own : how->seg, how->inside, how->face, how->t,
                      margin, out, feat, edge_code);
}

/* The contact (7 doubles, as pc_contact_batch) of least separation over the
 * parts (the lower part at equal separations), then the part and the index
 * within it (-1 and -1 when every part is empty: separation inf); and what
 * its manifold needs: how a tile map's was found, a collection's shape's
 * row (NULL for a tile map or none). */
static void world_nearest(const pc__world *w, int kind, const double *a, double *out, map_how *how, const double **row)
{
    for (int k = 0; k < 9; k++) out[k] = NAN;
    out[0] = INFINITY;
    out[7] = out[8] = -1.0;
    how->edge = -1;
    how->inside = how->face = 0;
    how->t[0] = how->t[1] = 0.0;
    how->seg = NULL;
    how->owned = 0;
    *row = NULL;
    for (int k = 0; k < w->n; k++) {
        double one[7];
        int64_t index = -1;
        map_how h = {-1, 0, 0, {0.0, 0.0}, NULL, 0, {0.0}};
        const double *r = NULL;
        if (w->map[k]) {
            map_contact(w->map[k], kind, a, one, &h);
            if (h.edge >= 0) h.seg = w->map[k]->edges + 6 * h.edge;
        } else if (w->outl[k]) {
            pc__outline_how oh;
            pc__outline_part_contact(w->outl[k], kind, a, one, &index, &oh);
            h.owned = oh.found;
            for (int q = 0; q < 6; q++) h.own[q] = oh.edge[q];
            h.inside = oh.inside;
            h.face = 1;
            h.t[0] = oh.t[0];
            h.t[1] = oh.t[1];
        } else {
            pc__tree_contact(&w->tree[k], kind, a, one, &index, &r);
        }
        if (one[0] < out[0]) {
            for (int q = 0; q < 7; q++) out[q] = one[q];
            out[7] = (double)k;
            out[8] = (double)index;
            *how = h;
            *row = r;
        }
    }
}

/* 11 doubles: the manifold (9, as pc_manifold_batch) with the part of least
 * separation, then the part and the index within it (world_nearest's) */
static void world_manifold(const pc__world *w, int kind, const double *a, double margin, double *out, int16_t *feat)
{
    double c[9];
    map_how how;
    const double *row;
    world_nearest(w, kind, a, c, &how, &row);
    int part = c[7] >= 0.0 ? (int)c[7] : -1;
    if (feat)
        for (int k = 0; k < 4; k++) feat[k] = -1;
    if (part >= 0 && (w->map[part] || w->outl[part])) {
        /* a tile map's side: its merged edge (TileMap.edges) as the edge's feature code */
        int code = w->map[part] && !how.owned && how.edge >= 0 ? (int)(2 * how.edge + 1) : -1;
        edge_manifold(w->map[part] ? w->map[part]->magnitude : w->outl[part]->magnitude, kind, a, c, &how, margin, out,
                      feat, code);
    } else if (row) {
        const pc__tree_query *q = &w->tree[part];
        pc__filter f = pc__filter_for(pc__max(pc__magnitude(a, pc_kind_width(kind)), q->magnitude));
        pc__manifold_from(&f, kind, a, q->tree.kind, row, c, margin, out, feat);
    } else {
        pc__manifold_point(c, margin, out); /* nothing: count 0 */
    }
    out[9] = c[7];
    out[10] = c[8];
}

static void contact_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct world_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        map_how how;
        const double *row;
        world_nearest(c->w, c->kind, (const double *)(p[0] + i * s[0]), (double *)(p[1] + i * s[1]), &how, &row);
    }
}

static void manifold_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct world_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        world_manifold(c->w, c->kind, (const double *)(p[0] + i * s[0]), c->margin, (double *)(p[1] + i * s[1]),
                       c->features ? (int16_t *)(p[2] + i * s[2]) : NULL);
}

/* 7 doubles: the sweep's five (pc__toi_write), the part and the index of
 * what was hit (-1 and -1 when nothing); NaNs for a move beyond the doubles. */
static void sweep_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct world_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        const double *a = (const double *)(p[0] + i * s[0]), *d = (const double *)(p[1] + i * s[1]);
        double *out = (double *)(p[2] + i * s[2]);
        if (!pc__moved_finite(c->kind, a, d[0], d[1])) {
            pc__toi_write_nan(out, 7);
            continue;
        }
        pc__toi h;
        pc__world_sweep(c->w, c->kind, a, d[0], d[1], &h);
        pc__toi_write(&h, out);
        out[5] = h.hit ? (double)h.part : -1.0;
        out[6] = h.hit ? (double)h.cell : -1.0;
    }
}

int pc_world_sweep(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *strides_a,
                   const double *displacements, const int64_t *strides_d, double *out, const int64_t *strides_out,
                   int ndim, const int64_t *shape, int threads, const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    pc__world w;
    int rc = PC_ERR_ARG;
    if (pc__world_of(&w, parts, nparts) == PC_OK && pc__is_shape(kind)) {
        struct world_ctx ctx = {&w, kind, 0, 0.0, 0};
        const void *ptrs[3] = {a, displacements, out};
        const int64_t *st[3] = {strides_a, strides_d, strides_out};
        rc = pc__batch(ndim, shape, 3, ptrs, st, 0u, sweep_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}

int pc_world_overlaps(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *strides_a,
                      uint8_t *out, const int64_t *strides_out, int ndim, const int64_t *shape, int mode, int threads,
                      const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    pc__world w;
    int rc = PC_ERR_ARG;
    if (pc__world_of(&w, parts, nparts) == PC_OK && pc__is_shape(kind) && (mode == PC_TOUCHING || mode == PC_STRICT)) {
        struct world_ctx ctx = {&w, kind, mode, 0.0, 0};
        const void *ptrs[2] = {a, out};
        const int64_t *st[2] = {strides_a, strides_out};
        rc = pc__batch(ndim, shape, 2, ptrs, st, 2u, overlaps_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}

int pc_world_contact(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *strides_a,
                     double *out, const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                     const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    pc__world w;
    int rc = PC_ERR_ARG;
    int ok = pc__world_of(&w, parts, nparts) == PC_OK && pc__is_shape(kind);
    for (int k = 0; ok && k < nparts; k++) ok = !w.map[k] || pc__world_map_contact(kind);
    if (ok) {
        struct world_ctx ctx = {&w, kind, 0, 0.0, 0};
        const void *ptrs[2] = {a, out};
        const int64_t *st[2] = {strides_a, strides_out};
        rc = pc__batch(ndim, shape, 2, ptrs, st, 0u, contact_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}

int pc_world_manifold(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *strides_a,
                      double margin, double *out, const int64_t *strides_out, int16_t *features,
                      const int64_t *strides_features, int ndim, const int64_t *shape, int threads,
                      const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    pc__world w;
    int rc = PC_ERR_ARG;
    if (pc__world_of(&w, parts, nparts) == PC_OK && pc__is_shape(kind) && margin >= 0 && margin <= DBL_MAX) {
        struct world_ctx ctx = {&w, kind, 0, margin, features != NULL};
        const void *ptrs[3] = {a, out, features};
        const int64_t *st[3] = {strides_a, strides_out, strides_features};
        rc = pc__batch(ndim, shape, features ? 3 : 2, ptrs, st, 4u, manifold_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}
