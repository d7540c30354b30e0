/*
 * Swept circles: the first time a moving circle touches a convex shape, or a
 * tile map's solid region, while moving toward it.
 *
 * What a hit is.  A circle (c, r) moves by D to e = fl(c + D) (the end a
 * motion reaches); a target is a convex core K (a point, a segment or a
 * convex polygon) grown by R (a circle's radius, else 0), and rho = r + R.
 * Let g(t) be the distance from c + t (e - c) to K, extended to all real t
 * (convex).  The circle touches the target when g <= rho and moves toward it
 * when g decreases right after; the hit time is the first t in [0, 1] where
 * both hold.  So:
 *  - Starting apart (g(0) > rho): it hits iff the path [c, e] comes within rho
 *    of K and the whole line through c and e comes strictly within rho of K
 *    (for rho = 0: crosses K's interior, or a segment core transversally).  A
 *    graze, where the line only touches the swelled target, is not a hit,
 *    even when it happens at t = 1.  Both tests are exact signs
 *    (predicates.h), with the sum r + R never rounded.
 *  - Starting in contact (g(0) <= rho): it hits at t = 0 iff D moves the
 *    centre toward the nearest point of K (D . n > 0, exact), or, with the
 *    centre on K's boundary, into K across every face it lies on.  With the
 *    centre strictly inside K the nearest face is chosen in floating point.
 *
 * The time of a hit that starts apart keeps the placement contract
 * (pc__settle): a floating-point estimate (the centre against the target's
 * edges moved out by rho and disks of radius rho around its corners),
 * checked with exact tests of the circle placed at doubles t, centre
 * c + fl(t D) rounded once: kept where it touches the target, stepped down
 * where it is inside, up where it is apart, so that the circle placed at the
 * time returned never overlaps the target's interior.  The normal (from the
 * circle toward the target, pc__toi) and the touching point are the
 * estimate's.  All floating-point geometry runs on the problem taken relative
 * to the centre and scaled by a power of 2 into [1, 2): nothing overflows or
 * vanishes at 1e308 or 1e-300, and the estimate, hence the time, is the same
 * bit for bit at every power-of-2 scale of the input.
 *
 * Against a tile map the target is the union of its solid tiles (each a box
 * or a right triangle): the earliest hit over the tiles near the path.  That
 * is the union's first hit for a circle of radius r > 0: the union's distance
 * is the least of the tiles', so it decreases right after a touch exactly
 * when some touched tile's does.  Sliding along a floor or a wall made of
 * many tiles meets each tile in a slide, which is no hit: there is no seam to
 * catch on.  A point (r = 0) has no interior: moving exactly along a face
 * shared by two solid tiles it enters the union, which neither tile shows;
 * those pairs of tiles are swept as one polygon (pc__sweep_seams).  The time
 * is then stepped down where the circle placed there would be inside the
 * union (pc__settle_down; at most by rounding).
 */
#include <float.h>

#include "core.h"
#include "fpenv.h"
#include "kinds.h"
#include "kernels.h"
#include "overlap.h"
#include "sweep.h"
#include "sweepshape.h"
#include "tiles.h"
#include "walk.h"

/* ---- convex cores (core.h) ------------------------------------------------ */

/* Exact: does the closed segment [a, b] (a != b) meet the core? */
static int hull_meets_segment(const pc__filter *f, const pc__hull *h, double ax, double ay, double bx, double by)
{
    if (h->n == 1) return pc__on_segment(f, h->x[0], h->y[0], ax, ay, bx, by);
    if (h->n == 2) return pc__segments_meet(f, ax, ay, bx, by, h->x[0], h->y[0], h->x[1], h->y[1], 0);
    /* separating axes: the polygon's edge normals, then the segment's normal */
    for (int k = 0; k < h->n; k++) {
        int j = k + 1 == h->n ? 0 : k + 1;
        if (pc__orient(f, h->x[k], h->y[k], h->x[j], h->y[j], ax, ay) < 0 &&
            pc__orient(f, h->x[k], h->y[k], h->x[j], h->y[j], bx, by) < 0)
            return 0;
    }
    int pos = 0, neg = 0;
    for (int k = 0; k < h->n; k++) {
        int o = pc__orient(f, ax, ay, bx, by, h->x[k], h->y[k]);
        pos |= o >= 0;
        neg |= o <= 0;
    }
    return pos && neg;
}

/* Exact: dist((vx, vy), segment [a, b]) <= r1 + r2, the sum never rounded. */
static int disk_meets_segment2(const pc__filter *f, double vx, double vy, double r1, double r2, double ax, double ay,
                               double bx, double by)
{
    if ((ax == bx && ay == by) || pc__dot(f, ax, ay, bx, by, vx, vy) <= 0)
        return pc__circle(f, vx, vy, ax, ay, r1, r2) <= 0;
    if (pc__dot(f, bx, by, ax, ay, vx, vy) <= 0) return pc__circle(f, vx, vy, bx, by, r1, r2) <= 0;
    return pc__perp2(ax, ay, bx, by, vx, vy, r1, r2) <= 0;
}

