/*
 * Exact sign kernels (internal), in three stages.
 *
 *  1. Semi-static filter (this file, inline, the hot path).  The predicate's
 *     polynomial is evaluated in double precision and compared with a bound
 *     that depends only on M, an upper bound on |every input coordinate and
 *     radius| of the batch (computed once, when the shapes are validated).
 *     Each element pays one fabs and one compare beyond the naive code.
 *  2. Dynamic filter (predicates.c, cold): the same evaluation with an error
 *     bound computed from this element's own terms.  Decides elements whose
 *     terms are far below M, and every element when M is unknown (infinite).
 *  3. Exact evaluation (predicates.c, cold): integer arithmetic on the exact
 *     binary values of the inputs, for near-boundary inputs, overflow and
 *     underflow.
 *
 * The dynamic bounds and their derivations are in predicates.c; each
 * semi-static bound below is that dynamic bound maximised over inputs of
 * magnitude <= M.
 *
 * u = 2^-53 is the unit roundoff and eta = 2^-1074 the smallest subnormal.
 * The sign itself is taken branch-free: on random data a branch on the sign
 * would mispredict half the time, while "is the filter certain?" is almost
 * always yes.
 *
 * This file must be compiled with -ffp-contract=off and without -ffast-math:
 * the bounds assume every operation is rounded separately.
 */
#ifndef PC_PREDICATES_H
#define PC_PREDICATES_H

#include <float.h>
#include <math.h>

#if defined(__FAST_MATH__)
#error "pycollide's exact predicates need IEEE arithmetic: compile without -ffast-math (see c/flags.mk)"
#endif

#define PC_U   0x1p-53
#define PC_ETA 0x1p-1070 /* 16 eta: generous slack for the absolute (underflow) terms */

/* The exact fallbacks are rare: keep them (and the register spills a call
 * implies) out of the hot path. */
#if defined(__GNUC__) || defined(__clang__)
#define PC_COLD          __attribute__((cold, noinline))
#define PC_UNLIKELY(x)   __builtin_expect(!!(x), 0)
#define PC_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define PC_COLD
#define PC_UNLIKELY(x)   (x)
#define PC_ALWAYS_INLINE inline
#endif

/*
 * The semi-static bounds for a batch whose inputs all satisfy |v| <= M.  Let
 * m2 = fl(M * M).  Every difference of two inputs rounds to at most 2M in
 * magnitude and every product of two such differences to at most 4 m2
 * (rounding is monotone and scaling by 4 is exact; in the subnormal range the
 * difference is a few eta, covered by the PC_ETA terms).  Substituting these
 * maxima into the dynamic bounds of predicates.c:
 *  - orient and dot: (3u + 16u^2)(|t1| + |t2|) + eta <= 24.0001u m2 + eta;
 *  - circle: 8u S + 3 eta / 2 with S <= 12 m2 (1 + 2u)  (three squares of
 *    differences or of a sum of two radii);
 *  - perp: |C| <= 8 m2, C^2 <= 64 m2^2, L <= 8 m2, r^2 <= m2, r^2 L <= 8 m2^2;
 *    the bound 2.02 K of pc__perp_slow is then <= 1002.4u m2^2
 *    + eta (4.04 + 55 m2).
 * The constants below round these up (slack for the rounding of the bounds'
 * own evaluation).  Where the largest possible intermediate of a predicate
 * would overflow, its bound is infinite, and a NaN M makes every bound NaN:
 * then no value passes stage 1 and every element goes to the dynamic filter,
 * which is what M = INFINITY ("unknown") asks for.
 */
typedef struct {
    double orient, orient_neg; /* the bound and minus it; also for pc__dot */
    double circle, circle_neg;
    double perp, perp_neg;
    double perp_sum, perp_sum_neg; /* pc__perp_sum */
} pc__filter;

