/*
 * Where a ray enters a shape, rounded once (entry.h).
 *
 * The rounded entry T is the double whose rounding interval holds the exact
 * entry x* = L t*.  First a guess: x* computed in double-double arithmetic
 * from the shape's entry formula (a face's crossing, a disk's quadratic, a
 * capsule's side) with a bound on its error; where the interval it spans
 * lies inside one double's rounding interval, that double is T.  Otherwise
 * (x* within some 2^-95 of a midpoint between doubles, a graze, values far
 * apart in scale) T is searched for: x* is compared with midpoints m between
 * consecutive doubles, from the guess, galloping, then bisecting over the
 * doubles.  Each comparison is first tried in double-double arithmetic with
 * a bound (filtered_cmp: the same signs of the same polynomials, in
 * coordinates scaled by a power of two so that the shape and the origin lie
 * within [-1, 1]), then exactly (pc__ray_entry_exact, predicates.c: the
 * point o + (m / L) d against the shape, in big integers).
 */
#include <float.h>
#include <stdint.h>
#include <string.h>

#include "eft.h"
#include "entry.h"
#include "predicates.h"

/* ---- double-double values with an error bound ------------------------------
 *
 * hi + lo (two doubles, |lo| <= ulp(hi) / 2) lies within err of the exact
 * value.  Each operation's own rounding is bounded from its computed terms
 * (u = 2^-53 per rounded operation, the error-free ones exact), plus ETA for
 * what underflow can lose (every value here is at most 2^8 or so, far from
 * overflow), and the inputs' errors are carried through; the bound itself is
 * rounded up by the factor SAFE.  The guesses use the same operations and
 * ignore the bounds. */
typedef struct { double hi, lo, err; } ddb;

#define U    0x1p-53
#define ETA  0x1p-1000
#define SAFE (1.0 + 0x1p-48)

static inline ddb dd_of(double v)
{
    ddb r = {v, 0.0, 0.0};
    return r;
}

static inline ddb dd_sum(double a, double b) /* a + b, exactly */
{
    ddb r;
    pc__two_sum(a, b, &r.hi, &r.lo);
    r.err = 0.0;
    return r;
}

static inline double dd_abs(ddb x) { return fabs(x.hi) + fabs(x.lo); }

static inline ddb dd_neg(ddb x)
{
    x.hi = -x.hi;
    x.lo = -x.lo;
    return x;
}

/* x + y: hi + hi exact (two-sum); t = lo + lo and e + t round once each */
static inline ddb dd_add(ddb x, ddb y)
{
    double s, e, t, e2;
    ddb r;
    pc__two_sum(x.hi, y.hi, &s, &e);
    t = x.lo + y.lo;
    e2 = e + t;
    pc__two_sum(s, e2, &r.hi, &r.lo);
    r.err = (x.err + y.err + U * (fabs(t) + fabs(e2)) + ETA) * SAFE;
    return r;
}

static inline ddb dd_sub(ddb x, ddb y) { return dd_add(x, dd_neg(y)); }

/* x y: hi hi exact (two-product); the cross terms round once each and once
 * summed, lo lo is dropped, e + c rounds once */
static inline ddb dd_mul(ddb x, ddb y)
{
    double p, e, c1 = x.hi * y.lo, c2 = x.lo * y.hi, c, e2;
    ddb r;
    pc__two_prod(x.hi, y.hi, &p, &e);
    c = c1 + c2;
    e2 = e + c;
    pc__two_sum(p, e2, &r.hi, &r.lo);
    double own = U * (2.0 * (fabs(c1) + fabs(c2)) + fabs(e2)) + fabs(x.lo * y.lo) + 4.0 * ETA;
    r.err = (dd_abs(x) * y.err + dd_abs(y) * x.err + x.err * y.err + own) * SAFE;
    return r;
}

/* a x - b y and a x + b y */
static inline ddb dd_cross(ddb a, ddb x, ddb b, ddb y) { return dd_sub(dd_mul(a, x), dd_mul(b, y)); }
static inline ddb dd_dot(ddb a, ddb x, ddb b, ddb y) { return dd_add(dd_mul(a, x), dd_mul(b, y)); }

