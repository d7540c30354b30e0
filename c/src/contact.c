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
 * separation <= 0 exactly when overlaps() is true.  The float geometry runs
 * on coordinates scaled by a power of two into a range where no square
 * overflows or underflows, the same for every power-of-two scaling of a pair
 * (see scale_exponent and contact_canonical), so that its result, ties
 * between equal depths included, does not depend on the scale.  When both
 * cores are one and the same point no direction exists and the normal is
 * (0, 1) in the caller's order.
 *
 * Symmetry: contact(b, a) is contact(a, b) with the normal negated and the
 * points swapped, bit for bit: every pair is computed in one canonical order
 * (by kind, then by the coordinates) and swapped back.
 */
#include <float.h>
#include <math.h>
#include <string.h>

/* GCC's straight-line (SLP) vectoriser packs pairs of this file's scalar
 * geometry into vectors and unpacks them again: without it a ball against a
 * triangle's contact is 53 -> 49 ns (AMD EPYC, the C driver), the other pairs
 * and the manifolds unchanged.  A code-generation choice only: the
 * arithmetic, and so every result, is the same bit for bit. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif

#include "contact.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "walk.h"

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define PC_HAVE_SSE2 1
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define PC_HAVE_AVX2 1  /* compiled in, taken where the processor has it */
#endif

/* ---- cores -------------------------------------------------------------- */

typedef struct {
    int n;                          /* vertices in use */
    double x[PC_CORE_MAX], y[PC_CORE_MAX];   /* counter-clockwise, scaled by 2^-e */
    double ox[PC_CORE_MAX], oy[PC_CORE_MAX]; /* the same vertices unscaled, for exact signs */
    double r;
    int w;                          /* +1: a polygon (counter-clockwise), 0: a point or a segment */
} pc__core;

/* The core of a shape (the kind's descriptor: exact, counter-clockwise, no
 * repeated or collinear vertex), its coordinates also kept scaled by 2^-e for
 * the float geometry (see scale_exponent). */
static pc__core core_of(const pc__filter *f, int kind, const double *s, int e)
{
    pc__hull h;
    pc__hull_of(f, kind, s, &h);
    pc__core c;
    c.n = h.n;
    c.r = ldexp(h.R, -e);
    c.w = h.n >= 3;
    for (int k = 0; k < c.n; k++) {
        c.ox[k] = h.x[k];
        c.oy[k] = h.y[k];
        c.x[k] = ldexp(h.x[k], -e);
        c.y[k] = ldexp(h.y[k], -e);
    }
    return c;
}

/* The unit vector along (x, y), from a copy scaled by a power of two so that
 * subnormal (or huge) components keep their precision: (ux, uy) is unit to
 * rounding even when hypot(x, y) itself is a subnormal.  (0, 0) stays 0. */
