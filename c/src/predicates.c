/*
 * Exact fallbacks for the sign kernels of predicates.h.
 *
 * Every finite double is m * 2^e with an integer m < 2^53 and e >= -1074.  A
 * predicate polynomial is homogeneous (every term has the same degree), so its
 * sign is unchanged when all inputs are divided by 2^B, with B the smallest
 * exponent among the nonzero inputs; after that every input is an integer below
 * 2^2098.  The polynomial is then evaluated in signed big-integer arithmetic:
 * no rounding, no overflow, no underflow, and no dependence on the
 * floating-point environment (the doubles are decoded from their bits, so
 * flush-to-zero or denormals-are-zero modes cannot change the answer).
 *
 * The largest value formed by the predicates is a degree-4 polynomial of
 * inputs below 2^2098, below 2^8400; the exact ray entries (below) form
 * degree-4 polynomials of integers below 2^4202, below 2^16810, i.e. at
 * most 526 32-bit limbs; PC_BIG_LIMBS leaves a margin.  Everything lives on
 * the stack; nothing is allocated.
 */
#include <stdint.h>
#include <string.h>

#include "eft.h"
#include "predicates.h"

#define PC_BIG_LIMBS 540

typedef struct {
    int n;   /* limbs in use; 0 means zero */
    int neg; /* sign; never set for zero */
    uint32_t d[PC_BIG_LIMBS];
} pc_big;

/* Decode a finite double into mantissa and exponent: x = m * 2^e. */
static void decode(double x, uint64_t *m, int *e, int *neg)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    *neg = (int)(bits >> 63);
    int ex = (int)((bits >> 52) & 0x7ff);
    uint64_t frac = bits & ((UINT64_C(1) << 52) - 1);
    if (ex == 0) {
        *m = frac;
        *e = -1074;
    } else {
        *m = frac | (UINT64_C(1) << 52);
        *e = ex - 1075;
    }
}

/* Smallest exponent among the nonzero values (0 if all are zero). */
static int base_exponent(const double *v, int count)
{
    int best = 0, found = 0;
    for (int i = 0; i < count; i++) {
        uint64_t m;
        int e, neg;
        decode(v[i], &m, &e, &neg);
        if (m == 0) continue;
        while (!(m & 1)) {
            m >>= 1;
            e++;
        }
        if (!found || e < best) {
            best = e;
            found = 1;
        }
    }
    return best;
}

static void big_trim(pc_big *a)
{
    while (a->n > 0 && a->d[a->n - 1] == 0) a->n--;
    if (a->n == 0) a->neg = 0;
}

/* a = x / 2^base, an exact integer because base <= the exponent of x's lowest set bit. */
static void big_from_double(pc_big *a, double x, int base)
{
    uint64_t m;
    int e, neg;
    decode(x, &m, &e, &neg);
    a->n = 0;
    a->neg = 0;
    if (m == 0) return;
    int shift = e - base; /* >= 0 when m's trailing zeros are counted */
    while (shift < 0) {
        m >>= 1;
        shift++;
    }
    int word = shift / 32, bit = shift % 32;
    memset(a->d, 0, sizeof(uint32_t) * (size_t)(word + 4));
    /* m < 2^53 shifted by bit < 32: spans at most 3 limbs */
    a->d[word] = (uint32_t)(m << bit);
    a->d[word + 1] = (uint32_t)((m << bit) >> 32);
    a->d[word + 2] = bit ? (uint32_t)(m >> (64 - bit)) : 0;
    a->n = word + 3;
    a->neg = neg;
    big_trim(a);
}

static int mag_cmp(const pc_big *a, const pc_big *b)
{
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->d[i] != b->d[i]) return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}

/* r = |a| + |b| (r may alias neither). */
static void mag_add(pc_big *r, const pc_big *a, const pc_big *b)
{
    int n = a->n > b->n ? a->n : b->n;
    uint64_t carry = 0;
    for (int i = 0; i < n; i++) {
        uint64_t s = carry;
        if (i < a->n) s += a->d[i];
        if (i < b->n) s += b->d[i];
        r->d[i] = (uint32_t)s;
        carry = s >> 32;
    }
    r->d[n] = (uint32_t)carry;
    r->n = n + 1;
    big_trim(r);
}

/* r = |a| - |b|, requires |a| >= |b| (r may alias neither). */
static void mag_sub(pc_big *r, const pc_big *a, const pc_big *b)
{
    int64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        int64_t s = (int64_t)a->d[i] - borrow - (i < b->n ? (int64_t)b->d[i] : 0);
        borrow = s < 0;
        r->d[i] = (uint32_t)(s + (borrow ? (INT64_C(1) << 32) : 0));
    }
    r->n = a->n;
    big_trim(r);
}

/* r = a + (negate_b ? -b : b) (r may alias neither). */
static void big_addsub(pc_big *r, const pc_big *a, const pc_big *b, int negate_b)
{
    int bneg = b->n ? (b->neg ^ negate_b) : 0;
    if (a->neg == bneg) {
        mag_add(r, a, b);
        r->neg = r->n ? a->neg : 0;
    } else if (mag_cmp(a, b) >= 0) {
        mag_sub(r, a, b);
        r->neg = r->n ? a->neg : 0;
    } else {
        mag_sub(r, b, a);
        r->neg = r->n ? bneg : 0;
    }
}

