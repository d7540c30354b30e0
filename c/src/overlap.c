/*
 * The 15 scalar overlap kernels, one per unordered pair of shape kinds.
 * Shapes are closed: touching counts.  Every decision goes through the exact
 * sign kernels of predicates.h or through exact comparisons of inputs, so every
 * answer is exact.
 */
#include "overlap.h"
#include "predicates.h"

static inline double min2(double a, double b) { return a < b ? a : b; }
static inline double max2(double a, double b) { return a > b ? a : b; }
/* written as max then min so that compilers emit branch-free max/min instructions */
static inline double clamp(double v, double lo, double hi)
{
    double t = v < lo ? lo : v;
    return t > hi ? hi : t;
}

int pc__on_segment(double px, double py, double ax, double ay, double bx, double by)
{
    if (px < min2(ax, bx) || px > max2(ax, bx) || py < min2(ay, by) || py > max2(ay, by))
        return 0;
    return pc__orient(ax, ay, bx, by, px, py) == 0;
}

/* A collinear triangle is its hull segment: the lexicographically smallest and
 * largest vertices. */
static pc_segment hull_segment(pc_triangle t)
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

static inline int tri_orientation(pc_triangle t)
{
    return pc__orient(t.x0, t.y0, t.x1, t.y1, t.x2, t.y2);
}

int pc__in_triangle(double px, double py, pc_triangle t)
{
    int s = tri_orientation(t);
    if (s == 0) {
        pc_segment h = hull_segment(t);
        return pc__on_segment(px, py, h.x0, h.y0, h.x1, h.y1);
    }
    /* inside the closed triangle: never strictly on the outer side of an edge */
    return pc__orient(t.x0, t.y0, t.x1, t.y1, px, py) != -s
        && pc__orient(t.x1, t.y1, t.x2, t.y2, px, py) != -s
        && pc__orient(t.x2, t.y2, t.x0, t.y0, px, py) != -s;
}

int pc__segments_meet(double ax, double ay, double bx, double by,
                      double cx, double cy, double dx, double dy)
{
    /* bounding boxes first: exact, cheap, and rejects most pairs */
    if (max2(ax, bx) < min2(cx, dx) || max2(cx, dx) < min2(ax, bx)
        || max2(ay, by) < min2(cy, dy) || max2(cy, dy) < min2(ay, by))
        return 0;
    int o1 = pc__orient(ax, ay, bx, by, cx, cy);
    int o2 = pc__orient(ax, ay, bx, by, dx, dy);
    int o3 = pc__orient(cx, cy, dx, dy, ax, ay);
    int o4 = pc__orient(cx, cy, dx, dy, bx, by);
    if (o1 * o2 < 0 && o3 * o4 < 0) return 1;
    /* Otherwise they meet only at an endpoint lying on the other segment.  With
     * the bounding boxes overlapping, "on the line" plus the box test of
     * pc__on_segment decides it. */
    return (o1 == 0 && pc__on_segment(cx, cy, ax, ay, bx, by))
        || (o2 == 0 && pc__on_segment(dx, dy, ax, ay, bx, by))
        || (o3 == 0 && pc__on_segment(ax, ay, cx, cy, dx, dy))
        || (o4 == 0 && pc__on_segment(bx, by, cx, cy, dx, dy));
}

int pc__disk_meets_segment(double cx, double cy, double r, double ax, double ay, double bx, double by)
{
    /* the closest point of the segment is a, b, or the foot of the perpendicular */
    if (pc__dot(ax, ay, bx, by, cx, cy) <= 0) return pc__circle(cx, cy, ax, ay, r, 0.0) <= 0;
    if (pc__dot(bx, by, ax, ay, cx, cy) <= 0) return pc__circle(cx, cy, bx, by, r, 0.0) <= 0;
    return pc__perp(ax, ay, bx, by, cx, cy, r) <= 0;
}

/* All four corners of box b strictly on side `side` of the directed line pq. */
static int box_strictly_on_side(pc_box b, double px, double py, double qx, double qy, int side)
{
    return pc__orient(px, py, qx, qy, b.xmin, b.ymin) == side
        && pc__orient(px, py, qx, qy, b.xmax, b.ymin) == side
        && pc__orient(px, py, qx, qy, b.xmax, b.ymax) == side
        && pc__orient(px, py, qx, qy, b.xmin, b.ymax) == side;
}

static inline int boxes_meet(double axmin, double aymin, double axmax, double aymax, pc_box b)
{
    return (axmin <= b.xmax) & (b.xmin <= axmax) & (aymin <= b.ymax) & (b.ymin <= aymax);
}

/* ---- the 15 pair kernels ---------------------------------------------- */

int pc_overlap_point_point(pc_point a, pc_point b) { return (a.x == b.x) & (a.y == b.y); }

int pc_overlap_point_circle(pc_point a, pc_circle b)
{
    return pc__circle(a.x, a.y, b.x, b.y, b.r, 0.0) <= 0;
}

