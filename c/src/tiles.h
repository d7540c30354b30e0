/*
 * Tile maps (internal): the grid, exact cell lookups, and what the tile-map
 * queries (tilemap.c, raycast.c, sweep.c, motion.c) share.
 *
 * The geometry is the tiles whose corners are the rounded grid coordinates
 * X_k = fl(ox + k s) and Y_k = fl(oy + k s) (pc__grid), as TileMap.edges shows
 * them.  Rounding is monotone, so X_k never decreases with k, but when s is
 * small beside |ox| several corners may round to one double (zero-width
 * tiles) and a corner may sit many tiles' worth away from ox + k s.  No
 * lookup therefore trusts (x - ox) / s: it is only a first guess, which
 * pc__cells corrects with exact comparisons against the corners themselves.
 */
#ifndef PC_TILES_H
#define PC_TILES_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core.h"
#include "kernels.h"

/* Grid coordinate k of an axis starting at o with step s: o + k s rounded
 * once (fma rounds the exact value). */
static inline double pc__grid(double o, int64_t k, double s) { return fma((double)k, s, o); }

/* The next double below / above x (-inf stays -inf, +inf steps to DBL_MAX,
 * NaN stays NaN): fl(a op b) stepped once outward bounds the exact a op b,
 * also when it overflowed. */
static inline double pc__down(double x)
{
    if (!(x > -INFINITY)) return x;
    if (x == 0.0) return -0x1p-1074;
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    b = x > 0 ? b - 1 : b + 1;
    memcpy(&x, &b, sizeof x);
    return x;
}

static inline double pc__up(double x) { return -pc__down(-x); }

/* One axis of the grid: n cells, corner k at pc__grid(o, k, s). */
typedef struct {
    double o, s, inv; /* inv: 1 / s, for first guesses only */
    int64_t n;
} pc__axis;

static inline pc__axis pc__axis_x(const pc_tilemap *m)
{
    pc__axis a = {m->ox, m->tile_size, 1.0 / m->tile_size, m->cols};
    return a;
}

static inline pc__axis pc__axis_y(const pc_tilemap *m, const pc__axis *x)
{
    pc__axis a = {m->oy, m->tile_size, x->inv, m->rows};
    return a;
}

/* The cells [lo, hi] of an axis whose closed extent [X_k, X_k+1] meets the
 * closed interval [a, b] (a <= b; infinite ends allowed).  Exact.  Returns 0
 * when there is none. */
int pc__cells(const pc__axis *ax, double a, double b, int64_t *lo, int64_t *hi);

/* The shape of tile (i, j) as a layout row; returns its kind (PC_BOX or
 * PC_TRIANGLE), or -1 for an empty tile. */
int pc__tile_shape(const pc_tilemap *m, int64_t i, int64_t j, double *row);

/* Is the side of tile (i, j) facing (dx, dy) (one of the four axis
 * directions) part of the solid's boundary, rather than a face shared with a
 * solid neighbour? */
int pc__tile_side_open(const pc_tilemap *m, int64_t i, int64_t j, int dx, int dy);

/* Is that side a whole face shared with a solid neighbour (inside the union)? */
int pc__tile_side_shared(const pc_tilemap *m, int64_t i, int64_t j, int dx, int dy);

/* Is that side a whole face of the tile (any neighbour; 0 for an empty
 * tile or a cell outside the map)? */
int pc__tile_full_side(const pc_tilemap *m, int64_t i, int64_t j, int dx, int dy);

/* 1 if the point (x, y) lies in a solid tile (closed), with that tile's row
 * and column in *ti, *tj (may be NULL).  Exact. */
int pc__point_in_solid(const pc_tilemap *map, double x, double y, int64_t *ti, int64_t *tj);

/* 1 if the circle (layout row) overlaps a solid tile in mode m: exact. */
int pc__map_overlaps(const pc_tilemap *map, const double *circle, int m);

/* pc__map_overlaps for a shape of any kind (layout row a): exact.  Strictly
 * (m), its interior meets the union's, or, without an interior, it lies in
 * the union's interior (on a face between two solid tiles too). */
int pc__map_overlaps_any(const pc_tilemap *map, int ka, const double *a, int m);

/* The contact of a circle with the solid region: 7 doubles as pc_contact_batch. */
void pc__map_contact(const pc_tilemap *map, const double *circle, double *out);

/* Where (px, py), a point on the solid's boundary (within rounding), lies
 * inside one of its merged edges (not at an end: a corner of the boundary),
 * that face's outward unit normal into (*nx, *ny), the same at every point
 * of the face, and 1; else 0.  What a hit on a seam between two solid tiles
 * (a tile's corner in the middle of a floor) reports as its normal. */
int pc__map_face_normal(const pc_tilemap *map, double px, double py, double *nx, double *ny);

/* Whether the map struct is usable (pointers and sizes). */
int pc__map_ok(const pc_tilemap *m);

