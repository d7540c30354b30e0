/*
 * Contacts: signed separation, unit normal and witness points for every pair
 * of kinds.
 *
 * One model serves every ordered pair of kinds.  A shape is a convex core (1
 * to PC_CORE_MAX vertices: a point, a segment or a convex polygon) grown by a
 * radius (a circle's or a capsule's r, else 0), and A - B = (core_a - core_b)
 * grown by R = ra + rb.
 *  - Cores apart (decided exactly by the overlap tests): the closest points of
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
 * (see scale_exponent and pc__contact_canonical), so that its result, ties
 * between equal depths included, does not depend on the scale.  When both
 * cores are one and the same point no direction exists and the normal is
 * (0, 1) in the caller's order.
 *
 * Symmetry: contact(b, a) is contact(a, b) with the normal negated and the
 * points swapped, bit for bit: every pair is computed in one canonical order
 * (by kind, then by the coordinates) and swapped back.
 *
 * The vector paths (contact_simd.c) and the manifolds (manifold.c) share this
 * file's helpers through contact_common.h.  PC_OUT_OF_LINE keeps apart,
 * cores_fast, box_box, ball_box and contact_rescaled out of line, as GCC
 * compiled them while the vector paths lived here: their calls had given
 * pc__contact_canonical a second copy (for the batch loops' constant
 * widths), each of these called from both, and inlined into the one copy
 * left they would change the code of every pair that takes it.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "contact_common.h"

/* The core of a shape (the kind's descriptor: exact, counter-clockwise, no
 * repeated or collinear vertex), its coordinates also kept scaled by 2^-e for
 * the float geometry (see scale_exponent). */
pc__core pc__core_of(const pc__filter *f, int kind, const double *s, int e)
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

/* the closest point of segment pq to (x, y) */
static void closest_on_segment(double x, double y, double px, double py, double qx, double qy, double *cx, double *cy)
{
    double ex = qx - px, ey = qy - py, len2 = ex * ex + ey * ey;
    double t = len2 > 0 ? ((x - px) * ex + (y - py) * ey) / len2 : 0.0;
    t = pc__clamp(t, 0.0, 1.0);
    *cx = px + t * ex;
    *cy = py + t * ey;
}

/* Vertex i of `from` against edge k of `to` (its single point if it has no
 * edge): the distance, the closest point on the edge and the unit direction
 * from it to the vertex.  An interior foot is found from the perpendicular
 * offset, so the direction is the edge's normal (sign decided exactly) and the
 * distance carries an error relative to itself, not to the edge's length. */
static double vertex_edge(const pc__filter *f, const pc__core *from, int i, const pc__core *to, int k, double *cx,
                          double *cy, double *ux, double *uy, int *perp)
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
    if (len > 0 && dq >= 0) {
        px = to->x[j];
        py = to->y[j];
    }
    double dx = vx - px, dy = vy - py, d = hypot(dx, dy);
    *cx = px;
    *cy = py;
    unit_of(dx, dy, ux, uy);
    return d;
}

/* Vertices of `from` against the edges (or the single point) of `to`: keep
 * the closest pair; `flip` says `from` is b (the normal runs from a to b). */
static void closest_pairs(const pc__filter *f, const pc__core *from, const pc__core *to, int flip, double *best,
                          int *best_perp, pc__result *res)
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
            if (flip) { /* from = b: the direction edge -> vertex runs from a to b */
                res->nx = ux;
                res->ny = uy;
                res->ax = cx;
                res->ay = cy;
                res->bx = from->x[i];
                res->by = from->y[i];
            } else {
                res->nx = -ux;
                res->ny = -uy;
                res->ax = from->x[i];
                res->ay = from->y[i];
                res->bx = cx;
                res->by = cy;
            }
        }
    }
}

/* Cores apart: the closest points, the gap along them. */
static PC_OUT_OF_LINE int apart(const pc__filter *f, const pc__core *a, const pc__core *b, pc__result *res)
{
    double best = INFINITY;
    int best_perp = 0;
    closest_pairs(f, a, b, 0, &best, &best_perp, res);
    closest_pairs(f, b, a, 1, &best, &best_perp, res);
    return best > 0 && best < INFINITY; /* else rounding collapsed the gap: let the axes decide */
}

