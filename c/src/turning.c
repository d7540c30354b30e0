/*
 * Sweeps of shapes that turn as they move (pc_sweep_turning): conservative
 * advancement.  No point of the shape moves faster than |D| + |rotation|
 * times its reach from the pivot, so from a time at which it is a distance
 * d from the target it cannot touch it before (d - slack) / speed later;
 * each step goes that far, the slack covering the rounding of the placement
 * (pc__place_turned) and of the distance.  A hit is where the placed shape
 * comes within tol of the target; the placed shape is then checked with the
 * exact strict test (the contact's separation, whose sign is exact).
 */
#include <float.h>
#include <math.h>

#include "contact.h"
#include "core.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"
#include "predicates.h"
#include "tiles.h"
#include "transform.h"
#include "walk.h"
#include "world.h"

enum { MAX_STEPS = 10000 };

struct turning_ctx {
    int kind, kind_placed, target_kind;
    const pc_tilemap *map;
};

/* The contact (7 doubles as pc_contact_batch) of a placed shape with the
 * target (f: a filter for a magnitude bounding both). */
static void contact_with(const struct turning_ctx *c, const pc__filter *f, const double *placed, const double *target,
                         double *out)
{
    if (c->map) {
        pc__map_contact_any(c->map, c->kind_placed, placed, out);
        return;
    }
    pc__contact_one(f, c->kind_placed, placed, c->target_kind, target, out);
}

/* A layout row's core vertices (a box's corners) and radius: their count. */
static int points_of(int kind, const double *row, double *x, double *y, double *r)
{
    *r = kind == PC_CIRCLE ? row[2] : kind == PC_CAPSULE ? row[4] : 0.0;
    if (kind == PC_BOX) {
        const double bx[4] = {row[0], row[2], row[2], row[0]}, by[4] = {row[1], row[1], row[3], row[3]};
        for (int k = 0; k < 4; k++) x[k] = bx[k], y[k] = by[k];
        return 4;
    }
    int n = 1;
    if (kind == PC_SEGMENT || kind == PC_CAPSULE) n = 2;
    if (kind == PC_TRIANGLE || pc__polygon_kind(kind)) n = pc_kind_width(kind) / 2;
    for (int k = 0; k < n; k++) x[k] = row[2 * k], y[k] = row[2 * k + 1];
    return n;
}

/* The gap between two convex shapes along the unit direction u (from a
 * toward b): the least of b's points along u less the most of a's, in
 * floating point (its error far below 2^-48 of the magnitudes). */
static double gap_along(int ka, const double *a, int kb, const double *b, double ux, double uy)
{
    double x[PC_POLYGON_MAX], y[PC_POLYGON_MAX], ra, rb;
    int n = points_of(ka, a, x, y, &ra);
    double most = -INFINITY, least = INFINITY;
    for (int k = 0; k < n; k++) most = pc__max(most, x[k] * ux + y[k] * uy);
    n = points_of(kb, b, x, y, &rb);
    for (int k = 0; k < n; k++) least = pc__min(least, x[k] * ux + y[k] * uy);
    return (least - rb) - (most + ra);
}

/* The core's vertices' farthest distance from the pivot plus the radius, and
 * the coordinates' magnitude, of a layout row. */
static void reach_of(int kind, const double *row, const double *pivot, double *reach, double *magnitude)
{
    double x[PC_POLYGON_MAX], y[PC_POLYGON_MAX], r;
    int n = points_of(kind, row, x, y, &r);
    double far = 0.0, big = 0.0;
    for (int k = 0; k < n; k++) {
        far = pc__max(far, hypot(x[k] - pivot[0], y[k] - pivot[1]));
        big = pc__max(big, pc__max(fabs(x[k]), fabs(y[k])));
    }
    *reach = far + r;
    *magnitude = big + r;
}

/* The shape placed at time t as pc__place_turned places it, but in plain
 * floating point (each coordinate within a few units in the last place of
 * the magnitudes of pc__place_turned's, which rounds once): for the steps,
 * whose slack covers the difference; the reported time is checked on
 * pc__place_turned's placement. */