/* ---- sweeps (sweep.c, sweepshape.c), shared with motion.c ------------------ */

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
    int64_t cell; /* a tile map's flat cell (row * cols + col) or a tree's item index of the hit, -1 when none */
    int part;     /* a world's part of the hit, -1 when none */
} pc__toi;

static inline void pc__toi_init(pc__toi *h)
{
    h->hit = 0;
    h->near = 0;
    h->t = 1.0;
    h->cell = -1;
    h->part = -1;
    h->nx = h->ny = h->px = h->py = NAN;
}

/* The five public doubles of a sweep (sweep.c): time (1 when none), the
 * surface normal (the negation of h's) and the point; NaN normal and point
 * when none. */
void pc__toi_write(const pc__toi *h, double *out);
/* The row written for a sweep whose moving shape would leave the doubles
 * (some coordinate plus the displacement is not finite): n NaNs. */
void pc__toi_write_nan(double *out, int n);
/* Does every coordinate of the shape (kind, layout row a), moved by D, stay
 * finite?  (sweepshape.c) */
int pc__moved_finite(int kind, const double *a, double dx, double dy);

/* The placement contract.  A moving shape placed at time t is the row of
 * pc__place_at: as pc_transform places it (each coordinate plus the rounded
 * t D, rounded once).  How it stands against what it is swept against,
 * exactly: */
enum { PC__APART = 0, PC__TOUCH = 1, PC__INSIDE = 2 };
typedef int (*pc__stand_fn)(const void *ctx, double t);
/* The row of kind ka at a placed at time t of D, as pc_transform places it
 * (a polygon whose rounded vertices turn both ways: their hull) (sweepshape.c). */
void pc__place_at(int ka, const double *a, double dx, double dy, double t, double *out);
/* A shape (kind ka, row a) placed at time t of D against one shape (kind kb,
 * row b; f bounds both and the placed row): PC__APART, PC__TOUCH or
 * PC__INSIDE (sweepshape.c). */
typedef struct {
    const pc__filter *f;
    int ka;
    const double *a;
    int kb;
    const double *b;
    double dx, dy;
} pc__pair_stand_ctx;
int pc__pair_stand(const void *ctx, double t);
/* A shape (kind ka, row a) placed at time t of D against a union (a tile
 * map's solid region, a tree's items, a world), by the union's exact strict
 * test inside(target, kind, row): PC__INSIDE or PC__APART (sweepshape.c). */
typedef struct {
    int ka;
    const double *a;
    double dx, dy;
    const void *target;
    int (*inside)(const void *target, int kind, const double *row);
} pc__union_stand_ctx;
int pc__union_stand(const void *ctx, double t);
/* the strict test of a tile map (a const pc_tilemap *) for pc__union_stand */
int pc__map_inside(const void *map, int kind, const double *row);

/* The time of a hit from a floating-point estimate est in [0, 1] (sweep.c;
 * at(0) must be apart): est when the shape placed there touches the target;
 * when it is inside, the last double below est at which it is not (touching,
 * or apart where it goes from apart to inside between two doubles); when it
 * is apart, the first later double at which it touches, or the one before
 * when it is inside there; est itself when no double near it touches (a
 * contact without area passed between two doubles, or a near graze).  Never
 * one at which it is inside. */
double pc__settle(pc__stand_fn at, const void *ctx, double est);
/* t, or when the shape placed at t is inside (and t > 0) but not at 0, the
 * last double below t at which it is not, found by bisection (sweep.c). */
double pc__settle_down(pc__stand_fn at, const void *ctx, double t);

/* The contact of two layout rows as pc_contact (7 doubles), computed on
 * copies scaled by a power of 2 where the values are far from 1, so that
 * nothing overflows or vanishes (sweepshape.c). */
void pc__contact_scaled(int ka, const double *a, int kb, const double *b, double *out);

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
void pc__toi_take_hit(pc__toi *h, double t, double nx, double ny, double px, double py, double cx, double cy,
                      double dx, double dy);
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

/* The sweep of a shape of kind ka (layout row a) moving by D against one
 * shape (kind kb, row b), or against a tile map's solid region: into h, the
 * hit no later than h's (sweepshape.c).  f bounds every value, a + D
 * included. */
void pc__sweep_any(pc__toi *h, const pc__filter *f, int ka, const double *a, double dx, double dy, int kb,
                   const double *b);
void pc__sweep_map_any(pc__toi *h, const pc_tilemap *map, int ka, const double *a, double dx, double dy);
/* A mover without interior (core A: a point or a segment, radius 0) moving
 * exactly along a grid line (dx = 0 with every x of A on it, or dy = 0 with
 * every y): the faces shared by two solid tiles on that line (within rows
 * i0..i1 and columns j0..j1) are inside the union, which no tile alone shows;
 * each pair of tiles across such a face is swept as one convex polygon (their
 * union), into h (sweepshape.c).  Any other mover: nothing. */
void pc__sweep_seams(pc__toi *h, const pc_tilemap *map, const pc__filter *f, int ka, const double *a,
                     const pc__hull *A, double dx, double dy, int64_t i0, int64_t i1, int64_t j0, int64_t j1);

#endif
