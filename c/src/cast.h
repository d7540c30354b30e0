/*
 * Queries through a collection's tree (internal; cast.c): sweeps, overlaps
 * and contacts of one shape against every item, for the worlds of motion.
 */
#ifndef PC_CAST_H
#define PC_CAST_H

#include <stdint.h>

#include "sweep.h"
#include "tree.h"

/* A tree ready for queries (cast.c): the view, the magnitude of its rows and
 * the largest |coordinate| of the root's box. */
typedef struct {
    pc__tree_view tree;
    double magnitude;
    double tree_mag;
} pc__tree_query;

/* PC_OK and the query of a one-collection workspace, or PC_ERR_ARG. */
int pc__tree_query_of(pc__tree_query *q, void *work, int64_t work_bytes, double magnitude);
/* The shape (kind ka, row a) moving by D against every item (pc__sweep_any):
 * the first hit into h (initialised here) and its item's index, also in
 * h->cell (-1: none; the lowest index at equal times); the time stepped down
 * where the shape placed there would be inside some item (pc__settle_down). */
void pc__tree_sweep(const pc__tree_query *q, int ka, const double *a, double dx, double dy, pc__toi *h, int64_t *index);
/* Exact: does the shape overlap some item (mode PC_TOUCHING or PC_STRICT)? */
int pc__tree_overlaps(const pc__tree_query *q, int ka, const double *a, int mode);
/* Does some item's box meet the box (xmin, ymin, xmax, ymax), grown by
 * 2^-30 of the magnitudes so that rounding never hides one?  No: nothing of
 * the collection lies within the box. */
int pc__tree_meets_box(const pc__tree_query *q, const double *box);
/* Call visit(ctx, row) for every item whose box meets the box (xmin, ymin,
 * xmax, ymax; closed), in the tree's order, until one returns nonzero; that
 * value, or 0. */
int pc__tree_each(const pc__tree_query *q, const double *box, int (*visit)(void *ctx, const double *row), void *ctx);
/* The contact (7 doubles, as pc_contact_batch) of the shape (kind ka, row a)
 * with the item of least separation, that item's index (the lowest at equal
 * separations) and, unless row is NULL, its row; separation inf, index -1
 * and row NULL for an empty tree.  The sign of the separation is exact. */
void pc__tree_contact(const pc__tree_query *q, int ka, const double *a, double *out, int64_t *index,
                      const double **row);

/* Is every limit (a strided operand over the index space: max distances)
 * >= 0, none NaN?  PC_OK, or PC_ERR_ARG for a bad one or bad strides. */
int pc__limits_ok(int ndim, const int64_t *shape, const double *limits, const int64_t *strides);

#endif