/* ---- floating-point times of impact ---------------------------------------- */

void pc__toi_take(pc__toi *h, double t, double nx, double ny, double px, double py)
{
    if (!(t < h->t || (!h->hit && t <= h->t))) return;
    h->hit = 1;
    h->t = t;
    h->nx = nx + 0.0;
    h->ny = ny + 0.0;
    h->px = px;
    h->py = py;
}

/* The centre c + t D against the disk of radius rho around v; the touching
 * point is on the target, R inside the disk's rim. */
static void toi_vertex(pc__toi *h, double cx, double cy, double dx, double dy, double rho, double R, double vx,
                       double vy)
{
    /* (at any scale: pc__touch_time; INFINITY when not moving toward the corner) */
    double t = pc__touch_time(cx - vx, cy - vy, dx, dy, rho);
    if (!(t <= 1.0) || !(t <= h->t)) return;
    double px = cx + t * dx, py = cy + t * dy, nx = vx - px, ny = vy - py, l = hypot(nx, ny);
    if (l > 0.0) {
        nx /= l;
        ny /= l;
    } else {
        l = pc__length(dx, dy);
        nx = dx / l;
        ny = dy / l;
    }
    pc__toi_take(h, t, nx, ny, vx - R * nx, vy - R * ny);
}

/* The centre against segment [a, b] moved out by rho: on its right side only
 * (one_sided: a counter-clockwise polygon's outside), else on both. */
static void toi_edge(pc__toi *h, double cx, double cy, double dx, double dy, double rho, double R, double ax, double ay,
                     double bx, double by, int one_sided)
{
    double ex = bx - ax, ey = by - ay, len = hypot(ex, ey);
    if (!(len > 0.0)) return;
    double ux = ex / len, uy = ey / len;
    /* signed height above the edge's line (its right side positive) and its rate */
    double h0 = (cx - ax) * uy - (cy - ay) * ux, hd = dx * uy - dy * ux;
    double side = 1.0;
    if (!one_sided) side = h0 > 0.0 ? 1.0 : h0 < 0.0 ? -1.0 : (hd > 0.0 ? -1.0 : 1.0);
    double height = side * h0, rate = side * hd;
    if (!(rate < 0.0) || height < -rho) return; /* not approaching the line, or behind it */
    double t = height <= rho ? 0.0 : (height - rho) / -rate;
    if (!(t <= 1.0) || !(t <= h->t)) return;
    double along = (cx + t * dx - ax) * ux + (cy + t * dy - ay) * uy;
    if (!(along >= 0.0 && along <= len)) return; /* beyond an end: the corner disks decide */
    double nx = -side * uy, ny = side * ux;
    pc__toi_take(h, t, nx, ny, ax + along * ux - R * nx, ay + along * uy - R * ny);
}

/* A moving point (rho = 0) that is known to enter the core: where, by the
 * path's own crossing of the faces (Cyrus-Beck for a polygon), since the
 * disks of radius 0 around the corners would need a square root of a
 * vanishing discriminant. */
static void toi_point(pc__toi *h, const pc__hull *k, double cx, double cy, double dx, double dy)
{
    double t = 0.0, nx = NAN, ny = NAN;
    /* along D: the projections onto D scaled to about 1 (the square of a
     * huge or tiny D would overflow or vanish) */
    double su = pc__unscale(pc__max(fabs(dx), fabs(dy))), qx = dx * su, qy = dy * su, qq = qx * qx + qy * qy;
    double l = pc__length(dx, dy);
    if (k->n == 1) {
        t = ((k->x[0] - cx) * qx + (k->y[0] - cy) * qy) / qq * su;
        nx = dx / l;
        ny = dy / l;
    } else {
        int edges = k->n == 2 ? 1 : k->n, found = 0;
        for (int i = 0; i < edges; i++) {
            int j = i + 1 == k->n ? 0 : i + 1;
            double ax = k->x[i], ay = k->y[i], ex = k->x[j] - ax, ey = k->y[j] - ay;
            double mx = ey, my = -ex, md = mx * dx + my * dy; /* outward, counter-clockwise */
            if (k->n == 2 && md > 0) {
                mx = -mx;
                my = -my;
                md = -md;
            }
            if (!(md < 0)) continue;
            double te = (mx * (ax - cx) + my * (ay - cy)) / md;
            if (!found || te > t) {
                double ml = hypot(mx, my);
                t = te;
                nx = -mx / ml; /* from the point toward the face */
                ny = -my / ml;
                found = 1;
            }
        }
        if (!found) { /* moving along a segment core: its nearer end */
            double t0 = ((k->x[0] - cx) * qx + (k->y[0] - cy) * qy) / qq * su;
            double t1 = ((k->x[1] - cx) * qx + (k->y[1] - cy) * qy) / qq * su;
            t = pc__min(t0, t1);
            nx = dx / l;
            ny = dy / l;
        }
    }
    t = pc__clamp(t, 0.0, 1.0);
    pc__toi_take(h, t, nx, ny, cx + t * dx, cy + t * dy);
}

