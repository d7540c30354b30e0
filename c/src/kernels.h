/*
 * The overlap kernels (internal, static inline so the batch loops inline them).
 *
 * Every kernel takes a mode m: PC_TOUCHING (0) treats shapes as closed sets,
 * so touching counts; PC_STRICT (1) counts only overlaps whose minimum
 * separating translation is positive, i.e. the origin lies in the INTERIOR of
 * the Minkowski difference A - B.  For two convex polygons that interior test
 * is a strict separating-axis test over the edge normals of A - B (the edge
 * normals of A and of B); for a disk of radius R > 0 around a core it is
 * dist(core_a, core_b) < R.  Every decision is an exact sign (predicates.h) or
 * an exact comparison of inputs, so every answer is exact in both modes.
 */
#ifndef PC_KERNELS_H
#define PC_KERNELS_H

#include "pycollide.h"
#include "predicates.h"

/* a <= b in touching mode, a < b in strict mode (branch-free) */
static inline int pc__le(double a, double b, int m) { return (a < b) | ((a == b) & (m ^ 1)); }
/* a distance sign s (dist - R) accepted as overlapping: s <= 0, or s < 0 when strict */
static inline int pc__dist_ok(int s, int m) { return s < 1 - m; }
static inline double pc__min(double a, double b) { return a < b ? a : b; }
static inline double pc__max(double a, double b) { return a > b ? a : b; }
/* max then min, so compilers emit branch-free max/min instructions */
static inline double pc__clamp(double v, double lo, double hi)
{
    double t = v < lo ? lo : v;
    return t > hi ? hi : t;
}

static inline int pc__on_segment(double px, double py, double ax, double ay, double bx, double by)
{
    if (px < pc__min(ax, bx) || px > pc__max(ax, bx) || py < pc__min(ay, by) || py > pc__max(ay, by))
        return 0;
    return pc__orient(ax, ay, bx, by, px, py) == 0;
}

static inline int pc__tri_orientation(pc_triangle t)
{
    return pc__orient(t.x0, t.y0, t.x1, t.y1, t.x2, t.y2);
}

/* A collinear triangle is its hull segment: the lexicographically smallest and
 * largest vertices. */
static inline pc_segment pc__hull_segment(pc_triangle t)
{
    double xs[3] = {t.x0, t.x1, t.x2}, ys[3] = {t.y0, t.y1, t.y2};
    int lo = 0, hi = 0;
    for (int i = 1; i < 3; i++) {
        if (xs[i] < xs[lo] || (xs[i] == xs[lo] && ys[i] < ys[lo])) lo = i;
        if (xs[i] > xs[hi] || (xs[i] == xs[hi] && ys[i] > ys[hi])) hi = i;
    }
    pc_segment s = {xs[lo], ys[lo], xs[hi], ys[hi]};
    return s;
}

static inline int pc__zero_length(pc_segment s) { return (s.x0 == s.x1) & (s.y0 == s.y1); }

/* Point in triangle: closed (m = 0) or interior (m = 1).  A collinear triangle
 * is its edges: no interior. */
static inline int pc__in_triangle(double px, double py, pc_triangle t, int m)
{
    int s = pc__tri_orientation(t);
    if (s == 0) {
        if (m) return 0;
        pc_segment h = pc__hull_segment(t);
        return pc__on_segment(px, py, h.x0, h.y0, h.x1, h.y1);
    }
    /* on the inner side of every edge: o * s >= 0 (closed) or > 0 (interior) */
    return pc__orient(t.x0, t.y0, t.x1, t.y1, px, py) * s >= m
        && pc__orient(t.x1, t.y1, t.x2, t.y2, px, py) * s >= m
        && pc__orient(t.x2, t.y2, t.x0, t.y0, px, py) * s >= m;
}

/* Closed segments ab and cd meet (m = 0), or cross properly (m = 1: A - B is
 * a parallelogram whose interior holds the origin exactly then). */
