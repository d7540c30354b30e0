/*
 * The exact overlap of two rows (internal; overlap.c), for every ordered
 * pair of kinds: the pair's kernel where it has one (kernels.h, the pairs
 * of PC_KIND_PAIRS in matrix.h), else the views (generic.h).
 */
#ifndef PC_OVERLAP_H
#define PC_OVERLAP_H

#include "pycollide.h"
#include "predicates.h"

/* The overlap of a row of kind ka at a and a row of kind kb at b (their
 * layouts) in mode m, by the pair's kernel or the views. */
typedef int (*pc__one)(const pc__filter *f, const double *a, const double *b, int m);
extern const pc__one pc__overlap_one[PC_KIND_COUNT][PC_KIND_COUNT];
/* The same, the pair of kinds chosen at run time. */
int pc__overlap_rows(const pc__filter *f, int ka, const double *a, int kb, const double *b, int m);
/* The relation (PC_RELATE_*) of a row of kind ka at a to a row of kind kb at
 * b, exactly (relate.c). */
int pc__relate_rows(const pc__filter *f, int ka, const double *a, int kb, const double *b, int relation);

#endif