static void place_fast(int kind, const double *in, const double *disp, double turn, const double *pivot, double t,
                       int firm, double *out)
{
    double angle = turn * t, co = cos(angle), si = sin(angle), h = sin(angle / 2), omc = 2.0 * (h * h);
    double mx = t * disp[0] + (pivot[0] * omc + si * pivot[1]), my = t * disp[1] + (pivot[1] * omc - si * pivot[0]);
    double x[PC_POLYGON_MAX], y[PC_POLYGON_MAX], r;
    int n = points_of(kind, in, x, y, &r);
    for (int k = 0; k < n; k++) {
        out[2 * k] = (co * x[k] - si * y[k]) + mx;
        out[2 * k + 1] = (si * x[k] + co * y[k]) + my;
    }
    if (kind == PC_CIRCLE) out[2] = r;
    if (kind == PC_CAPSULE) out[4] = r;
    int kind_out = kind == PC_BOX ? PC_POLYGON + 1 : kind;
    if (!firm && pc__polygon_kind(kind_out) && pc__kind(kind_out)->rule(out) != PC_RULE_OK) { /* bent by rounding */
        int ok = 1;
        for (int k = 0; k < 2 * n; k++) ok &= isfinite(out[k]) != 0;
        if (ok) pc__hull_in_place(out, n);
    }
}

/* Whether a polygon (or box) turns at every vertex by far more than
 * rounding can bend it (every cross product of consecutive edges, of one
 * sign, beyond 2^-30 of the largest squared edge): placed in floating
 * point it stays convex, and the steps need not check. */
static int firmly_convex(int kind, const double *row, double magnitude)
{
    if (kind != PC_BOX && !pc__polygon_kind(kind)) return 1;
    double x[PC_POLYGON_MAX], y[PC_POLYGON_MAX], r, big = 0.0, cross[PC_POLYGON_MAX];
    int n = points_of(kind, row, x, y, &r), pos = 0, neg = 0;
    for (int k = 0; k < n; k++) {
        int j = (k + 1) % n, i = (k + 2) % n;
        double ex = x[j] - x[k], ey = y[j] - y[k], fx = x[i] - x[j], fy = y[i] - y[j];
        big = pc__max(big, ex * ex + ey * ey);
        cross[k] = ex * fy - ey * fx;
    }
    for (int k = 0; k < n; k++) {
        pos += cross[k] > 0x1p-30 * big;
        neg += cross[k] < -0x1p-30 * big;
    }
    /* rounding moves a vertex by about 2^-50 of the magnitude: far below 2^-30 of an edge this long */
    return (pos == n || neg == n) && isfinite(big) && big > 0x1p-36 * magnitude * magnitude;
}

/* What one sweep needs: its speed bound and the margins. */
typedef struct {
    double reach, length, speed, magnitude, slack, tol;
    int firm;
    pc__filter f; /* for the placed shape and its target (set by the caller) */
} motion;

static motion motion_of(int kind, const double *row, const double *disp, double turn, const double *pivot)
{
    const double up = 1.0 + 0x1p-40;
    motion m;
    reach_of(kind, row, pivot, &m.reach, &m.magnitude);
    m.reach *= up;
    m.length = hypot(disp[0], disp[1]) * up;
    m.speed = (m.length + fabs(turn) * m.reach) * up;
    m.magnitude = pc__max(m.magnitude, pc__max(fabs(pivot[0]), fabs(pivot[1]))) + m.reach + m.length;
    m.slack = 0x1p-44 * m.magnitude;
    m.tol = 0x1p-20 * (m.reach + m.length) + 4 * m.slack;
    m.firm = firmly_convex(kind, row, m.magnitude);
    return m;
}

/* Conservative advancement against one target (tk, target: a convex shape;
 * or tk < 0: the map's solid) up to tmax: 1 and *t the time where the
 * shape comes within tol (or the last safe time after MAX_STEPS), *safe
 * the last time known apart; 0 where it stays apart up to tmax. */