static inline pc__filter pc__filter_for(double magnitude)
{
    double m2 = magnitude * magnitude;
    pc__filter f;
    f.orient = 24.01 * PC_U * m2 + PC_ETA;
    f.circle = 96.01 * PC_U * m2 + PC_ETA;
    f.perp = 1004.0 * PC_U * m2 * m2 + PC_ETA * (1.0 + 4.0 * m2);
    /* An intermediate may overflow when its largest possible value does (then
     * an infinite value proves nothing): no stage-1 decision at all. */
    if (!(8.0 * m2 <= DBL_MAX)) f.orient = INFINITY;
    if (!(16.0 * m2 <= DBL_MAX)) f.circle = INFINITY;
    /* pc__perp_sum rounds r1 + r2 <= 2M: the perp bound for magnitude 2M
     * (m2 -> 4 m2: 1004u 16 m2^2 + eta (1 + 16 m2)) plus the rounding of the
     * sum, |rr^2 - (r1 + r2)^2| L <= 2.0001u 4 m2 8 m2 = 64.01u m2^2 */
    f.perp_sum = 16200.0 * PC_U * m2 * m2 + PC_ETA * (1.0 + 16.0 * m2);
    if (!(128.0 * m2 * m2 <= DBL_MAX)) f.perp = INFINITY;
    if (!(2048.0 * m2 * m2 <= DBL_MAX)) f.perp_sum = INFINITY;
    f.orient_neg = -f.orient;
    f.circle_neg = -f.circle;
    f.perp_neg = -f.perp;
    f.perp_sum_neg = -f.perp_sum;
    return f;
}

/* Stages 2 and 3 (predicates.c): the dynamic filter, then the exact sign. */
PC_COLD int pc__orient_slow(double ax, double ay, double bx, double by, double cx, double cy);
PC_COLD int pc__dot_slow(double ax, double ay, double bx, double by, double cx, double cy);
PC_COLD int pc__circle_slow(double px, double py, double qx, double qy, double r1, double r2);
PC_COLD int pc__perp_slow(double ax, double ay, double bx, double by, double cx, double cy, double r);
/* The same signs with a third radius (distances: r3 is the distance asked
 * about), all radii >= 0: filter and exact stage in one. */
int pc__circle3(double px, double py, double qx, double qy, double r1, double r2, double r3);
int pc__perp3(double ax, double ay, double bx, double by, double cx, double cy, double r1, double r2, double r3);
/* Stage 3 alone (exposed for the C tests). */
int pc__orient_exact(double ax, double ay, double bx, double by, double cx, double cy);
int pc__dot_exact(double ax, double ay, double bx, double by, double cx, double cy);
int pc__circle_exact(double px, double py, double qx, double qy, double r1, double r2);
int pc__perp_exact(double ax, double ay, double bx, double by, double cx, double cy, double r);
/* Stage 3 with radii of either sign (pc__circle_exact's r2 may be negative
 * too): sign(C^2 - (r1 + r2)^2 L), C = (b - a) x (c - a), L = |b - a|^2. */
int pc__perp2_exact(double ax, double ay, double bx, double by, double cx, double cy, double r1, double r2);

/* Cold signs for queries off the batch hot path (raycasts, sweeps, motion):
 * the dynamic filter of predicates.c, then the exact evaluation.
 *  pc__cross_dir: sign(d x (b - a)) = sign(dx (by - ay) - dy (bx - ax));
 *  pc__dot_dir:   sign(d . (b - a));
 *  pc__sumsq_cmp: sign(ax^2 + ay^2 - bx^2 - by^2);
 *  pc__perp2:     see below. */
int pc__cross_dir(double dx, double dy, double ax, double ay, double bx, double by);
int pc__dot_dir(double dx, double dy, double ax, double ay, double bx, double by);
int pc__sumsq_cmp(double ax, double ay, double bx, double by);
/* sign(C^2 - (r1 + r2)^2 L), C = (b - a) x (c - a), L = |b - a|^2: pc__perp
 * against a sum of two radii, without rounding the sum. */
int pc__perp2(double ax, double ay, double bx, double by, double cx, double cy, double r1, double r2);
/* sign((d x (c - a))^2 - r^2 |d|^2), r >= 0: the squared distance from c to
 * the LINE through a along d compared with r^2 (scaled by |d|^2); the
 * direction is taken as it is, not as the difference of two points. */
int pc__perp_dir(double dx, double dy, double ax, double ay, double cx, double cy, double r);
/* the same against r1 + r2 (r1, r2 >= 0), the sum never rounded */
int pc__perp_dir2(double dx, double dy, double ax, double ay, double cx, double cy, double r1, double r2);
/* a x + b y + t rounded once to the nearest double (ties to even; inf beyond
 * the doubles), from the exact binary values: the slow path of rigid motions. */