static void toi_hull(pc__toi *h, const pc__hull *k, double cx, double cy, double dx, double dy, double r)
{
    double rho = r + k->R;
    if (rho == 0.0) {
        toi_point(h, k, cx, cy, dx, dy);
        return;
    }
    for (int i = 0; i < k->n; i++) toi_vertex(h, cx, cy, dx, dy, rho, k->R, k->x[i], k->y[i]);
    if (k->n == 2) toi_edge(h, cx, cy, dx, dy, rho, k->R, k->x[0], k->y[0], k->x[1], k->y[1], 0);
    if (k->n >= 3)
        for (int i = 0; i < k->n; i++) {
            int j = i + 1 == k->n ? 0 : i + 1;
            /* counter-clockwise: the outside is on the right of x[i] -> x[j] */
            toi_edge(h, cx, cy, dx, dy, rho, k->R, k->x[i], k->y[i], k->x[j], k->y[j], 1);
        }
}

double pc__normalized(int count, const pc__hull *in, pc__hull *out, double ox, double oy, double r)
{
    double big = pc__max(pc__max(fabs(ox), fabs(oy)), r);
    for (int q = 0; q < count; q++) {
        big = pc__max(big, in[q].R);
        for (int i = 0; i < in[q].n; i++) big = pc__max(big, pc__max(fabs(in[q].x[i]), fabs(in[q].y[i])));
    }
    double s0 = big > 0x1p1000 ? 0x1p-8 : 1.0, P = r * s0;
    for (int q = 0; q < count; q++) {
        P += in[q].R * s0;
        out[q].n = in[q].n;
        for (int i = 0; i < in[q].n; i++) {
            out[q].x[i] = in[q].x[i] * s0 - ox * s0;
            out[q].y[i] = in[q].y[i] * s0 - oy * s0;
        }
    }
    for (int q = 0; q < count; q++)
        for (int i = 0; i < in[q].n; i++) P = pc__max(P, pc__max(fabs(out[q].x[i]), fabs(out[q].y[i])));
    double s1 = P > 0.0 && P < INFINITY ? pc__unscale(P) : 1.0;
    for (int q = 0; q < count; q++) {
        for (int i = 0; i < in[q].n; i++) {
            out[q].x[i] *= s1;
            out[q].y[i] *= s1;
        }
        out[q].R = in[q].R * s0 * s1;
    }
    return s0 * s1;
}

void pc__toi_hull_normalized(pc__toi *h, const pc__hull *k, double cx, double cy, double dx, double dy, double r)
{
    toi_hull(h, k, cx, cy, dx, dy, r);
}

void pc__toi_hull(pc__toi *h, const pc__hull *k, double cx, double cy, double dx, double dy, double r)
{
    pc__hull s;
    double sc = pc__normalized(1, k, &s, cx, cy, r);
    pc__toi g;
    pc__toi_init(&g);
    g.t = h->t;
    toi_hull(&g, &s, 0.0, 0.0, dx * sc, dy * sc, r * sc);
    if (g.hit) pc__toi_take(h, g.t, g.nx, g.ny, cx + g.px / sc, cy + g.py / sc);
}

/* ---- what a hit is, exactly ------------------------------------------------ */

/* A circle in contact with the target at t = 0 (g(0) <= rho): hit now iff D
 * moves it toward the target (see the top of the file), decided on k; the
 * normal and point in floating point, on the normalized core
 * (pc__normalized): finite at every scale. */
