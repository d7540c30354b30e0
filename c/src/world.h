/*
 * A world for motion (internal; world.c): tile maps, outline collections
 * (outline_world.c) and trees of shape collections, the static geometry shapes move through (motion.c, slide.c,
 * collide.c) and are moved out of (depenetrate.c).
 */
#ifndef PC_WORLD_H
#define PC_WORLD_H

#include "cast.h"
#include "sweep.h"

typedef struct {
    int n;
    const pc_tilemap *map[PC_WORLD_MAX_PARTS];   /* part k is a tile map, or else */
    const pc_outlines *outl[PC_WORLD_MAX_PARTS]; /* an outline collection, or else tree[k] */
    pc__tree_query tree[PC_WORLD_MAX_PARTS];
    int one_way[PC_WORLD_MAX_PARTS]; /* part k is one-way, passable from the side up[k] points to */
    double up[PC_WORLD_MAX_PARTS][2];
    int off[PC_WORLD_MAX_PARTS]; /* part k is left out of every test (a one-way part a mover passes) */
} pc__world;

/* PC_OK and the world of the parts, or PC_ERR_ARG for a bad part or count. */
int pc__world_of(pc__world *w, const pc_world_part *parts, int nparts);
/* Exact: does the shape strictly overlap (PC_STRICT) or touch (PC_TOUCHING)
 * part k of the world, whether or not it is off? */
int pc__world_part_overlaps(const pc__world *w, int k, int kind, const double *a, int mode);
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
/* pc__world_sweep whose hits decide exactly which shapes the moving one
 * meets and in which order, with their times estimated in floating point
 * (a shape and a tile map's tiles; a ball's and a tree's are settled as
 * always), and no time stepped down: for a caller that places the shape
 * itself (pc__move_free) or only asks what is there (a mover's floor). */
void pc__world_sweep_rough(const pc__world *w, int kind, const double *a, double dx, double dy, pc__toi *h);
/* pc__union_stand's test of a whole world: does the shape strictly overlap
 * some part that is on? */
int pc__world_inside(const void *w, int kind, const double *row);

/* The contact (7 doubles as pc_contact_batch) of a shape of any kind with a
 * tile map's solid region, measured to its merged boundary: apart or
 * touching, the nearest merged edge (on a face, the face's own normal,
 * exactly); strictly inside, the least translation out of the union
 * (pc__depenetrate), separation minus its length (-inf when not resolved).
 * The separation's sign agrees with the exact overlap test; inf when the
 * map has no solid tile. */
void pc__map_contact_any(const pc_tilemap *map, int kind, const double *a, double *out);

#endif
