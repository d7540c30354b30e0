/* Raycasts, sweeps and nearest queries: cast.c (through a collection's
 * tree), entry.c, sweep.c (circles), sweepshape.c (shapes of every kind). */
#include "test.h"

/* A one-collection workspace over n shapes of a kind (its tree), allocated;
 * NULL when it cannot be prepared. */
static void *tree_of(int kind, const double *rows, int64_t n, int64_t *bytes)
{
    *bytes = pc_pairs_workspace(kind, n, kind, 0);
    void *work = *bytes > 0 ? malloc((size_t)*bytes) : NULL;
    if (work && pc_pairs_prepare(kind, rows, n, kind, NULL, 0, work, *bytes) != PC_OK) {
        free(work);
        work = NULL;
    }
    return work;
}

/* Three boxes for the tree queries: two side by side, one long above. */
static const double three_boxes[3][4] = {{0, 0, 1, 1}, {3, 0, 4, 1}, {0, 5, 4, 6}};

/* n random rows of a kind scattered over a 64 x 64 square, and as many
 * displacements (or rays) up to 8 long in x and in y */
static void scatter(int kind, int64_t n, unsigned seed, double *rows, double *moves)
{
    int w = pc_kind_width(kind);
    for (int64_t i = 0; i < n; i++) {
        random_row(kind, &seed, unit_random(&seed) * 64, unit_random(&seed) * 64, 0.2 + unit_random(&seed),
                   rows + w * i);
        if (moves) {
            moves[2 * i] = unit_random(&seed) * 16 - 8;
            moves[2 * i + 1] = unit_random(&seed) * 16 - 8;
        }
    }
}

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
    CHECK(order[6] == 2 && order[7] == 5); /* not finite: last, in their order */
    int low = 0;                           /* the three points near (0, 0) come before the three near (100, 100) */
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
    CHECK(pc_tilemap_sweep(&map, ball0, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK && out[0] == 0.4 &&
          out[2] == 1.0);
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
    pc_world_part parts[2] = {{&map, NULL, 0, 0.0, 0, {0.0, 0.0}, NULL}, {NULL, work, bytes, 3.0, 0, {0.0, 0.0}, NULL}};
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
    CHECK(pc_sweep_shapes(PC_POINT, far, NULL, huge, NULL, PC_SEGMENT, wall, NULL, out, NULL, 0, NULL, 1, NULL) ==
          PC_OK);
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
    int64_t need = pc_pairs_workspace(PC_BOX, 2, PC_BOX, 0),
            circle_need = pc_pairs_workspace(PC_CIRCLE, 1, PC_CIRCLE, 0);
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
    CHECK(pc_raycast_shapes(work, need, 2.0, o2, NULL, d2, NULL, &no_limit, NULL, out, NULL, 0, NULL, 1, NULL) ==
          PC_OK);
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
    CHECK(pc_sweep_batch(ball0, NULL, east, NULL, PC_KIND_COUNT, seg, NULL, res, NULL, 0, NULL, 1, NULL) ==
          PC_ERR_KIND);
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

/* pc_nearest_tree: the nearest of three boxes within a max distance (which
 * counts), the lower index at equal distances, 0 for touching and
 * overlapping shapes, a query of another kind; bad arguments write nothing;
 * an empty collection. */
static void test_nearest_tree(void)
{
    int64_t bytes;
    void *work = tree_of(PC_BOX, &three_boxes[0][0], 3, &bytes);
    CHECK(work != NULL);
    const double q[5][3] = {{2, 0.5, 0.25}, {2.5, 0.5, 0.25}, {0.5, 0.5, 0.1}, {2, 3, 0.5}, {1.5, 0.5, 0.5}};
    double out[5][2], limits[5] = {INFINITY, 0.25, 0, 1.5, 0}, no_limit = INFINITY;
    int64_t n[1] = {5}, sq[1] = {3}, s0[1] = {0}, s1[1] = {1}, so[1] = {2};
    CHECK(pc_nearest_tree(work, bytes, 6, PC_CIRCLE, &q[0][0], sq, &no_limit, s0, &out[0][0], so, 1, n, 1, NULL) ==
          PC_OK);
    CHECK(out[0][0] == 0.75 && out[0][1] == 0); /* as far from boxes 0 and 1: the lower */
    CHECK(out[1][0] == 0.25 && out[1][1] == 1);
    CHECK(out[2][0] == 0 && out[2][1] == 0); /* inside box 0 */
    CHECK(out[3][0] == 1.5 && out[3][1] == 2);
    CHECK(out[4][0] == 0 && out[4][1] == 0); /* touching box 0 */
    CHECK(pc_nearest_tree(work, bytes, 6, PC_CIRCLE, &q[0][0], sq, limits, s1, &out[0][0], so, 1, n, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 0.75 && out[1][0] == 0.25 && out[1][1] == 1 && out[3][1] == 2 && out[4][1] == 0);
    CHECK(out[2][0] == 0 && out[2][1] == 0); /* overlapping: distance 0, within a max of 0 */
    limits[1] = nextafter(0.25, 0);
    CHECK(pc_nearest_tree(work, bytes, 6, PC_CIRCLE, &q[0][0], sq, limits, s1, &out[0][0], so, 1, n, 1, NULL) == PC_OK);
    CHECK(out[1][0] == INFINITY && out[1][1] == -1);
    const double seg[4] = {1.5, 2, 2.5, 2};
    CHECK(pc_nearest_tree(work, bytes, 6, PC_SEGMENT, seg, NULL, &no_limit, NULL, out[0], NULL, 0, NULL, 1, NULL) ==
          PC_OK);
    CHECK(fabs(out[0][0] - sqrt(1.25)) < 1e-15 && out[0][1] == 0);
    /* bad arguments: nothing written */
    double bad = -1, nan = NAN;
    out[0][0] = 7;
    CHECK(pc_nearest_tree(work, bytes, 6, 40, seg, NULL, &no_limit, NULL, out[0], NULL, 0, NULL, 1, NULL) ==
          PC_ERR_KIND);
    CHECK(pc_nearest_tree(work, bytes, 6, PC_SEGMENT, seg, NULL, &bad, NULL, out[0], NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_nearest_tree(work, bytes, 6, PC_SEGMENT, seg, NULL, &nan, NULL, out[0], NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_nearest_tree(work, bytes, -1, PC_SEGMENT, seg, NULL, &no_limit, NULL, out[0], NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_nearest_tree(work, 16, 6, PC_SEGMENT, seg, NULL, &no_limit, NULL, out[0], NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_nearest_tree(NULL, bytes, 6, PC_SEGMENT, seg, NULL, &no_limit, NULL, out[0], NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(out[0][0] == 7);
    /* a workspace of two collections is no tree of one */
    int64_t two = pc_pairs_workspace(PC_BOX, 3, PC_BOX, 3);
    void *pair = malloc((size_t)two);
    CHECK(pc_pairs_prepare(PC_BOX, &three_boxes[0][0], 3, PC_BOX, &three_boxes[0][0], 3, pair, two) == PC_OK);
    CHECK(pc_nearest_tree(pair, two, 6, PC_SEGMENT, seg, NULL, &no_limit, NULL, out[0], NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);
    free(pair);
    free(work);
    /* an empty collection: nothing near anything */
    void *none = tree_of(PC_BOX, NULL, 0, &bytes);
    CHECK(none != NULL);
    CHECK(pc_nearest_tree(none, bytes, 6, PC_SEGMENT, seg, NULL, &no_limit, NULL, out[0], NULL, 0, NULL, 1, NULL) ==
          PC_OK);
    CHECK(out[0][0] == INFINITY && out[0][1] == -1);
    free(none);
}

/* pc_sweep_tree against the three boxes: a point onto box 1's top, one
 * between the boxes, a box onto two tops at once (the lower index), a
 * circle up into box 2; a move beyond the doubles; bad arguments. */
static void test_sweep_tree(void)
{
    int64_t bytes;
    void *work = tree_of(PC_BOX, &three_boxes[0][0], 3, &bytes);
    CHECK(work != NULL);
    const double onto[2] = {3.5, 3}, between[2] = {2, 3}, down[2] = {0, -4}, wide[4] = {0.5, 2, 3.5, 3},
                 d2[2] = {0, -2};
    const double ball[3] = {2, 3, 0.5}, up[2] = {0, 4};
    double out[6];
    CHECK(pc_sweep_tree(work, bytes, 6, PC_POINT, onto, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == 0 && out[2] == 1 && out[3] == 3.5 && out[4] == 1 && out[5] == 1);
    CHECK(pc_sweep_tree(work, bytes, 6, PC_POINT, between, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 1 && isnan(out[1]) && isnan(out[3]) && out[5] == -1);
    CHECK(pc_sweep_tree(work, bytes, 6, PC_BOX, wide, NULL, d2, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == 0 && out[2] == 1 && out[5] == 0);
    CHECK(pc_sweep_tree(work, bytes, 6, PC_CIRCLE, ball, NULL, up, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.375 && out[1] == 0 && out[2] == -1 && out[3] == 2 && out[4] == 5 && out[5] == 2);
    const double far[2] = {1e308, 0}, huge[2] = {1e308, 0};
    CHECK(pc_sweep_tree(work, bytes, 6, PC_POINT, far, NULL, huge, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    int nans = 1;
    for (int k = 0; k < 6; k++) nans &= isnan(out[k]) != 0;
    CHECK(nans);
    out[0] = 7;
    CHECK(pc_sweep_tree(work, bytes, 6, PC_KIND_COUNT, onto, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) ==
          PC_ERR_KIND);
    CHECK(pc_sweep_tree(work, bytes, -1, PC_POINT, onto, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_sweep_tree(work, 16, 6, PC_POINT, onto, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_sweep_tree(work, bytes, 6, PC_POINT, onto, NULL, NULL, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(out[0] == 7);
    free(work);
}

/* Is the mover (kind, row a) placed at time t of its move d (each
 * coordinate plus fl(t d), pc_transform's placement) outside the target's
 * interior, as the sweeps promise for every hit? */
static int placed_outside(int kind, const double *a, const double *d, double t, int kind_b, const double *b)
{
    double at[PC_POLYGON_MAX * 2], move[2] = {t * d[0], t * d[1]}, plus[1] = {1};
    if (pc_place(kind, a, 1, plus, plus, move, 1, at) != PC_OK) return 0;
    return pc_overlap(kind, at, kind_b, b, PC_STRICT) == 0;
}

/* pc_sweep_shapes: a capsule onto a circle, a triangle's edge onto a box's
 * corner, a polygon moving away; the placement contract over many random
 * pairs, on one thread and several; bad arguments. */
static void test_sweep_shapes(void)
{
    const double pill[5] = {0, 0, 0, 2, 0.5}, east[2] = {8, 0}, disk[3] = {4.5, 1, 1};
    const double tri[6] = {0, 0, 1, 0, 0, 1}, ne[2] = {4, 4}, box[4] = {3, 3, 5, 5};
    double out[5];
    CHECK(pc_sweep_shapes(PC_CAPSULE, pill, NULL, east, NULL, PC_CIRCLE, disk, NULL, out, NULL, 0, NULL, 1, NULL) ==
          PC_OK);
    CHECK(out[0] == 0.375 && out[1] == -1 && out[2] == 0 && out[3] == 3.5 && out[4] == 1);
    CHECK(pc_sweep_shapes(PC_TRIANGLE, tri, NULL, ne, NULL, PC_BOX, box, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.625 && out[3] == 3 && out[4] == 3); /* the hypotenuse meets the corner (3, 3) */
    CHECK(out[1] < 0 && out[2] < 0 && fabs(out[1] * out[1] + out[2] * out[2] - 1) < 1e-15);
    CHECK(placed_outside(PC_TRIANGLE, tri, ne, out[0], PC_BOX, box));
    CHECK(!placed_outside(PC_TRIANGLE, tri, ne, nextafter(out[0], 1), PC_BOX, box));
    const double gon[8] = {0, 0, 1, 0, 1, 1, 0, 1}, away[2] = {-4, -4};
    CHECK(pc_sweep_shapes(PC_POLYGON + 1, gon, NULL, away, NULL, PC_BOX, box, NULL, out, NULL, 0, NULL, 1, NULL) ==
          PC_OK);
    CHECK(out[0] == 1 && isnan(out[1]) && isnan(out[4]));
    out[0] = 7;
    CHECK(pc_sweep_shapes(PC_POLYGON + 1, gon, NULL, away, NULL, PC_LINE, box, NULL, out, NULL, 0, NULL, 1, NULL) ==
          PC_ERR_KIND);
    CHECK(pc_sweep_shapes(40, gon, NULL, away, NULL, PC_BOX, box, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_sweep_shapes(PC_POLYGON + 1, gon, NULL, NULL, NULL, PC_BOX, box, NULL, out, NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(out[0] == 7);
    /* 5-gons against capsules, pair by pair */
    enum { N = TEST_MANY };
    double *a = malloc(sizeof(double) * 17 * N), *o1 = malloc(sizeof(double) * 5 * N),
           *on = malloc(sizeof(double) * 5 * N);
    double *d = a + 10 * N, *b = d + 2 * N;
    scatter(PC_POLYGON + 2, N, 3, a, d);
    scatter(PC_CAPSULE, N, 4, b, NULL);
    int64_t n[1] = {N}, sa[1] = {10}, sd[1] = {2}, sb[1] = {5}, so[1] = {5};
    CHECK(pc_sweep_shapes(PC_POLYGON + 2, a, sa, d, sd, PC_CAPSULE, b, sb, o1, so, 1, n, 1, NULL) == PC_OK);
    CHECK(pc_sweep_shapes(PC_POLYGON + 2, a, sa, d, sd, PC_CAPSULE, b, sb, on, so, 1, n, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 5 * N));
    int hits = 0, kept = 1;
    for (int64_t i = 0; i < N; i++) {
        if (!(o1[5 * i] < 1) || pc_overlap(PC_POLYGON + 2, a + 10 * i, PC_CAPSULE, b + 5 * i, PC_STRICT)) continue;
        hits++;
        kept &= placed_outside(PC_POLYGON + 2, a + 10 * i, d + 2 * i, o1[5 * i], PC_CAPSULE, b + 5 * i);
    }
    CHECK(kept && hits > 100);
    int flag = 1;
    on[0] = 7;
    CHECK(pc_sweep_shapes(PC_POLYGON + 2, a, sa, d, sd, PC_CAPSULE, b, sb, on, so, 1, n, TEST_THREADS, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(on[0] == 7);
    free(a);
    free(o1);
    free(on);
}

/* pc_tilemap_sweep_shapes in the room: a capsule down onto the floor, a
 * box along the floor into the foot of the slope, a point up into the
 * ceiling (each with the cell of its tile); many triangles on one thread
 * and several; bad arguments. */
static void test_tilemap_sweep_shapes(void)
{
    static test_map room;
    CHECK(test_map_build(&room, test_room_kinds, TEST_ROOM_ROWS, TEST_ROOM_COLS, 1.0, 0.0, 0.0) == PC_OK);
    const pc_tilemap *map = &room.map;
    const double pill[5] = {2, 2.5, 3, 2.5, 0.5}, down[2] = {0, -4}, box[4] = {2, 1, 3, 2}, right[2] = {2, 0};
    const double point[2] = {2.5, 2.5}, up[2] = {0, 2};
    double out[6];
    CHECK(pc_tilemap_sweep_shapes(map, PC_CAPSULE, pill, NULL, down, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.25 && out[1] == 0 && out[2] == 1 && out[4] == 1 && out[5] == 1);
    CHECK(pc_tilemap_sweep_shapes(map, PC_BOX, box, NULL, right, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[3] == 4 && out[4] == 1 && out[5] == 10); /* the slope's foot, in cell (1, 4) */
    CHECK(fabs(out[1] + sqrt(0.5)) < 1e-15 && fabs(out[2] - sqrt(0.5)) < 1e-15);
    CHECK(pc_tilemap_sweep_shapes(map, PC_POINT, point, NULL, up, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.25 && out[1] == 0 && out[2] == -1 && out[3] == 2.5 && out[4] == 3 && out[5] == 20);
    out[0] = 7;
    CHECK(pc_tilemap_sweep_shapes(NULL, PC_POINT, point, NULL, up, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_tilemap_sweep_shapes(map, 40, point, NULL, up, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_KIND);
    CHECK(out[0] == 7);
    enum { N = TEST_MANY };
    double *a = malloc(sizeof(double) * 8 * N), *o1 = malloc(sizeof(double) * 6 * N),
           *on = malloc(sizeof(double) * 6 * N);
    double *d = a + 6 * N;
    unsigned state = 8;
    for (int64_t i = 0; i < N; i++) {
        random_row(PC_TRIANGLE, &state, unit_random(&state) * 6, unit_random(&state) * 4, 0.3, a + 6 * i);
        d[2 * i] = unit_random(&state) * 4 - 2;
        d[2 * i + 1] = unit_random(&state) * 4 - 2;
    }
    int64_t n[1] = {N}, sa[1] = {6}, sd[1] = {2};
    CHECK(pc_tilemap_sweep_shapes(map, PC_TRIANGLE, a, sa, d, sd, o1, sa, 1, n, 1, NULL) == PC_OK);
    CHECK(pc_tilemap_sweep_shapes(map, PC_TRIANGLE, a, sa, d, sd, on, sa, 1, n, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 6 * N));
    int flag = 1;
    on[0] = 7;
    CHECK(pc_tilemap_sweep_shapes(map, PC_TRIANGLE, a, sa, d, sd, on, sa, 1, n, TEST_THREADS, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(on[0] == 7);
    free(a);
    free(o1);
    free(on);
}

/* The tree queries over many shapes and rays (a tree of 4,096 boxes): the
 * same on one thread and several; the ordered raycasts are the raycasts,
 * ray by ray, in any order; their bad arguments; the cancel flag. */
static void test_tree_threads(void)
{
    enum { M = 4096, N = TEST_MANY };
    double *boxes = malloc(sizeof(double) * 4 * M), *q = malloc(sizeof(double) * 5 * N);
    double *o1 = malloc(sizeof(double) * 6 * N), *on = malloc(sizeof(double) * 6 * N), *d = q + 3 * N;
    int64_t *order = malloc(sizeof(int64_t) * N);
    uint64_t *keys = malloc(sizeof(uint64_t) * 2 * N);
    scatter(PC_BOX, M, 9, boxes, NULL);
    scatter(PC_CIRCLE, N, 10, q, d);
    int64_t bytes;
    void *work = tree_of(PC_BOX, boxes, M, &bytes);
    CHECK(work != NULL);
    const double limit = 4;
    int64_t n[1] = {N}, s0[1] = {0}, s1[1] = {1}, s2[1] = {2}, s3[1] = {3}, s5[1] = {5}, s6[1] = {6};
    CHECK(pc_nearest_tree(work, bytes, 70, PC_CIRCLE, q, s3, &limit, s0, o1, s2, 1, n, 1, NULL) == PC_OK);
    CHECK(pc_nearest_tree(work, bytes, 70, PC_CIRCLE, q, s3, &limit, s0, on, s2, 1, n, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 2 * N));
    CHECK(pc_sweep_tree(work, bytes, 70, PC_CIRCLE, q, s3, d, s2, o1, s6, 1, n, 1, NULL) == PC_OK);
    CHECK(pc_sweep_tree(work, bytes, 70, PC_CIRCLE, q, s3, d, s2, on, s6, 1, n, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 6 * N));
    /* rays from the circles' centres (rows 3 doubles apart: copied to 2) */
    double *o = malloc(sizeof(double) * 2 * N), *limits = malloc(sizeof(double) * N);
    for (int64_t i = 0; i < N; i++) {
        o[2 * i] = q[3 * i];
        o[2 * i + 1] = q[3 * i + 1];
        limits[i] = i % 4 ? INFINITY : 6.0;
    }
    CHECK(pc_raycast_shapes(work, bytes, 70, o, s2, d, s2, limits, s1, o1, s5, 1, n, 1, NULL) == PC_OK);
    CHECK(pc_ray_order(o, N, order, keys) == PC_OK);
    CHECK(pc_raycast_shapes_ordered(work, bytes, 70, o, d, limits, on, N, order, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 5 * N));
    for (int64_t i = 0; i < N; i++) order[i] = N - 1 - i;
    memset(on, 0, sizeof(double) * 5 * N);
    CHECK(pc_raycast_shapes_ordered(work, bytes, 70, o, d, limits, on, N, order, 1, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 5 * N));
    int hits = 0;
    for (int64_t i = 0; i < N; i++) hits += o1[5 * i] == 1;
    CHECK(hits > N / 4 && hits < N);
    /* bad arguments: nothing written */
    on[0] = 7;
    order[5] = N;
    CHECK(pc_raycast_shapes_ordered(work, bytes, 70, o, d, limits, on, N, order, 1, NULL) == PC_ERR_ARG);
    order[5] = -1;
    CHECK(pc_raycast_shapes_ordered(work, bytes, 70, o, d, limits, on, N, order, 1, NULL) == PC_ERR_ARG);
    order[5] = N - 6;
    limits[9] = NAN;
    CHECK(pc_raycast_shapes_ordered(work, bytes, 70, o, d, limits, on, N, order, 1, NULL) == PC_ERR_ARG);
    limits[9] = INFINITY;
    CHECK(pc_raycast_shapes_ordered(work, bytes, 70, o, d, limits, on, -1, order, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_raycast_shapes_ordered(work, bytes, 70, o, d, limits, on, N, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_raycast_shapes_ordered(work, bytes, -1, o, d, limits, on, N, order, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_raycast_shapes_ordered(work, bytes, 70, o, d, limits, on, 0, order, 1, NULL) == PC_OK);
    CHECK(pc_raycast_shapes_ordered(work, bytes, 70, NULL, NULL, NULL, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(on[0] == 7);
    int flag = 1;
    CHECK(pc_raycast_shapes_ordered(work, bytes, 70, o, d, limits, on, N, order, TEST_THREADS, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(pc_sweep_tree(work, bytes, 70, PC_CIRCLE, q, s3, d, s2, on, s6, 1, n, TEST_THREADS, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(pc_raycast_shapes(work, bytes, 70, o, s2, d, s2, limits, s1, on, s5, 1, n, TEST_THREADS, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(on[0] == 7);
    free(work);
    free(boxes);
    free(q);
    free(o1);
    free(on);
    free(order);
    free(keys);
    free(o);
    free(limits);
}

/* pc_nearest_k: k = 1 is pc_nearest_tree, for points and circles (the
 * filtered path) against points and circles and for boxes (the general
 * one); k = 3 is the first three of brute force by (distance, index), the
 * distances pc_contact_batch's; exclusive skips equal shapes; bad arguments. */
static void test_nearest_k(void)
{
    enum { N = 400, Q = 300, K = 3 };
    static double pts[N][3], qs[Q][3], dist[Q * K], one[Q][2];
    static int64_t idx[Q * K], order[Q];
    double limits[Q];
    unsigned state = 17;
    for (int kind_t = PC_POINT; kind_t <= PC_CIRCLE; kind_t++) {
        for (int i = 0; i < N; i++) { /* on a coarse grid: ties and duplicates */
            pts[i][0] = floor(unit_random(&state) * 16) / 4;
            pts[i][1] = floor(unit_random(&state) * 16) / 4;
            pts[i][2] = floor(unit_random(&state) * 3) / 8;
        }
        double rows[N * 3];
        int w = kind_t == PC_POINT ? 2 : 3;
        for (int i = 0; i < N; i++)
            for (int c = 0; c < w; c++) rows[i * w + c] = pts[i][c];
        int64_t bytes;
        void *work = tree_of(kind_t, rows, N, &bytes);
        for (int kind_q = PC_POINT; kind_q <= PC_CIRCLE; kind_q++) {
            int wq = kind_q == PC_POINT ? 2 : 3;
            double q[Q * 3];
            for (int i = 0; i < Q; i++) {
                qs[i][0] = unit_random(&state) * 4;
                qs[i][1] = floor(unit_random(&state) * 16) / 4;
                qs[i][2] = unit_random(&state) * 0.25;
                for (int c = 0; c < wq; c++) q[i * wq + c] = qs[i][c];
                order[i] = (i * 7) % Q; /* any permutation */
                limits[i] = i % 5 == 0 ? 0.5 : INFINITY;
            }
            int64_t n[1] = {Q}, sq[1] = {wq}, s1[1] = {1}, so[1] = {2};
            CHECK(pc_nearest_k(work, bytes, NULL, 0, 8, kind_q, q, Q, order, limits, 1, 0, dist, idx, 2, NULL) ==
                  PC_OK);
            /* the grid over the same items answers the same */
            int64_t gbytes = pc_point_grid_workspace(kind_t, N);
            void *grid = malloc((size_t)gbytes);
            static double gdist[Q * K];
            static int64_t gidx[Q * K];
            CHECK(pc_point_grid_build(kind_t, rows, N, 8, grid, gbytes) == 1);
            CHECK(pc_nearest_k(work, bytes, grid, gbytes, 8, kind_q, q, Q, order, limits, K, 0, gdist, gidx, 2, NULL) ==
                  PC_OK);
            CHECK(pc_nearest_k(work, bytes, NULL, 0, 8, kind_q, q, Q, order, limits, K, 0, dist + 0, idx + 0, 1,
                               NULL) == PC_OK);
            int same_grid = 1;
            for (int i = 0; i < Q * K; i++) same_grid &= gdist[i] == dist[i] && gidx[i] == idx[i];
            CHECK(same_grid);
            CHECK(pc_nearest_k(work, bytes, grid, 16, 8, kind_q, q, Q, order, limits, K, 0, gdist, gidx, 2, NULL) ==
                  PC_ERR_ARG);
            free(grid);
            CHECK(pc_nearest_k(work, bytes, NULL, 0, 8, kind_q, q, Q, order, limits, 1, 0, dist, idx, 2, NULL) ==
                  PC_OK);
            CHECK(pc_nearest_tree(work, bytes, 8, kind_q, q, sq, limits, s1, &one[0][0], so, 1, n, 1, NULL) == PC_OK);
            int same = 1;
            for (int i = 0; i < Q; i++) same &= dist[i] == one[i][0] && (double)idx[i] == one[i][1];
            CHECK(same);
            CHECK(pc_nearest_k(work, bytes, NULL, 0, 8, kind_q, q, Q, order, limits, K, 0, dist, idx, 1, NULL) ==
                  PC_OK);
            int brute = 1;
            for (int i = 0; i < Q; i++) {
                double best_d[K];
                int64_t best_j[K];
                int m = 0;
                for (int j = 0; j < N; j++) {
                    double c[7];
                    brute &= pc_contact_batch(kind_q, q + i * wq, NULL, kind_t, rows + j * w, NULL, c, NULL, 0, NULL, 8,
                                              1, NULL) == PC_OK;
                    double d = c[0] > 0 ? c[0] : 0.0;
                    if (!(d <= limits[i])) continue;
                    int at = m < K ? m++ : K;
                    if (at == K && !(d < best_d[K - 1])) continue;
                    if (at == K) at = K - 1;
                    while (at > 0 && best_d[at - 1] > d) {
                        best_d[at] = best_d[at - 1];
                        best_j[at] = best_j[at - 1];
                        at--;
                    }
                    best_d[at] = d;
                    best_j[at] = j;
                }
                for (int r = 0; r < K; r++)
                    brute &= r < m ? dist[i * K + r] == best_d[r] && idx[i * K + r] == best_j[r]
                                   : dist[i * K + r] == INFINITY && idx[i * K + r] == -1;
            }
            CHECK(brute);
        }
        /* exclusive: each point's nearest other point is never itself */
        for (int i = 0; i < Q; i++) order[i] = i;
        CHECK(pc_nearest_k(work, bytes, NULL, 0, 8, kind_t, rows, Q, order, limits, 1, 1, dist, idx, 1, NULL) == PC_OK);
        int apart = 1;
        for (int i = 0; i < Q; i++) apart &= idx[i] != i;
        CHECK(apart);
        free(work);
    }
    /* a grid refuses what it does not suit: crowded centres, huge values, other kinds */
    {
        double crowd[64][2];
        for (int i = 0; i < 64; i++) {
            crowd[i][0] = i < 60 ? 0.0 : 1000.0 * i;
            crowd[i][1] = 0.0;
        }
        int64_t gb = pc_point_grid_workspace(PC_POINT, 64);
        void *g = malloc((size_t)gb);
        CHECK(pc_point_grid_build(PC_POINT, &crowd[0][0], 64, 64000, g, gb) == 0);
        crowd[0][0] = 0x1p600;
        CHECK(pc_point_grid_build(PC_POINT, &crowd[0][0], 64, 0x1p600, g, gb) == 0);
        CHECK(pc_point_grid_build(PC_POINT, &crowd[0][0], 64, 1, g, 16) == PC_ERR_ARG);
        CHECK(pc_point_grid_workspace(PC_BOX, 64) == -1);
        free(g);
    }
    /* boxes: k = 1 as pc_nearest_tree; bad arguments write nothing */
    int64_t bytes;
    void *work = tree_of(PC_BOX, &three_boxes[0][0], 3, &bytes);
    const double q[2][3] = {{2, 0.5, 0.25}, {2, 3, 0.5}};
    int64_t ord[2] = {1, 0}, bad_order[2] = {0, 0};
    double lim[2] = {INFINITY, INFINITY}, neg[2] = {-1, 0};
    CHECK(pc_nearest_k(work, bytes, NULL, 0, 6, PC_CIRCLE, &q[0][0], 2, ord, lim, 2, 0, dist, idx, 1, NULL) == PC_OK);
    CHECK(dist[0] == 0.75 && idx[0] == 0 && dist[1] == 0.75 && idx[1] == 1 && dist[2] == 1.5 && idx[2] == 2);
    dist[0] = 7;
    CHECK(pc_nearest_k(work, bytes, NULL, 0, 6, PC_CIRCLE, &q[0][0], 2, ord, lim, 0, 0, dist, idx, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_nearest_k(work, bytes, NULL, 0, 6, PC_CIRCLE, &q[0][0], 2, ord, neg, 1, 0, dist, idx, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_nearest_k(work, bytes, NULL, 0, 6, 40, &q[0][0], 2, ord, lim, 1, 0, dist, idx, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_nearest_k(NULL, bytes, NULL, 0, 6, PC_CIRCLE, &q[0][0], 2, ord, lim, 1, 0, dist, idx, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(dist[0] == 7);
    CHECK(pc_nearest_k(work, bytes, NULL, 0, 6, PC_CIRCLE, &q[0][0], 2, bad_order, lim, 1, 0, dist, idx, 1, NULL) ==
          PC_ERR_ARG); /* a repeated query */
    CHECK(dist[0] == 7 && idx[0] == -1 && idx[1] == -1);
    free(work);
}

/* pc_pairs_query: a built tree queried by another collection, as brute
 * force (touching, strict, within a distance, a distance each); pc_relate
 * on a few pairs whose answers are known. */
static void test_pairs_query(void)
{
    enum { N = 300, Q = 200 };
    static double boxes[N][4], circles[Q][3];
    unsigned state = 5;
    for (int i = 0; i < N; i++) {
        boxes[i][0] = floor(unit_random(&state) * 20);
        boxes[i][1] = floor(unit_random(&state) * 20);
        boxes[i][2] = boxes[i][0] + floor(unit_random(&state) * 3);
        boxes[i][3] = boxes[i][1] + floor(unit_random(&state) * 3);
    }
    double each[Q];
    int64_t order[Q];
    for (int i = 0; i < Q; i++) {
        circles[i][0] = floor(unit_random(&state) * 40) / 2;
        circles[i][1] = floor(unit_random(&state) * 40) / 2;
        circles[i][2] = floor(unit_random(&state) * 4) / 2;
        each[i] = floor(unit_random(&state) * 3) / 2;
        order[i] = Q - 1 - i;
    }
    int64_t bytes;
    void *work = tree_of(PC_BOX, &boxes[0][0], N, &bytes);
    static int64_t out[2 * N * Q];
    int64_t found;
    for (int round = 0; round < 4; round++) {
        int mode = round == 1 ? PC_STRICT : PC_TOUCHING;
        double d = round >= 2 ? 1.5 : 0.0;
        const double *per = round == 3 ? each : NULL;
        CHECK(pc_pairs_query(work, bytes, PC_CIRCLE, &circles[0][0], Q, order, d, per, mode, 40, 2, 1, out, N * Q,
                             &found, NULL) == PC_OK);
        int64_t k = 0;
        int same = 1;
        for (int i = 0; i < Q; i++)
            for (int j = 0; j < N; j++) {
                double c[7];
                pc_contact_batch(PC_CIRCLE, circles[i], NULL, PC_BOX, boxes[j], NULL, c, NULL, 0, NULL, 40, 1, NULL);
                double reach = per ? per[i] : d;
                int hit = reach > 0 ? c[0] <= reach : pc_overlap(PC_CIRCLE, circles[i], PC_BOX, boxes[j], mode);
                if (reach > 0 && mode == PC_STRICT) hit = c[0] < reach;
                if (!hit) continue;
                same &= k < found && out[k] == i && out[found + k] == j;
                k++;
            }
        CHECK(same && k == found);
    }
    /* counting only, then bad arguments */
    CHECK(pc_pairs_query(work, bytes, PC_CIRCLE, &circles[0][0], Q, order, 0, NULL, PC_TOUCHING, 40, 1, 4, NULL, 0,
                         &found, NULL) == PC_OK);
    int64_t bad_order[2] = {0, 5};
    CHECK(pc_pairs_query(work, bytes, PC_CIRCLE, &circles[0][0], 2, bad_order, 0, NULL, PC_TOUCHING, 40, 1, 1, out,
                         N * Q, &found, NULL) == PC_ERR_ARG);
    CHECK(pc_pairs_query(work, bytes, PC_CIRCLE, &circles[0][0], Q, order, 0.75, each, PC_TOUCHING, 40, 1, 1, out,
                         N * Q, &found, NULL) == PC_ERR_ARG); /* a distance beyond the one given */
    CHECK(pc_pairs_query(work, bytes, 40, &circles[0][0], Q, order, 0, NULL, PC_TOUCHING, 40, 1, 1, out, N * Q, &found,
                         NULL) == PC_ERR_KIND);
    free(work);

    /* pc_relate */
    const double big[3] = {0, 0, 5}, rim[2] = {3, 4}, inner[3] = {2, 0, 3}, seg[4] = {0, 0, 4, 0};
    const double mid[2] = {2, 0}, end[2] = {4, 0}, over[4] = {2, 0, 6, 0}, cross[4] = {2, -1, 2, 1};
    const double box[4] = {0, 0, 4, 4}, disc[3] = {2, 2, 2}, fat[3] = {2, 2, 2.0000000000000004};
    int64_t zero = 0;
    uint8_t r = 9;
#define RELATE(ka, a, kb, b, rel) (pc_relate(ka, a, &zero, kb, b, &zero, 1, rel, 8, &r, 1, NULL) == PC_OK ? r : 9)
    CHECK(RELATE(PC_CIRCLE, big, PC_POINT, rim, PC_RELATE_COVERS) == 1);
    CHECK(RELATE(PC_CIRCLE, big, PC_POINT, rim, PC_RELATE_CONTAINS) == 0);
    CHECK(RELATE(PC_CIRCLE, big, PC_POINT, rim, PC_RELATE_TOUCHES) == 1);
    CHECK(RELATE(PC_CIRCLE, big, PC_CIRCLE, inner, PC_RELATE_CONTAINS) == 1);
    CHECK(RELATE(PC_CIRCLE, inner, PC_CIRCLE, big, PC_RELATE_COVERS) == 0);
    CHECK(RELATE(PC_SEGMENT, seg, PC_POINT, mid, PC_RELATE_CONTAINS) == 1);
    CHECK(RELATE(PC_SEGMENT, seg, PC_POINT, end, PC_RELATE_TOUCHES) == 1);
    CHECK(RELATE(PC_SEGMENT, seg, PC_SEGMENT, over, PC_RELATE_INTERIORS) == 1);
    CHECK(RELATE(PC_SEGMENT, seg, PC_SEGMENT, cross, PC_RELATE_INTERIORS) == 1);
    CHECK(RELATE(PC_SEGMENT, seg, PC_SEGMENT, cross, PC_RELATE_TOUCHES) == 0);
    CHECK(RELATE(PC_BOX, box, PC_CIRCLE, disc, PC_RELATE_CONTAINS) == 1);
    CHECK(RELATE(PC_BOX, box, PC_CIRCLE, fat, PC_RELATE_COVERS) == 0);
    CHECK(RELATE(PC_CIRCLE, disc, PC_CIRCLE, disc, PC_RELATE_EQUALS) == 1);
    CHECK(RELATE(PC_BOX, box, PC_SEGMENT, seg, PC_RELATE_TOUCHES) == 1); /* along its side */
#undef RELATE
    CHECK(pc_relate(PC_BOX, box, &zero, PC_SEGMENT, seg, &zero, 1, 9, 8, &r, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_relate(40, box, &zero, PC_SEGMENT, seg, &zero, 1, 0, 8, &r, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_relate(PC_BOX, box, &zero, PC_SEGMENT, seg, &zero, 0, 0, 8, NULL, 1, NULL) == PC_OK);
}

void group_casts(void)
{
    test_shape_rays();
    test_ray_entries();
    test_ray_order();
    test_sweeps();
    test_sweep_entry_points();
    test_nearest_tree();
    test_nearest_k();
    test_pairs_query();
    test_sweep_tree();
    test_sweep_shapes();
    test_tilemap_sweep_shapes();
    test_tree_threads();
}