static void unit_of(double x, double y, double *ux, double *uy)
{
    double m = pc__max(fabs(x), fabs(y));
    if (!(m > 0)) { *ux = *uy = 0.0; return; }
    int e;
    frexp(m, &e);
    x = ldexp(x, -e);
    y = ldexp(y, -e);
    double l = hypot(x, y);
    *ux = x / l;
    *uy = y / l;
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

/* Vertex i of `from` against edge k of `to` (its single point if it has no
 * edge): the distance, the closest point on the edge and the unit direction
 * from it to the vertex.  An interior foot is found from the perpendicular
 * offset, so the direction is the edge's normal (sign decided exactly) and the
 * distance carries an error relative to itself, not to the edge's length. */
static double vertex_edge(const pc__filter *f, const pc__core *from, int i, const pc__core *to, int k,
                          double *cx, double *cy, double *ux, double *uy, int *perp)
{
    int ne = edge_count(to), j = ne ? (k + 1) % to->n : k;
    double vx = from->x[i], vy = from->y[i];
    double px = to->x[k], py = to->y[k], ex = to->x[j] - px, ey = to->y[j] - py;
    double len = hypot(ex, ey);
    /* the foot is interior when the vertex projects past neither end; each end
     * is tested from its own offset, so a vertex a hair from an end is placed
     * right whatever the edge's length */
    double dp = (vx - px) * ex + (vy - py) * ey;
    double dq = (vx - to->x[j]) * ex + (vy - to->y[j]) * ey;
    *perp = 0;
    if (len > 0 && dp > 0 && dq < 0) {
        /* the perpendicular offset from the nearer end: no cancellation against
         * the edge's length */
        double ox = dq > -dp ? to->x[j] : px, oy = dq > -dp ? to->y[j] : py;
        double c = (ex / len) * (vy - oy) - (ey / len) * (vx - ox);
        int side = pc__orient(f, to->ox[k], to->oy[k], to->ox[j], to->oy[j], from->ox[i], from->oy[i]);
        if (side != 0) {
            double tx, ty;
            unit_of(ex, ey, &tx, &ty);
            *ux = side * -ty;
            *uy = side * tx;
            double d = fabs(c);
            *cx = vx - d * *ux;
            *cy = vy - d * *uy;
            *perp = 1;
            return d;
        }
    }
    if (len > 0 && dq >= 0) { px = to->x[j]; py = to->y[j]; }
    double dx = vx - px, dy = vy - py, d = hypot(dx, dy);
    *cx = px;
    *cy = py;
    unit_of(dx, dy, ux, uy);
    return d;
}

/* Vertices of `from` against the edges (or the single point) of `to`: keep
 * the closest pair; `flip` says `from` is b (the normal runs from a to b). */
static void closest_pairs(const pc__filter *f, const pc__core *from, const pc__core *to, int flip,
                          double *best, int *best_perp, pc__result *res)
{
    int ne = edge_count(to);
    for (int i = 0; i < from->n; i++) {
        for (int k = 0; k < (ne ? ne : 1); k++) {
            double cx, cy, ux, uy;
            int perp;
            double d = vertex_edge(f, from, i, to, k, &cx, &cy, &ux, &uy, &perp);
            if (!(ux != 0 || uy != 0)) {
                /* the pair met in the scaled floats (cores apart by less than
                 * what scaling down rounded away): no gap to measure, and a
                 * farther pair's would be wrong */
                *best = 0.0;
                return;
            }
            /* a foot inside an edge beats that edge's own ends, which rounding can
             * make look a hair closer */
            int better = d < *best || (perp && !*best_perp && d <= *best * (1 + 0x1p-48));
            if (!better) continue;
            *best = d;
            *best_perp = perp;
            res->sep = d;
            if (flip) {  /* from = b: the direction edge -> vertex runs from a to b */
                res->nx = ux; res->ny = uy;
                res->ax = cx; res->ay = cy; res->bx = from->x[i]; res->by = from->y[i];
            } else {
                res->nx = -ux; res->ny = -uy;
                res->ax = from->x[i]; res->ay = from->y[i]; res->bx = cx; res->by = cy;
            }
        }
    }
}

/* Cores apart: the closest points, the gap along them. */
static int apart(const pc__filter *f, const pc__core *a, const pc__core *b, pc__result *res)
{
    double best = INFINITY;
    int best_perp = 0;
    closest_pairs(f, a, b, 0, &best, &best_perp, res);
    closest_pairs(f, b, a, 1, &best, &best_perp, res);
    return best > 0 && best < INFINITY;  /* else rounding collapsed the gap: let the axes decide */
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

/* The result along a face's outward unit normal u: (cx, cy) on the face, the
 * other core's point `depth` behind it along u; flip: the face belongs to b,
 * so the normal (from a to b) is -u. */
static void face_result(int flip, double ux, double uy, double cx, double cy, double depth, pc__result *res)
{
    double qx = cx - depth * ux, qy = cy - depth * uy;
    if (flip) {
        res->nx = -ux; res->ny = -uy;
        res->ax = qx; res->ay = qy; res->bx = cx; res->by = cy;
    } else {
        res->nx = ux; res->ny = uy;
        res->ax = cx; res->ay = cy; res->bx = qx; res->by = qy;
    }
    res->sep = -depth;
}

/* The cores' result grown by the radii along the normal. */
static void grow(pc__result *res, double ra, double rb)
{
    res->sep -= ra + rb;
    res->ax += ra * res->nx; res->ay += ra * res->ny;
    res->bx -= rb * res->nx; res->by -= rb * res->ny;
}

/* Try the outward normals of the edges of `face` as axes (both normals of a
 * flat core).  Depth along u = max(a . u) - min(b . u), with a the core the
 * normal points out of when !flip. */
static void axes_of(const pc__core *face, const pc__core *other, int flip, double *best, int *best_off,
                    pc__result *res)
{
    int ne = edge_count(face), w = face->w;
    for (int k = 0; k < ne; k++) {
        int j = (k + 1) % face->n;
        double ex = face->x[j] - face->x[k], ey = face->y[j] - face->y[k];
        double len = hypot(ex, ey);
        if (!(len > 0)) continue;
        for (int side = -1; side <= 1; side += 2) {
            if (w != 0 && side != -w) continue;  /* a proper polygon: the outward normal only */
            /* (ey, -ex) is the right-hand normal; outward for a counter-clockwise polygon */
            double tx, ty;
            unit_of(ex, ey, &tx, &ty);
            double ux = side * -ty, uy = side * tx;
            int kf = 0, ko = 0;
            double hf = support_max(face, ux, uy, &kf);
            double ho = support_max(other, -ux, -uy, &ko);
            double depth = hf + ho;  /* max(face . u) - min(other . u) */
            /* the other core's deepest vertex, moved onto the face line, kept on the face */
            double px = other->x[ko] + depth * ux, py = other->y[ko] + depth * uy, cx, cy;
            /* a polygon's support set along its edge normal is that edge; a flat
             * core's is the whole segment it spans */
            int lo = k, hi = j;
            if (w == 0) {
                support_max(face, ex, ey, &hi);
                support_max(face, -ex, -ey, &lo);
            }
            closest_on_segment(px, py, face->x[lo], face->y[lo], face->x[hi], face->y[hi], &cx, &cy);
            /* Off the face, the witness points would leave the other core.  Axes of
             * (nearly) equal depth, such as the edges of a sliver, are told apart
             * by that: one whose face holds the projection wins the tie. */
            double tie = 0x1p-40 * (fabs(depth) + fabs(px) + fabs(py));
            int off = fabs(cx - px) + fabs(cy - py) > tie;
            if (!(depth < *best - tie || (depth <= *best + tie && *best_off && !off))) continue;
            *best = depth;
            *best_off = off;
            face_result(flip, ux, uy, cx, cy, depth, res);
        }
    }
}

/* Cores meeting: the minimum translation over the edge normals of both.  When
 * neither core has an edge (both are one and the same point) no direction
 * exists; the documented normal is (0, 1) in the caller's order, which is
 * `degenerate_ny` = -1 here when the caller's pair was swapped. */
static void meeting(const pc__core *a, const pc__core *b, double degenerate_ny, pc__result *res)
{
    double best = INFINITY;
    int best_off = 0;
    axes_of(a, b, 0, &best, &best_off, res);
    axes_of(b, a, 1, &best, &best_off, res);
    if (best == INFINITY) {
        res->sep = 0.0;
        res->nx = 0.0; res->ny = degenerate_ny;
        res->ax = res->bx = a->x[0];
        res->ay = res->by = a->y[0];
    }
}

/* The float geometry squares coordinate differences, so it needs magnitudes
 * far from the ends of the doubles' range; and it must not depend on the scale
 * (which of two equal depths wins, say).  So it runs scaled by 2^-e, with the
 * magnitude in [2^(e-1), 2^e), into (-1, 1): exact when scaling up, and
 * scaling down rounds only subnormal parts, which are below the answer's
 * precision at such a scale.  Two pairs that are one another times a power
 * of two are then computed on the same doubles, and their results are the
 * same up to that power. */
static int scale_exponent(double magnitude)
{
    int e = 0;
    if (magnitude > 0 && isfinite(magnitude)) frexp(magnitude, &e);
    return e;
}

/* ---- the fast paths: any two cores, by squared distances ----
 *
 * The common contacts of games and simulations: a ball near a wall, a crate
 * on a slope, two capsules.  Squared distances and depths choose the closest
 * features (or the shallowest axis); one square root for the winner, no libm
 * call.  Taken only where no square, nor a square of a cross product
 * (degree 4), can overflow or underflow (m, the magnitude of both rows,
 * within 2^-200..2^240; every edge at least 2^-36 m long) and the gap or
 * depth is at least 2^-36 m, far above the float geometry's error (a few
 * ulps of m; nearer, which feature is closest is for the general path's
 * careful geometry to say); otherwise these return 0 and the general path
 * answers.  The results are the general path's up to
 * rounding: the same features, an interior foot giving the edge's normal. */

/* A core's edges for the fast paths: edge k runs from vertex k to vertex
 * k + 1 (one edge for a segment core, none for a point), with its squared
 * length, found once per core. */
typedef struct {
    int ne;
    double ex[PC_CORE_MAX], ey[PC_CORE_MAX], ee[PC_CORE_MAX];
} pc__edges;

/* 0 when an edge is too short for squares (ee below floor2) */
static int edges_of(const pc__hull *h, double floor2, pc__edges *e)
{
    e->ne = h->n == 1 ? 0 : h->n == 2 ? 1 : h->n;
    for (int k = 0; k < e->ne; k++) {
        int j = k + 1 == h->n ? 0 : k + 1;
        double ex = h->x[j] - h->x[k], ey = h->y[j] - h->y[k], ee = ex * ex + ey * ey;
        if (!(ee >= floor2)) return 0;
        e->ex[k] = ex; e->ey[k] = ey; e->ee[k] = ee;
    }
    return 1;
}

/* The nearest features of a core to a point outside it: the nearest vertex
 * (squared distance v2), and the nearest foot inside an edge (f2, edge
 * `foot`, c the edge's cross product with the point; foot = -1 for none).
 * Every edge is tried, on whichever side of its line the point lies: which
 * side that is, the rounded c cannot say near the line, and an edge the
 * point lies within rounding of is the one that matters.  The distance from
 * a point outside a convex core to a foot on any of its edges is at least
 * the distance to the core, so the nearest of them all is right. */
typedef struct {
    double v2, f2, c;
    int vertex, foot;
} pc__near;

static void nearest(const pc__hull *h, const pc__edges *e, double px, double py, pc__near *o)
{
    o->v2 = o->f2 = INFINITY;
    o->c = 0.0;
    o->vertex = 0;
    o->foot = -1;
    for (int k = 0; k < h->n; k++) {
        double wx = px - h->x[k], wy = py - h->y[k], d2 = wx * wx + wy * wy;
        if (d2 < o->v2) { o->v2 = d2; o->vertex = k; }
        if (k >= e->ne) continue;
        double ex = e->ex[k], ey = e->ey[k];
        double c = ex * wy - ey * wx;  /* > 0: p on the left (the inner side of a counter-clockwise polygon) */
        double dp = wx * ex + wy * ey;
        if (!(dp > 0 && dp < e->ee[k])) continue;
        double c2 = c * c / e->ee[k];
        if (c2 < o->f2) { o->f2 = c2; o->foot = k; o->c = c; }
    }
}

/* a foot inside an edge beats that edge's own ends (or another pair's
 * vertices), which rounding can make look a hair closer */
static int foot_wins(double f2, double v2) { return f2 <= v2 * (1 + 0x1p-46); }

/* The distance from a point to the foot on an edge (ex, ey) of squared
 * length ee, c the edge's cross product with the point, and the unit
 * direction from the point to it (the edge's normal toward the edge). */
static PC_ALWAYS_INLINE double toward_foot(double ex, double ey, double ee, double c, double *ux, double *uy)
{
    double len = sqrt(ee), s = c > 0 ? 1.0 : -1.0;  /* toward the edge from the point's side */
    *ux = s * ey / len;
    *uy = -s * ex / len;
    return fabs(c) / len;
}

/* The distance from (px, py) to (qx, qy), d2 its square, and the unit
 * direction from the first to the second. */
static PC_ALWAYS_INLINE double toward_point(double px, double py, double qx, double qy, double d2, double *ux,
                                            double *uy)
{
    double d = sqrt(d2);
    *ux = (qx - px) / d;
    *uy = (qy - py) / d;
    return d;
}

/* The distance from (px, py) to feature `near` of h (its foot if use_foot,
 * else its vertex), and the unit direction from the point to it. */
static double toward(const pc__hull *h, const pc__edges *e, double px, double py, const pc__near *near,
                     int use_foot, double *ux, double *uy)
{
    if (use_foot) {
        int k = near->foot;
        return toward_foot(e->ex[k], e->ey[k], e->ee[k], near->c, ux, uy);
    }
    return toward_point(px, py, h->x[near->vertex], h->y[near->vertex], near->v2, ux, uy);
}

/* The result for a gap d along the unit u from a's core point (px, py) to
 * b's core, the radii added. */
static void gap_result(double px, double py, double d, double ux, double uy, double ra, double rb,
                       pc__result *res)
{
    res->sep = d - (ra + rb);
    res->nx = ux; res->ny = uy;
    res->ax = px + ra * ux; res->ay = py + ra * uy;
    res->bx = px + (d - rb) * ux; res->by = py + (d - rb) * uy;
}

/* Two cores apart (decided exactly): the closest pair of features, each
 * vertex of one against the other core.  0 where squares are unsafe or the
 * gap is within 2^-36 m (the general path). */
static int cores_apart(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb,
                       double floor2, pc__result *res)
{
    /* the best foot and the best vertex pair over both directions */
    double f2 = INFINITY, v2 = INFINITY;
    int f_side = 0, f_i = 0, v_i = 0;
    pc__near f_near = {INFINITY, INFINITY, 0.0, 0, -1}, v_near = f_near;
    for (int side = 0; side < 2; side++) {
        const pc__hull *from = side ? hb : ha, *to = side ? ha : hb;
        const pc__edges *to_e = side ? ea : eb;
        if (side && !to_e->ne) break;  /* no edge of a: b's vertices meet a's only at vertices, seen already */
        for (int i = 0; i < from->n; i++) {
            pc__near near;
            nearest(to, to_e, from->x[i], from->y[i], &near);
            if (near.foot >= 0 && near.f2 < f2) { f2 = near.f2; f_side = side; f_i = i; f_near = near; }
            if (!side && near.v2 < v2) { v2 = near.v2; v_i = i; v_near = near; }
        }
    }
    int use_foot = f_near.foot >= 0 && foot_wins(f2, v2);
    if (!((use_foot ? f2 : v2) >= floor2)) return 0;
    if (!use_foot || !f_side) {  /* from a's vertex to b */
        int i = use_foot ? f_i : v_i;
        double ux, uy, d = toward(hb, eb, ha->x[i], ha->y[i], use_foot ? &f_near : &v_near, use_foot, &ux, &uy);
        gap_result(ha->x[i], ha->y[i], d, ux, uy, ha->R, hb->R, res);
        return 1;
    }
    /* from b's vertex to its foot on a's edge: the same gap seen from b */
    double ux, uy, d = toward(ha, ea, hb->x[f_i], hb->y[f_i], &f_near, 1, &ux, &uy);
    double px = hb->x[f_i] + d * ux, py = hb->y[f_i] + d * uy;  /* the foot on a */
    gap_result(px, py, d, -ux, -uy, ha->R, hb->R, res);
    return 1;
}

/* The result for the least depth found: face b_k of side b_side (its normal
 * flipped for a segment's other side), s_best < 0 the separation of the other
 * core's vertex b_w along the face's normal (times |edge|).  The witness on
 * the face is that vertex moved onto the face line; 0 when it falls off the
 * face (slivers: the general path breaks such ties), or the depth is within
 * 2^-36 m of 0. */
static int meeting_face(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb,
                        double floor2, int b_side, int b_k, int b_w, int b_flip, double s_best, pc__result *res)
{
    const pc__hull *face = b_side ? hb : ha, *other = b_side ? ha : hb;
    const pc__edges *fe = b_side ? eb : ea;
    double ex = fe->ex[b_k], ey = fe->ey[b_k];
    if (!(s_best * s_best >= floor2 * fe->ee[b_k])) return 0;
    double len = sqrt(fe->ee[b_k]), depth = -s_best / len;
    double ux = ey / len, uy = -ex / len;  /* the face's outward normal */
    if (b_flip) { ux = -ux; uy = -uy; }
    double cx = other->x[b_w] + depth * ux, cy = other->y[b_w] + depth * uy;  /* on the face line */
    double t = (cx - face->x[b_k]) * ex + (cy - face->y[b_k]) * ey;
    if (!(t >= 0 && t <= fe->ee[b_k])) return 0;  /* off the face */
    face_result(b_side, ux, uy, cx, cy, depth, res);
    grow(res, ha->R, hb->R);
    return 1;
}

/* Two cores meeting: the least depth over the edge normals of both (both
 * normals of a segment core: the general path's axes), by squared depths;
 * the witness on the face is the other core's deepest vertex moved onto the
 * face line (meeting_face). */
static int cores_meeting(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb,
                         double floor2, pc__result *res)
{
    double best = INFINITY, s_best = 0.0;
    int b_side = 0, b_k = 0, b_w = 0, b_flip = 0;
    for (int side = 0; side < 2; side++) {
        const pc__hull *face = side ? hb : ha, *other = side ? ha : hb;
        const pc__edges *fe = side ? eb : ea;
        for (int a = 0; a < 2 * fe->ne; a++) {
            /* a polygon's outward normals; both normals of a segment core */
            int k = face->n == 2 ? 0 : a, flip = face->n == 2 && a == 1;
            if (face->n != 2 && a >= fe->ne) break;
            double nx = flip ? -fe->ey[k] : fe->ey[k], ny = flip ? fe->ex[k] : -fe->ex[k];  /* |edge| long */
            double s = INFINITY;
            int w = 0;
            for (int i = 0; i < other->n; i++) {
                double v = (other->x[i] - face->x[k]) * nx + (other->y[i] - face->y[k]) * ny;
                if (v < s) { s = v; w = i; }
            }
            if (!(s < 0)) return 0;  /* apart along it in floats: near touching */
            double s2 = s * s / fe->ee[k];
            if (s2 < best) { best = s2; s_best = s; b_side = side; b_k = k; b_w = w; b_flip = flip; }
        }
    }
    if (best == INFINITY) return 0;  /* two points */
    return meeting_face(ha, ea, hb, eb, floor2, b_side, b_k, b_w, b_flip, s_best, res);
}

/* The Voronoi region of a polygon core (counter-clockwise, n >= 3) that a
 * point p outside it lies in, given for each edge k the cross product
 * c[k] = e_k x (p - v_k) (> 0: p on the inner side) and the projection
 * t[k] = (p - v_k) . e_k: PC_FOOT with *k the edge when p lies outside k's
 * line and projects inside the edge (the polygon lies behind that line, so
 * the foot is nearest), PC_VERTEX with *k the vertex when p projects before
 * edge k and past edge k - 1 and lies outside one of the two edges' lines
 * (p - v_k then lies in the vertex's normal cone; for a corner that turns,
 * the last condition follows from the first two, but where the core runs
 * straight on through v_k, as polygon_hull allows, the first two hold on the
 * whole perpendicular through v_k, inner half included).  The regions cover
 * the outside, so one of them holds up to rounding; none holding (rounding
 * at a border) is PC_NO_REGION. */
enum { PC_NO_REGION, PC_FOOT, PC_VERTEX };
static PC_ALWAYS_INLINE int voronoi_region(const pc__edges *e, const double *c, const double *t, int *k)
{
    int n = e->ne;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        *k = i;
        if (c[i] < 0 && t[i] > 0 && t[i] < e->ee[i]) return PC_FOOT;
        if (t[i] <= 0 && t[j] >= e->ee[j] && (c[i] < 0 || c[j] < 0)) return PC_VERTEX;
    }
    return PC_NO_REGION;
}

/* voronoi_region from bit masks (bit k for edge k of n, counter-clockwise):
 * neg, c[k] < 0; fore, t[k] > 0; within, t[k] < |e_k|^2.  Bit k of the
 * result: the foot on edge k (outside it, projecting inside it; also in
 * *foot), or vertex k (before edge k, past edge k - 1 (t >= |e|^2: not
 * within, not before), outside one of them).  voronoi_region's answer is
 * the first set bit from its first edge on. */
static PC_ALWAYS_INLINE unsigned voronoi_bits(unsigned neg, unsigned fore, unsigned within, int n, unsigned *foot)
{
    unsigned full = (1u << n) - 1, before = ~fore & full, past = fore & ~within;
    unsigned prev_past = ((past << 1) | (past >> (n - 1))) & full;
    unsigned prev_neg = ((neg << 1) | (neg >> (n - 1))) & full;
    *foot = neg & fore & within;
    return *foot | (before & prev_past & (neg | prev_neg));
}

/* For each edge k of a core, the cross product c[k] = e_k x (p - v_k) and the
 * projection t[k] = (p - v_k) . e_k of the point p = (x, y): voronoi_region's
 * inputs (c[k] is the determinant pc__orient(v_k, v_k+1, p) computes, with
 * the same roundings, so the semi-static filter bounds it). */
static PC_ALWAYS_INLINE void edge_sides(const pc__hull *h, const pc__edges *e, double x, double y, double *c,
                                        double *t)
{
    for (int k = 0; k < e->ne; k++) {
        double wx = x - h->x[k], wy = y - h->y[k];
        c[k] = e->ex[k] * wy - e->ey[k] * wx;
        t[k] = wx * e->ex[k] + wy * e->ey[k];
    }
}

/* The nearest point (*qx, *qy) of a core h with an edge (a segment, or a
 * polygon by voronoi_region) to the point (x, y) outside it; 0 when no
 * region holds. */
static int core_nearest(const pc__hull *h, const pc__edges *e, double x, double y, double *qx, double *qy)
{
    if (h->n == 2) {  /* the foot, held on the segment */
        double t = ((x - h->x[0]) * e->ex[0] + (y - h->y[0]) * e->ey[0]) / e->ee[0];
        t = pc__clamp(t, 0.0, 1.0);
        *qx = t == 1.0 ? h->x[1] : h->x[0] + t * e->ex[0];
        *qy = t == 1.0 ? h->y[1] : h->y[0] + t * e->ey[0];
        return 1;
    }
    double c[PC_CORE_MAX], t[PC_CORE_MAX];
    edge_sides(h, e, x, y, c, t);
    int k, region = voronoi_region(e, c, t, &k);
    if (region == PC_NO_REGION) return 0;
    double s = region == PC_FOOT ? t[k] / e->ee[k] : 0.0;
    *qx = h->x[k] + s * e->ex[k];
    *qy = h->y[k] + s * e->ey[k];
    return 1;
}

/* A ball's centre p (core a, one point) against a polygon core b, given for
 * each edge k the cross product c[k] = e_k x (p - v_k) (> 0: p on the inner
 * side) and the projection t[k] = (p - v_k) . e_k.
 * Outside (some c[k] < 0), the nearest point of the polygon is found from
 * p's Voronoi region (voronoi_region), with no search over all features;
 * -1 for the full search where rounding leaves no region.
 * Inside (every c[k] > 0), the least depth c[k] / |e_k| (as cores_meeting
 * computes it: its separation there is -c[k], bit for bit). */
static int ball_polygon(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb,
                        const double *c, const double *t, int inside, double floor2, pc__result *res)
{
    int n = eb->ne;
    if (inside) {
        double best = INFINITY;
        int b_k = 0;
        for (int k = 0; k < n; k++) {
            double s2 = c[k] * c[k] / eb->ee[k];
            int b = s2 < best;
            best = b ? s2 : best;
            b_k ^= (b_k ^ k) & -b;
        }
        return meeting_face(ha, ea, hb, eb, floor2, 1, b_k, 0, 0, -c[b_k], res);
    }
    double px = ha->x[0], py = ha->y[0];
    int k, region = voronoi_region(eb, c, t, &k);
    if (region == PC_FOOT) {
        if (!(c[k] * c[k] >= floor2 * eb->ee[k])) return 0;
        double len = sqrt(eb->ee[k]);
        gap_result(px, py, -c[k] / len, -eb->ey[k] / len, eb->ex[k] / len, ha->R, hb->R, res);
        return 1;
    }
    if (region == PC_VERTEX) {
        double wx = hb->x[k] - px, wy = hb->y[k] - py, d2 = wx * wx + wy * wy;
        if (!(d2 >= floor2)) return 0;
        double d = sqrt(d2);
        gap_result(px, py, d, wx / d, wy / d, ha->R, hb->R, res);
        return 1;
    }
    return -1;
}

/* ---- separating axes: one pass over the faces of both cores ----
 *
 * The separation of the cores along a face's outward unit normal u is
 * min over the other core's vertices v of (v - p) . u (p on the face).  The
 * greatest over every face (both normals of a segment core) decides:
 *  - below 0: the cores meet, and it is minus the least depth over the edge
 *    normals (cores_meeting's answer, without the exact overlap test: every
 *    face's separation is then clearly negative, and for two cores with
 *    faces, normals of both segments included, that is overlap);
 *  - above 0 with the deepest vertex projecting onto the face: the cores are
 *    that far apart (no two points are nearer than their separation along
 *    any axis, and that vertex is that near the face);
 *  - above 0 otherwise: apart, the nearest pair at a corner (corner_pair,
 *    else cores_apart).
 * Taken for magnitudes within 2^-120..2^150, where s^2 (s the separation
 * times |edge|: up to 2^6 m^4, and down to 2^-144 m^4 for a face the fast
 * paths accept) neither overflows nor underflows. */

/* Every face's separation s (times |edge|) and deepest vertex w, then the
 * best: separations are compared as s / |edge|, with the reciprocal of
 * |edge| found per face (it depends on the face alone, so it is computed
 * while the projections are, not after them: dividing the keys, and taking
 * the winner's square root, had been a chain of latencies after the search).
 * The keys are found in one pass and the greatest picked in a second, by
 * selects only: which face wins varies from pair to pair, so a branch on it
 * would be mispredicted. */
typedef struct {
    int n;  /* faces listed */
    double key[2 * PC_CORE_MAX], s[2 * PC_CORE_MAX], il[2 * PC_CORE_MAX];
    unsigned char side[2 * PC_CORE_MAX], k[2 * PC_CORE_MAX], w[2 * PC_CORE_MAX], flip[2 * PC_CORE_MAX];
} pc__axes;

static void axis_add(pc__axes *ax, double s, double il, int side, int k, int w, int flip)
{
    int j = ax->n++;
    ax->key[j] = s * il;
    ax->il[j] = il;
    ax->s[j] = s;
    ax->side[j] = (unsigned char)side;
    ax->k[j] = (unsigned char)k;
    ax->w[j] = (unsigned char)w;
    ax->flip[j] = (unsigned char)flip;
}

/* `other` with at least this many vertices is walked round (faces_against);
 * with fewer, the full search over its vertices is faster than the walk's
 * branches (a box or a triangle: 10-40% slower walked) */
#define PC_CALIPERS 5

/* The least projection of `other`'s vertices from (px, py) onto (nx, ny), and
 * in *w the first vertex giving it.  Its index is kept with a mask, not a
 * select the compiler may turn into a branch: which vertex is deepest is
 * random, and mispredicted branches there cost 10-15% of a polygon pair's
 * contact. */
static PC_ALWAYS_INLINE double least_along(const pc__hull *other, double px, double py, double nx, double ny,
                                           int *w)
{
    double lo = INFINITY;
    int wl = 0;
    for (int i = 0; i < other->n; i++) {
        double v = (other->x[i] - px) * nx + (other->y[i] - py) * ny;
        int l = v < lo;
        lo = l ? v : lo;
        wl ^= (wl ^ i) & -l;
    }
    *w = wl;
    return lo;
}

/* the faces of `face` (side 0: a's) against the vertices of `other`.  A
 * polygon's faces have loops of their own, without the greatest projection
 * that only a segment's other normal needs (indices kept with masks, as in
 * least_along). */
static void faces_against(const pc__hull *face, const pc__edges *fe, const pc__hull *other, int side,
                          pc__axes *ax)
{
    if (face->n != 2 && other->n >= PC_CALIPERS) {
        /* the deepest vertex of a counter-clockwise `other` along the inward
         * normal of face k moves forward round `other` as k goes round `face`:
         * from face to face it is found by walking on while the next vertex
         * lies deeper (all the faces together walk round `other` once),
         * after one full search for face 0.  Where rounding makes two
         * neighbours' projections look level the walk may stop a vertex
         * early, at a projection within rounding of the least. */
        int m = other->n, w = 0;
        double lo = INFINITY;
        for (int k = 0; k < fe->ne; k++) {
            double nx = fe->ey[k], ny = -fe->ex[k];
            double px = face->x[k], py = face->y[k];
            if (k == 0) {
                lo = least_along(other, px, py, nx, ny, &w);
            } else {
                lo = (other->x[w] - px) * nx + (other->y[w] - py) * ny;
                for (int step = 1; step < m; step++) {
                    int nw = w + 1 == m ? 0 : w + 1;
                    double v = (other->x[nw] - px) * nx + (other->y[nw] - py) * ny;
                    if (!(v < lo)) break;
                    lo = v;
                    w = nw;
                }
            }
            axis_add(ax, lo, 1.0 / sqrt(fe->ee[k]), side, k, w, 0);
        }
        return;
    }
    if (face->n != 2) {  /* a polygon: its outward normals only */
        for (int k = 0; k < fe->ne; k++) {
            int w;
            double lo = least_along(other, face->x[k], face->y[k], fe->ey[k], -fe->ex[k], &w);
            axis_add(ax, lo, 1.0 / sqrt(fe->ee[k]), side, k, w, 0);
        }
        return;
    }
    for (int k = 0; k < fe->ne; k++) {  /* a segment: both normals */
        double nx = fe->ey[k], ny = -fe->ex[k];  /* |n| = |edge| */
        double px = face->x[k], py = face->y[k], lo = INFINITY, hi = -INFINITY;
        int wlo = 0, whi = 0;
        for (int i = 0; i < other->n; i++) {
            double v = (other->x[i] - px) * nx + (other->y[i] - py) * ny;
            int l = v < lo, h = v > hi;
            lo = l ? v : lo;
            wlo ^= (wlo ^ i) & -l;
            hi = h ? v : hi;
            whi ^= (whi ^ i) & -h;
        }
        double il = 1.0 / sqrt(fe->ee[k]);
        axis_add(ax, lo, il, side, k, wlo, 0);
        axis_add(ax, -hi, il, side, k, whi, 1);
    }
}

#ifdef PC_HAVE_AVX2
/* faces_against for two cores of three or four vertices each (triangles,
 * boxes, 3- and 4-gons), a core's four faces per instruction (AVX2, chosen at
 * run time): the same projections, least vertices and reciprocal lengths,
 * rounded as one at a time, so the same axes in the same order.  A core of
 * three has a spare fourth lane, filled from the first (never read back). */
__attribute__((target("avx2"))) static __m256d four_of(const double *v, int n)
{
    __m256d x = _mm256_loadu_pd(v);
    __m256d first = _mm256_permute4x64_pd(x, 0);
    return n == 3 ? _mm256_blend_pd(x, first, 8) : x;
}

__attribute__((target("avx2"))) static void faces_small(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb,
                                                      const pc__edges *eb, pc__axes *ax)
{
    for (int side = 0; side < 2; side++) {
        const pc__hull *face = side ? hb : ha, *other = side ? ha : hb;
        const pc__edges *fe = side ? eb : ea;
        int nf = face->n;
        __m256d FX = four_of(face->x, nf), FY = four_of(face->y, nf);
        __m256d NX = four_of(fe->ey, nf), NY = _mm256_sub_pd(_mm256_setzero_pd(), four_of(fe->ex, nf));
        __m256d LO = _mm256_set1_pd(INFINITY), W = _mm256_setzero_pd();
        for (int i = 0; i < other->n; i++) {
            __m256d V = _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(_mm256_set1_pd(other->x[i]), FX), NX),
                                      _mm256_mul_pd(_mm256_sub_pd(_mm256_set1_pd(other->y[i]), FY), NY));
            __m256d L = _mm256_cmp_pd(V, LO, _CMP_LT_OQ);
            LO = _mm256_blendv_pd(LO, V, L);
            W = _mm256_blendv_pd(W, _mm256_set1_pd((double)i), L);
        }
        __m256d IL = _mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(four_of(fe->ee, nf)));
        double lo[4], il[4], key[4], w[4];
        _mm256_storeu_pd(lo, LO);
        _mm256_storeu_pd(il, IL);
        _mm256_storeu_pd(key, _mm256_mul_pd(LO, IL));
        _mm256_storeu_pd(w, W);
        for (int k = 0; k < nf; k++) {
            int j = ax->n++;
            ax->key[j] = key[k];
            ax->il[j] = il[k];
            ax->s[j] = lo[k];
            ax->side[j] = (unsigned char)side;
            ax->k[j] = (unsigned char)k;
            ax->w[j] = (unsigned char)w[k];
            ax->flip[j] = 0;
        }
    }
}
#endif

