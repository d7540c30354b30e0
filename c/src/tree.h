/*
 * The broad phase's tree, read by other queries (internal; pairs.c; its
 * queries are cast.c's, cast.h).  A workspace prepared by pc_pairs_prepare
 * for one collection (b = NULL) holds the rows sorted along the Morton curve
 * and an implicit tree of boxes over them: level 0 holds the items' closed
 * bounding boxes (in sorted order), node k of level L >= 1 bounds nodes
 * k F .. k F + F - 1 of level L - 1.
 */
#ifndef PC_TREE_H
#define PC_TREE_H

#include <stdint.h>

#define PC_TREE_FANOUT     8
#define PC_TREE_MAX_LEVELS 32

typedef struct {
    int kind, width, levels; /* levels = 0: an empty collection */
    int64_t n;
    int64_t count[PC_TREE_MAX_LEVELS], first[PC_TREE_MAX_LEVELS];
    const double *boxes;  /* 4 doubles a node: xmin, ymin, xmax, ymax */
    const double *rows;   /* the items' rows, in sorted order */
    const int64_t *order; /* sorted position -> the item's index */
} pc__tree_view;

/* PC_OK and the view of a one-collection workspace, or PC_ERR_ARG for one
 * that is not (or is too small). */
int pc__pairs_tree(void *work, int64_t work_bytes, pc__tree_view *v);

#endif
