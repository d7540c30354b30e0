/*
 * Tile maps: the merged boundary, exact cell lookups, and shapes (circles
 * first) against the solid region.
 *
 * Building.  A tile's full sides are those of its polygon that cover a whole
 * side of its square (a solid tile has four, a triangle two, plus its
 * diagonal).  A full side is boundary unless the neighbour across it has the
 * opposite side full too (then both tiles are solid along the whole face).
 * Boundary faces on one grid line with the same outward normal that meet end
 * to end merge into one edge, and so do diagonals that continue each other
 * from tile to tile: a floor made of many tiles is one segment, with no
 * vertex for a sliding circle to catch on.  Every edge is listed in each cell
 * whose closed square it touches (a compressed row list per cell), so a query
 * looks only at the cells near it.  Two passes over the grid (count, then
 * fill) and no memory beyond what the caller passes.
 *
 * Queries.  Every lookup of the cells near a point, a circle or a path runs
 * pc__cells on bounds rounded outward (pc__down, pc__up), so no tile that can
 * matter is skipped at any origin or tile size.  Overlap tests run the exact
 * circle-box and circle-triangle kernels on those tiles.  Contacts take the
 * nearest point of the boundary edges in a window of cells that grows until
 * no edge outside it can be nearer, computed in coordinates scaled by a power
 * of two when the magnitudes would overflow or underflow a square.
 */
#include <float.h>
#include <string.h>

#include "core.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"
#include "overlap.h"
#include "tiles.h"
#include "walk.h"

/* ---- the grid ----------------------------------------------------------- */

enum { SIDE_S = 1, SIDE_E = 2, SIDE_N = 4, SIDE_W = 8 };

static int full_sides(int kind)
{
    switch (kind) {
    case PC_TILE_SOLID: return SIDE_S | SIDE_E | SIDE_N | SIDE_W;
    case PC_TILE_CUT_NE: return SIDE_S | SIDE_W;
    case PC_TILE_CUT_NW: return SIDE_S | SIDE_E;
    case PC_TILE_CUT_SE: return SIDE_N | SIDE_W;
    case PC_TILE_CUT_SW: return SIDE_N | SIDE_E;
    default: return 0;
    }
}

static int kind_at(const int8_t *kinds, int64_t rows, int64_t cols, int64_t i, int64_t j)
{
    return (i < 0 || j < 0 || i >= rows || j >= cols) ? PC_TILE_EMPTY : kinds[i * cols + j];
}


/* The smallest k in [0, n] with X_k > v (strict) or X_k >= v, or n + 1 if
 * none, searched from the guess g: a gallop away from g, then bisection.  X_k
 * is monotone in k, so this is exact whatever the rounding did to the
 * corners; the guess only decides the speed (usually two corners). */
#define PC_FIRST_CORNER(name, OK)                                \
    static int64_t name(const pc__axis *ax, double v, int64_t g) \
    {                                                            \
        int64_t n = ax->n, lo, hi;                               \
        g = g < 0 ? 0 : g > n ? n : g;                           \
        if (OK(g)) {                                             \
            hi = g;                                              \
            for (int64_t step = 1;; step *= 2) {                 \
                int64_t k = hi - step;                           \
                if (k < 0) {                                     \
                    lo = 0;                                      \
                    break;                                       \
                }                                                \
                if (!OK(k)) {                                    \
                    lo = k + 1;                                  \
                    break;                                       \
                }                                                \
                hi = k;                                          \
            }                                                    \
        } else {                                                 \
            lo = g + 1;                                          \
            for (int64_t step = 1;; step *= 2) {                 \
                int64_t k = lo - 1 + step;                       \
                if (k > n) {                                     \
                    hi = n + 1;                                  \
                    break;                                       \
                }                                                \
                if (OK(k)) {                                     \
                    hi = k;                                      \
                    break;                                       \
                }                                                \
                lo = k + 1;                                      \
            }                                                    \
        }                                                        \
        while (lo < hi) {                                        \
            int64_t mid = lo + (hi - lo) / 2;                    \
            if (OK(mid))                                         \
                hi = mid;                                        \
            else                                                 \
                lo = mid + 1;                                    \
        }                                                        \
        return lo;                                               \
    }
#define PC_CORNER_GE(k) (pc__grid(ax->o, (k), ax->s) >= v)
#define PC_CORNER_GT(k) (pc__grid(ax->o, (k), ax->s) > v)
PC_FIRST_CORNER(first_corner_ge, PC_CORNER_GE)
PC_FIRST_CORNER(first_corner_gt, PC_CORNER_GT)

/* (v - o) / s as a corner index, clamped to [0, n]: a guess only. */
static inline int64_t corner_guess(const pc__axis *ax, double v)
{
    double g = floor((v - ax->o) * ax->inv);
    if (!(g > 0.0)) return 0;
    return g >= (double)ax->n ? ax->n : (int64_t)g;
}

