/*
 * Swept shapes of every kind (translation, no rotation): the first time a
 * moving shape A touches a target B while moving toward it.
 *
 * Both are convex cores grown by radii: A = KA + disk(rA), B = KB + disk(rB),
 * rho = rA + rB.  A moving by t D touches B exactly when the point t D lies in
 * M = (KB - KA) + disk(rho), the Minkowski difference.  So a moving shape is a
 * moving point against M, and the rules of the circle sweeps (sweep.c) carry
 * over, written as signs of A's and B's own coordinates (the vertices of
 * KB - KA, differences of doubles, are never formed):
 *
 *  - Starting apart: it hits iff (i) the path comes within reach, and (ii) the
 *    line of the motion comes strictly within rho of KB - KA (for rho = 0:
 *    crosses its interior, or a segment transversally); a graze is no hit.
 *    (i) is exact: A at its end meets B, or the path of a vertex a of KA (the
 *    capsule [a, fl(a + D)] of radius rA) meets B, or the path of a vertex b
 *    of KB moving by -D (the capsule [b, fl(b - D)] of radius rB) meets A;
 *    the segment [0, D] meets M exactly when one of these does (an end of it
 *    in M, or it crossing an edge of KB - KA, which comes from an edge of one
 *    core and a vertex of the other, or coming within rho of a vertex b - a).
 *    (ii) is exact with D itself: projected on D's normal, M's interval
 *    [min, max] of D x (b - a) over the vertex pairs, widened by rho |D|,
 *    must hold 0 strictly inside.
 *  - Starting in contact, interiors apart: it hits at t = 0 iff D moves A
 *    toward B.  For rho > 0 the normal is the direction of the nearest points
 *    of the cores (a vertex pair at distance rho, or a vertex within rho of an
 *    edge), and the test is the exact sign of D . n.  For rho = 0, every edge
 *    of either core whose line separates the cores with no gap is a face of
 *    M through 0; D must point strictly into B across each (and there must be
 *    one: on a Minkowski difference without area every motion moves away or
 *    along, as for a point on a segment).
 *  - Starting with interiors overlapping: it hits at t = 0 iff D . n > 0 for
 *    the normal n of pc_contact (floating point).
 *
 * Exactness is for the paths the vertices take to their rounded ends, as a
 * circle's is for the path to fl(c + D); when every a + D rounds exactly (a
 * grid, small integers), for the motion itself.  A moving circle or point is
 * the circle sweep itself, bit for bit.  Where coordinates or D reach 2^1022
 * (b - D could overflow) the whole problem is decided scaled by 1/4, which is
 * exact unless it also holds subnormal values with low bits set.
 *
 * The time keeps the placement contract (pc__settle): a floating-point
 * estimate (each vertex as a circle against the other shape, on the problem
 * normalized by a power of 2: the same at every power-of-2 scale), checked
 * with exact tests of A placed at doubles t as pc_transform places it (each
 * coordinate plus fl(t D), rounded once; a polygon whose rounded vertices
 * bend: their hull): kept where A touches B, stepped down to the last double
 * at which A is not inside B where it is, up to the first at which it
 * touches where it is apart.  A hit decided exactly whose placed shapes
 * touch at no double near the estimate (a segment crossing a point, a near
 * graze) keeps the estimate, where they are apart.  The normal
 * (from A toward B, pc__toi) and the point are pc_contact's at that time,
 * computed on copies scaled into range (pc__contact_scaled).
 */
#include <float.h>

#include "contact.h"
#include "core.h"
#include "fpenv.h"
#include "kinds.h"
#include "kernels.h"
#include "matrix.h"
#include "overlap.h"
#include "sweep.h"
#include "sweepshape.h"
#include "tiles.h"
#include "transform.h"
#include "walk.h"

/* ---- placing ------------------------------------------------------------------- */

/* The row of a kind moved by (tx, ty), each coordinate rounded once (a
 * polygon's core moves as its corners: the paths the decisions follow). */
static void moved_row(int kind, const double *row, double tx, double ty, double *out)
{
    int w = pc_kind_width(kind);
    for (int k = 0; k < w; k++) out[k] = row[k] + ((k & 1) ? ty : tx);
    if (kind == PC_CIRCLE) out[2] = row[2];
    if (kind == PC_CAPSULE) out[4] = row[4];
}