/* The sign of x when its bound decides it, else 2 (zero is never decided) */
static inline int dd_sign(ddb x)
{
    double v = x.hi + x.lo; /* |hi + lo| >= |v| (1 - u) */
    if (fabs(v) * (1.0 - 0x1p-51) > x.err) return v > 0 ? 1 : -1;
    return 2;
}

/* x / y: the double quotient q1 and one correction q2 = (x - q1 y) / y in
 * doubles.  With r = x - q1 y (its bound carries x's and y's) and Y >= |y.hi|
 * - |y.lo| - y.err > 0 below |y|: |q2 - r/y| <= u |q2| + (|r.lo| + r.err) / Y
 * + |r.hi| (|y.lo| + y.err) / (|y.hi| Y).  A divisor that may be 0 gives an
 * infinite bound. */
static inline ddb dd_div(ddb x, ddb y)
{
    double q1 = x.hi / y.hi;
    ddb r = dd_sub(x, dd_mul(dd_of(q1), y)), out;
    double q2 = r.hi / y.hi, Y = fabs(y.hi) - fabs(y.lo) - y.err;
    pc__two_sum(q1, q2, &out.hi, &out.lo);
    out.err =
        Y > 0 ? (U * fabs(q2) + (fabs(r.lo) + r.err) / Y + fabs(r.hi) * (fabs(y.lo) + y.err) / (fabs(y.hi) * Y) + ETA) *
                    SAFE * SAFE
              : INFINITY;
    return out;
}

/* sqrt(x), x >= 0: the double root s and one Newton correction c = (x - s^2) /
 * (2 s).  sqrt(X) = s + d / (sqrt(X) + s) with d = X - s^2, so with r = x - s^2
 * (bounded) the error is at most u |c| + (|r.lo| + r.err) / (2 s) + D^2 / (2 s^3),
 * D >= |d|.  A root that may be near 0 gives an infinite bound. */
static inline ddb dd_sqrt(ddb x)
{
    if (!(x.hi > 0)) {
        ddb z = {0.0, 0.0, INFINITY};
        return z;
    }
    double s = sqrt(x.hi);
    ddb r = dd_sub(x, dd_mul(dd_of(s), dd_of(s))), out;
    double c = r.hi / (2.0 * s), D = fabs(r.hi) + fabs(r.lo) + r.err;
    pc__two_sum(s, c, &out.hi, &out.lo);
    out.err = (U * fabs(c) + (fabs(r.lo) + r.err) / (2.0 * s) + D * D / (2.0 * s * s * s) + ETA) * SAFE * SAFE;
    if (!(D < 0x1p-20 * x.hi)) out.err = INFINITY; /* far from the root: no claim */
    return out;
}

/* The nonnegative doubles in order: their bit patterns, +inf the last */
#define INF_BITS UINT64_C(0x7ff0000000000000)

static inline double of_bits(uint64_t k)
{
    double v;
    memcpy(&v, &k, sizeof v);
    return v;
}

static inline uint64_t bits_of(double v)
{
    uint64_t k;
    memcpy(&k, &v, sizeof k);
    return k;
}

/* ---- the shape and the ray, scaled ---------------------------------------------- */

/* What the comparisons of one entry share: the ray and the shape as given,
 * and scaled for the double-double arithmetic (coordinates by 2^-s, the
 * direction w = d 2^-e, lw = |w| along the major axis): the exact
 * differences o - v and the edges.  `filter` is 0 where the scaled values
 * could lose bits (a direction component or a coordinate far below the
 * others), or sit beyond the normal exponents. */
typedef struct {
    const pc__hull *h;
    const double *o, *d;
    int s, filter;
    unsigned entering;
    int major;
    double scale, lw; /* 2^-s; |w| along the major axis */
    ddb w[2];
    ddb ov[PC_CORE_MAX][2];   /* o - v_i, scaled, exact */
    ddb edge[PC_CORE_MAX][2]; /* v_(i+1) - v_i, scaled, exact */
} entry_ctx;