int pc__cells(const pc__axis *ax, double a, double b, int64_t *lo, int64_t *hi)
{
    if (ax->n <= 0 || !(a <= b)) return 0;
    /* lo: the first cell whose far corner X_(k+1) >= a; hi: the last whose near corner X_k <= b */
    int64_t first_ge = first_corner_ge(ax, a, corner_guess(ax, a) + 1);
    int64_t first_gt = first_corner_gt(ax, b, corner_guess(ax, b) + 1);
    int64_t l = first_ge - 1, h = first_gt - 1;
    if (first_ge > ax->n || h < 0) return 0;
    if (l < 0) l = 0;
    if (h > ax->n - 1) h = ax->n - 1;
    if (l > h) return 0;
    *lo = l;
    *hi = h;
    return 1;
}

int pc__tile_shape(const pc_tilemap *m, int64_t i, int64_t j, double *row)
{
    int kind = m->kinds[i * m->cols + j];
    if (kind == PC_TILE_EMPTY) return -1;
    double x0 = pc__grid(m->ox, j, m->tile_size), x1 = pc__grid(m->ox, j + 1, m->tile_size);
    double y0 = pc__grid(m->oy, i, m->tile_size), y1 = pc__grid(m->oy, i + 1, m->tile_size);
    if (kind == PC_TILE_SOLID) {
        row[0] = x0;
        row[1] = y0;
        row[2] = x1;
        row[3] = y1;
        return PC_BOX;
    }
    /* the three kept corners of the triangle */
    double v[6];
    switch (kind) {
    case PC_TILE_CUT_NE: {
        double t[6] = {x0, y0, x1, y0, x0, y1};
        memcpy(v, t, sizeof v);
        break;
    }
    case PC_TILE_CUT_NW: {
        double t[6] = {x0, y0, x1, y0, x1, y1};
        memcpy(v, t, sizeof v);
        break;
    }
    case PC_TILE_CUT_SE: {
        double t[6] = {x0, y0, x1, y1, x0, y1};
        memcpy(v, t, sizeof v);
        break;
    }
    default: {
        double t[6] = {x1, y0, x1, y1, x0, y1};
        memcpy(v, t, sizeof v);
        break;
    }
    }
    memcpy(row, v, sizeof v);
    return PC_TRIANGLE;
}

/* ---- building -------------------------------------------------------------- */

typedef struct {
    int64_t rows, cols;
    double s, ox, oy;
    double *edges;       /* NULL: count only */
    int64_t *cell_start; /* NULL: no cell lists */
    int64_t *refs;       /* NULL: count cells into cell_start[c + 1] (pass 1) */
    int64_t n_edges, n_refs;
} builder;

static void add_cell(builder *b, int64_t i, int64_t j)
{
    if (i < 0 || j < 0 || i >= b->rows || j >= b->cols) return;
    int64_t c = i * b->cols + j;
    b->n_refs++;
    if (!b->cell_start) return;
    if (!b->refs)
        b->cell_start[c + 1]++;
    else
        b->refs[b->cell_start[c]++] = b->n_edges;
}

/* An edge from grid vertex (gi0, gj0) to (gi0 + k di, gj0 + k dj), k steps of
 * (di, dj) in {-1, 0, 1}^2; the solid lies on its left. */
static void add_edge(builder *b, int64_t gi0, int64_t gj0, int64_t di, int64_t dj, int64_t k)
{
    int64_t gi1 = gi0 + k * di, gj1 = gj0 + k * dj;
    double x0 = pc__grid(b->ox, gj0, b->s), y0 = pc__grid(b->oy, gi0, b->s);
    double x1 = pc__grid(b->ox, gj1, b->s), y1 = pc__grid(b->oy, gi1, b->s);
    /* outward: right of the direction; the directions are axis or 45-degree
     * steps, so the unit normal is exact up to the rounding of sqrt(1/2) */
    double h = (di != 0 && dj != 0) ? sqrt(0.5) : 1.0;
    double nx = (double)di * h, ny = -(double)dj * h;
    if (b->edges) {
        double *e = b->edges + 6 * b->n_edges;
        e[0] = x0;
        e[1] = y0;
        e[2] = x1;
        e[3] = y1;
        e[4] = nx + 0.0;
        e[5] = ny + 0.0;
    }
    /* every cell whose closed square touches the edge: the four cells around
     * each grid vertex along it, each once */
    int64_t prev[4][2] = {{0}};
    for (int64_t v = 0; v <= k; v++) {
        int64_t gi = gi0 + v * di, gj = gj0 + v * dj;
        int64_t cells[4][2] = {{gi - 1, gj - 1}, {gi - 1, gj}, {gi, gj - 1}, {gi, gj}};
        for (int q = 0; q < 4; q++) {
            int seen = 0;
            for (int p = 0; v > 0 && p < 4; p++) seen |= prev[p][0] == cells[q][0] && prev[p][1] == cells[q][1];
            if (!seen) add_cell(b, cells[q][0], cells[q][1]);
        }
        memcpy(prev, cells, sizeof prev);
    }
    b->n_edges++;
}