static int overlap_at(const pc__filter *f, int ka, const double *a, int kb, const double *b, double dx, double dy,
                      double t)
{
    double m[PC_ROW_MAX];
    moved_row(ka, a, t * dx, t * dy, m);
    return pc__overlap_rows(f, ka, m, kb, b, PC_TOUCHING);
}

void pc__place_at(int ka, const double *a, double dx, double dy, double t, double *out)
{
    const pc__kind_info *info = pc__kind(ka);
    info->place(a, 1.0, 1.0, t * dx, t * dy, out);
    if (pc__polygon_kind(ka) && info->rule(out) != PC_RULE_OK) pc__hull_in_place(out, info->width / 2);
}

int pc__moved_finite(int kind, const double *a, double dx, double dy)
{
    int positions = pc__kind_positions(kind);
    for (int k = 0; k < positions; k++)
        if (!isfinite(a[k] + ((k & 1) ? dy : dx))) return 0;
    return 1;
}

void pc__contact_scaled(int ka, const double *a, int kb, const double *b, double *out)
{
    int wa = pc_kind_width(ka), wb = pc_kind_width(kb);
    double m = pc__max(pc__magnitude(a, wa), pc__magnitude(b, wb));
    if ((m >= 0x1p-500 && m <= 0x1p500) || !(m > 0.0) || !(m < INFINITY)) {
        pc__filter f = pc__filter_for(m);
        pc__contact_one(&f, ka, a, kb, b, out);
        return;
    }
    double s = pc__unscale(m), sa[PC_ROW_MAX], sb[PC_ROW_MAX];
    for (int k = 0; k < wa; k++) sa[k] = a[k] * s;
    for (int k = 0; k < wb; k++) sb[k] = b[k] * s;
    pc__filter f = pc__filter_for(m * s);
    pc__contact_one(&f, ka, sa, kb, sb, out);
    out[0] /= s;
    for (int k = 3; k < 7; k++) out[k] /= s;
}

/* pc_contact's normal (from A toward B) and point on B, A placed at t. */
static void contact_at(int ka, const double *a, int kb, const double *b, double dx, double dy, double t, double *con)
{
    double m[PC_ROW_MAX];
    pc__place_at(ka, a, dx, dy, t, m);
    pc__contact_scaled(ka, m, kb, b, con);
}

int pc__pair_stand(const void *vctx, double t)
{
    const pc__pair_stand_ctx *c = vctx;
    double m[PC_ROW_MAX];
    pc__place_at(c->ka, c->a, c->dx, c->dy, t, m);
    if (!pc__overlap_rows(c->f, c->ka, m, c->kb, c->b, PC_TOUCHING)) return PC__APART;
    return pc__overlap_rows(c->f, c->ka, m, c->kb, c->b, PC_STRICT) ? PC__INSIDE : PC__TOUCH;
}

/* ---- the exact decisions ------------------------------------------------------ */

/* (ii): does the line of the motion come strictly within rho of KB - KA? */
static int line_within(const pc__hull *A, const pc__hull *B, double dx, double dy)
{
    int round = A->R > 0.0 || B->R > 0.0, above = 0, below = 0;
    for (int i = 0; i < A->n; i++)
        for (int j = 0; j < B->n; j++) {
            /* s: the side of the vertex b - a of KB - KA from the line t D */
            int s = pc__cross_dir(dx, dy, A->x[i], A->y[i], B->x[j], B->y[j]);
            above |= s > 0 || (round && s == 0);
            below |= s < 0 || (round && s == 0);
            if (round && s != 0 && !(above && below) &&
                pc__perp_dir2(dx, dy, A->x[i], A->y[i], B->x[j], B->y[j], A->R, B->R) < 0)
                above = below = 1;
            if (above && below) return 1;
        }
    return 0;
}

/* (i): does A, moving by D, come within reach of B (closed)? */
static int path_meets(const pc__filter *f, int ka, const double *a, int kb, const double *b, const pc__hull *A,
                      const pc__hull *B, double dx, double dy)
{
    if (overlap_at(f, ka, a, kb, b, dx, dy, 1.0)) return 1;
    for (int i = 0; i < A->n; i++) {
        const double cap[5] = {A->x[i], A->y[i], A->x[i] + dx, A->y[i] + dy, A->R};
        if (pc__overlap_rows(f, PC_CAPSULE, cap, kb, b, PC_TOUCHING)) return 1;
    }
    for (int j = 0; j < B->n; j++) {
        const double cap[5] = {B->x[j], B->y[j], B->x[j] - dx, B->y[j] - dy, B->R};
        if (pc__overlap_rows(f, PC_CAPSULE, cap, ka, a, PC_TOUCHING)) return 1;
    }
    return 0;
}

