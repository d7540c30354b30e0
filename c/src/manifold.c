/*
 * Manifolds (pc_manifold_batch): up to two contact points of a pair, from
 * its contact (pc__contact_one) and, where both cores have an edge, the
 * clipping of an incident face against a reference face.  The rules are
 * pc_manifold_batch's (pycollide.h).  A shape against one face of a solid,
 * the reference face fixed (pc__manifold_face, manifold.h): a world's
 * manifold where the shape is inside a tile map (world.c).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "contact_common.h"
#include "manifold.h"

/* the middle of x and y, without overflow */
static double halfway(double x, double y)
{
    double s = x + y;
    return isfinite(s) ? s * 0.5 : x * 0.5 + y * 0.5;
}

/* The faces of a core (a polygon's edges with their outward unit normals,
 * a segment's edge with either normal): edge k runs from vertex k to k + 1. */
typedef struct {
    int n, edge[2 * PC_CORE_MAX];
    double ux[2 * PC_CORE_MAX], uy[2 * PC_CORE_MAX];
} pc__facelist;

static void faces_of(const pc__core *c, pc__facelist *fl)
{
    fl->n = 0;
    for (int k = 0; k < edge_count(c); k++) {
        int j = (k + 1) % c->n;
        double ex = c->x[j] - c->x[k], ey = c->y[j] - c->y[k], ee = ex * ex + ey * ey, tx, ty;
        if (ee >= 0x1p-900 && ee <= 0x1p900) { /* no square under- or overflowed */
            double len = sqrt(ee);
            tx = ex / len;
            ty = ey / len;
        } else {
            unit_of(ex, ey, &tx, &ty);
        }
        for (int s = -1; s <= 1; s += 2) {
            if (c->w != 0 && s != -1) continue; /* a polygon: the right-hand (outward) normal only */
            fl->edge[fl->n] = k;
            fl->ux[fl->n] = s * -ty;
            fl->uy[fl->n] = s * tx;
            fl->n++;
        }
    }
}

/* The incident face of Y (its face most anti-parallel to u, of the list FY)
 * clipped to the slab over X's face bk (outward unit normal u): each end of
 * the clipped part with separation <= margin a point, at out + 3 as the
 * batch's layout (scaled); the count kept.  With a move m (not NULL: Y moved
 * by m leaves X's side, and X is a solid's face): clipped also to the part
 * that, moved by m, is over the face and not behind its line. */
