/*
 * Tile maps and swept circles (internal): what tilemap.c and sweep.c share.
 */
#ifndef PC_TILES_H
#define PC_TILES_H

#include <math.h>
#include <stdint.h>

#include "kernels.h"

/* Grid coordinate k of an axis starting at o with step s: o + k s rounded
 * once (fma rounds the exact value). */
static inline double pc__grid(double o, int64_t k, double s) { return fma((double)k, s, o); }

/* Margin, in tile units, by which cell ranges computed in floating point are
 * widened: far above the rounding error of (x - o) / s for any map below 10^8
 * tiles, far below a tile. */
#define PC_CELL_SLACK 1e-7

/* The cells [lo, hi] along one axis of n cells whose closed extent may meet
 * [a, b] (grid units; a <= b).  Returns 0 when the range is empty. */
static inline int pc__cell_range(double a, double b, int64_t n, int64_t *lo, int64_t *hi)
{
    double l = floor(a - PC_CELL_SLACK), h = floor(b + PC_CELL_SLACK);
    if (!(h >= 0.0) || !(l <= (double)(n - 1))) return 0;
    *lo = l < 0.0 ? 0 : (int64_t)l;
    *hi = h > (double)(n - 1) ? n - 1 : (int64_t)h;
    return 1;
}

/* The shape of tile (i, j) as a layout row; returns its kind (PC_BOX or
 * PC_TRIANGLE), or -1 for an empty tile. */
int pc__tile_shape(const pc_tilemap *m, int64_t i, int64_t j, double *row);

/* 1 if the circle (layout row) overlaps a solid tile in mode m: exact. */
int pc__map_overlaps(const pc_tilemap *map, const double *circle, int m);

/* The contact of a circle with the solid region: 7 doubles as pc_contact_batch. */
void pc__map_contact(const pc_tilemap *map, const double *circle, double *out);

/* The earliest touch of a moving circle (centre c + t D, radius R) found so
 * far: time t in [0, 1], the unit normal from the circle toward the target
 * and the touching point on the target. */
typedef struct {
    int hit;
    int sure;   /* some feature is hit with a wide margin (not near a graze, a start touch or t = 1) */
    int unsure; /* some feature's hit or miss is near such a boundary */
    double t, nx, ny, px, py;
} pc__toi;

static inline void pc__toi_init(pc__toi *h)
{
    h->hit = h->sure = h->unsure = 0;
    h->t = 1.0;
    h->nx = h->ny = h->px = h->py = NAN;
}

/* Against the disk of radius R around the point v (the circle's centre
 * against the Minkowski sum), and against a segment swelled by R: both ends,
 * and both sides, or with one_sided only its right side (a tile map's edge:
 * the solid is on its left). */
void pc__toi_vertex(pc__toi *h, double cx, double cy, double dx, double dy, double R, double vx, double vy);
void pc__toi_edge(pc__toi *h, double cx, double cy, double dx, double dy, double R,
                  double ax, double ay, double bx, double by, int one_sided);

/* Against the tile map's boundary edges near the path (floating point). */
void pc__toi_map(pc__toi *h, const pc_tilemap *map, double cx, double cy, double r, double dx, double dy);

/* The whole sweep against a tile map: pc__toi_map, with whether it hits at
 * all decided exactly (see sweep.c). */
void pc__sweep_map(pc__toi *h, const pc_tilemap *map, double cx, double cy, double r, double dx, double dy);

#endif
