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
 * f carries the semi-static filter bounds of the batch (predicates.h).
 */
#ifndef PC_KERNELS_H
#define PC_KERNELS_H

#include <math.h>
#include <string.h>

#include "pycollide.h"
#include "predicates.h"

/* ---- the kinds the kernels know, by name ------------------------------------
 * A new kind adds one line to PC_KINDS, and the pairs it has kernels for
 * (below) to PC_KIND_PAIRS (matrix.h); loading its layout rows and measuring
 * them follow. */
/* clang-format off */
#define PC_KINDS(X) X(point, PC_POINT) X(circle, PC_CIRCLE) X(box, PC_BOX) X(segment, PC_SEGMENT) \
    X(triangle, PC_TRIANGLE) X(capsule, PC_CAPSULE)
/* clang-format on */

/* PC_KIND_point = PC_POINT, ...: the kind number of a name */
#define PC__KIND_NUMBER(K, E) PC_KIND_##K = E,
enum { PC_KINDS(PC__KIND_NUMBER) };

/* max |v[k]| over n doubles (the magnitude the semi-static filter needs) */
static inline double pc__magnitude(const double *v, int n)
{
    /* four running maxima: one chain of max instructions would wait on each
     * (4 cycles apiece); branch-free, an and and a max per double */
    double m0 = 0.0, m1 = 0.0, m2 = 0.0, m3 = 0.0;
    int k = 0;
    for (; k + 4 <= n; k += 4) {
        double a0 = fabs(v[k]), a1 = fabs(v[k + 1]), a2 = fabs(v[k + 2]), a3 = fabs(v[k + 3]);
        m0 = a0 > m0 ? a0 : m0;
        m1 = a1 > m1 ? a1 : m1;
        m2 = a2 > m2 ? a2 : m2;
        m3 = a3 > m3 ? a3 : m3;
    }
    for (; k < n; k++) {
        double a = fabs(v[k]);
        m0 = a > m0 ? a : m0;
    }
    m0 = m1 > m0 ? m1 : m0;
    m2 = m3 > m2 ? m3 : m2;
    return m2 > m0 ? m2 : m0;
}

/* pc__load_point(row) -> pc_point, ...: a shape struct from its layout row
 * (the structs are the layouts' doubles in order); pc__mag_point(s), ...: its
 * magnitude */
#define PC__LOAD(K, E)                                                                            \
    static inline pc_##K pc__load_##K(const double *p)                                            \
    {                                                                                             \
        pc_##K s;                                                                                 \
        memcpy(&s, p, sizeof s);                                                                  \
        return s;                                                                                 \
    }                                                                                             \
    static inline double pc__mag_##K(pc_##K s)                                                    \
    {                                                                                             \
        return pc__magnitude((const double *)(const void *)&s, (int)(sizeof s / sizeof(double))); \
    }
PC_KINDS(PC__LOAD)

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

/* 1 / the power of 2 at or below x > 0 (x below 2^-1000: 2^1000, exact on
 * such tiny values too): scaling by it is exact. */
static inline double pc__unscale(double x)
{
    if (x < 0x1p-1000) return 0x1p1000;
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits &= UINT64_C(0x7ff0000000000000);
    memcpy(&x, &bits, sizeof x);
    return 1.0 / x;
}

/* |(x, y)|, its square taken of a copy scaled by a power of 2 where it would
 * overflow or vanish (within 2^+-500: sqrt(x^2 + y^2), as written) */
static inline double pc__length(double x, double y)
{
    double m = pc__max(fabs(x), fabs(y));
    if (m >= 0x1p-500 && m <= 0x1p500) return sqrt(x * x + y * y);
    if (!(m > 0.0) || !(m < INFINITY)) return m; /* 0, inf or NaN */
    double s = pc__unscale(m);
    x *= s;
    y *= s;
    return sqrt(x * x + y * y) / s;
}

static inline double pc__touch_time_unscaled(double px, double py, double ux, double uy, double R)
{
    double b = px * ux + py * uy;
    if (!(b < 0.0)) return INFINITY; /* not approaching */
    double a = ux * ux + uy * uy, c = (px * px + py * py) - R * R;
    if (c <= 0.0) return 0.0;
    double disc = b * b - a * c;
    if (!(disc > 0.0)) return INFINITY;
    return c / (-b + sqrt(disc)); /* the smaller root, without cancellation */
}