static int clip_incident(const pc__core *X, int bk, double ux, double uy, const pc__core *Y, const pc__facelist *FY,
                         const double *m, double margin, double *out, int *feat)
{
    double least = INFINITY;
    int ik = 0;
    for (int i = 0; i < FY->n; i++) {
        double d = FY->ux[i] * ux + FY->uy[i] * uy;
        if (d < least) {
            least = d;
            ik = FY->edge[i];
        }
    }
    /* clip the incident edge q0 q1 to the slab 0 <= (q - p0) . t <= t . t */
    int bj = (bk + 1) % X->n, ij = (ik + 1) % Y->n;
    double p0x = X->x[bk], p0y = X->y[bk], tx = X->x[bj] - p0x, ty = X->y[bj] - p0y, tt = tx * tx + ty * ty;
    double q0x = Y->x[ik], q0y = Y->y[ik], q1x = Y->x[ij], q1y = Y->y[ij];
    double g0 = (q0x - p0x) * tx + (q0y - p0y) * ty, g1 = (q1x - p0x) * tx + (q1y - p0y) * ty;
    double lo = 0.0, hi = 1.0;
    /* the features of each end (core codes: 2k vertex k, 2k + 1 edge k), X's
     * then Y's: Y's vertex with X's face, until a side of the slab (X's
     * vertex there, on Y's edge) or the moved bounds (X's face, Y's edge) cut it */
    int flo[2] = {2 * bk + 1, 2 * ik}, fhi[2] = {2 * bk + 1, 2 * ij};
    if (g1 != g0) {
        double la = -g0 / (g1 - g0), lb = (tt - g0) / (g1 - g0);
        double cut_lo = pc__min(la, lb), cut_hi = pc__max(la, lb);
        int v_lo = la <= lb ? bk : bj, v_hi = la <= lb ? bj : bk;
        if (cut_lo > lo) {
            lo = cut_lo;
            flo[0] = 2 * v_lo;
            flo[1] = 2 * ik + 1;
        }
        if (cut_hi < hi) {
            hi = cut_hi;
            fhi[0] = 2 * v_hi;
            fhi[1] = 2 * ik + 1;
        }
    } else if (!(g0 >= 0 && g0 <= tt)) {
        return 0;
    }
    /* moved: -m . t <= (q - p0) . t <= t . t - m . t, and (q - p0) . u >= -m . u,
     * each to 2^-40 of the scale (a rounding error of the moved offsets, as of
     * a crate sunk straight into a slope, drops no point) */
    for (int c = 0; m && c < 2; c++) {
        double w0 = c ? (q0x - p0x) * ux + (q0y - p0y) * uy : g0, w1 = c ? (q1x - p0x) * ux + (q1y - p0y) * uy : g1;
        double v = c ? m[0] * ux + m[1] * uy : m[0] * tx + m[1] * ty;
        double wlo = -v - 0x1p-40, whi = c ? INFINITY : tt - v + 0x1p-40;
        if (w1 != w0) {
            double la = (wlo - w0) / (w1 - w0), lb = (whi - w0) / (w1 - w0);
            if (pc__min(la, lb) > lo) {
                lo = pc__min(la, lb);
                flo[0] = 2 * bk + 1;
                flo[1] = 2 * ik + 1;
            }
            if (pc__max(la, lb) < hi) {
                hi = pc__max(la, lb);
                fhi[0] = 2 * bk + 1;
                fhi[1] = 2 * ik + 1;
            }
        } else if (!(w0 >= wlo && w0 <= whi)) {
            return 0;
        }
    }
    if (!(lo <= hi)) return 0;
    double lam[2] = {lo, hi}, rX = X->r, rY = Y->r;
    int kept = 0;
    for (int e = 0; e < (hi > lo ? 2 : 1); e++) {
        double l = lam[e];
        double cx = l == 0.0 ? q0x : l == 1.0 ? q1x : q0x + l * (q1x - q0x);
        double cy = l == 0.0 ? q0y : l == 1.0 ? q1y : q0y + l * (q1y - q0y);
        double d = (cx - p0x) * ux + (cy - p0y) * uy, sep = d - (rX + rY);
        if (!(sep <= margin)) continue;
        double h = 0.5 * (rX - rY - d);
        out[3 + 3 * kept] = cx + h * ux;
        out[4 + 3 * kept] = cy + h * uy;
        out[5 + 3 * kept] = sep;
        if (feat) {
            feat[2 * kept] = e ? fhi[0] : flo[0];
            feat[2 * kept + 1] = e ? fhi[1] : flo[1];
        }
        kept++;
    }
    return kept;
}

/* Rule 3 of pc_manifold_batch on the scaled cores, margin scaled alike: the
 * count kept (0: none, the caller keeps the single point), out as the
 * batch's layout (scaled). */
static int clipped_faces(const pc__core *ca, const pc__core *cb, double margin, double *out, int *feat)
{
    pc__facelist fa, fb;
    faces_of(ca, &fa);
    faces_of(cb, &fb);
    /* the reference face: the greatest separation along a face's normal */
    double best = -INFINITY, ux = 0.0, uy = 1.0;
    const pc__core *X = ca, *Y = cb;
    const pc__facelist *FY = &fb;
    int bk = 0;
    for (int xs = 0; xs < 2; xs++) {
        const pc__core *face = xs ? cb : ca, *other = xs ? ca : cb;
        const pc__facelist *fl = xs ? &fb : &fa;
        for (int i = 0; i < fl->n; i++) {
            double nx = fl->ux[i], ny = fl->uy[i], px = face->x[fl->edge[i]], py = face->y[fl->edge[i]];
            double s = INFINITY;
            for (int v = 0; v < other->n; v++) s = pc__min(s, (other->x[v] - px) * nx + (other->y[v] - py) * ny);
            if (s > best) {
                best = s;
                ux = nx;
                uy = ny;
                X = face;
                Y = other;
                bk = fl->edge[i];
                FY = xs ? &fa : &fb;
            }
        }
    }
    int fxy[4];
    int kept = clip_incident(X, bk, ux, uy, Y, FY, NULL, margin, out, fxy);
    if (!kept) return 0;
    for (int k = 0; k < kept; k++) { /* X's and Y's features as a's and b's */
        feat[2 * k] = X == ca ? fxy[2 * k] : fxy[2 * k + 1];
        feat[2 * k + 1] = X == ca ? fxy[2 * k + 1] : fxy[2 * k];
    }
    double sgn = X == ca ? 1.0 : -1.0;
    out[1] = sgn * ux + 0.0;
    out[2] = sgn * uy + 0.0;
    return kept;
}

