/* Internal geometric building blocks shared by the pair kernels (overlap.c). */
#ifndef PC_OVERLAP_H
#define PC_OVERLAP_H

#include "pycollide.h"

/* Point p on the closed segment ab (a == b allowed). */
int pc__on_segment(double px, double py, double ax, double ay, double bx, double by);
/* Point p in the closed triangle t (degenerate triangles: the union of the edges). */
int pc__in_triangle(double px, double py, pc_triangle t);
/* Closed segments ab and cd share a point. */
int pc__segments_meet(double ax, double ay, double bx, double by,
                      double cx, double cy, double dx, double dy);
/* Disk (c, r) meets the closed segment ab. */
int pc__disk_meets_segment(double cx, double cy, double r, double ax, double ay, double bx, double by);

#endif
