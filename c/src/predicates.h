/*
 * Exact sign kernels (internal).  Each predicate evaluates its polynomial in
 * double precision together with an a-priori bound on the rounding error; when
 * the computed value is farther from zero than the bound, its sign is the exact
 * sign.  Otherwise (near-boundary inputs, overflow, underflow) the exact
 * fallback in predicates.c decides with integer arithmetic on the exact binary
 * values of the inputs.
 *
 * Notation: u = 2^-53 (unit roundoff), eta = 2^-1074 (the absolute error a
 * single rounding can add in the subnormal range).  For a rounded operation
 * fl(x op y) = (x op y)(1 + d) + e with |d| <= u, |e| <= eta/2, and e = 0 for
 * additions and subtractions (a sum that lands in the subnormal range is exact).
 * Any overflow yields inf/NaN in the value or in the bound; every filter test
 * is written `value > bound`, which is false for NaN and for inf > inf, so an
 * overflow always falls through to the exact path.  The sign itself is taken
 * branch-free: on random data a branch on the sign would mispredict half the
 * time, while "is the filter certain?" is almost always yes.
 *
 * This file must be compiled with -ffp-contract=off and without -ffast-math:
 * the bounds assume every operation is rounded separately.
 */
#ifndef PC_PREDICATES_H
#define PC_PREDICATES_H

#include <math.h>

#define PC_U 0x1p-53
#define PC_ETA 0x1p-1070 /* 16 eta: generous slack for the absolute (underflow) terms */

/* The exact fallbacks are rare: keep them (and the register spills a call
 * implies) out of the hot path. */
#if defined(__GNUC__) || defined(__clang__)
#define PC_COLD __attribute__((cold, noinline))
#define PC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define PC_COLD
#define PC_UNLIKELY(x) (x)
#endif

/* Exact fallbacks (predicates.c). */
PC_COLD int pc__orient_exact(double ax, double ay, double bx, double by, double cx, double cy);
PC_COLD int pc__dot_exact(double ax, double ay, double bx, double by, double cx, double cy);
PC_COLD int pc__circle_exact(double px, double py, double qx, double qy, double r1, double r2);
PC_COLD int pc__perp_exact(double ax, double ay, double bx, double by, double cx, double cy, double r);

/*
 * sign((b - a) x (c - a)): +1 when c lies left of the directed line a->b.
 * Bound (Shewchuk 1997, ccwerrboundA): with t1 = fl(fl(bx-ax) fl(cy-ay)) and
 * t2 = fl(fl(by-ay) fl(cx-ax)), |fl(t1 - t2) - det| <= (3u + 16u^2)(|t1| + |t2|)
 * without underflow.  Underflow adds at most eta/2 to each product, hence the
 * absolute term.
 */
static inline int pc__orient(double ax, double ay, double bx, double by, double cx, double cy)
{
    double t1 = (bx - ax) * (cy - ay);
    double t2 = (by - ay) * (cx - ax);
    double det = t1 - t2;
    double bound = (3.0 * PC_U + 16.0 * PC_U * PC_U) * (fabs(t1) + fabs(t2)) + PC_ETA;
    if (PC_UNLIKELY(!(fabs(det) > bound))) return pc__orient_exact(ax, ay, bx, by, cx, cy);
    return (det > 0) - (det < 0);
}

/* sign((b - a) . (c - a)).  Same structure and bound as pc__orient (a sum of two
 * products of rounded differences instead of a difference). */
static inline int pc__dot(double ax, double ay, double bx, double by, double cx, double cy)
{
    double t1 = (bx - ax) * (cx - ax);
    double t2 = (by - ay) * (cy - ay);
    double det = t1 + t2;
    double bound = (3.0 * PC_U + 16.0 * PC_U * PC_U) * (fabs(t1) + fabs(t2)) + PC_ETA;
    if (PC_UNLIKELY(!(fabs(det) > bound))) return pc__dot_exact(ax, ay, bx, by, cx, cy);
    return (det > 0) - (det < 0);
}

/*
 * sign(|p - q|^2 - (r1 + r2)^2), r1, r2 >= 0.
 * Bound: X = fl(dx)^2 etc.  Each of the three squares carries at most three
 * relative roundings before the final subtraction (difference or sum, square,
 * the sum X + Y), so before the last rounding the error is at most
 * ((1+u)^4 - 1) T <= 4.0001u T, with T = X + Y + Z <= S (1-u)^-3 and S the sum
 * of the computed squares.  The last rounding adds u|E|.  If |E| > 8u S then
 * |error| <= u|E| + 4.001u S < |E|, so the sign is right.  Underflow adds at most
 * 3 eta/2 (three squares).
 */
static inline int pc__circle(double px, double py, double qx, double qy, double r1, double r2)
{
    double dx = px - qx, dy = py - qy, rr = r1 + r2;
    double x2 = dx * dx, y2 = dy * dy, z2 = rr * rr;
    double e = (x2 + y2) - z2;
    double bound = 8.0 * PC_U * ((x2 + y2) + z2) + PC_ETA;
    if (PC_UNLIKELY(!(fabs(e) > bound))) return pc__circle_exact(px, py, qx, qy, r1, r2);
    return (e > 0) - (e < 0);
}

/*
 * sign(C^2 - r^2 L) with C = (b - a) x (c - a), L = |b - a|^2: the squared
 * distance from c to the LINE ab compared with r^2 (scaled by L).
 * Bound: eC = (3u + 16u^2)(|t1| + |t2|) + 2 eta bounds |C' - C| (pc__orient), so
 * |C'^2 - C^2| <= eC (2|C'| + eC); fl(C'^2) adds u C2 + eta/2.  L' has relative
 * error <= 4.0001u (+3 eta/2), r2 = fl(r^2) relative u (+ eta/2), so
 * P = fl(r2 L') is within 6.001u P + eta (1 + 3 r2 + L') of r^2 L.  With K the
 * sum of these terms and the last rounding u|E| (+0), |E| > 2K gives
 * |error| < u|E| + |E|/2 < |E|.  The computed bound takes 2.02K, absorbing the
 * rounding of the bound's own evaluation.
 */
static inline int pc__perp(double ax, double ay, double bx, double by, double cx, double cy, double r)
{
    double ex = bx - ax, ey = by - ay;
    double t1 = ex * (cy - ay), t2 = ey * (cx - ax);
    double c = t1 - t2;
    double ec = (3.0 * PC_U + 16.0 * PC_U * PC_U) * (fabs(t1) + fabs(t2)) + PC_ETA;
    double len2 = ex * ex + ey * ey;
    double r2 = r * r;
    double c2 = c * c, p = r2 * len2;
    double e = c2 - p;
    double k = PC_U * c2 + ec * (2.0 * fabs(c) + ec) + 6.001 * PC_U * p
             + PC_ETA * (2.0 + 3.0 * r2 + 1.01 * len2);
    double bound = 2.02 * k;
    if (PC_UNLIKELY(!(fabs(e) > bound))) return pc__perp_exact(ax, ay, bx, by, cx, cy, r);
    return (e > 0) - (e < 0);
}

#endif /* PC_PREDICATES_H */
