/*
 * Convex cores (internal; core.c): every shape is a convex core (a point, a
 * segment or a convex polygon) grown by a radius.  The core here is reduced
 * exactly: repeated and collinear vertices are dropped, a polygon is
 * counter-clockwise, so the sweeps, raycasts and tile-map tests can treat
 * every kind alike.  The core of a row is its kind's (pc__hull_of, kinds.h).
 */
#ifndef PC_CORE_H
#define PC_CORE_H

#include "kernels.h"

#define PC_CORE_MAX 8

/* One point (n = 1), a segment of two distinct points (n = 2) or a proper
 * convex polygon (n >= 3, counter-clockwise, every turn strictly left); grown
 * by R >= 0. */
typedef struct {
    int n;
    double x[PC_CORE_MAX], y[PC_CORE_MAX];
    double R;
} pc__hull;

/* Exact: does the ray o + t d (t >= 0, d != 0) meet the core (closed; R is
 * ignored)?  f must bound o and the core's vertices. */
int pc__ray_meets_hull(const pc__filter *f, const pc__hull *h, double ox, double oy, double dx, double dy);

/* Exact: is (px, py) in the closed core (R ignored)?  1 inside or on it, with
 * *strict set to whether it is in the interior (never for n < 3). */
int pc__hull_contains(const pc__filter *f, const pc__hull *h, double px, double py, int *strict);

#endif
