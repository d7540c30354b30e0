/*
 * Tile maps (internal; tilemap.c): the grid, exact cell lookups, and the
 * tile-map tests the other queries (raycast.c, sweep.c, sweepshape.c,
 * depenetrate.c, world.c) call.
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

#include "pycollide.h"

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
/* The cell of an axis holding v, or the nearest one when v is off the grid. */
int64_t pc__map_cell_of(const pc__axis *ax, double v);

/* Where (px, py), a point on the solid's boundary (within rounding), lies
 * inside one of its merged edges (not at an end: a corner of the boundary),
 * that face's outward unit normal into (*nx, *ny), the same at every point
 * of the face, and 1; else 0.  What a hit on a seam between two solid tiles
 * (a tile's corner in the middle of a floor) reports as its normal. */
int pc__map_face_normal(const pc_tilemap *map, double px, double py, double *nx, double *ny);

/* Whether the map struct is usable (pointers and sizes). */
int pc__map_ok(const pc_tilemap *m);

#endif