static int start_hit(const pc__filter *f, const pc__hull *k, double cx, double cy, double dx, double dy, double *nx,
                     double *ny, double *px, double *py)
{
    int n = k->n;
    /* c outside the core: the nearest feature is an edge whose outside strip holds c, or a vertex */
    int edge = -1, vertex = -1, inside = 0;
    if (n == 1) {
        vertex = 0;
        inside = cx == k->x[0] && cy == k->y[0];
    } else if (n == 2) {
        double ax = k->x[0], ay = k->y[0], bx = k->x[1], by = k->y[1];
        if (pc__dot(f, ax, ay, bx, by, cx, cy) <= 0)
            vertex = 0;
        else if (pc__dot(f, bx, by, ax, ay, cx, cy) <= 0)
            vertex = 1;
        else if (pc__orient(f, ax, ay, bx, by, cx, cy) != 0)
            edge = 0;
        else
            inside = 1;
        if (vertex >= 0) inside = cx == k->x[vertex] && cy == k->y[vertex];
    } else {
        inside = 1;
        for (int i = 0; i < n; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            if (pc__orient(f, k->x[i], k->y[i], k->x[j], k->y[j], cx, cy) >= 0) continue;
            inside = 0;
            if (pc__dot(f, k->x[i], k->y[i], k->x[j], k->y[j], cx, cy) > 0 &&
                pc__dot(f, k->x[j], k->y[j], k->x[i], k->y[i], cx, cy) > 0) {
                edge = i;
                break;
            }
        }
        if (!inside && edge < 0)
            for (int i = 0; i < n && vertex < 0; i++) {
                int p = i == 0 ? n - 1 : i - 1, q = i + 1 == n ? 0 : i + 1;
                if (pc__dot(f, k->x[i], k->y[i], k->x[p], k->y[p], cx, cy) <= 0 &&
                    pc__dot(f, k->x[i], k->y[i], k->x[q], k->y[q], cx, cy) <= 0)
                    vertex = i;
            }
    }
    if (inside && n < 3) return 0; /* on a core without area: every motion moves away or along */
    pc__hull s;                    /* the core relative to c, scaled: the float geometry's */
    double sc = pc__normalized(1, k, &s, cx, cy, 0.0);
    double qx = NAN, qy = NAN; /* the point, in s's units */
    int hit = 1;
    if (inside) {
        /* the faces holding c (exact), or else the nearest face (floating point) */
        int on = 0, best = 0;
        double best_d = INFINITY;
        for (int i = 0; i < n; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            if (pc__orient(f, k->x[i], k->y[i], k->x[j], k->y[j], cx, cy) == 0) {
                /* into the core: d to the left of the edge, (b - a) x d > 0 */
                int into = -pc__cross_dir(dx, dy, k->x[i], k->y[i], k->x[j], k->y[j]) > 0;
                if (!on || !into) best = i;
                hit &= into;
                on = 1;
                continue;
            }
            double ex = s.x[j] - s.x[i], ey = s.y[j] - s.y[i];
            double dist = (ex * -s.y[i] - ey * -s.x[i]) / hypot(ex, ey);
            if (!on && dist < best_d) {
                best_d = dist;
                best = i;
            }
        }
        if (!on) {
            int j = best + 1 == n ? 0 : best + 1;
            hit = -pc__cross_dir(dx, dy, k->x[best], k->y[best], k->x[j], k->y[j]) > 0;
        }
        if (!hit) return 0;
        int j = best + 1 == n ? 0 : best + 1;
        double ex = s.x[j] - s.x[best], ey = s.y[j] - s.y[best], l = hypot(ex, ey);
        *nx = -ey / l; /* minus the outward normal (ey, -ex) / l: into the core, along D */
        *ny = ex / l;
        double t = (-s.x[best] * ex - s.y[best] * ey) / (l * l);
        qx = s.x[best] + t * ex;
        qy = s.y[best] + t * ey;
    } else if (vertex >= 0) {
        if (pc__dot_dir(dx, dy, cx, cy, k->x[vertex], k->y[vertex]) <= 0) return 0;
        double ux = s.x[vertex], uy = s.y[vertex], l = hypot(ux, uy);
        *nx = ux / l;
        *ny = uy / l;
        qx = ux - s.R * *nx;
        qy = uy - s.R * *ny;
    } else {
        /* an edge: the normal from c to the edge's line; d . n > 0 */
        if (edge < 0) return 0; /* unreachable: c outside a convex core has a nearest feature */
        int j = edge + 1 == n ? 0 : edge + 1;
        int side = pc__orient(f, k->x[edge], k->y[edge], k->x[j], k->y[j], cx, cy); /* c left (+1) or right (-1) */
        if (side * pc__cross_dir(dx, dy, k->x[edge], k->y[edge], k->x[j], k->y[j]) <= 0) return 0;
        double ax = s.x[edge], ay = s.y[edge], ex = s.x[j] - ax, ey = s.y[j] - ay, l = hypot(ex, ey);
        *nx = side * ey / l; /* toward the line: the right normal (ey, -ex) when c is left */
        *ny = -side * ex / l;
        double t = (-ax * ex - ay * ey) / (l * l);
        qx = ax + t * ex - s.R * *nx;
        qy = ay + t * ey - s.R * *ny;
    }
    *px = cx + qx / sc;
    *py = cy + qy / sc;
    return 1;
}