/* Is the side `side` of tile (i, j) boundary? */
static int face(const int8_t *kinds, int64_t rows, int64_t cols, int64_t i, int64_t j, int side)
{
    if (!(full_sides(kind_at(kinds, rows, cols, i, j)) & side)) return 0;
    int64_t ni = i, nj = j;
    int opposite;
    switch (side) {
    case SIDE_S:
        ni--;
        opposite = SIDE_N;
        break;
    case SIDE_N:
        ni++;
        opposite = SIDE_S;
        break;
    case SIDE_E:
        nj++;
        opposite = SIDE_W;
        break;
    default:
        nj--;
        opposite = SIDE_E;
        break;
    }
    return !(full_sides(kind_at(kinds, rows, cols, ni, nj)) & opposite);
}

int pc__tile_side_open(const pc_tilemap *m, int64_t i, int64_t j, int dx, int dy)
{
    int side = dy < 0 ? SIDE_S : dy > 0 ? SIDE_N : dx > 0 ? SIDE_E : SIDE_W;
    return face(m->kinds, m->rows, m->cols, i, j, side);
}

int pc__tile_full_side(const pc_tilemap *m, int64_t i, int64_t j, int dx, int dy)
{
    int side = dy < 0 ? SIDE_S : dy > 0 ? SIDE_N : dx > 0 ? SIDE_E : SIDE_W;
    return (full_sides(kind_at(m->kinds, m->rows, m->cols, i, j)) & side) != 0;
}

int pc__tile_side_shared(const pc_tilemap *m, int64_t i, int64_t j, int dx, int dy)
{
    int side = dy < 0 ? SIDE_S : dy > 0 ? SIDE_N : dx > 0 ? SIDE_E : SIDE_W;
    return (full_sides(kind_at(m->kinds, m->rows, m->cols, i, j)) & side) &&
           !face(m->kinds, m->rows, m->cols, i, j, side);
}

static void build_edges(builder *b, const int8_t *kinds)
{
    int64_t R = b->rows, C = b->cols;
    /* horizontal faces, grid line gi: solid below (north faces of row gi - 1,
     * edge runs west) and solid above (south faces of row gi, edge runs east) */
    for (int64_t gi = 0; gi <= R; gi++) {
        for (int64_t j = 0; j < C;) {
            if (!face(kinds, R, C, gi - 1, j, SIDE_N)) {
                j++;
                continue;
            }
            int64_t k = 0;
            while (j + k < C && face(kinds, R, C, gi - 1, j + k, SIDE_N)) k++;
            add_edge(b, gi, j + k, 0, -1, k);
            j += k;
        }
        for (int64_t j = 0; j < C;) {
            if (!face(kinds, R, C, gi, j, SIDE_S)) {
                j++;
                continue;
            }
            int64_t k = 0;
            while (j + k < C && face(kinds, R, C, gi, j + k, SIDE_S)) k++;
            add_edge(b, gi, j, 0, 1, k);
            j += k;
        }
    }
    /* vertical faces, grid line gj: solid to the west (east faces of column
     * gj - 1, edge runs north) and to the east (west faces of column gj, runs south) */
    for (int64_t gj = 0; gj <= C; gj++) {
        for (int64_t i = 0; i < R;) {
            if (!face(kinds, R, C, i, gj - 1, SIDE_E)) {
                i++;
                continue;
            }
            int64_t k = 0;
            while (i + k < R && face(kinds, R, C, i + k, gj - 1, SIDE_E)) k++;
            add_edge(b, i, gj, 1, 0, k);
            i += k;
        }
        for (int64_t i = 0; i < R;) {
            if (!face(kinds, R, C, i, gj, SIDE_W)) {
                i++;
                continue;
            }
            int64_t k = 0;
            while (i + k < R && face(kinds, R, C, i + k, gj, SIDE_W)) k++;
            add_edge(b, i + k, gj, -1, 0, k);
            i += k;
        }
    }
    /* diagonals: a chain of one triangle kind along its diagonal.  For each
     * kind: the step (ti, tj) from a tile to the next one in the chain, and
     * the edge's start vertex in the chain's first tile (vi, vj offsets from
     * the tile's (i, j) grid corner) and direction (di, dj) (solid on the left). */
    static const struct {
        int kind, ti, tj, vi, vj, di, dj;
    } diag[4] = {
        {PC_TILE_CUT_NE, 1, -1, 0, 1, 1, -1},   /* (x1, y0) -> (x0, y1), normal (1, 1) */
        {PC_TILE_CUT_NW, -1, -1, 1, 1, -1, -1}, /* (x1, y1) -> (x0, y0), normal (-1, 1) */
        {PC_TILE_CUT_SE, 1, 1, 0, 0, 1, 1},     /* (x0, y0) -> (x1, y1), normal (1, -1) */
        {PC_TILE_CUT_SW, -1, 1, 1, 0, -1, 1},   /* (x0, y1) -> (x1, y0), normal (-1, -1) */
    };
    for (int d = 0; d < 4; d++) {
        for (int64_t i = 0; i < R; i++)
            for (int64_t j = 0; j < C; j++) {
                int kd = diag[d].kind;
                if (kinds[i * C + j] != kd) continue;
                if (kind_at(kinds, R, C, i - diag[d].ti, j - diag[d].tj) == kd) continue; /* not a chain start */
                int64_t k = 1;
                while (kind_at(kinds, R, C, i + k * diag[d].ti, j + k * diag[d].tj) == kd) k++;
                add_edge(b, i + diag[d].vi, j + diag[d].vj, diag[d].di, diag[d].dj, k);
            }
    }
}