/* Floating point: the first time t >= 0 at which p + t u is R from the
 * origin, moving closer (0 when it is within R already and moving closer);
 * INFINITY for never.  Far from 1, where the squares and their products
 * could overflow or vanish, p, R and u are first scaled by powers of 2: the
 * time is then as it would be in doubles of unbounded range. */
static inline double pc__touch_time(double px, double py, double ux, double uy, double R)
{
    double P = pc__max(pc__max(fabs(px), fabs(py)), R), U = pc__max(fabs(ux), fabs(uy));
    if (P >= 0x1p-250 && P <= 0x1p250 && U >= 0x1p-250 && U <= 0x1p250)
        return pc__touch_time_unscaled(px, py, ux, uy, R);
    if (!(U > 0.0) || !(P > 0.0)) return INFINITY; /* no motion, or at the centre with R = 0 */
    double sp = pc__unscale(P), su = pc__unscale(U);
    return pc__touch_time_unscaled(px * sp, py * sp, ux * su, uy * su, R * sp) * su / sp;
}

static inline int pc__on_segment(const pc__filter *f, double px, double py, double ax, double ay, double bx, double by)
{
    if (px < pc__min(ax, bx) || px > pc__max(ax, bx) || py < pc__min(ay, by) || py > pc__max(ay, by)) return 0;
    return pc__orient(f, ax, ay, bx, by, px, py) == 0;
}

static inline int pc__tri_orientation(const pc__filter *f, pc_triangle t)
{
    return pc__orient(f, t.x0, t.y0, t.x1, t.y1, t.x2, t.y2);
}

/* The hull of n collinear points (x, y pairs at p): the segment from the
 * lexicographically smallest to the largest. */
static inline pc_segment pc__lex_extremes(const double *p, int n)
{
    int lo = 0, hi = 0;
    for (int i = 1; i < n; i++) {
        if (p[2 * i] < p[2 * lo] || (p[2 * i] == p[2 * lo] && p[2 * i + 1] < p[2 * lo + 1])) lo = i;
        if (p[2 * i] > p[2 * hi] || (p[2 * i] == p[2 * hi] && p[2 * i + 1] > p[2 * hi + 1])) hi = i;
    }
    pc_segment s = {p[2 * lo], p[2 * lo + 1], p[2 * hi], p[2 * hi + 1]};
    return s;
}

/* A collinear triangle is its hull segment. */
static inline pc_segment pc__hull_segment(pc_triangle t)
{
    const double p[6] = {t.x0, t.y0, t.x1, t.y1, t.x2, t.y2};
    return pc__lex_extremes(p, 3);
}

static inline int pc__zero_length(pc_segment s) { return (s.x0 == s.x1) & (s.y0 == s.y1); }

/* ---- bounding boxes first ----------------------------------------------------
 * Exact rejections for the pairs whose kernels cost tens of nanoseconds: in a
 * batch of scattered pairs most are far apart, and a few comparisons settle
 * them.  A disk (c, r) is apart from a set whose box is [lo, hi] (per axis)
 * when fl(lo - c) > r or fl(c - hi) > r: rounding is monotone and r is a
 * double, so fl(v) > r implies v > r (also when v overflows to inf; a NaN
 * rejects nothing). */
typedef struct { double xmin, ymin, xmax, ymax; } pc__bounds;

static inline pc__bounds pc__segment_bounds(pc_segment s)
{
    pc__bounds b = {pc__min(s.x0, s.x1), pc__min(s.y0, s.y1), pc__max(s.x0, s.x1), pc__max(s.y0, s.y1)};
    return b;
}

static inline pc__bounds pc__triangle_bounds(pc_triangle t)
{
    pc__bounds b = {pc__min(t.x0, pc__min(t.x1, t.x2)), pc__min(t.y0, pc__min(t.y1, t.y2)),
                    pc__max(t.x0, pc__max(t.x1, t.x2)), pc__max(t.y0, pc__max(t.y1, t.y2))};
    return b;
}

/* 1 when the closed boxes are disjoint (then so are the shapes, in both modes) */
static inline int pc__bounds_apart(pc__bounds a, pc__bounds b)
{
    return (a.xmax < b.xmin) | (b.xmax < a.xmin) | (a.ymax < b.ymin) | (b.ymax < a.ymin);
}

static inline int pc__disk_apart(double cx, double cy, double r, pc__bounds b)
{
    return (b.xmin - cx > r) | (cx - b.xmax > r) | (b.ymin - cy > r) | (cy - b.ymax > r);
}