static inline int pc__segments_meet(double ax, double ay, double bx, double by,
                                    double cx, double cy, double dx, double dy, int m)
{
    /* bounding boxes first: exact, cheap, and rejects most pairs */
    if (pc__max(ax, bx) < pc__min(cx, dx) || pc__max(cx, dx) < pc__min(ax, bx)
        || pc__max(ay, by) < pc__min(cy, dy) || pc__max(cy, dy) < pc__min(ay, by))
        return 0;
    int o1 = pc__orient(ax, ay, bx, by, cx, cy);
    int o2 = pc__orient(ax, ay, bx, by, dx, dy);
    int o3 = pc__orient(cx, cy, dx, dy, ax, ay);
    int o4 = pc__orient(cx, cy, dx, dy, bx, by);
    if (o1 * o2 < 0 && o3 * o4 < 0) return 1;
    if (m) return 0;
    /* Otherwise they meet only at an endpoint lying on the other segment. */
    return (o1 == 0 && pc__on_segment(cx, cy, ax, ay, bx, by))
        || (o2 == 0 && pc__on_segment(dx, dy, ax, ay, bx, by))
        || (o3 == 0 && pc__on_segment(ax, ay, cx, cy, dx, dy))
        || (o4 == 0 && pc__on_segment(bx, by, cx, cy, dx, dy));
}

/* Disk (c, r) against the closed segment ab: dist <= r, or dist < r when strict. */
static inline int pc__disk_meets_segment(double cx, double cy, double r,
                                         double ax, double ay, double bx, double by, int m)
{
    /* the closest point of the segment is a, b, or the foot of the perpendicular */
    if (pc__dot(ax, ay, bx, by, cx, cy) <= 0) return pc__dist_ok(pc__circle(cx, cy, ax, ay, r, 0.0), m);
    if (pc__dot(bx, by, ax, ay, cx, cy) <= 0) return pc__dist_ok(pc__circle(cx, cy, bx, by, r, 0.0), m);
    return pc__dist_ok(pc__perp(ax, ay, bx, by, cx, cy, r), m);
}

/* Along the normal of the line pq, do the projections of the box and of the
 * line overlap (closed), or overlap with positive length (strict)?  Exactly
 * when the corners are not all on one side: touching allows corners on the line. */
static inline int pc__box_spans_line(pc_box b, double px, double py, double qx, double qy, int m)
{
    int o0 = pc__orient(px, py, qx, qy, b.xmin, b.ymin);
    int o1 = pc__orient(px, py, qx, qy, b.xmax, b.ymin);
    int o2 = pc__orient(px, py, qx, qy, b.xmax, b.ymax);
    int o3 = pc__orient(px, py, qx, qy, b.xmin, b.ymax);
    int pos = (o0 > 0) | (o1 > 0) | (o2 > 0) | (o3 > 0);
    int neg = (o0 < 0) | (o1 < 0) | (o2 < 0) | (o3 < 0);
    int zero = ((o0 == 0) | (o1 == 0) | (o2 == 0) | (o3 == 0)) & (m ^ 1);
    return (pos | zero) & (neg | zero);
}

/* Some corner of the box on the inner side of edge pq of a triangle of
 * orientation s: at or inside (closed), strictly inside (strict). */
static inline int pc__box_inside_edge(pc_box b, double px, double py, double qx, double qy, int s, int m)
{
    return pc__orient(px, py, qx, qy, b.xmin, b.ymin) * s >= m
        || pc__orient(px, py, qx, qy, b.xmax, b.ymin) * s >= m
        || pc__orient(px, py, qx, qy, b.xmax, b.ymax) * s >= m
        || pc__orient(px, py, qx, qy, b.xmin, b.ymax) * s >= m;
}

static inline int pc__boxes_meet(double axmin, double aymin, double axmax, double aymax, pc_box b, int m)
{
    return pc__le(axmin, b.xmax, m) & pc__le(b.xmin, axmax, m)
         & pc__le(aymin, b.ymax, m) & pc__le(b.ymin, aymax, m);
}

/* Some vertex of triangle v strictly inside each edge of the non-degenerate
 * triangle t (orientation s): the strict axes contributed by t's edges. */