static int tilemap_build(const int8_t *kinds, int64_t rows, int64_t cols, double tile_size, double ox, double oy,
                         double *edges, int64_t edge_capacity, int64_t *cell_start, int64_t *refs, int64_t ref_capacity,
                         int64_t *n_edges, int64_t *n_refs, double *magnitude)
{
    if (!kinds || !n_edges || !n_refs || !magnitude || rows < 0 || cols < 0) return PC_ERR_ARG;
    if (rows > 0 && cols > INT64_MAX / rows) return PC_ERR_ARG;
    if (rows > ((int64_t)1 << 52) || cols > ((int64_t)1 << 52)) return PC_ERR_ARG; /* k exact as a double */
    if (!isfinite(tile_size) || !(tile_size > 0.0) || !isfinite(ox) || !isfinite(oy)) return PC_ERR_ARG;
    for (int64_t c = 0; c < rows * cols; c++)
        if (kinds[c] < 0 || kinds[c] >= PC_TILE_KIND_COUNT) return PC_ERR_ARG;
    double corners[4] = {ox, pc__grid(ox, cols, tile_size), oy, pc__grid(oy, rows, tile_size)};
    double mag = pc__magnitude(corners, 4);
    if (!isfinite(mag)) return PC_ERR_ARG;
    builder b = {rows, cols, tile_size, ox, oy, NULL, NULL, NULL, 0, 0};
    build_edges(&b, kinds); /* count */
    *n_edges = b.n_edges;
    *n_refs = b.n_refs;
    *magnitude = mag;
    if (edges && cell_start && refs && edge_capacity >= b.n_edges && ref_capacity >= b.n_refs) {
        int64_t cells = rows * cols;
        memset(cell_start, 0, (size_t)(cells + 1) * sizeof *cell_start);
        builder fill = {rows, cols, tile_size, ox, oy, edges, cell_start, NULL, 0, 0};
        build_edges(&fill, kinds); /* edges, and the count of each cell in cell_start[c + 1] */
        for (int64_t c = 0; c < cells; c++) cell_start[c + 1] += cell_start[c];
        builder place = {rows, cols, tile_size, ox, oy, NULL, cell_start, refs, 0, 0};
        build_edges(&place, kinds); /* cell_start[c] advances to the end of cell c */
        for (int64_t c = cells; c > 0; c--) cell_start[c] = cell_start[c - 1];
        cell_start[0] = 0;
    }
    return PC_OK;
}

int pc_tilemap_build(const int8_t *kinds, int64_t rows, int64_t cols, double tile_size, double ox, double oy,
                     double *edges, int64_t edge_capacity, int64_t *cell_start, int64_t *refs, int64_t ref_capacity,
                     int64_t *n_edges, int64_t *n_refs, double *magnitude)
{
    pc__fpenv env = pc__fp_enter(); /* before the first comparison: DAZ would make a tiny tile size 0 */
    int rc = tilemap_build(kinds, rows, cols, tile_size, ox, oy, edges, edge_capacity, cell_start, refs, ref_capacity,
                           n_edges, n_refs, magnitude);
    pc__fp_leave(env);
    return rc;
}

/* ---- circles ---------------------------------------------------------------- */

int pc__map_ok(const pc_tilemap *m)
{
    return m && m->kinds && m->rows >= 0 && m->cols >= 0 && m->cell_start && m->tile_size > 0.0 &&
           (m->n_edges == 0 || (m->edges && m->refs)) && m->n_edges >= 0;
}

