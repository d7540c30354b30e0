/*
 * A world for motion (internal): tile maps and trees of shape collections,
 * the static geometry shapes move through (motion.c, slide.c, collide.c) and
 * are moved out of (depenetrate.c).
 */
#ifndef PC_WORLD_H
#define PC_WORLD_H

#include "tiles.h"
#include "tree.h"

typedef struct {
    int n;
    const pc_tilemap *map[PC_WORLD_MAX_PARTS]; /* NULL: part k is tree[k] */
    pc__tree_query tree[PC_WORLD_MAX_PARTS];
} pc__world;

/* PC_OK and the world of the parts, or PC_ERR_ARG for a bad part or count. */
int pc__world_of(pc__world *w, const pc_world_part *parts, int nparts);
/* Exact: does the shape (kind, layout row a) strictly overlap the world
 * (mode PC_STRICT), or the closed shape touch it (PC_TOUCHING)? */
int pc__world_overlaps(const pc__world *w, int kind, const double *a, int mode);
/* 0 when no part of the world lies within the box (xmin, ymin, xmax, ymax)
 * (a tile map part always answers 1: it may). */
int pc__world_near_box(const pc__world *w, const double *box);
/* The first hit of the shape moving by D over the parts (h initialised
 * here; h->near when some part may come within reach of the path; h->part
 * the part hit, h->cell the index within it), the lower part at equal
 * times; the time stepped down where the shape placed there would be inside
 * some part (the placement contract, pc__settle_down). */
void pc__world_sweep(const pc__world *w, int kind, const double *a, double dx, double dy, pc__toi *h);
/* Move shape c (kind; updated) along D for a fraction t of it, or less: the
 * largest fraction found by bisection whose end keeps it from strictly
 * overlapping the world, when the rounded end at t does not (motion.c). */
double pc__move_free(const pc__world *w, int kind, double *c, double dx, double dy, double t);
/* Move the shape (kind, layout row a, updated) by the least translation
 * that leaves it not strictly overlapping the world, found as
 * depenetrate.c says, if it is no longer than limit (INFINITY: any): 1 and
 * the translation in t, or 0 with a unchanged (deeper than the limit, or
 * not resolved).  A shape not strictly overlapping: 1 and t = 0. */
int pc__depenetrate(const pc__world *w, int kind, double *a, double limit, double *t);
/* How deep into the world a shape may start a move and still be moved out
 * first: 2^-3 of the larger side of its box (a platform's step into a crate
 * resting on it, a shape placed a rounding error deep) plus 2^-40 of its
 * largest |value|. */
double pc__start_tolerance(int kind, const double *a);
/* How deep two circles may start a collide step in each other and still be
 * pushed apart first: 2^-20 of the larger side plus 2^-40 of the largest
 * |value| (a rounding error; deeper is a mistake in the set-up). */
double pc__pair_tolerance(int kind, const double *a);
/* The start of a move (motion.c, slide.c, collide.c): 1 when the shape does
 * not strictly overlap the world, or did by at most pc__start_tolerance and
 * has been moved out (pc__depenetrate); 0 when it is deeper (unchanged). */
int pc__start_free(const pc__world *w, int kind, double *a);
/* Restitutions in [0, 1] and frictions finite and >= 0, per circle (strides
 * in doubles, 0: one for all, as pc_world_advance takes them) (motion.c). */
int pc__responses_ok(const double *restitution, int64_t restitution_stride, const double *friction,
                     int64_t friction_stride, int64_t n);
/* The velocity after an impact with unit normal n (from the circle toward
 * the wall), never faster (motion.c). */
void pc__respond(double *vx, double *vy, double nx, double ny, double e, double mu);

#endif
