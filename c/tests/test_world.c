/* Worlds and motion: world.c (overlaps, contact, sweeps), depenetrate.c,
 * motion.c (advance), collide.c, slide.c, response.c. */
#include "test.h"

/* pc_tilemap_advance in the room (test.h): a ball rolling along the floor
 * into the triangle's face leaves straight up (45-degree face, elastic),
 * never ending inside, no speed gained; bad arguments; a move beyond the
 * doubles. */
static void test_tilemap_advance(void)
{
    static test_map room;
    CHECK(test_map_build(&room, test_room_kinds, TEST_ROOM_ROWS, TEST_ROOM_COLS, 1.0, 0.0, 0.0) == PC_OK);
    const pc_tilemap map = room.map;
    uint8_t hit = 9;
    double circle[3] = {1.5, 1.25, 0.25}, v[2] = {2.0, 0.0};
    int64_t bounces = 0;
    CHECK(pc_tilemap_advance(&map, circle, v, &bounces, 1, 1.5, 1.0, 0.0, 16, 1, NULL) == PC_OK);
    CHECK(bounces == 1);
    CHECK(fabs(v[0]) < 1e-15 && fabs(v[1] - 2.0) < 1e-15);
    CHECK(v[0] * v[0] + v[1] * v[1] <= 4.0);
    CHECK(pc_tilemap_overlaps(&map, circle, NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK && hit == 0);
    CHECK(pc_tilemap_advance(&map, circle, v, NULL, 1, 1.0, 1.5, 0.0, 16, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_tilemap_advance(&map, circle, v, NULL, 1, 1.0, 1.0, -1.0, 16, 1, NULL) == PC_ERR_ARG);
    double fast[2] = {1e308, 0.0};
    bounces = 0;
    CHECK(pc_tilemap_advance(&map, circle, fast, &bounces, 1, 2.0, 1.0, 0.0, 16, 1, NULL) == PC_OK && bounces == -2);
    CHECK(pc_tilemap_advance(&map, circle, v, NULL, 1, 1.0, 1.0, 0.0, 0, 1, NULL) == PC_ERR_ARG);

}

/* pc_world_depenetrate: out of a floor, a wall and the corner between them
 * by the least translation; across a seam between two floor tiles straight
 * up, never through the face between them; the same against a collection;
 * a rounding error deep, by an ulp.  pc_world_advance with a restitution
 * per circle (stride 1) or one for all (stride 0); a circle a rounding error
 * deep is moved out, not reported. */
static void test_depenetrate(void)
{
    enum { R = 3, C = 7 };
    const int8_t kinds[R * C] = {
        1, 1, 1, 1, 1, 1, 1,
        1, 0, 0, 0, 0, 0, 0,
        1, 0, 0, 0, 0, 0, 0,
    };
    double edges[6 * 16], mag;
    int64_t start[R * C + 1], refs[128], ne, nr;
    CHECK(pc_tilemap_build(kinds, R, C, 1.0, 0.0, 0.0, edges, 16, start, refs, 128, &ne, &nr, &mag) == PC_OK);
    pc_tilemap map = {kinds, R, C, 1.0, 0.0, 0.0, mag, edges, ne, start, refs};
    pc_world_part part = {&map, NULL, 0, 0.0};
    /* floor, wall, corner, across the seam at x = 3 (0.001 of it over tile
     * 2, less than the depth), apart, an ulp deep */
    double boxes[6][4] = {{3.0, 0.75, 4.0, 1.75}, {0.5, 1.5, 1.5, 2.5}, {0.75, 0.75, 1.75, 1.75},
                          {2.999, 0.75, 3.999, 1.75}, {3.0, 1.5, 4.0, 2.5}, {3.0, 1.0 - 0x1p-52, 4.0, 2.0}};
    const double want[6][2] = {{0.0, 0.25}, {0.5, 0.0}, {0.25, 0.25}, {0.0, 0.25}, {0.0, 0.0}, {0.0, 0x1p-52}};
    double moved[6][4], out[6][3];
    int64_t shape[1] = {6}, sb[1] = {4}, so[1] = {3};
    CHECK(pc_world_depenetrate(&part, 1, PC_BOX, &boxes[0][0], sb, &moved[0][0], sb, &out[0][0], so, 1, shape, 1, NULL) ==
          PC_OK);
    for (int k = 0; k < 6; k++) {
        CHECK(out[k][0] == want[k][0] && out[k][1] == want[k][1]);
        CHECK(out[k][2] == hypot(want[k][0], want[k][1]));
        uint8_t inside = 1;
        CHECK(pc_world_overlaps(&part, 1, PC_BOX, moved[k], NULL, &inside, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK);
        CHECK(inside == 0);
    }
    CHECK(moved[5][1] == 1.0 && moved[3][1] == 1.0 && moved[3][0] == 2.999);
    /* the floor as a collection of two boxes meeting at x = 3: the same */
    const double floor[2][4] = {{0.0, 0.0, 3.0, 1.0}, {3.0, 0.0, 7.0, 1.0}};
    int64_t bytes = pc_pairs_workspace(PC_BOX, 2, PC_BOX, 0);
    static unsigned char work[1 << 14];
    CHECK(bytes > 0 && bytes <= (int64_t)sizeof work);
    CHECK(pc_pairs_prepare(PC_BOX, &floor[0][0], 2, PC_BOX, NULL, 0, work, bytes) == PC_OK);
    pc_world_part shelf = {NULL, work, bytes, 7.0};
    CHECK(pc_world_depenetrate(&shelf, 1, PC_BOX, boxes[3], NULL, moved[3], NULL, out[3], NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[3][0] == 0.0 && out[3][1] == 0.25 && moved[3][1] == 1.0);
    CHECK(pc_world_depenetrate(&shelf, 1, PC_KIND_COUNT, boxes[3], NULL, moved[3], NULL, out[3], NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);

    /* advance: the second circle an ulp into the floor, both falling onto
     * it; restitution 1 for the first and 0 for the second, or 0.5 for both */
    double balls[2][3] = {{3.5, 1.5, 0.5}, {5.5, 1.5 - 0x1p-52, 0.5}}, v[2][2] = {{0.0, -1.0}, {0.0, -1.0}};
    const double e2[2] = {1.0, 0.0}, half = 0.5, mu = 0.0, bad[2] = {1.0, 1.5};
    int64_t bounces[2] = {0, 0};
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], bounces, 2, 0.5, e2, 1, &mu, 0, 16, 1, NULL) == PC_OK);
    CHECK(bounces[0] == 1 && bounces[1] == 1);
    CHECK(v[0][1] == 1.0 && v[1][1] == 0.0 && balls[0][1] == 2.0 && balls[1][1] == 1.5);
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], bounces, 2, 0.5, &half, 0, &mu, 0, 16, 1, NULL) == PC_OK);
    CHECK(bounces[0] == 1 && bounces[1] == 1 && balls[0][1] == 2.5 && balls[1][1] == 1.5);
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], NULL, 2, 0.5, bad, 1, &mu, 0, 16, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], NULL, 2, 0.5, &half, -1, &mu, 0, 16, 1, NULL) == PC_ERR_ARG);
}

void group_world(void)
{
    test_tilemap_advance();
    test_depenetrate();
}
