/*
 * Tile maps: the merged boundary, and circles and rays against it.
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
 * Queries.  Overlap tests run the exact circle-box and circle-triangle kernels
 * on the tiles near the circle.  Contacts take the nearest point of the
 * boundary edges in a window of cells that grows until no edge outside it can
 * be nearer.  Raycasts walk the cells the ray crosses in order (both side
 * cells where it passes within PC_CELL_SLACK of a grid corner) and decide
 * whether the ray meets each edge there with exact signs.
 */
#include <float.h>
#include <string.h>

#include "fpenv.h"
#include "shapes.h"
#include "tiles.h"
#include "walk.h"

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

int pc__tile_shape(const pc_tilemap *m, int64_t i, int64_t j, double *row)
{
    int kind = m->kinds[i * m->cols + j];
    if (kind == PC_TILE_EMPTY) return -1;
    double x0 = pc__grid(m->ox, j, m->tile_size), x1 = pc__grid(m->ox, j + 1, m->tile_size);
    double y0 = pc__grid(m->oy, i, m->tile_size), y1 = pc__grid(m->oy, i + 1, m->tile_size);
    if (kind == PC_TILE_SOLID) {
        row[0] = x0; row[1] = y0; row[2] = x1; row[3] = y1;
        return PC_BOX;
    }
    /* the three kept corners of the triangle */
    double v[6];
    switch (kind) {
    case PC_TILE_CUT_NE: { double t[6] = {x0, y0, x1, y0, x0, y1}; memcpy(v, t, sizeof v); break; }
    case PC_TILE_CUT_NW: { double t[6] = {x0, y0, x1, y0, x1, y1}; memcpy(v, t, sizeof v); break; }
    case PC_TILE_CUT_SE: { double t[6] = {x0, y0, x1, y1, x0, y1}; memcpy(v, t, sizeof v); break; }
    default: { double t[6] = {x1, y0, x1, y1, x0, y1}; memcpy(v, t, sizeof v); break; }
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
    if (!b->refs) b->cell_start[c + 1]++;
    else b->refs[b->cell_start[c]++] = b->n_edges;
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
        e[0] = x0; e[1] = y0; e[2] = x1; e[3] = y1; e[4] = nx + 0.0; e[5] = ny + 0.0;
    }
    /* every cell whose closed square touches the edge: the four cells around
     * each grid vertex along it, each once */
    int64_t prev[4][2] = {{0}};
    for (int64_t v = 0; v <= k; v++) {
        int64_t gi = gi0 + v * di, gj = gj0 + v * dj;
        int64_t cells[4][2] = {{gi - 1, gj - 1}, {gi - 1, gj}, {gi, gj - 1}, {gi, gj}};
        for (int q = 0; q < 4; q++) {
            int seen = 0;
            for (int p = 0; v > 0 && p < 4; p++)
                seen |= prev[p][0] == cells[q][0] && prev[p][1] == cells[q][1];
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
    case SIDE_S: ni--; opposite = SIDE_N; break;
    case SIDE_N: ni++; opposite = SIDE_S; break;
    case SIDE_E: nj++; opposite = SIDE_W; break;
    default: nj--; opposite = SIDE_E; break;
    }
    return !(full_sides(kind_at(kinds, rows, cols, ni, nj)) & opposite);
}

static void build_edges(builder *b, const int8_t *kinds)
{
    int64_t R = b->rows, C = b->cols;
    /* horizontal faces, grid line gi: solid below (north faces of row gi - 1,
     * edge runs west) and solid above (south faces of row gi, edge runs east) */
    for (int64_t gi = 0; gi <= R; gi++) {
        for (int64_t j = 0; j < C;) {
            if (!face(kinds, R, C, gi - 1, j, SIDE_N)) { j++; continue; }
            int64_t k = 0;
            while (j + k < C && face(kinds, R, C, gi - 1, j + k, SIDE_N)) k++;
            add_edge(b, gi, j + k, 0, -1, k);
            j += k;
        }
        for (int64_t j = 0; j < C;) {
            if (!face(kinds, R, C, gi, j, SIDE_S)) { j++; continue; }
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
            if (!face(kinds, R, C, i, gj - 1, SIDE_E)) { i++; continue; }
            int64_t k = 0;
            while (i + k < R && face(kinds, R, C, i + k, gj - 1, SIDE_E)) k++;
            add_edge(b, i, gj, 1, 0, k);
            i += k;
        }
        for (int64_t i = 0; i < R;) {
            if (!face(kinds, R, C, i, gj, SIDE_W)) { i++; continue; }
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
    static const struct { int kind, ti, tj, vi, vj, di, dj; } diag[4] = {
        {PC_TILE_CUT_NE, 1, -1, 0, 1, 1, -1},  /* (x1, y0) -> (x0, y1), normal (1, 1) */
        {PC_TILE_CUT_NW, -1, -1, 1, 1, -1, -1}, /* (x1, y1) -> (x0, y0), normal (-1, 1) */
        {PC_TILE_CUT_SE, 1, 1, 0, 0, 1, 1},    /* (x0, y0) -> (x1, y1), normal (1, -1) */
        {PC_TILE_CUT_SW, -1, 1, 1, 0, -1, 1},  /* (x0, y1) -> (x1, y0), normal (-1, -1) */
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

int pc_tilemap_build(const int8_t *kinds, int64_t rows, int64_t cols, double tile_size, double ox, double oy,
                     double *edges, int64_t edge_capacity, int64_t *cell_start, int64_t *refs,
                     int64_t ref_capacity, int64_t *n_edges, int64_t *n_refs, double *magnitude)
{
    if (!kinds || !n_edges || !n_refs || !magnitude || rows < 0 || cols < 0) return PC_ERR_ARG;
    if (rows > 0 && cols > INT64_MAX / rows) return PC_ERR_ARG;
    if (!isfinite(tile_size) || !(tile_size > 0.0) || !isfinite(ox) || !isfinite(oy)) return PC_ERR_ARG;
    for (int64_t c = 0; c < rows * cols; c++)
        if (kinds[c] < 0 || kinds[c] >= PC_TILE_KIND_COUNT) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    double corners[4] = {ox, pc__grid(ox, cols, tile_size), oy, pc__grid(oy, rows, tile_size)};
    double mag = pc__magnitude(corners, 4);
    builder b = {rows, cols, tile_size, ox, oy, NULL, NULL, NULL, 0, 0};
    build_edges(&b, kinds); /* count */
    *n_edges = b.n_edges;
    *n_refs = b.n_refs;
    *magnitude = mag;
    int rc = isfinite(mag) ? PC_OK : PC_ERR_ARG;
    if (rc == PC_OK && edges && cell_start && refs && edge_capacity >= b.n_edges && ref_capacity >= b.n_refs) {
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
    pc__fp_leave(env);
    return rc;
}

/* ---- circles ---------------------------------------------------------------- */

static pc__filter circle_filter(const pc_tilemap *map, const double *circle)
{
    return pc__filter_for(pc__max(map->magnitude, pc__magnitude(circle, 3)));
}

static int point_in_solid(const pc_tilemap *map, const pc__filter *f, double x, double y, int64_t *ti, int64_t *tj)
{
    double gx = (x - map->ox) / map->tile_size, gy = (y - map->oy) / map->tile_size;
    int64_t i0, i1, j0, j1;
    if (!pc__cell_range(gy, gy, map->rows, &i0, &i1) || !pc__cell_range(gx, gx, map->cols, &j0, &j1)) return 0;
    const double p[2] = {x, y};
    double row[6];
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            if (kind >= 0 && pc__overlap_one[PC_POINT][kind](f, p, row, 0)) {
                if (ti) { *ti = i; *tj = j; }
                return 1;
            }
        }
    return 0;
}

int pc__map_overlaps(const pc_tilemap *map, const double *c, int m)
{
    pc__filter f = circle_filter(map, c);
    double s = map->tile_size;
    int64_t i0, i1, j0, j1;
    if (!pc__cell_range((c[0] - c[2] - map->ox) / s, (c[0] + c[2] - map->ox) / s, map->cols, &j0, &j1) ||
        !pc__cell_range((c[1] - c[2] - map->oy) / s, (c[1] + c[2] - map->oy) / s, map->rows, &i0, &i1))
        return 0;
    double row[6];
    int found = 0;
    /* a point's interior is empty: strictly, it overlaps when it lies in the
     * interior of the union (on a face between two solid tiles too), i.e. in
     * the closed union but on no boundary edge */
    int point_strict = m && c[2] == 0.0;
    for (int64_t i = i0; i <= i1 && !found; i++)
        for (int64_t j = j0; j <= j1 && !found; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            found = kind >= 0 && pc__overlap_one[PC_CIRCLE][kind](&f, c, row, point_strict ? 0 : m);
        }
    if (!found || !point_strict) return found;
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int64_t cell = i * map->cols + j;
            for (int64_t p = map->cell_start[cell]; p < map->cell_start[cell + 1]; p++) {
                const double *e = map->edges + 6 * map->refs[p];
                if (pc__on_segment(&f, c[0], c[1], e[0], e[1], e[2], e[3])) return 0;
            }
        }
    return 1;
}

/* closest point of segment e to (x, y); returns the squared distance */
static double closest_on_edge(const double *e, double x, double y, double *qx, double *qy)
{
    double ex = e[2] - e[0], ey = e[3] - e[1], l2 = ex * ex + ey * ey;
    double u = l2 > 0.0 ? ((x - e[0]) * ex + (y - e[1]) * ey) / l2 : 0.0;
    u = pc__clamp(u, 0.0, 1.0);
    *qx = u == 1.0 ? e[2] : e[0] + u * ex;
    *qy = u == 1.0 ? e[3] : e[1] + u * ey;
    double dx = *qx - x, dy = *qy - y;
    return dx * dx + dy * dy;
}

void pc__map_contact(const pc_tilemap *map, const double *c, double *out)
{
    for (int k = 0; k < 7; k++) out[k] = NAN;
    out[0] = INFINITY;
    if (map->n_edges == 0) return;
    double s = map->tile_size, x = c[0], y = c[1], r = c[2];
    double gx = (x - map->ox) / s, gy = (y - map->oy) / s;
    /* the centre's cell, clamped into the map */
    int64_t ci = (int64_t)pc__clamp(floor(gy), 0.0, (double)(map->rows - 1));
    int64_t cj = (int64_t)pc__clamp(floor(gx), 0.0, (double)(map->cols - 1));
    double best = INFINITY, qx = NAN, qy = NAN;
    int64_t best_edge = -1;
    for (int64_t w = 1;; w *= 2) {
        int64_t i0 = ci - w < 0 ? 0 : ci - w, i1 = ci + w >= map->rows ? map->rows - 1 : ci + w;
        int64_t j0 = cj - w < 0 ? 0 : cj - w, j1 = cj + w >= map->cols ? map->cols - 1 : cj + w;
        for (int64_t i = i0; i <= i1; i++)
            for (int64_t j = j0; j <= j1; j++) {
                int64_t cell = i * map->cols + j;
                for (int64_t p = map->cell_start[cell]; p < map->cell_start[cell + 1]; p++) {
                    const double *e = map->edges + 6 * map->refs[p];
                    double ex, ey, d2 = closest_on_edge(e, x, y, &ex, &ey);
                    if (d2 < best) { best = d2; qx = ex; qy = ey; best_edge = map->refs[p]; }
                }
            }
        /* an edge outside the window lies beyond one of its sides that is not
         * on the map's border: no nearer than the nearest such side */
        double gap = INFINITY;
        if (i0 > 0) gap = pc__min(gap, y - pc__grid(map->oy, i0, s));
        if (i1 < map->rows - 1) gap = pc__min(gap, pc__grid(map->oy, i1 + 1, s) - y);
        if (j0 > 0) gap = pc__min(gap, x - pc__grid(map->ox, j0, s));
        if (j1 < map->cols - 1) gap = pc__min(gap, pc__grid(map->ox, j1 + 1, s) - x);
        if (gap == INFINITY || (best_edge >= 0 && sqrt(best) < gap * (1.0 - 1e-12))) break;
    }
    pc__filter f = circle_filter(map, c);
    int inside = point_in_solid(map, &f, x, y, NULL, NULL);
    double d = sqrt(best), nx, ny;
    const double *e = map->edges + 6 * best_edge;
    if (d > 0.0) {
        nx = (qx - x) / d;
        ny = (qy - y) / d;
        if (inside) { nx = -nx; ny = -ny; }
    } else {
        nx = -e[4];
        ny = -e[5];
    }
    double sep = inside ? -d - r : d - r;
    /* the sign agrees with the exact overlap test */
    int touching = pc__map_overlaps(map, c, 0);
    if (touching && sep > 0.0) sep = 0.0;
    if (!touching && !(sep > 0.0)) sep = DBL_TRUE_MIN;
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

static int map_ok(const pc_tilemap *m)
{
    return m && m->kinds && m->rows >= 0 && m->cols >= 0 && m->cell_start && (m->n_edges == 0 || (m->edges && m->refs)) &&
           m->tile_size > 0.0;
}

/* Run inner over circles (operand 0) and nop - 1 more operands, all with
 * strides in doubles except those flagged in byte_strides. */
static int run(const pc_tilemap *map, int nop, const void *const *ptrs, const int64_t *const *dstrides,
               int byte_out, int ndim, const int64_t *shape, pc__inner inner, int m, int threads)
{
    if (!map_ok(map)) return PC_ERR_ARG;
    int64_t st[PC_MAX_OPERANDS][PC_MAX_DIMS];
    const int64_t *strides[PC_MAX_OPERANDS];
    char *base[PC_MAX_OPERANDS];
    for (int k = 0; k < nop; k++) {
        if (!ptrs[k]) return PC_ERR_ARG;
        base[k] = (char *)ptrs[k];
        if (k == nop - 1 && byte_out) {
            strides[k] = dstrides[k];
        } else {
            if (pc__double_strides(ndim, dstrides[k], st[k])) return PC_ERR_ARG;
            strides[k] = st[k];
        }
    }
    int rc = pc__walk_check(ndim, shape, nop, strides);
    if (rc != PC_OK) return rc < 0 ? rc : PC_OK;
    struct map_ctx ctx = {map, m};
    pc__fpenv env = pc__fp_enter();
    pc__walk(ndim, shape, nop, base, strides, inner, &ctx, threads);
    pc__fp_leave(env);
    return PC_OK;
}

int pc_tilemap_overlaps(const pc_tilemap *map, const double *circles, const int64_t *strides_c,
                        uint8_t *out, const int64_t *strides_out, int ndim, const int64_t *shape,
                        int mode, int threads)
{
    if (mode != PC_TOUCHING && mode != PC_STRICT) return PC_ERR_ARG;
    const void *ptrs[2] = {circles, out};
    const int64_t *st[2] = {strides_c, strides_out};
    return run(map, 2, ptrs, st, 1, ndim, shape, overlaps_inner, mode == PC_STRICT, threads);
}

int pc_tilemap_contact(const pc_tilemap *map, const double *circles, const int64_t *strides_c,
                       double *out, const int64_t *strides_out, int ndim, const int64_t *shape, int threads)
{
    const void *ptrs[2] = {circles, out};
    const int64_t *st[2] = {strides_c, strides_out};
    return run(map, 2, ptrs, st, 0, ndim, shape, contact_inner, 0, threads);
}

/* ---- rays ------------------------------------------------------------------- */

typedef struct {
    double t;          /* best ray parameter so far (INFINITY: none) */
    int64_t edge;
} ray_best;

/* Does the ray o + t d (t >= 0) enter the solid through edge e?  Only edges
 * facing the ray count (d . outward normal < 0): where a ray from outside
 * first meets the closed solid, one of the edges through that point faces it
 * (a face it slides along or leaves has a facing neighbour at its end), so
 * the facing edges give both whether it hits and where, with the normal
 * facing the ray.  Exact; *t is then the ray parameter there (rounded). */
static int ray_meets_edge(const pc__filter *f, double ox, double oy, double dx, double dy, const double *e, double *t)
{
    double ax = e[0], ay = e[1], bx = e[2], by = e[3];
    /* the outward normal is the edge direction turned right: d . n < 0 iff d x (b - a) < 0 */
    if (pc__cross_dir(dx, dy, ax, ay, bx, by) >= 0) return 0;
    int sa = pc__cross_dir(dx, dy, ox, oy, ax, ay), sb = pc__cross_dir(dx, dy, ox, oy, bx, by);
    if (sa * sb > 0) return 0; /* the line misses the edge */
    /* it crosses the edge's line at t = ((a - o) x e) / (d x e) with d x e < 0:
     * t >= 0 iff the origin is on the outer side of the line or on it */
    if (pc__orient(f, ox, oy, ax, ay, bx, by) > 0) return 0;
    double ex = bx - ax, ey = by - ay;
    double tt = ((ax - ox) * ey - (ay - oy) * ex) / (dx * ey - dy * ex);
    *t = pc__max(tt, 0.0);
    return 1;
}

static void cell_edges(const pc_tilemap *map, const pc__filter *f, int64_t i, int64_t j, double ox, double oy,
                       double dx, double dy, ray_best *b)
{
    if (i < 0 || j < 0 || i >= map->rows || j >= map->cols) return;
    int64_t cell = i * map->cols + j;
    for (int64_t p = map->cell_start[cell]; p < map->cell_start[cell + 1]; p++) {
        double t;
        if (ray_meets_edge(f, ox, oy, dx, dy, map->edges + 6 * map->refs[p], &t) && t < b->t) {
            b->t = t;
            b->edge = map->refs[p];
        }
    }
}

/* the solid tile behind face `edge` at point (x, y) */
static void tile_at_hit(const pc_tilemap *map, const pc__filter *f, const double *e, double x, double y,
                        int64_t *ti, int64_t *tj)
{
    double s = map->tile_size;
    /* a point a hundredth of a tile behind the face, then the tile nearest it */
    double px = x - e[4] * 0.01 * s, py = y - e[5] * 0.01 * s;
    if (point_in_solid(map, f, px, py, ti, tj)) return;
    double gx = (px - map->ox) / s, gy = (py - map->oy) / s, best = INFINITY;
    int64_t i0, i1, j0, j1;
    *ti = *tj = -1;
    if (!pc__cell_range(gy - 1.0, gy + 1.0, map->rows, &i0, &i1) || !pc__cell_range(gx - 1.0, gx + 1.0, map->cols, &j0, &j1))
        return;
    const double p[2] = {px, py};
    double row[6], con[7];
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            if (kind < 0) continue;
            pc__contact_one(f, PC_POINT, p, kind, row, con);
            if (con[0] < best) { best = con[0]; *ti = i; *tj = j; }
        }
}

static void raycast_one(const pc_tilemap *map, const double *o, const double *d, double *out)
{
    double ox = o[0], oy = o[1], dx = d[0], dy = d[1];
    out[0] = INFINITY; out[1] = out[2] = NAN; out[3] = out[4] = -1.0;
    double len = hypot(dx, dy);
    if (!(len > 0.0) || !isfinite(len)) { out[0] = NAN; return; }
    const double mags[4] = {ox, oy, dx, dy};
    pc__filter f = pc__filter_for(pc__max(map->magnitude, pc__magnitude(mags, 4)));
    int64_t ti, tj;
    if (point_in_solid(map, &f, ox, oy, &ti, &tj)) {
        out[0] = 0.0; out[1] = -dx / len + 0.0; out[2] = -dy / len + 0.0; out[3] = (double)ti; out[4] = (double)tj;
        return;
    }
    if (map->n_edges == 0) return;
    /* grid units: g + t gd, the same t as the ray's */
    double s = map->tile_size;
    double gx = (ox - map->ox) / s, gy = (oy - map->oy) / s, gdx = dx / s, gdy = dy / s;
    double glen = len / s, slack = PC_CELL_SLACK / glen; /* PC_CELL_SLACK tiles in t */
    /* clip to the map's rectangle [0, cols] x [0, rows] (with slack) */
    double t0 = 0.0, t1 = INFINITY;
    const double lo[2] = {-PC_CELL_SLACK, -PC_CELL_SLACK};
    const double hi[2] = {(double)map->cols + PC_CELL_SLACK, (double)map->rows + PC_CELL_SLACK};
    const double g[2] = {gx, gy}, gd[2] = {gdx, gdy};
    for (int a = 0; a < 2; a++) {
        if (gd[a] == 0.0) {
            if (g[a] < lo[a] || g[a] > hi[a]) return;
            continue;
        }
        double ta = (lo[a] - g[a]) / gd[a], tb = (hi[a] - g[a]) / gd[a];
        if (ta > tb) { double w = ta; ta = tb; tb = w; }
        t0 = pc__max(t0, ta);
        t1 = pc__min(t1, tb);
    }
    if (!(t0 <= t1)) return;
    double sx = gdx > 0 ? 1.0 : -1.0, sy = gdy > 0 ? 1.0 : -1.0;
    int64_t j = (int64_t)pc__clamp(floor(gx + t0 * gdx), 0.0, (double)(map->cols - 1));
    int64_t i = (int64_t)pc__clamp(floor(gy + t0 * gdy), 0.0, (double)(map->rows - 1));
    ray_best b = {INFINITY, -1};
    for (;;) {
        cell_edges(map, &f, i, j, ox, oy, dx, dy, &b);
        /* where the ray leaves cell (i, j) */
        double tx = gdx == 0.0 ? INFINITY : ((double)j + (gdx > 0 ? 1.0 : 0.0) - gx) / gdx;
        double ty = gdy == 0.0 ? INFINITY : ((double)i + (gdy > 0 ? 1.0 : 0.0) - gy) / gdy;
        double texit = pc__min(tx, ty);
        if (b.t < texit - slack || texit > t1) break;
        int64_t di = 0, dj = 0;
        if (fabs(tx - ty) <= slack) {
            /* near a grid corner: the two cells beside it too */
            cell_edges(map, &f, i, j + (int64_t)sx, ox, oy, dx, dy, &b);
            cell_edges(map, &f, i + (int64_t)sy, j, ox, oy, dx, dy, &b);
            di = (int64_t)sy;
            dj = (int64_t)sx;
        } else if (tx < ty) {
            dj = (int64_t)sx;
        } else {
            di = (int64_t)sy;
        }
        i += di;
        j += dj;
        if (i < 0 || j < 0 || i >= map->rows || j >= map->cols) break;
    }
    if (b.edge < 0) return;
    const double *e = map->edges + 6 * b.edge;
    double hx = ox + b.t * dx, hy = oy + b.t * dy;
    out[0] = b.t * len;
    out[1] = e[4];
    out[2] = e[5];
    tile_at_hit(map, &f, e, hx, hy, &ti, &tj);
    out[3] = (double)ti;
    out[4] = (double)tj;
}

static void raycast_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct map_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        raycast_one(c->map, (const double *)(p[0] + i * s[0]), (const double *)(p[1] + i * s[1]),
                    (double *)(p[2] + i * s[2]));
}

int pc_tilemap_raycast(const pc_tilemap *map, const double *origins, const int64_t *strides_o,
                       const double *directions, const int64_t *strides_d,
                       double *out, const int64_t *strides_out, int ndim, const int64_t *shape, int threads)
{
    const void *ptrs[3] = {origins, directions, out};
    const int64_t *st[3] = {strides_o, strides_d, strides_out};
    return run(map, 3, ptrs, st, 0, ndim, shape, raycast_inner, 0, threads);
}