/* The filter for queries whose own values are at most `mag` in magnitude. */
static pc__filter map_filter(const pc_tilemap *map, double mag) { return pc__filter_for(pc__max(map->magnitude, mag)); }

int pc__point_in_solid(const pc_tilemap *map, double x, double y, int64_t *ti, int64_t *tj)
{
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    int64_t i0, i1, j0, j1;
    if (!pc__cells(&ay, y, y, &i0, &i1) || !pc__cells(&ax, x, x, &j0, &j1)) return 0;
    pc__filter f = map_filter(map, pc__max(fabs(x), fabs(y)));
    const double p[2] = {x, y};
    double row[6];
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            if (kind >= 0 && pc__overlap_one[PC_POINT][kind](&f, p, row, 0)) {
                if (ti) {
                    *ti = i;
                    *tj = j;
                }
                return 1;
            }
        }
    return 0;
}

/* An arc of the directions from a point p: from (sx, sy) - p counter-clockwise
 * to (ex, ey) - p, more than nothing and at most a half turn. */
typedef struct { double sx, sy, ex, ey; } arc;

/* Exact: is the direction (wx, wy) - p in [S, E) of the arc? */
static int in_arc(const pc__filter *f, double px, double py, const arc *a, double wx, double wy)
{
    int sw = pc__orient(f, px, py, a->sx, a->sy, wx, wy);
    if (sw == 0) return pc__dot(f, px, py, a->sx, a->sy, wx, wy) > 0;     /* along S, or opposite: outside */
    if (sw < 0) return 0;                                                 /* more than a half turn past S */
    if (pc__orient(f, px, py, a->sx, a->sy, a->ex, a->ey) == 0) return 1; /* the arc is a half plane */
    return pc__orient(f, px, py, wx, wy, a->ex, a->ey) > 0;
}

/* Exact: is the point p in the interior of the union of the closed tiles
 * (i0..i1, j0..j1)?  In the interior of some tile, or else the tangent cones
 * at p of the tiles holding it (a half plane on a face, a wedge at a corner;
 * flat tiles add nothing) cover every direction: every arc's end is carried
 * on by some arc.  No edge list is consulted, so flat tiles (rounding can
 * make them) and faces between solid tiles are decided alike. */
static int point_interior(const pc_tilemap *map, const pc__filter *f, double px, double py, int64_t i0, int64_t i1,
                          int64_t j0, int64_t j1)
{
    arc arcs[16];
    int n = 0;
    double row[6];
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            if (kind < 0) continue;
            pc__hull h;
            pc__hull_of(f, kind, row, &h);
            int strict;
            if (h.n < 3 || !pc__hull_contains(f, &h, px, py, &strict)) continue;
            if (strict) return 1;
            int on[PC_CORE_MAX];
            for (int k = 0; k < h.n; k++) {
                int l = k + 1 == h.n ? 0 : k + 1;
                on[k] = pc__orient(f, h.x[k], h.y[k], h.x[l], h.y[l], px, py) == 0;
            }
            for (int k = 0; k < h.n && n < 16; k++) {
                int l = k + 1 == h.n ? 0 : k + 1, prev = k == 0 ? h.n - 1 : k - 1;
                if (!on[k]) continue;
                if (on[l]) { /* p is vertex l: from the next vertex round to the previous */
                    int next = l + 1 == h.n ? 0 : l + 1;
                    arc a = {h.x[next], h.y[next], h.x[k], h.y[k]};
                    arcs[n++] = a;
                } else if (!on[prev]) { /* inside face k: the half plane left of it */
                    arc a = {h.x[l], h.y[l], h.x[k], h.y[k]};
                    arcs[n++] = a;
                }
            }
        }
    if (n == 0) return 0;
    for (int k = 0; k < n; k++) {
        int carried = 0;
        for (int q = 0; q < n && !carried; q++) carried = in_arc(f, px, py, &arcs[q], arcs[k].ex, arcs[k].ey);
        if (!carried) return 0;
    }
    return 1;
}

int pc__map_overlaps(const pc_tilemap *map, const double *c, int m)
{
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    int64_t i0, i1, j0, j1;
    if (!pc__cells(&ax, pc__down(c[0] - c[2]), pc__up(c[0] + c[2]), &j0, &j1) ||
        !pc__cells(&ay, pc__down(c[1] - c[2]), pc__up(c[1] + c[2]), &i0, &i1))
        return 0;
    pc__filter f = map_filter(map, pc__magnitude(c, 3));
    /* a point's interior is empty: strictly, it overlaps when it lies in the
     * interior of the union (on a face between two solid tiles too) */
    if (m && c[2] == 0.0) return point_interior(map, &f, c[0], c[1], i0, i1, j0, j1);
    double row[6];
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            if (kind >= 0 && pc__overlap_one[PC_CIRCLE][kind](&f, c, row, m)) return 1;
        }
    return 0;
}

