/*
 * Motion through a world (pc_world_advance; pc_tilemap_advance is its world
 * of one tile map): each circle repeats sweep, move, respond until its time
 * step is used up, and on request records each impact in its own rows (so
 * that the rows never depend on threads).  A circle that starts a
 * rounding error deep in the world is moved out first (pc__start_free).
 *
 * Two exact checks keep the promises that floating point alone cannot: after
 * every move the circle's interior must not overlap a solid tile (exact
 * kernels); when it would, by rounding, the move is shortened by bisection
 * toward the start, which is known to be free.  With restitution <= 1 the new
 * velocity's squared length must not exceed the old one's (exact comparison);
 * when rounding makes it, the new velocity shrinks by an ulp until it does not.
 */
#include <float.h>
#include <string.h>

#include "depenetrate.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "motion.h"
#include "sweep.h"
#include "sweepshape.h"
#include "walk.h"
#include "world.h"

struct advance_ctx {
    const pc__world *world;
    double dt;
    int max_bounces;
    int count;   /* bounces given */
    int impacts; /* impacts asked for */
    int masses;  /* masses given (else r^2) */
};

/* The velocity after an impact with unit normal n (from the circle toward the
 * wall). */
void pc__respond(double *vx, double *vy, double nx, double ny, double e, double mu)
{
    double ux = *vx, uy = *vy, vn = ux * nx + uy * ny;
    if (!(vn > 0.0)) return; /* not approaching: nothing to reflect */
    double tx = ux - vn * nx, ty = uy - vn * ny, vt = hypot(tx, ty);
    double keep = 1.0;
    if (vt > 0.0 && mu > 0.0) keep = pc__max(0.0, 1.0 - mu * (1.0 + e) * vn / vt);
    double wx = tx * keep - e * vn * nx, wy = ty * keep - e * vn * ny;
    /* no speed from rounding (restitution <= 1): shrink by ulps until |w| <= |u| exactly */
    while (pc__sumsq_cmp(wx, wy, ux, uy) > 0) {
        wx = nextafter(wx, 0.0);
        wy = nextafter(wy, 0.0);
    }
    *vx = wx + 0.0;
    *vy = wy + 0.0;
}

double pc__move_free(const pc__world *w, int kind, double *c, double dx, double dy, double t)
{
    /* placed as pc__place_at places (a polygon that rounding bent made convex again) */
    double start[PC_ROW_MAX];
    memcpy(start, c, (size_t)pc_kind_width(kind) * sizeof(double));
    const pc__union_stand_ctx ctx = {kind, start, dx, dy, w, pc__world_inside};
    const pc__motion mv = {kind, start, dx, dy};
    double s = pc__settle_out(pc__union_stand, &ctx, &mv, t);
    pc__place_at(kind, start, dx, dy, s, c);
    return s;
}

void pc__impact(double *row, double time, int64_t other, int part, int64_t index, double px, double py, double nx,
                double ny, double impulse)
{
    row[0] = time;
    row[1] = (double)other;
    row[2] = (double)part;
    row[3] = (double)index;
    row[4] = px;
    row[5] = py;
    row[6] = nx + 0.0;
    row[7] = ny + 0.0;
    row[8] = impulse;
}

void pc__impacts_clear(double *impacts, int64_t rows)
{
    for (int64_t k = 0; k < rows; k++) impacts[PC_IMPACT_DOUBLES * k] = NAN; /* NaN time: no impact */
}

double pc__wall_impulse(double mass, double r, double vx, double vy, double wx, double wy, double nx, double ny)
{
    double dv = (vx - wx) * nx + (vy - wy) * ny;
    if (!(dv > 0.0)) return 0.0;
    return mass > 0.0 ? mass * dv : r * (r * dv); /* r (r dv): no overflow of r^2 alone */
}

int pc__masses_ok(const double *masses, int64_t n)
{
    for (int64_t k = 0; masses && k < n; k++)
        if (!(isfinite(masses[k]) && masses[k] > 0.0)) return 0;
    return 1;
}