/* A vertex p against edge q0 -> q1 at distance exactly rho (its foot inside
 * the edge): the side of the edge p is on, else 0. */
static int vertex_edge_touch(const pc__filter *f, double px, double py, double q0x, double q0y, double q1x, double q1y,
                             double rA, double rB)
{
    if (pc__perp2(q0x, q0y, q1x, q1y, px, py, rA, rB) != 0) return 0;
    if (pc__dot(f, q0x, q0y, q1x, q1y, px, py) <= 0 || pc__dot(f, q1x, q1y, q0x, q0y, px, py) <= 0) return 0;
    return pc__orient(f, q0x, q0y, q1x, q1y, px, py);
}

/* Touching, interiors apart, rho > 0: D . n > 0 for the direction n of the
 * cores' nearest points (unique: the cores are rho apart). */
static int touch_hit_round(const pc__filter *f, const pc__hull *A, const pc__hull *B, double dx, double dy)
{
    for (int i = 0; i < A->n; i++)
        for (int j = 0; j < B->n; j++)
            if (pc__circle(f, A->x[i], A->y[i], B->x[j], B->y[j], A->R, B->R) == 0)
                return pc__dot_dir(dx, dy, A->x[i], A->y[i], B->x[j], B->y[j]) > 0;
    /* a vertex on one side within rho of an edge of the other: n is the edge's normal */
    for (int pass = 0; pass < 2; pass++) {
        const pc__hull *P = pass ? B : A, *Q = pass ? A : B; /* vertices of P, edges of Q */
        int edges = Q->n == 2 ? 1 : Q->n >= 3 ? Q->n : 0;
        for (int e = 0; e < edges; e++) {
            int e1 = e + 1 == Q->n ? 0 : e + 1;
            for (int i = 0; i < P->n; i++) {
                int side = vertex_edge_touch(f, P->x[i], P->y[i], Q->x[e], Q->y[e], Q->x[e1], Q->y[e1], A->R, B->R);
                if (!side) continue;
                /* D . (toward the edge's line from the vertex) = side * D x (q1 - q0);
                 * from A toward B that is the vertex's motion when the vertex is A's */
                int toward = side * pc__cross_dir(dx, dy, Q->x[e], Q->y[e], Q->x[e1], Q->y[e1]);
                return pass ? toward < 0 : toward > 0;
            }
        }
    }
    return 0; /* unreachable for shapes that touch */
}

/* Touching, rho = 0: every edge line of either core that separates the cores
 * with no gap must be crossed by D into B, and there must be one. */
static int touch_hit_sharp(const pc__filter *f, const pc__hull *A, const pc__hull *B, double dx, double dy)
{
    int found = 0;
    for (int pass = 0; pass < 2; pass++) {
        const pc__hull *P = pass ? B : A, *Q = pass ? A : B; /* edges of P, vertices of Q */
        int edges = P->n >= 2 ? P->n : 0;                    /* a segment: both sides */
        for (int e = 0; e < edges; e++) {
            int e1 = e + 1 == P->n ? 0 : e + 1;
            int outside = 1, on = 0;
            for (int j = 0; j < Q->n && outside; j++) {
                int o = pc__orient(f, P->x[e], P->y[e], P->x[e1], P->y[e1], Q->x[j], Q->y[j]);
                outside = o <= 0; /* on the right: the outside of a counter-clockwise edge */
                on |= o == 0;
            }
            if (!outside || !on) continue;
            found = 1;
            /* D . (the right normal of the edge) = D x (q1 - q0): toward Q from P */
            int s = pc__cross_dir(dx, dy, P->x[e], P->y[e], P->x[e1], P->y[e1]);
            if (pass ? s >= 0 : s <= 0) return 0;
        }
    }
    return found;
}

/* ---- the time ------------------------------------------------------------------ */

/* p + t d crossing segment [q0, q1]: t in [0, 1], else -1 */
static double cross_time(double px, double py, double dx, double dy, double q0x, double q0y, double q1x, double q1y)
{
    double ex = q1x - q0x, ey = q1y - q0y, den = dx * ey - dy * ex;
    if (!(den != 0.0)) return -1.0;
    double wx = q0x - px, wy = q0y - py;
    double t = (wx * ey - wy * ex) / den, s = (wx * dy - wy * dx) / den;
    return t >= 0.0 && t <= 1.0 && s >= 0.0 && s <= 1.0 ? t : -1.0;
}

