/* Raycasts, sweeps and nearest queries: cast.c (through a collection's
 * tree), entry.c, sweep.c (circles), sweepshape.c (shapes of every kind). */
#include "test.h"

/* pc_ray_order: a permutation, near points together, points that are not
 * finite last (in their order), bad sizes refused. */
static void test_ray_order(void)
{
    double pts[8][2] = {{0, 0}, {100, 100}, {NAN, 1}, {1, 0}, {99, 100}, {INFINITY, 0}, {0, 1}, {100, 99}};
    int64_t order[8];
    uint64_t work[16];
    CHECK(pc_ray_order(&pts[0][0], 8, order, work) == PC_OK);
    int seen[8] = {0}, ok = 1;
    for (int k = 0; k < 8; k++) {
        ok &= order[k] >= 0 && order[k] < 8 && !seen[order[k]];
        if (order[k] >= 0 && order[k] < 8) seen[order[k]] = 1;
    }
    CHECK(ok);
    CHECK(order[6] == 2 && order[7] == 5);  /* not finite: last, in their order */
    int low = 0;  /* the three points near (0, 0) come before the three near (100, 100) */
    for (int k = 0; k < 3; k++) low += order[k] == 0 || order[k] == 3 || order[k] == 6;
    CHECK(low == 3);
    CHECK(pc_ray_order(&pts[0][0], -1, order, work) == PC_ERR_ARG);
    CHECK(pc_ray_order(NULL, 3, order, work) == PC_ERR_ARG);
    CHECK(pc_ray_order(NULL, 0, NULL, NULL) == PC_OK);
}

/* The public sweeps: the surface normal of what was hit, pointing back at the
 * mover, from every entry point; a point moving down the face between two
 * solid tiles hits the floor's top; a move beyond the doubles writes NaNs;
 * the shape placed at the time does not penetrate the target. */