/* Point in triangle: closed (m = 0) or interior (m = 1).  A collinear triangle
 * is its edges: no interior. */
static inline int pc__in_triangle(const pc__filter *f, double px, double py, pc_triangle t, int m)
{
    int s = pc__tri_orientation(f, t);
    if (s == 0) {
        if (m) return 0;
        pc_segment h = pc__hull_segment(t);
        return pc__on_segment(f, px, py, h.x0, h.y0, h.x1, h.y1);
    }
    /* on the inner side of every edge: o * s >= 0 (closed) or > 0 (interior);
     * all three signs, combined without branches (on random data a
     * short-circuit mispredicts more often than it saves work) */
    int o0 = pc__orient(f, t.x0, t.y0, t.x1, t.y1, px, py) * s;
    int o1 = pc__orient(f, t.x1, t.y1, t.x2, t.y2, px, py) * s;
    int o2 = pc__orient(f, t.x2, t.y2, t.x0, t.y0, px, py) * s;
    return (o0 >= m) & (o1 >= m) & (o2 >= m);
}

/* Closed segments ab and cd meet (m = 0), or cross properly (m = 1: A - B is
 * a parallelogram whose interior holds the origin exactly then). */
static inline int pc__segments_meet(const pc__filter *f, double ax, double ay, double bx, double by, double cx,
                                    double cy, double dx, double dy, int m)
{
    /* bounding boxes first: exact, cheap, and rejects most pairs */
    pc_segment s1 = {ax, ay, bx, by}, s2 = {cx, cy, dx, dy};
    if (pc__bounds_apart(pc__segment_bounds(s1), pc__segment_bounds(s2))) return 0;
    int o1 = pc__orient(f, ax, ay, bx, by, cx, cy);
    int o2 = pc__orient(f, ax, ay, bx, by, dx, dy);
    int o3 = pc__orient(f, cx, cy, dx, dy, ax, ay);
    int o4 = pc__orient(f, cx, cy, dx, dy, bx, by);
    if (o1 * o2 < 0 && o3 * o4 < 0) return 1;
    if (m) return 0;
    /* Otherwise they meet only at an endpoint lying on the other segment. */
    return (o1 == 0 && pc__on_segment(f, cx, cy, ax, ay, bx, by)) ||
           (o2 == 0 && pc__on_segment(f, dx, dy, ax, ay, bx, by)) ||
           (o3 == 0 && pc__on_segment(f, ax, ay, cx, cy, dx, dy)) ||
           (o4 == 0 && pc__on_segment(f, bx, by, cx, cy, dx, dy));
}

/* Disk (c, r) against the closed segment ab: dist <= r, or dist < r when strict. */
static inline int pc__disk_meets_segment(const pc__filter *f, double cx, double cy, double r, double ax, double ay,
                                         double bx, double by, int m)
{
    /* the closest point of the segment is a, b, or the foot of the perpendicular */
    if (pc__dot(f, ax, ay, bx, by, cx, cy) <= 0) return pc__dist_ok(pc__circle(f, cx, cy, ax, ay, r, 0.0), m);
    if (pc__dot(f, bx, by, ax, ay, cx, cy) <= 0) return pc__dist_ok(pc__circle(f, cx, cy, bx, by, r, 0.0), m);
    return pc__dist_ok(pc__perp(f, ax, ay, bx, by, cx, cy, r), m);
}

/* Along the normal of the line pq, do the projections of the box and of the
 * line overlap (closed), or overlap with positive length (strict)?  Exactly
 * when the corners are not all on one side: touching allows corners on the line. */
static inline int pc__box_spans_line(const pc__filter *f, pc_box b, double px, double py, double qx, double qy, int m)
{
    int o0 = pc__orient(f, px, py, qx, qy, b.xmin, b.ymin);
    int o1 = pc__orient(f, px, py, qx, qy, b.xmax, b.ymin);
    int o2 = pc__orient(f, px, py, qx, qy, b.xmax, b.ymax);
    int o3 = pc__orient(f, px, py, qx, qy, b.xmin, b.ymax);
    int pos = (o0 > 0) | (o1 > 0) | (o2 > 0) | (o3 > 0);
    int neg = (o0 < 0) | (o1 < 0) | (o2 < 0) | (o3 < 0);
    int zero = ((o0 == 0) | (o1 == 0) | (o2 == 0) | (o3 == 0)) & (m ^ 1);
    return (pos | zero) & (neg | zero);
}

/* Some corner of the box on the inner side of edge pq of a triangle of
 * orientation s: at or inside (closed), strictly inside (strict). */
