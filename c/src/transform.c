/*
 * Rigid motions (pc_transform): rotate about the origin, then translate, each
 * output coordinate c x - s y + tx (s x + c y + ty) rounded once.
 *
 * The fast path forms the sum exactly as an expansion (Dekker's product
 * splitting and Knuth's two-sum: error-free while nothing overflows or
 * underflows), takes its rounded sum v and checks, from the exact residual
 * sum - v, that v is the correctly rounded value; anything it cannot certify
 * (huge or tiny values, residuals near half an ulp) is rounded from big
 * integers (pc__round_dot_exact).
 */
#include <math.h>

#include "eft.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"
#include "transform.h"
#include "walk.h"

static inline double approx(const double *h, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) s += h[i];
    return s;
}

static inline int tame(double v) { return v == 0 || (fabs(v) > 0x1p-900 && fabs(v) < 0x1p900); }

/* a x + b y + t rounded once */
static double round_dot(double a, double x, double b, double y, double t)
{
    if (tame(a) && tame(x) && tame(b) && tame(y) && tame(t)) {
        double p1, e1, p2, e2, h[6];
        pc__two_prod(a, x, &p1, &e1);
        pc__two_prod(b, y, &p2, &e2);
        if (tame(p1) && tame(p2)) {
            int n = pc__grow(h, 0, t);
            n = pc__grow(h, n, p1);
            n = pc__grow(h, n, p2);
            n = pc__grow(h, n, e1);
            n = pc__grow(h, n, e2);
            double v = approx(h, n);
            if (v == 0 && h[0] == 0 && h[1] == 0 && h[2] == 0 && h[3] == 0 && h[4] == 0) return 0.0 * t + 0.0;
            if (fabs(v) > 0x1p-900 && fabs(v) < 0x1p900) {
                n = pc__grow(h, n, -v); /* the exact residual */
                int ev;
                frexp(v, &ev); /* |v| in [2^(ev-1), 2^ev): its ulp is 2^(ev-53), half that below a power of 2 */
                if (fabs(approx(h, n)) < ldexp(1.0, ev - 57)) return v;
                /* v is the nearest double exactly when the residual lies strictly
                 * between minus half the gap to the double below v and half
                 * the gap to the one above (both halves exact): two signs of
                 * expansions, no big integers */
                double above = 0.5 * (nextafter(v, INFINITY) - v), below = 0.5 * (v - nextafter(v, -INFINITY));
                double g[8], q[8];
                for (int k = 0; k < n; k++) g[k] = q[k] = h[k];
                int ng = pc__grow(g, n, -above), nq = pc__grow(q, n, below);
                if (pc__expansion_sign(g, ng) < 0 && pc__expansion_sign(q, nq) > 0) return v;
            }
        }
    }
    return pc__round_dot_exact(a, x, b, y, t);
}

/* ---- quarter turns -------------------------------------------------------
 *
 * An angle a is the quarter turn k (an integer; c, s = cos, sin of k pi/2,
 * exactly 0 or +-1) when |a| < 2^53 and a is the double nearest k pi/2 or,
 * for |a| < 2^52, one of that double's two neighbours.  The neighbours take
 * in the angles numpy computes for k quarter turns: k * np.pi / 2 and
 * np.pi / 2 * k lie within 0.85 ulp of k pi/2 (np.pi and np.pi / 2 are off
 * by 0.36 u relative, u = 2^-53, and the product rounds once), hence within
 * one ulp of its double; so does np.radians(90 * k) while 90 k is a double
 * (|k| < 10^14: its constant pi/180 is off by 0.16 u).  The k is unique:
 * below 2^52 the doubles are at most 1/2 apart, so the three doubles around
 * the nearest one span less than pi/2; from 2^52 to 2^53 they are 1 apart
 * and only the nearest counts.  From 2^53 on the doubles are 2 or more
 * apart and a double is the nearest to one or two multiples of pi/2 (always
 * two or three from 2^54 on, with different quarter turns): no angle there
 * is a quarter turn, each is turned by its own cosine and sine.
 *
 * Deciding it exactly: with H + L + LL = pi/2 to within 2^-163 (three
 * doubles), k (H + L + LL) is an exact expansion (k < 2^53: each product
 * splits exactly into two doubles) within k 2^-163 of k pi/2.  It is compared
 * with the midpoints m between consecutive doubles that bound the accepted
 * ones.  Such a midpoint is an odd multiple of 2^(E-53) with 2^E below it,
 * and k pi/2 - m = 2^(E-53) (q pi/2 - p) with q = k 2^(53-E) < 2^54; by the
 * continued fraction of pi/2, |q pi/2 - p| > 2^-55.2 for every q < 2^54 (the
 * best approximation below 2^54 is its convergent with a 54-bit q).  So
 * k pi/2 is at least 2^(E-108.2) from every midpoint, far more than the
 * 2^(E-162) the expansion can be off: the expansion's sign is the exact one. */
static const double half_pi[3] = {0x1.921fb54442d18p0, 0x1.1a62633145c07p-54, -0x1.f1976b7ed8fbcp-110};

