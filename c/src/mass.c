/*
 * Mass properties (pc_mass_properties): the area (or length), centroid and
 * moment of inertia about the centroid of every kind, in the closed forms,
 * evaluated in double-double arithmetic (a value held as hi + lo, about 104
 * bits) and rounded once at the end.
 *
 * Each shape runs scaled by powers of two: its coordinates by 2^-e (e from
 * their magnitude), then its offsets from the middle of its box by 2^-f (f
 * from their magnitude), so that no product over- or underflows in the middle
 * and the same shape times 2^k gives the same results times 2^(2k), 2^k and
 * 2^(4k), bit for bit (short of over- and underflow of the results).
 */
#include <float.h>
#include <math.h>

#include "eft.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "predicates.h"

typedef struct { double hi, lo; } dd;

/* e with magnitude in [2^(e-1), 2^e) (0 for 0 and non-finite magnitudes) */
static int exponent_of(double magnitude)
{
    int e = 0;
    if (magnitude > 0 && isfinite(magnitude)) frexp(magnitude, &e);
    return e;
}

static dd dd_of(double x) { return (dd){x, 0.0}; }

static dd dd_norm(double s, double e)
{
    double hi = s + e;
    return (dd){hi, e - (hi - s)};
}

static dd dd_add(dd a, dd b)
{
    double s, e, t, g;
    pc__two_sum(a.hi, b.hi, &s, &e);
    pc__two_sum(a.lo, b.lo, &t, &g);
    dd r = dd_norm(s, e + t);
    return dd_norm(r.hi, r.lo + g);
}

static dd dd_neg(dd a) { return (dd){-a.hi, -a.lo}; }

static dd dd_sub(dd a, dd b) { return dd_add(a, dd_neg(b)); }

static dd dd_mul(dd a, dd b)
{
    double p, e;
    pc__two_prod(a.hi, b.hi, &p, &e);
    return dd_norm(p, e + (a.hi * b.lo + a.lo * b.hi));
}

static dd dd_scale(dd a, double s) { return dd_mul(a, dd_of(s)); }

/* a / b, b nonzero: three quotient digits */
static dd dd_div(dd a, dd b)
{
    double q1 = a.hi / b.hi;
    dd r = dd_sub(a, dd_scale(b, q1));
    double q2 = r.hi / b.hi;
    r = dd_sub(r, dd_scale(b, q2));
    double q3 = r.hi / b.hi;
    dd q = dd_norm(q1, q2);
    return dd_add(q, dd_of(q3));
}

/* the square root of a >= 0: one Newton step from the double's */
static dd dd_sqrt(dd a)
{
    if (!(a.hi > 0)) return dd_of(0.0);
    double x = sqrt(a.hi);
    dd r = dd_sub(a, dd_mul(dd_of(x), dd_of(x)));
    return dd_add(dd_of(x), dd_of(r.hi / (2.0 * x)));
}

static dd dd_ldexp(dd a, int k) { return (dd){ldexp(a.hi, k), ldexp(a.lo, k)}; }

/* the double nearest a (a normalised: hi is already a + lo rounded; an
 * overflowed hi stands) */
static double dd_round(dd a) { return isfinite(a.hi) ? a.hi + a.lo : a.hi; }

/* pi as a double-double */
static const dd PI_DD = {3.141592653589793116, 1.2246467991473532e-16};

/* Results before density and scaling: measure (area, or length), the
 * centroid's offset from the origin of the scaled offsets, and the inertia
 * about the centroid; the powers of two they carry. */
typedef struct { dd measure, cx, cy, inertia; } mass_dd;

/* the disc of radius r (scaled): pi r^2, pi r^4 / 2 */
static mass_dd disc(double r)
{
    dd rr = dd_mul(dd_of(r), dd_of(r));
    dd area = dd_mul(PI_DD, rr);
    return (mass_dd){area, dd_of(0.0), dd_of(0.0), dd_scale(dd_mul(area, rr), 0.5)};
}

