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
    CHECK(pc_tilemap_raycast(&map, o2, NULL, d2, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 1.0 &&
          out[1] == 0.0);
    /* a ray exactly through the corner (1, 3)-(0, ...) grazes the ceiling's end */
    double o3[2] = {3.0, 2.0}, d3[2] = {-1.0, 1.0};
    CHECK(pc_tilemap_raycast(&map, o3, NULL, d3, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && fabs(out[1] - sqrt(2.0)) < 1e-15);
    /* tiny and huge directions and far origins (rays exact for every finite input) */
    double tiny[2] = {1e-308, 0.0}, huge[2] = {-1e308, 0.0}, far[2] = {1e308, 2.5}, o4[2] = {2.5, 1.5};
    CHECK(pc_tilemap_raycast(&map, o4, NULL, tiny, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && out[1] == 2.0 && fabs(out[2] + sqrt(0.5)) < 1e-15 && fabs(out[3] - sqrt(0.5)) < 1e-15 &&
          out[4] == 1.0 && out[5] == 4.0);
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
    CHECK(pc_tilemap_raycast(&point_map, ro, NULL, rd, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 1.0 &&
          out[1] == 1e15);
}

/* pc_tilemap_tiles: the room's 17 non-empty tiles in row-major order, a
 * solid one as a box, the cut one as its triangle, corners rounded once;
 * a short capacity writes that many and counts all; bad arguments. */
static void test_tilemap_tiles(void)
{
    static test_map room, strip;
    CHECK(test_map_build(&room, test_room_kinds, TEST_ROOM_ROWS, TEST_ROOM_COLS, 1.0, 0.0, 0.0) == PC_OK);
    int64_t cells[32], count = -1;
    int8_t kinds[32];
    double rows[32 * 6];
    CHECK(pc_tilemap_tiles(&room.map, cells, kinds, rows, 32, &count) == PC_OK && count == 17);
    CHECK(cells[0] == 0 && cells[5] == 5 && cells[6] == 6 && cells[7] == 10 && cells[8] == 11 && cells[16] == 23);
    CHECK(kinds[0] == PC_BOX && rows[0] == 0 && rows[1] == 0 && rows[2] == 1 && rows[3] == 1);
    CHECK(kinds[16] == PC_BOX && rows[96] == 5 && rows[97] == 3 && rows[98] == 6 && rows[99] == 4);
    CHECK(kinds[7] == PC_TRIANGLE && rows[42] == 4 && rows[43] == 1 && rows[44] == 5 && rows[45] == 1 &&
          rows[46] == 5 && rows[47] == 2); /* CUT_NW: the north-west corner cut away */
    int64_t few[2] = {-1, -1};
    CHECK(pc_tilemap_tiles(&room.map, few, kinds, rows, 1, &count) == PC_OK && count == 17 && few[0] == 0 &&
          few[1] == -1);
    CHECK(pc_tilemap_tiles(&room.map, NULL, NULL, NULL, 0, &count) == PC_OK && count == 17);
    CHECK(pc_tilemap_tiles(&room.map, cells, kinds, rows, 32, NULL) == PC_ERR_ARG);
    CHECK(pc_tilemap_tiles(&room.map, NULL, kinds, rows, 32, &count) == PC_ERR_ARG);
    CHECK(pc_tilemap_tiles(&room.map, cells, kinds, rows, -1, &count) == PC_ERR_ARG);
    CHECK(pc_tilemap_tiles(NULL, cells, kinds, rows, 32, &count) == PC_ERR_ARG);
    /* tiles of 0.3 from 1e15: their corners are fma(j, 0.3, 1e15) */
    const int8_t three[3] = {1, 4, 1};
    CHECK(test_map_build(&strip, three, 1, 3, 0.3, 1e15, 0.0) == PC_OK);
    CHECK(pc_tilemap_tiles(&strip.map, cells, kinds, rows, 32, &count) == PC_OK && count == 3);
    CHECK(rows[0] == 1e15 && rows[2] == 1e15 + 0.25 && rows[3] == 0.3 && kinds[1] == PC_TRIANGLE);
    CHECK(rows[6] == 1e15 + 0.25 && rows[8] == 1e15 + 0.625 &&
          rows[9] == 0.3); /* CUT_SE: (x0, y0), (x1, y1), (x0, y1) */
    CHECK(rows[14] == 1e15 + 0.875 && rows[15] == 0.3);
}

/* pc_tilemap_contact in the room: apart from the floor, into it, touching
 * it, deepest in a solid tile; a point in the cut tile; an empty map; a bad
 * map. */
static void test_tilemap_contact(void)
{
    static test_map room, empty;
    CHECK(test_map_build(&room, test_room_kinds, TEST_ROOM_ROWS, TEST_ROOM_COLS, 1.0, 0.0, 0.0) == PC_OK);
    const double balls[4][3] = {{2.5, 1.75, 0.25}, {2.5, 1.25, 0.5}, {2.5, 1.5, 0.5}, {3, 0.5, 0.25}};
    double out[4][7];
    int64_t n[1] = {4}, sc[1] = {3}, so[1] = {7};
    CHECK(pc_tilemap_contact(&room.map, &balls[0][0], sc, &out[0][0], so, 1, n, 1, NULL) == PC_OK);
    /* the floor (y = 1), 0.5 below the circle; the normal from the circle
     * toward the solid, exactly (0, -1); witness points on either */
    CHECK(out[0][0] == 0.5 && out[0][1] == 0 && out[0][2] == -1 && out[0][3] == 2.5 && out[0][4] == 1.5 &&
          out[0][5] == 2.5 && out[0][6] == 1);
    CHECK(out[1][0] == -0.25 && out[1][1] == 0 && out[1][2] == -1);
    CHECK(out[2][0] == 0 && out[2][2] == -1); /* touching */
    CHECK(out[3][0] == -0.75);                /* in the floor, 0.5 from its top and its bottom */
    const double on[3] = {4.5, 1.25, 0};
    double p[7];
    CHECK(pc_tilemap_contact(&room.map, on, NULL, p, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(p[0] < 0 && fabs(p[0] + 0.25 * sqrt(0.5)) < 1e-15); /* in the cut tile, 0.25 / sqrt 2 behind its slope */
    const int8_t nothing[4] = {0, 0, 0, 0};
    CHECK(test_map_build(&empty, nothing, 2, 2, 1.0, 0.0, 0.0) == PC_OK);
    CHECK(pc_tilemap_contact(&empty.map, on, NULL, p, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(p[0] == INFINITY && isnan(p[1]) && isnan(p[6]));
    CHECK(pc_tilemap_contact(NULL, on, NULL, p, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
}

/* The tile-map batches over many circles and rays: the same on one thread
 * and several; the cancel flag. */
static void test_tilemap_threads(void)
{
    static test_map room;
    CHECK(test_map_build(&room, test_room_kinds, TEST_ROOM_ROWS, TEST_ROOM_COLS, 1.0, 0.0, 0.0) == PC_OK);
    enum { N = TEST_MANY };
    double *c = malloc(sizeof(double) * 5 * N), *o1 = malloc(sizeof(double) * 7 * N),
           *on = malloc(sizeof(double) * 7 * N);
    uint8_t *h1 = malloc(N), *hn = malloc(N);
    unsigned state = 5;
    for (int64_t i = 0; i < N; i++) {
        c[3 * i] = unit_random(&state) * 7 - 0.5;
        c[3 * i + 1] = unit_random(&state) * 5 - 0.5;
        c[3 * i + 2] = i % 3 ? unit_random(&state) * 0.5 : 0.0;
    }
    double *d = c + 3 * N;
    for (int64_t i = 0; i < 2 * N; i++) d[i] = unit_random(&state) * 8 - 4;
    int64_t n[1] = {N}, s3[1] = {3}, s2[1] = {2}, s1[1] = {1}, s6[1] = {6}, s7[1] = {7};
    for (int mode = 0; mode < 2; mode++) {
        CHECK(pc_tilemap_overlaps(&room.map, c, s3, h1, s1, 1, n, mode, 1, NULL) == PC_OK);
        CHECK(pc_tilemap_overlaps(&room.map, c, s3, hn, s1, 1, n, mode, TEST_THREADS, NULL) == PC_OK);
        CHECK(!memcmp(h1, hn, N));
    }
    CHECK(pc_tilemap_contact(&room.map, c, s3, o1, s7, 1, n, 1, NULL) == PC_OK);
    CHECK(pc_tilemap_contact(&room.map, c, s3, on, s7, 1, n, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 7 * N));
    int signs = 1; /* the contact's sign is the overlap's, exactly */
    for (int64_t i = 0; i < N; i++) signs &= (o1[7 * i] <= 0) == (h1[i] == 1);
    CHECK(signs);
    CHECK(pc_tilemap_raycast(&room.map, c, s3, d, s2, o1, s6, 1, n, 1, NULL) == PC_OK);
    CHECK(pc_tilemap_raycast(&room.map, c, s3, d, s2, on, s6, 1, n, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 6 * N));
    int flag = 1;
    hn[0] = 7;
    on[0] = 7;
    CHECK(pc_tilemap_overlaps(&room.map, c, s3, hn, s1, 1, n, PC_TOUCHING, TEST_THREADS, &flag) == PC_ERR_CANCELLED);
    CHECK(pc_tilemap_contact(&room.map, c, s3, on, s7, 1, n, TEST_THREADS, &flag) == PC_ERR_CANCELLED);
    CHECK(pc_tilemap_raycast(&room.map, c, s3, d, s2, on, s6, 1, n, TEST_THREADS, &flag) == PC_ERR_CANCELLED);
    CHECK(hn[0] == 7 && on[0] == 7);
    free(c);
    free(o1);
    free(on);
    free(h1);
    free(hn);
}

void group_tiles(void)
{
    test_tilemap();
    test_rounded_grids();
    test_tilemap_tiles();
    test_tilemap_contact();
    test_tilemap_threads();
}