static void setup(entry_ctx *c, const pc__hull *h, const double *o, const double *d)
{
    int n = h->n, e;
    c->h = h;
    c->o = o;
    c->d = d;
    c->entering = 0;
    c->scale = c->lw = 1.0;
    if (n >= 3)
        for (int k = 0; k < n; k++) {
            int j = k + 1 == n ? 0 : k + 1;
            c->entering |= (unsigned)(pc__cross_dir(d[0], d[1], h->x[k], h->y[k], h->x[j], h->y[j]) < 0) << k;
        }
    double mag = pc__max(pc__max(fabs(o[0]), fabs(o[1])), h->R);
    for (int i = 0; i < n; i++) mag = pc__max(mag, pc__max(fabs(h->x[i]), fabs(h->y[i])));
    frexp(mag, &c->s);
    frexp(pc__max(fabs(d[0]), fabs(d[1])), &e);
    c->filter = isfinite(mag) && mag > 0 && c->s > -1000 && c->s < 1000 && e > -1000;
    if (!c->filter) return;
    double sc = ldexp(1.0, -c->s), pe = ldexp(1.0, -e);
    c->scale = sc;
    /* every nonzero value must stay at least 2^-450 scaled: then it is exact,
     * and products of two lie far above the subnormals */
    int ok = 1;
    const double coords[3] = {o[0], o[1], h->R};
    for (int i = 0; i < 3; i++) ok &= coords[i] == 0 || fabs(coords[i] * sc) >= 0x1p-450;
    for (int i = 0; i < 2; i++) ok &= d[i] == 0 || fabs(d[i] * pe) >= 0x1p-450;
    for (int i = 0; i < n; i++)
        ok &= (h->x[i] == 0 || fabs(h->x[i] * sc) >= 0x1p-450) && (h->y[i] == 0 || fabs(h->y[i] * sc) >= 0x1p-450);
    c->filter = ok;
    if (!ok) return;
    c->w[0] = dd_of(d[0] * pe);
    c->w[1] = dd_of(d[1] * pe);
    c->major = pc__ray_major(d);
    c->lw = fabs(d[c->major] * pe);
    double ox = o[0] * sc, oy = o[1] * sc;
    for (int i = 0; i < n; i++) {
        int j = i + 1 == n ? 0 : i + 1;
        c->ov[i][0] = dd_sum(ox, -(h->x[i] * sc));
        c->ov[i][1] = dd_sum(oy, -(h->y[i] * sc));
        c->edge[i][0] = dd_sum(h->x[j] * sc, -(h->x[i] * sc));
        c->edge[i][1] = dd_sum(h->y[j] * sc, -(h->y[i] * sc));
    }
}

/* ---- one comparison ----------------------------------------------------------- */

/* pc__ray_entry_exact's rule from the signs of g and h (2: undecided) */
static inline int filtered_rule(int g, int h)
{
    if (g == 2) return 2;
    if (g < 0) return -1;
    if (h == 2) return 2;
    return h < 0 ? 1 : -1;
}

/* sign(x* - m) in double-double, m = (t0 + t1) / 2; 2 when the bounds do
 * not decide it.  X = L (P - v) for the vertex v (scaled, over 2^e). */