static void test_sweep_entry_points(void)
{
    const int8_t floor[4] = {1, 1, 1, 1}; /* x in [0, 4], y in [0, 1] */
    double edges[6 * 8], mag;
    int64_t start[5], refs[64], ne, nr;
    CHECK(pc_tilemap_build(floor, 1, 4, 1.0, 0.0, 0.0, edges, 8, start, refs, 64, &ne, &nr, &mag) == PC_OK);
    pc_tilemap map = {floor, 1, 4, 1.0, 0.0, 0.0, mag, edges, ne, start, refs};
    double out[7];
    /* down the seam x = 1: hit at 0.4 on the floor's top, normal up */
    double point[2] = {1.0, 3.0}, flat[4] = {1.0, 3.0, 1.0, 4.0}, down[2] = {0.0, -5.0};
    CHECK(pc_tilemap_sweep_shapes(&map, PC_POINT, point, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.4 && out[1] == 0.0 && out[2] == 1.0 && out[3] == 1.0 && out[4] == 1.0 && out[5] == 0.0);
    CHECK(pc_tilemap_sweep_shapes(&map, PC_BOX, flat, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.4 && out[1] == 0.0 && out[2] == 1.0);
    double ball0[3] = {1.0, 3.0, 0.0};
    CHECK(pc_tilemap_sweep(&map, ball0, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 0.4 && out[2] == 1.0);
    /* a box into a wall segment: the wall's normal (-1, 0) */
    double box[4] = {0.0, 0.0, 1.0, 1.0}, east[2] = {4.0, 0.0}, wall[4] = {3.0, -1.0, 3.0, 2.0};
    CHECK(pc_sweep_shapes(PC_BOX, box, NULL, east, NULL, PC_SEGMENT, wall, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == -1.0 && out[2] == 0.0 && out[3] == 3.0);
    /* the same through a tree and through a world of the tree and the map */
    int64_t bytes = pc_pairs_workspace(PC_SEGMENT, 1, PC_SEGMENT, 0);
    static unsigned char work[1 << 16];
    CHECK(bytes > 0 && bytes <= (int64_t)sizeof work);
    CHECK(pc_pairs_prepare(PC_SEGMENT, wall, 1, PC_SEGMENT, NULL, 0, work, bytes) == PC_OK);
    CHECK(pc_sweep_tree(work, bytes, 3.0, PC_BOX, box, NULL, east, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == -1.0 && out[2] == 0.0 && out[5] == 0.0);
    pc_world_part parts[2] = {{&map, NULL, 0, 0.0}, {NULL, work, bytes, 3.0}};
    double lifted[4] = {0.0, 1.5, 1.0, 2.5}; /* above the floor, beside the wall */
    CHECK(pc_world_sweep(parts, 2, PC_BOX, lifted, NULL, east, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == -1.0 && out[2] == 0.0 && out[5] == 1.0 && out[6] == 0.0);
    CHECK(pc_world_sweep(parts, 2, PC_POINT, point, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.4 && out[2] == 1.0 && out[5] == 0.0 && out[6] == 0.0);
    double up[2] = {0.0, 5.0};
    CHECK(pc_world_sweep(parts, 2, PC_POINT, point, NULL, up, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && isnan(out[1]) && out[5] == -1.0 && out[6] == -1.0);
    CHECK(pc_world_sweep(parts, 0, PC_POINT, point, NULL, up, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    /* beyond the doubles: NaN in every output double */
    double far[2] = {1e308, 0.0}, huge[2] = {1e308, 0.0};
    CHECK(pc_sweep_shapes(PC_POINT, far, NULL, huge, NULL, PC_SEGMENT, wall, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(isnan(out[0]) && isnan(out[1]) && isnan(out[3]));
    CHECK(pc_world_sweep(parts, 2, PC_POINT, far, NULL, huge, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(isnan(out[0]) && isnan(out[6]));
    CHECK(pc_tilemap_sweep_shapes(&map, PC_POINT, far, NULL, huge, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(isnan(out[0]) && isnan(out[5]));
    /* placed at the time (each coordinate plus fl(t D)), a ball is not inside
     * a box it was 1.2e-14 inside of when the time was rounded directly */
    double c[3] = {0.9918737534611903, -9.448817735138633, 0.7555241316486533};
    double d[2] = {7.718990472505091, 17.113367224819484};
    double b[4] = {0.862207517439427, -1.2697599490248712, 4.264859597111601, 0.6578338489270821};
    CHECK(pc_sweep_batch(c, NULL, d, NULL, PC_BOX, b, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    pc_circle placed = {c[0] + out[0] * d[0], c[1] + out[0] * d[1], c[2]};
    pc_box target = {b[0], b[1], b[2], b[3]};
    CHECK(out[0] > 0.43 && out[0] < 0.44 && pc_overlap_circle_box(&placed, &target, PC_STRICT) == 0);
}

/* pc_raycast_shapes through a workspace's tree: tangent rays (pc__perp_dir,
 * test_kernels.c) hit, one ulp off they miss; max distances, one for all
 * rays or one a ray; bad arguments write nothing. */
static void test_shape_rays(void)
{
    double balls[6] = {4, 0, 1, 8, 0, 2};
    int64_t need = pc_pairs_workspace(PC_CIRCLE, 2, PC_CIRCLE, 0);
    void *work = malloc((size_t)need);
    CHECK(pc_pairs_prepare(PC_CIRCLE, balls, 2, PC_CIRCLE, NULL, 0, work, need) == PC_OK);
    double o[8] = {0, 0, 0, 1, 0, nextafter(1, 2), 5, 0}, d[2] = {1, 0}, out[20];
    double no_limit = INFINITY, limit = 2.5, bad = -1.0, limits[4] = {2.5, 4.0, INFINITY, 0.0};
    int64_t so[1] = {2}, sd[1] = {0}, sm[1] = {0}, sm1[1] = {1}, sout[1] = {5}, n[1] = {4};
    CHECK(pc_raycast_shapes(work, need, 8.0, o, so, d, sd, &no_limit, sm, out, sout, 1, n, 1, NULL) == PC_OK);
    CHECK(out[0] == 1 && out[1] == 3 && out[2] == -1 && out[3] == 0 && out[4] == 0);
    CHECK(out[5] == 1 && out[9] == 0);                   /* tangent to ball 0 */
    CHECK(out[10] == 1 && out[14] == 1);                 /* one ulp higher: ball 1 */
    CHECK(out[15] == 1 && out[16] == 0 && out[19] == 0); /* from inside ball 0 */
    CHECK(pc_raycast_shapes(work, need, 8.0, o, so, d, sd, &limit, sm, out, sout, 1, n, 1, NULL) == PC_OK);
    CHECK(out[0] == 0 && out[4] == -1 && out[15] == 1);
    CHECK(pc_raycast_shapes(work, need, 8.0, o, so, d, sd, limits, sm1, out, sout, 1, n, 1, NULL) == PC_OK);
    CHECK(out[0] == 0 && out[5] == 1 && out[10] == 1 && out[15] == 1); /* a limit a ray: 2.5 falls short of ball 0 */
    out[0] = 7;
    CHECK(pc_raycast_shapes(work, need, 8.0, o, so, d, sd, &bad, sm, out, sout, 1, n, 1, NULL) == PC_ERR_ARG);
    limits[2] = NAN;
    CHECK(pc_raycast_shapes(work, need, 8.0, o, so, d, sd, limits, sm1, out, sout, 1, n, 1, NULL) == PC_ERR_ARG);
    CHECK(out[0] == 7); /* nothing written */
    CHECK(pc_raycast_shapes(work, 16, 8.0, o, so, d, sd, &limit, sm, out, sout, 1, n, 1, NULL) == PC_ERR_ARG);
    free(work);
}

/* Raycast distances are the exact entry rounded once: shapes entered at one
 * point tie (the lower index wins), and an entry halfway between doubles
 * rounds to the even one, decided exactly. */
static void test_ray_entries(void)
{
    double boxes[8] = {-3, -7, 3, 5, -5, 4, 4, 5}; /* both top faces are entered at (0.6, 5) */
    int64_t need = pc_pairs_workspace(PC_BOX, 2, PC_BOX, 0), circle_need = pc_pairs_workspace(PC_CIRCLE, 1, PC_CIRCLE, 0);
    if (circle_need > need) need = circle_need;
    void *work = malloc((size_t)need);
    CHECK(pc_pairs_prepare(PC_BOX, boxes, 2, PC_BOX, NULL, 0, work, need) == PC_OK);
    double o[2] = {0, 8}, d[2] = {1, -5}, no_limit = INFINITY, out[5], one[5];
    CHECK(pc_raycast_shapes(work, need, 7.0, o, NULL, d, NULL, &no_limit, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1 && out[4] == 0);
    CHECK(pc_pairs_prepare(PC_BOX, boxes + 4, 1, PC_BOX, NULL, 0, work, need) == PC_OK);
    CHECK(pc_raycast_shapes(work, need, 7.0, o, NULL, d, NULL, &no_limit, NULL, one, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(one[0] == 1 && one[1] == out[1]); /* the second box alone: the same distance */
    double ball[3] = {2, 0, 1 - 0x3p-53}, o2[2] = {0, 0}, d2[2] = {1, 0};
    CHECK(pc_pairs_prepare(PC_CIRCLE, ball, 1, PC_CIRCLE, NULL, 0, work, need) == PC_OK);
    CHECK(pc_raycast_shapes(work, need, 2.0, o2, NULL, d2, NULL, &no_limit, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1 && out[1] == 1 + 0x1p-51); /* 1 + 3 2^-53, halfway: to even */
    free(work);
}

/* Swept circles: against the room (test.h) and against single shapes; a
 * graze decided exactly. */
static void test_sweeps(void)
{
    static test_map room;
    CHECK(test_map_build(&room, test_room_kinds, TEST_ROOM_ROWS, TEST_ROOM_COLS, 1.0, 0.0, 0.0) == PC_OK);
    const pc_tilemap map = room.map;
    double ball[3] = {2.0, 1.5, 0.5}, out[6];
    /* sweep: a ball moving down onto the floor (the floor's normal, up, back
     * at the ball); touching and sliding is no hit */
    double c0[3] = {2.0, 2.5, 0.5}, down[2] = {0.0, -2.0}, along[2] = {1.0, 0.0};
    CHECK(pc_tilemap_sweep(&map, c0, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == 0.0 && out[2] == 1.0 && out[3] == 2.0 && out[4] == 1.0);
    CHECK(pc_tilemap_sweep(&map, ball, NULL, along, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 1.0);

    /* sweeps against single shapes: a box met at t = 1/4; moving away is no
     * hit; a circle target's touching point is on its rim; a graze along a
     * segment's end is not a hit */
    double ball0[3] = {0.0, 0.0, 0.5}, east[2] = {10.0, 0.0}, west[2] = {-10.0, 0.0};
    double wall[4] = {3.0, -1.0, 4.0, 1.0}, disk[3] = {5.0, 0.0, 1.0}, seg[4] = {-2.0, 0.5, 2.0, 0.5};
    double res[5];
    CHECK(pc_sweep_batch(ball0, NULL, east, NULL, PC_BOX, wall, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] == 0.25 && res[1] == -1.0 && res[2] == 0.0 && res[3] == 3.0 && res[4] == 0.0);
    CHECK(pc_sweep_batch(ball0, NULL, west, NULL, PC_BOX, wall, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] == 1.0 && isnan(res[1]) && isnan(res[3]));
    CHECK(pc_sweep_batch(ball0, NULL, east, NULL, PC_CIRCLE, disk, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] == 0.35 && res[3] == 4.0 && res[4] == 0.0);
    CHECK(pc_sweep_batch(ball0, NULL, east, NULL, PC_SEGMENT, seg, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] == 1.0); /* touching along the segment, sliding off its end */
    CHECK(pc_sweep_batch(ball0, NULL, east, NULL, PC_KIND_COUNT, seg, NULL, res, NULL, 0, NULL, 1, NULL) == PC_ERR_KIND);
    /* a graze decided by the unrounded sum of the radii: 1 + 2^-53 rounds to 1,
     * so in floating point a ball at height 1 only grazes a tiny disk at the
     * origin's level; exactly it dips 2^-53 into it (a hit, near the closest
     * approach at 0.5, where placed it would overlap the disk: the time is
     * the last double before, 2^-26 / 10 earlier), while at height 1 + 2^-52
     * it misses */
    double low[3] = {0.0, 1.0, 1.0}, high[3] = {0.0, 1.0 + 0x1p-52, 1.0}, speck[3] = {5.0, 0.0, 0x1p-53};
    CHECK(pc_sweep_batch(low, NULL, east, NULL, PC_CIRCLE, speck, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] < 0.5 && res[0] > 0.5 - 0x1p-28 && res[1] == 0.0 && res[2] == 1.0);
    {
        pc_circle placed = {res[0] * east[0], 1.0, 1.0}, next = {nextafter(res[0], 1.0) * east[0], 1.0, 1.0};
        pc_circle dot = {speck[0], speck[1], speck[2]};
        CHECK(pc_overlap_circle_circle(&placed, &dot, PC_STRICT) == 0);
        CHECK(pc_overlap_circle_circle(&next, &dot, PC_STRICT) == 1);
    }
    CHECK(pc_sweep_batch(high, NULL, east, NULL, PC_CIRCLE, speck, NULL, res, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(res[0] == 1.0 && isnan(res[1]));
    CHECK(pc__perp2(0.0, 0.0, 1.0, 0.0, 0.5, 1.0, 1.0, 0x1p-53) == -1);
    CHECK(pc__perp2(0.0, 0.0, 1.0, 0.0, 0.5, 1.0, 1.0, 0.0) == 0);
    /* C = (b - a) x (c - a) cancels: its terms are ~1e301, C = 9 s; the filter
     * must bound C's error through its terms, not through C */
    {
        double sc = 3.273390607896142e+150;
        CHECK(pc__perp2(-sc, sc, 2 * sc, -2 * sc, 3.0, 0.0, 0.0, 1.0) == 1);
        pc__filter f = pc__filter_for(2 * sc);
        CHECK(pc__perp_sum(&f, -sc, sc, 2 * sc, -2 * sc, 3.0, 0.0, 0.0, 1.0) == 1);
    }
}

void group_casts(void)
{
    test_shape_rays();
    test_ray_entries();
    test_ray_order();
    test_sweeps();
    test_sweep_entry_points();
}