/* The first touch, estimated: each vertex of one core, as a circle of its
 * radius, against the other shape (B's vertices moving by -D), on the
 * normalized problem.  -1 if none.  For round shapes, when `at` is given,
 * the touch's normal (from A toward B) and point (on B) into it too (at->hit
 * when there is one). */
static double estimate(const pc__hull *A0, const pc__hull *B0, double dx0, double dy0, pc__toi *at)
{
    /* relative to A's first vertex and scaled (pc__normalized): the same
     * estimate at every power-of-2 scale, nothing overflowing or vanishing */
    const pc__hull in[2] = {*A0, *B0};
    pc__hull n[2];
    double sc = pc__normalized(2, in, n, A0->x[0], A0->y[0], 0.0);
    const pc__hull *A = &n[0], *B = &n[1];
    double dx = dx0 * sc, dy = dy0 * sc;
    pc__toi h;
    pc__toi_init(&h);
    if (A->R > 0.0 || B->R > 0.0) {
        pc__toi g; /* B's vertices against A: the frame moving with A */
        pc__toi_init(&g);
        for (int i = 0; i < A->n; i++) pc__toi_hull_normalized(&h, B, A->x[i], A->y[i], dx, dy, A->R);
        for (int j = 0; j < B->n; j++) pc__toi_hull_normalized(&g, A, B->x[j], B->y[j], -dx, -dy, B->R);
        if (g.hit && (!h.hit || g.t < h.t)) { /* seen from B: the normal reversed, the point moved with A */
            h = g;
            h.nx = -g.nx;
            h.ny = -g.ny;
            h.px = g.px + g.t * dx;
            h.py = g.py + g.t * dy;
        }
        if (at && h.hit) {
            *at = h;
            at->px = A0->x[0] + h.px / sc;
            at->py = A0->y[0] + h.py / sc;
        }
        return h.hit ? h.t : -1.0;
    }
    double best = -1.0;
    for (int pass = 0; pass < 2; pass++) {
        const pc__hull *P = pass ? B : A, *Q = pass ? A : B;
        double sx = pass ? -dx : dx, sy = pass ? -dy : dy;
        int edges = Q->n == 2 ? 1 : Q->n >= 3 ? Q->n : 0;
        for (int i = 0; i < P->n; i++)
            for (int e = 0; e < edges; e++) {
                int e1 = e + 1 == Q->n ? 0 : e + 1;
                double t = cross_time(P->x[i], P->y[i], sx, sy, Q->x[e], Q->y[e], Q->x[e1], Q->y[e1]);
                if (t >= 0.0 && (best < 0.0 || t < best)) best = t;
            }
    }
    return best;
}

/* The least float separation over [0, 1] (golden section: the separation of
 * a translated convex shape is convex in t). */
static double least_separation(int ka, const double *a, int kb, const double *b, double dx, double dy)
{
    const double g = 0.3819660112501051;
    double lo = 0.0, hi = 1.0, con[7];
    for (int k = 0; k < 80 && hi - lo > 0x1p-50; k++) {
        double m1 = lo + g * (hi - lo), m2 = hi - g * (hi - lo);
        contact_at(ka, a, kb, b, dx, dy, m1, con);
        double s1 = con[0];
        contact_at(ka, a, kb, b, dx, dy, m2, con);
        if (s1 <= con[0])
            hi = m2;
        else
            lo = m1;
    }
    return 0.5 * (lo + hi);
}

/* The contact's normal made the hit's: where the shapes touch without
 * separating direction (two flat shapes lying along each other) pc_contact
 * may give either side; a hit moves A into B, so the one with D . n >= 0. */
static void hit_normal(double *con, double dx, double dy)
{
    if (dx * con[1] + dy * con[2] < 0.0) {
        con[1] = -con[1];
        con[2] = -con[2];
    }
}

/* A hit decided exactly, starting apart, of A (kind ka, row a: as the caller
 * gave it) moving by D: its time, normal and point into h. */