/* Returns 0, or -1 when the circle starts deeper inside the solid than a
 * rounding error, -2 when a move would leave the doubles (then the circle
 * stays where it got to).  e and mu: its restitution and friction; ev: room
 * for its impacts (NULL: none asked for), their impulses with mass m (0:
 * r^2). */
static int advance_one(const struct advance_ctx *a, double *c, double *v, int64_t *bounces, double e, double mu,
                       double *ev, double m)
{
    if (ev) pc__impacts_clear(ev, a->max_bounces);
    if (!pc__start_free(a->world, PC_CIRCLE, c)) return -1; /* starts inside: left alone, and reported */
    double left = a->dt;                                    /* time still to move */
    int hits = 0;
    while (left > 0.0 && (v[0] != 0.0 || v[1] != 0.0)) {
        double dx = v[0] * left, dy = v[1] * left;
        if (!isfinite(c[0] + dx) || !isfinite(c[1] + dy)) return -2;
        pc__toi h;
        pc__world_sweep(a->world, PC_CIRCLE, c, dx, dy, &h);
        if (!h.near) { /* no tile within reach of the whole path: the end is free */
            c[0] += dx;
            c[1] += dy;
            return 0;
        }
        double t = pc__move_free(a->world, PC_CIRCLE, c, dx, dy, h.hit ? h.t : 1.0);
        if (!h.hit) return 0;
        double vx = v[0], vy = v[1], rest = left * (1.0 - t); /* the time left after the impact */
        pc__respond(&v[0], &v[1], h.nx, h.ny, e, mu);
        if (ev)
            pc__impact(ev + PC_IMPACT_DOUBLES * hits, a->dt - rest, -1, h.part, h.cell, h.px, h.py, -h.nx, -h.ny,
                       pc__wall_impulse(m, c[2], vx, vy, v[0], v[1], h.nx, h.ny));
        hits++;
        if (bounces) (*bounces)++;
        if (hits >= a->max_bounces) return 0;
        left = rest;
    }
    return 0;
}

static void advance_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct advance_ctx *a = vctx;
    for (int64_t i = 0; i < n; i++) {
        int64_t *b = a->count ? (int64_t *)(p[2] + i * s[2]) : NULL;
        double *ev = a->impacts ? (double *)(p[6] + i * s[6]) : NULL;
        double m = a->masses ? *(const double *)(p[5] + i * s[5]) : 0.0;
        int rc = advance_one(a, (double *)(p[0] + i * s[0]), (double *)(p[1] + i * s[1]), b,
                             *(const double *)(p[3] + i * s[3]), *(const double *)(p[4] + i * s[4]), ev, m);
        if (rc < 0 && b) *b = rc;
    }
}

/* ---- the batch ------------------------------------------------------------- */

int pc__responses_ok(const double *restitution, int64_t restitution_stride, const double *friction,
                     int64_t friction_stride, int64_t n)
{
    if (!restitution || !friction || restitution_stride < 0 || friction_stride < 0) return 0;
    for (int64_t k = 0; k < (restitution_stride ? n : n > 0); k++) {
        double e = restitution[k * restitution_stride];
        if (!(e >= 0.0 && e <= 1.0)) return 0;
    }
    for (int64_t k = 0; k < (friction_stride ? n : n > 0); k++) {
        double mu = friction[k * friction_stride];
        if (!isfinite(mu) || mu < 0.0) return 0;
    }
    return 1;
}

int pc__impacts_fit(int64_t n, int max_bounces)
{
    return max_bounces >= 1 && n <= INT64_MAX / PC_IMPACT_DOUBLES / 8 / max_bounces;
}

