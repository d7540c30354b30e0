/*
 * Contacts: signed separation, unit normal and witness points for every pair
 * of kinds.
 *
 * One model serves all 25 ordered pairs.  A shape is a convex core (1 to 4
 * vertices: a point, a segment, a triangle or a box) grown by a radius (a
 * circle's r, else 0), and A - B = (core_a - core_b) grown by R = ra + rb.
 *  - Cores apart (decided exactly by the overlap kernels): the closest points of
 *    the cores are a vertex of one against an edge of the other; the gap is
 *    their distance minus R along the line joining them.
 *  - Cores meeting: the minimum translation is along one of the cores' edge
 *    normals (the edges of core_a - core_b are parallel to theirs); the depth
 *    along a unit axis u is max(a . u) - min(b . u), the smallest wins, and R
 *    adds to it.  The witness points lie on the face that gives the axis and on
 *    the other core's support point, shifted by the radii.
 * The sign of the result is then made to agree with the exact overlap test:
 * separation <= 0 exactly when overlaps() is true.  Coordinates are scaled by
 * a power of two (exact) so that no square overflows or underflows.
 *
 * Symmetry: contact(b, a) is contact(a, b) with the normal negated and the
 * points swapped, bit for bit: every pair is computed in one canonical order
 * (by kind, then by the coordinates) and swapped back.
 */
#include <math.h>
#include <string.h>

#include "fpenv.h"
#include "kernels.h"
#include "shapes.h"
#include "walk.h"

/* ---- exact overlap of two shapes given as layout rows ------------------- */

typedef int (*pc__one)(const pc__filter *f, const double *a, const double *b, int m);
#define PC_ONE(name, A, B, first, second)                                           \
    static int name(const pc__filter *f, const double *a, const double *b, int m)   \
    {                                                                               \
        return pc__k_##A##_##B(f, pc__load_##A(first), pc__load_##B(second), m);    \
    }