static void hit_time(pc__toi *h, const pc__filter *f, int ka, const double *a, int kb, const double *b,
                     const pc__hull *A, const pc__hull *B, double dx, double dy)
{
    pc__toi e;
    pc__toi_init(&e);
    double est = estimate(A, B, dx, dy, h->rough ? &e : NULL);
    if (e.hit && est >= 0.0 && est <= 1.0) { /* rough: the estimate's time, normal and point */
        if (!(est <= h->t)) return;
        if (dx * e.nx + dy * e.ny < 0.0) {
            e.nx = -e.nx;
            e.ny = -e.ny;
        }
        pc__toi_take_hit(h, est, e.nx, e.ny, e.px, e.py, a[0], a[1], dx, dy);
        return;
    }
    if (!(est >= 0.0 && est <= 1.0)) est = least_separation(ka, a, kb, b, dx, dy); /* a near graze */
    const pc__pair_stand_ctx ctx = {f, ka, a, kb, b, dx, dy};
    const pc__motion mv = {ka, a, dx, dy};
    double t = h->rough ? pc__clamp(est, 0.0, 1.0) : pc__settle(pc__pair_stand, &ctx, &mv, est), con[7];
    if (!(t <= h->t)) return;
    contact_at(ka, a, kb, b, dx, dy, t, con);
    hit_normal(con, dx, dy);
    pc__toi_take_hit(h, t, con[1], con[2], con[5], con[6], a[0], a[1], dx, dy);
}

/* Everything scaled by 1/4, where that is exact: every value keeps its bits. */
static int quartered(const double *v, int n, double *out)
{
    for (int k = 0; k < n; k++) {
        out[k] = v[k] * 0.25;
        if (out[k] * 4.0 != v[k]) return 0;
    }
    return 1;
}

void pc__sweep_any(pc__toi *h, const pc__filter *f, int ka, const double *a, double dx, double dy, int kb,
                   const double *b)
{
    if (pc__sweep_ball(ka)) {
        pc__sweep_circle(h, f, a[0], a[1], ka == PC_CIRCLE ? a[2] : 0.0, dx, dy, kb, b);
        return;
    }
    int wa = pc_kind_width(ka), wb = pc_kind_width(kb);
    const double d[2] = {dx, dy};
    if (pc__max(pc__max(pc__magnitude(a, wa), pc__magnitude(b, wb)), pc__magnitude(d, 2)) >= 0x1p1022) {
        /* near the top of the range b - D could overflow: the same problem at a quarter */
        double qa[PC_ROW_MAX], qb[PC_ROW_MAX], qd[2];
        if (quartered(a, wa, qa) && quartered(b, wb, qb) && quartered(d, 2, qd)) {
            pc__toi g;
            pc__toi_init(&g);
            g.t = h->t;
            g.rough = h->rough;
            pc__sweep_any(&g, f, ka, qa, qd[0], qd[1], kb, qb);
            if (g.hit) pc__toi_take(h, g.t, g.nx, g.ny, g.px * 4.0, g.py * 4.0);
            return;
        }
    }
    int moving = dx != 0.0 || dy != 0.0;
    pc__hull A, B;
    pc__hull_of(f, ka, a, &A);
    pc__hull_of(f, kb, b, &B);
    /* the decisions follow the core's corners (a polygon's repeated and
     * collinear vertices dropped); the time places the shape as given */
    int kc = ka;
    const double *c = a;
    double core[PC_ROW_MAX];
    if (pc__polygon_kind(ka)) {
        kc = A.n >= 3 ? PC_POLYGON + A.n - 3 : A.n == 2 ? PC_SEGMENT : PC_POINT;
        for (int i = 0; i < A.n; i++) {
            core[2 * i] = A.x[i];
            core[2 * i + 1] = A.y[i];
        }
        c = core;
    }
    double con[7];
    if (pc__overlap_rows(f, kc, c, kb, b, PC_TOUCHING)) {
        if (!moving) return;
        int hit;
        if (pc__overlap_rows(f, kc, c, kb, b, PC_STRICT)) {
            pc__contact_scaled(kc, c, kb, b, con);
            hit = dx * con[1] + dy * con[2] > 0.0;
        } else {
            hit = A.R > 0.0 || B.R > 0.0 ? touch_hit_round(f, &A, &B, dx, dy) : touch_hit_sharp(f, &A, &B, dx, dy);
            if (hit) {
                pc__contact_scaled(kc, c, kb, b, con);
                hit_normal(con, dx, dy);
            }
        }
        if (hit) pc__toi_take_hit(h, 0.0, con[1], con[2], con[5], con[6], a[0], a[1], dx, dy);
        return;
    }
    if (!moving || (h->hit && h->t == 0.0)) return;
    if (!line_within(&A, &B, dx, dy)) return;
    if (!path_meets(f, kc, c, kb, b, &A, &B, dx, dy)) return;
    hit_time(h, f, ka, a, kb, b, &A, &B, dx, dy);
}