/* corner_pair's nearer pair, by selects: (v, q), v the face's vertex and
 * q the other's point nearest to it (if found_q), or (f, w), w the other's
 * deepest vertex and f the face's point nearest to it (if found_f), the
 * first unless the second is nearer; its points in (px, py) (on the face)
 * and (ox, oy); its squared length (INFINITY: neither found) */
static PC_ALWAYS_INLINE double corner_nearer(int found_q, double vx, double vy, double qx, double qy, int found_f,
                                             double fx, double fy, double wx, double wy, double *px, double *py,
                                             double *ox, double *oy)
{
    double d2 = found_q ? (qx - vx) * (qx - vx) + (qy - vy) * (qy - vy) : INFINITY;
    double e2 = (wx - fx) * (wx - fx) + (wy - fy) * (wy - fy);
    int b = found_f && e2 < d2;
    *px = b ? fx : vx; *py = b ? fy : vy;
    *ox = b ? wx : qx; *oy = b ? wy : qy;
    return b ? e2 : d2;
}

/* Two cores with edges apart, the best face's deepest vertex w (of `other`)
 * off face k (of `face`), beyond the face's end v: the nearest pair is
 * looked for at that corner, as the nearer of (v, the nearest point of
 * `other` to v) and (the nearest point of `face` to w, w), and proved: the
 * cores' separation along the pair's direction u must be its length d, up to
 * 2^-44 m (m the magnitude of both rows): no two points are nearer than
 * their separation along any direction, so the true distance is within that
 * of d.  -1 (the full search) when the proof fails or a region is not found;
 * 0 for a gap within 2^-36 m. */
static int corner_pair(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb, int side,
                       int k, int w, double t, double floor2, double m, pc__result *res)
{
    const pc__hull *face = side ? hb : ha, *other = side ? ha : hb;
    const pc__edges *fe = side ? eb : ea, *oe = side ? ea : eb;
    int v = t < 0 ? k : k + 1 == face->n ? 0 : k + 1;
    double vx = face->x[v], vy = face->y[v], wx = other->x[w], wy = other->y[w];
    double qx = 0.0, qy = 0.0, fx = 0.0, fy = 0.0, px, py, ox, oy;  /* p on face, o on other */
    int found_q = core_nearest(other, oe, vx, vy, &qx, &qy), found_f = core_nearest(face, fe, wx, wy, &fx, &fy);
    double d2 = corner_nearer(found_q, vx, vy, qx, qy, found_f, fx, fy, wx, wy, &px, &py, &ox, &oy);
    if (d2 == INFINITY) return -1;
    if (!(d2 >= floor2)) return 0;
    double d = sqrt(d2), ux = (ox - px) / d, uy = (oy - py) / d;
    double lo = INFINITY, hi = -INFINITY;  /* other's least and face's greatest projection on u */
    for (int i = 0; i < other->n; i++) lo = pc__min(lo, (other->x[i] - px) * ux + (other->y[i] - py) * uy);
    for (int i = 0; i < face->n; i++) hi = pc__max(hi, (face->x[i] - px) * ux + (face->y[i] - py) * uy);
    if (!(lo - hi >= d - 0x1p-44 * m)) return -1;
    if (side) gap_result(ox, oy, d, -ux, -uy, ha->R, hb->R, res);  /* from a's point (on other) */
    else gap_result(px, py, d, ux, uy, ha->R, hb->R, res);
    return 1;
}

static int sat_answer(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb,
                      double floor2, double m, int side, int k, int w, int flip, double s, double il,
                      pc__result *res);

/* 1: answered; 0: the general path (near touching, a sliver, no face);
 * -1: apart, the nearest pair not on the best face (cores_apart). */
static int cores_sat(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb,
                     double floor2, double m, pc__result *res)
{
    pc__axes ax;
    ax.n = 0;
#ifdef PC_HAVE_AVX2
    if (ha->n - 3u <= 1u && hb->n - 3u <= 1u && __builtin_cpu_supports("avx2")) {
        faces_small(ha, ea, hb, eb, &ax);
    } else
#endif
    {
        faces_against(ha, ea, hb, 0, &ax);
        faces_against(hb, eb, ha, 1, &ax);
    }
    if (!ax.n) return 0;
    int j = 0;
    double top = ax.key[0];
    for (int i = 1; i < ax.n; i++) {
        int b = ax.key[i] > top;
        top = b ? ax.key[i] : top;
        j = b ? i : j;
    }
    return sat_answer(ha, ea, hb, eb, floor2, m, ax.side[j], ax.k[j], ax.w[j], ax.flip[j], ax.s[j], ax.il[j], res);
}

/* cores_sat's answer from its best axis: face k of side `side` (its normal
 * flipped if flip), s the least projection of the other core's vertices on
 * it (vertex w, times |edge|), il the reciprocal of |edge| */
static int sat_answer(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb,
                      double floor2, double m, int side, int k, int w, int flip, double s, double il,
                      pc__result *res)
{
    const pc__hull *face = side ? hb : ha, *other = side ? ha : hb;
    const pc__edges *fe = side ? eb : ea;
    double ex = fe->ex[k], ey = fe->ey[k], ee = fe->ee[k];
    if (!(s * s >= floor2 * ee)) return 0;  /* within 2^-36 m of touching */
    double ux = ey * il, uy = -ex * il, d = s * il;
    if (flip) { ux = -ux; uy = -uy; }
    double wx = other->x[w], wy = other->y[w];
    double t = (wx - face->x[k]) * ex + (wy - face->y[k]) * ey;
    if (!(t >= 0 && t <= ee))  /* off the face: a corner, or a sliver */
        return d > 0 ? corner_pair(ha, ea, hb, eb, side, k, w, t, floor2, m, res) : 0;
    double cx = wx - d * ux, cy = wy - d * uy;  /* the deepest vertex's foot on the face */
    if (d > 0) {
        if (side) gap_result(wx, wy, d, -ux, -uy, ha->R, hb->R, res);  /* from a's vertex */
        else gap_result(cx, cy, d, ux, uy, ha->R, hb->R, res);         /* from a's face */
        return 1;
    }
    face_result(side, ux, uy, cx, cy, -d, res);
    grow(res, ha->R, hb->R);
    return 1;
}

/* A polygon's core for the fast paths, from one orientation instead of one
 * per vertex.  A valid polygon (pc_validate: convex, going round once) turns
 * as any three of its vertices taken in order do, unless those are
 * collinear; its vertices in that order (reversed if clockwise, as
 * polygon_core gives them) are then its core, except that the vertices
 * polygon_core drops are kept: a repeated one makes an edge too short for
 * the fast paths (edges_of), which give way to the general path, and one
 * lying straight on changes none of their answers.  0 (nothing written) when
 * the three are collinear. */
static int polygon_hull(const pc__filter *f, const double *s, int k, pc__hull *h)
{
    int i = k / 3, j = 2 * k / 3;
    int o = pc__orient(f, s[0], s[1], s[2 * i], s[2 * i + 1], s[2 * j], s[2 * j + 1]);
    if (!o) return 0;
    h->R = 0.0;
    h->n = k;
    for (int t = 0; t < k; t++) {
        int v = o > 0 ? t : k - 1 - t;
        h->x[t] = s[2 * v];
        h->y[t] = s[2 * v + 1];
    }
    return 1;
}

static void hull_for_fast(const pc__filter *f, int kind, const double *s, pc__hull *h)
{
    if (!(kind >= PC_POLYGON && polygon_hull(f, s, kind - PC_POLYGON + 3, h))) pc__hull_of(f, kind, s, h);
}

/* Any two kinds, their cores apart or meeting; 0 for the general path. */
static int cores_fast(const pc__filter *f, int ka, const double *a, int kb, const double *b, double m,
                      pc__result *res)
{
    pc__hull ha, hb;
    hull_for_fast(f, ka, a, &ha);
    hull_for_fast(f, kb, b, &hb);
    double floor2 = 0x1p-72 * (m * m);
    pc__edges ea, eb;
    if (!edges_of(&ha, floor2, &ea) || !edges_of(&hb, floor2, &eb)) return 0;
    if (ea.ne && eb.ne && m >= 0x1p-120 && m <= 0x1p150) {  /* a ball: the nearest-feature search is cheaper */
        int r = cores_sat(&ha, &ea, &hb, &eb, floor2, m, res);
        return r >= 0 ? r : cores_apart(&ha, &ea, &hb, &eb, floor2, res);
    }
    if (!ea.ne && eb.ne >= 3) {
        /* a ball's centre against a polygon core: its side of each edge is the
         * sign pc__orient(v_k, v_k+1, centre) computes, with the same
         * roundings; where the semi-static filter settles every sign, inside
         * or outside is decided without the exact test */
        int in = 1, out = 0;
        double c[PC_CORE_MAX], t[PC_CORE_MAX];
        /* edge_sides' loop with the side test fused in: calling edge_sides
         * and testing after it made circle-triangle 41 -> 51 ns */
        for (int k = 0; k < eb.ne; k++) {
            double wx = ha.x[0] - hb.x[k], wy = ha.y[0] - hb.y[k];
            c[k] = eb.ex[k] * wy - eb.ey[k] * wx;
            t[k] = wx * eb.ex[k] + wy * eb.ey[k];
            in &= c[k] > f->orient;
            out |= c[k] < f->orient_neg;
        }
        if (out | in) {
            int r = ball_polygon(&ha, &ea, &hb, &eb, c, t, in, floor2, res);
            return r >= 0 ? r : cores_apart(&ha, &ea, &hb, &eb, floor2, res);
        }
    }
    if (!pc__overlap_rows(f, pc__kind(ka)->core_kind, a, pc__kind(kb)->core_kind, b, PC_TOUCHING))
        return cores_apart(&ha, &ea, &hb, &eb, floor2, res);
    return cores_meeting(&ha, &ea, &hb, &eb, floor2, res);
}

/* ---- a ball against a core of a kind known in advance ----
 * The commonest contacts (a ball against another, a wall, a capsule) with
 * the kind of each side fixed: no descriptor read, no loop, no exact test of
 * the cores (the gap is checked against floor2 instead, which a ball on the
 * other's core never passes).  Each gives cores_fast's answer bit for bit:
 * the gap from a ball's centre to the other's single point, or to a segment
 * core (cores_apart's nearest feature), by the same toward_point and
 * toward_foot. */

/* a ball's centre (px, py) against a point core (qx, qy) */
static PC_ALWAYS_INLINE int ball_point(double px, double py, double ra, double qx, double qy, double rb,
                                       double floor2, pc__result *res)
{
    double wx = px - qx, wy = py - qy, d2 = wx * wx + wy * wy;
    if (!(d2 >= floor2)) return 0;  /* the cores meet, or nearly: the general path */
    double ux, uy, d = toward_point(px, py, qx, qy, d2, &ux, &uy);
    gap_result(px, py, d, ux, uy, ra, rb, res);
    return 1;
}

/* a ball's centre against the segment core of row s (a segment's or a
 * capsule's): its nearer end, or the foot inside it (foot_wins) */
static PC_ALWAYS_INLINE int ball_segment(double px, double py, double ra, const double *s, double rb,
                                         double floor2, pc__result *res)
{
    double x0 = s[0], y0 = s[1], x1 = s[2], y1 = s[3];
    if (x0 == x1 && y0 == y1) return ball_point(px, py, ra, x0, y0, rb, floor2, res);
    double ex = x1 - x0, ey = y1 - y0, ee = ex * ex + ey * ey;
    if (!(ee >= floor2)) return 0;
    double wx = px - x0, wy = py - y0, v2 = wx * wx + wy * wy;
    double zx = px - x1, zy = py - y1, z2 = zx * zx + zy * zy;
    double qx = z2 < v2 ? x1 : x0, qy = z2 < v2 ? y1 : y0;
    v2 = z2 < v2 ? z2 : v2;
    double c = ex * wy - ey * wx, dp = wx * ex + wy * ey;
    if (dp > 0 && dp < ee) {
        double f2 = c * c / ee;
        if (foot_wins(f2, v2)) {
            if (!(f2 >= floor2)) return 0;
            double ux, uy, d = toward_foot(ex, ey, ee, c, &ux, &uy);
            gap_result(px, py, d, ux, uy, ra, rb, res);
            return 1;
        }
    }
    return ball_point(px, py, ra, qx, qy, rb, floor2, res);
}

/* Is the pair of kinds a ball (a point or a circle) against a point, a
 * circle, a segment or a capsule (ball_canonical's pairs)? */
static int ball_pair(int ka, int kb)
{
    int lo = ka < kb ? ka : kb, hi = ka < kb ? kb : ka;
    return lo <= PC_CIRCLE && (hi <= PC_CIRCLE || hi == PC_SEGMENT || hi == PC_CAPSULE);
}

#ifdef PC_HAVE_SSE2
/* Is the pair of kinds a ball against a triangle or a polygon
 * (ngon_canonical's pairs)? */
static int ngon_pair(int ka, int kb)
{
    int lo = ka < kb ? ka : kb, hi = ka < kb ? kb : ka;
    return lo <= PC_CIRCLE && (hi == PC_TRIANGLE || hi >= PC_POLYGON);
}
#endif

/* ---- boxes (axis-aligned), in closed form ----
 * Along x, b lies gx = max(b.xmin - a.xmax, a.xmin - b.xmax) beyond a (< 0:
 * they overlap by -gx), likewise along y; each difference is rounded once,
 * so its sign is exact.  Witness points along a face are taken at the middle
 * of the faces' common stretch. */