/* The feature of a core nearest (x, y) (scaled alike): the vertex, or the
 * edge whose interior holds the foot of the perpendicular (core codes). */
static int nearest_feature(const pc__core *c, double x, double y)
{
    int best = 0;
    double least = INFINITY;
    for (int k = 0; k < c->n; k++) {
        double dx = x - c->x[k], dy = y - c->y[k], d = dx * dx + dy * dy;
        if (d < least) least = d, best = 2 * k;
    }
    for (int k = 0; k < edge_count(c); k++) {
        int j = (k + 1) % c->n;
        double ex = c->x[j] - c->x[k], ey = c->y[j] - c->y[k], ee = ex * ex + ey * ey;
        double t = ee > 0 ? ((x - c->x[k]) * ex + (y - c->y[k]) * ey) / ee : 0.0;
        if (!(t > 0 && t < 1)) continue;
        double fx = c->x[k] + t * ex - x, fy = c->y[k] + t * ey - y, d = fx * fx + fy * fy;
        if (d < least) least = d, best = 2 * k + 1;
    }
    return best;
}

/* The vertices of a layout row (a box's corners counter-clockwise from
 * (xmin, ymin)): their count. */
static int layout_points(int kind, const double *row, double *x, double *y)
{
    if (kind == PC_BOX) {
        const double cx[4] = {row[0], row[2], row[2], row[0]}, cy[4] = {row[1], row[1], row[3], row[3]};
        memcpy(x, cx, sizeof cx);
        memcpy(y, cy, sizeof cy);
        return 4;
    }
    int n = kind == PC_SEGMENT || kind == PC_CAPSULE ? 2
            : kind == PC_TRIANGLE                    ? 3
            : pc__polygon_kind(kind)                 ? kind - PC_POLYGON + 3
                                                     : 1;
    for (int i = 0; i < n; i++) x[i] = row[2 * i], y[i] = row[2 * i + 1];
    return n;
}

/* The index of the first of n vertices at (x, y) (0 if none). */
static int first_at(int n, const double *x, const double *y, double px, double py)
{
    for (int i = 0; i < n; i++)
        if (x[i] == px && y[i] == py) return i;
    return 0;
}

/* A core's feature code as the layout's: vertex i of the layout (the first
 * at the core's vertex), or edge i from layout vertex i to i + 1: of the
 * layout's edges along the core's edge (a polygon's core skips repeated and
 * straight-on vertices, runs backward through a clockwise layout, and is
 * one segment for a flat shape), the nearest the point (px, py). */
static int layout_feature(const pc__filter *f, int kind, const double *row, const pc__core *c, int code, double px,
                          double py)
{
    double x[PC_POLYGON_MAX], y[PC_POLYGON_MAX];
    int n = layout_points(kind, row, x, y), k = code / 2;
    int i = first_at(n, x, y, c->ox[k], c->oy[k]);
    if (!(code & 1) || n < 2) return 2 * i;
    int kk = (k + 1) % c->n;
    double ax = c->ox[k], ay = c->oy[k], bx = c->ox[kk], by = c->oy[kk];
    double lox = pc__min(ax, bx), hix = pc__max(ax, bx), loy = pc__min(ay, by), hiy = pc__max(ay, by);
    int best = i;
    double least = INFINITY;
    for (int e = 0; e < (n == 2 ? 1 : n); e++) { /* a segment's one edge is edge 0 */
        int j = (e + 1) % n, along = 1;
        for (int v = e; v != -1; v = v == e ? j : -1)
            along &= (x[v] == ax && y[v] == ay) || (x[v] == bx && y[v] == by) || /* the ends: no exact sign needed */
                     (x[v] >= lox && x[v] <= hix && y[v] >= loy && y[v] <= hiy &&
                      pc__orient(f, ax, ay, bx, by, x[v], y[v]) == 0);
        if (!along || (x[e] == x[j] && y[e] == y[j])) continue;
        double ex = x[j] - x[e], ey = y[j] - y[e], ee = ex * ex + ey * ey;
        double t = ee > 0 ? pc__clamp(((px - x[e]) * ex + (py - y[e]) * ey) / ee, 0.0, 1.0) : 0.0;
        double dx = x[e] + t * ex - px, dy = y[e] + t * ey - py, d = dx * dx + dy * dy;
        if (d < least) least = d, best = e;
    }
    return 2 * best + 1;
}