/* Starting apart: does the path [c, e] (c != e) come within rho = r + R of
 * the core, and does its line come strictly within it?  Exact. */
static int apart_hit(const pc__filter *f, const pc__hull *k, int kind, const double *row, double cx, double cy,
                     double ex, double ey, double r)
{
    /* the whole line first: a graze is no hit */
    int pos = 0, neg = 0, zero = 0;
    for (int i = 0; i < k->n; i++) {
        int o = pc__orient(f, cx, cy, ex, ey, k->x[i], k->y[i]);
        pos |= o > 0;
        neg |= o < 0;
        zero |= o == 0;
    }
    if (r > 0.0 || k->R > 0.0) {
        if (!(pos && neg) && !zero) {
            int near = 0;
            for (int i = 0; i < k->n && !near; i++) near = pc__perp2(cx, cy, ex, ey, k->x[i], k->y[i], r, k->R) < 0;
            if (!near) return 0;
        }
    } else if (k->n == 1 || !(pos && neg)) {
        return 0; /* a moving point crosses no interior: it touches at most */
    }
    /* the path itself: it meets the core, or an end comes within rho of it, or
     * a corner of the core comes within rho of the path */
    if (hull_meets_segment(f, k, cx, cy, ex, ey)) return 1;
    const double end[3] = {ex, ey, r};
    if (pc__overlap_rows(f, PC_CIRCLE, end, kind, row, PC_TOUCHING)) return 1;
    for (int i = 0; i < k->n; i++)
        if (disk_meets_segment2(f, k->x[i], k->y[i], r, k->R, cx, cy, ex, ey)) return 1;
    return 0;
}

/* A hit that the exact test found and the estimate missed (a near graze):
 * estimated where the path comes nearest the shape. */
static void nearest_hit(pc__toi *h, const double *path, int kind, const double *row)
{
    double con[7];
    pc__contact_scaled(PC_SEGMENT, path, kind, row, con);
    double dx = path[2] - path[0], dy = path[3] - path[1];
    double sc = pc__unscale(pc__max(fabs(dx), fabs(dy))), sx = dx * sc, sy = dy * sc, dd = sx * sx + sy * sy;
    double t = dd > 0.0 ? ((con[3] - path[0]) * sc * sx + (con[4] - path[1]) * sc * sy) / dd : 1.0;
    pc__toi_take(h, pc__clamp(t, 0.0, 1.0), con[1], con[2], con[5], con[6]);
}

/* ---- the placement contract ------------------------------------------------ */

/* How the shape stands at a time, each placement tested once: the last few
 * placements tested and how they stood are kept (a search near a hit meets
 * the same few placements again and again: a double t and the next place the
 * shape alike unless t D crosses a double of the coordinates).  A placement
 * is known by its points, each a + fl(t D) as pc__place_at places them (the
 * rest of the row is the shape's own; a polygon's hull is a function of its
 * points).  Without a motion (mv NULL), every time is tested. */
#define PROBE_KEEP 4
typedef struct {
    pc__stand_fn at;
    const void *ctx;
    const pc__motion *mv;
    int positions, kept, next, tests;
    int coarse;   /* stop the bisection at the tstep: any time whose placement is on the right side will do */
    double tstep; /* about the least change of t that moves a point to another double (0: unknown) */
    int state[PROBE_KEEP];
    double key[PROBE_KEEP][PC_ROW_MAX];
} probe;

static void probe_init(probe *p, pc__stand_fn at, const void *ctx, const pc__motion *mv)
{
    p->at = at;
    p->ctx = ctx;
    p->mv = mv;
    p->positions = mv ? pc__kind_positions(mv->kind) : 0;
    p->kept = p->next = p->tests = p->coarse = 0;
    p->tstep = INFINITY;
    for (int i = 0; i < p->positions; i++) { /* a quarter of an ulp of a coordinate, over the motion along it */
        double v = fabs(mv->a[i]), d = fabs(i & 1 ? mv->dy : mv->dx);
        if (d > 0.0) p->tstep = pc__min(p->tstep, 0.25 * (nextafter(v, INFINITY) - v) / d);
    }
    if (!(p->tstep < INFINITY)) p->tstep = 0.0;
}

static int probe_at(probe *p, double t)
{
    if (!p->mv) {
        p->tests++;
        return p->at(p->ctx, t);
    }
    double *m = p->key[p->next], tx = t * p->mv->dx, ty = t * p->mv->dy;
    for (int i = 0; i < p->positions; i += 2) {
        m[i] = p->mv->a[i] + tx;
        m[i + 1] = p->mv->a[i + 1] + ty;
    }
    for (int k = 0; k < p->kept; k++) {
        if (k == p->next) continue;
        int i = 0;
        while (i < p->positions && p->key[k][i] == m[i]) i++;
        if (i == p->positions) return p->state[k]; /* equal values (0 and -0 alike) stand alike */
    }
    int s = p->at(p->ctx, t);
    p->tests++;
    p->state[p->next] = s;
    if (p->kept < PROBE_KEEP) p->kept++;
    p->next = (p->next + 1) % PROBE_KEEP;
    return s;
}