/* A segment of the grid line through corner k of axis `along`'s perpendicular
 * (x = X_k when vertical): does a piece of positive length of [lo, hi] on it
 * lie on a face shared by two solid tiles (the interior of the union)? */
static int on_seam(const pc_tilemap *map, const pc__axis *across, const pc__axis *along, int vertical, double v,
                   double lo, double hi)
{
    int64_t k0, k1, c0, c1;
    if (!pc__cells(across, v, v, &k0, &k1) || k0 == k1) return 0; /* v is no inner grid line */
    if (!pc__cells(along, lo, hi, &c0, &c1)) return 0;
    for (int64_t c = c0; c <= c1; c++) {
        double a = pc__max(lo, pc__grid(along->o, c, along->s)), b = pc__min(hi, pc__grid(along->o, c + 1, along->s));
        if (!(a < b)) continue;
        int closed = vertical ? (full_sides(kind_at(map->kinds, map->rows, map->cols, c, k0)) & SIDE_E) &&
                                    (full_sides(kind_at(map->kinds, map->rows, map->cols, c, k1)) & SIDE_W)
                              : (full_sides(kind_at(map->kinds, map->rows, map->cols, k0, c)) & SIDE_N) &&
                                    (full_sides(kind_at(map->kinds, map->rows, map->cols, k1, c)) & SIDE_S);
        if (closed) return 1;
    }
    return 0;
}

int pc__map_overlaps_any(const pc_tilemap *map, int ka, const double *a, int m)
{
    if (pc__map_ball(ka)) { /* a circle, or a point as one of radius 0 */
        if (ka == PC_CIRCLE) return pc__map_overlaps(map, a, m);
        double c[3] = {a[0], a[1], 0.0};
        return pc__map_overlaps(map, c, m);
    }
    double bb[4];
    pc__kind(ka)->bounds(a, bb);
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    int64_t i0, i1, j0, j1;
    if (!pc__cells(&ax, bb[0], bb[2], &j0, &j1) || !pc__cells(&ay, bb[1], bb[3], &i0, &i1)) return 0;
    pc__filter f = map_filter(map, pc__magnitude(a, pc_kind_width(ka)));
    double row[6];
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            if (kind >= 0 && pc__overlap_rows(&f, ka, a, kind, row, m)) return 1;
        }
    if (!m) return 0;
    /* Strictly, a shape with an interior meets the union's interior exactly
     * when it meets a tile's.  A shape without one (its core a point or a
     * segment, radius 0) may also lie on a face between two solid tiles. */
    pc__hull h;
    pc__hull_of(&f, ka, a, &h);
    if (h.R > 0.0 || h.n > 2) return 0;
    if (h.n == 1 || (h.x[0] == h.x[1] && h.y[0] == h.y[1]))
        return point_interior(map, &f, h.x[0], h.y[0], i0, i1, j0, j1);
    if (h.x[0] == h.x[1]) return on_seam(map, &ax, &ay, 1, h.x[0], pc__min(h.y[0], h.y[1]), pc__max(h.y[0], h.y[1]));
    if (h.y[0] == h.y[1]) return on_seam(map, &ay, &ax, 0, h.y[0], pc__min(h.x[0], h.x[1]), pc__max(h.x[0], h.x[1]));
    return 0;
}

/* The closest point of segment (ax, ay)-(bx, by) to (x, y); returns the
 * squared distance, and in *inner whether the point is the foot inside the
 * segment (not an end).  All in the caller's (scaled) units. */
static double closest_on_edge(double ax, double ay, double bx, double by, double x, double y, double *qx, double *qy,
                              int *inner)
{
    double ex = bx - ax, ey = by - ay, l2 = ex * ex + ey * ey;
    double u = l2 > 0.0 ? ((x - ax) * ex + (y - ay) * ey) / l2 : 0.0;
    *inner = u > 0.0 && u < 1.0;
    u = pc__clamp(u, 0.0, 1.0);
    *qx = u == 1.0 ? bx : ax + u * ex;
    *qy = u == 1.0 ? by : ay + u * ey;
    double dx = *qx - x, dy = *qy - y;
    return dx * dx + dy * dy;
}

int64_t pc__map_cell_of(const pc__axis *ax, double v)
{
    int64_t lo, hi;
    if (pc__cells(ax, v, v, &lo, &hi)) return lo;
    return v < pc__grid(ax->o, 0, ax->s) ? 0 : ax->n - 1;
}

/* The float geometry below squares differences of coordinates: outside
 * 2^(+-500) everything is scaled by 2^-e first (exact where the result is
 * normal; only parts far below the answer's precision are lost). */