int pc_overlap_point_box(pc_point a, pc_box b)
{
    return (b.xmin <= a.x) & (a.x <= b.xmax) & (b.ymin <= a.y) & (a.y <= b.ymax);
}

int pc_overlap_point_segment(pc_point a, pc_segment b)
{
    return pc__on_segment(a.x, a.y, b.x0, b.y0, b.x1, b.y1);
}

int pc_overlap_point_triangle(pc_point a, pc_triangle b) { return pc__in_triangle(a.x, a.y, b); }

int pc_overlap_circle_circle(pc_circle a, pc_circle b)
{
    return pc__circle(a.x, a.y, b.x, b.y, a.r, b.r) <= 0;
}

int pc_overlap_circle_box(pc_circle a, pc_box b)
{
    /* the closest point of the box to the centre: clamping is exact */
    return pc__circle(a.x, a.y, clamp(a.x, b.xmin, b.xmax), clamp(a.y, b.ymin, b.ymax), a.r, 0.0) <= 0;
}

int pc_overlap_circle_segment(pc_circle a, pc_segment b)
{
    return pc__disk_meets_segment(a.x, a.y, a.r, b.x0, b.y0, b.x1, b.y1);
}

int pc_overlap_circle_triangle(pc_circle a, pc_triangle b)
{
    return pc__in_triangle(a.x, a.y, b)
        || pc__disk_meets_segment(a.x, a.y, a.r, b.x0, b.y0, b.x1, b.y1)
        || pc__disk_meets_segment(a.x, a.y, a.r, b.x1, b.y1, b.x2, b.y2)
        || pc__disk_meets_segment(a.x, a.y, a.r, b.x2, b.y2, b.x0, b.y0);
}

int pc_overlap_box_box(pc_box a, pc_box b) { return boxes_meet(a.xmin, a.ymin, a.xmax, a.ymax, b); }

/* Separating axes of a box and a segment: x, y and the segment's normal. */
int pc_overlap_box_segment(pc_box a, pc_segment b)
{
    if (!boxes_meet(min2(b.x0, b.x1), min2(b.y0, b.y1), max2(b.x0, b.x1), max2(b.y0, b.y1), a))
        return 0;
    return !box_strictly_on_side(a, b.x0, b.y0, b.x1, b.y1, 1)
        && !box_strictly_on_side(a, b.x0, b.y0, b.x1, b.y1, -1);
}

/* Separating axes of a box and a triangle: x, y and the three edge normals; a
 * collinear triangle is its hull segment. */
int pc_overlap_box_triangle(pc_box a, pc_triangle b)
{
    double txmin = min2(b.x0, min2(b.x1, b.x2)), txmax = max2(b.x0, max2(b.x1, b.x2));
    double tymin = min2(b.y0, min2(b.y1, b.y2)), tymax = max2(b.y0, max2(b.y1, b.y2));
    if (!boxes_meet(txmin, tymin, txmax, tymax, a)) return 0;
    int s = tri_orientation(b);
    if (s == 0) return pc_overlap_box_segment(a, hull_segment(b));
    /* separated by an edge when every corner is strictly outside it */
    return !box_strictly_on_side(a, b.x0, b.y0, b.x1, b.y1, -s)
        && !box_strictly_on_side(a, b.x1, b.y1, b.x2, b.y2, -s)
        && !box_strictly_on_side(a, b.x2, b.y2, b.x0, b.y0, -s);
}

int pc_overlap_segment_segment(pc_segment a, pc_segment b)
{
    return pc__segments_meet(a.x0, a.y0, a.x1, a.y1, b.x0, b.y0, b.x1, b.y1);
}

/* A segment meets a closed triangle iff an endpoint is inside or it crosses an edge. */
int pc_overlap_segment_triangle(pc_segment a, pc_triangle b)
{
    return pc__in_triangle(a.x0, a.y0, b)
        || pc__segments_meet(a.x0, a.y0, a.x1, a.y1, b.x0, b.y0, b.x1, b.y1)
        || pc__segments_meet(a.x0, a.y0, a.x1, a.y1, b.x1, b.y1, b.x2, b.y2)
        || pc__segments_meet(a.x0, a.y0, a.x1, a.y1, b.x2, b.y2, b.x0, b.y0);
}

/* Two closed triangles meet iff a vertex of one lies in the other or their
 * edges cross (if they meet and no edges cross, one contains the other). */
int pc_overlap_triangle_triangle(pc_triangle a, pc_triangle b)
{
    if (pc__in_triangle(a.x0, a.y0, b) || pc__in_triangle(b.x0, b.y0, a)) return 1;
    pc_segment ea[3] = {{a.x0, a.y0, a.x1, a.y1}, {a.x1, a.y1, a.x2, a.y2}, {a.x2, a.y2, a.x0, a.y0}};
    for (int i = 0; i < 3; i++)
        if (pc_overlap_segment_triangle(ea[i], b)) return 1;
    return 0;
}