/* ---- tile maps ------------------------------------------------------------------ */

/* The normal of a hit on tile (i, j) (kind, row) by A moving by D, at time
 * h->t.  Where A meets the tile at a corner, several lines separate them and
 * pc_contact's normal may be any of them, a face of A's or one the tile
 * shares with a solid neighbour (a seam).  The union's surface is what A
 * meets: the normal is a face of the tile that is boundary (not shared), whose
 * line separates A placed at t from the tile (within rounding: this only
 * chooses among valid normals, whether A hits is decided before) and that D
 * moves into; the contact's normal when it is one of those, else the first,
 * else the contact's.  So a box landing on the corner where two floor tiles
 * meet gets the floor's normal, and one running into the foot of a slope gets
 * the slope's, and slides up it. */
static void tile_normal(pc__toi *h, const pc_tilemap *map, int64_t i, int64_t j, int kind, const double *row,
                        const pc__hull *A, double dx, double dy)
{
    if (A->R > 0.0) return; /* a round A's normal is the direction to the point it meets: the union's */
    int n = kind == PC_BOX ? 4 : 3;
    double vx[4], vy[4];
    if (kind == PC_BOX) {
        double t[8] = {row[0], row[1], row[2], row[1], row[2], row[3], row[0], row[3]};
        for (int k = 0; k < 4; k++) {
            vx[k] = t[2 * k];
            vy[k] = t[2 * k + 1];
        }
    } else {
        for (int k = 0; k < 3; k++) {
            vx[k] = row[2 * k];
            vy[k] = row[2 * k + 1];
        }
    }
    double tx = h->t * dx, ty = h->t * dy, scale = pc__max(fabs(tx), fabs(ty));
    for (int k = 0; k < A->n; k++) scale = pc__max(scale, pc__max(fabs(A->x[k]), fabs(A->y[k])));
    for (int k = 0; k < n; k++) scale = pc__max(scale, pc__max(fabs(vx[k]), fabs(vy[k])));
    if (!(scale > 0.0) || !(scale < INFINITY)) return;
    /* every length scaled by a power of 2 into [1, 2): products of two of
     * them neither overflow nor vanish, and the directions are the same */
    double sc = pc__unscale(scale), sdx = dx * sc, sdy = dy * sc;
    int found = 0;
    double fx = 0.0, fy = 0.0;
    for (int k = 0; k < n; k++) { /* counter-clockwise: the outward normal of edge k is (ey, -ex) */
        int l = k + 1 == n ? 0 : k + 1;
        double ex = (vx[l] - vx[k]) * sc, ey = (vy[l] - vy[k]) * sc, mx = ey, my = -ex, len = hypot(mx, my);
        if (!(len > 0.0) || !(mx * sdx + my * sdy < 0.0)) continue;
        if ((mx == 0.0 || my == 0.0) && pc__tile_side_shared(map, i, j,
                                                             mx > 0.0   ? 1
                                                             : mx < 0.0 ? -1
                                                                        : 0,
                                                             my > 0.0   ? 1
                                                             : my < 0.0 ? -1
                                                                        : 0))
            continue;
        double least = INFINITY;
        for (int q = 0; q < A->n; q++)
            least = pc__min(least, mx * ((A->x[q] + tx - vx[k]) * sc) + my * ((A->y[q] + ty - vy[k]) * sc));
        if (least < -0x1p-30 * len * (scale * sc)) continue; /* A reaches past the line: it does not separate */
        double ux = -mx / len, uy = -my / len;               /* from A toward the tile */
        if (ux * h->nx + uy * h->ny > 1.0 - 0x1p-30) return; /* the contact's normal is one */
        if (!found) {
            found = 1;
            fx = ux;
            fy = uy;
        }
    }
    if (!found) return;
    h->nx = fx + 0.0;
    h->ny = fy + 0.0;
}

/* The corners of a tile (its row, kind PC_BOX or PC_TRIANGLE) into v: how many. */
static int tile_corners(int kind, const double *row, double *v)
{
    if (kind == PC_BOX) {
        const double c[8] = {row[0], row[1], row[2], row[1], row[2], row[3], row[0], row[3]};
        for (int k = 0; k < 8; k++) v[k] = c[k];
        return 4;
    }
    for (int k = 0; k < 6; k++) v[k] = row[k];
    return 3;
}