static int world_advance(const pc_world_part *parts, int nparts, double *circles, double *velocities,
                         const double *masses, int64_t *bounces, int64_t n, double dt, const double *restitution,
                         int64_t se, const double *friction, int64_t smu, int max_bounces, double *impacts, int threads,
                         const volatile int *cancel)
{
    pc__world w;
    if (pc__world_of(&w, parts, nparts) != PC_OK || !circles || !velocities) return PC_ERR_ARG;
    if (n < 0 || !isfinite(dt) || dt < 0.0 || max_bounces < 1 || !pc__responses_ok(restitution, se, friction, smu, n))
        return PC_ERR_ARG;
    if (impacts && (!pc__impacts_fit(n, max_bounces) || !pc__masses_ok(masses, n))) return PC_ERR_ARG;
    if (n == 0) return PC_OK;
    int with_masses = impacts && masses;
    struct advance_ctx ctx = {&w, dt, max_bounces, bounces != NULL, impacts != NULL, with_masses};
    int64_t shape[1] = {n};
    int64_t sc[1] = {3 * 8}, sv[1] = {2 * 8}, sb[1] = {bounces ? 8 : 0}, sr[1] = {8 * se}, sf[1] = {8 * smu},
            sm[1] = {with_masses ? 8 : 0}, si[1] = {impacts ? 8 * PC_IMPACT_DOUBLES * (int64_t)max_bounces : 0};
    const int64_t *strides[7] = {sc, sv, sb, sr, sf, sm, si};
    /* operands not given (bounces, masses, impacts) are unused aliases of circles */
    const void *ptrs[7] = {circles,
                           velocities,
                           bounces ? (void *)bounces : (void *)circles,
                           restitution,
                           friction,
                           with_masses ? (const void *)masses : (const void *)circles,
                           impacts ? (void *)impacts : (void *)circles};
    return pc__batch(1, shape, 7, ptrs, strides, 127u, advance_inner, &ctx, threads, PC_MOTION_CHUNK, cancel);
}

int pc_world_advance(const pc_world_part *parts, int nparts, double *circles, double *velocities, const double *masses,
                     int64_t *bounces, int64_t n, double dt, const double *restitution, int64_t restitution_stride,
                     const double *friction, int64_t friction_stride, int max_bounces, double *impacts, int threads,
                     const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    int rc = world_advance(parts, nparts, circles, velocities, masses, bounces, n, dt, restitution, restitution_stride,
                           friction, friction_stride, max_bounces, impacts, threads, cancel);
    pc__fp_leave(env);
    return rc;
}

int pc_tilemap_advance(const pc_tilemap *map, double *circles, double *velocities, int64_t *bounces, int64_t n,
                       double dt, double restitution, double friction, int max_bounces, int threads,
                       const volatile int *cancel)
{
    if (!map) return PC_ERR_ARG;
    pc_world_part part = {map, NULL, 0, 0.0, 0, {0.0, 0.0}, NULL};
    return pc_world_advance(&part, 1, circles, velocities, NULL, bounces, n, dt, &restitution, 0, &friction, 0,
                            max_bounces, NULL, threads, cancel);
}

/* (x, y) less its part pointing into a wall of unit normal n (from the box
 * toward the wall), never longer, and never pointing into the wall, so that
 * the next sweep does not meet it at once (and a mover's plane solver keeps
 * it).  Along an axis normal the part into the wall is dropped exactly (a
 * normal a rounding error short of unit length, as a round shape's contact
 * gives, would otherwise leave an ulp of it).  Along a slanted wall the
 * rounded projection may point into the wall by a few ulps of (x, y) (not of
 * the projection, which may be far shorter): it is tilted away from the wall
 * by 2^-49 of (x, y), more than that rounding. */
void pc__slide_along(double *x, double *y, double nx, double ny)
{
    double ux = *x, uy = *y;
    if (!(ux * nx + uy * ny > 0.0)) return; /* not into the wall */
    if (nx == 0.0 || ny == 0.0) {
        if (nx == 0.0) *y = 0.0;
        if (ny == 0.0) *x = 0.0;
        return;
    }
    pc__respond(x, y, nx, ny, 0.0, 0.0);
    if (*x == 0.0 && *y == 0.0) return;
    double m = pc__max(fabs(ux), fabs(uy)) * 0x1p-49, wx = *x - m * nx, wy = *y - m * ny;
    while (pc__sumsq_cmp(wx, wy, ux, uy) > 0) {
        wx = nextafter(wx, 0.0);
        wy = nextafter(wy, 0.0);
    }
    *x = wx + 0.0;
    *y = wy + 0.0;
}