static int filtered_cmp(const entry_ctx *c, double t0, double t1)
{
    if (!c->filter || !(t1 < 0x1p8 / c->scale)) return 2;
    double a = t0 * (0.5 * c->scale), b = t1 * (0.5 * c->scale); /* m 2^-s = a + b, */
    ddb m = dd_sum(a, b), mw[2];
    if (b < 0x1p-1000) m.err = 0x1p-1070; /* exact unless these are subnormal: then within 2^-1073 */
    mw[0] = dd_mul(m, c->w[0]);
    mw[1] = dd_mul(m, c->w[1]);
    const int n = c->h->n;
    ddb lw = dd_of(c->lw);
    if (n >= 3) { /* the largest sign over the faces that face the ray: -orient(v_k, v_j, P) */
        int result = c->entering ? -1 : 2;
        for (int k = 0; k < n; k++) {
            if (!(c->entering >> k & 1)) continue;
            ddb X = dd_add(dd_mul(lw, c->ov[k][0]), mw[0]), Y = dd_add(dd_mul(lw, c->ov[k][1]), mw[1]);
            int s = dd_sign(dd_cross(c->edge[k][1], X, c->edge[k][0], Y));
            if (s == 1) return 1;
            if (s == 2) result = 2;
        }
        return result;
    }
    ddb X = dd_add(dd_mul(lw, c->ov[0][0]), mw[0]), Y = dd_add(dd_mul(lw, c->ov[0][1]), mw[1]);
    ddb lR = dd_mul(lw, dd_of(c->h->R * c->scale)), R2 = dd_mul(lR, lR);
    if (n == 2) {
        const ddb *e = c->edge[0];
        ddb sn = dd_dot(X, e[0], Y, e[1]), E = dd_dot(e[0], e[0], e[1], e[1]); /* sn = L (P - v0) . e */
        int s0 = dd_sign(sn), s1 = dd_sign(dd_sub(sn, dd_mul(lw, E)));
        if (s0 == 2 || s1 == 2) return 2;
        if (s0 > 0 && s1 < 0) { /* the foot on the segment: (e x X)^2 - (L R)^2 E, (X . w) E - sn (e . w) */
            ddb cr = dd_cross(e[0], Y, e[1], X);
            ddb g = dd_sub(dd_mul(cr, cr), dd_mul(R2, E));
            ddb h = dd_sub(dd_mul(dd_dot(X, c->w[0], Y, c->w[1]), E), dd_mul(sn, dd_dot(e[0], c->w[0], e[1], c->w[1])));
            return filtered_rule(dd_sign(g), dd_sign(h));
        }
        if (s1 > 0) {
            X = dd_add(dd_mul(lw, c->ov[1][0]), mw[0]);
            Y = dd_add(dd_mul(lw, c->ov[1][1]), mw[1]);
        }
    }
    ddb g = dd_sub(dd_dot(X, X, Y, Y), R2), h = dd_dot(X, c->w[0], Y, c->w[1]);
    return filtered_rule(dd_sign(g), dd_sign(h));
}

static int compare(const entry_ctx *c, double t0, double t1)
{
    int s = filtered_cmp(c, t0, t1);
    if (s != 2) return s;
    const pc__hull *h = c->h;
    return pc__ray_entry_exact(c->o[0], c->o[1], c->d[0], c->d[1], t0, t1, h->n, h->x, h->y, h->R, c->entering);
}

/* ---- the guess ------------------------------------------------------------------ */

/* The guesses below are in the major axis' units, scaled: x* 2^-s. */

/* (v_k - o) along the major axis, in the ray's direction (negative behind
 * the origin), exactly: where the ray meets the line of a face across that
 * axis, or passes a vertex when it runs along the axis */
static inline ddb across(const entry_ctx *c, int k)
{
    ddb a = c->ov[k][c->major]; /* o - v */
    return c->w[c->major].hi > 0 ? dd_neg(a) : a;
}

/* Where the ray crosses the line of the edge from v_k: lw (e x (v - o)) /
 * (e x w); exact for an edge across the major axis */
static inline ddb crossing(const entry_ctx *c, int k)
{
    const ddb *e = c->edge[k], *ov = c->ov[k];
    if (e[c->major].hi == 0 && e[c->major].lo == 0) return across(c, k);
    return dd_div(dd_mul(dd_of(c->lw), dd_cross(e[0], ov[1], e[1], ov[0])), dd_cross(e[1], c->w[0], e[0], c->w[1]));
}

/* The nearest point of the line to v_k: lw ((v - o) . w) / (w . w); exact
 * for a ray along an axis */
static inline ddb nearest(const entry_ctx *c, int k)
{
    if (c->w[!c->major].hi == 0) return across(c, k);
    return dd_neg(dd_div(dd_mul(dd_of(c->lw), dd_dot(c->ov[k][0], c->w[0], c->ov[k][1], c->w[1])),
                         dd_dot(c->w[0], c->w[0], c->w[1], c->w[1])));
}

/* Where the ray enters the disk of radius^2 R2 about v_k: lw K / (b +
 * sqrt(b^2 - L K)) with p = v - o, b = p . w, K = |p|^2 - R^2, L = |w|^2 (the
 * origin lies outside).  A ray that certainly misses (D < 0, or the centre
 * behind it, b < 0) enters at +inf exactly; one that may graze gets an
 * infinite bound. */