static int scale_exponent(double magnitude)
{
    int e = 0;
    if ((magnitude > 0x1p500 || magnitude < 0x1p-500) && magnitude > 0 && isfinite(magnitude)) frexp(magnitude, &e);
    return e;
}

/* The nearest merged edge to (x, y) (both scaled by 2^-e) among those the
 * cells [i0, i1] x [j0, j1] hold, into n when nearer than n->best (squared
 * distance): the edge, the nearest point (qx, qy) on it and whether that
 * point is inside the edge (not at an end). */
typedef struct {
    double best, qx, qy;
    int64_t edge;
    int inner;
} nearest_edge;

static void nearest_in(const pc_tilemap *map, int64_t i0, int64_t i1, int64_t j0, int64_t j1, double x, double y, int e,
                       nearest_edge *n)
{
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int64_t cell = i * map->cols + j;
            for (int64_t p = map->cell_start[cell]; p < map->cell_start[cell + 1]; p++) {
                const double *g = map->edges + 6 * map->refs[p];
                int inner;
                double qx, qy,
                    d2 = e == 0 ? closest_on_edge(g[0], g[1], g[2], g[3], x, y, &qx, &qy, &inner)
                                : closest_on_edge(ldexp(g[0], -e), ldexp(g[1], -e), ldexp(g[2], -e), ldexp(g[3], -e), x,
                                                  y, &qx, &qy, &inner);
                if (d2 < n->best) {
                    n->best = d2;
                    n->qx = qx;
                    n->qy = qy;
                    n->edge = map->refs[p];
                    n->inner = inner;
                }
            }
        }
}

int pc__map_face_normal(const pc_tilemap *map, double px, double py, double *nx, double *ny)
{
    if (map->n_edges == 0 || !isfinite(px) || !isfinite(py)) return 0;
    double m = pc__max(map->magnitude, pc__max(fabs(px), fabs(py)));
    int e = scale_exponent(m);
    double x = ldexp(px, -e), y = ldexp(py, -e);
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    /* the edges within reach (below) of the point: every cell whose closed
     * square meets the box of that reach lists them */
    double reach = ldexp(m, -e) * 0x1p-40, r = m * 0x1p-40 * (1.0 + 0x1p-20);
    int64_t i0, i1, j0, j1;
    if (!pc__cells(&ax, pc__max(pc__down(px - r), -DBL_MAX), pc__min(pc__up(px + r), DBL_MAX), &j0, &j1) ||
        !pc__cells(&ay, pc__max(pc__down(py - r), -DBL_MAX), pc__min(pc__up(py + r), DBL_MAX), &i0, &i1))
        return 0; /* off the map's cells: no edge within reach */
    nearest_edge n = {INFINITY, NAN, NAN, -1, 0};
    nearest_in(map, i0, i1, j0, j1, x, y, e, &n);
    double best = n.best;
    int64_t best_edge = n.edge;
    int on_face = n.inner;
    /* on the boundary (within rounding of the nearest edge) and not within
     * rounding of its ends (a hit on a corner of the boundary, whose point a
     * rounded foot may put an ulp inside the edge) */
    if (best_edge < 0 || !on_face || !(best <= reach * reach)) return 0;
    const double *g = map->edges + 6 * best_edge;
    for (int end = 0; end < 2; end++) {
        double ux = x - ldexp(g[2 * end], -e), uy = y - ldexp(g[2 * end + 1], -e);
        if (ux * ux + uy * uy <= reach * reach) return 0;
    }
    *nx = map->edges[6 * best_edge + 4];
    *ny = map->edges[6 * best_edge + 5];
    return 1;
}

