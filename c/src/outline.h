/* Outlines' internals (outline.c), shared by the outline verbs. */
#ifndef PC_OUTLINE_H
#define PC_OUTLINE_H

#include <stdint.h>

#include "predicates.h"
#include "pycollide.h"

/* The band of y in a shape's index (y_min lo, band height h): floor((y/2 -
 * lo/2) / h) clamped to [0, bands - 1], monotone in y. */
int64_t pc__outline_band(double y, double lo, double h, int64_t bands);

/* The ring holding vertex v. */
int64_t pc__outline_ring(const pc_outlines *o, int64_t v);

/* Where the point is against shape s: 1 in the closed set (a region's area,
 * a polyline's edges), else 0; *on set when it lies on an edge.  Exact. */
int pc__outline_locate(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, int *on);

/* Calls visit(ctx, k) for each listing k of shape s whose edge's box meets
 * the box (x_min, y_min, x_max, y_max), each edge once, until it returns
 * nonzero; returns that value, or 0. */
typedef int (*pc__edge_visit)(void *ctx, int64_t k);
int pc__outline_each_edge(const pc_outlines *o, int64_t s, const double *box, pc__edge_visit visit, void *ctx);

/* Does the shape (kind, layout row a) meet outline shape s: the closed sets
 * (strict 0), or as pc_outlines_overlaps's PC_STRICT (strict 1)?  Exact; f
 * bounds the values of both. */
int pc__outline_meets(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a, int strict);

/* The distance of the shape (kind, layout row a) to outline shape s, as
 * pc_outlines_near (contact 0) gives it: 0 exactly where they meet (closed
 * sets), else the gap (> 0).  f and mag bound the values of both. */
double pc__outline_distance(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a,
                            double mag);

/* Where the segment (line 0) or the line (line 1) s meets the segment e (4
 * doubles each): the count (0, 1 or 2) and the points into pts (4 doubles),
 * exactly as pc_intersections_batch gives them (intersect.c). */
int pc__intersect_edge(const pc__filter *f, const double *s, int line, const double *e, double *pts);

#endif