static ddb disk(const entry_ctx *c, int k, ddb R2)
{
    ddb px = dd_neg(c->ov[k][0]), py = dd_neg(c->ov[k][1]);
    ddb b = dd_dot(px, c->w[0], py, c->w[1]), K = dd_sub(dd_dot(px, px, py, py), R2);
    ddb L = dd_dot(c->w[0], c->w[0], c->w[1], c->w[1]), D = dd_sub(dd_mul(b, b), dd_mul(L, K));
    if (D.hi - D.err > 0 && b.hi - b.err > 0) return dd_div(dd_mul(dd_of(c->lw), K), dd_add(b, dd_sqrt(D)));
    int miss = D.hi + D.err < 0 || b.hi + b.err < 0;
    ddb r = {miss ? INFINITY : c->lw * K.hi / b.hi, 0.0, miss ? 0.0 : INFINITY};
    return r;
}

/* The lesser of two bounded values: that of the lesser value, with its own
 * bound where the two intervals are apart, else the larger bound (the
 * minimum of the exact values is then within it of the minimum of these) */
static inline ddb least(ddb a, ddb b)
{
    int a_less = a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
    ddb r = a_less ? a : b, other = a_less ? b : a;
    /* the intervals' ends, widened for their own roundings */
    double top = r.hi + fabs(r.lo) + r.err + 0x1p-50 * fabs(r.hi);
    double bottom = other.hi - fabs(other.lo) - other.err - 0x1p-50 * fabs(other.hi);
    if (!(other.hi == INFINITY || top < bottom)) r.err = pc__max(a.err, b.err);
    return r;
}

static inline ddb most(ddb a, ddb b) { return dd_neg(least(dd_neg(a), dd_neg(b))); }

/* The entry with a bound on its error (infinite where the formula chosen may
 * not be the right one: a capsule's side near its end) */
static ddb guess(const entry_ctx *c)
{
    const pc__hull *h = c->h;
    if (h->n >= 3) { /* the largest of the crossings of the faces facing the ray */
        ddb t = {-INFINITY, 0.0, 0.0};
        for (int k = 0; k < h->n; k++)
            if (c->entering >> k & 1) t = most(t, crossing(c, k));
        return t;
    }
    ddb R = {h->R * c->scale, 0.0, 0.0}, R2 = dd_mul(R, R);
    if (h->n == 1) return h->R > 0 ? disk(c, 0, R2) : nearest(c, 0);
    int along = pc__cross_dir(c->d[0], c->d[1], h->x[0], h->y[0], h->x[1], h->y[1]) == 0;
    if (!(h->R > 0)) return along ? least(nearest(c, 0), nearest(c, 1)) : crossing(c, 0);
    ddb ends = least(disk(c, 0, R2), disk(c, 1, R2));
    if (along) return ends;
    /* the side facing the ray, moved out by R: t_w = (R |e| - m . (o - v0)) /
     * (m . w), m = +-(ey, -ex); the entry where its crossing lies on the side */
    const ddb *e = c->edge[0];
    ddb mw = dd_cross(e[1], c->w[0], e[0], c->w[1]), mo = dd_cross(e[1], c->ov[0][0], e[0], c->ov[0][1]);
    if (mw.hi > 0) {
        mw = dd_neg(mw);
        mo = dd_neg(mo);
    }
    ddb E = dd_dot(e[0], e[0], e[1], e[1]), t = dd_div(dd_sub(dd_sqrt(dd_mul(R2, E)), mo), mw);
    ddb tt = {t.hi, t.lo, 0.0}; /* the crossing for t_w exactly as computed, then widened by t's error */
    ddb sn = dd_dot(dd_add(c->ov[0][0], dd_mul(tt, c->w[0])), e[0], dd_add(c->ov[0][1], dd_mul(tt, c->w[1])), e[1]);
    /* sn within slack of (P - v0) . e, P the true crossing; sn - E.hi within slack + E's error of (P - v1) . e */
    double slack = fabs(sn.lo) + sn.err + t.err * (fabs(c->w[0].hi * e[0].hi) + fabs(c->w[1].hi * e[1].hi)) * 2.0;
    double to_end = slack + fabs(E.lo) + E.err;
    if (t.hi > t.err && sn.hi > slack && sn.hi - E.hi < -to_end) return dd_mul(dd_of(c->lw), t);
    if (t.hi < -t.err || sn.hi < -slack || sn.hi - E.hi > to_end) return ends;
    t.err = INFINITY; /* the crossing near an end of the side, or the origin near its line: no claim */
    return dd_mul(dd_of(c->lw), t);
}