static int advance(const struct turning_ctx *c, int tk, const double *target, const double *row, const double *disp,
                   double turn, const double *pivot, const motion *m, double tmax, double *t_out, double *safe_out)
{
    const double up = 1.0 + 0x1p-40;
    double placed[2 * PC_POLYGON_MAX], con[7], t = 0.0, safe = 0.0;
    struct turning_ctx one = *c;
    if (tk >= 0) one.map = NULL, one.target_kind = tk;
    int hit = 0;
    for (int step = 0;; step++) {
        place_fast(c->kind, row, disp, turn, pivot, t, m->firm, placed);
        contact_with(&one, &m->f, placed, target, con);
        double gap = con[0] > 0 ? con[0] : 0.0;
        if (gap <= m->tol) {
            hit = 1;
            break;
        }
        if (t >= tmax) break;
        if (step == MAX_STEPS) { /* still closing in: the last safe time, conservatively a hit */
            hit = 1;
            break;
        }
        safe = t;
        double dt = (gap - m->slack) / m->speed;
        if (!one.map && isfinite(con[1]) && isfinite(con[2])) {
            /* two convex shapes: the gap along the contact's normal u bounds
             * their distance from below.  Each point p of the shape moves
             * along u at v_p . u now (v_p = D + rotation perp(p - pivot))
             * and accelerates at most rotation^2 reach, so the gap is at
             * least g - w s - a s^2 / 2 a time s later, w the fastest now */
            double ux = con[1], uy = con[2];
            double along = gap_along(c->kind_placed, placed, tk, target, ux, uy);
            double slack_b = 0x1p-44 * (m->magnitude + pc__magnitude(target, pc_kind_width(tk)));
            double g = along - slack_b;
            if (g > 0) {
                double x[PC_POLYGON_MAX], y[PC_POLYGON_MAX], r;
                int n = points_of(c->kind_placed, placed, x, y, &r);
                double cx = pivot[0] + t * disp[0], cy = pivot[1] + t * disp[1], w = -INFINITY;
                for (int k = 0; k < n; k++)
                    w = pc__max(w, (disp[0] - turn * (y[k] - cy)) * ux + (disp[1] + turn * (x[k] - cx)) * uy);
                w += fabs(turn) * r + 0x1p-40 * (m->length + fabs(turn) * m->reach);
                w = w > 0 ? w * up : w / up;
                double a = turn * turn * m->reach * up * up;
                double root = sqrt(w * w + 2 * a * g) * up, denominator = w + root;
                dt = pc__max(dt, denominator > 0 ? 2 * g / denominator : INFINITY);
            }
        }
        t = pc__min(t + dt, tmax);
    }
    *t_out = t;
    *safe_out = safe;
    return hit;
}

/* Against a map: the first hit over the solid tiles within the sweep's
 * reach of its path (each tile convex: the directional steps apply), at
 * most 4096 of them, else the map's solid as one target.  Returns the hit
 * flag; *t, *safe as advance's. */
static int advance_map(const struct turning_ctx *c, const double *row, const double *disp, double turn,
                       const double *pivot, const motion *m, double *t_out, double *safe_out)
{
    const pc_tilemap *map = c->map;
    double pad = m->reach + 2 * m->slack;
    double x0 = pc__min(pivot[0], pivot[0] + disp[0]) - pad, x1 = pc__max(pivot[0], pivot[0] + disp[0]) + pad;
    double y0 = pc__min(pivot[1], pivot[1] + disp[1]) - pad, y1 = pc__max(pivot[1], pivot[1] + disp[1]) + pad;
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    int64_t ilo, ihi, jlo, jhi;
    if (!pc__cells(&ax, x0, x1, &jlo, &jhi) || !pc__cells(&ay, y0, y1, &ilo, &ihi)) {
        *t_out = 1.0, *safe_out = 1.0;
        return 0;
    }
    if ((ihi - ilo + 1) > 4096 / (jhi - jlo + 1))
        return advance(c, -1, NULL, row, disp, turn, pivot, m, 1.0, t_out, safe_out);
    double best = 1.0, best_safe = 1.0;
    int hit = 0;
    for (int64_t i = ilo; i <= ihi; i++)
        for (int64_t j = jlo; j <= jhi; j++) {
            double tile[6], t, safe;
            int tk = pc__tile_shape(map, i, j, tile);
            if (tk < 0) continue;
            if (advance(c, tk, tile, row, disp, turn, pivot, m, best, &t, &safe) && (!hit || t < best)) {
                best = t, best_safe = safe;
                hit = 1;
            }
        }
    *t_out = best;
    *safe_out = hit ? best_safe : 1.0;
    return hit;
}

