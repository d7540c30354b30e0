/* Loading shapes from their array layouts (internal). */
#ifndef PC_SHAPES_H
#define PC_SHAPES_H

#include "pycollide.h"

static inline pc_point pc__load_point(const double *p) { pc_point s = {p[0], p[1]}; return s; }
static inline pc_circle pc__load_circle(const double *p) { pc_circle s = {p[0], p[1], p[2]}; return s; }
static inline pc_box pc__load_box(const double *p) { pc_box s = {p[0], p[1], p[2], p[3]}; return s; }
static inline pc_segment pc__load_segment(const double *p) { pc_segment s = {p[0], p[1], p[2], p[3]}; return s; }
static inline pc_triangle pc__load_triangle(const double *p)
{
    pc_triangle s = {p[0], p[1], p[2], p[3], p[4], p[5]};
    return s;
}

/* max |v[k]| over n doubles (the magnitude the semi-static filter needs) */
static inline double pc__magnitude(const double *v, int n)
{
    double m = 0.0;
    for (int k = 0; k < n; k++) {
        double a = v[k] < 0 ? -v[k] : v[k];
        m = a > m ? a : m;
    }
    return m;
}

static inline double pc__mag_point(pc_point s) { const double v[] = {s.x, s.y}; return pc__magnitude(v, 2); }
static inline double pc__mag_circle(pc_circle s) { const double v[] = {s.x, s.y, s.r}; return pc__magnitude(v, 3); }
static inline double pc__mag_box(pc_box s) { const double v[] = {s.xmin, s.ymin, s.xmax, s.ymax}; return pc__magnitude(v, 4); }
static inline double pc__mag_segment(pc_segment s) { const double v[] = {s.x0, s.y0, s.x1, s.y1}; return pc__magnitude(v, 4); }
static inline double pc__mag_triangle(pc_triangle s)
{
    const double v[] = {s.x0, s.y0, s.x1, s.y1, s.x2, s.y2};
    return pc__magnitude(v, 6);
}

/* The unordered pairs of kinds, in the order the kernels are named:
 * SELF(k) for a kind against itself, PAIR(a, b) for two different kinds. */
#define PC_KIND_PAIRS(SELF, PAIR) \
    SELF(point) PAIR(point, circle) PAIR(point, box) PAIR(point, segment) PAIR(point, triangle) \
    SELF(circle) PAIR(circle, box) PAIR(circle, segment) PAIR(circle, triangle) \
    SELF(box) PAIR(box, segment) PAIR(box, triangle) \
    SELF(segment) PAIR(segment, triangle) \
    SELF(triangle)

#define PC_KIND_point PC_POINT
#define PC_KIND_circle PC_CIRCLE
#define PC_KIND_box PC_BOX
#define PC_KIND_segment PC_SEGMENT
#define PC_KIND_triangle PC_TRIANGLE

#endif