/* The double the scaled entry t (within t.err) rounds to, unscaled, if that
 * is certain: the interval around t lies inside the double's rounding
 * interval; else -1 */
static double certain(const entry_ctx *c, ddb t)
{
    if (!(t.err < INFINITY) || !(t.hi > 0x1p-1000) || !(t.hi < 0x1p1000)) return -1.0;
    if (t.err == 0) { /* exact: hi + lo rounds once, ties to even (unscaling a power of two is exact here) */
        double T = (t.hi + t.lo) / c->scale;
        return T >= 0x1p-1020 && T < 0x1p1020 ? T : -1.0;
    }
    /* half the gaps to the neighbours (exact); the sums round, hence the margin */
    double below = 0.5 * (t.hi - of_bits(bits_of(t.hi) - 1)), above = 0.5 * (of_bits(bits_of(t.hi) + 1) - t.hi);
    if (!((t.err - t.lo) * (1 + 0x1p-50) < below) || !((t.lo + t.err) * (1 + 0x1p-50) < above)) return -1.0;
    double T = t.hi / c->scale; /* exact: a power of two, both in the normal range */
    return T >= 0x1p-1020 && T < 0x1p1020 ? T : -1.0;
}

/* ---- the search ------------------------------------------------------------------ */

/* Does t* round to the double k or below? (t* below the midpoint above k, or
 * on it with k even: ties to even; the midpoint above the largest double is
 * where rounding reaches +inf) */
static int at_most(const entry_ctx *c, uint64_t k)
{
    if (k >= INF_BITS) return 1;
    int s = compare(c, of_bits(k), of_bits(k + 1));
    return s < 0 || (s == 0 && !(k & 1));
}

double pc__ray_entry(const pc__hull *h, const double *o, const double *d, double guess_x, double cap)
{
    entry_ctx c;
    setup(&c, h, o, d);
    ddb t = {NAN, 0.0, INFINITY};
    if (c.filter) {
        t = guess(&c);
        double g = t.hi / c.scale;
        if (g >= 0 && g < INFINITY) guess_x = g;
    }
    if (cap < INFINITY) { /* beyond cap: +inf; the bounded guess decides it, else a comparison */
        uint64_t k = bits_of(cap > 0 ? cap : 0.0);
        double mid = 0.5 * (of_bits(k) + of_bits(k + 1)) * c.scale; /* scaled, within a rounding */
        if (c.filter && t.hi - t.err > mid * (1 + 0x1p-50) + 0x1p-1060) return INFINITY;
        if (!(c.filter && t.hi + t.err < mid * (1 - 0x1p-50) - 0x1p-1060) && !at_most(&c, k)) return INFINITY;
    }
    double T = c.filter ? certain(&c, t) : -1.0;
    if (T >= 0) return T;
    /* from the guess: gallop to a bracket (lo not at most, hi at most), then bisect */
    uint64_t k = guess_x > 0 ? bits_of(guess_x) : 0;
    if (k > INF_BITS) k = INF_BITS;
    uint64_t lo, hi, step = 1;
    if (at_most(&c, k)) {
        hi = k;
        for (;;) {
            if (hi == 0) return 0.0;
            lo = hi > step ? hi - step : 0;
            if (!at_most(&c, lo)) break;
            if (lo == 0) return 0.0;
            hi = lo;
            step *= 2;
        }
    } else {
        lo = k;
        for (;;) {
            hi = INF_BITS - lo > step ? lo + step : INF_BITS;
            if (at_most(&c, hi)) break;
            lo = hi;
            step *= 2;
        }
    }
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (at_most(&c, mid))
            hi = mid;
        else
            lo = mid;
    }
    return of_bits(hi);
}