static inline int pc__box_inside_edge(const pc__filter *f, pc_box b, double px, double py, double qx, double qy, int s,
                                      int m)
{
    return pc__orient(f, px, py, qx, qy, b.xmin, b.ymin) * s >= m ||
           pc__orient(f, px, py, qx, qy, b.xmax, b.ymin) * s >= m ||
           pc__orient(f, px, py, qx, qy, b.xmax, b.ymax) * s >= m ||
           pc__orient(f, px, py, qx, qy, b.xmin, b.ymax) * s >= m;
}

static inline int pc__boxes_meet(double axmin, double aymin, double axmax, double aymax, pc_box b, int m)
{
    return pc__le(axmin, b.xmax, m) & pc__le(b.xmin, axmax, m) & pc__le(aymin, b.ymax, m) & pc__le(b.ymin, aymax, m);
}

/* The separating-axis test over the edge normals of the non-degenerate
 * triangle t (orientation s): for every edge, some vertex of the other shape
 * (vx, vy; nv of them) on its inner side, at or inside (m = 0) or strictly
 * inside (m = 1).  Computes every sign and combines them without branches. */
static inline int pc__tri_axes(const pc__filter *f, pc_triangle t, int s, const double *vx, const double *vy, int nv,
                               int m)
{
    const double ex[3] = {t.x0, t.x1, t.x2}, ey[3] = {t.y0, t.y1, t.y2};
    int all = 1;
    for (int e = 0; e < 3; e++) {
        int g = e == 2 ? 0 : e + 1, inside = 0;
        for (int k = 0; k < nv; k++) inside |= pc__orient(f, ex[e], ey[e], ex[g], ey[g], vx[k], vy[k]) * s >= m;
        all &= inside;
    }
    return all;
}

/* The separating axis normal to the line pq, for a triangle: its vertices on
 * both sides of the line, a vertex on the line counting for both sides unless
 * strict. */
static inline int pc__tri_spans_line(const pc__filter *f, pc_triangle t, double px, double py, double qx, double qy,
                                     int m)
{
    int o0 = pc__orient(f, px, py, qx, qy, t.x0, t.y0);
    int o1 = pc__orient(f, px, py, qx, qy, t.x1, t.y1);
    int o2 = pc__orient(f, px, py, qx, qy, t.x2, t.y2);
    int zero = ((o0 == 0) | (o1 == 0) | (o2 == 0)) & (m ^ 1);
    return (((o0 > 0) | (o1 > 0) | (o2 > 0)) | zero) & (((o0 < 0) | (o1 < 0) | (o2 < 0)) | zero);
}

/* ---- the pair kernels (their pairs: PC_KIND_PAIRS, matrix.h) ---------- */

static inline int pc__k_point_point(const pc__filter *f, pc_point a, pc_point b, int m)
{
    (void)f;
    return (a.x == b.x) & (a.y == b.y) & (m ^ 1);
}

static inline int pc__k_point_circle(const pc__filter *f, pc_point a, pc_circle b, int m)
{
    return pc__dist_ok(pc__circle(f, a.x, a.y, b.x, b.y, b.r, 0.0), m);
}

static inline int pc__k_point_box(const pc__filter *f, pc_point a, pc_box b, int m)
{
    (void)f;
    return pc__le(b.xmin, a.x, m) & pc__le(a.x, b.xmax, m) & pc__le(b.ymin, a.y, m) & pc__le(a.y, b.ymax, m);
}

static inline int pc__k_point_segment(const pc__filter *f, pc_point a, pc_segment b, int m)
{
    return !m && pc__on_segment(f, a.x, a.y, b.x0, b.y0, b.x1, b.y1);
}

static inline int pc__k_point_triangle(const pc__filter *f, pc_point a, pc_triangle b, int m)
{
    return pc__in_triangle(f, a.x, a.y, b, m);
}

static inline int pc__k_circle_circle(const pc__filter *f, pc_circle a, pc_circle b, int m)
{
    return pc__dist_ok(pc__circle(f, a.x, a.y, b.x, b.y, a.r, b.r), m);
}

static inline int pc__k_circle_box(const pc__filter *f, pc_circle a, pc_box b, int m)
{
    if (m && a.r == 0) { /* R = 0: the interior of the box itself */
        pc_point p = {a.x, a.y};
        return pc__k_point_box(f, p, b, m);
    }
    /* the closest point of the box to the centre: clamping is exact */
    return pc__dist_ok(
        pc__circle(f, a.x, a.y, pc__clamp(a.x, b.xmin, b.xmax), pc__clamp(a.y, b.ymin, b.ymax), a.r, 0.0), m);
}