/* One sweep: out = time, normal (2), point (2). */
static void sweep_one(const struct turning_ctx *c, const double *row, const double *disp, double turn,
                      const double *pivot, const double *target, double *out)
{
    motion m = motion_of(c->kind, row, disp, turn, pivot);
    /* every placement's coordinates stay within the magnitude (up to its
     * rounding), the target's (a tile's) within its own (the map's) */
    double tm = c->map ? c->map->magnitude : pc__magnitude(target, pc_kind_width(c->target_kind));
    m.f = pc__filter_for(pc__max(m.magnitude * (1 + 0x1p-30), tm));
    /* the distances err by a few units in the last place of both shapes' magnitudes */
    m.slack = 0x1p-44 * pc__max(m.magnitude, tm);
    m.tol = 0x1p-20 * (m.reach + m.length) + 4 * m.slack;
    double placed[2 * PC_POLYGON_MAX], con[7], t, safe;
    int hit = c->map ? advance_map(c, row, disp, turn, pivot, &m, &t, &safe)
                     : advance(c, c->target_kind, target, row, disp, turn, pivot, &m, 1.0, &t, &safe);
    out[0] = 1.0;
    for (int k = 1; k < 5; k++) out[k] = NAN;
    if (!hit) return;
    pc__place_turned(c->kind, row, disp, turn, pivot, t, placed); /* as the user places it */
    contact_with(c, &m.f, placed, target, con);
    int inside = c->map ? pc__map_overlaps_any(c->map, c->kind_placed, placed, PC_STRICT)
                        : pc_overlap(c->kind_placed, placed, c->target_kind, target, PC_STRICT) == 1;
    if (t > 0 && inside) { /* never: the steps keep a margin of the rounding; should it, the last safe time */
        t = safe;
        pc__place_turned(c->kind, row, disp, turn, pivot, t, placed);
        contact_with(c, &m.f, placed, target, con);
    }
    out[0] = t;
    if (isfinite(con[1]) && isfinite(con[2])) {
        out[1] = 0.0 - con[1]; /* back at the moving shape */
        out[2] = 0.0 - con[2];
        out[3] = con[5];
        out[4] = con[6];
    } else { /* buried in a solid with no way out: against the motion, at the pivot */
        double len = hypot(disp[0], disp[1]);
        out[1] = len > 0 ? 0.0 - disp[0] / len : 0.0;
        out[2] = len > 0 ? 0.0 - disp[1] / len : 1.0;
        out[3] = pivot[0] + t * disp[0];
        out[4] = pivot[1] + t * disp[1];
    }
}

static void turning_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct turning_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        sweep_one(c, (const double *)(p[0] + i * s[0]), (const double *)(p[1] + i * s[1]),
                  *(const double *)(p[2] + i * s[2]), (const double *)(p[3] + i * s[3]),
                  c->map ? NULL : (const double *)(p[4] + i * s[4]), (double *)(p[5] + i * s[5]));
}

int pc_sweep_turning(int kind, const double *shapes, const double *displacements, const double *rotations,
                     const double *pivots, int64_t n, int target_kind, const double *targets, const pc_tilemap *map,
                     double *out, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind) || (!map && !pc__is_shape(target_kind))) return PC_ERR_KIND;
    if (n < 0 || (n > 0 && (!shapes || !displacements || !rotations || !pivots || !out || (!map && !targets))))
        return PC_ERR_ARG;
    if (n == 0) return PC_OK;
    pc__fpenv env = pc__fp_enter();
    struct turning_ctx ctx = {kind, kind == PC_BOX ? PC_POLYGON + 1 : kind, target_kind, map};
    int64_t shape[1] = {n}, sw[1] = {pc_kind_width(kind)}, s2[1] = {2}, s1[1] = {1}, s5[1] = {5};
    int64_t st[1] = {map ? 0 : pc_kind_width(target_kind)};
    const double *tp = map ? shapes : targets; /* a tile map: an operand never read */
    const void *ptrs[6] = {shapes, displacements, rotations, pivots, tp, out};
    const int64_t *strides[6] = {sw, s2, s1, s2, st, s5};
    int rc = pc__batch(1, shape, 6, ptrs, strides, 0u, turning_inner, &ctx, threads, 16, cancel);
    pc__fp_leave(env);
    return rc;
}
