/*
 * The overlap of any two kinds that have no kernel of their own (kernels.h):
 * both shapes as views, a convex core plus a radius.
 *
 * A - B = (core_a - core_b) grown by R = ra + rb.
 *  - R = 0: the separating-axis test on the cores.  The edges of core_a -
 *    core_b are parallel to edges of the cores, so the candidate axes are the
 *    cores' edge normals (one-sided for a polygon: some vertex of the other
 *    core at or inside the edge's line, strictly inside when strict; both
 *    sides for a segment), plus x and y, which settle the degenerate
 *    differences (two points, collinear segments): on a line that is not
 *    vertical x separates, on a vertical one y does.  Strict: the origin is in
 *    the interior of the difference exactly when every axis overlaps with
 *    positive length (a degenerate difference fails on its normal, or on x).
 *  - R > 0: the cores meet (closed), or their distance is at most R (below R
 *    when strict).  Convex cores that do not meet are closest at a vertex of
 *    one and an edge (or the vertex) of the other, so the distance test runs
 *    over those pairs with the two radii unrounded (pc__near_segment).
 * Every decision is an exact sign or an exact comparison.
 */
#include "generic.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"

static void view_point(pc__view *v, double x, double y)
{
    v->n = 1;
    v->s = 0;
    v->x[0] = v->xmin = v->xmax = x;
    v->y[0] = v->ymin = v->ymax = y;
}

static void view_segment(pc__view *v, double x0, double y0, double x1, double y1)
{
    if (x0 == x1 && y0 == y1) {
        view_point(v, x0, y0);
        return;
    }
    v->n = 2;
    v->s = 0;
    v->x[0] = x0;
    v->y[0] = y0;
    v->x[1] = x1;
    v->y[1] = y1;
    v->xmin = pc__min(x0, x1);
    v->xmax = pc__max(x0, x1);
    v->ymin = pc__min(y0, y1);
    v->ymax = pc__max(y0, y1);
}

/* n >= 3 vertices at p (x, y pairs) of a convex polygon (validated): its
 * orientation is the first nonzero sign of the fan triangles from vertex 0;
 * none means all collinear, the segment between the lexicographic extremes. */
static void view_polygon(const pc__filter *f, pc__view *v, const double *p, int n)
{
    int s = 0;
    for (int i = 1; i + 1 < n && s == 0; i++)
        s = pc__orient(f, p[0], p[1], p[2 * i], p[2 * i + 1], p[2 * i + 2], p[2 * i + 3]);
    if (s == 0) {
        pc_segment g = pc__lex_extremes(p, n);
        view_segment(v, g.x0, g.y0, g.x1, g.y1);
        return;
    }
    v->n = n;
    v->s = s;
    v->xmin = v->xmax = p[0];
    v->ymin = v->ymax = p[1];
    for (int i = 0; i < n; i++) {
        v->x[i] = p[2 * i];
        v->y[i] = p[2 * i + 1];
        v->xmin = pc__min(v->xmin, v->x[i]);
        v->xmax = pc__max(v->xmax, v->x[i]);
        v->ymin = pc__min(v->ymin, v->y[i]);
        v->ymax = pc__max(v->ymax, v->y[i]);
    }
}

void pc__view_of(const pc__filter *f, int kind, const double *row, pc__view *v)
{
    v->r = 0.0;
    switch (kind) {
    case PC_POINT: view_point(v, row[0], row[1]); return;
    case PC_CIRCLE:
        view_point(v, row[0], row[1]);
        v->r = row[2];
        return;
    case PC_SEGMENT: view_segment(v, row[0], row[1], row[2], row[3]); return;
    case PC_CAPSULE:
        view_segment(v, row[0], row[1], row[2], row[3]);
        v->r = row[4];
        return;
    case PC_BOX:
        if (row[0] == row[2] || row[1] == row[3]) {
            view_segment(v, row[0], row[1], row[2], row[3]);
            return;
        }
        {
            const double c[8] = {row[0], row[1], row[2], row[1], row[2], row[3], row[0], row[3]};
            view_polygon(f, v, c, 4);
        }
        return;
    case PC_TRIANGLE: view_polygon(f, v, row, 3); return;
    default:
        if (pc__polygon_kind(kind)) {
            view_polygon(f, v, row, kind - PC_POLYGON + 3);
            return;
        }
        /* a kind without a view (a new kind whose case is still to be
         * written): an empty view, which the C test reports for every kind,
         * rather than a read past the view's PC_POLYGON_MAX vertices */
        v->n = 0;
        v->s = 0;
        v->xmin = v->ymin = v->xmax = v->ymax = 0.0;
        return;
    }
}

/* The projections of the core v and of the points (x, y) (np of them) on the
 * normals of v's edges overlap: with positive length when strict. */