/* the middle of [lo, hi] */
static double mid(double lo, double hi) { return lo + 0.5 * (hi - lo); }

/* Two boxes: apart along one axis, the gap along it; apart along both, the
 * corners' distance; overlapping, the least of the four depths (the general
 * path's axes).  The sign is exact as it stands (no exact test needed); 0
 * for corners too near for squares and for two boxes that are one and the
 * same point (the general path). */
static int box_box(const double *a, const double *b, double m, pc__result *res)
{
    double gxp = b[0] - a[2], gxn = a[0] - b[2], gyp = b[1] - a[3], gyn = a[1] - b[3];
    double gx = pc__max(gxp, gxn), gy = pc__max(gyp, gyn);
    double sx = gxp >= gxn ? 1.0 : -1.0, sy = gyp >= gyn ? 1.0 : -1.0;
    /* a's and b's facing sides along each axis */
    double fax = sx > 0 ? a[2] : a[0], fbx = sx > 0 ? b[0] : b[2];
    double fay = sy > 0 ? a[3] : a[1], fby = sy > 0 ? b[1] : b[3];
    if (gx > 0 && gy > 0) {  /* corner to corner */
        if (!(gx >= 0x1p-36 * m || gy >= 0x1p-36 * m)) return 0;
        double d = sqrt(gx * gx + gy * gy);
        res->sep = d;
        res->nx = sx * gx / d; res->ny = sy * gy / d;
        res->ax = fax; res->ay = fay; res->bx = fbx; res->by = fby;
        return 1;
    }
    if (gx > 0 || gy > 0) {  /* apart along one axis: face to face */
        int along_x = gx > 0;
        double y = mid(pc__max(a[1], b[1]), pc__min(a[3], b[3]));
        double x = mid(pc__max(a[0], b[0]), pc__min(a[2], b[2]));
        res->sep = along_x ? gx : gy;
        res->nx = along_x ? sx : 0.0; res->ny = along_x ? 0.0 : sy;
        res->ax = along_x ? fax : x; res->ay = along_x ? y : fay;
        res->bx = along_x ? fbx : x; res->by = along_x ? y : fby;
        return 1;
    }
    /* one and the same point: no direction (the general path's (0, 1)) */
    if (a[0] == a[2] && a[1] == a[3] && b[0] == b[2] && b[1] == b[3]) return 0;
    /* overlapping: the least depth of the four directions (u: from a to b) */
    double depth[4] = {-gxp, -gxn, -gyp, -gyn};
    int k = 0;
    for (int i = 1; i < 4; i++)
        if (depth[i] < depth[k]) k = i;
    double ux = k == 0 ? 1.0 : k == 1 ? -1.0 : 0.0, uy = k == 2 ? 1.0 : k == 3 ? -1.0 : 0.0;
    double y = mid(pc__max(a[1], b[1]), pc__min(a[3], b[3]));
    double x = mid(pc__max(a[0], b[0]), pc__min(a[2], b[2]));
    res->sep = -depth[k];
    res->nx = ux; res->ny = uy;
    /* on a's face moving along u, and on b's opposite face */
    res->ax = k == 0 ? a[2] : k == 1 ? a[0] : x;
    res->ay = k == 2 ? a[3] : k == 3 ? a[1] : y;
    res->bx = k == 0 ? b[0] : k == 1 ? b[2] : x;
    res->by = k == 2 ? b[1] : k == 3 ? b[3] : y;
    return 1;
}

/* A ball (or a point) and a box of positive area: the nearest point of the
 * box is the centre clamped to it; inside, the nearest side (as
 * cores_meeting finds it).  0 for corners too near for squares. */
static int ball_box(const double *a, double ra, const double *b, double m, pc__result *res)
{
    double px = a[0], py = a[1];
    double qx = pc__clamp(px, b[0], b[2]), qy = pc__clamp(py, b[1], b[3]);
    double dx = qx - px, dy = qy - py;  /* exact signs: each rounded once */
    if (dx != 0 || dy != 0) {
        double d;
        if (dx != 0 && dy != 0) {
            if (!(fabs(dx) >= 0x1p-36 * m || fabs(dy) >= 0x1p-36 * m)) return 0;
            d = sqrt(dx * dx + dy * dy);
            res->nx = dx / d; res->ny = dy / d;
        } else {
            d = fabs(dx) + fabs(dy);
            res->nx = dx > 0 ? 1.0 : dx < 0 ? -1.0 : 0.0;
            res->ny = dy > 0 ? 1.0 : dy < 0 ? -1.0 : 0.0;
        }
        res->sep = d - ra;
        res->ax = px + ra * res->nx; res->ay = py + ra * res->ny;
        res->bx = qx; res->by = qy;
        return 1;
    }
    /* inside: the depths to the left, right, bottom and top sides */
    double depth[4] = {px - b[0], b[2] - px, py - b[1], b[3] - py};
    int k = 0;
    for (int i = 1; i < 4; i++)
        if (depth[i] < depth[k]) k = i;
    /* u: the side's outward normal; the normal from a to b is -u */
    double ux = k == 0 ? -1.0 : k == 1 ? 1.0 : 0.0, uy = k == 2 ? -1.0 : k == 3 ? 1.0 : 0.0;
    res->sep = -depth[k] - ra;
    res->nx = -ux; res->ny = -uy;
    res->ax = px - ra * ux; res->ay = py - ra * uy;
    res->bx = k < 2 ? b[k == 0 ? 0 : 2] : px;
    res->by = k < 2 ? py : b[k == 2 ? 1 : 3];
    return 1;
}

/* The sign of a fast path's separation made to agree with the exact test; a
 * separation far from 0 against the path's error (a few ulps of the
 * magnitudes involved, bounded here by 2^-40 of them) needs no test; with
 * scale = INFINITY (the general path) the test always runs. */
static void settle(const pc__filter *f, int ka, const double *a, int kb, const double *b, double scale,
                   pc__result *res)
{
    if (fabs(res->sep) > 0x1p-40 * scale) return;
    int hit = pc__overlap_rows(f, ka, a, kb, b, PC_TOUCHING);
    if (hit && res->sep > 0) {
        res->sep = 0.0;
        res->bx = res->ax; res->by = res->ay;
    } else if (!hit && !(res->sep > 0)) {
        res->sep = 0x1p-1074;  /* a true gap too small for the float computation */
        res->bx = res->ax; res->by = res->ay;
    }
}

/* wa, wb: the kinds' widths (pc_kind_width) */
static void contact_canonical(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb, const double *b,
                              double degenerate_ny, pc__result *res);

/* contact_canonical for ball_pair's pairs (ka <= PC_CIRCLE in the canonical
 * order): the specialised paths, else contact_canonical.  A function of its
 * own, chosen once per batch: taken inside contact_canonical, its branch
 * made the polygon pairs 5% slower. */
static void ball_canonical(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb, const double *b,
                           double degenerate_ny, pc__result *res)
{
    double m = pc__max(pc__magnitude(a, wa), pc__magnitude(b, wb));
    if (m <= 0x1p240 && m >= 0x1p-200) {
        double px = a[0], py = a[1], ra = ka == PC_CIRCLE ? a[2] : 0.0, floor2 = 0x1p-72 * (m * m);
        int done = kb <= PC_CIRCLE ? ball_point(px, py, ra, b[0], b[1], kb == PC_CIRCLE ? b[2] : 0.0, floor2, res)
                                   : ball_segment(px, py, ra, b, kb == PC_CAPSULE ? b[4] : 0.0, floor2, res);
        if (done) {
            settle(f, ka, a, kb, b, 4 * m, res);
            return;
        }
    }
    contact_canonical(f, ka, wa, a, kb, wb, b, degenerate_ny, res);
}

struct contact_ctx {
    const pc__filter *f;
    int ka, kb, wa, wb;
};

/* a canonical answer written out for the pair as given (swap: the rows had
 * been swapped into the canonical order) */
static PC_ALWAYS_INLINE void contact_out(pc__result *r, int swap, double *out)
{
    r->nx += 0.0;  /* no negative zeros in a normal */
    r->ny += 0.0;
    out[0] = r->sep;
    if (swap) {
        out[1] = 0.0 - r->nx; out[2] = 0.0 - r->ny;
        out[3] = r->bx; out[4] = r->by; out[5] = r->ax; out[6] = r->ay;
    } else {
        out[1] = r->nx; out[2] = r->ny;
        out[3] = r->ax; out[4] = r->ay; out[5] = r->bx; out[6] = r->by;
    }
}

/* ---- a ball against a polygon core, edges side by side ----
 * cores_fast's answer for a ball (a point or a circle) against a triangle or
 * a polygon of n vertices, bit for bit, without its general structure: the
 * edges, the sides and projections of the centre (c[k], t[k], as
 * edge_sides finds them) and the magnitude, two or four edges per
 * instruction (SSE2, or AVX2 where the processor has it: the same roundings
 * as one at a time, so the same results); the tests on them as bit masks,
 * one bit an edge; the Voronoi region (the first one voronoi_region returns)
 * from the masks; then the winner's distance and direction by selects.
 * Scalar, its loops' compares and their branches had cost a ball against an
 * 8-gon 25 ns, the foot-or-vertex branch another 10.  0 where cores_fast is
 * to answer instead (a side not settled by the filter, no region, an edge
 * too short, a gap or a depth within 2^-36 m, magnitudes out of the fast
 * paths' range). */
#ifdef PC_HAVE_SSE2

/* the edges' pass: for edge k of the core (counter-clockwise), its squared
 * length ee[k] and c[k]; bit k of neg: c[k] < 0, of fore: t[k] > 0, of within:
 * t[k] < ee[k]; all_in: every c[k] above the filter's bound, some_out: one
 * below minus it; the magnitude of the core, the least ee[k] */
typedef struct {
    __m128d p[PC_CORE_MAX + 2];  /* (x, y) of core vertex v, cyclic */
    double ee[PC_CORE_MAX], c[PC_CORE_MAX];
    unsigned neg, fore, within;
    int all_in, some_out;
    double mag, ee_min;
    int start;  /* the edge the searches begin at: 0, or n - 1 */
} pc__ngon;

/* the lowest set bit of x != 0 */
static PC_ALWAYS_INLINE int pc__lowest_bit(unsigned x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    int k = 0;
    while (!(x >> k & 1)) k++;
    return k;
#endif
}

/* mask ? x : y, lane by lane (mask all ones or all zeros) */
static PC_ALWAYS_INLINE __m128d pick(__m128d mask, __m128d x, __m128d y)
{
    return _mm_or_pd(_mm_and_pd(mask, x), _mm_andnot_pd(mask, y));
}

/* the largest and the least lane */
static PC_ALWAYS_INLINE double lane_max(__m128d v) { return pc__max(_mm_cvtsd_f64(v), _mm_cvtsd_f64(_mm_unpackhi_pd(v, v))); }
static PC_ALWAYS_INLINE double lane_min(__m128d v) { return pc__min(_mm_cvtsd_f64(v), _mm_cvtsd_f64(_mm_unpackhi_pd(v, v))); }

/* The core's vertices into g->p, counter-clockwise and cyclic up to index
 * 9: a clockwise row reversed, as polygon_hull does; 0 when the orientation
 * test finds three collinear (the triangle's degenerate, or polygon_hull's
 * three).  cores_fast's hull of a clockwise triangle (the triangle kind,
 * tri) is (v0, v2, v1), as triangle_core gives it: the same edges with the
 * same first vertices, its edge 0 being edge n - 1 here, so the searches
 * that take the first of equals begin there (g->start).  A branch, not
 * selects: the loads need not wait for the orientation. */
static PC_ALWAYS_INLINE int ngon_vertices(const pc__filter *f, const double *s, int n, int tri, pc__ngon *g)
{
    int i1 = n / 3, i2 = 2 * n / 3;
    int o = pc__orient(f, s[0], s[1], s[2 * i1], s[2 * i1 + 1], s[2 * i2], s[2 * i2 + 1]);
    if (!o) return 0;
    g->start = 0;
    if (o > 0) {
        for (int v = 0; v < n; v++) g->p[v] = _mm_loadu_pd(s + 2 * v);
    } else {
        for (int v = 0; v < n; v++) g->p[v] = _mm_loadu_pd(s + 2 * (n - 1 - v));
        g->start = tri ? n - 1 : 0;
    }
    for (int v = n; v < PC_CORE_MAX + 2; v++) g->p[v] = g->p[v - n];
    return 1;
}

/* the edges' pass, two edges at a time (k + 1 = n: a spare lane repeating
 * edge 0, masked off) */
static PC_ALWAYS_INLINE void ngon_edges2(const pc__filter *f, double px, double py, int n, pc__ngon *g)
{
    __m128d PX = _mm_set1_pd(px), PY = _mm_set1_pd(py), ZERO = _mm_setzero_pd();
    __m128d ORIENT = _mm_set1_pd(f->orient), ORIENT_NEG = _mm_set1_pd(f->orient_neg);
    __m128d ABS = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffLL)), MAG = ZERO;
    __m128d EE_MIN = _mm_set1_pd(INFINITY), IN = _mm_cmpeq_pd(ZERO, ZERO), OUT = ZERO;
    unsigned neg = 0, fore = 0, within = 0;
    const __m128d *p = g->p;
    for (int k = 0; k < n; k += 2) {
        __m128d X0 = _mm_unpacklo_pd(p[k], p[k + 1]), Y0 = _mm_unpackhi_pd(p[k], p[k + 1]);
        __m128d X1 = _mm_unpacklo_pd(p[k + 1], p[k + 2]), Y1 = _mm_unpackhi_pd(p[k + 1], p[k + 2]);
        __m128d EX = _mm_sub_pd(X1, X0), EY = _mm_sub_pd(Y1, Y0);
        __m128d EE = _mm_add_pd(_mm_mul_pd(EX, EX), _mm_mul_pd(EY, EY));
        __m128d WX = _mm_sub_pd(PX, X0), WY = _mm_sub_pd(PY, Y0);
        __m128d C = _mm_sub_pd(_mm_mul_pd(EX, WY), _mm_mul_pd(EY, WX));
        __m128d T = _mm_add_pd(_mm_mul_pd(WX, EX), _mm_mul_pd(WY, EY));
        MAG = _mm_max_pd(MAG, _mm_max_pd(_mm_and_pd(X0, ABS), _mm_and_pd(Y0, ABS)));
        EE_MIN = _mm_min_pd(EE_MIN, EE);
        _mm_storeu_pd(g->ee + k, EE);
        _mm_storeu_pd(g->c + k, C);
        IN = _mm_and_pd(IN, _mm_cmpgt_pd(C, ORIENT));
        OUT = _mm_or_pd(OUT, _mm_cmplt_pd(C, ORIENT_NEG));
        neg |= (unsigned)_mm_movemask_pd(_mm_cmplt_pd(C, ZERO)) << k;
        fore |= (unsigned)_mm_movemask_pd(_mm_cmpgt_pd(T, ZERO)) << k;
        within |= (unsigned)_mm_movemask_pd(_mm_cmplt_pd(T, EE)) << k;
    }
    g->neg = neg; g->fore = fore; g->within = within;
    g->all_in = _mm_movemask_pd(IN) == 3;
    g->some_out = _mm_movemask_pd(OUT) != 0;
    g->mag = lane_max(MAG);
    g->ee_min = lane_min(EE_MIN);
}