/* Narrow lo < hi, with the state at lo below `level` and at hi at or above
 * it, to adjacent doubles (or as close as 1,100 halvings get): a gallop down
 * from hi (the boundary is usually an ulp or two below an estimate; at most
 * 64 placements tested), then bisection.  Returns the state at hi, given as
 * hi_state. */
static int narrow(probe *p, int level, double *lo, double *hi, int hi_state)
{
    /* galloping in steps that change the placement (a larger first step only
     * brackets the boundary sooner) */
    double step = pc__max(*hi - nextafter(*hi, 0.0), p->tstep);
    for (int k = 0, t0 = p->tests; k < 1100 && p->tests - t0 < 64; k++, step *= 2.0) {
        double c = *hi - step;
        if (!(c > *lo)) break;
        int s = probe_at(p, c);
        if (s < level) {
            *lo = c;
            break;
        }
        *hi = c;
        hi_state = s;
    }
    for (int k = 0; k < 1100 && !(p->coarse && *hi - *lo <= p->tstep); k++) {
        double mid = *lo + 0.5 * (*hi - *lo);
        if (mid <= *lo || mid >= *hi) break;
        int s = probe_at(p, mid);
        if (s < level) {
            *lo = mid;
        } else {
            *hi = mid;
            hi_state = s;
        }
    }
    return hi_state;
}

double pc__settle(pc__stand_fn at, const void *ctx, const pc__motion *mv, double est)
{
    probe p;
    probe_init(&p, at, ctx, mv);
    if (!(est >= 0.0)) est = 0.0;
    if (!(est <= 1.0)) est = 1.0;
    int s = probe_at(&p, est);
    if (s == PC__TOUCH) return est;
    double lo = 0.0, hi = est;
    if (s == PC__APART) {
        /* apart at est: the first later double that is not, searched by a
         * gallop (placements a few ulps on, at most 10 tested, then the end),
         * then bisection */
        double step = pc__max(nextafter(est, 2.0) - est, p.tstep);
        hi = -1.0;
        lo = est;
        for (int k = 0; k < 1100; k++, step *= 2.0) {
            double c = p.tests <= 10 ? pc__min(1.0, est + step) : 1.0;
            if (!(c > lo)) {
                if (c >= 1.0) break;
                continue;
            }
            s = probe_at(&p, c);
            if (s != PC__APART) {
                hi = c;
                break;
            }
            lo = c;
            if (c == 1.0) break;
        }
        if (hi >= 0.0) {
            s = narrow(&p, PC__TOUCH, &lo, &hi, s);
            return s == PC__INSIDE ? lo : hi; /* from apart to inside between two doubles: the one before */
        }
        /* apart from est to the end: the path passed a contact without area
         * (a point crossing a segment) or grazed; a double just below est
         * may still touch */
        double c = est;
        for (int k = 0; k < 4 && c > 0.0 && hi < 0.0; k++) {
            c = nextafter(c, 0.0);
            s = probe_at(&p, c);
            if (s == PC__TOUCH) return c;
            if (s == PC__INSIDE) hi = c;
        }
        if (hi < 0.0) return est; /* no double near est touches: est, where it is apart */
        lo = 0.0;
    }
    /* inside at hi: the last double below it that is not */
    if (hi == 0.0) return 0.0;
    narrow(&p, PC__INSIDE, &lo, &hi, s);
    return lo;
}

/* t, or the last double below it at which the shape is not inside (coarse
 * for pc__settle_out); when it is inside at 0 too: t again when
 * start_inside_t, else 0 */
static double settle_below(pc__stand_fn at, const void *ctx, const pc__motion *mv, double t, int start_inside_t)
{
    if (!(t > 0.0)) return t;
    probe p;
    probe_init(&p, at, ctx, mv);
    p.coarse = !start_inside_t;
    int s = probe_at(&p, t);
    if (s != PC__INSIDE) return t;
    if (probe_at(&p, 0.0) == PC__INSIDE) return start_inside_t ? t : 0.0;
    double lo = 0.0, hi = t;
    narrow(&p, PC__INSIDE, &lo, &hi, s);
    return lo;
}

double pc__settle_down(pc__stand_fn at, const void *ctx, const pc__motion *mv, double t)
{
    return settle_below(at, ctx, mv, t, 1); /* started inside: no contract to keep */
}