double pc__round_dot_exact(double a, double x, double b, double y, double t);
/* Exact ray entries (predicates.c explains them): sign(L t* - m) for the
 * entry parameter t* of the ray o + t d into the core of n vertices (x, y;
 * 1 to 8; a polygon counter-clockwise with R = 0) grown by R, L = |d| along
 * its major axis, against m = (t0 + t1) / 2 (t1 = inf stands for 2^1024).
 * The ray must meet the shape, its origin outside; for a polygon, bit k of
 * `entering` is set when d x (v_(k+1) - v_k) < 0 (face k faces the ray). */
int pc__ray_entry_exact(double ox, double oy, double dx, double dy, double t0, double t1, int n, const double *x,
                        const double *y, double R, unsigned entering);

static inline int pc__sign(double v) { return (v > 0) - (v < 0); }

/* Stage 1's test.  The sign against +-bound, (v > bound) - (v < -bound), costs
 * the same two compares as a naive sign and is 0 exactly when stage 1 is
 * uncertain: one test of that result (a branch that is almost never taken)
 * is all the filter adds to the naive code. */
#define PC_FILTERED_SIGN(v, bound, neg_bound, slow_call)   \
    do {                                                   \
        int sign_ = ((v) > (bound)) - ((v) < (neg_bound)); \
        if (PC_UNLIKELY(sign_ == 0)) return slow_call;     \
        return sign_;                                      \
    } while (0)

/* sign((b - a) x (c - a)): +1 when c lies left of the directed line a->b. */
static inline int pc__orient(const pc__filter *f, double ax, double ay, double bx, double by, double cx, double cy)
{
    double det = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    PC_FILTERED_SIGN(det, f->orient, f->orient_neg, pc__orient_slow(ax, ay, bx, by, cx, cy));
}

/* sign((b - a) . (c - a)) */
static inline int pc__dot(const pc__filter *f, double ax, double ay, double bx, double by, double cx, double cy)
{
    double det = (bx - ax) * (cx - ax) + (by - ay) * (cy - ay);
    PC_FILTERED_SIGN(det, f->orient, f->orient_neg, pc__dot_slow(ax, ay, bx, by, cx, cy));
}

/* sign(|p - q|^2 - (r1 + r2)^2), r1, r2 >= 0 */
static inline int pc__circle(const pc__filter *f, double px, double py, double qx, double qy, double r1, double r2)
{
    double dx = px - qx, dy = py - qy, rr = r1 + r2;
    double e = (dx * dx + dy * dy) - rr * rr;
    PC_FILTERED_SIGN(e, f->circle, f->circle_neg, pc__circle_slow(px, py, qx, qy, r1, r2));
}

/* sign(C^2 - r^2 L) with C = (b - a) x (c - a), L = |b - a|^2: the squared
 * distance from c to the LINE ab compared with r^2 (scaled by L). */
static inline int pc__perp(const pc__filter *f, double ax, double ay, double bx, double by, double cx, double cy,
                           double r)
{
    double ex = bx - ax, ey = by - ay;
    double c = ex * (cy - ay) - ey * (cx - ax);
    double e = c * c - (r * r) * (ex * ex + ey * ey);
    PC_FILTERED_SIGN(e, f->perp, f->perp_neg, pc__perp_slow(ax, ay, bx, by, cx, cy, r));
}

/* sign(C^2 - (r1 + r2)^2 L), r1, r2 >= 0: pc__perp against the sum of two
 * radii, exact although the sum rounds (the slow path is pc__perp2). */
static inline int pc__perp_sum(const pc__filter *f, double ax, double ay, double bx, double by, double cx, double cy,
                               double r1, double r2)
{
    double ex = bx - ax, ey = by - ay, r = r1 + r2;
    double c = ex * (cy - ay) - ey * (cx - ax);
    double e = c * c - (r * r) * (ex * ex + ey * ey);
    PC_FILTERED_SIGN(e, f->perp_sum, f->perp_sum_neg, pc__perp2(ax, ay, bx, by, cx, cy, r1, r2));
}

#endif /* PC_PREDICATES_H */