#ifdef PC_HAVE_AVX2
/* the edges' pass, four edges at a time (k + 1..3 >= n: spare lanes
 * repeating edges from 0 on, masked off) */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void ngon_edges4(const pc__filter *f, double px, double py,
                                                                         int n, pc__ngon *g)
{
    __m256d PX = _mm256_set1_pd(px), PY = _mm256_set1_pd(py), ZERO = _mm256_setzero_pd();
    __m256d ORIENT = _mm256_set1_pd(f->orient), ORIENT_NEG = _mm256_set1_pd(f->orient_neg);
    __m256d ABS = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL)), MAG = ZERO;
    __m256d EE_MIN = _mm256_set1_pd(INFINITY), IN = _mm256_cmp_pd(ZERO, ZERO, _CMP_EQ_OQ), OUT = ZERO;
    unsigned neg = 0, fore = 0, within = 0;
    const __m128d *p = g->p;
    for (int k = 0; k < n; k += 4) {
        /* (x_k, y_k, x_k+2, y_k+2) and (x_k+1, y_k+1, x_k+3, y_k+3), and so on */
        __m256d A = _mm256_set_m128d(p[k + 2], p[k]), B = _mm256_set_m128d(p[k + 3], p[k + 1]);
        __m256d B2 = _mm256_set_m128d(p[k + 4], p[k + 2]);
        __m256d X0 = _mm256_unpacklo_pd(A, B), Y0 = _mm256_unpackhi_pd(A, B);
        __m256d X1 = _mm256_unpacklo_pd(B, B2), Y1 = _mm256_unpackhi_pd(B, B2);
        __m256d EX = _mm256_sub_pd(X1, X0), EY = _mm256_sub_pd(Y1, Y0);
        __m256d EE = _mm256_add_pd(_mm256_mul_pd(EX, EX), _mm256_mul_pd(EY, EY));
        __m256d WX = _mm256_sub_pd(PX, X0), WY = _mm256_sub_pd(PY, Y0);
        __m256d C = _mm256_sub_pd(_mm256_mul_pd(EX, WY), _mm256_mul_pd(EY, WX));
        __m256d T = _mm256_add_pd(_mm256_mul_pd(WX, EX), _mm256_mul_pd(WY, EY));
        MAG = _mm256_max_pd(MAG, _mm256_max_pd(_mm256_and_pd(X0, ABS), _mm256_and_pd(Y0, ABS)));
        EE_MIN = _mm256_min_pd(EE_MIN, EE);
        _mm256_storeu_pd(g->ee + k, EE);
        _mm256_storeu_pd(g->c + k, C);
        IN = _mm256_and_pd(IN, _mm256_cmp_pd(C, ORIENT, _CMP_GT_OQ));
        OUT = _mm256_or_pd(OUT, _mm256_cmp_pd(C, ORIENT_NEG, _CMP_LT_OQ));
        neg |= (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(C, ZERO, _CMP_LT_OQ)) << k;
        fore |= (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(T, ZERO, _CMP_GT_OQ)) << k;
        within |= (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(T, EE, _CMP_LT_OQ)) << k;
    }
    g->neg = neg; g->fore = fore; g->within = within;
    g->all_in = _mm256_movemask_pd(IN) == 15;
    g->some_out = _mm256_movemask_pd(OUT) != 0;
    __m128d M2 = _mm_max_pd(_mm256_castpd256_pd128(MAG), _mm256_extractf128_pd(MAG, 1));
    __m128d E2 = _mm_min_pd(_mm256_castpd256_pd128(EE_MIN), _mm256_extractf128_pd(EE_MIN, 1));
    g->mag = lane_max(M2);
    g->ee_min = lane_min(E2);
}
#endif

/* ngon_result's centre inside the core: the least depth c[k] / |e_k|
 * (ball_polygon's, then meeting_face's), the first of equals from edge
 * `start` on.  A function of its own, called on a few pairs in ten: inlined,
 * its code had made the common case slower (a ball against a triangle,
 * 24 -> 31 ns). */
static int ngon_inside(const pc__ngon *g, double px, double py, double ra, int n, int start, double floor2,
                       pc__result *res)
{
    const double *c = g->c, *ee = g->ee;
    double best = INFINITY;
    int k = 0;
    for (int j = 0; j < n; j++) {
        int i = j + start < n ? j + start : j + start - n;
        double s2 = c[i] * c[i] / ee[i];
        int b = s2 < best;
        best = b ? s2 : best;
        k ^= (k ^ i) & -b;
    }
    if (!(c[k] * c[k] >= floor2 * ee[k])) return 0;
    double v[4];
    _mm_storeu_pd(v, g->p[k]);
    _mm_storeu_pd(v + 2, g->p[k + 1]);
    double ex = v[2] - v[0], ey = v[3] - v[1];
    double len = sqrt(ee[k]), depth = c[k] / len;
    double ux = ey / len, uy = -ex / len;  /* the face's outward normal */
    double cx = px + depth * ux, cy = py + depth * uy;
    double tt = (cx - v[0]) * ex + (cy - v[1]) * ey;
    if (!(tt >= 0 && tt <= ee[k])) return 0;  /* off the face */
    face_result(1, ux, uy, cx, cy, depth, res);
    grow(res, ra, 0.0);
    return 1;
}

/* The answer from the edges' pass: inside, the least depth (ball_polygon's,
 * then meeting_face's); outside, the region. */
static PC_ALWAYS_INLINE int ngon_result(const pc__ngon *g, double px, double py, double ra, int n, int start,
                                        double *mag, pc__result *res)
{
    unsigned full = (1u << n) - 1, neg = g->neg & full, fore = g->fore & full, within = g->within & full;
    double m = pc__max(g->mag, pc__max(pc__max(fabs(px), fabs(py)), ra));
    if (!(m <= 0x1p240 && m >= 0x1p-200)) return 0;
    *mag = m;
    double floor2 = 0x1p-72 * (m * m);
    if (!(g->ee_min >= floor2)) return 0;  /* an edge too short for squares */
    if (g->all_in) return ngon_inside(g, px, py, ra, n, start, floor2, res);
    const double *c = g->c, *ee = g->ee;
    if (!g->some_out) return 0;  /* a side the filter leaves open */
    /* voronoi_region's first region, i = 0, 1, ...: the foot on edge i
     * (outside it, projecting inside it), else vertex i (before edge i,
     * past edge i - 1 (t >= |e|^2: not within, not before), outside one of
     * them) */
    unsigned foot, any = voronoi_bits(neg, fore, within, n, &foot);
    if (!any) return 0;
    unsigned from_start = ((any >> start) | (any << (n - start))) & full;
    int k = pc__lowest_bit(from_start) + start;
    k -= k >= n ? n : 0;
    int at_foot = foot >> k & 1;
    __m128d V = g->p[k], E = _mm_sub_pd(g->p[k + 1], V), W = _mm_sub_pd(V, _mm_set_pd(py, px));
    __m128d W2 = _mm_mul_pd(W, W);
    double d2 = _mm_cvtsd_f64(_mm_add_sd(W2, _mm_unpackhi_pd(W2, W2)));
    if (!((at_foot & (c[k] * c[k] >= floor2 * ee[k])) | (!at_foot & (d2 >= floor2)))) return 0;
    /* the foot: |e_k|, -c / |e_k| and e_k's normal (-ey, ex) / |e_k|; the
     * vertex: the distance d and (v_k - centre) / d (selects: which it is
     * varies from pair to pair) */
    __m128d FOOT = _mm_castsi128_pd(_mm_set1_epi64x(-(long long)at_foot));
    __m128d LEN = _mm_sqrt_pd(pick(FOOT, _mm_set1_pd(ee[k]), _mm_set1_pd(d2)));
    __m128d NORMAL = _mm_xor_pd(_mm_shuffle_pd(E, E, 1), _mm_set_pd(0.0, -0.0));
    __m128d U = _mm_div_pd(pick(FOOT, NORMAL, W), LEN);
    __m128d D = pick(FOOT, _mm_div_pd(_mm_set1_pd(-c[k]), LEN), LEN);
    double u[2];
    _mm_storeu_pd(u, U);
    gap_result(px, py, _mm_cvtsd_f64(D), u[0], u[1], ra, 0.0, res);
    return 1;
}

/* ngon_canonical: contact_canonical for a ball against a triangle or a
 * polygon (ka <= PC_CIRCLE in the canonical order), by the edges' pass
 * EDGES (the vertex count known to the compiler: unrolled loops), else by
 * contact_canonical; ATTR: the instruction set it is compiled for.
 * ngon_canonical_inner: a batch's inner loop by it, two pairs at a time:
 * the edges' passes of both pairs, then both answers.  One pair's work is a
 * chain of latencies (the edges, the masks, the region, a square root, a
 * division) with little beside it to do; two chains side by side keep the
 * processor busy (the C driver of contact.md: a ball against an 8-gon
 * 35 -> 26.5 ns, against a triangle 25 -> 20.7; four at a time gained
 * nothing more). */
#define PC__NGON_CANONICAL(NAME, ATTR, EDGES)                                                                  \
    ATTR static PC_ALWAYS_INLINE int NAME##_edges(const pc__filter *f, const double *a, const double *b, int n, \
                                                  int tri, pc__ngon *g)                                        \
    {                                                                                                         \
        if (!ngon_vertices(f, b, n, tri, g)) return 0;                                                        \
        EDGES(f, a[0], a[1], n, g);                                                                           \
        return 1;                                                                                             \
    }                                                                                                         \
    /* the start a compile-time constant: as a variable it had made a ball       \
     * against a triangle 24 -> 31 ns */                                          \
    ATTR static PC_ALWAYS_INLINE int NAME##_result(const pc__ngon *g, const double *a, int ka, int n, double *mag, \
                                                   pc__result *res)                                            \
    {                                                                                                         \
        double ra = ka == PC_CIRCLE ? a[2] : 0.0;                                                             \
        if (g->start) return ngon_result(g, a[0], a[1], ra, n, n - 1, mag, res);                              \
        return ngon_result(g, a[0], a[1], ra, n, 0, mag, res);                                               \
    }                                                                                                         \
    ATTR static PC_ALWAYS_INLINE void NAME##_finish(int done, double m, const pc__filter *f, int ka, int wa,    \
                                                    const double *a, int kb, int wb, const double *b,          \
                                                    double degenerate_ny, pc__result *res)                     \
    {                                                                                                         \
        if (done) settle(f, ka, a, kb, b, 4 * m, res);                                                        \
        else contact_canonical(f, ka, wa, a, kb, wb, b, degenerate_ny, res);                                  \
    }                                                                                                         \
    ATTR static PC_ALWAYS_INLINE void NAME##_n(const pc__filter *f, int ka, int wa, const double *a, int kb,    \
                                               int wb, const double *b, int n, int tri, double degenerate_ny,   \
                                               pc__result *res)                                                \
    {                                                                                                         \
        pc__ngon g;                                                                                           \
        double m = 0.0;                                                                                       \
        int done = NAME##_edges(f, a, b, n, tri, &g) && NAME##_result(&g, a, ka, n, &m, res);                  \
        NAME##_finish(done, m, f, ka, wa, a, kb, wb, b, degenerate_ny, res);                                  \
    }                                                                                                         \
    ATTR static void NAME(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb, const double *b, \
                          double degenerate_ny, pc__result *res)                                               \
    {                                                                                                         \
        switch (wb / 2) {                                                                                     \
        case 3: NAME##_n(f, ka, wa, a, kb, wb, b, 3, kb == PC_TRIANGLE, degenerate_ny, res); break;           \
        case 4: NAME##_n(f, ka, wa, a, kb, wb, b, 4, 0, degenerate_ny, res); break;                           \
        case 5: NAME##_n(f, ka, wa, a, kb, wb, b, 5, 0, degenerate_ny, res); break;                           \
        case 6: NAME##_n(f, ka, wa, a, kb, wb, b, 6, 0, degenerate_ny, res); break;                           \
        case 7: NAME##_n(f, ka, wa, a, kb, wb, b, 7, 0, degenerate_ny, res); break;                           \
        default: NAME##_n(f, ka, wa, a, kb, wb, b, 8, 0, degenerate_ny, res); break;                          \
        }                                                                                                     \
    }                                                                                                         \
    /* the canonical order is the kinds' (a ball's kind comes first) */        \
    ATTR static PC_ALWAYS_INLINE void NAME##_pairs(const struct contact_ctx *c, char *const *p, const int64_t *s, \
                                                   int64_t count, int n, int tri)                              \
    {                                                                                                         \
        int swap = c->kb < c->ka, ia = swap, ib = !swap;                                                      \
        int ka = swap ? c->kb : c->ka, kb = swap ? c->ka : c->kb, wa = swap ? c->wb : c->wa;                  \
        int wb = swap ? c->wa : c->wb;                                                                        \
        double degenerate_ny = swap ? -1.0 : 1.0;                                                             \
        int64_t i = 0;                                                                                        \
        for (; i + 1 < count; i += 2) {                                                                       \
            const double *a0 = (const double *)(p[ia] + i * s[ia]), *a1 = (const double *)(p[ia] + (i + 1) * s[ia]); \
            const double *b0 = (const double *)(p[ib] + i * s[ib]), *b1 = (const double *)(p[ib] + (i + 1) * s[ib]); \
            pc__ngon g0, g1;                                                                                  \
            pc__result r0, r1;                                                                                \
            double m0 = 0.0, m1 = 0.0;                                                                        \
            int e0 = NAME##_edges(c->f, a0, b0, n, tri, &g0), e1 = NAME##_edges(c->f, a1, b1, n, tri, &g1);    \
            int d0 = e0 && NAME##_result(&g0, a0, ka, n, &m0, &r0);                                           \
            int d1 = e1 && NAME##_result(&g1, a1, ka, n, &m1, &r1);                                           \
            NAME##_finish(d0, m0, c->f, ka, wa, a0, kb, wb, b0, degenerate_ny, &r0);                          \
            NAME##_finish(d1, m1, c->f, ka, wa, a1, kb, wb, b1, degenerate_ny, &r1);                          \
            contact_out(&r0, swap, (double *)(p[2] + i * s[2]));                                              \
            contact_out(&r1, swap, (double *)(p[2] + (i + 1) * s[2]));                                        \
        }                                                                                                     \
        if (i < count) {                                                                                      \
            pc__result r;                                                                                     \
            NAME##_n(c->f, ka, wa, (const double *)(p[ia] + i * s[ia]), kb, wb,                               \
                     (const double *)(p[ib] + i * s[ib]), n, tri, degenerate_ny, &r);                          \
            contact_out(&r, swap, (double *)(p[2] + i * s[2]));                                               \
        }                                                                                                     \
    }                                                                                                         \
    ATTR static void NAME##_inner(void *vctx, char *const *p, const int64_t *s, int64_t count)               \
    {                                                                                                         \
        const struct contact_ctx *c = vctx;                                                                  \
        int kb = c->ka > c->kb ? c->ka : c->kb, wb = c->ka > c->kb ? c->wa : c->wb;                           \
        switch (wb / 2) {                                                                                     \
        case 3: NAME##_pairs(c, p, s, count, 3, kb == PC_TRIANGLE); break;                                     \
        case 4: NAME##_pairs(c, p, s, count, 4, 0); break;                                                     \
        case 5: NAME##_pairs(c, p, s, count, 5, 0); break;                                                     \
        case 6: NAME##_pairs(c, p, s, count, 6, 0); break;                                                     \
        case 7: NAME##_pairs(c, p, s, count, 7, 0); break;                                                     \
        default: NAME##_pairs(c, p, s, count, 8, 0); break;                                                    \
        }                                                                                                     \
    }

PC__NGON_CANONICAL(ngon_canonical, , ngon_edges2)
#ifdef PC_HAVE_AVX2
PC__NGON_CANONICAL(ngon_canonical_avx2, __attribute__((target("avx2"))), ngon_edges4)
#endif
#undef PC__NGON_CANONICAL
#endif /* PC_HAVE_SSE2 */

#ifdef PC_HAVE_AVX2
/* ---- two small polygons, side by side ----
 * cores_fast's answer for two cores of three or four vertices (triangles,
 * boxes, 3- and 4-gons; not two boxes, which box_box answers), bit for bit,
 * without its general structure: a core's hull, edges and faces in the
 * lanes of one register each (AVX2, chosen at run time; with three
 * vertices lane 3 repeats lane 0, as in faces_small, whose arithmetic this
 * is), no descriptor call, no loop over vertices or axes; the best axis
 * (the first of the greatest keys, as cores_sat's scan finds it) from a
 * mask; sat_answer's reads taken from the lanes, its cases (apart or
 * meeting, which side's face) by selects, and corner_pair's Voronoi regions
 * by bit masks.  Only cores_apart, where corner_pair's proof fails, reads
 * hulls written out.  0 where contact_canonical is to answer (a winding the
 * filter leaves open, magnitudes outside cores_sat's range, an edge too
 * short, or cores_fast's own 0), which then finds the same answer the long
 * way.  On the benchmark's pairs (benchmarks/contact.py, the C driver of
 * contact.md): triangle-triangle 95 -> 56 ns, one pair at a time; the
 * branches had been mispredicted, and the corner search, on a fifth of the
 * pairs, had cost 110 ns. */

/* a small core's lanes: vertices, edges to the next vertex, their squared
 * lengths, and the row's absolute values (their greatest is its magnitude) */
typedef struct {
    __m256d x, y, ex, ey, ee, mag;
} pc__small;

/* vpermps indices (a double's two halves) taking a core's vertices (x, y)
 * and their successors (next x, next y) from the vectors a row is loaded
 * into, by layout and winding (counter-clockwise, clockwise).  A triangle
 * or a 3-gon: lanes (x0, x1, x1, x2) and the same of y; its hull v0 v1 v2
 * counter-clockwise, clockwise v0 v2 v1 (triangle_core) or v2 v1 v0
 * (polygon_hull).  A 4-gon: lanes (x0, x2, x1, x3); clockwise v3 v2 v1 v0.
 * A box: its row (x0, y0, x1, y1) itself, its hull (x0, y0), (x1, y0),
 * (x1, y1), (x0, y1) (box_core). */
