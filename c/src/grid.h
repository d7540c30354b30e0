/*
 * The broad phase's hierarchical grid (internal; grid.c), the structure
 * pc_pairs_prepare_any chooses for pairs within one collection when the
 * shapes' sizes and spacing suit it (pairs.c holds the tree, the other one).
 */
#ifndef PC_GRID_H
#define PC_GRID_H

#include <stdint.h>

#include "emit.h"
#include "predicates.h"

/* Bytes of workspace a grid over n shapes of this kind needs (from a 64-byte
 * aligned base). */
int64_t pc__grid_bytes(int kind, int64_t n);

/* Build the grid over the n >= 1 shapes (rows of `kind` at s) at base, which
 * holds pc__grid_bytes(kind, n) bytes, to find the pairs within distance
 * d > 0 (d = 0: the overlapping ones): 1 when built, 0 when the shapes suit
 * the tree better (too many candidates for their number, a value too large
 * for the cells' arithmetic); base is then scratch. */
int pc__grid_build(int kind, const double *s, int64_t n, double d, void *base);

/* Is base a grid built by pc__grid_build? */
int pc__grid_is(const void *base);

/* The number of shapes the grid at base holds. */
int64_t pc__grid_count(const void *base);

/* n + 1 uint32 of scratch in the grid at base, free once it is built. */
uint32_t *pc__grid_scratch(void *base);

/* Every overlapping pair (i < j, exactly, in mode m: 0 touching, 1 strict)
 * into the sink, whose jbits covers the indices; with sample > 1 only those
 * found from every sample-th cell (an estimate of the count over sample).
 * simd = 0 keeps to the portable loops (the C tests compare both).  PC_OK, or
 * PC_ERR_CANCELLED (walk.h: the sink then holds part of the pairs). */
int pc__grid_find(const void *base, const pc__filter *f, int m, int threads, int64_t sample, int simd, pc__sink *sink,
                  const volatile int *cancel);

#endif
