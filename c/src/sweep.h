/*
 * Sweeps (internal; sweep.c): the earliest touch of a moving shape
 * (pc__toi) and how a hit is taken into it, the placement contract every
 * sweep's time keeps (pc__settle), and swept circles against shapes and
 * tile maps.  Read by every query that moves a shape (sweepshape.c, cast.c,
 * world.c, motion.c, slide.c, collide.c).
 */
#ifndef PC_SWEEP_H
#define PC_SWEEP_H

#include <math.h>
#include <stdint.h>

#include "core.h"
#include "predicates.h"

/* The earliest touch of a moving shape found so far: time t in [0, 1], a
 * unit normal and the touching point on the target.  The normal here (and in
 * every internal user: advance, collide, slide, pc__respond) points FROM THE
 * MOVER TOWARD THE TARGET; the public sweep entry points write its negation
 * (pc__toi_write), the surface normal of what was hit, pointing back at the
 * mover. */
typedef struct {
    int hit;
    int near; /* some solid tile may come within reach of the path (else the whole path is clear) */
    double t, nx, ny, px, py;
    int64_t cell;       /* a tile map's flat cell (row * cols + col) or a tree's item index of the hit, -1 when none */
    int part;           /* a world's part of the hit, -1 when none */
    int rough;          /* asked by the caller: shapes' times as estimated, unsettled (pc__world_sweep_rough) */
    const double *edge; /* an outline's edge hit (4 doubles: its ends), NULL for anything else */
} pc__toi;

static inline void pc__toi_init(pc__toi *h)
{
    h->hit = 0;
    h->near = 0;
    h->t = 1.0;
    h->cell = -1;
    h->part = -1;
    h->rough = 0;
    h->edge = NULL;
    h->nx = h->ny = h->px = h->py = NAN;
}

/* The five public doubles of a sweep (sweep.c): time (1 when none), the
 * surface normal (the negation of h's) and the point; NaN normal and point
 * when none. */
void pc__toi_write(const pc__toi *h, double *out);

/* The row written for a sweep whose moving shape would leave the doubles
 * (some coordinate plus the displacement is not finite): n NaNs. */
void pc__toi_write_nan(double *out, int n);

/* The placement contract.  A moving shape placed at time t is the row of
 * pc__place_at: as pc_transform places it (each coordinate plus the rounded
 * t D, rounded once).  How it stands against what it is swept against,
 * exactly: */
enum { PC__APART = 0, PC__TOUCH = 1, PC__INSIDE = 2 };
typedef int (*pc__stand_fn)(const void *ctx, double t);

/* The motion a stand function places its shape by: kind, layout row a and
 * D.  How the shape stands is a function of the row pc__place_at places, so
 * two times that place it alike stand alike: the searches below test each
 * placement once (most of the doubles t near a hit place the shape alike). */
typedef struct {
    int kind;
    const double *a;
    double dx, dy;
} pc__motion;

/* The time of a hit from a floating-point estimate est in [0, 1] (sweep.c;
 * at(0) must be apart): est when the shape placed there touches the target;
 * when it is inside, the last double below est at which it is not (touching,
 * or apart where it goes from apart to inside between two doubles); when it
 * is apart, the first later double at which it touches, or the one before
 * when it is inside there; est itself when no double near it touches (a
 * contact without area passed between two doubles, or a near graze).  Never
 * one at which it is inside. */
double pc__settle(pc__stand_fn at, const void *ctx, const pc__motion *mv, double est);

/* t, or when the shape placed at t is inside (and t > 0) but not at 0, the
 * last double below t at which it is not, found by bisection (sweep.c). */
double pc__settle_down(pc__stand_fn at, const void *ctx, const pc__motion *mv, double t);

/* As pc__settle_down, but 0 when the shape is inside at 0 too, and coarser:
 * a time at which the shape is not inside, below a time at which it is by
 * less than a quarter of an ulp of its coordinates' motion (its placement is
 * the last one not inside, or one a rounding of a coordinate away) (sweep.c). */
double pc__settle_out(pc__stand_fn at, const void *ctx, const pc__motion *mv, double t);

/* The sweep of the circle (c, r) by D against a tile map's solid region: the
 * earliest hit over its tiles (see sweep.c for what a hit is). */
void pc__sweep_map(pc__toi *h, const pc_tilemap *map, double cx, double cy, double r, double dx, double dy);

/* Into h (sweep.c): the time t when it is a hit no later than h's (at equal
 * times the first one taken stays). */
void pc__toi_take(pc__toi *h, double t, double nx, double ny, double px, double py);

/* pc__toi_take for a hit at time t whose floating-point normal may have come
 * out NaN or zero (degenerate geometry): then along D, the direction of the
 * motion into the target; a point that came out non-finite: (cx, cy), a point
 * of the mover, placed at t (sweep.c).  No hit carries a NaN. */
void pc__toi_take_hit(pc__toi *h, double t, double nx, double ny, double px, double py, double cx, double cy, double dx,
                      double dy);

/* The sweep of the circle (c, r) by D (to fl(c + D)) against one shape
 * (kind, row), into h (sweep.c); f bounds every value, c + D included. */
void pc__sweep_circle(pc__toi *h, const pc__filter *f, double cx, double cy, double r, double dx, double dy, int kind,
                      const double *row);

/* The cores in[0 .. count) taken relative to (ox, oy) and scaled by a power
 * of 2 that brings the largest of their distances from it and r plus their
 * radii into [1, 2), into out; returns the scale (every length of the
 * problem times it).  Huge coordinates are first scaled down, exactly, so
 * that no difference overflows.  Floating-point geometry on the scaled
 * problem neither overflows nor vanishes, and gives the same results, bit for
 * bit, at every power-of-2 scale of the input (short of subnormals) (sweep.c). */
double pc__normalized(int count, const pc__hull *in, pc__hull *out, double ox, double oy, double r);

/* Floating point only: the first time the circle (c, r) moving by D meets the
 * core k grown by k->R, into h, for a path known to meet it (sweep.c). */
void pc__toi_hull(pc__toi *h, const pc__hull *k, double cx, double cy, double dx, double dy, double r);
/* pc__toi_hull on a problem normalized already (pc__normalized: every value
 * about 1 or less), without normalizing it again (sweep.c). */
void pc__toi_hull_normalized(pc__toi *h, const pc__hull *k, double cx, double cy, double dx, double dy, double r);

#endif