/* The capsule of axis (ax, ay) -> (bx, by) (double-double offsets, scaled)
 * and radius r: a rectangle 2r by L and a disc split between the two ends.
 * About the middle: 2 r L (L^2 + 4 r^2) / 12 + pi r^2 (r^2 / 2 + L^2 / 4)
 * + (4 / 3) L r^3 (the half-discs' offsets from their flat sides, 4r / 3pi,
 * cancel pi in the cross term).  r = 0: the segment, of length L and
 * inertia L^3 / 12. */
static mass_dd capsule(dd ax, dd ay, dd bx, dd by, double r)
{
    dd dx = dd_sub(bx, ax), dy = dd_sub(by, ay);
    dd ll = dd_add(dd_mul(dx, dx), dd_mul(dy, dy)), l = dd_sqrt(ll);
    dd cx = dd_scale(dd_add(ax, bx), 0.5), cy = dd_scale(dd_add(ay, by), 0.5);
    if (r == 0) return (mass_dd){l, cx, cy, dd_div(dd_mul(ll, l), dd_of(12.0))};
    dd rr = dd_mul(dd_of(r), dd_of(r));
    dd rect = dd_div(dd_mul(dd_scale(dd_mul(l, dd_of(r)), 2.0), dd_add(ll, dd_scale(rr, 4.0))), dd_of(12.0));
    dd round = dd_mul(dd_mul(PI_DD, rr), dd_add(dd_scale(rr, 0.5), dd_scale(ll, 0.25)));
    dd cross = dd_div(dd_scale(dd_mul(l, dd_mul(rr, dd_of(r))), 4.0), dd_of(3.0));
    dd area = dd_add(dd_scale(dd_mul(l, dd_of(r)), 2.0), dd_mul(PI_DD, rr));
    return (mass_dd){area, cx, cy, dd_add(dd_add(rect, round), cross)};
}

/* A convex polygon's n vertices as offsets (double-double, scaled) from an
 * origin near its middle, with nonzero area: the fan of triangles
 * (0, v_i, v_i+1) around the polygon, each of twice-area c_i = v_i x v_i+1,
 * centroid (v_i + v_i+1) / 3 and second moments about 0 of
 * c_i (x_i^2 + x_i x_i+1 + x_i+1^2) / 12 (and in y); each moved to the
 * centroid by the parallel axes, then summed (the polar moment).  (A shape symmetric about the origin sums
 * to a centroid of exactly 0: round to nearest is symmetric.) */
static mass_dd polygon(int n, const dd *x0, const dd *y0)
{
    /* each axis scaled on its own (by 2^-fx, 2^-fy) into (-1, 1): a sliver
     * keeps its thin side's precision; the results scaled back */
    double bx = 0.0, by = 0.0;
    for (int i = 0; i < n; i++) bx = pc__max(bx, fabs(x0[i].hi)), by = pc__max(by, fabs(y0[i].hi));
    int fx = exponent_of(bx), fy = exponent_of(by);
    dd x[PC_POLYGON_MAX], y[PC_POLYGON_MAX];
    for (int i = 0; i < n; i++) x[i] = dd_ldexp(x0[i], -fx), y[i] = dd_ldexp(y0[i], -fy);
    dd twice = dd_of(0.0), sx = dd_of(0.0), sy = dd_of(0.0), jx = dd_of(0.0), jy = dd_of(0.0);
    for (int i = 0; i < n; i++) {
        int k = (i + 1) % n;
        dd c = dd_sub(dd_mul(x[i], y[k]), dd_mul(y[i], x[k]));
        twice = dd_add(twice, c);
        sx = dd_add(sx, dd_mul(c, dd_add(x[i], x[k])));
        sy = dd_add(sy, dd_mul(c, dd_add(y[i], y[k])));
        jx = dd_add(jx, dd_mul(c, dd_add(dd_add(dd_mul(x[i], x[i]), dd_mul(x[i], x[k])), dd_mul(x[k], x[k]))));
        jy = dd_add(jy, dd_mul(c, dd_add(dd_add(dd_mul(y[i], y[i]), dd_mul(y[i], y[k])), dd_mul(y[k], y[k]))));
    }
    if (twice.hi < 0) { /* clockwise */
        twice = dd_neg(twice);
        sx = dd_neg(sx);
        sy = dd_neg(sy);
        jx = dd_neg(jx);
        jy = dd_neg(jy);
    }
    dd area = dd_scale(twice, 0.5), three = dd_scale(twice, 3.0);
    dd cx = dd_div(sx, three), cy = dd_div(sy, three);
    /* the second moments about the centroid, each axis's: j / 12 - area c^2 */
    dd ix = dd_sub(dd_div(jx, dd_of(12.0)), dd_mul(area, dd_mul(cx, cx)));
    dd iy = dd_sub(dd_div(jy, dd_of(12.0)), dd_mul(area, dd_mul(cy, cy)));
    dd inertia = dd_add(dd_ldexp(ix, 3 * fx + fy), dd_ldexp(iy, fx + 3 * fy));
    return (mass_dd){dd_ldexp(area, fx + fy), dd_ldexp(cx, fx), dd_ldexp(cy, fy), inertia};
}