/* Rule 2's point's features: those nearest each witness point of the
 * contact c (a point's or circle's: its centre), in the caller's order. */
static void point_features(const pc__filter *f, int ka, const double *a, int kb, const double *b, const double *c,
                           int16_t *feat)
{
    int e = scale_exponent(pc__max(pc__magnitude(a, pc_kind_width(ka)), pc__magnitude(b, pc_kind_width(kb))));
    for (int side = 0; side < 2; side++) {
        int k = side ? kb : ka;
        const double *row = side ? b : a, *w = c + (side ? 5 : 3);
        if (pc__kind(k)->core_kind == PC_POINT) {
            feat[side] = 0;
            continue;
        }
        pc__core core = pc__core_of(f, k, row, e);
        int code = nearest_feature(&core, ldexp(w[0], -e), ldexp(w[1], -e));
        feat[side] = (int16_t)layout_feature(f, k, row, &core, code, w[0], w[1]);
    }
}

int pc__manifold_point(const double *c, double margin, double *out)
{
    out[0] = 0.0;
    out[1] = c[1];
    out[2] = c[2];
    for (int k = 3; k < 9; k++) out[k] = NAN;
    if (!(c[0] <= margin)) return 0;
    out[0] = 1.0;
    out[3] = halfway(c[3], c[5]);
    out[4] = halfway(c[4], c[6]);
    out[5] = c[0];
    return 1;
}

/* Rules 1 and 2 from the contact in the caller's order (so the no-direction
 * normal is the contact's (0, 1)); rule 3 in the canonical order (kind, then
 * the coordinates), swapped back: symmetric bit for bit. */
void pc__manifold_from(const pc__filter *f, int ka, const double *a, int kb, const double *b, const double *c,
                       double margin, double *out, int16_t *feat)
{
    if (feat)
        for (int k = 0; k < 4; k++) feat[k] = -1;
    if (!pc__manifold_point(c, margin, out)) return;
    if (pc__kind(ka)->core_kind == PC_POINT || pc__kind(kb)->core_kind == PC_POINT) { /* a point or a circle */
        if (feat) point_features(f, ka, a, kb, b, c, feat);
        return;
    }
    int swap = kb < ka || (ka == kb && row_less(b, a, pc_kind_width(ka)));
    if (swap) {
        const double *t = a;
        a = b;
        b = t;
        int kt = ka;
        ka = kb;
        kb = kt;
    }
    double m = pc__max(pc__magnitude(a, pc_kind_width(ka)), pc__magnitude(b, pc_kind_width(kb)));
    int e = scale_exponent(m);
    pc__core ca = pc__core_of(f, ka, a, e), cb = pc__core_of(f, kb, b, e);
    double r[9];
    int fab[4];
    int kept = ca.n > 1 && cb.n > 1 ? clipped_faces(&ca, &cb, ldexp(margin, -e), r, fab) : 0;
    if (!kept) {                                                    /* rule 2's point stands */
        if (feat && swap) point_features(f, kb, b, ka, a, c, feat); /* in the caller's order */
        if (feat && !swap) point_features(f, ka, a, kb, b, c, feat);
        return;
    }
    out[0] = kept;
    out[1] = swap ? 0.0 - r[1] : r[1];
    out[2] = swap ? 0.0 - r[2] : r[2];
    for (int k = 0; k < 3 * kept; k++) out[3 + k] = ldexp(r[3 + k], e);
    for (int k = 3 * kept; k < 6; k++) out[3 + k] = NAN;
    for (int k = 0; feat && k < 4; k++) feat[k] = -1;
    for (int k = 0; feat && k < kept; k++) { /* in the caller's order */
        double px = out[3 + 3 * k], py = out[4 + 3 * k];
        int fa = layout_feature(f, ka, a, &ca, fab[2 * k], px, py),
            fb = layout_feature(f, kb, b, &cb, fab[2 * k + 1], px, py);
        feat[2 * k] = (int16_t)(swap ? fb : fa);
        feat[2 * k + 1] = (int16_t)(swap ? fa : fb);
    }
}