#define PC__L(a, b, c, d) {2 * (a), 2 * (a) + 1, 2 * (b), 2 * (b) + 1, 2 * (c), 2 * (c) + 1, 2 * (d), 2 * (d) + 1}
static const int pc__small_lane[4][2][4][8] = {
    {{PC__L(0, 1, 3, 0), PC__L(0, 1, 3, 0), PC__L(1, 3, 0, 1), PC__L(1, 3, 0, 1)},   /* triangle */
     {PC__L(0, 3, 1, 0), PC__L(0, 3, 1, 0), PC__L(3, 1, 0, 3), PC__L(3, 1, 0, 3)}},
    {{PC__L(0, 1, 3, 0), PC__L(0, 1, 3, 0), PC__L(1, 3, 0, 1), PC__L(1, 3, 0, 1)},   /* 3-gon */
     {PC__L(3, 1, 0, 3), PC__L(3, 1, 0, 3), PC__L(1, 0, 3, 1), PC__L(1, 0, 3, 1)}},
    {{PC__L(0, 2, 1, 3), PC__L(0, 2, 1, 3), PC__L(2, 1, 3, 0), PC__L(2, 1, 3, 0)},   /* 4-gon */
     {PC__L(3, 1, 2, 0), PC__L(3, 1, 2, 0), PC__L(1, 2, 0, 3), PC__L(1, 2, 0, 3)}},
    {{PC__L(0, 2, 2, 0), PC__L(1, 1, 3, 3), PC__L(2, 2, 0, 0), PC__L(1, 3, 3, 1)},   /* box */
     {PC__L(0, 2, 2, 0), PC__L(1, 1, 3, 3), PC__L(2, 2, 0, 0), PC__L(1, 3, 3, 1)}},
};
#undef PC__L

/* the kinds small_lanes takes, and their vertex counts */
static int small_kind(int kind)
{
    return kind == PC_TRIANGLE || kind == PC_BOX || kind == PC_POLYGON || kind == PC_POLYGON + 1;
}
static int small_pair(int ka, int kb) { return small_kind(ka) && small_kind(kb) && !(ka == PC_BOX && kb == PC_BOX); }
static int small_count(int kind) { return kind == PC_TRIANGLE || kind == PC_POLYGON ? 3 : 4; }

/* hull_for_fast's hull of row s of a small kind (the winding by the
 * orientation polygon_hull and triangle_core find); 0 where the filter
 * leaves the winding open */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int small_lanes(const pc__filter *f, int kind,
                                                                        const double *s, pc__small *t)
{
    int layout = kind == PC_TRIANGLE ? 0 : kind == PC_POLYGON ? 1 : kind == PC_BOX ? 3 : 2, cw = 0;
    __m256d P = _mm256_loadu_pd(s), Q = P, LX = P, LY = P;
    if (kind != PC_BOX) {
        double det = (s[2] - s[0]) * (s[5] - s[1]) - (s[3] - s[1]) * (s[4] - s[0]);
        int ccw = det > f->orient;
        cw = det < f->orient_neg;
        if (!(ccw | cw)) return 0;
        Q = _mm256_loadu_pd(s + (layout == 2 ? 4 : 2));
        LX = _mm256_unpacklo_pd(P, Q);
        LY = _mm256_unpackhi_pd(P, Q);
    }
    const int(*lane)[8] = pc__small_lane[layout][cw];
#define PC__PICK(V, I) \
    _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(V), _mm256_loadu_si256((const __m256i *)(const void *)lane[I])))
    t->x = PC__PICK(LX, 0);
    t->y = PC__PICK(LY, 1);
    t->ex = _mm256_sub_pd(PC__PICK(LX, 2), t->x);
    t->ey = _mm256_sub_pd(PC__PICK(LY, 3), t->y);
#undef PC__PICK
    t->ee = _mm256_add_pd(_mm256_mul_pd(t->ex, t->ex), _mm256_mul_pd(t->ey, t->ey));
    __m256d ABS = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
    t->mag = _mm256_max_pd(_mm256_and_pd(P, ABS), _mm256_and_pd(Q, ABS));
    return 1;
}

/* faces_small's faces of `face` against the no vertices of `other`: the
 * least projections (times |edge|) in *lo, their vertices in *w */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void small_faces(const pc__small *face, const pc__small *other,
                                                                        int no, __m256d *lo, __m256d *w)
{
    __m256d NX = face->ey, NY = _mm256_sub_pd(_mm256_setzero_pd(), face->ex);
    __m256d LO = _mm256_set1_pd(INFINITY), W = _mm256_setzero_pd();
#define PC__VERTEX(I, LANES)                                                                                   \
    {                                                                                                          \
        __m256d V = _mm256_add_pd(                                                                             \
            _mm256_mul_pd(_mm256_sub_pd(_mm256_permute4x64_pd(other->x, LANES), face->x), NX),                 \
            _mm256_mul_pd(_mm256_sub_pd(_mm256_permute4x64_pd(other->y, LANES), face->y), NY));                \
        __m256d L = _mm256_cmp_pd(V, LO, _CMP_LT_OQ);                                                         \
        LO = _mm256_blendv_pd(LO, V, L);                                                                       \
        W = _mm256_blendv_pd(W, _mm256_set1_pd(I), L);                                                         \
    }
    PC__VERTEX(0.0, 0x00)
    PC__VERTEX(1.0, 0x55)
    PC__VERTEX(2.0, 0xaa)
    if (no == 4) PC__VERTEX(3.0, 0xff)
#undef PC__VERTEX
    *lo = LO;
    *w = W;
}

/* t's hull and edges (n vertices) written out */
__attribute__((target("avx2"))) static void small_store(const pc__small *t, int n, pc__hull *h, pc__edges *e)
{
    h->n = n;
    h->R = 0.0;
    e->ne = n;
    _mm256_storeu_pd(h->x, t->x);
    _mm256_storeu_pd(h->y, t->y);
    _mm256_storeu_pd(e->ex, t->ex);
    _mm256_storeu_pd(e->ey, t->ey);
    _mm256_storeu_pd(e->ee, t->ee);
}

/* the lanes' largest value, in every lane */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE __m256d lanes_max(__m256d v)
{
    v = _mm256_max_pd(v, _mm256_permute4x64_pd(v, 0x4e));
    return _mm256_max_pd(v, _mm256_permute_pd(v, 5));
}

/* k's two halves in each lane, for vpermps (lane k of a vector by small_lane) */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE __m256i small_index(int k)
{
    return _mm256_set1_epi64x((long long)(2 * k + 1) << 32 | (2 * k));
}

/* lane k of v (K: small_index(k)) */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE double small_lane(__m256d v, __m256i K)
{
    return _mm256_cvtsd_f64(_mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(v), K)));
}

/* gap_result by selects: from P0 along U when side = 0 (a's face: P0 on
 * it), from P1 along -U when side = 1 (b's face: P1 a's vertex), ra and rb
 * the canonical order's radii; the normal in *N, the witnesses in *A, *B */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void small_gap(int side, __m128d P0, __m128d P1, __m128d U,
                                                                      double d, double ra, double rb, __m128d *N,
                                                                      __m128d *A, __m128d *B)
{
    __m128d SIDE = _mm_castsi128_pd(_mm_set1_epi64x(-(long long)side));
    __m128d NV = _mm_blendv_pd(U, _mm_xor_pd(U, _mm_set1_pd(-0.0)), SIDE), P = _mm_blendv_pd(P0, P1, SIDE);
    *N = NV;
    *A = _mm_add_pd(P, _mm_mul_pd(_mm_set1_pd(ra), NV));
    *B = _mm_add_pd(P, _mm_mul_pd(_mm_set1_pd(d - rb), NV));
}

__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void small_write(double sep, __m128d N, __m128d A, __m128d B,
                                                                        pc__result *res)
{
    double v[6];
    _mm_storeu_pd(v, N);
    _mm_storeu_pd(v + 2, A);
    _mm_storeu_pd(v + 4, B);
    res->sep = sep;
    res->nx = v[0]; res->ny = v[1];
    res->ax = v[2]; res->ay = v[3];
    res->bx = v[4]; res->by = v[5];
}

/* sat_answer's ending where the deepest vertex (wx, wy) lies over the face
 * (d its separation along the face's normal (ux, uy), side the face's):
 * gap_result (apart) or face_result and grow (meeting), the cases by
 * selects (which holds varies from pair to pair) */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void small_face(int side, double d, double ux, double uy,
                                                                       double wx, double wy, double ra, double rb,
                                                                       pc__result *res)
{
    __m128d U = _mm_set_pd(uy, ux), WV = _mm_set_pd(wy, wx);
    __m128d C = _mm_sub_pd(WV, _mm_mul_pd(_mm_set1_pd(d), U));  /* the foot on the face */
    __m128d GA, GB, N;
    small_gap(side, C, WV, U, d, ra, rb, &N, &GA, &GB);
    double depth = -d;
    __m128d SIDE = _mm_castsi128_pd(_mm_set1_epi64x(-(long long)side));
    __m128d Q = _mm_sub_pd(C, _mm_mul_pd(_mm_set1_pd(depth), U));
    __m128d MA = _mm_add_pd(_mm_blendv_pd(C, Q, SIDE), _mm_mul_pd(_mm_set1_pd(ra), N));
    __m128d MB = _mm_sub_pd(_mm_blendv_pd(Q, C, SIDE), _mm_mul_pd(_mm_set1_pd(rb), N));
    __m128d GAP = _mm_castsi128_pd(_mm_set1_epi64x(-(long long)(d > 0)));
    small_write(d > 0 ? d - (ra + rb) : -depth - (ra + rb), N, _mm_blendv_pd(MA, GA, GAP), _mm_blendv_pd(MB, GB, GAP),
                res);
}

/* core_nearest for a small core of n vertices: the point of h nearest to
 * (x, y), outside it, from voronoi_region's first region (as ngon_result
 * finds it, by bit masks); 0 when no region holds */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int small_nearest(const pc__small *h, int n, double x,
                                                                          double y, double *qx, double *qy)
{
    unsigned full = (1u << n) - 1;
    __m256d WX = _mm256_sub_pd(_mm256_set1_pd(x), h->x), WY = _mm256_sub_pd(_mm256_set1_pd(y), h->y);
    __m256d C = _mm256_sub_pd(_mm256_mul_pd(h->ex, WY), _mm256_mul_pd(h->ey, WX));
    __m256d T = _mm256_add_pd(_mm256_mul_pd(WX, h->ex), _mm256_mul_pd(WY, h->ey)), ZERO = _mm256_setzero_pd();
    unsigned neg = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(C, ZERO, _CMP_LT_OQ)) & full;
    unsigned fore = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(T, ZERO, _CMP_GT_OQ)) & full;
    unsigned within = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(T, h->ee, _CMP_LT_OQ)) & full;
    unsigned foot, any = voronoi_bits(neg, fore, within, n, &foot);
    if (!any) return 0;
    int k = pc__lowest_bit(any);
    __m256i K = small_index(k);
    /* the foot's t / |e|^2, else 0 (a mask: which it is varies from pair to pair) */
    __m256d FOOT = _mm256_castsi256_pd(_mm256_set1_epi64x(-(long long)(foot >> k & 1)));
    double s = small_lane(_mm256_and_pd(_mm256_div_pd(T, h->ee), FOOT), K);
    *qx = small_lane(h->x, K) + s * small_lane(h->ex, K);
    *qy = small_lane(h->y, K) + s * small_lane(h->ey, K);
    return 1;
}

/* corner_pair for two small cores: face k of `face` (nf vertices; a's if
 * side = 0), the deepest vertex (wx, wy) of `other` (no vertices) */
__attribute__((target("avx2"))) static int small_corner(const pc__small *face, int nf, const pc__small *other, int no,
                                                        int side, int k, double t, double wx, double wy,
                                                        double floor2, double m, pc__result *res)
{
    int v = t < 0 ? k : k + 1 == nf ? 0 : k + 1;
    __m256i V = small_index(v);
    double vx = small_lane(face->x, V), vy = small_lane(face->y, V);
    double qx = 0.0, qy = 0.0, fx = 0.0, fy = 0.0, px, py, ox, oy;  /* p on face, o on other */
    int found_q = small_nearest(other, no, vx, vy, &qx, &qy), found_f = small_nearest(face, nf, wx, wy, &fx, &fy);
    double d2 = corner_nearer(found_q, vx, vy, qx, qy, found_f, fx, fy, wx, wy, &px, &py, &ox, &oy);
    if (d2 == INFINITY) return -1;
    if (!(d2 >= floor2)) return 0;
    double d = sqrt(d2), ux = (ox - px) / d, uy = (oy - py) / d;
    /* other's least and face's greatest projection on u (a core of three
     * repeats its vertex 0 in lane 3) */
    __m256d UX = _mm256_set1_pd(ux), UY = _mm256_set1_pd(uy), PX = _mm256_set1_pd(px), PY = _mm256_set1_pd(py);
    __m256d LO = _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(other->x, PX), UX),
                               _mm256_mul_pd(_mm256_sub_pd(other->y, PY), UY));
    __m256d HI = _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(face->x, PX), UX),
                               _mm256_mul_pd(_mm256_sub_pd(face->y, PY), UY));
    LO = _mm256_min_pd(LO, _mm256_permute4x64_pd(LO, 0x4e));
    HI = _mm256_max_pd(HI, _mm256_permute4x64_pd(HI, 0x4e));
    LO = _mm256_min_pd(LO, _mm256_permute_pd(LO, 5));
    HI = _mm256_max_pd(HI, _mm256_permute_pd(HI, 5));
    if (!(_mm256_cvtsd_f64(LO) - _mm256_cvtsd_f64(HI) >= d - 0x1p-44 * m)) return -1;
    __m128d N, A, B;
    small_gap(side, _mm_set_pd(py, px), _mm_set_pd(oy, ox), _mm_set_pd(uy, ux), d, 0.0, 0.0, &N, &A, &B);
    small_write(d - (0.0 + 0.0), N, A, B, res);
    return 1;
}

/* cores_fast's answer for small cores a (na vertices) and b (nb), the
 * canonical order b first if swap, in two parts: small_axes up to the
 * choice of axis, small_answer after it (a batch runs the first part of
 * two pairs, then the second of both).  Everything before the choice of
 * axis is the same for both orders, so it is found for the rows as they
 * come, and the order is applied only after (to the order of the axes, and
 * to which side's lanes are read): nothing early waits for it. */
typedef struct {
    pc__small a, b;
    __m256d lo_a, lo_b, w_a, w_b, il_a, il_b;  /* the faces of a against b's vertices, and of b */
    double m, floor2;
    unsigned top_a, top_b;  /* the faces whose keys are the greatest */
    int swap;
} pc__small_sat;

/* 0 where contact_canonical is to answer */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int small_axes(const pc__filter *f, int ka, const double *a,
                                                                      int na, int kb, const double *b, int nb,
                                                                      int swap, pc__small_sat *q)
{
    if (!small_lanes(f, ka, a, &q->a) || !small_lanes(f, kb, b, &q->b)) return 0;
    double m = _mm256_cvtsd_f64(lanes_max(_mm256_max_pd(q->a.mag, q->b.mag)));
    if (!(m >= 0x1p-120 && m <= 0x1p150)) return 0;
    double floor2 = 0x1p-72 * (m * m);
    __m256d EE_MIN = _mm256_min_pd(q->a.ee, q->b.ee), ONE = _mm256_set1_pd(1.0);
    if (_mm256_movemask_pd(_mm256_cmp_pd(EE_MIN, _mm256_set1_pd(floor2), _CMP_GE_OQ)) != 15) return 0;
    small_faces(&q->a, &q->b, nb, &q->lo_a, &q->w_a);
    small_faces(&q->b, &q->a, na, &q->lo_b, &q->w_b);
    q->il_a = _mm256_div_pd(ONE, _mm256_sqrt_pd(q->a.ee));
    q->il_b = _mm256_div_pd(ONE, _mm256_sqrt_pd(q->b.ee));
    __m256d KA = _mm256_mul_pd(q->lo_a, q->il_a), KB = _mm256_mul_pd(q->lo_b, q->il_b);
    __m256d TOP = lanes_max(_mm256_max_pd(KA, KB));
    q->top_a = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(KA, TOP, _CMP_EQ_OQ)) & ((1u << na) - 1);
    q->top_b = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(KB, TOP, _CMP_EQ_OQ)) & ((1u << nb) - 1);
    q->m = m;
    q->floor2 = floor2;
    q->swap = swap;
    return 1;
}

