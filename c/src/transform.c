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

#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "walk.h"

static inline void two_sum(double a, double b, double *s, double *e)
{
    double x = a + b, bv = x - a;
    *s = x;
    *e = (a - (x - bv)) + (b - bv);
}

static inline void split(double a, double *hi, double *lo)
{
    double c = 134217729.0 * a; /* 2^27 + 1 */
    double h = c - (c - a);
    *hi = h;
    *lo = a - h;
}

static inline void two_prod(double a, double b, double *p, double *e)
{
    double ah, al, bh, bl, x = a * b;
    split(a, &ah, &al);
    split(b, &bh, &bl);
    *p = x;
    *e = al * bl - (((x - ah * bh) - al * bh) - ah * bl);
}

/* add b to the expansion h[0 .. n) (increasing magnitude, nonoverlapping): n + 1 terms */
static inline int grow(double *h, int n, double b)
{
    double q = b;
    for (int i = 0; i < n; i++) two_sum(q, h[i], &q, &h[i]);
    h[n] = q;
    return n + 1;
}

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
        two_prod(a, x, &p1, &e1);
        two_prod(b, y, &p2, &e2);
        if (tame(p1) && tame(p2)) {
            int n = grow(h, 0, t);
            n = grow(h, n, p1);
            n = grow(h, n, p2);
            n = grow(h, n, e1);
            n = grow(h, n, e2);
            double v = approx(h, n);
            if (v == 0 && h[0] == 0 && h[1] == 0 && h[2] == 0 && h[3] == 0 && h[4] == 0) return 0.0 * t + 0.0;
            if (fabs(v) > 0x1p-900 && fabs(v) < 0x1p900) {
                n = grow(h, n, -v); /* the exact residual */
                int ev;
                frexp(v, &ev);      /* |v| in [2^(ev-1), 2^ev): its ulp is 2^(ev-53), half that below a power of 2 */
                if (fabs(approx(h, n)) < ldexp(1.0, ev - 57)) return v;
            }
        }
    }
    return pc__round_dot_exact(a, x, b, y, t);
}

/* cos and sin of the angle; exactly 0 and +-1 at the doubles nearest k pi/2
 * (|k| <= 16) and their neighbours */
static void rotation(double angle, double *c, double *s)
{
    const double half_pi = 0x1.921fb54442d18p0, half_pi_lo = 0x1.1a62633145c07p-54;
    double k = nearbyint(angle / half_pi);
    if (fabs(k) <= 16) {
        double p, e;
        two_prod(k, half_pi, &p, &e);
        double q = p + (e + k * half_pi_lo); /* the double nearest k pi / 2 */
        if (angle == q || angle == nextafter(q, INFINITY) || angle == nextafter(q, -INFINITY)) {
            static const double cq[4] = {1, 0, -1, 0}, sq[4] = {0, 1, 0, -1};
            int r = (int)fmod(fmod(k, 4.0) + 4.0, 4.0);
            *c = cq[r];
            *s = sq[r];
            return;
        }
    }
    *c = cos(angle);
    *s = sin(angle);
}

void pc__hull_in_place(double *v, int k)
{
    double x[PC_POLYGON_MAX], y[PC_POLYGON_MAX], hx[2 * PC_POLYGON_MAX], hy[2 * PC_POLYGON_MAX];
    for (int i = 0; i < k; i++) { /* insertion sort, lexicographic */
        double px = v[2 * i], py = v[2 * i + 1];
        int j = i;
        while (j > 0 && (x[j - 1] > px || (x[j - 1] == px && y[j - 1] > py))) { x[j] = x[j - 1]; y[j] = y[j - 1]; j--; }
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

struct transform_ctx {
    int kind, kind_out, points, width; /* points: the (x, y) pairs moved */
};

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
        if (c->kind_out >= PC_POLYGON && c->kind_out < PC_KIND_COUNT && pc__kind(c->kind_out)->rule(row) != PC_RULE_OK) {
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
                 const int64_t *strides_out, int ndim, const int64_t *shape, int threads)
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
    int rc = pc__batch(ndim, shape, 4, ptrs, st, 0u, transform_inner, &ctx, threads, PC_CHUNK);
    pc__fp_leave(env);
    return rc;
}