double pc__settle_out(pc__stand_fn at, const void *ctx, const pc__motion *mv, double t)
{
    return settle_below(at, ctx, mv, t, 0);
}

void pc__toi_take_hit(pc__toi *h, double t, double nx, double ny, double px, double py, double cx, double cy, double dx,
                      double dy)
{
    if (!(isfinite(nx) && isfinite(ny) && (nx != 0.0 || ny != 0.0))) {
        double l = pc__length(dx, dy);
        nx = dx / l;
        ny = dy / l;
    }
    if (!(isfinite(px) && isfinite(py))) {
        px = cx + t * dx;
        py = cy + t * dy;
    }
    pc__toi_take(h, t, nx, ny, px, py);
}

/* The sweep of the circle (c, r) by D to e = fl(c + D) against one convex
 * shape (kind, row), into h when it hits no later than what h holds.  f
 * bounds every value. */
void pc__sweep_circle(pc__toi *h, const pc__filter *f, double cx, double cy, double r, double dx, double dy, int kind,
                      const double *row)
{
    pc__hull k;
    pc__hull_of(f, kind, row, &k);
    double ex = cx + dx, ey = cy + dy;
    const double circle[3] = {cx, cy, r};
    if (pc__overlap_rows(f, PC_CIRCLE, circle, kind, row, PC_TOUCHING)) {
        double nx, ny, px, py;
        if ((dx != 0.0 || dy != 0.0) && start_hit(f, &k, cx, cy, dx, dy, &nx, &ny, &px, &py))
            pc__toi_take_hit(h, 0.0, nx, ny, px, py, cx, cy, dx, dy);
        return;
    }
    if (cx == ex && cy == ey) return; /* no motion */
    if (h->hit && h->t == 0.0) return;
    if (!apart_hit(f, &k, kind, row, cx, cy, ex, ey, r)) return;
    pc__toi one;
    pc__toi_init(&one);
    pc__toi_hull(&one, &k, cx, cy, dx, dy, r);
    if (!one.hit) {
        const double path[4] = {cx, cy, ex, ey};
        nearest_hit(&one, path, kind, row);
    }
    const pc__pair_stand_ctx ctx = {f, PC_CIRCLE, circle, kind, row, dx, dy};
    const pc__motion mv = {PC_CIRCLE, circle, dx, dy};
    double t = pc__settle(pc__pair_stand, &ctx, &mv, one.hit ? one.t : 1.0);
    pc__toi_take_hit(h, t, one.nx, one.ny, one.px, one.py, cx, cy, dx, dy);
}

/* ---- tile maps --------------------------------------------------------------- */

/* Can the circle (c, r) moving to e reach the box [x0, x1] x [y0, y1]?  A
 * floating-point test that only ever says "no" with a wide margin: when every
 * corner of the box lies on one side of the path's line, farther than r by
 * far more than the rounding of the computation (a relative 1e-9), the swept
 * circle cannot meet the box, nor anything in it. */
static int path_may_reach_box(double cx, double cy, double r, double ex, double ey, double x0, double y0, double x1,
                              double y1)
{
    double dx = ex - cx, dy = ey - cy, len = fabs(dx) + fabs(dy); /* >= |D| */
    if (!(len > 0.0)) return 1;
    const double xs[4] = {x0, x1, x1, x0}, ys[4] = {y0, y0, y1, y1};
    int above = 0, below = 0;
    for (int k = 0; k < 4; k++) {
        double ux = xs[k] - cx, uy = ys[k] - cy;
        double cross = dx * uy - dy * ux;
        double slack = r * len + 1e-9 * len * (fabs(ux) + fabs(uy) + r) + 0x1p-1000;
        above += cross > slack;
        below += cross < -slack;
    }
    return above < 4 && below < 4;
}