static inline int pc__k_circle_segment(const pc__filter *f, pc_circle a, pc_segment b, int m)
{
    if (pc__disk_apart(a.x, a.y, a.r, pc__segment_bounds(b))) return 0;
    return pc__disk_meets_segment(f, a.x, a.y, a.r, b.x0, b.y0, b.x1, b.y1, m);
}

static inline int pc__k_circle_triangle(const pc__filter *f, pc_circle a, pc_triangle b, int m)
{
    if (pc__disk_apart(a.x, a.y, a.r, pc__triangle_bounds(b))) return 0;
    if (m && a.r == 0) return pc__in_triangle(f, a.x, a.y, b, 1);
    /* dist(centre, triangle) <= r (< r): the centre inside (distance 0), or an edge near */
    return pc__in_triangle(f, a.x, a.y, b, 0) || pc__disk_meets_segment(f, a.x, a.y, a.r, b.x0, b.y0, b.x1, b.y1, m) ||
           pc__disk_meets_segment(f, a.x, a.y, a.r, b.x1, b.y1, b.x2, b.y2, m) ||
           pc__disk_meets_segment(f, a.x, a.y, a.r, b.x2, b.y2, b.x0, b.y0, m);
}

static inline int pc__k_box_box(const pc__filter *f, pc_box a, pc_box b, int m)
{
    (void)f;
    return pc__boxes_meet(a.xmin, a.ymin, a.xmax, a.ymax, b, m);
}

/* Axes of box - segment: x, y, and the segment's normal (none if it is a point). */
static inline int pc__k_box_segment(const pc__filter *f, pc_box a, pc_segment b, int m)
{
    pc__bounds sb = pc__segment_bounds(b);
    if (!pc__boxes_meet(sb.xmin, sb.ymin, sb.xmax, sb.ymax, a, m)) return 0;
    return pc__zero_length(b) || pc__box_spans_line(f, a, b.x0, b.y0, b.x1, b.y1, m);
}

/* Axes of box - triangle: x, y and the triangle's outward edge normals; a
 * collinear triangle is its hull segment. */
static inline int pc__k_box_triangle(const pc__filter *f, pc_box a, pc_triangle b, int m)
{
    pc__bounds t = pc__triangle_bounds(b);
    if (!pc__boxes_meet(t.xmin, t.ymin, t.xmax, t.ymax, a, m)) return 0;
    int s = pc__tri_orientation(f, b);
    if (s == 0) return pc__k_box_segment(f, a, pc__hull_segment(b), m);
    return pc__box_inside_edge(f, a, b.x0, b.y0, b.x1, b.y1, s, m) &&
           pc__box_inside_edge(f, a, b.x1, b.y1, b.x2, b.y2, s, m) &&
           pc__box_inside_edge(f, a, b.x2, b.y2, b.x0, b.y0, s, m);
}

static inline int pc__k_segment_segment(const pc__filter *f, pc_segment a, pc_segment b, int m)
{
    return pc__segments_meet(f, a.x0, a.y0, a.x1, a.y1, b.x0, b.y0, b.x1, b.y1, m);
}

/* A non-degenerate triangle against a segment: the separating axes of their
 * Minkowski difference are the triangle's edge normals and the segment's
 * normal (none when the segment is a point).  A collinear triangle is its hull
 * segment. */
static inline int pc__k_segment_triangle(const pc__filter *f, pc_segment a, pc_triangle b, int m)
{
    if (pc__bounds_apart(pc__segment_bounds(a), pc__triangle_bounds(b))) return 0;
    int s = pc__tri_orientation(f, b);
    if (s == 0) {
        pc_segment h = pc__hull_segment(b);
        return pc__segments_meet(f, a.x0, a.y0, a.x1, a.y1, h.x0, h.y0, h.x1, h.y1, m);
    }
    const double vx[2] = {a.x0, a.x1}, vy[2] = {a.y0, a.y1};
    int axes = pc__tri_axes(f, b, s, vx, vy, 2, m);
    return axes & (pc__zero_length(a) | pc__tri_spans_line(f, b, a.x0, a.y0, a.x1, a.y1, m));
}

/* Two segments grown by r1 and r2 (a point is a segment of zero length):
 * their distance at most (below) r1 + r2.  The distance of two segments that
 * do not meet is that of an endpoint of one to the other. */