static double support_max(const pc__core *c, double ux, double uy, int *arg)
{
    double best = -INFINITY;
    for (int k = 0; k < c->n; k++) {
        double v = c->x[k] * ux + c->y[k] * uy;
        if (v > best) {
            best = v;
            *arg = k;
        }
    }
    return best;
}

/* Try the outward normals of the edges of `face` as axes (both normals of a
 * flat core).  Depth along u = max(a . u) - min(b . u), with a the core the
 * normal points out of when !flip. */
static void axes_of(const pc__core *face, const pc__core *other, int flip, double *best, int *best_off, pc__result *res)
{
    int ne = edge_count(face), w = face->w;
    for (int k = 0; k < ne; k++) {
        int j = (k + 1) % face->n;
        double ex = face->x[j] - face->x[k], ey = face->y[j] - face->y[k];
        double len = hypot(ex, ey);
        if (!(len > 0)) continue;
        for (int side = -1; side <= 1; side += 2) {
            if (w != 0 && side != -w) continue; /* a proper polygon: the outward normal only */
            /* (ey, -ex) is the right-hand normal; outward for a counter-clockwise polygon */
            double tx, ty;
            unit_of(ex, ey, &tx, &ty);
            double ux = side * -ty, uy = side * tx;
            int kf = 0, ko = 0;
            double hf = support_max(face, ux, uy, &kf);
            double ho = support_max(other, -ux, -uy, &ko);
            double depth = hf + ho; /* max(face . u) - min(other . u) */
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
        res->nx = 0.0;
        res->ny = degenerate_ny;
        res->ax = res->bx = a->x[0];
        res->ay = res->by = a->y[0];
    }
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

/* 0 when an edge is too short for squares (ee below floor2) */
static int edges_of(const pc__hull *h, double floor2, pc__edges *e)
{
    e->ne = h->n == 1 ? 0 : h->n == 2 ? 1 : h->n;
    for (int k = 0; k < e->ne; k++) {
        int j = k + 1 == h->n ? 0 : k + 1;
        double ex = h->x[j] - h->x[k], ey = h->y[j] - h->y[k], ee = ex * ex + ey * ey;
        if (!(ee >= floor2)) return 0;
        e->ex[k] = ex;
        e->ey[k] = ey;
        e->ee[k] = ee;
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
        if (d2 < o->v2) {
            o->v2 = d2;
            o->vertex = k;
        }
        if (k >= e->ne) continue;
        double ex = e->ex[k], ey = e->ey[k];
        double c = ex * wy - ey * wx; /* > 0: p on the left (the inner side of a counter-clockwise polygon) */
        double dp = wx * ex + wy * ey;
        if (!(dp > 0 && dp < e->ee[k])) continue;
        double c2 = c * c / e->ee[k];
        if (c2 < o->f2) {
            o->f2 = c2;
            o->foot = k;
            o->c = c;
        }
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
    double len = sqrt(ee), s = c > 0 ? 1.0 : -1.0; /* toward the edge from the point's side */
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
static double toward(const pc__hull *h, const pc__edges *e, double px, double py, const pc__near *near, int use_foot,
                     double *ux, double *uy)
{
    if (use_foot) {
        int k = near->foot;
        return toward_foot(e->ex[k], e->ey[k], e->ee[k], near->c, ux, uy);
    }
    return toward_point(px, py, h->x[near->vertex], h->y[near->vertex], near->v2, ux, uy);
}

/* Two cores apart (decided exactly): the closest pair of features, each
 * vertex of one against the other core.  0 where squares are unsafe or the
 * gap is within 2^-36 m (the general path). */
int pc__cores_apart(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb, double floor2,
                    pc__result *res)
{
    /* the best foot and the best vertex pair over both directions */
    double f2 = INFINITY, v2 = INFINITY;
    int f_side = 0, f_i = 0, v_i = 0;
    pc__near f_near = {INFINITY, INFINITY, 0.0, 0, -1}, v_near = f_near;
    for (int side = 0; side < 2; side++) {
        const pc__hull *from = side ? hb : ha, *to = side ? ha : hb;
        const pc__edges *to_e = side ? ea : eb;
        if (side && !to_e->ne) break; /* no edge of a: b's vertices meet a's only at vertices, seen already */
        for (int i = 0; i < from->n; i++) {
            pc__near near;
            nearest(to, to_e, from->x[i], from->y[i], &near);
            if (near.foot >= 0 && near.f2 < f2) {
                f2 = near.f2;
                f_side = side;
                f_i = i;
                f_near = near;
            }
            if (!side && near.v2 < v2) {
                v2 = near.v2;
                v_i = i;
                v_near = near;
            }
        }
    }
    int use_foot = f_near.foot >= 0 && foot_wins(f2, v2);
    if (!((use_foot ? f2 : v2) >= floor2)) return 0;
    if (!use_foot || !f_side) { /* from a's vertex to b */
        int i = use_foot ? f_i : v_i;
        double ux, uy, d = toward(hb, eb, ha->x[i], ha->y[i], use_foot ? &f_near : &v_near, use_foot, &ux, &uy);
        gap_result(ha->x[i], ha->y[i], d, ux, uy, ha->R, hb->R, res);
        return 1;
    }
    /* from b's vertex to its foot on a's edge: the same gap seen from b */
    double ux, uy, d = toward(ha, ea, hb->x[f_i], hb->y[f_i], &f_near, 1, &ux, &uy);
    double px = hb->x[f_i] + d * ux, py = hb->y[f_i] + d * uy; /* the foot on a */
    gap_result(px, py, d, -ux, -uy, ha->R, hb->R, res);
    return 1;
}

/* The result for the least depth found: face b_k of side b_side (its normal
 * flipped for a segment's other side), s_best < 0 the separation of the other
 * core's vertex b_w along the face's normal (times |edge|).  The witness on
 * the face is that vertex moved onto the face line; 0 when it falls off the
 * face (slivers: the general path breaks such ties), or the depth is within
 * 2^-36 m of 0. */
static int meeting_face(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb, double floor2,
                        int b_side, int b_k, int b_w, int b_flip, double s_best, pc__result *res)
{
    const pc__hull *face = b_side ? hb : ha, *other = b_side ? ha : hb;
    const pc__edges *fe = b_side ? eb : ea;
    double ex = fe->ex[b_k], ey = fe->ey[b_k];
    if (!(s_best * s_best >= floor2 * fe->ee[b_k])) return 0;
    double len = sqrt(fe->ee[b_k]), depth = -s_best / len;
    double ux = ey / len, uy = -ex / len; /* the face's outward normal */
    if (b_flip) {
        ux = -ux;
        uy = -uy;
    }
    double cx = other->x[b_w] + depth * ux, cy = other->y[b_w] + depth * uy; /* on the face line */
    double t = (cx - face->x[b_k]) * ex + (cy - face->y[b_k]) * ey;
    if (!(t >= 0 && t <= fe->ee[b_k])) return 0; /* off the face */
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
            double nx = flip ? -fe->ey[k] : fe->ey[k], ny = flip ? fe->ex[k] : -fe->ex[k]; /* |edge| long */
            double s = INFINITY;
            int w = 0;
            for (int i = 0; i < other->n; i++) {
                double v = (other->x[i] - face->x[k]) * nx + (other->y[i] - face->y[k]) * ny;
                if (v < s) {
                    s = v;
                    w = i;
                }
            }
            if (!(s < 0)) return 0; /* apart along it in floats: near touching */
            double s2 = s * s / fe->ee[k];
            if (s2 < best) {
                best = s2;
                s_best = s;
                b_side = side;
                b_k = k;
                b_w = w;
                b_flip = flip;
            }
        }
    }
    if (best == INFINITY) return 0; /* two points */
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

/* For each edge k of a core, the cross product c[k] = e_k x (p - v_k) and the
 * projection t[k] = (p - v_k) . e_k of the point p = (x, y): voronoi_region's
 * inputs (c[k] is the determinant pc__orient(v_k, v_k+1, p) computes, with
 * the same roundings, so the semi-static filter bounds it). */
static PC_ALWAYS_INLINE void edge_sides(const pc__hull *h, const pc__edges *e, double x, double y, double *c, double *t)
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
    if (h->n == 2) { /* the foot, held on the segment */
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
 *    else pc__cores_apart).
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
    int n; /* faces listed */
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
 * with fewer (a box, a triangle), the full search over its vertices is
 * faster than the walk's branches */
#define PC_CALIPERS 5

/* The least projection of `other`'s vertices from (px, py) onto (nx, ny), and
 * in *w the first vertex giving it.  Its index is kept with a mask, not a
 * select the compiler may turn into a branch: which vertex is deepest is
 * random, and mispredicted branches there cost a good part of a polygon
 * pair's contact. */
static PC_ALWAYS_INLINE double least_along(const pc__hull *other, double px, double py, double nx, double ny, int *w)
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
static void faces_against(const pc__hull *face, const pc__edges *fe, const pc__hull *other, int side, pc__axes *ax)
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
    if (face->n != 2) { /* a polygon: its outward normals only */
        for (int k = 0; k < fe->ne; k++) {
            int w;
            double lo = least_along(other, face->x[k], face->y[k], fe->ey[k], -fe->ex[k], &w);
            axis_add(ax, lo, 1.0 / sqrt(fe->ee[k]), side, k, w, 0);
        }
        return;
    }
    for (int k = 0; k < fe->ne; k++) {          /* a segment: both normals */
        double nx = fe->ey[k], ny = -fe->ex[k]; /* |n| = |edge| */
        double px = face->x[k], py = face->y[k], lo = INFINITY, hi = -INFINITY;
        int wlo = 0, whi = 0;
        for (int i = 0; i < other->n; i++) {
            double v = (other->x[i] - px) * nx + (other->y[i] - py) * ny;
            int l = v<lo, h = v> hi;
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
    double qx = 0.0, qy = 0.0, fx = 0.0, fy = 0.0, px, py, ox, oy; /* p on face, o on other */
    int found_q = core_nearest(other, oe, vx, vy, &qx, &qy), found_f = core_nearest(face, fe, wx, wy, &fx, &fy);
    double d2 = corner_nearer(found_q, vx, vy, qx, qy, found_f, fx, fy, wx, wy, &px, &py, &ox, &oy);
    if (d2 == INFINITY) return -1;
    if (!(d2 >= floor2)) return 0;
    double d = sqrt(d2), ux = (ox - px) / d, uy = (oy - py) / d;
    double lo = INFINITY, hi = -INFINITY; /* other's least and face's greatest projection on u */
    for (int i = 0; i < other->n; i++) lo = pc__min(lo, (other->x[i] - px) * ux + (other->y[i] - py) * uy);
    for (int i = 0; i < face->n; i++) hi = pc__max(hi, (face->x[i] - px) * ux + (face->y[i] - py) * uy);
    if (!(lo - hi >= d - 0x1p-44 * m)) return -1;
    if (side)
        gap_result(ox, oy, d, -ux, -uy, ha->R, hb->R, res); /* from a's point (on other) */
    else
        gap_result(px, py, d, ux, uy, ha->R, hb->R, res);
    return 1;
}

static int sat_answer(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb, double floor2,
                      double m, int side, int k, int w, int flip, double s, double il, pc__result *res);

/* 1: answered; 0: the general path (near touching, a sliver, no face);
 * -1: apart, the nearest pair not on the best face (pc__cores_apart). */
static int cores_sat(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb, double floor2,
                     double m, pc__result *res)
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
static int sat_answer(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb, double floor2,
                      double m, int side, int k, int w, int flip, double s, double il, pc__result *res)
{
    const pc__hull *face = side ? hb : ha, *other = side ? ha : hb;
    const pc__edges *fe = side ? eb : ea;
    double ex = fe->ex[k], ey = fe->ey[k], ee = fe->ee[k];
    if (!(s * s >= floor2 * ee)) return 0; /* within 2^-36 m of touching */
    double ux = ey * il, uy = -ex * il, d = s * il;
    if (flip) {
        ux = -ux;
        uy = -uy;
    }
    double wx = other->x[w], wy = other->y[w];
    double t = (wx - face->x[k]) * ex + (wy - face->y[k]) * ey;
    if (!(t >= 0 && t <= ee)) /* off the face: a corner, or a sliver */
        return d > 0 ? corner_pair(ha, ea, hb, eb, side, k, w, t, floor2, m, res) : 0;
    double cx = wx - d * ux, cy = wy - d * uy; /* the deepest vertex's foot on the face */
    if (d > 0) {
        if (side)
            gap_result(wx, wy, d, -ux, -uy, ha->R, hb->R, res); /* from a's vertex */
        else
            gap_result(cx, cy, d, ux, uy, ha->R, hb->R, res); /* from a's face */
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
    if (!(pc__contact_polygon_hull(kind) && polygon_hull(f, s, kind - PC_POLYGON + 3, h))) pc__hull_of(f, kind, s, h);
}

/* Any two kinds, their cores apart or meeting; 0 for the general path. */
static PC_OUT_OF_LINE int cores_fast(const pc__filter *f, int ka, const double *a, int kb, const double *b, double m,
                                     pc__result *res)
{
    pc__hull ha, hb;
    hull_for_fast(f, ka, a, &ha);
    hull_for_fast(f, kb, b, &hb);
    double floor2 = 0x1p-72 * (m * m);
    pc__edges ea, eb;
    if (!edges_of(&ha, floor2, &ea) || !edges_of(&hb, floor2, &eb)) return 0;
    if (ea.ne && eb.ne && m >= 0x1p-120 && m <= 0x1p150) { /* a ball: the nearest-feature search is cheaper */
        int r = cores_sat(&ha, &ea, &hb, &eb, floor2, m, res);
        return r >= 0 ? r : pc__cores_apart(&ha, &ea, &hb, &eb, floor2, res);
    }
    if (!ea.ne && eb.ne >= 3) {
        /* a ball's centre against a polygon core: its side of each edge is the
         * sign pc__orient(v_k, v_k+1, centre) computes, with the same
         * roundings; where the semi-static filter settles every sign, inside
         * or outside is decided without the exact test */
        int in = 1, out = 0;
        double c[PC_CORE_MAX], t[PC_CORE_MAX];
        /* edge_sides' loop with the side test fused in: calling edge_sides
         * and testing after it was slower */
        for (int k = 0; k < eb.ne; k++) {
            double wx = ha.x[0] - hb.x[k], wy = ha.y[0] - hb.y[k];
            c[k] = eb.ex[k] * wy - eb.ey[k] * wx;
            t[k] = wx * eb.ex[k] + wy * eb.ey[k];
            in &= c[k] > f->orient;
            out |= c[k] < f->orient_neg;
        }
        if (out | in) {
            int r = ball_polygon(&ha, &ea, &hb, &eb, c, t, in, floor2, res);
            return r >= 0 ? r : pc__cores_apart(&ha, &ea, &hb, &eb, floor2, res);
        }
    }
    if (!pc__overlap_rows(f, pc__kind(ka)->core_kind, a, pc__kind(kb)->core_kind, b, PC_TOUCHING))
        return pc__cores_apart(&ha, &ea, &hb, &eb, floor2, res);
    return cores_meeting(&ha, &ea, &hb, &eb, floor2, res);
}

/* ---- a ball against a core of a kind known in advance ----
 * The commonest contacts (a ball against another, a wall, a capsule) with
 * the kind of each side fixed: no descriptor read, no loop, no exact test of
 * the cores (the gap is checked against floor2 instead, which a ball on the
 * other's core never passes).  Each gives cores_fast's answer bit for bit:
 * the gap from a ball's centre to the other's single point, or to a segment
 * core (pc__cores_apart's nearest feature), by the same toward_point and
 * toward_foot. */

/* a ball's centre (px, py) against a point core (qx, qy) */
static PC_ALWAYS_INLINE int ball_point(double px, double py, double ra, double qx, double qy, double rb, double floor2,
                                       pc__result *res)
{
    double wx = px - qx, wy = py - qy, d2 = wx * wx + wy * wy;
    if (!(d2 >= floor2)) return 0; /* the cores meet, or nearly: the general path */
    double ux, uy, d = toward_point(px, py, qx, qy, d2, &ux, &uy);
    gap_result(px, py, d, ux, uy, ra, rb, res);
    return 1;
}

/* a ball's centre against the segment core of row s (a segment's or a
 * capsule's): its nearer end, or the foot inside it (foot_wins) */
static PC_ALWAYS_INLINE int ball_segment(double px, double py, double ra, const double *s, double rb, double floor2,
                                         pc__result *res)
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
static PC_OUT_OF_LINE int box_box(const double *a, const double *b, double m, pc__result *res)
{
    double gxp = b[0] - a[2], gxn = a[0] - b[2], gyp = b[1] - a[3], gyn = a[1] - b[3];
    double gx = pc__max(gxp, gxn), gy = pc__max(gyp, gyn);
    double sx = gxp >= gxn ? 1.0 : -1.0, sy = gyp >= gyn ? 1.0 : -1.0;
    /* a's and b's facing sides along each axis */
    double fax = sx > 0 ? a[2] : a[0], fbx = sx > 0 ? b[0] : b[2];
    double fay = sy > 0 ? a[3] : a[1], fby = sy > 0 ? b[1] : b[3];
    if (gx > 0 && gy > 0) { /* corner to corner */
        if (!(gx >= 0x1p-36 * m || gy >= 0x1p-36 * m)) return 0;
        double d = sqrt(gx * gx + gy * gy);
        res->sep = d;
        res->nx = sx * gx / d;
        res->ny = sy * gy / d;
        res->ax = fax;
        res->ay = fay;
        res->bx = fbx;
        res->by = fby;
        return 1;
    }
    if (gx > 0 || gy > 0) { /* apart along one axis: face to face */
        int along_x = gx > 0;
        double y = mid(pc__max(a[1], b[1]), pc__min(a[3], b[3]));
        double x = mid(pc__max(a[0], b[0]), pc__min(a[2], b[2]));
        res->sep = along_x ? gx : gy;
        res->nx = along_x ? sx : 0.0;
        res->ny = along_x ? 0.0 : sy;
        res->ax = along_x ? fax : x;
        res->ay = along_x ? y : fay;
        res->bx = along_x ? fbx : x;
        res->by = along_x ? y : fby;
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
    res->nx = ux;
    res->ny = uy;
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
static PC_OUT_OF_LINE int ball_box(const double *a, double ra, const double *b, double m, pc__result *res)
{
    double px = a[0], py = a[1];
    double qx = pc__clamp(px, b[0], b[2]), qy = pc__clamp(py, b[1], b[3]);
    double dx = qx - px, dy = qy - py; /* exact signs: each rounded once */
    if (dx != 0 || dy != 0) {
        double d;
        if (dx != 0 && dy != 0) {
            if (!(fabs(dx) >= 0x1p-36 * m || fabs(dy) >= 0x1p-36 * m)) return 0;
            d = sqrt(dx * dx + dy * dy);
            res->nx = dx / d;
            res->ny = dy / d;
        } else {
            d = fabs(dx) + fabs(dy);
            res->nx = dx > 0 ? 1.0 : dx < 0 ? -1.0 : 0.0;
            res->ny = dy > 0 ? 1.0 : dy < 0 ? -1.0 : 0.0;
        }
        res->sep = d - ra;
        res->ax = px + ra * res->nx;
        res->ay = py + ra * res->ny;
        res->bx = qx;
        res->by = qy;
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
    res->nx = -ux;
    res->ny = -uy;
    res->ax = px - ra * ux;
    res->ay = py - ra * uy;
    res->bx = k < 2 ? b[k == 0 ? 0 : 2] : px;
    res->by = k < 2 ? py : b[k == 2 ? 1 : 3];
    return 1;
}

/* pc__contact_canonical for pc__contact_ball's pairs (ka <= PC_CIRCLE in the
 * canonical order): the specialised paths, else pc__contact_canonical.  A
 * function of its own, chosen once per batch: taken inside
 * pc__contact_canonical, its branch made the polygon pairs slower. */
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
    pc__contact_canonical(f, ka, wa, a, kb, wb, b, degenerate_ny, res);
}

/* row s (w values) times 2^-e into out; 0 unless every value is exact */
static int scaled_row(const double *s, int w, int e, double *out)
{
    for (int k = 0; k < w; k++) {
        out[k] = ldexp(s[k], -e);
        if (ldexp(out[k], e) != s[k]) return 0;
    }
    return 1;
}

/* pc__contact_canonical on the rows scaled by 2^-e, the magnitude m in
 * [2^(e-1), 2^e), into [1/2, 1), and its result scaled back; 0 (nothing
 * written) where a value would lose bits (the rows span more than the
 * doubles' exponent range) */
static PC_OUT_OF_LINE int contact_rescaled(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb,
                                           const double *b, double m, double degenerate_ny, pc__result *res)
{
    int e;
    frexp(m, &e);
    double sa[PC_ROW_MAX], sb[PC_ROW_MAX];
    if (!scaled_row(a, wa, e, sa) || !scaled_row(b, wb, e, sb)) return 0;
    pc__filter fs = pc__filter_for(ldexp(m, -e));
    pc__contact_canonical(&fs, ka, wa, sa, kb, wb, sb, degenerate_ny, res);
    res->sep = ldexp(res->sep, e);
    res->ax = ldexp(res->ax, e);
    res->ay = ldexp(res->ay, e);
    res->bx = ldexp(res->bx, e);
    res->by = ldexp(res->by, e);
    settle(f, ka, a, kb, b, 4 * m, res); /* a gap scaled back into the subnormals */
    return 1;
}

/* The answer for a pair is the same at every power-of-two scaling of it
 * (up to that power, bit for bit): the same roundings, and so the same
 * choices among equal depths, which each path breaks its own way.  Inside
 * this window of magnitudes no square of the float geometry overflows or
 * underflows, every path's arithmetic scales as it is, and the path taken
 * does not depend on the scale (every fast path's own window holds this one,
 * and those outside pc__contact_canonical answer as it does, bit for bit: the C
 * tests compare them).  Outside it the rows are first scaled into it, exactly
 * (contact_rescaled); pairs that cannot be (a value below the others by more
 * than the doubles' exponent range) keep the paths of their magnitude. */
#define PC_WINDOW_LO 0x1p-120
#define PC_WINDOW_HI 0x1p150

void pc__contact_canonical(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb, const double *b,
                           double degenerate_ny, pc__result *res)
{
    double m = pc__max(pc__magnitude(a, wa), pc__magnitude(b, wb));
    if (!(m >= PC_WINDOW_LO && m <= PC_WINDOW_HI) && m > 0 && m <= DBL_MAX &&
        contact_rescaled(f, ka, wa, a, kb, wb, b, m, degenerate_ny, res))
        return;
    if (m <= 0x1p240 && m >= 0x1p-200) { /* the fast paths (canonical order: ka <= kb) */
        if (pc__contact_box_box(ka, kb) && box_box(a, b, m, res)) return;
        int ball_box_pair = pc__contact_ball_box(ka, kb) && b[0] != b[2] && b[1] != b[3];
        if (ball_box_pair ? ball_box(a, ka == PC_CIRCLE ? a[2] : 0.0, b, m, res)
                          : cores_fast(f, ka, a, kb, b, m, res)) {
            settle(f, ka, a, kb, b, 4 * m, res);
            return;
        }
    }
    int e = scale_exponent(m);
    pc__core ca = pc__core_of(f, ka, a, e), cb = pc__core_of(f, kb, b, e);
    /* the cores' kinds decide core contact (a circle's row begins with its centre's) */
    int core_a = pc__kind(ka)->core_kind, core_b = pc__kind(kb)->core_kind;
    int cores_meet = pc__overlap_rows(f, core_a, a, core_b, b, PC_TOUCHING);
    if (cores_meet || !apart(f, &ca, &cb, res)) meeting(&ca, &cb, degenerate_ny, res);
    grow(res, ca.r, cb.r);
    res->sep = ldexp(res->sep, e);
    res->ax = ldexp(res->ax, e);
    res->ay = ldexp(res->ay, e);
    res->bx = ldexp(res->bx, e);
    res->by = ldexp(res->by, e);
    settle(f, ka, a, kb, b, INFINITY, res); /* the exact test, always */
}

/* pc__contact_one by `canonical`, with the kinds' widths wa, wb known (a
 * batch finds them once, not once a pair) */
static PC_ALWAYS_INLINE void contact_pair(pc__canonical *canonical, const pc__filter *f, int ka, int wa,
                                          const double *a, int kb, int wb, const double *b, double *out)
{
    pc__result r;
    int swap = kb < ka || (ka == kb && row_less(b, a, wa));
    if (swap)
        canonical(f, kb, wb, b, ka, wa, a, -1.0, &r);
    else
        canonical(f, ka, wa, a, kb, wb, b, 1.0, &r);
    contact_out(&r, swap, out);
}

void pc__contact_one(const pc__filter *f, int ka, const double *a, int kb, const double *b, double *out)
{
    pc__canonical *canonical = pc__contact_ball(ka, kb) ? ball_canonical : pc__contact_canonical;
#ifdef PC_HAVE_SSE2
    if (pc__contact_ngon(ka, kb)) canonical = pc__ngon_canonical;
#endif
#ifdef PC_HAVE_AVX2
    if (pc__contact_ngon(ka, kb) && __builtin_cpu_supports("avx2")) canonical = pc__ngon_canonical_avx2;
    if (pc__contact_small(ka, kb) && __builtin_cpu_supports("avx2")) {
        pc__small_one_avx2(f, ka, a, kb, b, out);
        return;
    }
    if (pc__contact_seg(ka, kb) && __builtin_cpu_supports("avx2")) {
        pc__seg_one_avx2(f, ka, a, kb, b, out);
        return;
    }
#endif
    contact_pair(canonical, f, ka, pc_kind_width(ka), a, kb, pc_kind_width(kb), b, out);
}

int pc__contact_path(int path, const pc__filter *f, int ka, const double *a, int kb, const double *b, double *out)
{
    pc__canonical *canonical = path == 0 ? pc__contact_canonical : NULL;
#ifdef PC_HAVE_SSE2
    if (path == 1 && pc__contact_ngon(ka, kb)) canonical = pc__ngon_canonical;
#endif
#ifdef PC_HAVE_AVX2
    if (path == 2 && pc__contact_ngon(ka, kb) && __builtin_cpu_supports("avx2")) canonical = pc__ngon_canonical_avx2;
    if (path == 3 && pc__contact_small(ka, kb) && __builtin_cpu_supports("avx2")) {
        pc__small_one_avx2(f, ka, a, kb, b, out);
        return 1;
    }
    if (path == 3 && pc__contact_seg(ka, kb) && __builtin_cpu_supports("avx2")) {
        pc__seg_one_avx2(f, ka, a, kb, b, out);
        return 1;
    }
#endif
    if (!canonical) return 0;
    contact_pair(canonical, f, ka, pc_kind_width(ka), a, kb, pc_kind_width(kb), b, out);
    return 1;
}

/* one inner loop per canonical function, so that each call is direct */
#define PC__CONTACT_INNER(NAME, CANONICAL)                                                               \
    static void NAME(void *vctx, char *const *p, const int64_t *s, int64_t n)                            \
    {                                                                                                    \
        const struct contact_ctx *c = vctx;                                                              \
        for (int64_t i = 0; i < n; i++)                                                                  \
            contact_pair(CANONICAL, c->f, c->ka, c->wa, (const double *)(p[0] + i * s[0]), c->kb, c->wb, \
                         (const double *)(p[1] + i * s[1]), (double *)(p[2] + i * s[2]));                \
    }
PC__CONTACT_INNER(contact_inner, pc__contact_canonical)
PC__CONTACT_INNER(ball_inner, ball_canonical)
#undef PC__CONTACT_INNER

/* the inner loop for a pair of kinds (pc__contact_one's choice) */
static pc__inner contact_inner_for(int ka, int kb)
{
    if (pc__contact_ball(ka, kb)) return ball_inner;
#ifdef PC_HAVE_AVX2
    if (pc__contact_ngon(ka, kb) && __builtin_cpu_supports("avx2")) return pc__ngon_canonical_avx2_inner;
    if (pc__contact_small(ka, kb) && __builtin_cpu_supports("avx2")) return pc__small_inner_avx2;
    if (pc__contact_seg(ka, kb) && __builtin_cpu_supports("avx2")) return pc__seg_inner_avx2;
#endif
#ifdef PC_HAVE_SSE2
    if (pc__contact_ngon(ka, kb)) return pc__ngon_canonical_inner;
#endif
    return contact_inner;
}

int pc_contact_batch(int kind_a, const double *a, const int64_t *strides_a, int kind_b, const double *b,
                     const int64_t *strides_b, double *out, const int64_t *strides_out, int ndim, const int64_t *shape,
                     double magnitude, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_a) || !pc__is_shape(kind_b)) return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    pc__filter filter = pc__filter_for(magnitude);
    struct contact_ctx ctx = {&filter, kind_a, kind_b, pc_kind_width(kind_a), pc_kind_width(kind_b)};
    const void *ptrs[3] = {a, b, out};
    const int64_t *strides[3] = {strides_a, strides_b, strides_out};
    int rc = pc__batch(ndim, shape, 3, ptrs, strides, 0u, contact_inner_for(kind_a, kind_b), &ctx, threads, PC_CHUNK,
                       cancel);
    pc__fp_leave(env);
    return rc;
}
