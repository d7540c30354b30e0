/*
 * Swept shapes of every kind (internal; sweepshape.c): placing a moving
 * shape at a time, how it stands against a shape or a union there, and its
 * sweep against a shape or a tile map (faces between solid tiles included).
 */
#ifndef PC_SWEEPSHAPE_H
#define PC_SWEEPSHAPE_H

#include <stdint.h>

#include "core.h"
#include "predicates.h"
#include "sweep.h"

/* Does every coordinate of the shape (kind, layout row a), moved by D, stay
 * finite?  (sweepshape.c) */
int pc__moved_finite(int kind, const double *a, double dx, double dy);

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

/* The contact of two layout rows as pc_contact (7 doubles), computed on
 * copies scaled by a power of 2 where the values are far from 1, so that
 * nothing overflows or vanishes (sweepshape.c). */
void pc__contact_scaled(int ka, const double *a, int kb, const double *b, double *out);

/* The sweep of a shape of kind ka (layout row a) moving by D against one
 * shape (kind kb, row b), or against a tile map's solid region: into h, the
 * hit no later than h's (sweepshape.c).  f bounds every value, a + D
 * included. */
void pc__sweep_any(pc__toi *h, const pc__filter *f, int ka, const double *a, double dx, double dy, int kb,
                   const double *b);
/* Against a tile map's solid region; rough: as pc__world_sweep_rough. */
void pc__sweep_map_any(pc__toi *h, const pc_tilemap *map, int ka, const double *a, double dx, double dy, int rough);

/* A mover without interior (core A: a point or a segment, radius 0) moving
 * exactly along a grid line (dx = 0 with every x of A on it, or dy = 0 with
 * every y): the faces shared by two solid tiles on that line (within rows
 * i0..i1 and columns j0..j1) are inside the union, which no tile alone shows;
 * each pair of tiles across such a face is swept as one convex polygon (their
 * union), into h (sweepshape.c).  Any other mover: nothing. */
void pc__sweep_seams(pc__toi *h, const pc_tilemap *map, const pc__filter *f, int ka, const double *a, const pc__hull *A,
                     double dx, double dy, int64_t i0, int64_t i1, int64_t j0, int64_t j1);

#endif