static void big_add(pc_big *r, const pc_big *a, const pc_big *b) { big_addsub(r, a, b, 0); }
static void big_sub(pc_big *r, const pc_big *a, const pc_big *b) { big_addsub(r, a, b, 1); }

/* r = a * b (r may alias neither); a->n + b->n <= PC_BIG_LIMBS by the size argument above. */
static void big_mul(pc_big *r, const pc_big *a, const pc_big *b)
{
    if (a->n == 0 || b->n == 0) {
        r->n = 0;
        r->neg = 0;
        return;
    }
    int n = a->n + b->n;
    memset(r->d, 0, sizeof(uint32_t) * (size_t)n);
    for (int i = 0; i < a->n; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < b->n; j++) {
            uint64_t t = (uint64_t)a->d[i] * b->d[j] + r->d[i + j] + carry;
            r->d[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
        r->d[i + b->n] = (uint32_t)carry;
    }
    r->n = n;
    r->neg = a->neg ^ b->neg;
    big_trim(r);
}

static int big_sign(const pc_big *a) { return a->n == 0 ? 0 : (a->neg ? -1 : 1); }

/* Load the values, scaled by a common power of two, into big integers. */
static void load(pc_big *out, const double *v, int count)
{
    int base = base_exponent(v, count);
    for (int i = 0; i < count; i++) big_from_double(&out[i], v[i], base);
}

/* e = b - a and f = c - a for v = (ax, ay, bx, by, cx, cy, ...) loaded into in. */
static void differences(const pc_big in[6], pc_big *ex, pc_big *ey, pc_big *fx, pc_big *fy)
{
    big_sub(ex, &in[2], &in[0]);
    big_sub(ey, &in[3], &in[1]);
    big_sub(fx, &in[4], &in[0]);
    big_sub(fy, &in[5], &in[1]);
}

/* (b - a) x (c - a) and (b - a) . (c - a) share their differences. */
static int two_products_exact(const double v[6], int dot)
{
    pc_big in[6], ex, ey, fx, fy, p, q, s;
    load(in, v, 6);
    differences(in, &ex, &ey, &fx, &fy);
    if (dot) {
        big_mul(&p, &ex, &fx);
        big_mul(&q, &ey, &fy);
        big_add(&s, &p, &q);
    } else {
        big_mul(&p, &ex, &fy);
        big_mul(&q, &ey, &fx);
        big_sub(&s, &p, &q);
    }
    return big_sign(&s);
}

int pc__orient_exact(double ax, double ay, double bx, double by, double cx, double cy)
{
    const double v[6] = {ax, ay, bx, by, cx, cy};
    return two_products_exact(v, 0);
}

int pc__dot_exact(double ax, double ay, double bx, double by, double cx, double cy)
{
    const double v[6] = {ax, ay, bx, by, cx, cy};
    return two_products_exact(v, 1);
}

/* sign(|p - q|^2 - (r1 + ... + rk)^2) for in = (px, py, qx, qy, r1, .., rk) */
static int circle_big(const pc_big *in, int radii)
{
    pc_big dx, dy, rr, sum, x2, y2, z2, s, e;
    big_sub(&dx, &in[0], &in[2]);
    big_sub(&dy, &in[1], &in[3]);
    rr = in[4];
    for (int k = 1; k < radii; k++) {
        big_add(&sum, &rr, &in[4 + k]);
        rr = sum;
    }
    big_mul(&x2, &dx, &dx);
    big_mul(&y2, &dy, &dy);
    big_mul(&z2, &rr, &rr);
    big_add(&s, &x2, &y2);
    big_sub(&e, &s, &z2);
    return big_sign(&e);
}

int pc__circle_exact(double px, double py, double qx, double qy, double r1, double r2)
{
    const double v[6] = {px, py, qx, qy, r1, r2};
    pc_big in[6];
    load(in, v, 6);
    return circle_big(in, 2);
}

/* sign(C^2 - (r1 + r2)^2 L) with C = e x f, L = |e|^2, the radii given */
static int perp_big(const pc_big *ex, const pc_big *ey, const pc_big *fx, const pc_big *fy, const pc_big *r1,
                    const pc_big *r2)
{
    pc_big p, q, c, c2, l1, l2, len2, rr, r2b, rl, e;
    big_mul(&p, ex, fy);
    big_mul(&q, ey, fx);
    big_sub(&c, &p, &q);
    big_mul(&c2, &c, &c);
    big_mul(&l1, ex, ex);
    big_mul(&l2, ey, ey);
    big_add(&len2, &l1, &l2);
    big_add(&rr, r1, r2);
    big_mul(&r2b, &rr, &rr);
    big_mul(&rl, &r2b, &len2);
    big_sub(&e, &c2, &rl);
    return big_sign(&e);
}

/* sign(|p - q|^2 - (r1 + r2 + r3)^2), exactly */
static int circle3_exact(double px, double py, double qx, double qy, double r1, double r2, double r3)
{
    const double v[7] = {px, py, qx, qy, r1, r2, r3};
    pc_big in[7];
    load(in, v, 7);
    return circle_big(in, 3);
}

/* sign(C^2 - (r1 + r2 + r3)^2 L) with C = (b - a) x (c - a), L = |b - a|^2 */
static int perp3_exact(double ax, double ay, double bx, double by, double cx, double cy, double r1, double r2,
                       double r3)
{
    const double v[9] = {ax, ay, bx, by, cx, cy, r1, r2, r3};
    pc_big in[9], ex, ey, fx, fy, r12;
    load(in, v, 9);
    differences(in, &ex, &ey, &fx, &fy);
    big_add(&r12, &in[6], &in[7]);
    return perp_big(&ex, &ey, &fx, &fy, &r12, &in[8]);
}

/* sign(C^2 - (r1 + r2)^2 L) with C = (b - a) x (c - a), L = |b - a|^2 */
static int perp2_exact(double ax, double ay, double bx, double by, double cx, double cy, double r1, double r2)
{
    const double v[8] = {ax, ay, bx, by, cx, cy, r1, r2};
    pc_big in[8], ex, ey, fx, fy;
    load(in, v, 8);
    differences(in, &ex, &ey, &fx, &fy);
    return perp_big(&ex, &ey, &fx, &fy, &in[6], &in[7]);
}

int pc__perp_exact(double ax, double ay, double bx, double by, double cx, double cy, double r)
{
    return perp2_exact(ax, ay, bx, by, cx, cy, r, 0.0);
}

int pc__perp2_exact(double ax, double ay, double bx, double by, double cx, double cy, double r1, double r2)
{
    return perp2_exact(ax, ay, bx, by, cx, cy, r1, r2);
}

/* d x (b - a) or d . (b - a) for v = (dx, dy, ax, ay, bx, by): one rounded factor less than orient. */
static int dir_products_exact(const double v[6], int dot)
{
    pc_big in[6], ex, ey, p, q, s;
    load(in, v, 6);
    big_sub(&ex, &in[4], &in[2]);
    big_sub(&ey, &in[5], &in[3]);
    if (dot) {
        big_mul(&p, &in[0], &ex);
        big_mul(&q, &in[1], &ey);
        big_add(&s, &p, &q);
    } else {
        big_mul(&p, &in[0], &ey);
        big_mul(&q, &in[1], &ex);
        big_sub(&s, &p, &q);
    }
    return big_sign(&s);
}

static int sumsq_exact(double ax, double ay, double bx, double by)
{
    const double v[4] = {ax, ay, bx, by};
    pc_big in[4], a2, b2, c2, d2, s, t, e;
    load(in, v, 4);
    big_mul(&a2, &in[0], &in[0]);
    big_mul(&b2, &in[1], &in[1]);
    big_mul(&c2, &in[2], &in[2]);
    big_mul(&d2, &in[3], &in[3]);
    big_add(&s, &a2, &b2);
    big_add(&t, &c2, &d2);
    big_sub(&e, &s, &t);
    return big_sign(&e);
}

/* ---- Stage 2: the dynamic filters ------------------------------------------
 *
 * Notation: u = 2^-53 (unit roundoff), eta = 2^-1074 (the absolute error a
 * single rounding can add in the subnormal range).  For a rounded operation
 * fl(x op y) = (x op y)(1 + d) + e with |d| <= u, |e| <= eta/2, and e = 0 for
 * additions and subtractions (a sum that lands in the subnormal range is exact).
 * Each function evaluates its polynomial exactly as the inline stage 1 does and
 * bounds the rounding error from the computed terms.  Any overflow yields inf or
 * NaN in the value or in the bound, and `value > bound` is false for both, so an
 * overflow always falls through to the exact stage.
 */

/*
 * sign((b - a) x (c - a)): +1 when c lies left of the directed line a->b.
 * Bound (Shewchuk 1997, ccwerrboundA): with t1 = fl(fl(bx-ax) fl(cy-ay)) and
 * t2 = fl(fl(by-ay) fl(cx-ax)), |fl(t1 - t2) - det| <= (3u + 16u^2)(|t1| + |t2|)
 * without underflow.  Underflow adds at most eta/2 to each product, hence the
 * absolute term.
 */
int pc__orient_slow(double ax, double ay, double bx, double by, double cx, double cy)
{
    double t1 = (bx - ax) * (cy - ay);
    double t2 = (by - ay) * (cx - ax);
    double det = t1 - t2;
    double bound = (3.0 * PC_U + 16.0 * PC_U * PC_U) * (fabs(t1) + fabs(t2)) + PC_ETA;
    if (!(fabs(det) > bound)) return pc__orient_exact(ax, ay, bx, by, cx, cy);
    return pc__sign(det);
}

/* sign((b - a) . (c - a)).  Same structure and bound as pc__orient_slow (a sum of two
 * products of rounded differences instead of a difference). */
int pc__dot_slow(double ax, double ay, double bx, double by, double cx, double cy)
{
    double t1 = (bx - ax) * (cx - ax);
    double t2 = (by - ay) * (cy - ay);
    double det = t1 + t2;
    double bound = (3.0 * PC_U + 16.0 * PC_U * PC_U) * (fabs(t1) + fabs(t2)) + PC_ETA;
    if (!(fabs(det) > bound)) return pc__dot_exact(ax, ay, bx, by, cx, cy);
    return pc__sign(det);
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
/*
 * The third filter of the circle predicate, in double-double: the value near
 * zero (a circle placed touching another, say) that the float filters cannot
 * decide is decided here without the big integers, unless it is within a
 * relative 2^-98 of zero.  dx = px - qx, dy = py - qy and rr = r1 + r2 are
 * held exactly as h + l (two-sum, |l| <= u |h|); with h^2 = H + e exactly
 * (two-product), E = (Hx + Hy - Hs) + [ex + ey - es + 2 hx lx + 2 hy ly -
 * 2 hs ls] + [lx^2 + ly^2 - ls^2].  The first bracket is summed exactly
 * (two-sum: v + te + ve); the second, with te and ve, in floating point.
 * With M = Hx + Hy + Hs, the small terms' magnitudes add to at most 11 u M,
 * so their six additions err by at most 56 u^2 M; each product 2 h l rounds
 * by at most 2 u^2 h^2; the dropped squares of the lows are at most u^2 M;
 * the last addition rounds by u |E'|.  So |E' - E| <= 60 u^2 M + u |E'|, and
 * |E'| > 2^-98 M (the computed M errs by 3u) gives the sign of E.  Exact
 * products need every nonzero h within 2^+-480 (the split and the error
 * term stay in range); underflow in the small terms is far below the bound
 * (M >= 2^-800).  Returns 0 when it cannot decide (the caller goes on to the
 * exact evaluation), else the sign.
 */
static int circle_dd(double px, double py, double qx, double qy, double r1, double r2)
{
    double hx, lx, hy, ly, hs, ls;
    pc__two_sum(px, -qx, &hx, &lx);
    pc__two_sum(py, -qy, &hy, &ly);
    pc__two_sum(r1, r2, &hs, &ls);
    double top = fmax(fabs(hx), fmax(fabs(hy), fabs(hs)));
    if (!(top >= 0x1p-400 && top <= 0x1p480)) return 0;
    if ((hx != 0 && fabs(hx) < 0x1p-480) || (hy != 0 && fabs(hy) < 0x1p-480) || (hs != 0 && fabs(hs) < 0x1p-480))
        return 0;
    double X, ex, Y, ey, S, es;
    pc__two_prod(hx, hx, &X, &ex);
    pc__two_prod(hy, hy, &Y, &ey);
    pc__two_prod(hs, hs, &S, &es);
    double t, te, v, ve;
    pc__two_sum(X, Y, &t, &te);
    pc__two_sum(t, -S, &v, &ve);
    double small = ((te + ve) + ((ex + ey) - es)) + (((2.0 * hx) * lx + (2.0 * hy) * ly) - (2.0 * hs) * ls);
    double e = v + small;
    double bound = 0x1p-98 * ((X + Y) + S);
    if (!(fabs(e) > bound)) return 0;
    return e > 0 ? 1 : -1;
}

int pc__circle_slow(double px, double py, double qx, double qy, double r1, double r2)
{
    double dx = px - qx, dy = py - qy, rr = r1 + r2;
    double x2 = dx * dx, y2 = dy * dy, z2 = rr * rr;
    double e = (x2 + y2) - z2;
    double bound = 8.0 * PC_U * ((x2 + y2) + z2) + PC_ETA;
    if (!(fabs(e) > bound)) {
        int sign = circle_dd(px, py, qx, qy, r1, r2);
        return sign ? sign : pc__circle_exact(px, py, qx, qy, r1, r2);
    }
    return pc__sign(e);
}

/*
 * sign(C^2 - r^2 L) with C = (b - a) x (c - a), L = |b - a|^2: the squared
 * distance from c to the LINE ab compared with r^2 (scaled by L).
 * Bound: eC = (3u + 16u^2)(|t1| + |t2|) + 2 eta bounds |C' - C| (pc__orient_slow), so
 * |C'^2 - C^2| <= eC (2|C'| + eC); fl(C'^2) adds u C2 + eta/2.  L' has relative
 * error <= 4.0001u (+3 eta/2), r2 = fl(r^2) relative u (+ eta/2), so
 * P = fl(r2 L') is within 6.001u P + eta (1 + 3 r2 + L') of r^2 L.  With K the
 * sum of these terms and the last rounding u|E| (+0), |E| > 2K gives
 * |error| < u|E| + |E|/2 < |E|.  The computed bound takes 2.02K, absorbing the
 * rounding of the bound's own evaluation.
 */
int pc__perp_slow(double ax, double ay, double bx, double by, double cx, double cy, double r)
{
    double ex = bx - ax, ey = by - ay;
    double t1 = ex * (cy - ay), t2 = ey * (cx - ax);
    double c = t1 - t2;
    double ec = (3.0 * PC_U + 16.0 * PC_U * PC_U) * (fabs(t1) + fabs(t2)) + PC_ETA;
    double len2 = ex * ex + ey * ey;
    double r2 = r * r;
    double c2 = c * c, p = r2 * len2;
    double e = c2 - p;
    double k = PC_U * c2 + ec * (2.0 * fabs(c) + ec) + 6.001 * PC_U * p + PC_ETA * (2.0 + 3.0 * r2 + 1.01 * len2);
    double bound = 2.02 * k;
    if (!(fabs(e) > bound)) return pc__perp_exact(ax, ay, bx, by, cx, cy, r);
    return pc__sign(e);
}

/*
 * sign(d x (b - a)) and sign(d . (b - a)): two products, each of an input and
 * a rounded difference, then one sum: at most (1+u)^3 - 1 relative error per
 * term, inside the orient bound (3u + 16u^2)(|t1| + |t2|) + eta used here.
 */
int pc__cross_dir(double dx, double dy, double ax, double ay, double bx, double by)
{
    double t1 = dx * (by - ay), t2 = dy * (bx - ax), det = t1 - t2;
    double bound = (3.0 * PC_U + 16.0 * PC_U * PC_U) * (fabs(t1) + fabs(t2)) + PC_ETA;
    if (!(fabs(det) > bound)) {
        const double v[6] = {dx, dy, ax, ay, bx, by};
        return dir_products_exact(v, 0);
    }
    return pc__sign(det);
}

int pc__dot_dir(double dx, double dy, double ax, double ay, double bx, double by)
{
    double t1 = dx * (bx - ax), t2 = dy * (by - ay), det = t1 + t2;
    double bound = (3.0 * PC_U + 16.0 * PC_U * PC_U) * (fabs(t1) + fabs(t2)) + PC_ETA;
    if (!(fabs(det) > bound)) {
        const double v[6] = {dx, dy, ax, ay, bx, by};
        return dir_products_exact(v, 1);
    }
    return pc__sign(det);
}

/* sign(ax^2 + ay^2 - bx^2 - by^2): four squares (one rounding each), two sums
 * and a difference: at most (1+u)^3 - 1 <= 3.001u relative error per square
 * before the last rounding, so |error| <= 3.001u S + u|E| with S the sum of
 * the computed squares; |E| > 4u S decides.  Underflow: 4 eta / 2. */
int pc__sumsq_cmp(double ax, double ay, double bx, double by)
{
    double p = ax * ax + ay * ay, q = bx * bx + by * by, e = p - q;
    double bound = 4.0 * PC_U * (p + q) + 2.0 * PC_ETA;
    if (!(fabs(e) > bound)) return sumsq_exact(ax, ay, bx, by);
    return pc__sign(e);
}

/* The filter of sign(C^2 - rr^2 L), C = t1 - t2, L = ex^2 + ey^2, rr =
 * fl(r1 + r2): the sign, or 2 when the bound below cannot decide it. */
static int perp_filter_k(double ex, double ey, double t1, double t2, double rr, double kp)
{
    double c = t1 - t2;
    double ec = (3.0 * PC_U + 16.0 * PC_U * PC_U) * (fabs(t1) + fabs(t2)) + PC_ETA;
    double len2 = ex * ex + ey * ey, rr2 = rr * rr;
    double c2 = c * c, p = rr2 * len2, e = c2 - p;
    double k = PC_U * c2 + ec * (2.0 * fabs(c) + ec) + kp * PC_U * p + PC_ETA * (2.0 + 3.0 * rr2 + 1.01 * len2);
    return fabs(e) > 2.02 * k ? pc__sign(e) : 2;
}

static int perp_filter(double ex, double ey, double t1, double t2, double rr)
{
    return perp_filter_k(ex, ey, t1, t2, rr, 8.01);
}

/* sign(|c - a| - (r1 + r2)) for r1, r2 >= 0, exactly; 2 when a sum
 * overflows.  c - a and r1 + r2 are each a double and its rounding error,
 * both exact (Knuth's TwoSum), and two such pairs compare by their leading
 * doubles first: rounding is monotone, so a larger rounded sum means a
 * larger sum, and equal ones leave the errors to compare.  The distance to
 * an axis-aligned line, where the big-number fallback would be the price of
 * resting exactly on a floor or a wall. */
static int gap_sign(double c, double a, double r1, double r2)
{
    double d, de, s, se;
    pc__two_sum(c, -a, &d, &de);
    pc__two_sum(r1, r2, &s, &se);
    if (!(isfinite(d) && isfinite(de) && isfinite(s) && isfinite(se))) return 2;
    if (d < 0.0) {
        d = -d;
        de = -de;
    }
    if (d != s) return d > s ? 1 : -1;
    return (de > se) - (de < se);
}

/* sign(C^2 - (r1 + r2)^2 L) for a line along an axis (C = (b - a) x (c - a)
 * or D x (c - a), L its direction's squared length): the sign of the gap
 * across it (gap_sign), or 2 when the line is not along an axis. */
static int axis_perp2(double ex, double ey, double ax, double ay, double cx, double cy, double r1, double r2)
{
    if (ey == 0.0 && ex != 0.0) return gap_sign(cy, ay, r1, r2);
    if (ex == 0.0 && ey != 0.0) return gap_sign(cx, ax, r1, r2);
    return 2;
}

/* sign(C^2 - (r1 + r2)^2 L): pc__perp_slow's bound, with the radius rr =
 * fl(r1 + r2) carrying one more rounding: fl(rr^2) is within 3.001u of
 * (r1 + r2)^2, so P = fl(r2 L') is within 8.002u P (+ the same eta terms) of
 * (r1 + r2)^2 L.  (C is bounded through its terms t1, t2, not through C
 * itself: C may cancel.) */
int pc__perp2(double ax, double ay, double bx, double by, double cx, double cy, double r1, double r2)
{
    double ex = bx - ax, ey = by - ay;
    int s = perp_filter(ex, ey, ex * (cy - ay), ey * (cx - ax), r1 + r2);
    if (s == 2) s = axis_perp2(ex, ey, ax, ay, cx, cy, r1, r2);
    return s != 2 ? s : perp2_exact(ax, ay, bx, by, cx, cy, r1, r2);
}

static int perp_dir_exact(double dx, double dy, double ax, double ay, double cx, double cy, double r1, double r2)
{
    const double v[8] = {dx, dy, ax, ay, cx, cy, r1, r2};
    pc_big in[8], fx, fy;
    load(in, v, 8);
    big_sub(&fx, &in[4], &in[2]);
    big_sub(&fy, &in[5], &in[3]);
    return perp_big(&in[0], &in[1], &fx, &fy, &in[6], &in[7]);
}

/* pc__perp2's bound with e = d taken exactly (one rounding fewer in each
 * term, so the bound holds with room); its 8.01u term already allows for the
 * rounding of r1 + r2. */
int pc__perp_dir2(double dx, double dy, double ax, double ay, double cx, double cy, double r1, double r2)
{
    int s = perp_filter(dx, dy, dx * (cy - ay), dy * (cx - ax), r1 + r2);
    if (s == 2) s = axis_perp2(dx, dy, ax, ay, cx, cy, r1, r2);
    return s != 2 ? s : perp_dir_exact(dx, dy, ax, ay, cx, cy, r1, r2);
}

int pc__perp_dir(double dx, double dy, double ax, double ay, double cx, double cy, double r)
{
    return pc__perp_dir2(dx, dy, ax, ay, cx, cy, r, 0.0);
}

/* ---- exact rounding of a x + b y + t (rigid motions) ------------------------ */

/* a = a * 2^k, k >= 0, in place */
static void big_shl(pc_big *a, int k)
{
    if (a->n == 0 || k == 0) return;
    int word = k / 32, bit = k % 32;
    for (int i = a->n - 1; i >= 0; i--) {
        uint64_t v = (uint64_t)a->d[i] << bit;
        a->d[i + word + 1] = (i == a->n - 1 ? 0 : a->d[i + word + 1]) | (uint32_t)(v >> 32);
        a->d[i + word] = (uint32_t)v;
    }
    for (int i = 0; i < word; i++) a->d[i] = 0;
    a->n += word + 1;
    big_trim(a);
}

static int big_bit(const pc_big *a, int64_t k)
{
    return k >= 0 && k / 32 < a->n ? (int)(a->d[k / 32] >> (k % 32)) & 1 : 0;
}

/* a * 2^e rounded to the nearest double, ties to even (inf beyond the doubles) */
static double big_to_double(const pc_big *a, int e)
{
    if (a->n == 0) return 0.0;
    int64_t len = 32 * (int64_t)(a->n - 1);
    for (uint32_t top = a->d[a->n - 1]; top; top >>= 1) len++;
    int64_t top_exp = len - 1 + e;                             /* the value is in [2^top_exp, 2^(top_exp + 1)) */
    int64_t lsb = top_exp - 52 < -1074 ? -1074 : top_exp - 52; /* the exponent of the result's last bit */
    int64_t drop = lsb - e;                                    /* low bits that do not fit */
    uint64_t m = 0;
    for (int64_t k = len - 1; k >= (drop > 0 ? drop : 0); k--) m = m << 1 | (uint64_t)big_bit(a, k);
    if (drop > 0) {
        int half = big_bit(a, drop - 1), sticky = 0;
        for (int64_t k = 0; k < drop - 1 && !sticky; k++) sticky = big_bit(a, k);
        if (half && (sticky || (m & 1))) m++;
    } else {
        m <<= -drop;
    }
    double v = ldexp((double)m, (int)(lsb < -1100 ? -1100 : lsb > 1100 ? 1100 : lsb));
    return a->neg ? -v : v;
}

double pc__round_dot_exact(double a, double x, double b, double y, double t)
{
    const double ab[2] = {a, b}, xy[2] = {x, y};
    int ea = base_exponent(ab, 2), ex = base_exponent(xy, 2), et = base_exponent(&t, 1);
    pc_big A, X, B, Y, T, P, Q, S, R;
    big_from_double(&A, a, ea);
    big_from_double(&B, b, ea);
    big_from_double(&X, x, ex);
    big_from_double(&Y, y, ex);
    big_from_double(&T, t, et);
    big_mul(&P, &A, &X);
    big_mul(&Q, &B, &Y);
    int ep = ea + ex, e = ep < et ? ep : et;
    big_shl(&P, ep - e);
    big_shl(&Q, ep - e);
    big_shl(&T, et - e);
    big_add(&S, &P, &Q);
    big_add(&R, &S, &T);
    return big_to_double(&R, e);
}

/* sign(C^2 - (r1 + r2 + r3)^2 L) for radii >= 0: pc__perp2's filter with rr =
 * fl(fl(r1 + r2) + r3) carrying two roundings (2.0001u), so fl(rr^2) within
 * 5.001u of (r1 + r2 + r3)^2 and P within 10.002u of its exact value. */
int pc__perp3(double ax, double ay, double bx, double by, double cx, double cy, double r1, double r2, double r3)
{
    double ex = bx - ax, ey = by - ay;
    int s = perp_filter_k(ex, ey, ex * (cy - ay), ey * (cx - ax), (r1 + r2) + r3, 10.01);
    return s != 2 ? s : perp3_exact(ax, ay, bx, by, cx, cy, r1, r2, r3);
}

/* sign(|p - q|^2 - (r1 + r2 + r3)^2) for radii >= 0.  The float value: dx, dy
 * round once, their squares' sum S carries at most 4.001u S, rr = fl(fl(r1 +
 * r2) + r3) 2.0001u and T = fl(rr^2) 5.001u T, the difference one more
 * rounding: under 10.01u (S + T) in all, against the bound 16u (S + T), plus
 * 2^-1000 for what underflow loses.  An overflow gives inf or NaN: exact. */
int pc__circle3(double px, double py, double qx, double qy, double r1, double r2, double r3)
{
    double dx = px - qx, dy = py - qy, rr = (r1 + r2) + r3;
    double S = dx * dx + dy * dy, T = rr * rr, e = S - T;
    if (fabs(e) > (S + T) * 0x1p-49 + 0x1p-1000) return pc__sign(e);
    return circle3_exact(px, py, qx, qy, r1, r2, r3);
}

/* ---- exact ray entries (raycasts: entry.c) -----------------------------------
 *
 * The ray o + t d meets a shape (a core of n vertices grown by R) first at
 * t*; with L = |d| along the ray's major axis (the larger component), these
 * compare L t* (how far the entry lies from o along that axis) with a
 * midpoint m = (t0 + t1) / 2 of two consecutive doubles exactly, through
 * the point P = o + (m / L) d, held as L P = L o + m d: every coordinate of
 * L (P - v), of L R and of the core's edges is an integer multiple of 2^B,
 * B the lowest bit among them, below 2^4202 once divided by it (L o's
 * lowest bit is at least 2^-2148, m d's at least 2^-2149).  The signs then
 * follow from the geometry of a convex set along a line:
 *  - a polygon (n >= 3, counter-clockwise, R = 0) is entered at the largest
 *    parameter of the faces that face the ray, so t* > m / L exactly when P
 *    is strictly outside one of them, t* = m / L when it is on one and
 *    inside the rest, else t* < m / L;
 *  - a point or a segment grown by R (circles, capsules, segments, points):
 *    f(t) = dist(o + t d, core)^2 is convex, so with g = f(m / L) - R^2 and h
 *    the sign of f' there, (P - Q) . d (Q the core's point nearest P): g < 0
 *    means m is past the entry; g > 0 means before it when f is falling
 *    (h < 0), else past the exit; g = 0 means m is the entry when h < 0 or
 *    h = 0 (a tangent), the exit when h > 0, except that a ray running along
 *    a segment at distance R (f constant there) enters where that run begins.
 * Every sign below is of a polynomial homogeneous in the scaled differences
 * (L (P - v), L R), so scaling by L > 0 changes none of them.
 */

static void big_prod2(pc_big *r, const pc_big *a, const pc_big *b, const pc_big *c, const pc_big *d, int minus)
{
    pc_big p, q;
    big_mul(&p, a, b);
    big_mul(&q, c, d);
    big_addsub(r, &p, &q, minus);
}

/* a = a * 2^k for k >= 0 (big_shl), or a copy shifted from x */
static void big_shifted(pc_big *a, const pc_big *x, int k)
{
    *a = *x;
    big_shl(a, k);
}

/* sign(L t* - m) from g and h as the comment above says (past_run_start: a
 * run along a segment at distance R that began before P) */
static int entry_rule(int g, int h, int past_run_start)
{
    if (g < 0) return -1;
    if (g > 0) return h < 0 ? 1 : -1;
    if (h > 0) return -1;
    return h < 0 ? 0 : (past_run_start ? -1 : 0);
}

int pc__ray_entry_exact(double ox, double oy, double dx, double dy, double t0, double t1, int n, const double *x,
                        const double *y, double R, unsigned entering)
{
    double cv[3 + 2 * 8], tv[2] = {t0, t1}, dv[2] = {dx, dy};
    if (n < 1 || n > 8) return 0;
    int count = 0;
    cv[count++] = ox;
    cv[count++] = oy;
    cv[count++] = R;
    for (int i = 0; i < n; i++) {
        cv[count++] = x[i];
        cv[count++] = y[i];
    }
    int bc = base_exponent(cv, count), bm = base_exponent(tv, 2), bd = base_exponent(dv, 2);
    int el = bc + bd, em = bm + bd - 1, b = el < em ? el : em; /* L c in units of 2^el, m d of 2^em */
    pc_big C[3 + 2 * 8], D[2], Lb, T0, T1, Q, t, u;
    for (int i = 0; i < count; i++) big_from_double(&C[i], cv[i], bc);
    for (int c = 0; c < 2; c++) big_from_double(&D[c], dv[c], bd);
    Lb = D[fabs(dy) > fabs(dx)];
    Lb.neg = 0;
    big_from_double(&T0, t0, bm);
    big_from_double(&T1, t1, bm); /* t1 = inf stands for 2^1024 (decode reads it so) */
    big_add(&Q, &T0, &T1);
    /* X[i] = L (P - v_i) for every vertex, in units of 2^b; R' = L R */
    pc_big X[8][2], Rl, E, sn, w1, w2;
    for (int c = 0; c < 2; c++) {
        big_mul(&t, &Q, &D[c]);
        big_shifted(&w1, &t, em - b); /* m d */
        for (int i = 0; i < n; i++) {
            big_sub(&u, &C[c], &C[3 + 2 * i + c]);
            big_mul(&t, &Lb, &u);
            big_shifted(&w2, &t, el - b);
            big_add(&X[i][c], &w2, &w1);
        }
    }
    big_mul(&t, &Lb, &C[2]);
    big_shifted(&Rl, &t, el - b);
    if (n >= 3) {
        int result = -1, any = 0;
        for (int k = 0; k < n; k++) {
            if (!(entering >> k & 1)) continue;
            int j = k + 1 == n ? 0 : k + 1;
            big_sub(&w1, &C[3 + 2 * j], &C[3 + 2 * k]);
            big_sub(&w2, &C[4 + 2 * j], &C[4 + 2 * k]);
            big_prod2(&t, &w1, &X[k][1], &w2, &X[k][0], 1); /* e x L (P - v_k): orient(v_k, v_j, P), > 0 inside */
            int s = -big_sign(&t);
            result = any && result > s ? result : s;
            any = 1;
        }
        return any ? result : 1;
    }
    pc_big R2, g1, g2, h1;
    big_mul(&R2, &Rl, &Rl);
    const pc_big *Xs = X[0];
    int past = 0;
    if (n == 2) { /* the core's point nearest P: an end, or the foot on the segment */
        pc_big ex, ey, LE, cr, dot, snE;
        big_sub(&ex, &C[5], &C[3]);
        big_sub(&ey, &C[6], &C[4]);
        big_prod2(&sn, &X[0][0], &ex, &X[0][1], &ey, 0); /* L (P - v0) . e, units 2^(b + bc) */
        big_prod2(&E, &ex, &ex, &ey, &ey, 0);            /* e . e, units 2^(2 bc) */
        big_mul(&t, &Lb, &E);                            /* L e . e, units 2^(el + bc) */
        big_shifted(&LE, &t, el - b);
        big_sub(&snE, &sn, &LE);                   /* L ((P - v0) . e - e . e) */
        big_prod2(&cr, &D[0], &ey, &D[1], &ex, 1); /* d x e: 0 when the ray runs along the segment */
        big_prod2(&dot, &D[0], &ex, &D[1], &ey, 0);
        if (big_sign(&cr) == 0) past = big_sign(&dot) > 0 ? big_sign(&sn) > 0 : big_sign(&snE) < 0;
        if (big_sign(&sn) > 0 && big_sign(&snE) < 0) {
            /* g: (e x L (P - v0))^2 - (L R)^2 E; h: (L (P - v0) . d) E - sn (e . d) */
            big_prod2(&g1, &ex, &X[0][1], &ey, &X[0][0], 1);
            big_mul(&g2, &g1, &g1);
            big_mul(&t, &R2, &E);
            big_sub(&g1, &g2, &t);
            big_prod2(&u, &X[0][0], &D[0], &X[0][1], &D[1], 0);
            big_mul(&w1, &u, &E);
            big_mul(&w2, &sn, &dot);
            big_sub(&h1, &w1, &w2);
            return entry_rule(big_sign(&g1), big_sign(&h1), past);
        }
        if (big_sign(&snE) >= 0) Xs = X[1];
    }
    big_prod2(&g2, &Xs[0], &Xs[0], &Xs[1], &Xs[1], 0); /* |L (P - end)|^2 - (L R)^2 and L (P - end) . d */
    big_sub(&g1, &g2, &R2);
    big_prod2(&h1, &Xs[0], &D[0], &Xs[1], &D[1], 0);
    return entry_rule(big_sign(&g1), big_sign(&h1), past);
}