/* sign(k pi/2 - (b - g)) for an integer-valued double 0 < |k| < 2^53, with
 * b - g a midpoint between doubles (g = +-half their gap, exact) */
static int quarter_vs(double k, double b, double g)
{
    double h[8];
    int n = 0;
    for (int i = 0; i < 3; i++) {
        double p, e;
        pc__two_prod(k, half_pi[i], &p, &e);
        n = pc__grow(h, n, e);
        n = pc__grow(h, n, p);
    }
    n = pc__grow(h, n, -b);
    n = pc__grow(h, n, g);
    return pc__expansion_sign(h, n);
}

/* The quarter turn (k mod 4, 0 to 3) the angle is, or -1 (also for NaN, inf) */
static int quarter_turn(double a)
{
    double m = fabs(a);
    if (!(m < 0x1p53)) return -1;
    if (m <= 0x1p-1074) return 0; /* 0 and its neighbours */
    double k = nearbyint(a / half_pi[0]), r = 0.0;
    for (int pass = 0; pass < 2; pass++) { /* a - k pi/2 to within 2^-55 (Sterbenz: a - p is exact) */
        double p, e;
        pc__two_prod(k, half_pi[0], &p, &e);
        r = ((a - p) - e) - k * half_pi[1];
        if (pass == 0) k += nearbyint(r / half_pi[0]); /* the k nearest a / (pi/2), but for rounding */
    }
    if (k == 0) return -1; /* beyond the neighbours of 0 */
    /* the accepted doubles run from lo to hi; the midpoints outside them bound k pi/2 */
    double lo = m < 0x1p52 ? nextafter(a, -INFINITY) : a, hi = m < 0x1p52 ? nextafter(a, INFINITY) : a;
    double below = nextafter(lo, -INFINITY), above = nextafter(hi, INFINITY);
    if (fabs(r) > 2 * (above - below)) return -1; /* far from k pi/2: no need for the exact test */
    if (quarter_vs(k, lo, 0.5 * (lo - below)) <= 0 || quarter_vs(k, hi, -0.5 * (above - hi)) >= 0) return -1;
    return (int)fmod(fmod(k, 4.0) + 4.0, 4.0);
}

/* cos and sin of the angle: exactly 0 and +-1 for a quarter turn, else the C
 * library's (which reduces any finite angle in full) */
static void rotation(double angle, double *c, double *s)
{
    static const double cq[4] = {1, 0, -1, 0}, sq[4] = {0, 1, 0, -1};
    int r = quarter_turn(angle);
    if (r >= 0) {
        *c = cq[r];
        *s = sq[r];
        return;
    }
    *c = cos(angle);
    *s = sin(angle);
}

int pc_quarter_turns(const double *angles, int64_t n, int8_t *turns)
{
    if (n < 0 || (n > 0 && (!angles || !turns))) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    for (int64_t i = 0; i < n; i++) turns[i] = (int8_t)quarter_turn(angles[i]);
    pc__fp_leave(env);
    return PC_OK;
}

/* (transform.h) */
void pc__hull_in_place(double *v, int k)
{
    double x[PC_POLYGON_MAX], y[PC_POLYGON_MAX], hx[2 * PC_POLYGON_MAX], hy[2 * PC_POLYGON_MAX];
    for (int i = 0; i < k; i++) { /* insertion sort, lexicographic */
        double px = v[2 * i], py = v[2 * i + 1];
        int j = i;
        while (j > 0 && (x[j - 1] > px || (x[j - 1] == px && y[j - 1] > py))) {
            x[j] = x[j - 1];
            y[j] = y[j - 1];
            j--;
        }
        x[j] = px;
        y[j] = py;
    }
    pc__filter f = pc__filter_for(pc__magnitude(v, 2 * k));
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        int start = n;
        for (int t = 0; t < k; t++) {
            int i = pass ? k - 1 - t : t;
            while (n >= start + 2 && pc__orient(&f, hx[n - 2], hy[n - 2], hx[n - 1], hy[n - 1], x[i], y[i]) <= 0) n--;
            hx[n] = x[i];
            hy[n] = y[i];
            n++;
        }
        n--; /* the last point of each chain starts the other */
    }
    if (n < 1) n = 1;
    for (int i = 0; i < k; i++) {
        int j = i < n ? i : n - 1;
        v[2 * i] = hx[j];
        v[2 * i + 1] = hy[j];
    }
}

/* A shape of a turning sweep placed at time t (pycollide.sweep_transform):
 * turned by rotation * t about pivot and moved by t * disp, through the
 * rounding of pc_transform (a box becomes a 4-gon, its corners
 * counter-clockwise from (xmin, ymin)) with the translation t * disp plus
 * (pivot - turn(pivot)), each rounded as numpy rounds it: the offset is
 * (px (1 - c) + s py, py (1 - c) - s px) with 1 - c = 2 sin(a / 2)^2. */