/* The vertices of a shape's core (a polygon's, a box's corners, a
 * segment's or capsule's ends, a circle's or point's centre) and radius. */
static int core_points(int kind, const double *s, double *px, double *py, double *radius)
{
    *radius = 0.0;
    switch (kind) {
    case PC_POINT:
        px[0] = s[0];
        py[0] = s[1];
        return 1;
    case PC_CIRCLE:
        px[0] = s[0];
        py[0] = s[1];
        *radius = s[2];
        return 1;
    case PC_BOX:
        px[0] = s[0], py[0] = s[1], px[1] = s[2], py[1] = s[1];
        px[2] = s[2], py[2] = s[3], px[3] = s[0], py[3] = s[3];
        return 4;
    case PC_SEGMENT:
    case PC_CAPSULE:
        px[0] = s[0], py[0] = s[1], px[1] = s[2], py[1] = s[3];
        if (kind == PC_CAPSULE) *radius = s[4];
        return 2;
    default: {
        int n = kind == PC_TRIANGLE ? 3 : kind - PC_POLYGON + 3;
        for (int k = 0; k < n; k++) px[k] = s[2 * k], py[k] = s[2 * k + 1];
        return n;
    }
    }
}

/* One shape's six results (density times, for mass and inertia). */
static void mass_one(int kind, const double *s, double density, double *out)
{
    double px[PC_POLYGON_MAX] = {0}, py[PC_POLYGON_MAX] = {0}, r0;
    int n = core_points(kind, s, px, py, &r0);
    int area_kind = n > 2 || r0 > 0, flat = n > 2;
    /* only coordinates near the end of the doubles are scaled down first (by
     * 2^-e, so that no exact product overflows): the offsets of the others
     * from the origin below are exact as given */
    double mag = pc__magnitude(s, pc_kind_width(kind));
    int e = mag > 0x1p1000 ? exponent_of(mag) : 0;
    for (int k = 0; k < n; k++) px[k] = ldexp(px[k], -e), py[k] = ldexp(py[k], -e);
    /* a polygon or box of zero area (exactly) */
    for (int k = 1; k + 1 < n && flat; k++)
        flat = pc__orient_exact(px[0], py[0], px[k], py[k], px[k + 1], py[k + 1]) == 0;
    mass_dd m;
    dd dx[PC_POLYGON_MAX], dy[PC_POLYGON_MAX];
    double ox, oy, r;
    int f;
    for (int pass = 0;; pass++) {
        if (flat) { /* the segment of its extreme vertices */
            int lo = 0, hi = 0;
            for (int k = 1; k < n; k++) {
                if (px[k] < px[lo] || (px[k] == px[lo] && py[k] < py[lo])) lo = k;
                if (px[k] > px[hi] || (px[k] == px[hi] && py[k] > py[hi])) hi = k;
            }
            double x0 = px[lo], y0 = py[lo], x1 = px[hi], y1 = py[hi];
            px[0] = x0, py[0] = y0, px[1] = x1, py[1] = y1;
            n = 2;
            area_kind = r0 > 0;
        }
        /* offsets from an origin (ox, oy), the middle of the core's box
         * rounded, exact, then scaled by 2^-f */
        double lox = px[0], hix = px[0], loy = py[0], hiy = py[0];
        for (int k = 1; k < n; k++) {
            lox = fmin(lox, px[k]), hix = fmax(hix, px[k]);
            loy = fmin(loy, py[k]), hiy = fmax(hiy, py[k]);
        }
        ox = 0.5 * lox + 0.5 * hix, oy = 0.5 * loy + 0.5 * hiy;
        double big = ldexp(r0, -e);
        for (int k = 0; k < n; k++) {
            double a, b;
            pc__two_sum(px[k], -ox, &a, &b);
            dx[k] = (dd){a, b};
            pc__two_sum(py[k], -oy, &a, &b);
            dy[k] = (dd){a, b};
            big = pc__max(big, pc__max(fabs(dx[k].hi), fabs(dy[k].hi)));
        }
        f = exponent_of(big);
        for (int k = 0; k < n; k++) dx[k] = dd_ldexp(dx[k], -f), dy[k] = dd_ldexp(dy[k], -f);
        r = ldexp(r0, -(e + f)); /* rounded once */
        if (n == 1)
            m = r > 0 ? disc(r) : (mass_dd){dd_of(0.0), dd_of(0.0), dd_of(0.0), dd_of(0.0)};
        else if (n == 2)
            m = capsule(dx[0], dy[0], dx[1], dy[1], r);
        else
            m = polygon(n, dx, dy);
        /* an area lost in double-double arithmetic (a sliver, below about 2^-100 of D^2): flat */
        if (n > 2 && !(m.measure.hi > 0) && pass == 0) {
            flat = 1;
            continue;
        }
        break;
    }
    /* measure 2^(2(e+f)) (length 2^(e+f)), centroid 2^f then + the origin, times 2^e; inertia 2^(4(e+f)) */
    int g = e + f, h; /* the density as a fraction in [1/2, 1) times 2^h: no product underflows */
    double rho = frexp(density, &h);
    out[0] = dd_round(dd_ldexp(m.measure, area_kind ? 2 * g : g));
    out[1] = dd_round(dd_ldexp(dd_scale(m.measure, rho), (area_kind ? 2 * g : g) + h));
    out[2] = dd_round(dd_ldexp(dd_add(dd_of(ox), dd_ldexp(m.cx, f)), e));
    out[3] = dd_round(dd_ldexp(dd_add(dd_of(oy), dd_ldexp(m.cy, f)), e));
    out[4] = dd_round(dd_ldexp(dd_scale(m.inertia, rho), (area_kind ? 4 * g : 3 * g) + h));
    out[5] = area_kind;
    if (area_kind && n == 2 && r == 0) { /* a capsule whose radius underflowed beside its length (2^-1000 of
                                          * it): the rectangle 2 r L alone, in plain floating point */
        double length = ldexp(m.measure.hi, g);
        out[0] = 2.0 * r0 * length;
        out[1] = density * out[0];
        out[4] = density * (out[0] * (length * length / 12.0));
    }
}

int pc_mass_properties(int kind, const double *shapes, int64_t n, const double *density, double *out)
{
    if (!pc__is_shape(kind)) return PC_ERR_KIND;
    if (n < 0 || (n > 0 && (!shapes || !density || !out))) return PC_ERR_ARG;
    for (int64_t i = 0; i < n; i++)
        if (!(density[i] >= 0 && density[i] <= DBL_MAX)) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    int w = pc_kind_width(kind);
    for (int64_t i = 0; i < n; i++) mass_one(kind, shapes + i * w, density[i], out + 6 * i);
    pc__fp_leave(env);
    return PC_OK;
}
