/*
 * Spatial grouping for the broad phase: places on a Hilbert curve
 * (pc_curve_keys), by which an index orders its queries so that each starts
 * near the previous one's answers; and the cells of a grid of columns and
 * rows (pc_grid_group), by which the distributed broad phase partitions
 * shapes.  Grouping heuristics: no yes/no answer depends on a key or a cell,
 * so plain floating point is fine for them.  The flags of pc_grid_group are
 * the exception: they decide which shapes may meet boxes beyond their cell,
 * and each is one rounded difference compared, monotone in its inputs.
 */
#include <math.h>

#include "fpenv.h"
#include "kinds.h"
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

/* How many of the `m` ascending cuts are at most v (a NaN: none). */
static inline int64_t rank_of(double v, const double *cuts, int64_t m)
{
    if (m <= 16) { /* a count without branches: random input would make each branch a coin toss */
        int64_t r = 0;
        for (int64_t k = 0; k < m; k++) r += cuts[k] <= v;
        return r;
    }
    int64_t lo = 0, hi = m; /* the answer is in [lo, hi] */
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (cuts[mid] <= v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Whether the m cuts are numbers in ascending order. */
static int ascending(const double *cuts, int64_t m)
{
    for (int64_t k = 0; k < m; k++)
        if (isnan(cuts[k]) || (k > 0 && cuts[k - 1] > cuts[k])) return 0;
    return 1;
}

/* The cell of a box's centre. */
static inline int64_t grid_cell(const double *b, const double *xcuts, int64_t cols, const int64_t *first,
                                const double *ycuts)
{
    double cx = b[0] * 0.5 + b[2] * 0.5, cy = b[1] * 0.5 + b[3] * 0.5; /* no overflow */
    int64_t c = cols > 1 ? rank_of(cx, xcuts, cols - 1) : 0, rows = first[c + 1] - first[c];
    return rows > 1 ? first[c] + rank_of(cy, ycuts + first[c] - c, rows - 1) : first[c];
}

int pc_grid_group(int kind, const double *shapes, int64_t n, const double *xcuts, int64_t cols, const int64_t *first,
                  const double *ycuts, const double *edges, double gap, int32_t *cell, int64_t *order, int64_t *starts,
                  uint8_t *near)
{
    if (!pc__is_shape(kind)) return PC_ERR_KIND;
    if (n < 0 || (n > 0 && (!shapes || !cell || !order || (edges && !near))) || cols < 1 || !first || !starts)
        return PC_ERR_ARG;
    if ((cols > 1 && !xcuts) || first[0] != 0 || isnan(gap)) return PC_ERR_ARG;
    for (int64_t c = 0; c < cols; c++)
        if (first[c + 1] <= first[c]) return PC_ERR_ARG;
    int64_t cells = first[cols];
    if (cells > INT32_MAX || (cells > cols && !ycuts)) return PC_ERR_ARG;
    if (cols > 1 && !ascending(xcuts, cols - 1)) return PC_ERR_ARG;
    for (int64_t c = 0; c < cols; c++)
        if (first[c + 1] - first[c] > 1 && !ascending(ycuts + first[c] - c, first[c + 1] - first[c] - 1))
            return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    const pc__kind_info *k = pc__kind(kind);
    int64_t w = k->width;
    double bb[4];
    for (int64_t p = 0; p <= cells; p++) starts[p] = 0;
    for (int64_t i = 0; i < n; i++) { /* count each cell's shapes; flag those near its edges */
        k->bounds(shapes + w * i, bb);
        int64_t p = grid_cell(bb, xcuts, cols, first, ycuts);
        cell[i] = (int32_t)p;
        starts[p + 1]++;
        if (edges) {
            const double *e = edges + 4 * p;
            near[i] = (bb[0] - e[0] <= gap) | (bb[1] - e[1] <= gap) | (e[2] - bb[2] <= gap) | (e[3] - bb[3] <= gap);
        }
    }
    for (int64_t p = 0; p < cells; p++) starts[p + 1] += starts[p];
    /* place each index after its cell's earlier ones: `starts` serves as the
     * cursor, each cell's start moving up to the next cell's, then back */
    for (int64_t i = 0; i < n; i++) order[starts[cell[i]]++] = i;
    for (int64_t p = cells; p > 0; p--) starts[p] = starts[p - 1];
    starts[0] = 0;
    pc__fp_leave(env);
    return PC_OK;
}