#define PC_ONE_SELF(K) PC_ONE(one_##K##_##K, K, K, a, b)
#define PC_ONE_PAIR(A, B) PC_ONE(one_##A##_##B, A, B, a, b) PC_ONE(one_##B##_##A, A, B, b, a)
PC_KIND_PAIRS(PC_ONE_SELF, PC_ONE_PAIR)
#define PC_ONE_SELF_ENTRY(K) [PC_KIND_##K][PC_KIND_##K] = one_##K##_##K,
#define PC_ONE_PAIR_ENTRY(A, B) \
    [PC_KIND_##A][PC_KIND_##B] = one_##A##_##B, [PC_KIND_##B][PC_KIND_##A] = one_##B##_##A,
static const pc__one overlap_one[PC_KIND_COUNT][PC_KIND_COUNT] = {
    PC_KIND_PAIRS(PC_ONE_SELF_ENTRY, PC_ONE_PAIR_ENTRY)
};

/* ---- cores -------------------------------------------------------------- */

typedef struct {
    int n;              /* vertices in use, 1..4 */
    double x[4], y[4];  /* a box counter-clockwise; a triangle in its own winding */
    double r;
    int w;              /* winding: +1 counter-clockwise, -1 clockwise, 0 flat */
} pc__core;

/* The core of a shape with every coordinate scaled by 2^-e (exact for all but
 * values negligible against the scale).  w is the winding (+1 counter-clockwise,
 * -1 clockwise, 0 flat), decided exactly on the unscaled values: it chooses
 * which edge normals point outward. */
static pc__core core_of(const pc__filter *f, int kind, const double *s, int e)
{
    pc__core c = {1, {0}, {0}, 0.0, 0};
    int order[8] = {0, 1, 2, 1, 2, 3, 0, 3};  /* a box's corners, counter-clockwise */
    switch (kind) {
    case PC_CIRCLE:
        c.r = ldexp(s[2], -e);
        /* fall through */
    case PC_POINT:
        c.x[0] = ldexp(s[0], -e); c.y[0] = ldexp(s[1], -e);
        break;
    case PC_BOX:
        c.n = 4;
        for (int k = 0; k < 4; k++) { c.x[k] = ldexp(s[order[2 * k]], -e); c.y[k] = ldexp(s[order[2 * k + 1]], -e); }
        c.w = (s[0] < s[2]) & (s[1] < s[3]);
        break;
    case PC_SEGMENT:
        c.n = 2;
        c.x[0] = ldexp(s[0], -e); c.y[0] = ldexp(s[1], -e);
        c.x[1] = ldexp(s[2], -e); c.y[1] = ldexp(s[3], -e);
        break;
    default:
        c.n = 3;
        for (int k = 0; k < 3; k++) { c.x[k] = ldexp(s[2 * k], -e); c.y[k] = ldexp(s[2 * k + 1], -e); }
        c.w = pc__orient(f, s[0], s[1], s[2], s[3], s[4], s[5]);
    }
    return c;
}

/* Edge k of a core runs from vertex k to vertex k + 1 (cyclic for polygons);
 * a point has no edge, a segment one. */
static int edge_count(const pc__core *c) { return c->n == 1 ? 0 : c->n == 2 ? 1 : c->n; }

/* the closest point of segment pq to (x, y) */
static void closest_on_segment(double x, double y, double px, double py, double qx, double qy,
                               double *cx, double *cy)
{
    double ex = qx - px, ey = qy - py, len2 = ex * ex + ey * ey;
    double t = len2 > 0 ? ((x - px) * ex + (y - py) * ey) / len2 : 0.0;
    t = pc__clamp(t, 0.0, 1.0);
    *cx = px + t * ex;
    *cy = py + t * ey;
}

typedef struct {
    double sep, nx, ny, ax, ay, bx, by;
} pc__result;

/* Vertices of `from` against the edges (or the single point) of `to`: keep
 * the closest pair; `flip` stores the pair as (to, from). */
static void closest_pairs(const pc__core *from, const pc__core *to, int flip, double *best, pc__result *res)
{
    int ne = edge_count(to);
    for (int i = 0; i < from->n; i++) {
        for (int k = 0; k < (ne ? ne : 1); k++) {
            int j = ne ? (k + 1) % to->n : 0;
            double cx, cy;
            closest_on_segment(from->x[i], from->y[i], to->x[k], to->y[k], to->x[j], to->y[j], &cx, &cy);
            double dx = cx - from->x[i], dy = cy - from->y[i], d2 = dx * dx + dy * dy;
            if (d2 < *best) {
                *best = d2;
                if (flip) { res->ax = cx; res->ay = cy; res->bx = from->x[i]; res->by = from->y[i]; }
                else { res->ax = from->x[i]; res->ay = from->y[i]; res->bx = cx; res->by = cy; }
            }
        }
    }
}

/* Cores apart: the closest points, the gap along them. */
static int apart(const pc__core *a, const pc__core *b, pc__result *res)
{
    double best = INFINITY;
    closest_pairs(a, b, 0, &best, res);
    closest_pairs(b, a, 1, &best, res);
    double dx = res->bx - res->ax, dy = res->by - res->ay, d = sqrt(dx * dx + dy * dy);
    if (!(d > 0)) return 0;  /* rounding collapsed the gap: let the axes decide */
    res->nx = dx / d;
    res->ny = dy / d;
    res->sep = d;
    return 1;
}

static double support_max(const pc__core *c, double ux, double uy, int *arg)
{
    double best = -INFINITY;
    for (int k = 0; k < c->n; k++) {
        double v = c->x[k] * ux + c->y[k] * uy;
        if (v > best) { best = v; *arg = k; }
    }
    return best;
}

/* Try the outward normals of the edges of `face` as axes (both normals of a
 * flat core).  Depth along u = max(a . u) - min(b . u), with a the core the
 * normal points out of when !flip. */
static void axes_of(const pc__core *face, const pc__core *other, int flip, double *best, pc__result *res)
{
    int ne = edge_count(face), w = face->w;
    for (int k = 0; k < ne; k++) {
        int j = (k + 1) % face->n;
        double ex = face->x[j] - face->x[k], ey = face->y[j] - face->y[k];
        double len = sqrt(ex * ex + ey * ey);
        if (!(len > 0)) continue;
        for (int side = -1; side <= 1; side += 2) {
            if (w != 0 && side != -w) continue;  /* a proper polygon: the outward normal only */
            /* (ey, -ex) is the right-hand normal; outward for a counter-clockwise polygon */
            double ux = side * -ey / len, uy = side * ex / len;
            int kf = 0, ko = 0;
            double hf = support_max(face, ux, uy, &kf);
            double ho = support_max(other, -ux, -uy, &ko);
            double depth = hf + ho;  /* max(face . u) - min(other . u) */
            if (!(depth < *best)) continue;
            *best = depth;
            /* the other core's deepest vertex, moved onto the face line, kept on the face */
            double px = other->x[ko] + depth * ux, py = other->y[ko] + depth * uy, cx, cy;
            closest_on_segment(px, py, face->x[k], face->y[k], face->x[j], face->y[j], &cx, &cy);
            double qx = cx - depth * ux, qy = cy - depth * uy;
            if (flip) {  /* the face belongs to b: the axis points from b to a */
                res->nx = -ux; res->ny = -uy;
                res->ax = qx; res->ay = qy; res->bx = cx; res->by = cy;
            } else {
                res->nx = ux; res->ny = uy;
                res->ax = cx; res->ay = cy; res->bx = qx; res->by = qy;
            }
            res->sep = -depth;
        }
    }
}

/* Cores meeting: the minimum translation over the edge normals of both. */
static void meeting(const pc__core *a, const pc__core *b, pc__result *res)
{
    double best = INFINITY;
    axes_of(a, b, 0, &best, res);
    axes_of(b, a, 1, &best, res);
    if (best == INFINITY) {  /* no edge at all (two points): the documented normal */
        res->sep = 0.0;
        res->nx = 0.0; res->ny = 1.0;
        res->ax = res->bx = a->x[0];
        res->ay = res->by = a->y[0];
    }
}

/* e with magnitude in [2^(e-1), 2^e): coordinates scaled by 2^-e land in (-1, 1) */
static int scale_exponent(double magnitude)
{
    int e = 0;
    if (magnitude > 0 && isfinite(magnitude)) frexp(magnitude, &e);
    return e;
}

static void contact_canonical(const pc__filter *f, int ka, const double *a, int kb, const double *b, pc__result *res)
{
    int e = scale_exponent(pc__max(pc__magnitude(a, pc_kind_width(ka)), pc__magnitude(b, pc_kind_width(kb))));
    pc__core ca = core_of(f, ka, a, e), cb = core_of(f, kb, b, e);
    /* a circle's core is its centre: the point kernels decide core contact */
    int core_a = ka == PC_CIRCLE ? PC_POINT : ka, core_b = kb == PC_CIRCLE ? PC_POINT : kb;
    int cores_meet = overlap_one[core_a][core_b](f, a, b, PC_TOUCHING);
    if (cores_meet || !apart(&ca, &cb, res)) meeting(&ca, &cb, res);
    /* grow by the radii along the normal */
    double ra = ca.r, rb = cb.r;
    res->sep -= ra + rb;
    res->ax += ra * res->nx; res->ay += ra * res->ny;
    res->bx -= rb * res->nx; res->by -= rb * res->ny;
    res->sep = ldexp(res->sep, e);
    res->ax = ldexp(res->ax, e); res->ay = ldexp(res->ay, e);
    res->bx = ldexp(res->bx, e); res->by = ldexp(res->by, e);
    /* make the sign agree with the exact test */
    int hit = overlap_one[ka][kb](f, a, b, PC_TOUCHING);
    if (hit && res->sep > 0) {
        res->sep = 0.0;
        res->bx = res->ax; res->by = res->ay;
    } else if (!hit && !(res->sep > 0)) {
        res->sep = 0x1p-1074;  /* a true gap too small for the float computation */
        res->bx = res->ax; res->by = res->ay;
    }
}

/* lexicographic order of two rows of one kind */
static int row_less(const double *a, const double *b, int width)
{
    for (int k = 0; k < width; k++) {
        if (a[k] < b[k]) return 1;
        if (a[k] > b[k]) return 0;
    }
    return 0;
}

static void contact_one(const pc__filter *f, int ka, const double *a, int kb, const double *b, double *out)
{
    pc__result r;
    int swap = kb < ka || (ka == kb && row_less(b, a, pc_kind_width(ka)));
    if (swap) contact_canonical(f, kb, b, ka, a, &r);
    else contact_canonical(f, ka, a, kb, b, &r);
    r.nx += 0.0;  /* no negative zeros in a normal */
    r.ny += 0.0;
    out[0] = r.sep;
    if (swap) {
        out[1] = 0.0 - r.nx; out[2] = 0.0 - r.ny;
        out[3] = r.bx; out[4] = r.by; out[5] = r.ax; out[6] = r.ay;
    } else {
        out[1] = r.nx; out[2] = r.ny;
        out[3] = r.ax; out[4] = r.ay; out[5] = r.bx; out[6] = r.by;
    }
}

struct contact_ctx {
    const pc__filter *f;
    int ka, kb;
};

static void contact_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct contact_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        contact_one(c->f, c->ka, (const double *)(p[0] + i * s[0]), c->kb,
                    (const double *)(p[1] + i * s[1]), (double *)(p[2] + i * s[2]));
}