void pc__place_turned(int kind, const double *in, const double *disp, double turn, const double *pivot, double t,
                      double *out)
{
    double angle = turn * t, co, si, omc;
    rotation(angle, &co, &si);
    if (quarter_turn(angle) >= 0) {
        omc = 1.0 - co;
    } else {
        double h = sin(angle / 2);
        omc = 2.0 * (h * h);
    }
    double move[2] = {t * disp[0] + (pivot[0] * omc + si * pivot[1]), t * disp[1] + (pivot[1] * omc - si * pivot[0])};
    int kind_out = kind == PC_BOX ? PC_POLYGON + 1 : kind;
    int points = kind == PC_BOX ? 4 : kind == PC_CIRCLE ? 1 : kind == PC_CAPSULE ? 2 : pc_kind_width(kind) / 2;
    double row[2 * PC_POLYGON_MAX];
    if (kind == PC_BOX) {
        const double b[8] = {in[0], in[1], in[2], in[1], in[2], in[3], in[0], in[3]};
        for (int k = 0; k < 8; k++) row[k] = b[k];
    } else {
        for (int k = 0; k < pc_kind_width(kind); k++) row[k] = in[k];
    }
    for (int v = 0; v < points; v++) {
        double x = row[2 * v], y = row[2 * v + 1];
        row[2 * v] = round_dot(co, x, -si, y, move[0]);
        row[2 * v + 1] = round_dot(si, x, co, y, move[1]);
    }
    if (pc__polygon_kind(kind_out) && pc__kind(kind_out)->rule(row) != PC_RULE_OK) {
        int ok = 1;
        for (int k = 0; k < 2 * points; k++) ok &= isfinite(row[k]) != 0;
        if (ok) pc__hull_in_place(row, points);
    }
    for (int k = 0; k < pc_kind_width(kind_out); k++) out[k] = row[k];
}

int pc_sweep_place(int kind, const double *shapes, const double *displacements, const double *rotations,
                   const double *pivots, const double *times, int64_t n, double *out)
{
    if (!pc__is_shape(kind)) return PC_ERR_KIND;
    if (n < 0 || (n > 0 && (!shapes || !displacements || !rotations || !pivots || !times || !out))) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    int w = pc_kind_width(kind), wo = pc_kind_width(kind == PC_BOX ? PC_POLYGON + 1 : kind);
    for (int64_t i = 0; i < n; i++)
        pc__place_turned(kind, shapes + i * w, displacements + 2 * i, rotations[i], pivots + 2 * i, times[i],
                         out + i * wo);
    pc__fp_leave(env);
    return PC_OK;
}

struct transform_ctx { int kind, kind_out, points, width; /* points: the (x, y) pairs moved */ };

static void transform_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct transform_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        const double *in = (const double *)(p[0] + i * s[0]), *t = (const double *)(p[1] + i * s[1]);
        double angle = *(const double *)(p[2] + i * s[2]), *out = (double *)(p[3] + i * s[3]);
        double co, si, row[2 * PC_POLYGON_MAX];
        rotation(angle, &co, &si);
        if (c->kind == PC_BOX) { /* its corners, counter-clockwise from (xmin, ymin) */
            const double b[8] = {in[0], in[1], in[2], in[1], in[2], in[3], in[0], in[3]};
            for (int k = 0; k < 8; k++) row[k] = b[k];
        } else {
            for (int k = 0; k < c->width; k++) row[k] = in[k];
        }
        for (int v = 0; v < c->points; v++) {
            double x = row[2 * v], y = row[2 * v + 1];
            row[2 * v] = round_dot(co, x, -si, y, t[0]);
            row[2 * v + 1] = round_dot(si, x, co, y, t[1]);
        }
        if (pc__polygon_kind(c->kind_out) && pc__kind(c->kind_out)->rule(row) != PC_RULE_OK) {
            int ok = 1;
            for (int k = 0; k < 2 * c->points; k++) ok &= isfinite(row[k]) != 0;
            if (ok) pc__hull_in_place(row, c->points);
        }
        int w = pc_kind_width(c->kind_out);
        for (int k = 0; k < w; k++) out[k] = row[k];
    }
}

int pc_transform(int kind, const double *shapes, const int64_t *strides_s, const double *translations,
                 const int64_t *strides_t, const double *angles, const int64_t *strides_a, double *out,
                 const int64_t *strides_out, int ndim, const int64_t *shape, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind)) return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    struct transform_ctx ctx;
    ctx.kind = kind;
    ctx.kind_out = kind == PC_BOX ? PC_POLYGON + 1 : kind;
    ctx.width = pc_kind_width(kind);
    ctx.points = kind == PC_BOX ? 4 : kind == PC_CIRCLE ? 1 : kind == PC_CAPSULE ? 2 : pc_kind_width(kind) / 2;
    const void *ptrs[4] = {shapes, translations, angles, out};
    const int64_t *st[4] = {strides_s, strides_t, strides_a, strides_out};
    int rc = pc__batch(ndim, shape, 4, ptrs, st, 0u, transform_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