static inline int pc__tri_axes_strict(pc_triangle t, int s, const double *vx, const double *vy, int nv)
{
    const double ex[3] = {t.x0, t.x1, t.x2}, ey[3] = {t.y0, t.y1, t.y2};
    for (int e = 0; e < 3; e++) {
        int f = (e + 1) % 3, inside = 0;
        for (int k = 0; k < nv; k++)
            inside |= pc__orient(ex[e], ey[e], ex[f], ey[f], vx[k], vy[k]) * s > 0;
        if (!inside) return 0;
    }
    return 1;
}

/* ---- the 15 pair kernels ---------------------------------------------- */

static inline int pc__k_point_point(pc_point a, pc_point b, int m)
{
    return (a.x == b.x) & (a.y == b.y) & (m ^ 1);
}

static inline int pc__k_point_circle(pc_point a, pc_circle b, int m)
{
    return pc__dist_ok(pc__circle(a.x, a.y, b.x, b.y, b.r, 0.0), m);
}

static inline int pc__k_point_box(pc_point a, pc_box b, int m)
{
    return pc__le(b.xmin, a.x, m) & pc__le(a.x, b.xmax, m) & pc__le(b.ymin, a.y, m) & pc__le(a.y, b.ymax, m);
}

static inline int pc__k_point_segment(pc_point a, pc_segment b, int m)
{
    return !m && pc__on_segment(a.x, a.y, b.x0, b.y0, b.x1, b.y1);
}

static inline int pc__k_point_triangle(pc_point a, pc_triangle b, int m)
{
    return pc__in_triangle(a.x, a.y, b, m);
}

static inline int pc__k_circle_circle(pc_circle a, pc_circle b, int m)
{
    return pc__dist_ok(pc__circle(a.x, a.y, b.x, b.y, a.r, b.r), m);
}

static inline int pc__k_circle_box(pc_circle a, pc_box b, int m)
{
    if (m && a.r == 0) {  /* R = 0: the interior of the box itself */
        pc_point p = {a.x, a.y};
        return pc__k_point_box(p, b, m);
    }
    /* the closest point of the box to the centre: clamping is exact */
    return pc__dist_ok(pc__circle(a.x, a.y, pc__clamp(a.x, b.xmin, b.xmax),
                                  pc__clamp(a.y, b.ymin, b.ymax), a.r, 0.0), m);
}

static inline int pc__k_circle_segment(pc_circle a, pc_segment b, int m)
{
    return pc__disk_meets_segment(a.x, a.y, a.r, b.x0, b.y0, b.x1, b.y1, m);
}

static inline int pc__k_circle_triangle(pc_circle a, pc_triangle b, int m)
{
    if (m && a.r == 0) return pc__in_triangle(a.x, a.y, b, 1);
    /* dist(centre, triangle) <= r (< r): the centre inside (distance 0), or an edge near */
    return pc__in_triangle(a.x, a.y, b, 0)
        || pc__disk_meets_segment(a.x, a.y, a.r, b.x0, b.y0, b.x1, b.y1, m)
        || pc__disk_meets_segment(a.x, a.y, a.r, b.x1, b.y1, b.x2, b.y2, m)
        || pc__disk_meets_segment(a.x, a.y, a.r, b.x2, b.y2, b.x0, b.y0, m);
}

static inline int pc__k_box_box(pc_box a, pc_box b, int m)
{
    return pc__boxes_meet(a.xmin, a.ymin, a.xmax, a.ymax, b, m);
}

/* Axes of box - segment: x, y, and the segment's normal (none if it is a point). */
static inline int pc__k_box_segment(pc_box a, pc_segment b, int m)
{
    if (!pc__boxes_meet(pc__min(b.x0, b.x1), pc__min(b.y0, b.y1), pc__max(b.x0, b.x1), pc__max(b.y0, b.y1), a, m))
        return 0;
    return pc__zero_length(b) || pc__box_spans_line(a, b.x0, b.y0, b.x1, b.y1, m);
}

/* Axes of box - triangle: x, y and the triangle's outward edge normals; a
 * collinear triangle is its hull segment. */