static inline int pc__near_segment(const pc__filter *f, double cx, double cy, double ax, double ay, double bx,
                                   double by, double r1, double r2, int m)
{
    if (pc__dot(f, ax, ay, bx, by, cx, cy) <= 0) return pc__dist_ok(pc__circle(f, cx, cy, ax, ay, r1, r2), m);
    if (pc__dot(f, bx, by, ax, ay, cx, cy) <= 0) return pc__dist_ok(pc__circle(f, cx, cy, bx, by, r1, r2), m);
    return pc__dist_ok(pc__perp_sum(f, ax, ay, bx, by, cx, cy, r1, r2), m);
}

/* pc__near_segment with a third radius r3 (a distance): c within r1 + r2 +
 * r3 of the segment ab (below it when strict), radii >= 0. */
static inline int pc__near_segment3(const pc__filter *f, double cx, double cy, double ax, double ay, double bx,
                                    double by, double r1, double r2, double r3, int m)
{
    if (pc__dot(f, ax, ay, bx, by, cx, cy) <= 0) return pc__dist_ok(pc__circle3(cx, cy, ax, ay, r1, r2, r3), m);
    if (pc__dot(f, bx, by, ax, ay, cx, cy) <= 0) return pc__dist_ok(pc__circle3(cx, cy, bx, by, r1, r2, r3), m);
    return pc__dist_ok(pc__perp3(ax, ay, bx, by, cx, cy, r1, r2, r3), m);
}

static inline int pc__k_capsule_capsule(const pc__filter *f, pc_capsule a, pc_capsule b, int m)
{
    double r = a.r + b.r, g = r * (1.0 + 0x1p-48); /* >= r1 + r2 however the sum rounds */
    /* the segments' boxes apart by more than r1 + r2 (in x or y): apart */
    if (pc__min(b.x0, b.x1) - pc__max(a.x0, a.x1) > g || pc__min(a.x0, a.x1) - pc__max(b.x0, b.x1) > g ||
        pc__min(b.y0, b.y1) - pc__max(a.y0, a.y1) > g || pc__min(a.y0, a.y1) - pc__max(b.y0, b.y1) > g)
        return 0;
    if (a.r == 0 && b.r == 0) return pc__segments_meet(f, a.x0, a.y0, a.x1, a.y1, b.x0, b.y0, b.x1, b.y1, m);
    if (pc__segments_meet(f, a.x0, a.y0, a.x1, a.y1, b.x0, b.y0, b.x1, b.y1, 0)) return 1;
    return pc__near_segment(f, a.x0, a.y0, b.x0, b.y0, b.x1, b.y1, a.r, b.r, m) ||
           pc__near_segment(f, a.x1, a.y1, b.x0, b.y0, b.x1, b.y1, a.r, b.r, m) ||
           pc__near_segment(f, b.x0, b.y0, a.x0, a.y0, a.x1, a.y1, a.r, b.r, m) ||
           pc__near_segment(f, b.x1, b.y1, a.x0, a.y0, a.x1, a.y1, a.r, b.r, m);
}

static inline int pc__k_circle_capsule(const pc__filter *f, pc_circle a, pc_capsule b, int m)
{
    if (m && a.r == 0 && b.r == 0) return 0; /* a point and a segment: no interior */
    return pc__near_segment(f, a.x, a.y, b.x0, b.y0, b.x1, b.y1, a.r, b.r, m);
}

/* Two non-degenerate triangles: the separating axes are the six edge normals. */
static inline int pc__k_triangle_triangle(const pc__filter *f, pc_triangle a, pc_triangle b, int m)
{
    if (pc__bounds_apart(pc__triangle_bounds(a), pc__triangle_bounds(b))) return 0;
    int sa = pc__tri_orientation(f, a), sb = pc__tri_orientation(f, b);
    if (sa == 0) return pc__k_segment_triangle(f, pc__hull_segment(a), b, m);
    if (sb == 0) return pc__k_segment_triangle(f, pc__hull_segment(b), a, m);
    const double ax[3] = {a.x0, a.x1, a.x2}, ay[3] = {a.y0, a.y1, a.y2};
    const double bx[3] = {b.x0, b.x1, b.x2}, by[3] = {b.y0, b.y1, b.y2};
    return pc__tri_axes(f, a, sa, bx, by, 3, m) & pc__tri_axes(f, b, sb, ax, ay, 3, m);
}


#endif /* PC_KERNELS_H */