void pc__sweep_seams(pc__toi *h, const pc_tilemap *map, const pc__filter *f, int ka, const double *a, const pc__hull *A,
                     double dx, double dy, int64_t i0, int64_t i1, int64_t j0, int64_t j1)
{
    if (A->R > 0.0 || A->n > 2) return;
    /* along a grid line: the paths to the rounded ends (what a sweep decides
     * on) keep x (or y), even where D has a component too small to move it */
    int vertical = dy != 0.0 && A->x[A->n - 1] == A->x[0] && A->x[0] + dx == A->x[0];
    if (!vertical && !(dx != 0.0 && A->y[A->n - 1] == A->y[0] && A->y[0] + dy == A->y[0])) return;
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    double v = vertical ? A->x[0] : A->y[0];
    int64_t k0, k1;
    /* the cells on either side of the grid line v (zero-width ones between) */
    if (!pc__cells(vertical ? &ax : &ay, v, v, &k0, &k1) || k0 == k1) return;
    int sx = vertical, sy = !vertical;
    for (int64_t q = vertical ? i0 : j0; q <= (vertical ? i1 : j1); q++) {
        int64_t ia = vertical ? q : k0, ja = vertical ? k0 : q, ib = vertical ? q : k1, jb = vertical ? k1 : q;
        if (!pc__tile_full_side(map, ia, ja, sx, sy) || !pc__tile_full_side(map, ib, jb, -sx, -sy)) continue;
        /* two tiles across a whole face: their union is convex (the angles at
         * the face's ends are right or acute on either side), their hull */
        double ra[6], rb[6], v16[16];
        int n = tile_corners(pc__tile_shape(map, ia, ja, ra), ra, v16);
        n += tile_corners(pc__tile_shape(map, ib, jb, rb), rb, v16 + 2 * n);
        pc__hull_in_place(v16, n);
        pc__toi before = *h;
        pc__sweep_any(h, f, ka, a, dx, dy, PC_POLYGON + n - 3, v16);
        if (h->hit && (!before.hit || h->t < before.t)) h->cell = ia * map->cols + ja;
    }
}

int pc__union_stand(const void *vctx, double t)
{
    const pc__union_stand_ctx *c = vctx;
    double m[PC_ROW_MAX];
    pc__place_at(c->ka, c->a, c->dx, c->dy, t, m);
    return c->inside(c->target, c->ka, m) ? PC__INSIDE : PC__APART;
}

int pc__map_inside(const void *map, int kind, const double *row)
{
    return pc__map_overlaps_any(map, kind, row, PC_STRICT);
}

void pc__sweep_map_any(pc__toi *h, const pc_tilemap *map, int ka, const double *a, double dx, double dy, int rough)
{
    if (pc__sweep_ball(ka)) {
        pc__sweep_map(h, map, a[0], a[1], ka == PC_CIRCLE ? a[2] : 0.0, dx, dy);
        return;
    }
    pc__toi_init(h);
    h->rough = rough;
    int w = pc_kind_width(ka);
    double m = pc__magnitude(a, w);
    pc__filter fa = pc__filter_for(m);
    pc__hull A;
    pc__hull_of(&fa, ka, a, &A);
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (int i = 0; i < A.n; i++) {
        x0 = pc__min(x0, A.x[i]);
        x1 = pc__max(x1, A.x[i]);
        y0 = pc__min(y0, A.y[i]);
        y1 = pc__max(y1, A.y[i]);
    }
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    int64_t i0, i1, j0, j1;
    if (!pc__cells(&ax, pc__down(pc__down(x0 + pc__min(dx, 0.0)) - A.R), pc__up(pc__up(x1 + pc__max(dx, 0.0)) + A.R),
                   &j0, &j1) ||
        !pc__cells(&ay, pc__down(pc__down(y0 + pc__min(dy, 0.0)) - A.R), pc__up(pc__up(y1 + pc__max(dy, 0.0)) + A.R),
                   &i0, &i1))
        return;
    pc__filter f = pc__filter_for((pc__max(map->magnitude, m) + pc__max(fabs(dx), fabs(dy))) * (1.0 + 0x1p-40));
    double row[6];
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            if (kind < 0) continue;
            h->near = 1;
            pc__toi before = *h;
            pc__sweep_any(h, &f, ka, a, dx, dy, kind, row);
            if (h->hit && (!before.hit || h->t < before.t)) {
                h->cell = i * map->cols + j;
                tile_normal(h, map, i, j, kind, row, &A, dx, dy);
            }
        }
    if (h->near) pc__sweep_seams(h, map, &f, ka, a, &A, dx, dy, i0, i1, j0, j1);
    /* a hit inside a face of the merged boundary: that face's normal (a
     * contact at a tile's corner may be separated by a face the tile shares
     * with a solid neighbour, which tile_normal cannot replace when the tile
     * has no face of the boundary there: a corner of two slope tiles met by a
     * box moving a hair steeper than across the slope) */
    double fx, fy;
    if (h->hit && pc__map_face_normal(map, h->px, h->py, &fx, &fy)) {
        h->nx = -fx;
        h->ny = -fy;
    } else if (h->hit && rough && A.R > 0.0) { /* a round shape at a corner of the boundary: the settled contact's */
        pc__sweep_map_any(h, map, ka, a, dx, dy, 0);
        return;
    }
    if (h->hit && !rough) {
        const pc__union_stand_ctx ctx = {ka, a, dx, dy, map, pc__map_inside};
        const pc__motion mv = {ka, a, dx, dy};
        h->t = pc__settle_down(pc__union_stand, &ctx, &mv, h->t);
    }
}

