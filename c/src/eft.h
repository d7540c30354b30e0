/*
 * Error-free transformations (internal): sums and products of doubles held
 * exactly as unevaluated sums of doubles (Knuth's two-sum, Dekker's product
 * with Veltkamp's splitting), and expansions built from them (Shewchuk).
 *
 * two_sum is exact for any finite a, b whose sum does not overflow.
 * two_prod is exact when neither factor exceeds 2^996 in magnitude (the
 * split multiplies by 2^27 + 1) and the product does not underflow: its
 * error term must be a double, which holds when |a b| >= 2^-969.
 * Compiled with -ffp-contract=off: every operation rounds on its own.
 */
#ifndef PC_EFT_H
#define PC_EFT_H

static inline void pc__two_sum(double a, double b, double *s, double *e)
{
    double x = a + b, bv = x - a;
    *s = x;
    *e = (a - (x - bv)) + (b - bv);
}

static inline void pc__split(double a, double *hi, double *lo)
{
    double c = 134217729.0 * a; /* 2^27 + 1 */
    double h = c - (c - a);
    *hi = h;
    *lo = a - h;
}

static inline void pc__two_prod(double a, double b, double *p, double *e)
{
    double ah, al, bh, bl, x = a * b;
    pc__split(a, &ah, &al);
    pc__split(b, &bh, &bl);
    *p = x;
    *e = al * bl - (((x - ah * bh) - al * bh) - ah * bl);
}

/* Add b to the expansion h[0 .. n) (nonoverlapping, increasing magnitude, zeros
 * allowed): n + 1 terms, the same exact sum plus b. */
static inline int pc__grow(double *h, int n, double b)
{
    double q = b;
    for (int i = 0; i < n; i++) pc__two_sum(q, h[i], &q, &h[i]);
    h[n] = q;
    return n + 1;
}

/* The sign of the exact sum of an expansion pc__grow built: that of its
 * largest nonzero term (the last one). */
static inline int pc__expansion_sign(const double *h, int n)
{
    for (int i = n - 1; i >= 0; i--)
        if (h[i] != 0) return h[i] > 0 ? 1 : -1;
    return 0;
}

#endif