static int edge_axes(const pc__filter *f, const pc__view *v, const double *x, const double *y, int np, int m)
{
    if (v->n == 1) return 1;
    if (v->n == 2) { /* a segment: the points on both sides of its line (on it: both, unless strict) */
        int pos = 0, neg = 0, zero = 0;
        for (int k = 0; k < np; k++) {
            int o = pc__orient(f, v->x[0], v->y[0], v->x[1], v->y[1], x[k], y[k]);
            pos |= o > 0;
            neg |= o < 0;
            zero |= o == 0;
        }
        zero &= m ^ 1;
        return (pos | zero) & (neg | zero);
    }
    for (int i = 0; i < v->n; i++) {
        int j = i + 1 == v->n ? 0 : i + 1;
        double ax = v->x[i], ay = v->y[i], bx = v->x[j], by = v->y[j];
        if (ax == bx && ay == by) continue; /* a repeated vertex: no edge */
        int inside = 0;
        for (int k = 0; k < np && !inside; k++) inside = pc__orient(f, ax, ay, bx, by, x[k], y[k]) * v->s >= m;
        if (!inside) return 0;
    }
    return 1;
}

static int cores_meet(const pc__filter *f, const pc__view *a, const pc__view *b, int m)
{
    if (!(pc__le(a->xmin, b->xmax, m) & pc__le(b->xmin, a->xmax, m) & pc__le(a->ymin, b->ymax, m) &
          pc__le(b->ymin, a->ymax, m)))
        return 0;
    return edge_axes(f, a, b->x, b->y, b->n, m) && edge_axes(f, b, a->x, a->y, a->n, m);
}

/* Some vertex of v within r1 + r2 + r3 of an edge of w (below it when
 * strict); r3 (a distance) is 0 for overlaps. */
static int vertex_near_edge(const pc__filter *f, const pc__view *v, const pc__view *w, double r1, double r2, double r3,
                            int m)
{
    int edges = w->n == 1 ? 1 : w->n == 2 ? 1 : w->n;
    for (int e = 0; e < edges; e++) {
        int g = w->n == 1 ? 0 : (e + 1 == w->n ? 0 : e + 1);
        for (int k = 0; k < v->n; k++) {
            double cx = v->x[k], cy = v->y[k], ax = w->x[e], ay = w->y[e], bx = w->x[g], by = w->y[g];
            if (r3 == 0 ? pc__near_segment(f, cx, cy, ax, ay, bx, by, r1, r2, m)
                        : pc__near_segment3(f, cx, cy, ax, ay, bx, by, r1, r2, r3, m))
                return 1;
        }
    }
    return 0;
}

int pc__views_overlap(const pc__filter *f, const pc__view *a, const pc__view *b, int m)
{
    if (a->r == 0 && b->r == 0) return cores_meet(f, a, b, m);
    /* the cores' boxes apart by more than ra + rb in x or y: apart (g >= ra +
     * rb however the sum rounds, and a gap that rounds above g is above it) */
    double g = (a->r + b->r) * (1.0 + 0x1p-48);
    if (b->xmin - a->xmax > g || a->xmin - b->xmax > g || b->ymin - a->ymax > g || a->ymin - b->ymax > g) return 0;
    if (cores_meet(f, a, b, 0)) return 1;
    return vertex_near_edge(f, a, b, a->r, b->r, 0.0, m) || vertex_near_edge(f, b, a, a->r, b->r, 0.0, m);
}

/* The distance between the shapes is max(0, |core_a - core_b| - ra - rb), so
 * it is at most d exactly when the cores are within R = ra + rb + d (closed),
 * and below d exactly when d > 0 and they are within R open (cores that meet
 * are within any R > 0).  Cores that do not meet are nearest at a vertex of
 * one and an edge of the other, as for overlaps, with R unrounded. */
static int views_within(const pc__filter *f, const pc__view *a, const pc__view *b, double d, int m)
{
    if (m && !(d > 0)) return 0;
    double g = ((a->r + b->r) + d) * (1.0 + 0x1p-47); /* >= R however the sums round */
    if (b->xmin - a->xmax > g || a->xmin - b->xmax > g || b->ymin - a->ymax > g || a->ymin - b->ymax > g) return 0;
    if (cores_meet(f, a, b, 0)) return 1;
    return vertex_near_edge(f, a, b, a->r, b->r, d, m) || vertex_near_edge(f, b, a, a->r, b->r, d, m);
}

int pc__within_rows(const pc__filter *f, int ka, const double *a, int kb, const double *b, double d, int m)
{
    pc__view va, vb;
    pc__view_of(f, ka, a, &va);
    pc__view_of(f, kb, b, &vb);
    return views_within(f, &va, &vb, d, m);
}