/* ---- batches --------------------------------------------------------------------- */

struct any_ctx {
    int ka, kb;
    const pc_tilemap *map;
};

static void any_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct any_ctx *c = vctx;
    int wa = pc_kind_width(c->ka), wb = pc_kind_width(c->kb);
    for (int64_t i = 0; i < n; i++) {
        const double *a = (const double *)(p[0] + i * s[0]), *d = (const double *)(p[1] + i * s[1]);
        const double *b = (const double *)(p[2] + i * s[2]);
        double *out = (double *)(p[3] + i * s[3]);
        if (!pc__moved_finite(c->ka, a, d[0], d[1])) {
            pc__toi_write_nan(out, 5);
            continue;
        }
        double m = pc__max(pc__magnitude(a, wa), pc__magnitude(b, wb)) + pc__max(fabs(d[0]), fabs(d[1]));
        pc__filter f = pc__filter_for(m * (1.0 + 0x1p-40));
        pc__toi h;
        pc__toi_init(&h);
        pc__sweep_any(&h, &f, c->ka, a, d[0], d[1], c->kb, b);
        pc__toi_write(&h, out);
    }
}

static void map_any_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct any_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        const double *a = (const double *)(p[0] + i * s[0]), *d = (const double *)(p[1] + i * s[1]);
        double *out = (double *)(p[2] + i * s[2]);
        if (!pc__moved_finite(c->ka, a, d[0], d[1])) {
            pc__toi_write_nan(out, 6);
            continue;
        }
        pc__toi h;
        pc__sweep_map_any(&h, c->map, c->ka, a, d[0], d[1], 0);
        pc__toi_write(&h, out);
        out[5] = (double)h.cell;
    }
}

int pc_sweep_shapes(int kind_a, const double *a, const int64_t *strides_a, const double *displacements,
                    const int64_t *strides_d, int kind_b, const double *b, const int64_t *strides_b, double *out,
                    const int64_t *strides_out, int ndim, const int64_t *shape, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_a) || !pc__is_shape(kind_b)) return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    struct any_ctx ctx = {kind_a, kind_b, NULL};
    const void *ptrs[4] = {a, displacements, b, out};
    const int64_t *st[4] = {strides_a, strides_d, strides_b, strides_out};
    int rc = pc__batch(ndim, shape, 4, ptrs, st, 0u, any_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}

int pc_tilemap_sweep_shapes(const pc_tilemap *map, int kind_a, const double *a, const int64_t *strides_a,
                            const double *displacements, const int64_t *strides_d, double *out,
                            const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                            const volatile int *cancel)
{
    if (!pc__is_shape(kind_a)) return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (pc__map_ok(map)) {
        struct any_ctx ctx = {kind_a, 0, map};
        const void *ptrs[3] = {a, displacements, out};
        const int64_t *st[3] = {strides_a, strides_d, strides_out};
        rc = pc__batch(ndim, shape, 3, ptrs, st, 0u, map_any_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}
