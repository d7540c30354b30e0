/*
 * Moving a shape out of a world (internal; depenetrate.c): the least
 * translation, and the start of a move (a shape placed a rounding error
 * deep is moved out first).
 */
#ifndef PC_DEPENETRATE_H
#define PC_DEPENETRATE_H

#include "world.h"

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

/* The unit direction -t / |t| into d (t scaled by a power of 2 first: a
 * unit vector even for a subnormal t; 0, 0 for t = 0); returns |t|. */
double pc__out_direction(const double *t, double *d);
/* The contact (7 doubles as pc_contact_batch) of a shape strictly inside a
 * solid, from the least translation t out of it (pc__depenetrate) and the
 * contact `touch` of the shape moved out by t: separation -|t|
 * (-DBL_TRUE_MIN for t = 0), normal -t / |t| (touch's for t = 0), point b
 * the point touched, point a that point less t (the shape's, where it is). */
void pc__contact_out(const double *t, const double *touch, double *out);

#endif
