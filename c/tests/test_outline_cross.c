/* Segments and lines against outlines' edges (pc_outlines_intersections). */
#include "test.h"

#include <math.h>

void group_outline_cross(void)
{
    /* a polyline zigzag (0, 0) (1, 1) (2, 0) (3, 1) (4, 0) and its index */
    static const double xy[] = {0, 0, 1, 1, 2, 0, 3, 1, 4, 0};
    int64_t rings[2] = {0, 5}, shapes[2] = {0, 1}, bands[16], ids[64], nb, nl;
    double rows[7], edges[4 * 64];
    int8_t left[1];
    pc_outlines o = {xy, rings, shapes, 1, 0, 4.0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    CHECK(pc_outlines_index(&o, NULL, NULL, 0, NULL, NULL, NULL, 0, &nb, &nl) == PC_OK && nb <= 16 && nl <= 64);
    CHECK(pc_outlines_index(&o, rows, bands, 16, edges, ids, left, 64, &nb, &nl) == PC_OK);
    o.shapes = rows;
    o.band_start = bands;
    o.edges = edges;
    o.ids = ids;
    o.left = left;
    /* three segments: across every edge; along y = 0 through the vertices; along y = 1 */
    double segs[3][4] = {{0, 0.5, 4, 0.5}, {-1, 0, 5, 0}, {5, 1, -1, 1}};
    int64_t which = 0, count[3], offsets[3], dims[1] = {3}, st_w[1] = {0}, st_a[1] = {4}, st_c[1] = {8};
    CHECK(pc_outlines_intersections(&o, &which, st_w, PC_SEGMENT, &segs[0][0], st_a, count, st_c, NULL, NULL, NULL,
                                    NULL, 1, dims, 5.0, 1, NULL) == PC_OK);
    CHECK(count[0] == 4 && count[1] == 4 && count[2] == 4); /* records: one an edge met */
    offsets[0] = 0;
    offsets[1] = count[0];
    offsets[2] = count[0] + count[1];
    double points[2 * 12], work[5 * 12];
    CHECK(pc_outlines_intersections(&o, &which, st_w, PC_SEGMENT, &segs[0][0], st_a, count, st_c, offsets, st_c, points,
                                    work, 1, dims, 5.0, 2, NULL) == PC_OK);
    CHECK(count[0] == 4 && points[0] == 0.5 && points[1] == 0.5 && points[6] == 3.5 && points[7] == 0.5);
    double *p1 = points + 2 * offsets[1], *p2 = points + 2 * offsets[2];
    CHECK(count[1] == 3 && p1[0] == 0 && p1[2] == 2 && p1[4] == 4); /* each vertex once, in order */
    CHECK(count[2] == 2 && p2[0] == 3 && p2[1] == 1 && p2[2] == 1); /* from the start at x = 5 */
    /* a line through the first edge's run: the run's ends */
    double run[4] = {0, 0, 2, 2}, pts[2 * 4], wk[5 * 4];
    int64_t n, at = 0;
    CHECK(pc_outlines_intersections(&o, &which, NULL, PC_LINE, run, NULL, &n, NULL, NULL, NULL, NULL, NULL, 0, NULL,
                                    2.0, 1, NULL) == PC_OK);
    CHECK(n <= 4);
    CHECK(pc_outlines_intersections(&o, &which, NULL, PC_LINE, run, NULL, &n, NULL, &at, NULL, pts, wk, 0, NULL, 2.0, 1,
                                    NULL) == PC_OK);
    CHECK(n == 2 && pts[0] == 0 && pts[1] == 0 && pts[2] == 1 && pts[3] == 1);
    /* bad arguments */
    CHECK(pc_outlines_intersections(&o, &which, NULL, PC_BOX, run, NULL, &n, NULL, NULL, NULL, NULL, NULL, 0, NULL, 2.0,
                                    1, NULL) == PC_ERR_KIND);
    CHECK(pc_outlines_intersections(&o, &which, NULL, PC_LINE, run, NULL, &n, NULL, &at, NULL, pts, NULL, 0, NULL, 2.0,
                                    1, NULL) == PC_ERR_ARG);
    CHECK(pc_outlines_intersections(NULL, &which, NULL, PC_LINE, run, NULL, &n, NULL, NULL, NULL, NULL, NULL, 0, NULL,
                                    2.0, 1, NULL) == PC_ERR_ARG);
}