static void manifold_one(const pc__filter *f, int ka, const double *a, int kb, const double *b, double margin,
                         double *out, int16_t *feat)
{
    double c[7];
    pc__contact_one(f, ka, a, kb, b, c);
    pc__manifold_from(f, ka, a, kb, b, c, margin, out, feat);
}

int pc__manifold_face(const pc__filter *f, int kind, const double *a, const double *edge, const double *move,
                      double margin, double *out, int16_t *feat)
{
    int e = scale_exponent(pc__max(pc__magnitude(a, pc_kind_width(kind)), pc__magnitude(edge, 4)));
    pc__core face = pc__core_of(f, PC_SEGMENT, edge, e), c = pc__core_of(f, kind, a, e);
    if (c.n < 2 || face.n != 2) return 0;
    pc__facelist fl;
    faces_of(&c, &fl);
    double r[9], m[2] = {ldexp(move[0], -e), ldexp(move[1], -e)};
    int fxy[4];
    int kept = clip_incident(&face, 0, edge[4], edge[5], &c, &fl, m, ldexp(margin, -e), r, fxy);
    if (!kept) return 0;
    out[0] = kept;
    out[1] = 0.0 - edge[4];
    out[2] = 0.0 - edge[5];
    for (int k = 0; k < 3 * kept; k++) out[3 + k] = ldexp(r[3 + k], e);
    for (int k = 3 * kept; k < 6; k++) out[3 + k] = NAN;
    for (int k = 0; feat && k < kept; k++) /* the shape's (the incident side's) features; the face's the caller's */
        feat[2 * k] = (int16_t)layout_feature(f, kind, a, &c, fxy[2 * k + 1], out[3 + 3 * k], out[4 + 3 * k]);
    return kept;
}

struct manifold_ctx {
    const pc__filter *f;
    int ka, kb;
    double margin;
    int features;
};

static void manifold_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct manifold_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        manifold_one(c->f, c->ka, (const double *)(p[0] + i * s[0]), c->kb, (const double *)(p[1] + i * s[1]),
                     c->margin, (double *)(p[2] + i * s[2]), c->features ? (int16_t *)(p[3] + i * s[3]) : NULL);
}

int pc_manifold_batch(int kind_a, const double *a, const int64_t *strides_a, int kind_b, const double *b,
                      const int64_t *strides_b, double margin, double *out, const int64_t *strides_out,
                      int16_t *features, const int64_t *strides_features, int ndim, const int64_t *shape,
                      double magnitude, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_a) || !pc__is_shape(kind_b)) return PC_ERR_KIND;
    if (!(margin >= 0 && margin <= DBL_MAX)) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    pc__filter filter = pc__filter_for(magnitude);
    struct manifold_ctx ctx = {&filter, kind_a, kind_b, margin, features != NULL};
    const void *ptrs[4] = {a, b, out, features};
    const int64_t *strides[4] = {strides_a, strides_b, strides_out, strides_features};
    int rc =
        pc__batch(ndim, shape, features ? 4 : 3, ptrs, strides, 8u, manifold_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}

void pc__manifold_edge(double part_magnitude, int kind, const double *a, const double *c, const double *edge,
                       int inside, int face, const double *t, double margin, double *out, int16_t *feat, int edge_code)
{
    int16_t fl[4] = {-1, -1, -1, -1};
    if (feat)
        for (int k = 0; k < 4; k++) feat[k] = -1;
    if (!pc__manifold_point(c, margin, out)) return;
    pc__filter f = pc__filter_for(pc__max(part_magnitude, pc__magnitude(a, pc_kind_width(kind))));
    if (edge && inside && pc__manifold_face(&f, kind, a, edge, t, margin, out, fl)) {
        /* the shape's face against the edge: fl holds the shape's features */
    } else if (edge && !inside) {
        pc__manifold_from(&f, kind, a, PC_SEGMENT, edge, c, margin, out, feat ? fl : NULL);
        if (face) {
            out[1] = c[1];
            out[2] = c[2];
        }
    } else if (feat) { /* c's single point: the shape's feature nearest it */
        int16_t two[4];
        double dummy[2] = {c[5], c[6]};
        point_features(&f, kind, a, PC_POINT, dummy, c, two);
        fl[0] = two[0];
    }
    for (int k = 0; feat && k < 2 && k < (int)out[0]; k++) { /* the world's side: the edge (the solid's boundary) */
        feat[2 * k] = fl[2 * k];
        feat[2 * k + 1] = (int16_t)edge_code;
    }
}
