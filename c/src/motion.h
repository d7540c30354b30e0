/*
 * Motion (internal; motion.c): moving a shape through a world, and the
 * response to an impact, shared by pc_world_advance, pc_world_slide,
 * pc_world_collide and pc_reflect_batch.
 */
#ifndef PC_MOTION_H
#define PC_MOTION_H

#include <stdint.h>

#include "world.h"

/* Move shape c (kind; updated) along D for a fraction t of it, or less, as
 * far as keeps it from strictly overlapping the world, up to a rounding of
 * its coordinates (pc__settle_out; 0 when even the start overlaps)
 * (motion.c). */
double pc__move_free(const pc__world *w, int kind, double *c, double dx, double dy, double t);
/* Restitutions in [0, 1] and frictions finite and >= 0, per circle (strides
 * in doubles, 0: one for all, as pc_world_advance takes them) (motion.c). */
int pc__responses_ok(const double *restitution, int64_t restitution_stride, const double *friction,
                     int64_t friction_stride, int64_t n);
/* The velocity after an impact with unit normal n (from the circle toward
 * the wall), never faster (motion.c). */
void pc__respond(double *vx, double *vy, double nx, double ny, double e, double mu);
/* Impacts (pc_world_advance, pc_world_collide; motion.c): row gets one
 * (PC_IMPACT_DOUBLES doubles; the normal's -0 made +0); clear makes rows
 * no impacts (NaN times); the normal impulse of a wall impact, the mass
 * (0: r^2, r the radius) times the change of the velocity (vx, vy) ->
 * (wx, wy) along the unit normal n (from the circle toward the wall), 0
 * when it is none;
 * masses_ok: NULL or n masses finite and > 0; fit: room for n circles'
 * impacts can be counted in bytes. */
void pc__impact(double *row, double time, int64_t other, int part, int64_t index, double px, double py, double nx,
                double ny, double impulse);
void pc__impacts_clear(double *impacts, int64_t rows);
double pc__wall_impulse(double mass, double r, double vx, double vy, double wx, double wy, double nx, double ny);
int pc__masses_ok(const double *masses, int64_t n);
int pc__impacts_fit(int64_t n, int max_bounces);
/* (x, y) less its part pointing into a surface of unit normal n (from the
 * mover toward it), never longer; a result that rounding leaves pointing
 * into a slanted surface by an ulp is tilted away by a relative 2^-50 (the
 * slides of pc_world_slide and pc_world_move; motion.c). */
void pc__slide_along(double *x, double *y, double nx, double ny);

#endif
