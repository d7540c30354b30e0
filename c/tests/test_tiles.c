/* Tile maps: building the boundary, exact cell lookups, overlaps, contact
 * and raycasts (tilemap.c, raycast.c). */
#include "test.h"

/* Tile maps: merged edges, overlaps and raycasts on a small room (test.h:
 * a 6 x 4 room with a solid rim and a CUT_NW tile in the bottom-right inner
 * corner). */
static void test_tilemap(void)
{
    enum { R = TEST_ROOM_ROWS, C = TEST_ROOM_COLS };
    const int8_t *kinds = test_room_kinds;
    int64_t ne = -1, nr = -1;
    double mag = -1;
    CHECK(pc_tilemap_build(kinds, R, C, 1.0, 0.0, 0.0, NULL, 0, NULL, NULL, 0, &ne, &nr, &mag) == PC_OK);
    /* outer 4, inner floor (x 1..4), ceiling, two walls (right one shortened
     * by the triangle), the diagonal */
    CHECK(ne == 9);
    CHECK(mag == 6.0);
    double edges[9 * 6];
    int64_t start[R * C + 1], refs[256];
    CHECK(nr <= 256);
    CHECK(pc_tilemap_build(kinds, R, C, 1.0, 0.0, 0.0, edges, ne, start, refs, nr, &ne, &nr, &mag) == PC_OK);
    CHECK(start[0] == 0 && start[R * C] == nr);
    for (int64_t e = 0; e < ne; e++) { /* unit outward normals, solid on the left */
        const double *g = edges + 6 * e;
        double n2 = g[4] * g[4] + g[5] * g[5];
        CHECK(fabs(n2 - 1.0) < 1e-15);
        double left = -(g[3] - g[1]) * g[4] + (g[2] - g[0]) * g[5]; /* (dir x n) < 0 */
        CHECK(left < 0.0);
    }
    int8_t bad[1] = {6};
    CHECK(pc_tilemap_build(bad, 1, 1, 1.0, 0.0, 0.0, NULL, 0, NULL, NULL, 0, &ne, &nr, &mag) == PC_ERR_ARG);
    CHECK(pc_tilemap_build(kinds, R, C, 0.0, 0.0, 0.0, NULL, 0, NULL, NULL, 0, &ne, &nr, &mag) == PC_ERR_ARG);
    ne = 9;
    pc_tilemap map = {kinds, R, C, 1.0, 0.0, 0.0, 6.0, edges, ne, start, refs};

    /* overlaps: touching the floor counts, strictly it does not */
    double ball[3] = {2.0, 1.5, 0.5};
    uint8_t hit = 9;
    CHECK(pc_tilemap_overlaps(&map, ball, NULL, &hit, NULL, 0, NULL, PC_TOUCHING, 1, NULL) == PC_OK && hit == 1);
    CHECK(pc_tilemap_overlaps(&map, ball, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 0);

    /* a ray straight down hits the floor at distance 1.5; one along the floor
     * line (y = 1) starts on the boundary: distance 0 */
    double o[2] = {2.5, 2.5}, d[2] = {0.0, -3.0}, out[6];
    CHECK(pc_tilemap_raycast(&map, o, NULL, d, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && out[1] == 1.5 && out[2] == 0.0 && out[3] == 1.0 && out[4] == 0.0 && out[5] == 2.0);
    double o2[2] = {1.0, 1.0}, d2[2] = {1.0, 0.0};
    CHECK(pc_tilemap_raycast(&map, o2, NULL, d2, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 1.0 && out[1] == 0.0);
    /* a ray exactly through the corner (1, 3)-(0, ...) grazes the ceiling's end */
    double o3[2] = {3.0, 2.0}, d3[2] = {-1.0, 1.0};
    CHECK(pc_tilemap_raycast(&map, o3, NULL, d3, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && fabs(out[1] - sqrt(2.0)) < 1e-15);
    /* tiny and huge directions and far origins (rays exact for every finite input) */
    double tiny[2] = {1e-308, 0.0}, huge[2] = {-1e308, 0.0}, far[2] = {1e308, 2.5}, o4[2] = {2.5, 1.5};
    CHECK(pc_tilemap_raycast(&map, o4, NULL, tiny, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && out[1] == 2.0 && fabs(out[2] + sqrt(0.5)) < 1e-15 && fabs(out[3] - sqrt(0.5)) < 1e-15 && out[4] == 1.0 && out[5] == 4.0);
    CHECK(pc_tilemap_raycast(&map, far, NULL, huge, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && out[1] == 1e308 - 6.0 && out[2] == 1.0 && out[4] == 2.0 && out[5] == 5.0);
}

/* Exact cell lookups where the corners round, and the solid region as the
 * union of the tiles. */
static void test_rounded_grids(void)
{
    uint8_t hit = 9;
    double out[6];
    /* exact cell lookups where the corners round: tiles of 1e-7 at 1e15 all
     * round to one double (zero width), tiles of 0.3 far from o + k s */
    pc__axis flat = {1e15, 1e-7, 1e7, 100};
    int64_t lo = -1, hi = -1;
    CHECK(pc__cells(&flat, 1e15, 1e15, &lo, &hi) && lo == 0 && hi == 99);
    CHECK(!pc__cells(&flat, nextafter(1e15, INFINITY), 2e15, &lo, &hi));
    CHECK(!pc__cells(&flat, -INFINITY, nextafter(1e15, 0.0), &lo, &hi));
    pc__axis coarse = {1e15, 0.3, 1.0 / 0.3, 3}; /* corners 1e15, +0.25, +0.625, +0.875 */
    CHECK(pc__grid(1e15, 1, 0.3) == 1e15 + 0.25 && pc__grid(1e15, 2, 0.3) == 1e15 + 0.625);
    CHECK(pc__cells(&coarse, 1e15 + 0.25, 1e15 + 0.25, &lo, &hi) && lo == 0 && hi == 1);
    CHECK(pc__cells(&coarse, 1e15 + 0.375, 1e15 + 0.5, &lo, &hi) && lo == 1 && hi == 1);
    CHECK(pc__cells(&coarse, -INFINITY, INFINITY, &lo, &hi) && lo == 0 && hi == 2);
    CHECK(pc__down(1.0) == nextafter(1.0, 0.0) && pc__up(-0.0) == 0x1p-1074 && pc__down(INFINITY) == DBL_MAX);
    const int8_t strip[3] = {0, 1, 0};
    double sedges[6 * 8];
    int64_t sstart[8], srefs[64], sne, snr;
    double smag;
    CHECK(pc_tilemap_build(strip, 1, 3, 0.3, 1e15, 0.0, sedges, 8, sstart, srefs, 64, &sne, &snr, &smag) == PC_OK);
    pc_tilemap sm = {strip, 1, 3, 0.3, 1e15, 0.0, smag, sedges, sne, sstart, srefs};
    double reach[3] = {1e15 + 0.125, 0.15, 0.17}, con[7];
    CHECK(pc_tilemap_overlaps(&sm, reach, NULL, &hit, NULL, 0, NULL, PC_TOUCHING, 1, NULL) == PC_OK && hit == 1);
    CHECK(pc_tilemap_contact(&sm, reach, NULL, con, NULL, 0, NULL, 1, NULL) == PC_OK && fabs(con[0] + 0.045) < 1e-12);
    /* strictly inside the union: a point on the face between two solid tiles
     * is; on the outer face, or where tiles rounded flat, it is not */
    const int8_t pair[2] = {1, 1};
    CHECK(pc_tilemap_build(pair, 1, 2, 1.0, 0.0, 0.0, sedges, 8, sstart, srefs, 64, &sne, &snr, &smag) == PC_OK);
    pc_tilemap pm = {pair, 1, 2, 1.0, 0.0, 0.0, smag, sedges, sne, sstart, srefs};
    double seam[3] = {1.0, 0.5, 0.0}, rim[3] = {2.0, 0.5, 0.0}, corner2[3] = {1.0, 1.0, 0.0};
    CHECK(pc_tilemap_overlaps(&pm, seam, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 1);
    CHECK(pc_tilemap_overlaps(&pm, rim, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 0);
    CHECK(pc_tilemap_overlaps(&pm, corner2, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 0);
    const int8_t block[4] = {1, 1, 1, 1};
    CHECK(pc_tilemap_build(block, 2, 2, 1e-7, 1e15, 1e15, sedges, 8, sstart, srefs, 64, &sne, &snr, &smag) == PC_OK);
    pc_tilemap point_map = {block, 2, 2, 1e-7, 1e15, 1e15, smag, sedges, sne, sstart, srefs};
    double dot[3] = {1e15, 1e15, 0.0};
    CHECK(pc_tilemap_overlaps(&point_map, dot, NULL, &hit, NULL, 0, NULL, PC_TOUCHING, 1, NULL) == PC_OK && hit == 1);
    CHECK(pc_tilemap_overlaps(&point_map, dot, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 0);
    double ro[2] = {0.0, 1e15}, rd[2] = {1.0, 0.0}; /* a ray through the map rounded to one point */
    CHECK(pc_tilemap_raycast(&point_map, ro, NULL, rd, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 1.0 && out[1] == 1e15);
}

void group_tiles(void)
{
    test_tilemap();
    test_rounded_grids();
}