__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int small_answer(const pc__small_sat *q, int na, int nb,
                                                                        double *mag, pc__result *res)
{
    const pc__small *ta = &q->a, *tb = &q->b;
    double m = q->m, floor2 = q->floor2;
    int swap = q->swap, first = swap ? nb : na;
    unsigned best = swap ? q->top_b | q->top_a << nb : q->top_a | q->top_b << na;  /* the first side's faces first */
    if (!best) return 0;
    int j = pc__lowest_bit(best), side = j >= first, k = j - first * side, raw = side ^ swap;
    /* sat_answer's reads, from the lanes: face k of the face's side (a's if
     * raw = 0) and vertex w of the other */
    __m256d RAW = _mm256_castsi256_pd(_mm256_set1_epi64x(-(long long)raw));
    __m256i K = small_index(k);
    double s = small_lane(_mm256_blendv_pd(q->lo_a, q->lo_b, RAW), K);
    double il = small_lane(_mm256_blendv_pd(q->il_a, q->il_b, RAW), K);
    double ex = small_lane(_mm256_blendv_pd(ta->ex, tb->ex, RAW), K);
    double ey = small_lane(_mm256_blendv_pd(ta->ey, tb->ey, RAW), K);
    double ee = small_lane(_mm256_blendv_pd(ta->ee, tb->ee, RAW), K);
    int w = (int)small_lane(_mm256_blendv_pd(q->w_a, q->w_b, RAW), K);
    __m256i WL = small_index(w);
    double wx = small_lane(_mm256_blendv_pd(tb->x, ta->x, RAW), WL);
    double wy = small_lane(_mm256_blendv_pd(tb->y, ta->y, RAW), WL);
    double fx = small_lane(_mm256_blendv_pd(ta->x, tb->x, RAW), K);
    double fy = small_lane(_mm256_blendv_pd(ta->y, tb->y, RAW), K);
    *mag = m;
    if (!(s * s >= floor2 * ee)) return 0;  /* within 2^-36 m of touching */
    double ux = ey * il, uy = -ex * il, d = s * il;
    double t = (wx - fx) * ex + (wy - fy) * ey;
    if (!(t >= 0 && t <= ee)) {  /* off the face: a corner, or a sliver */
        if (!(d > 0)) return 0;
        int r = small_corner(raw ? tb : ta, raw ? nb : na, raw ? ta : tb, raw ? na : nb, side, k, t, wx, wy, floor2,
                             m, res);
        if (r >= 0) return r;
        pc__hull ha, hb;
        pc__edges ea, eb;
        small_store(swap ? tb : ta, swap ? nb : na, &ha, &ea);
        small_store(swap ? ta : tb, swap ? na : nb, &hb, &eb);
        return cores_apart(&ha, &ea, &hb, &eb, floor2, res);
    }
    small_face(side, d, ux, uy, wx, wy, 0.0, 0.0, res);
    return 1;
}

/* contact_pair's canonical order: 1 when b comes first.  For two rows of one
 * kind (width 4 to 8) by masks, not a branch (which of two rows comes first
 * is random: its branch had been mispredicted on half the pairs, 6 ns of
 * triangle-triangle's 75): b's first value that differs from a's is the
 * less (row_less(b, a)). */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int small_order(int ka, const double *a, int kb,
                                                                       const double *b, int width)
{
    if (ka != kb) return kb < ka;
    int o = width - 4;  /* the second load: values o..o+3 (overlapping the first below a width of 8) */
    __m256d A0 = _mm256_loadu_pd(a), A1 = _mm256_loadu_pd(a + o), B0 = _mm256_loadu_pd(b), B1 = _mm256_loadu_pd(b + o);
    unsigned lt = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(B0, A0, _CMP_LT_OQ)) |
                  (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(B1, A1, _CMP_LT_OQ)) << o;
    unsigned gt = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(B0, A0, _CMP_GT_OQ)) |
                  (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(B1, A1, _CMP_GT_OQ)) << o;
    unsigned differ = lt | gt;
    return (lt & differ & (0u - differ)) != 0;
}

/* the answer settled (done), else contact_canonical's, written out as
 * contact_out does, by selects */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE void small_finish(int done, double m, const pc__filter *f,
                                                                         int ka, int wa, const double *a, int kb,
                                                                         int wb, const double *b, int swap,
                                                                         pc__result *r, double *out)
{
    if (done) settle(f, swap ? kb : ka, swap ? b : a, swap ? ka : kb, swap ? a : b, 4 * m, r);
    else contact_canonical(f, swap ? kb : ka, swap ? wb : wa, swap ? b : a, swap ? ka : kb, swap ? wa : wb,
                           swap ? a : b, swap ? -1.0 : 1.0, r);
    __m128d SWAP = _mm_castsi128_pd(_mm_set1_epi64x(-(long long)swap));
    __m128d N = _mm_add_pd(_mm_set_pd(r->ny, r->nx), _mm_setzero_pd());  /* no negative zeros in a normal */
    __m128d RA = _mm_set_pd(r->ay, r->ax), RB = _mm_set_pd(r->by, r->bx);
    out[0] = r->sep;
    _mm_storeu_pd(out + 1, _mm_blendv_pd(N, _mm_sub_pd(_mm_setzero_pd(), N), SWAP));
    _mm_storeu_pd(out + 3, _mm_blendv_pd(RA, RB, SWAP));
    _mm_storeu_pd(out + 5, _mm_blendv_pd(RB, RA, SWAP));
}

/* the widths of the kinds of the vector paths */
static PC_ALWAYS_INLINE int vector_width(int kind)
{
    return kind == PC_BOX || kind == PC_SEGMENT ? 4 : kind == PC_CAPSULE ? 5 : kind == PC_POLYGON + 1 ? 8 : 6;
}

/* For a vector path P (small, seg), from P_axes, P_answer, the state S
 * between them, and small_order (the canonical order, for every kind):
 * P_one_avx2: contact_pair for one pair;
 * P_pairs: a batch's pairs two at a time (both pairs' axes, then both
 * answers: as for ngon_canonical_inner, two chains of latencies side by
 * side; triangle-triangle 56 -> 47 ns), the kinds ka, kb compile-time
 * constants where the inner loop can make them so (as variables they had
 * made triangle-triangle 48 -> 54 ns). */
#define PC__VECTOR_PAIRS(P, S)                                                                                 \
    __attribute__((target("avx2"))) static void P##_one_avx2(const pc__filter *f, int ka, const double *a,     \
                                                             int kb, const double *b, double *out)             \
    {                                                                                                          \
        S q;                                                                                                   \
        pc__result r;                                                                                          \
        double m = 0.0;                                                                                        \
        int na = small_count(ka), nb = small_count(kb), wa = vector_width(ka), wb = vector_width(kb);          \
        int swap = small_order(ka, a, kb, b, wa);                                                                \
        int done = P##_axes(f, ka, a, na, kb, b, nb, swap, &q) && P##_answer(&q, na, nb, &m, &r);              \
        small_finish(done, m, f, ka, wa, a, kb, wb, b, swap, &r, out);                                         \
    }                                                                                                          \
    __attribute__((target("avx2"))) static PC_ALWAYS_INLINE void P##_pairs(                                    \
        const pc__filter *f, char *const *p, const int64_t *s, int64_t n, int ka, int kb)                      \
    {                                                                                                          \
        int na = small_count(ka), nb = small_count(kb), wa = vector_width(ka), wb = vector_width(kb);          \
        int64_t i = 0;                                                                                         \
        for (; i + 1 < n; i += 2) {                                                                            \
            const double *a0 = (const double *)(p[0] + i * s[0]), *a1 = (const double *)(p[0] + (i + 1) * s[0]); \
            const double *b0 = (const double *)(p[1] + i * s[1]), *b1 = (const double *)(p[1] + (i + 1) * s[1]); \
            S q0, q1;                                                                                          \
            pc__result r0, r1;                                                                                 \
            double m0 = 0.0, m1 = 0.0;                                                                         \
            int swap0 = small_order(ka, a0, kb, b0, wa), swap1 = small_order(ka, a1, kb, b1, wa);                  \
            int ok0 = P##_axes(f, ka, a0, na, kb, b0, nb, swap0, &q0);                                         \
            int ok1 = P##_axes(f, ka, a1, na, kb, b1, nb, swap1, &q1);                                         \
            int done0 = ok0 && P##_answer(&q0, na, nb, &m0, &r0);                                              \
            int done1 = ok1 && P##_answer(&q1, na, nb, &m1, &r1);                                              \
            small_finish(done0, m0, f, ka, wa, a0, kb, wb, b0, swap0, &r0, (double *)(p[2] + i * s[2]));       \
            small_finish(done1, m1, f, ka, wa, a1, kb, wb, b1, swap1, &r1, (double *)(p[2] + (i + 1) * s[2])); \
        }                                                                                                      \
        if (i < n)                                                                                             \
            P##_one_avx2(f, ka, (const double *)(p[0] + i * s[0]), kb, (const double *)(p[1] + i * s[1]),      \
                         (double *)(p[2] + i * s[2]));                                                         \
    }

PC__VECTOR_PAIRS(small, pc__small_sat)

__attribute__((target("avx2"))) static void small_inner_avx2(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct contact_ctx *c = vctx;
    if (c->ka == PC_TRIANGLE && c->kb == PC_TRIANGLE) small_pairs(c->f, p, s, n, PC_TRIANGLE, PC_TRIANGLE);
    else if (c->ka == PC_BOX && c->kb == PC_TRIANGLE) small_pairs(c->f, p, s, n, PC_BOX, PC_TRIANGLE);
    else if (c->ka == PC_TRIANGLE && c->kb == PC_BOX) small_pairs(c->f, p, s, n, PC_TRIANGLE, PC_BOX);
    else small_pairs(c->f, p, s, n, c->ka, c->kb);
}
#endif

#ifdef PC_HAVE_AVX2
/* ---- two segment cores, side by side ----
 * cores_fast's answer for two segments or capsules (a segment core grown by
 * a radius), bit for bit, as the small path finds it for polygons: the four
 * axes cores_sat tries (each core's edge normal, both ways: faces_against's
 * least and greatest projections, in the lanes of one register), the best
 * by a mask, sat_answer's cases by selects, corner_pair's nearest points
 * clamped on the segments; two pairs at a time in a batch.  0 where
 * contact_canonical is to answer (a core of one point, magnitudes outside
 * cores_sat's range, a gap or a depth within 2^-36 m). */

/* a segment core: its ends, its edge, the squared length, the radius */
typedef struct {
    double x0, y0, x1, y1, ex, ey, ee, r;
} pc__seg;

/* the pair's four axes (a's normal, a's reversed, b's, b's reversed) */
typedef struct {
    pc__seg a, b;
    __m256d s, il, w;  /* sat_answer's s, il and w for each axis */
    double m, floor2;
    unsigned top;  /* the axes whose keys are the greatest */
    int swap;
} pc__seg_sat;

static PC_ALWAYS_INLINE void seg_load(int kind, const double *s, pc__seg *g)
{
    g->x0 = s[0]; g->y0 = s[1]; g->x1 = s[2]; g->y1 = s[3];
    g->ex = s[2] - s[0];
    g->ey = s[3] - s[1];
    g->ee = g->ex * g->ex + g->ey * g->ey;
    g->r = kind == PC_CAPSULE ? s[4] : 0.0;
}

/* core_nearest for a segment core: the point of g nearest to (x, y) */
static PC_ALWAYS_INLINE void seg_nearest(const pc__seg *g, double x, double y, double *qx, double *qy)
{
    double t = ((x - g->x0) * g->ex + (y - g->y0) * g->ey) / g->ee;
    t = pc__clamp(t, 0.0, 1.0);
    *qx = t == 1.0 ? g->x1 : g->x0 + t * g->ex;
    *qy = t == 1.0 ? g->y1 : g->y0 + t * g->ey;
}

/* 0 where contact_canonical is to answer */
__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int seg_axes(const pc__filter *f, int ka, const double *a,
                                                                    int na, int kb, const double *b, int nb,
                                                                    int swap, pc__seg_sat *q)
{
    (void)f; (void)na; (void)nb;  /* small_axes' signature (PC__VECTOR_PAIRS) */
    double m = pc__max(pc__magnitude(a, ka == PC_CAPSULE ? 5 : 4), pc__magnitude(b, kb == PC_CAPSULE ? 5 : 4));
    if (!(m >= 0x1p-120 && m <= 0x1p150)) return 0;
    double floor2 = 0x1p-72 * (m * m);
    seg_load(ka, a, &q->a);
    seg_load(kb, b, &q->b);
    if (!(q->a.ee >= floor2 && q->b.ee >= floor2)) return 0;
    const pc__seg *ga = &q->a, *gb = &q->b;
    __m256d FX = _mm256_setr_pd(ga->x0, ga->x0, gb->x0, gb->x0), FY = _mm256_setr_pd(ga->y0, ga->y0, gb->y0, gb->y0);
    __m256d NX = _mm256_setr_pd(ga->ey, ga->ey, gb->ey, gb->ey);
    __m256d NY = _mm256_setr_pd(-ga->ex, -ga->ex, -gb->ex, -gb->ex);
    __m256d V0 = _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(_mm256_setr_pd(gb->x0, gb->x0, ga->x0, ga->x0), FX), NX),
                               _mm256_mul_pd(_mm256_sub_pd(_mm256_setr_pd(gb->y0, gb->y0, ga->y0, ga->y0), FY), NY));
    __m256d V1 = _mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(_mm256_setr_pd(gb->x1, gb->x1, ga->x1, ga->x1), FX), NX),
                               _mm256_mul_pd(_mm256_sub_pd(_mm256_setr_pd(gb->y1, gb->y1, ga->y1, ga->y1), FY), NY));
    /* the reversed normals' lanes: minus the greatest projection (the first
     * of equals), as the least of the negated ones */
    __m256d FLIP = _mm256_setr_pd(0.0, -0.0, 0.0, -0.0);
    V0 = _mm256_xor_pd(V0, FLIP);
    V1 = _mm256_xor_pd(V1, FLIP);
    __m256d L = _mm256_cmp_pd(V1, V0, _CMP_LT_OQ);
    q->s = _mm256_blendv_pd(V0, V1, L);
    q->w = _mm256_and_pd(L, _mm256_set1_pd(1.0));
    __m256d EE = _mm256_setr_pd(ga->ee, ga->ee, gb->ee, gb->ee);
    q->il = _mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(EE));
    __m256d KEY = _mm256_mul_pd(q->s, q->il);
    q->top = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(KEY, lanes_max(KEY), _CMP_EQ_OQ));
    q->m = m;
    q->floor2 = floor2;
    q->swap = swap;
    return 1;
}

/* corner_pair for two segment cores: face (a's if side = 0) off which the
 * deepest vertex (wx, wy) of `other` lies, t its projection on the face */
__attribute__((target("avx2"))) static int seg_corner(const pc__seg *face, const pc__seg *other, int side, double t,
                                                      double wx, double wy, double floor2, double m, double ra,
                                                      double rb, pc__result *res)
{
    double vx = t < 0 ? face->x0 : face->x1, vy = t < 0 ? face->y0 : face->y1;
    double qx, qy, fx, fy, px, py, ox, oy;  /* p on face, o on other */
    seg_nearest(other, vx, vy, &qx, &qy);
    seg_nearest(face, wx, wy, &fx, &fy);
    double d2 = corner_nearer(1, vx, vy, qx, qy, 1, fx, fy, wx, wy, &px, &py, &ox, &oy);
    if (d2 == INFINITY) return -1;
    if (!(d2 >= floor2)) return 0;
    double d = sqrt(d2), ux = (ox - px) / d, uy = (oy - py) / d;
    double lo = pc__min(pc__min(INFINITY, (other->x0 - px) * ux + (other->y0 - py) * uy),
                        (other->x1 - px) * ux + (other->y1 - py) * uy);
    double hi = pc__max(pc__max(-INFINITY, (face->x0 - px) * ux + (face->y0 - py) * uy),
                        (face->x1 - px) * ux + (face->y1 - py) * uy);
    if (!(lo - hi >= d - 0x1p-44 * m)) return -1;
    __m128d N, A, B;
    small_gap(side, _mm_set_pd(py, px), _mm_set_pd(oy, ox), _mm_set_pd(uy, ux), d, ra, rb, &N, &A, &B);
    small_write(d - (ra + rb), N, A, B, res);
    return 1;
}