int pc_contact_batch(int kind_a, const double *a, const int64_t *strides_a,
                     int kind_b, const double *b, const int64_t *strides_b,
                     double *out, const int64_t *strides_out,
                     int ndim, const int64_t *shape, double magnitude)
{
    if (kind_a < 0 || kind_a >= PC_KIND_COUNT || kind_b < 0 || kind_b >= PC_KIND_COUNT)
        return PC_ERR_KIND;
    if (!a || !b || !out) return PC_ERR_ARG;
    if (ndim > 0 && (!strides_a || !strides_b || !strides_out)) return PC_ERR_ARG;
    int64_t sa[PC_MAX_DIMS], sb[PC_MAX_DIMS], so[PC_MAX_DIMS];
    for (int d = 0; d < ndim && d < PC_MAX_DIMS; d++) {
        sa[d] = strides_a[d] * 8;
        sb[d] = strides_b[d] * 8;
        so[d] = strides_out[d] * 8;
    }
    const int64_t *strides[3] = {sa, sb, so};
    int rc = pc__walk_check(ndim, shape, 3, strides);
    if (rc != PC_OK) return rc < 0 ? rc : PC_OK;
    char *base[3] = {(char *)a, (char *)b, (char *)out};
    pc__fpenv env = pc__fp_enter();
    pc__filter filter = pc__filter_for(magnitude);
    struct contact_ctx ctx = {&filter, kind_a, kind_b};
    pc__walk(ndim, shape, 3, base, strides, contact_inner, &ctx);
    pc__fp_leave(env);
    return PC_OK;
}