void pc__sweep_map(pc__toi *h, const pc_tilemap *map, double cx, double cy, double r, double dx, double dy)
{
    pc__toi_init(h);
    double ex = cx + dx, ey = cy + dy;
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    int64_t i0, i1, j0, j1;
    if (!pc__cells(&ax, pc__down(pc__min(cx, ex) - r), pc__up(pc__max(cx, ex) + r), &j0, &j1) ||
        !pc__cells(&ay, pc__down(pc__min(cy, ey) - r), pc__up(pc__max(cy, ey) + r), &i0, &i1))
        return;
    const double span[5] = {cx, cy, ex, ey, r};
    pc__filter f = pc__filter_for(pc__max(map->magnitude, pc__magnitude(span, 5)));
    double row[6];
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            if (kind < 0) continue;
            double x0 = pc__grid(map->ox, j, map->tile_size), x1 = pc__grid(map->ox, j + 1, map->tile_size);
            double y0 = pc__grid(map->oy, i, map->tile_size), y1 = pc__grid(map->oy, i + 1, map->tile_size);
            if (!path_may_reach_box(cx, cy, r, ex, ey, x0, y0, x1, y1)) continue;
            h->near = 1;
            pc__toi before = *h;
            pc__sweep_circle(h, &f, cx, cy, r, dx, dy, kind, row);
            if (h->hit && (!before.hit || h->t < before.t)) h->cell = i * map->cols + j;
        }
    if (r == 0.0 && h->near) {
        const double point[2] = {cx, cy};
        pc__hull A;
        A.n = 1;
        A.x[0] = cx;
        A.y[0] = cy;
        A.R = 0.0;
        pc__sweep_seams(h, map, &f, PC_POINT, point, &A, dx, dy, i0, i1, j0, j1);
    }
    double fx, fy; /* a hit inside a face of the merged boundary (a seam's corner): that face's normal */
    if (h->hit && pc__map_face_normal(map, h->px, h->py, &fx, &fy)) {
        h->nx = -fx;
        h->ny = -fy;
    }
    if (h->hit) {
        const double circle[3] = {cx, cy, r};
        const pc__union_stand_ctx ctx = {PC_CIRCLE, circle, dx, dy, map, pc__map_inside};
        const pc__motion mv = {PC_CIRCLE, circle, dx, dy};
        h->t = pc__settle_down(pc__union_stand, &ctx, &mv, h->t);
    }
}

void pc__toi_write(const pc__toi *h, double *out)
{
    out[0] = h->hit ? h->t : 1.0;
    out[1] = -h->nx + 0.0; /* the surface normal: from the target back toward the mover */
    out[2] = -h->ny + 0.0;
    out[3] = h->px;
    out[4] = h->py;
}

void pc__toi_write_nan(double *out, int n)
{
    for (int k = 0; k < n; k++) out[k] = NAN;
}

/* a circle against one shape of kind kb (layout row b) */
static void sweep_one(const double *c, const double *d, int kb, const double *b, double *out)
{
    if (!pc__moved_finite(PC_CIRCLE, c, d[0], d[1])) {
        pc__toi_write_nan(out, 5);
        return;
    }
    pc__toi h;
    pc__toi_init(&h);
    double ex = c[0] + d[0], ey = c[1] + d[1];
    const double mags[5] = {ex, ey, c[0], c[1], c[2]};
    pc__filter f = pc__filter_for(pc__max(pc__magnitude(mags, 5), pc__magnitude(b, pc_kind_width(kb))));
    pc__sweep_circle(&h, &f, c[0], c[1], c[2], d[0], d[1], kb, b);
    pc__toi_write(&h, out);
}

struct sweep_ctx {
    int kb;
    const pc_tilemap *map;
};

static void sweep_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct sweep_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        sweep_one((const double *)(p[0] + i * s[0]), (const double *)(p[1] + i * s[1]), c->kb,
                  (const double *)(p[2] + i * s[2]), (double *)(p[3] + i * s[3]));
}

static void map_sweep_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct sweep_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        const double *cc = (const double *)(p[0] + i * s[0]), *d = (const double *)(p[1] + i * s[1]);
        double *out = (double *)(p[2] + i * s[2]);
        if (!pc__moved_finite(PC_CIRCLE, cc, d[0], d[1])) {
            pc__toi_write_nan(out, 5);
            continue;
        }
        pc__toi h;
        pc__sweep_map(&h, c->map, cc[0], cc[1], cc[2], d[0], d[1]);
        pc__toi_write(&h, out);
    }
}

int pc_sweep_batch(const double *circles, const int64_t *strides_c, const double *displacements,
                   const int64_t *strides_d, int kind_b, const double *b, const int64_t *strides_b, double *out,
                   const int64_t *strides_out, int ndim, const int64_t *shape, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_b)) return PC_ERR_KIND;
    pc__fpenv env = pc__fp_enter();
    struct sweep_ctx ctx = {kind_b, NULL};
    const void *ptrs[4] = {circles, displacements, b, out};
    const int64_t *st[4] = {strides_c, strides_d, strides_b, strides_out};
    int rc = pc__batch(ndim, shape, 4, ptrs, st, 0u, sweep_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}

int pc_tilemap_sweep(const pc_tilemap *map, const double *circles, const int64_t *strides_c,
                     const double *displacements, const int64_t *strides_d, double *out, const int64_t *strides_out,
                     int ndim, const int64_t *shape, int threads, const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (pc__map_ok(map)) {
        struct sweep_ctx ctx = {0, map};
        const void *ptrs[3] = {circles, displacements, out};
        const int64_t *st[3] = {strides_c, strides_d, strides_out};
        rc = pc__batch(ndim, shape, 3, ptrs, st, 0u, map_sweep_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}
