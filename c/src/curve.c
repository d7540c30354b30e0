/*
 * Places on a Hilbert curve (pc_curve_keys), for partitioning shapes
 * spatially: the distributed broad phase groups shapes by ranges of the curve,
 * so that each group covers a compact region.  A grouping heuristic only: no
 * yes/no answer depends on a key, so plain floating point is fine here.
 */
#include <math.h>

#include "pycollide.h"

/* The cell of a coordinate on a grid of `top + 1` cells from origin at
 * `scale` cells per unit, clamped to the grid (NaN to cell 0). */
static inline uint64_t cell_of(double v, double origin, double scale, double top)
{
    double g = (v - origin) * scale;
    if (!(g > 0)) return 0;
    return g >= top ? (uint64_t)top : (uint64_t)g;
}

/* The distance along the Hilbert curve of order `order` of cell (x, y): each
 * step picks the quadrant by one bit of x and y, then rotates and reflects the
 * coordinates so that the curve inside the quadrant runs the standard way.
 * Branch-free (masks instead of ifs): the bits of random input would make
 * every branch a coin toss. */
static uint64_t hilbert(uint64_t x, uint64_t y, int order)
{
    uint64_t all = ((uint64_t)1 << order) - 1, d = 0;
    for (int level = order - 1; level >= 0; level--) {
        uint64_t rx = (x >> level) & 1, ry = (y >> level) & 1;
        d = (d << 2) | ((3 * rx) ^ ry);
        uint64_t reflect = all & (0 - (rx & (ry ^ 1))); /* lower-right quadrant: x, y -> n-1-x, n-1-y */
        x ^= reflect;
        y ^= reflect;
        uint64_t swap = (x ^ y) & (0 - (ry ^ 1)); /* lower quadrants: transpose */
        x ^= swap;
        y ^= swap;
    }
    return d;
}

int pc_curve_keys(const double *bounds, int64_t n, const double *frame, int order, uint64_t *keys)
{
    if (n < 0 || (n > 0 && (!bounds || !keys)) || !frame || order < 1 || order > 31) return PC_ERR_ARG;
    double top = (double)(((uint64_t)1 << order) - 1);
    for (int64_t i = 0; i < n; i++) {
        const double *b = bounds + 4 * i;
        double cx = b[0] * 0.5 + b[2] * 0.5, cy = b[1] * 0.5 + b[3] * 0.5; /* no overflow */
        keys[i] = hilbert(cell_of(cx, frame[0], frame[2], top), cell_of(cy, frame[1], frame[3], top), order);
    }
    return PC_OK;
}
