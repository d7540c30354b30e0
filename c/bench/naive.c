/* The kernels with NAIVE float predicates: the sign of the plain float
 * expression, no error bound, no fallback (what every peer does).  Defining the
 * include guard keeps the real predicates.h out. */
#define PC_PREDICATES_H
#include <math.h>
#include <stddef.h>
typedef struct { double m; } pc__filter; /* ignored */
static inline pc__filter pc__filter_for(double m)
{
    pc__filter f = {m};
    return f;
}
static inline int sgn(double v) { return (v > 0) - (v < 0); }
static inline int pc__orient(const pc__filter *f, double ax, double ay, double bx, double by, double cx, double cy)
{
    (void)f;
    return sgn((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
}
static inline int pc__dot(const pc__filter *f, double ax, double ay, double bx, double by, double cx, double cy)
{
    (void)f;
    return sgn((bx - ax) * (cx - ax) + (by - ay) * (cy - ay));
}
static inline int pc__circle(const pc__filter *f, double px, double py, double qx, double qy, double r1, double r2)
{
    (void)f;
    double dx = px - qx, dy = py - qy, rr = r1 + r2;
    return sgn((dx * dx + dy * dy) - rr * rr);
}
static inline int pc__perp(const pc__filter *f, double ax, double ay, double bx, double by, double cx, double cy,
                           double r)
{
    (void)f;
    double ex = bx - ax, ey = by - ay, c = ex * (cy - ay) - ey * (cx - ax);
    return sgn(c * c - r * r * (ex * ex + ey * ey));
}
static inline int pc__perp_sum(const pc__filter *f, double ax, double ay, double bx, double by, double cx, double cy,
                               double r1, double r2)
{
    return pc__perp(f, ax, ay, bx, by, cx, cy, r1 + r2);
}
static inline int pc__circle3(double px, double py, double qx, double qy, double r1, double r2, double r3)
{
    double dx = px - qx, dy = py - qy, rr = r1 + r2 + r3;
    return sgn((dx * dx + dy * dy) - rr * rr);
}
static inline int pc__perp3(double ax, double ay, double bx, double by, double cx, double cy, double r1, double r2,
                            double r3)
{
    return pc__perp(NULL, ax, ay, bx, by, cx, cy, r1 + r2 + r3);
}
#define BENCH_PREFIX naive
#include "loops.inc"