static inline int pc__k_box_triangle(pc_box a, pc_triangle b, int m)
{
    double txmin = pc__min(b.x0, pc__min(b.x1, b.x2)), txmax = pc__max(b.x0, pc__max(b.x1, b.x2));
    double tymin = pc__min(b.y0, pc__min(b.y1, b.y2)), tymax = pc__max(b.y0, pc__max(b.y1, b.y2));
    if (!pc__boxes_meet(txmin, tymin, txmax, tymax, a, m)) return 0;
    int s = pc__tri_orientation(b);
    if (s == 0) return pc__k_box_segment(a, pc__hull_segment(b), m);
    return pc__box_inside_edge(a, b.x0, b.y0, b.x1, b.y1, s, m)
        && pc__box_inside_edge(a, b.x1, b.y1, b.x2, b.y2, s, m)
        && pc__box_inside_edge(a, b.x2, b.y2, b.x0, b.y0, s, m);
}

static inline int pc__k_segment_segment(pc_segment a, pc_segment b, int m)
{
    return pc__segments_meet(a.x0, a.y0, a.x1, a.y1, b.x0, b.y0, b.x1, b.y1, m);
}

static inline int pc__k_segment_triangle(pc_segment a, pc_triangle b, int m)
{
    if (!m) {
        /* a segment meets a closed triangle iff an endpoint is inside or it crosses an edge */
        return pc__in_triangle(a.x0, a.y0, b, 0)
            || pc__segments_meet(a.x0, a.y0, a.x1, a.y1, b.x0, b.y0, b.x1, b.y1, 0)
            || pc__segments_meet(a.x0, a.y0, a.x1, a.y1, b.x1, b.y1, b.x2, b.y2, 0)
            || pc__segments_meet(a.x0, a.y0, a.x1, a.y1, b.x2, b.y2, b.x0, b.y0, 0);
    }
    int s = pc__tri_orientation(b);
    if (s == 0) {
        pc_segment h = pc__hull_segment(b);
        return pc__segments_meet(a.x0, a.y0, a.x1, a.y1, h.x0, h.y0, h.x1, h.y1, 1);
    }
    if (pc__zero_length(a)) return pc__in_triangle(a.x0, a.y0, b, 1);
    /* strict axes: the triangle's edges, and the segment's normal */
    const double vx[2] = {a.x0, a.x1}, vy[2] = {a.y0, a.y1};
    if (!pc__tri_axes_strict(b, s, vx, vy, 2)) return 0;
    int o0 = pc__orient(a.x0, a.y0, a.x1, a.y1, b.x0, b.y0);
    int o1 = pc__orient(a.x0, a.y0, a.x1, a.y1, b.x1, b.y1);
    int o2 = pc__orient(a.x0, a.y0, a.x1, a.y1, b.x2, b.y2);
    return ((o0 > 0) | (o1 > 0) | (o2 > 0)) & ((o0 < 0) | (o1 < 0) | (o2 < 0));
}

static inline int pc__k_triangle_triangle(pc_triangle a, pc_triangle b, int m)
{
    if (!m) {
        /* they meet iff a vertex of one lies in the other or their edges cross */
        if (pc__in_triangle(a.x0, a.y0, b, 0) || pc__in_triangle(b.x0, b.y0, a, 0)) return 1;
        const pc_segment ea[3] = {{a.x0, a.y0, a.x1, a.y1}, {a.x1, a.y1, a.x2, a.y2}, {a.x2, a.y2, a.x0, a.y0}};
        for (int i = 0; i < 3; i++)
            if (pc__k_segment_triangle(ea[i], b, 0)) return 1;
        return 0;
    }
    int sa = pc__tri_orientation(a), sb = pc__tri_orientation(b);
    if (sa == 0) return pc__k_segment_triangle(pc__hull_segment(a), b, 1);
    if (sb == 0) return pc__k_segment_triangle(pc__hull_segment(b), a, 1);
    const double ax[3] = {a.x0, a.x1, a.x2}, ay[3] = {a.y0, a.y1, a.y2};
    const double bx[3] = {b.x0, b.x1, b.x2}, by[3] = {b.y0, b.y1, b.y2};
    return pc__tri_axes_strict(a, sa, bx, by, 3) && pc__tri_axes_strict(b, sb, ax, ay, 3);
}

#endif /* PC_KERNELS_H */