void pc__map_contact(const pc_tilemap *map, const double *c, double *out)
{
    for (int k = 0; k < 7; k++) out[k] = NAN;
    out[0] = INFINITY;
    if (map->n_edges == 0) return;
    int e = scale_exponent(pc__max(map->magnitude, pc__magnitude(c, 3)));
    double s = map->tile_size, x = ldexp(c[0], -e), y = ldexp(c[1], -e), r = ldexp(c[2], -e);
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    int64_t ci = pc__map_cell_of(&ay, c[1]), cj = pc__map_cell_of(&ax, c[0]);
    nearest_edge n = {INFINITY, NAN, NAN, -1, 0};
    for (int64_t w = 1;; w *= 2) {
        int64_t i0 = ci - w < 0 ? 0 : ci - w, i1 = ci + w >= map->rows ? map->rows - 1 : ci + w;
        int64_t j0 = cj - w < 0 ? 0 : cj - w, j1 = cj + w >= map->cols ? map->cols - 1 : cj + w;
        nearest_in(map, i0, i1, j0, j1, x, y, e, &n);
        /* an edge outside the window lies beyond one of its sides that is not
         * on the map's border: no nearer than the nearest such side */
        double gap = INFINITY;
        if (i0 > 0) gap = pc__min(gap, y - ldexp(pc__grid(map->oy, i0, s), -e));
        if (i1 < map->rows - 1) gap = pc__min(gap, ldexp(pc__grid(map->oy, i1 + 1, s), -e) - y);
        if (j0 > 0) gap = pc__min(gap, x - ldexp(pc__grid(map->ox, j0, s), -e));
        if (j1 < map->cols - 1) gap = pc__min(gap, ldexp(pc__grid(map->ox, j1 + 1, s), -e) - x);
        if (gap == INFINITY || (n.edge >= 0 && sqrt(n.best) < gap * (1.0 - 1e-12))) break;
    }
    double best = n.best, qx = n.qx, qy = n.qy;
    int64_t best_edge = n.edge;
    int on_face = n.inner; /* the nearest point is inside the best edge */
    int inside = pc__point_in_solid(map, c[0], c[1], NULL, NULL);
    double d = sqrt(best), nx, ny;
    const double *g = map->edges + 6 * best_edge;
    if (on_face || !(d > 0.0)) {
        /* the face's own normal (from the circle toward the solid, inside or
         * out), whatever the rounding of the foot along it: exactly (0, +-1)
         * or (+-1, 0) on an axis face, the same at every point of a face; the
         * distance across it from the centre's offset (one rounding on an
         * axis face) */
        nx = -g[4];
        ny = -g[5];
        d = fabs((x - ldexp(g[0], -e)) * g[4] + (y - ldexp(g[1], -e)) * g[5]);
    } else { /* an end of the edge: a corner of the boundary */
        nx = (qx - x) / d;
        ny = (qy - y) / d;
        if (inside) {
            nx = -nx;
            ny = -ny;
        }
    }
    double sep = ldexp(inside ? -d - r : d - r, e);
    /* the sign agrees with the exact overlap test */
    int touching = pc__map_overlaps(map, c, 0);
    if (touching && sep > 0.0) sep = 0.0;
    if (!touching && !(sep > 0.0)) sep = DBL_TRUE_MIN;
    qx = ldexp(qx, e);
    qy = ldexp(qy, e);
    out[0] = sep;
    out[1] = nx + 0.0;
    out[2] = ny + 0.0;
    out[3] = qx - sep * nx;
    out[4] = qy - sep * ny;
    out[5] = qx;
    out[6] = qy;
}

struct map_ctx {
    const pc_tilemap *map;
    int m;
};

static void overlaps_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct map_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        *(uint8_t *)(p[1] + i * s[1]) = (uint8_t)pc__map_overlaps(c->map, (const double *)(p[0] + i * s[0]), c->m);
}

static void contact_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct map_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        pc__map_contact(c->map, (const double *)(p[0] + i * s[0]), (double *)(p[1] + i * s[1]));
}

int pc_tilemap_overlaps(const pc_tilemap *map, const double *circles, const int64_t *strides_c, uint8_t *out,
                        const int64_t *strides_out, int ndim, const int64_t *shape, int mode, int threads,
                        const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (pc__map_ok(map) && (mode == PC_TOUCHING || mode == PC_STRICT)) {
        struct map_ctx ctx = {map, mode == PC_STRICT};
        const void *ptrs[2] = {circles, out};
        const int64_t *st[2] = {strides_c, strides_out};
        rc = pc__batch(ndim, shape, 2, ptrs, st, 2u, overlaps_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}

int pc_tilemap_contact(const pc_tilemap *map, const double *circles, const int64_t *strides_c, double *out,
                       const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                       const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (pc__map_ok(map)) {
        struct map_ctx ctx = {map, 0};
        const void *ptrs[2] = {circles, out};
        const int64_t *st[2] = {strides_c, strides_out};
        rc = pc__batch(ndim, shape, 2, ptrs, st, 0u, contact_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}

int pc_tilemap_tiles(const pc_tilemap *map, int64_t *cells, int8_t *kinds, double *rows, int64_t capacity,
                     int64_t *count)
{
    if (!pc__map_ok(map) || !count || capacity < 0 || (capacity > 0 && (!cells || !kinds || !rows))) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    int64_t n = 0;
    for (int64_t i = 0; i < map->rows; i++)
        for (int64_t j = 0; j < map->cols; j++) {
            if (map->kinds[i * map->cols + j] == PC_TILE_EMPTY) continue;
            if (n < capacity) {
                double row[6] = {0, 0, 0, 0, 0, 0};
                int kind = pc__tile_shape(map, i, j, row);
                cells[n] = i * map->cols + j;
                kinds[n] = (int8_t)kind;
                memcpy(rows + 6 * n, row, sizeof row);
            }
            n++;
        }
    *count = n;
    pc__fp_leave(env);
    return PC_OK;
}