__attribute__((target("avx2"))) static PC_ALWAYS_INLINE int seg_answer(const pc__seg_sat *q, int na, int nb,
                                                                      double *mag, pc__result *res)
{
    (void)na; (void)nb;
    int swap = q->swap;
    unsigned best = swap ? q->top >> 2 | (q->top & 3) << 2 : q->top;  /* the first side's axes first */
    if (!best) return 0;
    int j = pc__lowest_bit(best), side = j >> 1, flip = j & 1, raw = side ^ swap;
    const pc__seg *face = raw ? &q->b : &q->a, *other = raw ? &q->a : &q->b;
    double ra = swap ? q->b.r : q->a.r, rb = swap ? q->a.r : q->b.r;  /* the canonical order's radii */
    __m256i K = small_index(2 * raw + flip);
    double s = small_lane(q->s, K), il = small_lane(q->il, K);
    int w = (int)small_lane(q->w, K);
    double ex = face->ex, ey = face->ey, ee = face->ee, floor2 = q->floor2;
    *mag = q->m;
    if (!(s * s >= floor2 * ee)) return 0;  /* within 2^-36 m of touching */
    double ux = ey * il, uy = -ex * il, d = s * il;
    ux = flip ? -ux : ux;
    uy = flip ? -uy : uy;
    double wx = w ? other->x1 : other->x0, wy = w ? other->y1 : other->y0;
    double t = (wx - face->x0) * ex + (wy - face->y0) * ey;
    if (!(t >= 0 && t <= ee)) {  /* off the face: a corner, or a sliver */
        if (!(d > 0)) return 0;
        int r = seg_corner(face, other, side, t, wx, wy, floor2, q->m, ra, rb, res);
        if (r >= 0) return r;
        pc__hull h[2];
        pc__edges e[2];
        for (int i = 0; i < 2; i++) {
            const pc__seg *g = i == swap ? &q->a : &q->b;
            h[i].n = 2; h[i].R = g->r;
            h[i].x[0] = g->x0; h[i].y[0] = g->y0; h[i].x[1] = g->x1; h[i].y[1] = g->y1;
            e[i].ne = 1; e[i].ex[0] = g->ex; e[i].ey[0] = g->ey; e[i].ee[0] = g->ee;
        }
        return cores_apart(&h[0], &e[0], &h[1], &e[1], floor2, res);
    }
    small_face(side, d, ux, uy, wx, wy, ra, rb, res);
    return 1;
}

static int seg_kind(int kind) { return kind == PC_SEGMENT || kind == PC_CAPSULE; }

PC__VECTOR_PAIRS(seg, pc__seg_sat)

__attribute__((target("avx2"))) static void seg_inner_avx2(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct contact_ctx *c = vctx;
    if (c->ka == PC_SEGMENT && c->kb == PC_SEGMENT) seg_pairs(c->f, p, s, n, PC_SEGMENT, PC_SEGMENT);
    else if (c->ka == PC_CAPSULE && c->kb == PC_CAPSULE) seg_pairs(c->f, p, s, n, PC_CAPSULE, PC_CAPSULE);
    else seg_pairs(c->f, p, s, n, c->ka, c->kb);
}
#undef PC__VECTOR_PAIRS
#endif

/* row s (w values) times 2^-e into out; 0 unless every value is exact */
static int scaled_row(const double *s, int w, int e, double *out)
{
    for (int k = 0; k < w; k++) {
        out[k] = ldexp(s[k], -e);
        if (ldexp(out[k], e) != s[k]) return 0;
    }
    return 1;
}

/* contact_canonical on the rows scaled by 2^-e, the magnitude m in
 * [2^(e-1), 2^e), into [1/2, 1), and its result scaled back; 0 (nothing
 * written) where a value would lose bits (the rows span more than the
 * doubles' exponent range) */
static int contact_rescaled(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb, const double *b,
                            double m, double degenerate_ny, pc__result *res)
{
    int e;
    frexp(m, &e);
    double sa[PC_ROW_MAX], sb[PC_ROW_MAX];
    if (!scaled_row(a, wa, e, sa) || !scaled_row(b, wb, e, sb)) return 0;
    pc__filter fs = pc__filter_for(ldexp(m, -e));
    contact_canonical(&fs, ka, wa, sa, kb, wb, sb, degenerate_ny, res);
    res->sep = ldexp(res->sep, e);
    res->ax = ldexp(res->ax, e); res->ay = ldexp(res->ay, e);
    res->bx = ldexp(res->bx, e); res->by = ldexp(res->by, e);
    settle(f, ka, a, kb, b, 4 * m, res);  /* a gap scaled back into the subnormals */
    return 1;
}

/* The answer for a pair is the same at every power-of-two scaling of it
 * (up to that power, bit for bit): the same roundings, and so the same
 * choices among equal depths, which each path breaks its own way.  Inside
 * this window of magnitudes no square of the float geometry overflows or
 * underflows, every path's arithmetic scales as it is, and the path taken
 * does not depend on the scale (every fast path's own window holds this one,
 * and those outside contact_canonical answer as it does, bit for bit: the C
 * tests compare them).  Outside it the rows are first scaled into it, exactly
 * (contact_rescaled); pairs that cannot be (a value below the others by more
 * than the doubles' exponent range) keep the paths of their magnitude. */
#define PC_WINDOW_LO 0x1p-120
#define PC_WINDOW_HI 0x1p150

static void contact_canonical(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb, const double *b,
                              double degenerate_ny, pc__result *res)
{
    double m = pc__max(pc__magnitude(a, wa), pc__magnitude(b, wb));
    if (!(m >= PC_WINDOW_LO && m <= PC_WINDOW_HI) && m > 0 && m <= DBL_MAX &&
        contact_rescaled(f, ka, wa, a, kb, wb, b, m, degenerate_ny, res))
        return;
    if (m <= 0x1p240 && m >= 0x1p-200) {  /* the fast paths (canonical order: ka <= kb) */
        if (ka == PC_BOX && kb == PC_BOX && box_box(a, b, m, res)) return;
        int ball_box_pair = ka <= PC_CIRCLE && kb == PC_BOX && b[0] != b[2] && b[1] != b[3];
        if (ball_box_pair ? ball_box(a, ka == PC_CIRCLE ? a[2] : 0.0, b, m, res)
                          : cores_fast(f, ka, a, kb, b, m, res)) {
            settle(f, ka, a, kb, b, 4 * m, res);
            return;
        }
    }
    int e = scale_exponent(m);
    pc__core ca = core_of(f, ka, a, e), cb = core_of(f, kb, b, e);
    /* the cores' kinds decide core contact (a circle's row begins with its centre's) */
    int core_a = pc__kind(ka)->core_kind, core_b = pc__kind(kb)->core_kind;
    int cores_meet = pc__overlap_rows(f, core_a, a, core_b, b, PC_TOUCHING);
    if (cores_meet || !apart(f, &ca, &cb, res)) meeting(&ca, &cb, degenerate_ny, res);
    grow(res, ca.r, cb.r);
    res->sep = ldexp(res->sep, e);
    res->ax = ldexp(res->ax, e); res->ay = ldexp(res->ay, e);
    res->bx = ldexp(res->bx, e); res->by = ldexp(res->by, e);
    settle(f, ka, a, kb, b, INFINITY, res);  /* the exact test, always */
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

/* contact_canonical or ball_canonical */
typedef void pc__canonical(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb, const double *b,
                           double degenerate_ny, pc__result *res);

/* pc__contact_one by `canonical`, with the kinds' widths wa, wb known (a
 * batch finds them once: their lookups had cost 2-3 ns a pair) */
static PC_ALWAYS_INLINE void contact_pair(pc__canonical *canonical, const pc__filter *f, int ka, int wa,
                                          const double *a, int kb, int wb, const double *b, double *out)
{
    pc__result r;
    int swap = kb < ka || (ka == kb && row_less(b, a, wa));
    if (swap) canonical(f, kb, wb, b, ka, wa, a, -1.0, &r);
    else canonical(f, ka, wa, a, kb, wb, b, 1.0, &r);
    contact_out(&r, swap, out);
}

void pc__contact_one(const pc__filter *f, int ka, const double *a, int kb, const double *b, double *out)
{
    pc__canonical *canonical = ball_pair(ka, kb) ? ball_canonical : contact_canonical;
#ifdef PC_HAVE_SSE2
    if (ngon_pair(ka, kb)) canonical = ngon_canonical;
#endif
#ifdef PC_HAVE_AVX2
    if (ngon_pair(ka, kb) && __builtin_cpu_supports("avx2")) canonical = ngon_canonical_avx2;
    if (small_pair(ka, kb) && __builtin_cpu_supports("avx2")) {
        small_one_avx2(f, ka, a, kb, b, out);
        return;
    }
    if (seg_kind(ka) && seg_kind(kb) && __builtin_cpu_supports("avx2")) {
        seg_one_avx2(f, ka, a, kb, b, out);
        return;
    }
#endif
    contact_pair(canonical, f, ka, pc_kind_width(ka), a, kb, pc_kind_width(kb), b, out);
}

int pc__contact_path(int path, const pc__filter *f, int ka, const double *a, int kb, const double *b,
                     double *out)
{
    pc__canonical *canonical = path == 0 ? contact_canonical : NULL;
#ifdef PC_HAVE_SSE2
    if (path == 1 && ngon_pair(ka, kb)) canonical = ngon_canonical;
#endif
#ifdef PC_HAVE_AVX2
    if (path == 2 && ngon_pair(ka, kb) && __builtin_cpu_supports("avx2")) canonical = ngon_canonical_avx2;
    if (path == 3 && small_pair(ka, kb) && __builtin_cpu_supports("avx2")) {
        small_one_avx2(f, ka, a, kb, b, out);
        return 1;
    }
    if (path == 3 && seg_kind(ka) && seg_kind(kb) && __builtin_cpu_supports("avx2")) {
        seg_one_avx2(f, ka, a, kb, b, out);
        return 1;
    }
#endif
    if (!canonical) return 0;
    contact_pair(canonical, f, ka, pc_kind_width(ka), a, kb, pc_kind_width(kb), b, out);
    return 1;
}

/* ---- manifolds (pc_manifold_batch) ---- */

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
        if (ee >= 0x1p-900 && ee <= 0x1p900) {  /* no square under- or overflowed */
            double len = sqrt(ee);
            tx = ex / len;
            ty = ey / len;
        } else {
            unit_of(ex, ey, &tx, &ty);
        }
        for (int s = -1; s <= 1; s += 2) {
            if (c->w != 0 && s != -1) continue;  /* a polygon: the right-hand (outward) normal only */
            fl->edge[fl->n] = k;
            fl->ux[fl->n] = s * -ty;
            fl->uy[fl->n] = s * tx;
            fl->n++;
        }
    }
}

/* Rule 3 of pc_manifold_batch on the scaled cores, margin scaled alike: the
 * count kept (0: none, the caller keeps the single point), out as the
 * batch's layout (scaled). */
static int clipped_faces(const pc__core *ca, const pc__core *cb, double margin, double *out)
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
                best = s; ux = nx; uy = ny; X = face; Y = other; bk = fl->edge[i];
                FY = xs ? &fa : &fb;
            }
        }
    }
    /* the incident face: Y's face most anti-parallel to u */
    double least = INFINITY;
    int ik = 0;
    for (int i = 0; i < FY->n; i++) {
        double d = FY->ux[i] * ux + FY->uy[i] * uy;
        if (d < least) { least = d; ik = FY->edge[i]; }
    }
    /* clip the incident edge q0 q1 to the slab 0 <= (q - p0) . t <= t . t */
    int bj = (bk + 1) % X->n, ij = (ik + 1) % Y->n;
    double p0x = X->x[bk], p0y = X->y[bk], tx = X->x[bj] - p0x, ty = X->y[bj] - p0y, tt = tx * tx + ty * ty;
    double q0x = Y->x[ik], q0y = Y->y[ik], q1x = Y->x[ij], q1y = Y->y[ij];
    double g0 = (q0x - p0x) * tx + (q0y - p0y) * ty, g1 = (q1x - p0x) * tx + (q1y - p0y) * ty;
    double lo = 0.0, hi = 1.0;
    if (g1 != g0) {
        double la = -g0 / (g1 - g0), lb = (tt - g0) / (g1 - g0);
        lo = pc__max(lo, pc__min(la, lb));
        hi = pc__min(hi, pc__max(la, lb));
    } else if (!(g0 >= 0 && g0 <= tt)) {
        return 0;
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
        kept++;
    }
    if (!kept) return 0;
    double sgn = X == ca ? 1.0 : -1.0;
    out[1] = sgn * ux + 0.0;
    out[2] = sgn * uy + 0.0;
    return kept;
}

/* Rules 1 and 2 from the contact in the caller's order (so the no-direction
 * normal is the contact's (0, 1)); rule 3 in the canonical order (kind, then
 * the coordinates), swapped back: symmetric bit for bit. */
static void manifold_one(const pc__filter *f, int ka, const double *a, int kb, const double *b, double margin,
                         double *out)
{
    double c[7];
    pc__contact_one(f, ka, a, kb, b, c);
    out[0] = 0.0;
    out[1] = c[1];
    out[2] = c[2];
    for (int k = 3; k < 9; k++) out[k] = NAN;
    if (!(c[0] <= margin)) return;
    out[0] = 1.0;
    out[3] = halfway(c[3], c[5]);
    out[4] = halfway(c[4], c[6]);
    out[5] = c[0];
    if (pc__kind(ka)->core_kind == PC_POINT || pc__kind(kb)->core_kind == PC_POINT) return;  /* a point or a circle */
    int swap = kb < ka || (ka == kb && row_less(b, a, pc_kind_width(ka)));
    if (swap) {
        const double *t = a; a = b; b = t;
        int kt = ka; ka = kb; kb = kt;
    }
    double m = pc__max(pc__magnitude(a, pc_kind_width(ka)), pc__magnitude(b, pc_kind_width(kb)));
    int e = scale_exponent(m);
    pc__core ca = core_of(f, ka, a, e), cb = core_of(f, kb, b, e);
    double r[9];
    int kept = ca.n > 1 && cb.n > 1 ? clipped_faces(&ca, &cb, ldexp(margin, -e), r) : 0;
    if (!kept) return;  /* rule 2's point stands */
    out[0] = kept;
    out[1] = swap ? 0.0 - r[1] : r[1];
    out[2] = swap ? 0.0 - r[2] : r[2];
    for (int k = 0; k < 3 * kept; k++) out[3 + k] = ldexp(r[3 + k], e);
    for (int k = 3 * kept; k < 6; k++) out[3 + k] = NAN;
}

struct manifold_ctx {
    const pc__filter *f;
    int ka, kb;
    double margin;
};

static void manifold_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct manifold_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        manifold_one(c->f, c->ka, (const double *)(p[0] + i * s[0]), c->kb, (const double *)(p[1] + i * s[1]),
                     c->margin, (double *)(p[2] + i * s[2]));
}

int pc_manifold_batch(int kind_a, const double *a, const int64_t *strides_a,
                      int kind_b, const double *b, const int64_t *strides_b, double margin,
                      double *out, const int64_t *strides_out,
                      int ndim, const int64_t *shape, double magnitude, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_a) || !pc__is_shape(kind_b)) return PC_ERR_KIND;
    if (!(margin >= 0 && margin <= DBL_MAX)) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    pc__filter filter = pc__filter_for(magnitude);
    struct manifold_ctx ctx = {&filter, kind_a, kind_b, margin};
    const void *ptrs[3] = {a, b, out};
    const int64_t *strides[3] = {strides_a, strides_b, strides_out};
    int rc = pc__batch(ndim, shape, 3, ptrs, strides, 0u, manifold_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}

/* one inner loop per canonical function, so that each call is direct */
#define PC__CONTACT_INNER(NAME, CANONICAL)                                                                \
    static void NAME(void *vctx, char *const *p, const int64_t *s, int64_t n)                            \
    {                                                                                                    \
        const struct contact_ctx *c = vctx;                                                              \
        for (int64_t i = 0; i < n; i++)                                                                  \
            contact_pair(CANONICAL, c->f, c->ka, c->wa, (const double *)(p[0] + i * s[0]), c->kb, c->wb, \
                         (const double *)(p[1] + i * s[1]), (double *)(p[2] + i * s[2]));               \
    }
PC__CONTACT_INNER(contact_inner, contact_canonical)
PC__CONTACT_INNER(ball_inner, ball_canonical)
#undef PC__CONTACT_INNER

/* the inner loop for a pair of kinds (pc__contact_one's choice) */
static pc__inner contact_inner_for(int ka, int kb)
{
    if (ball_pair(ka, kb)) return ball_inner;
#ifdef PC_HAVE_AVX2
    if (ngon_pair(ka, kb) && __builtin_cpu_supports("avx2")) return ngon_canonical_avx2_inner;
    if (small_pair(ka, kb) && __builtin_cpu_supports("avx2")) return small_inner_avx2;
    if (seg_kind(ka) && seg_kind(kb) && __builtin_cpu_supports("avx2")) return seg_inner_avx2;
#endif
#ifdef PC_HAVE_SSE2
    if (ngon_pair(ka, kb)) return ngon_canonical_inner;
#endif
    return contact_inner;
}

int pc_contact_batch(int kind_a, const double *a, const int64_t *strides_a,
                     int kind_b, const double *b, const int64_t *strides_b,
                     double *out, const int64_t *strides_out,
                     int ndim, const int64_t *shape, double magnitude, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_a) || !pc__is_shape(kind_b))
        return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    pc__filter filter = pc__filter_for(magnitude);
    struct contact_ctx ctx = {&filter, kind_a, kind_b, pc_kind_width(kind_a), pc_kind_width(kind_b)};
    const void *ptrs[3] = {a, b, out};
    const int64_t *strides[3] = {strides_a, strides_b, strides_out};
    int rc = pc__batch(ndim, shape, 3, ptrs, strides, 0u, contact_inner_for(kind_a, kind_b), &ctx, threads,
                       PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
