/*
 * Every pair without a kernel of its own (internal; generic.c): views of
 * convex cores plus radii, their exact overlap, and the exact distance test
 * of any two rows.
 */
#ifndef PC_GENERIC_H
#define PC_GENERIC_H

#include "pycollide.h"
#include "predicates.h"

/* A view is a shape's convex core as it comes (no reduction beyond what is
 * cheap) plus its radius: one point (n = 1), a segment of two distinct points
 * (n = 2), or n >= 3 vertices of a convex polygon of nonzero area in the
 * order given, orientation s (+1 counter-clockwise, -1 clockwise), where
 * consecutive vertices may repeat or be collinear. */
typedef struct {
    int n, s;
    double r;
    double xmin, ymin, xmax, ymax; /* the core's bounds */
    double x[PC_POLYGON_MAX], y[PC_POLYGON_MAX];
} pc__view;

/* The view of a layout row of a kind; f must bound the row. */
void pc__view_of(const pc__filter *f, int kind, const double *row, pc__view *v);
/* Exact overlap of two views in mode m. */
int pc__views_overlap(const pc__filter *f, const pc__view *a, const pc__view *b, int m);
/* Exact: is the distance between the two shapes (layout rows) at most d
 * (m = 0) or below d (m = 1)?  d >= 0 finite; the distance of overlapping
 * shapes is 0. */
int pc__within_rows(const pc__filter *f, int ka, const double *a, int kb, const double *b, double d, int m);

#endif
