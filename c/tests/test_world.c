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
        1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    };
    double edges[6 * 16], mag;
    int64_t start[R * C + 1], refs[128], ne, nr;
    CHECK(pc_tilemap_build(kinds, R, C, 1.0, 0.0, 0.0, edges, 16, start, refs, 128, &ne, &nr, &mag) == PC_OK);
    pc_tilemap map = {kinds, R, C, 1.0, 0.0, 0.0, mag, edges, ne, start, refs};
    pc_world_part part = {&map, NULL, 0, 0.0, 0, {0.0, 0.0}, NULL};
    /* floor, wall, corner, across the seam at x = 3 (0.001 of it over tile
     * 2, less than the depth), apart, an ulp deep */
    double boxes[6][4] = {{3.0, 0.75, 4.0, 1.75},     {0.5, 1.5, 1.5, 2.5}, {0.75, 0.75, 1.75, 1.75},
                          {2.999, 0.75, 3.999, 1.75}, {3.0, 1.5, 4.0, 2.5}, {3.0, 1.0 - 0x1p-52, 4.0, 2.0}};
    const double want[6][2] = {{0.0, 0.25}, {0.5, 0.0}, {0.25, 0.25}, {0.0, 0.25}, {0.0, 0.0}, {0.0, 0x1p-52}};
    double moved[6][4], out[6][3];
    int64_t shape[1] = {6}, sb[1] = {4}, so[1] = {3};
    CHECK(pc_world_depenetrate(&part, 1, PC_BOX, &boxes[0][0], sb, &moved[0][0], sb, &out[0][0], so, 1, shape, 1,
                               NULL) == PC_OK);
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
    pc_world_part shelf = {NULL, work, bytes, 7.0, 0, {0.0, 0.0}, NULL};
    CHECK(pc_world_depenetrate(&shelf, 1, PC_BOX, boxes[3], NULL, moved[3], NULL, out[3], NULL, 0, NULL, 1, NULL) ==
          PC_OK);
    CHECK(out[3][0] == 0.0 && out[3][1] == 0.25 && moved[3][1] == 1.0);
    CHECK(pc_world_depenetrate(&shelf, 1, PC_KIND_COUNT, boxes[3], NULL, moved[3], NULL, out[3], NULL, 0, NULL, 1,
                               NULL) == PC_ERR_ARG);

    /* advance: the second circle an ulp into the floor, both falling onto
     * it; restitution 1 for the first and 0 for the second, or 0.5 for both */
    double balls[2][3] = {{3.5, 1.5, 0.5}, {5.5, 1.5 - 0x1p-52, 0.5}}, v[2][2] = {{0.0, -1.0}, {0.0, -1.0}};
    const double e2[2] = {1.0, 0.0}, half = 0.5, mu = 0.0, bad[2] = {1.0, 1.5};
    int64_t bounces[2] = {0, 0};
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], NULL, bounces, 2, 0.5, e2, 1, &mu, 0, 16, NULL, 1, NULL) ==
          PC_OK);
    CHECK(bounces[0] == 1 && bounces[1] == 1);
    CHECK(v[0][1] == 1.0 && v[1][1] == 0.0 && balls[0][1] == 2.0 && balls[1][1] == 1.5);
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], NULL, bounces, 2, 0.5, &half, 0, &mu, 0, 16, NULL, 1,
                           NULL) == PC_OK);
    CHECK(bounces[0] == 1 && bounces[1] == 1 && balls[0][1] == 2.5 && balls[1][1] == 1.5);
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], NULL, NULL, 2, 0.5, bad, 1, &mu, 0, 16, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_world_advance(&part, 1, &balls[0][0], &v[0][0], NULL, NULL, 2, 0.5, &half, -1, &mu, 0, 16, NULL, 1,
                           NULL) == PC_ERR_ARG);
}

/* World A: the room (test.h) as part 0 and, as part 1, a collection of two
 * boxes beside it, x 8..9 and 10..11, y 0..1. */
typedef struct {
    test_map room;
    unsigned char work[1 << 14];
    pc_world_part parts[2];
} world_a;

static const double world_a_boxes[2][4] = {{8, 0, 9, 1}, {10, 0, 11, 1}};

static int world_a_build(world_a *w)
{
    int64_t bytes = pc_pairs_workspace(PC_BOX, 2, PC_BOX, 0);
    if (test_map_build(&w->room, test_room_kinds, TEST_ROOM_ROWS, TEST_ROOM_COLS, 1.0, 0.0, 0.0) != PC_OK ||
        bytes > (int64_t)sizeof w->work ||
        pc_pairs_prepare(PC_BOX, &world_a_boxes[0][0], 2, PC_BOX, NULL, 0, w->work, bytes) != PC_OK)
        return 0;
    w->parts[0] = (pc_world_part){&w->room.map, NULL, 0, 0.0, 0, {0.0, 0.0}, NULL};
    w->parts[1] = (pc_world_part){NULL, w->work, bytes, 11.0, 0, {0.0, 0.0}, NULL};
    return 1;
}

/* A world part of no shape: the workspace of an empty collection of boxes
 * in work. */
static pc_world_part empty_part(unsigned char *work, int64_t size)
{
    int64_t bytes = pc_pairs_workspace(PC_BOX, 0, PC_BOX, 0);
    CHECK(bytes > 0 && bytes <= size);
    CHECK(pc_pairs_prepare(PC_BOX, NULL, 0, PC_BOX, NULL, 0, work, bytes) == PC_OK);
    return (pc_world_part){NULL, work, bytes, 0.0, 0, {0.0, 0.0}, NULL};
}

/* Which of n contiguous rows of a kind strictly overlap world A (malloc'd,
 * one byte each). */
static uint8_t *inside_world_a(const world_a *w, int kind, const double *rows, int64_t n)
{
    uint8_t *hit = malloc((size_t)n);
    int64_t shape[1] = {n}, sr[1] = {pc_kind_width(kind)}, sh[1] = {1};
    if (pc_world_overlaps(w->parts, 2, kind, rows, sr, hit, sh, 1, shape, PC_STRICT, 1, NULL) != PC_OK)
        memset(hit, 1, (size_t)n);
    return hit;
}

/* pc_world_overlaps on world A: the room's inside, its floor touched, the
 * face between two solid tiles (strictly inside the union), the boxes, a
 * capsule touching both; every circle of a batch is the map's answer or a
 * box's, on one thread and several; bad arguments; the cancel flag. */
static void test_world_overlaps(void)
{
    static world_a w;
    CHECK(world_a_build(&w));
    const double inside[2] = {2.5, 1.5}, seam[2] = {1, 0.5}, rim[2] = {6, 0.5}, ball[3] = {2.5, 1.5, 0.5};
    const double seg[4] = {8.5, 2, 8.5, 0.5}, between[10] = {9.25, 0.25, 9.75, 0.25, 9.75, 0.75, 9.5, 1, 9.25, 0.75};
    const double pill[5] = {9.5, 0.5, 9.5, 0.75, 0.5};
    uint8_t hit[2];
    for (int mode = 0; mode < 2; mode++) {
        int ok = 1;
        ok &=
            pc_world_overlaps(w.parts, 2, PC_POINT, inside, NULL, &hit[mode], NULL, 0, NULL, mode, 1, NULL) == PC_OK &&
            hit[mode] == 0;
        ok &= pc_world_overlaps(w.parts, 2, PC_POINT, seam, NULL, &hit[mode], NULL, 0, NULL, mode, 1, NULL) == PC_OK &&
              hit[mode] == 1;
        ok &= pc_world_overlaps(w.parts, 2, PC_SEGMENT, seg, NULL, &hit[mode], NULL, 0, NULL, mode, 1, NULL) == PC_OK &&
              hit[mode] == 1;
        ok &= pc_world_overlaps(w.parts, 2, PC_POLYGON + 2, between, NULL, &hit[mode], NULL, 0, NULL, mode, 1, NULL) ==
                  PC_OK &&
              hit[mode] == 0;
        CHECK(ok);
    }
    /* touching counts, strictly it does not */
    CHECK(pc_world_overlaps(w.parts, 2, PC_CIRCLE, ball, NULL, hit, NULL, 0, NULL, PC_TOUCHING, 1, NULL) == PC_OK &&
          hit[0]);
    CHECK(pc_world_overlaps(w.parts, 2, PC_CIRCLE, ball, NULL, hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK &&
          !hit[0]);
    CHECK(pc_world_overlaps(w.parts, 2, PC_POINT, rim, NULL, hit, NULL, 0, NULL, PC_TOUCHING, 1, NULL) == PC_OK &&
          hit[0]);
    CHECK(pc_world_overlaps(w.parts, 2, PC_POINT, rim, NULL, hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK &&
          !hit[0]);
    CHECK(pc_world_overlaps(w.parts + 1, 1, PC_CAPSULE, pill, NULL, hit, NULL, 0, NULL, PC_TOUCHING, 1, NULL) ==
              PC_OK &&
          hit[0]);
    CHECK(pc_world_overlaps(w.parts + 1, 1, PC_CAPSULE, pill, NULL, hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_OK &&
          !hit[0]);
    /* bad arguments: nothing written */
    pc_world_part broken = {NULL, NULL, 0, 1.0, 0, {0.0, 0.0}, NULL}, flat = w.parts[0];
    pc_tilemap no_size = w.room.map;
    no_size.tile_size = 0;
    flat.map = &no_size;
    hit[0] = 7;
    CHECK(pc_world_overlaps(w.parts, 0, PC_POINT, rim, NULL, hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_overlaps(w.parts, PC_WORLD_MAX_PARTS + 1, PC_POINT, rim, NULL, hit, NULL, 0, NULL, PC_STRICT, 1,
                            NULL) == PC_ERR_ARG);
    CHECK(pc_world_overlaps(NULL, 1, PC_POINT, rim, NULL, hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_overlaps(&broken, 1, PC_POINT, rim, NULL, hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_overlaps(&flat, 1, PC_POINT, rim, NULL, hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_overlaps(w.parts, 2, PC_POINT, rim, NULL, hit, NULL, 0, NULL, 2, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_overlaps(w.parts, 2, 40, rim, NULL, hit, NULL, 0, NULL, PC_STRICT, 1, NULL) == PC_ERR_ARG);
    CHECK(hit[0] == 7);
    /* many circles: a part's answer, exactly */
    enum { N = TEST_MANY };
    double *c = malloc(sizeof(double) * 3 * N);
    uint8_t *h1 = malloc(N), *hn = malloc(N), *map = malloc(N);
    unsigned state = 21;
    for (int64_t i = 0; i < N; i++) {
        c[3 * i] = unit_random(&state) * 13 - 1;
        c[3 * i + 1] = unit_random(&state) * 5 - 0.5;
        c[3 * i + 2] = i % 4 ? unit_random(&state) * 0.5 : 0.0;
    }
    int64_t n[1] = {N}, s3[1] = {3}, s1[1] = {1};
    CHECK(pc_world_overlaps(w.parts, 2, PC_CIRCLE, c, s3, h1, s1, 1, n, PC_TOUCHING, 1, NULL) == PC_OK);
    CHECK(pc_world_overlaps(w.parts, 2, PC_CIRCLE, c, s3, hn, s1, 1, n, PC_TOUCHING, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(h1, hn, N));
    CHECK(pc_tilemap_overlaps(&w.room.map, c, s3, map, s1, 1, n, PC_TOUCHING, 1, NULL) == PC_OK);
    int same = 1, hits = 0;
    for (int64_t i = 0; i < N; i++) {
        int want = map[i] || pc_overlap(PC_CIRCLE, c + 3 * i, PC_BOX, world_a_boxes[0], PC_TOUCHING) ||
                   pc_overlap(PC_CIRCLE, c + 3 * i, PC_BOX, world_a_boxes[1], PC_TOUCHING);
        same &= h1[i] == want;
        hits += want;
    }
    CHECK(same && hits > N / 4 && hits < N);
    int flag = 1;
    hn[0] = 7;
    CHECK(pc_world_overlaps(w.parts, 2, PC_CIRCLE, c, s3, hn, s1, 1, n, PC_TOUCHING, TEST_THREADS, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(hn[0] == 7);
    free(c);
    free(h1);
    free(hn);
    free(map);
}

/* A query of each shape of a batch against a world (pc_world_contact's
 * arguments), writing `width` doubles, the first <= 0 where the shape
 * touches the world (a contact's separation, say). */
typedef int (*world_query)(const pc_world_part *, int, int, const double *, const int64_t *, double *, const int64_t *,
                           int, const int64_t *, int, const volatile int *);

/* pc_world_manifold with margin 0, its count c as 0.5 - c: a world_query */
static int manifold_at_0(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *sa,
                         double *out, const int64_t *so, int ndim, const int64_t *shape, int threads,
                         const volatile int *cancel)
{
    int rc = pc_world_manifold(parts, nparts, kind, a, sa, 0.0, out, so, NULL, NULL, ndim, shape, threads, cancel);
    for (int64_t i = 0; rc == PC_OK && i < shape[0]; i++) out[i * so[0]] = 0.5 - out[i * so[0]];
    return rc;
}

/* n contiguous rows of a kind against world A by a query: the same bits on
 * one thread and several; its first double <= 0 exactly where
 * pc_world_overlaps (touching) is true; a set cancel flag stops it. */
static void check_world_batch(const world_a *w, world_query query, int kind, const double *rows, int64_t n, int width)
{
    double *o1 = malloc(sizeof(double) * (size_t)(width * n)), *on = malloc(sizeof(double) * (size_t)(width * n));
    uint8_t *hit = malloc((size_t)n);
    int64_t many[1] = {n}, sr[1] = {pc_kind_width(kind)}, so[1] = {width}, s1[1] = {1};
    CHECK(query(w->parts, 2, kind, rows, sr, o1, so, 1, many, 1, NULL) == PC_OK);
    CHECK(query(w->parts, 2, kind, rows, sr, on, so, 1, many, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * (size_t)(width * n)));
    CHECK(pc_world_overlaps(w->parts, 2, kind, rows, sr, hit, s1, 1, many, PC_TOUCHING, 1, NULL) == PC_OK);
    int agree = 1;
    for (int64_t i = 0; i < n; i++) agree &= (o1[width * i] <= 0) == (hit[i] == 1);
    CHECK(agree);
    int flag = 1;
    on[0] = 7;
    CHECK(query(w->parts, 2, kind, rows, sr, on, so, 1, many, TEST_THREADS, &flag) == PC_ERR_CANCELLED);
    CHECK(on[0] == 7);
    free(o1);
    free(on);
    free(hit);
}

/* pc_world_contact on world A: the contact of least separation over the
 * parts, the lower part and then the lower index at equal separations;
 * a box against the room (its merged boundary), the collection and both;
 * an empty collection; the sign against pc_world_overlaps over many
 * circles, on one thread and several; bad arguments; the cancel flag. */
static void test_world_contact(void)
{
    static world_a w;
    CHECK(world_a_build(&w));
    const double balls[3][3] = {{7, 0.5, 0.5}, {7.25, 0.5, 0.5}, {2.5, 0.75, 0.5}}, point[2] = {9.5, 0.5};
    double out[3][9];
    int64_t n[1] = {3}, s3[1] = {3}, s9[1] = {9};
    CHECK(pc_world_contact(w.parts, 2, PC_CIRCLE, &balls[0][0], s3, &out[0][0], s9, 1, n, 1, NULL) == PC_OK);
    /* 0.5 from the room's outer wall and from box 0: the room (part 0), no index */
    CHECK(out[0][0] == 0.5 && out[0][1] == -1 && out[0][2] == 0 && out[0][3] == 6.5 && out[0][5] == 6 &&
          out[0][7] == 0 && out[0][8] == -1);
    CHECK(out[1][0] == 0.25 && out[1][1] == 1 && out[1][2] == 0 && out[1][3] == 7.75 && out[1][4] == 0.5 &&
          out[1][5] == 8 && out[1][6] == 0.5 && out[1][7] == 1 && out[1][8] == 0);
    CHECK(out[2][0] == -0.75 && out[2][7] == 0); /* 0.25 into the floor of the room: centre 0.25 below its top */
    CHECK(pc_world_contact(w.parts, 2, PC_POINT, point, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 0.5 && out[0][1] == -1 && out[0][7] == 1 && out[0][8] == 0); /* between the boxes: the lower */
    const double box[4] = {9.25, 0.25, 9.75, 0.75};
    /* a box against the room alone (its merged boundary), the collection
     * alone, and both: the nearer part */
    double room[9], both[9];
    CHECK(pc_world_contact(w.parts, 1, PC_BOX, box, NULL, room, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(room[0] == 3.25 && room[1] == -1 && room[2] == 0 && room[5] == 6 && room[7] == 0 && room[8] == -1);
    CHECK(pc_world_contact(w.parts + 1, 1, PC_BOX, box, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 0.25 && out[0][1] == -1 && out[0][7] == 0 && out[0][8] == 0);
    CHECK(pc_world_contact(w.parts, 2, PC_BOX, box, NULL, both, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(both[0] == 0.25 && both[7] == 1 && both[8] == 0); /* the boxes, nearer than the room's east wall */
    static unsigned char empty[1 << 12];
    pc_world_part nothing = empty_part(empty, sizeof empty);
    CHECK(pc_world_contact(&nothing, 1, PC_BOX, box, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0][0] == INFINITY && out[0][7] == -1 && out[0][8] == -1);
    out[0][0] = 7;
    CHECK(pc_world_contact(w.parts, 0, PC_POINT, point, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_contact(w.parts, 2, PC_KIND_COUNT, point, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(out[0][0] == 7);
    enum { N = TEST_MANY };
    double *c = malloc(sizeof(double) * 3 * N);
    unsigned state = 22;
    for (int64_t i = 0; i < N; i++) {
        c[3 * i] = unit_random(&state) * 13 - 1;
        c[3 * i + 1] = unit_random(&state) * 5 - 0.5;
        c[3 * i + 2] = i % 4 ? unit_random(&state) * 0.5 : 0.0;
    }
    check_world_batch(&w, pc_world_contact, PC_CIRCLE, c, N, 9);
    free(c);
}

/* pc_world_manifold on world A: a box resting on the room's floor across
 * the seams between its tiles (two points, the floor's normal exactly, the
 * points at the box's corners), sunk 0.25 into it, above it within the
 * margin and beyond it; a ball (one point); a box nearest the collection
 * (pc_manifold_batch's manifold with that shape, its part and index); an
 * empty collection; bad arguments; many boxes, the count against
 * pc_world_overlaps, on one thread and several; the cancel flag. */
static void test_world_manifold(void)
{
    static world_a w;
    CHECK(world_a_build(&w));
    const double boxes[4][4] = {{1.5, 1, 3.5, 1.5}, {1.5, 0.75, 3.5, 1.25}, {1.5, 1.25, 3.5, 1.5}, {2, 1.75, 3, 2}};
    double out[4][11];
    int64_t n[1] = {4}, s4[1] = {4}, s11[1] = {11};
    CHECK(pc_world_manifold(w.parts, 2, PC_BOX, &boxes[0][0], s4, 0.5, &out[0][0], s11, NULL, NULL, 1, n, 1, NULL) ==
          PC_OK);
    CHECK(out[0][0] == 2 && out[0][1] == 0 && out[0][2] == -1 && out[0][9] == 0 && out[0][10] == -1);
    CHECK(out[0][4] == 1 && out[0][5] == 0 && out[0][7] == 1 && out[0][8] == 0); /* on the floor, y = 1 */
    CHECK(fmin(out[0][3], out[0][6]) == 1.5 && fmax(out[0][3], out[0][6]) == 3.5);
    CHECK(out[1][0] == 2 && out[1][1] == 0 && out[1][2] == -1 && out[1][5] == -0.25 && out[1][8] == -0.25);
    CHECK(out[1][4] == 0.875 && out[1][7] == 0.875 && fmin(out[1][3], out[1][6]) == 1.5);
    CHECK(out[2][0] == 2 && out[2][2] == -1 && out[2][5] == 0.25 && out[2][8] == 0.25); /* within the margin */
    CHECK(out[3][0] == 0 && out[3][1] == 0 && out[3][2] == -1 && isnan(out[3][3]) && out[3][9] == 0);
    CHECK(pc_world_manifold(w.parts, 2, PC_BOX, boxes[2], NULL, 0.0, out[2], NULL, NULL, NULL, 0, NULL, 1, NULL) ==
          PC_OK);
    CHECK(out[2][0] == 0 && out[2][2] == -1); /* beyond a margin of 0 */
    const double ball[3] = {2.5, 1.25, 0.5};
    CHECK(pc_world_manifold(w.parts, 2, PC_CIRCLE, ball, NULL, 0.0, out[0], NULL, NULL, NULL, 0, NULL, 1, NULL) ==
          PC_OK);
    CHECK(out[0][0] == 1 && out[0][2] == -1 && out[0][5] == -0.25 && out[0][3] == 2.5 && isnan(out[0][6]));
    /* nearest the boxes of part 1 (0.25 from both: the lower index) */
    const double box[4] = {9.25, 0.25, 9.75, 0.75};
    double pair[9];
    CHECK(pc_world_manifold(w.parts, 2, PC_BOX, box, NULL, 0.5, out[0], NULL, NULL, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(pc_manifold_batch(PC_BOX, box, NULL, PC_BOX, world_a_boxes[0], NULL, 0.5, pair, NULL, NULL, NULL, 0, NULL,
                            11.0, 1, NULL) == PC_OK);
    CHECK(!memcmp(out[0], pair, sizeof pair) && out[0][0] == 2 && out[0][9] == 1 && out[0][10] == 0);
    /* the features: the collection's box's own (as the pair's), a tile map's merged edge on its side */
    int16_t fw[4], fp[4];
    CHECK(pc_world_manifold(w.parts, 2, PC_BOX, box, NULL, 0.5, out[0], NULL, fw, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(pc_manifold_batch(PC_BOX, box, NULL, PC_BOX, world_a_boxes[0], NULL, 0.5, pair, NULL, fp, NULL, 0, NULL, 11.0,
                            1, NULL) == PC_OK);
    CHECK(!memcmp(fw, fp, sizeof fw) && fw[0] >= 0 && fw[1] >= 0);
    CHECK(pc_world_manifold(w.parts, 2, PC_BOX, boxes[0], NULL, 0.5, out[0], NULL, fw, NULL, 0, NULL, 1, NULL) ==
          PC_OK);
    CHECK(out[0][0] == 2 && fw[0] != fw[2] && fw[0] % 2 == 0 && fw[2] % 2 == 0); /* the box's two bottom corners */
    CHECK(fw[1] == fw[3] && fw[1] % 2 == 1 && fw[1] / 2 < w.room.map.n_edges);   /* one merged edge of the floor */
    static unsigned char empty[1 << 12];
    pc_world_part nothing = empty_part(empty, sizeof empty);
    CHECK(pc_world_manifold(&nothing, 1, PC_BOX, box, NULL, 1.0, out[0], NULL, NULL, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 0 && out[0][9] == -1 && out[0][10] == -1);
    out[0][0] = 7;
    const double bad[3] = {-1.0, NAN, INFINITY};
    for (int k = 0; k < 3; k++)
        CHECK(pc_world_manifold(w.parts, 2, PC_BOX, box, NULL, bad[k], out[0], NULL, NULL, NULL, 0, NULL, 1, NULL) ==
              PC_ERR_ARG);
    CHECK(pc_world_manifold(w.parts, 0, PC_BOX, box, NULL, 0.0, out[0], NULL, NULL, NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_world_manifold(w.parts, 2, PC_KIND_COUNT, box, NULL, 0.0, out[0], NULL, NULL, NULL, 0, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(out[0][0] == 7);
    enum { N = TEST_MANY };
    double *b = malloc(sizeof(double) * 4 * N);
    unsigned state = 23;
    for (int64_t i = 0; i < N; i++) {
        double x = unit_random(&state) * 13 - 1, y = unit_random(&state) * 5 - 0.5;
        b[4 * i] = x;
        b[4 * i + 1] = y;
        b[4 * i + 2] = x + unit_random(&state);
        b[4 * i + 3] = y + unit_random(&state);
    }
    check_world_batch(&w, manifold_at_0, PC_BOX, b, N, 11);
    free(b);
}

/* pc_world_slide in the room (and world A): into the inner corner (a floor
 * and a wall), walking on the floor, up into the ceiling, up the slope from
 * its foot, over the two boxes; one slide only; a start too deep (-1), a
 * rounding error deep (moved out), a move beyond the doubles (-2); bad
 * arguments; many boxes on one thread and several; the cancel flag. */
static void test_world_slide(void)
{
    static world_a w;
    CHECK(world_a_build(&w));
    enum { K = 9 };
    double boxes[K][4] = {{2, 1.5, 3, 2.5},
                          {2, 1, 3, 2},
                          {2, 1.5, 3, 2.5},
                          {2, 1, 3, 2},
                          {8, 1, 9, 2},
                          {2, 0.25, 3, 1.25},
                          {2, 1 - 0x1p-52, 3, 2 - 0x1p-52},
                          {2, 1.5, 3, 2.5},
                          {2, 1.5, 3, 2.5}};
    double v[K][2] = {{-10, -10}, {1, -4.875}, {0, 2}, {4, 0}, {2.5, -1}, {1, 0}, {1, 0}, {1e308, 0}, {-10, -10}};
    int8_t flags[K];
    CHECK(pc_world_slide(w.parts, 2, &boxes[0][0], &v[0][0], flags, K - 2, 0.5, 16, 1, NULL) == PC_OK);
    /* the floor at 1/10 of the way, then the wall */
    CHECK(boxes[0][0] == 1 && boxes[0][1] == 1 && boxes[0][2] == 2 && boxes[0][3] == 2 && v[0][0] == 0 && v[0][1] == 0);
    CHECK(flags[0] == (PC_SLIDE_FLOOR | PC_SLIDE_WALL));
    CHECK(boxes[1][0] == 2.5 && boxes[1][1] == 1 && boxes[1][2] == 3.5 && boxes[1][3] == 2 && v[1][0] == 1 &&
          v[1][1] == 0);
    CHECK(flags[1] == PC_SLIDE_FLOOR);
    CHECK(boxes[2][1] == 2 && boxes[2][3] == 3 && v[2][0] == 0 && v[2][1] == 0 && flags[2] == PC_SLIDE_CEILING);
    /* from the foot up the slope: along it (never into it), no faster */
    CHECK(flags[3] == PC_SLIDE_FLOOR && fabs(boxes[3][0] - 3.5) < 1e-12 && fabs(boxes[3][1] - 1.5) < 1e-12);
    CHECK(boxes[3][1] >= boxes[3][2] - 3 && v[3][0] * v[3][0] + v[3][1] * v[3][1] <= 16 && fabs(v[3][0] - 2) < 1e-12);
    /* over box 0 and the gap onto box 1, level */
    CHECK(flags[4] == PC_SLIDE_FLOOR && boxes[4][0] == 9.25 && boxes[4][1] == 1 && v[4][0] == 2.5 && v[4][1] == 0);
    CHECK(flags[5] == -1 && boxes[5][1] == 0.25 && v[5][0] == 1); /* deeper than its tolerance: left alone */
    CHECK(flags[6] == 0 && boxes[6][0] == 2.5 && boxes[6][1] == 1 && boxes[6][3] == 2); /* moved out by 2^-52 */
    CHECK(pc_world_slide(w.parts, 2, boxes[7], v[7], &flags[7], 1, 10, 16, 1, NULL) == PC_OK);
    CHECK(flags[7] == -2);
    int inside = 0;
    for (int k = 0; k < K; k++) {
        uint8_t hit;
        pc_world_overlaps(w.parts, 2, PC_BOX, boxes[k], NULL, &hit, NULL, 0, NULL, PC_STRICT, 1, NULL);
        inside += hit && flags[k] != -1;
    }
    CHECK(inside == 0);
    /* bad arguments */
    double dt_bad[3] = {-1, NAN, INFINITY};
    int bad = 0;
    for (int k = 0; k < 3; k++)
        bad += pc_world_slide(w.parts, 2, boxes[0], v[0], flags, 1, dt_bad[k], 4, 1, NULL) != PC_ERR_ARG;
    CHECK(bad == 0);
    CHECK(pc_world_slide(w.parts, 0, boxes[0], v[0], flags, 1, 1, 4, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_slide(NULL, 1, boxes[0], v[0], flags, 1, 1, 4, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_slide(w.parts, 2, NULL, v[0], flags, 1, 1, 4, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_slide(w.parts, 2, boxes[0], NULL, flags, 1, 1, 4, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_slide(w.parts, 2, boxes[0], v[0], NULL, 1, 1, 4, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_slide(w.parts, 2, boxes[0], v[0], flags, -1, 1, 4, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_slide(w.parts, 2, boxes[0], v[0], flags, 1, 1, 0, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_slide(w.parts, 2, boxes[0], v[0], flags, 0, 1, 4, 1, NULL) == PC_OK);
    /* many boxes: the same on one thread and several, none left inside */
    enum { N = TEST_MANY_MOVERS };
    double *b1 = malloc(sizeof(double) * 12 * N), *bn = b1 + 4 * N, *v1 = bn + 4 * N, *vn = v1 + 2 * N;
    int8_t *f1 = malloc(N), *fn = malloc(N);
    unsigned state = 23;
    for (int64_t i = 0; i < N; i++) {
        double x = unit_random(&state) * 12, y = unit_random(&state) * 4, side = 0.1 + unit_random(&state) * 0.6;
        b1[4 * i] = x, b1[4 * i + 1] = y, b1[4 * i + 2] = x + side, b1[4 * i + 3] = y + side;
        v1[2 * i] = unit_random(&state) * 20 - 10;
        v1[2 * i + 1] = unit_random(&state) * 20 - 10;
    }
    memcpy(bn, b1, sizeof(double) * 4 * N);
    memcpy(vn, v1, sizeof(double) * 2 * N);
    CHECK(pc_world_slide(w.parts, 2, b1, v1, f1, N, 0.25, 8, 1, NULL) == PC_OK);
    CHECK(pc_world_slide(w.parts, 2, bn, vn, fn, N, 0.25, 8, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(b1, bn, sizeof(double) * 4 * N) && !memcmp(v1, vn, sizeof(double) * 2 * N) && !memcmp(f1, fn, N));
    uint8_t *hit = inside_world_a(&w, PC_BOX, b1, N);
    int ends_inside = 0, met = 0;
    for (int64_t i = 0; i < N; i++) ends_inside += hit[i] && f1[i] != -1, met += f1[i] > 0;
    CHECK(ends_inside == 0 && met > N / 10);
    free(hit);
    int flag = 1;
    memcpy(bn, b1, sizeof(double) * 4 * N);
    CHECK(pc_world_slide(w.parts, 2, bn, vn, fn, N, 0.25, 8, TEST_THREADS, &flag) == PC_ERR_CANCELLED);
    CHECK(!memcmp(bn, b1, sizeof(double) * 4 * N));
    free(b1);
    free(f1);
    free(fn);
}

/* A box of four walls around [0, 40] x [0, 40], a collection, for the
 * collide tests. */
typedef struct {
    unsigned char work[1 << 14];
    pc_world_part part;
} walled;

static int walled_build(walled *w)
{
    static const double walls[4][4] = {{-1, -1, 41, 0}, {-1, 40, 41, 41}, {-1, 0, 0, 40}, {40, 0, 41, 40}};
    int64_t bytes = pc_pairs_workspace(PC_BOX, 4, PC_BOX, 0);
    if (bytes > (int64_t)sizeof w->work || pc_pairs_prepare(PC_BOX, &walls[0][0], 4, PC_BOX, NULL, 0, w->work, bytes))
        return 0;
    w->part = (pc_world_part){NULL, w->work, bytes, 41.0, 0, {0.0, 0.0}, NULL};
    return 1;
}

/* One collide step of n circles with one restitution and friction for all,
 * retried from copies with four times the room while the workspace is too
 * small (as pc_world_collide asks); its return code. */
static int collide(const walled *w, double *c, double *v, const double *masses, int64_t *bounces, int64_t n, double dt,
                   double e, double mu, int max_bounces, int64_t *overlapping)
{
    double *c0 = malloc(sizeof(double) * 5 * (size_t)(n + 1)), *v0 = c0 + 3 * (n + 1);
    int64_t *b0 = malloc(sizeof(int64_t) * (size_t)(n + 1)), entries = 8 * n + 64, events = 8 * n + 64;
    memcpy(c0, c, sizeof(double) * 3 * (size_t)n);
    memcpy(v0, v, sizeof(double) * 2 * (size_t)n);
    if (bounces) memcpy(b0, bounces, sizeof(int64_t) * (size_t)n);
    int rc = PC_ERR_SPACE;
    for (int tries = 0; rc == PC_ERR_SPACE && tries < 6; tries++, entries *= 4, events *= 4) {
        memcpy(c, c0, sizeof(double) * 3 * (size_t)n);
        memcpy(v, v0, sizeof(double) * 2 * (size_t)n);
        if (bounces) memcpy(bounces, b0, sizeof(int64_t) * (size_t)n);
        int64_t bytes = pc_collide_workspace(n, entries, events);
        void *work = malloc((size_t)bytes);
        rc = pc_world_collide(&w->part, 1, c, v, masses, bounces, n, dt, &e, 0, &mu, 0, max_bounces, NULL, work, bytes,
                              entries, events, overlapping, NULL);
        free(work);
    }
    free(c0);
    free(b0);
    return rc;
}

/* Impacts (PC_IMPACT_DOUBLES): pc_world_advance against a tile map (the
 * room: a ball falling on the floor tile of cell 2) with the default mass
 * r^2 and with a mass given; pc_world_collide in the walled box: two circles
 * head on (a row each: the same point and impulse, opposite normals), a
 * ball off the floor (box 0 of the collection), a ball hitting one stopped
 * by max_bounces (a row for the mover only); bad masses. */
static void test_impacts(void)
{
    static test_map room;
    CHECK(test_map_build(&room, test_room_kinds, TEST_ROOM_ROWS, TEST_ROOM_COLS, 1.0, 0.0, 0.0) == PC_OK);
    pc_world_part part = {&room.map, NULL, 0, 0.0, 0, {0.0, 0.0}, NULL};
    const double one = 1.0, zero = 0.0, two = 2.0, minus = -1.0;
    double ball[3] = {2.5, 1.75, 0.25}, v[2] = {0.0, -2.0}, rows[4][PC_IMPACT_DOUBLES];
    int64_t bounces = 0;
    CHECK(pc_world_advance(&part, 1, ball, v, NULL, &bounces, 1, 0.5, &one, 0, &zero, 0, 4, &rows[0][0], 1, NULL) ==
          PC_OK);
    const double want[PC_IMPACT_DOUBLES] = {0.25, -1, 0, 2, 2.5, 1, 0, 1, 0.25}; /* r^2 (2 - -2) = 1/4 */
    CHECK(bounces == 1 && !memcmp(rows[0], want, sizeof want) && isnan(rows[1][0]) && isnan(rows[3][0]));
    CHECK(ball[1] == 1.75 && v[1] == 2.0);
    double again[3] = {2.5, 1.75, 0.25}, v2[2] = {0.0, -2.0};
    CHECK(pc_world_advance(&part, 1, again, v2, &two, NULL, 1, 0.5, &one, 0, &zero, 0, 4, &rows[0][0], 1, NULL) ==
          PC_OK);
    CHECK(rows[0][8] == 8 && rows[0][0] == 0.25);
    CHECK(pc_world_advance(&part, 1, again, v2, &minus, NULL, 1, 0.5, &one, 0, &zero, 0, 4, &rows[0][0], 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_world_advance(&part, 1, again, v2, &minus, NULL, 1, 0.5, &one, 0, &zero, 0, 4, NULL, 1, NULL) == PC_OK);

    static walled w;
    CHECK(walled_build(&w));
    int64_t need = pc_collide_workspace(2, 64, 64);
    unsigned char *room_bytes = malloc((size_t)need);
    double c[2][3] = {{10, 20, 1}, {14, 20, 1}}, cv[2][2] = {{1, 0}, {-1, 0}}, pair[2][8][PC_IMPACT_DOUBLES];
    CHECK(pc_world_collide(&w.part, 1, &c[0][0], &cv[0][0], NULL, NULL, 2, 2, &one, 0, &zero, 0, 8, &pair[0][0][0],
                           room_bytes, need, 64, 64, NULL, NULL) == PC_OK);
    const double first[PC_IMPACT_DOUBLES] = {1, 1, -1, -1, 12, 20, -1, 0, 2},
                 second[PC_IMPACT_DOUBLES] = {1, 0, -1, -1, 12, 20, 1, 0, 2};
    CHECK(!memcmp(pair[0][0], first, sizeof first) && !memcmp(pair[1][0], second, sizeof second));
    CHECK(isnan(pair[0][1][0]) && isnan(pair[1][1][0]) && isnan(pair[1][7][0]));
    /* off the floor at t = 1/2; then ball 0 along the floor into ball 1, which its one bounce stopped at (20, 1) */
    double f[2][3] = {{16, 1, 1}, {20, 2, 1}}, fv[2][2] = {{2, 0}, {0, -2}}, stop[2][1][PC_IMPACT_DOUBLES];
    int64_t fb[2] = {0, 0};
    CHECK(pc_world_collide(&w.part, 1, &f[0][0], &fv[0][0], NULL, fb, 2, 2, &one, 0, &zero, 0, 1, &stop[0][0][0],
                           room_bytes, need, 64, 64, NULL, NULL) == PC_OK);
    const double floor_row[PC_IMPACT_DOUBLES] = {0.5, -1, 0, 0, 20, 0, 0, 1, 4},
                 mover_row[PC_IMPACT_DOUBLES] = {1, 1, -1, -1, 19, 1, -1, 0, 4};
    CHECK(fb[0] == 1 && fb[1] == 1 && f[1][1] == 1 && fv[0][0] == -2);
    CHECK(!memcmp(stop[1][0], floor_row, sizeof floor_row) && !memcmp(stop[0][0], mover_row, sizeof mover_row));
    CHECK(pc_world_collide(&w.part, 1, &f[0][0], &fv[0][0], &minus, NULL, 1, 2, &one, 0, &zero, 0, 1, NULL, room_bytes,
                           need, 64, 64, NULL, NULL) == PC_ERR_ARG);
    free(room_bytes);
}

/* pc_world_move in world A (the room and two boxes): a capsule along the
 * floor (the displacement made exactly the one asked, the floor's normal),
 * a box into the room's west wall (stopped there, a wall met), a box falling on
 * box 0 of the collection (standing on it: part 1, index 0), a box starting
 * deeper than its tolerance (-1, left alone), a capsule a rounding error
 * above a box running along it (the whole run), bad arguments. */
static void test_world_move(void)
{
    static world_a w;
    CHECK(world_a_build(&w));
    pc_move_options o = {0.7, 0.0, 0.0, 4, NULL};
    double pill[5] = {2, 1.25, 3, 1.25, 0.25}, d[2] = {0.5, -0.125}, moved[2], ground[4];
    int8_t flags;
    CHECK(pc_world_move(w.parts, 2, PC_CAPSULE, pill, d, moved, ground, &flags, 1, &o, 1, NULL) == PC_OK);
    CHECK(flags == PC_MOVE_FLOOR && pill[0] == 2.5 && pill[1] == 1.25 && moved[0] == 0.5 && moved[1] == 0);
    CHECK(ground[0] == 0 && ground[1] == 1 && ground[2] == 0);
    double box[4] = {1.5, 1, 2.5, 2}, left[2] = {-4, 0};
    CHECK(pc_world_move(w.parts, 2, PC_BOX, box, left, moved, ground, &flags, 1, &o, 1, NULL) == PC_OK);
    CHECK(flags == (PC_MOVE_FLOOR | PC_MOVE_WALL) && box[0] == 1 && moved[0] == -0.5 && moved[1] == 0);
    double crate[4] = {8.25, 3, 8.75, 3.5}, fall[2] = {0, -10};
    CHECK(pc_world_move(w.parts, 2, PC_BOX, crate, fall, moved, ground, &flags, 1, &o, 1, NULL) == PC_OK);
    CHECK(flags == PC_MOVE_FLOOR && ground[2] == 1 && ground[3] == 0 && ground[1] == 1 &&
          crate[1] == world_a_boxes[0][3]);
    double events[4][8], wall[4] = {1.5, 1, 2.5, 2};
    o.events = &events[0][0]; /* into the west wall: one impact, at 1/8 of the step, its normal, 3.5 taken */
    CHECK(pc_world_move(w.parts, 2, PC_BOX, wall, left, moved, ground, &flags, 1, &o, 1, NULL) == PC_OK);
    CHECK(events[0][0] == 0.125 && events[0][1] == 0 && events[0][5] == 1 && events[0][6] == 0 && events[0][7] == 3.5);
    CHECK(events[0][3] == 1 && isnan(events[1][0]) && isnan(events[3][0]));
    o.events = NULL;
    double sunk[4] = {2, 0.25, 3, 1.25};
    CHECK(pc_world_move(w.parts, 2, PC_BOX, sunk, left, moved, ground, &flags, 1, &o, 1, NULL) == PC_OK);
    CHECK(flags == -1 && sunk[1] == 0.25);
    /* the platformer's hero a rounding error above its ferry, running east:
     * the contact's normal, an ulp short of unit, left an ulp of the run
     * pointing into the ferry and the plane solver kept nothing; it runs the
     * whole 0.1 */
    static unsigned char ferry_work[1 << 12];
    const double ferry[4] = {10.0, 1.0, 13.000000000000028, 2.0};
    int64_t fb = pc_pairs_workspace(PC_BOX, 1, PC_BOX, 0);
    CHECK(fb > 0 && fb <= (int64_t)sizeof ferry_work);
    CHECK(pc_pairs_prepare(PC_BOX, ferry, 1, PC_BOX, NULL, 0, ferry_work, fb) == PC_OK);
    pc_world_part on_ferry = {NULL, ferry_work, fb, ferry[2], 0, {0.0, 0.0}, NULL};
    double hero[5] = {10.600000000000023, 2.3000000000000003, 10.600000000000023, 2.900000000000001, 0.3};
    const double run[2] = {0.1, -0.5 / 60};
    CHECK(pc_world_move(&on_ferry, 1, PC_CAPSULE, hero, run, moved, ground, &flags, 1, &o, 1, NULL) == PC_OK);
    CHECK(flags == PC_MOVE_FLOOR && fabs(moved[0] - 0.1) <= 0x1p-50 && ground[2] == 0);
    pc_move_options bad = {1.5, 0.0, 0.0, 4, NULL};
    CHECK(pc_world_move(w.parts, 2, PC_BOX, box, left, moved, ground, &flags, 1, &bad, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_move(w.parts, 2, PC_BOX, box, left, moved, ground, &flags, 1, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_world_move(w.parts, 2, 99, box, left, moved, ground, &flags, 1, &o, 1, NULL) == PC_ERR_ARG);
}

/* pc_world_collide: two circles head on (elastic: they swap velocities;
 * inelastic: they stop; with masses 3 and 1: the heavy one stops), a
 * bounce off a wall with and without friction, a circle stopped after its
 * bounces, a start that overlaps deeply (nothing moves) or by a rounding
 * error (parted), too small a workspace, bad arguments, and 300 circles in
 * the box: none ends overlapping another or the walls. */
static void test_world_collide(void)
{
    static walled w;
    CHECK(walled_build(&w));
    double c[2][3] = {{10, 20, 1}, {14, 20, 1}}, v[2][2] = {{1, 0}, {-1, 0}};
    int64_t bounces[2] = {0, 0}, pair[2] = {-1, -1};
    CHECK(collide(&w, &c[0][0], &v[0][0], NULL, bounces, 2, 2, 1, 0, 8, pair) == PC_OK);
    CHECK(c[0][0] == 10 && c[1][0] == 14 && v[0][0] == -1 && v[1][0] == 1 && v[0][1] == 0 && v[1][1] == 0);
    CHECK(bounces[0] == 1 && bounces[1] == 1 && c[0][1] == 20 && c[0][2] == 1);
    double c0[2][3] = {{10, 20, 1}, {14, 20, 1}}, v0[2][2] = {{1, 0}, {-1, 0}};
    CHECK(collide(&w, &c0[0][0], &v0[0][0], NULL, NULL, 2, 2, 0, 0, 8, NULL) == PC_OK);
    CHECK(c0[0][0] == 11 && c0[1][0] == 13 && v0[0][0] == 0 && v0[1][0] == 0);
    double cm[2][3] = {{10, 20, 1}, {14, 20, 1}}, vm[2][2] = {{1, 0}, {-1, 0}}, masses[2] = {3, 1};
    CHECK(collide(&w, &cm[0][0], &vm[0][0], masses, NULL, 2, 2, 1, 0, 8, NULL) == PC_OK);
    CHECK(vm[0][0] == 0 && vm[1][0] == 2 && cm[0][0] == 11 && cm[1][0] == 15);
    /* off the floor (y = 0) at t = 1/2: elastic, then with friction */
    double b[3] = {20, 2, 1}, bv[2] = {0, -2};
    int64_t nb = 0;
    CHECK(collide(&w, b, bv, NULL, &nb, 1, 1, 1, 0, 8, NULL) == PC_OK);
    CHECK(b[0] == 20 && b[1] == 2 && bv[0] == 0 && bv[1] == 2 && nb == 1);
    double f[3] = {20, 2, 1}, fv[2] = {1, -2};
    CHECK(collide(&w, f, fv, NULL, NULL, 1, 1, 0.5, 0.1, 8, NULL) == PC_OK);
    /* the normal part 2 -> 1; the tangential 1 loses 0.1 (1 + 0.5) 2 = 0.3 */
    CHECK(fabs(fv[0] - 0.7) < 1e-15 && fv[1] == 1 && fabs(f[0] - 20.85) < 1e-14 && f[1] == 1.5);
    double s[3] = {20, 2, 1}, sv[2] = {0, -2};
    nb = 0;
    CHECK(collide(&w, s, sv, NULL, &nb, 1, 1, 1, 0, 1, NULL) == PC_OK);
    CHECK(s[1] == 1 && sv[1] == 2 && nb == 1); /* stopped at its one bounce, its velocity kept */
    /* overlapping at the start: deeply (reported, nothing moved), by rounding (parted) */
    double deep[2][3] = {{10, 10, 1}, {11, 10, 1}}, dv[2][2] = {{1, 0}, {0, 0}};
    CHECK(collide(&w, &deep[0][0], &dv[0][0], NULL, NULL, 2, 1, 1, 0, 8, pair) == PC_ERR_OVERLAP);
    CHECK(pair[0] == 0 && pair[1] == 1 && deep[0][0] == 10 && deep[1][0] == 11 && dv[0][0] == 1);
    CHECK(collide(&w, &deep[0][0], &dv[0][0], NULL, NULL, 2, 1, 1, 0, 8, NULL) == PC_ERR_OVERLAP);
    double near[2][3] = {{10, 10, 1}, {12 - 0x1p-40, 10, 1}}, nv[2][2] = {{0, 0}, {0, 0}};
    CHECK(collide(&w, &near[0][0], &nv[0][0], NULL, NULL, 2, 1, 1, 0, 8, NULL) == PC_OK);
    CHECK(!pc_overlap(PC_CIRCLE, near[0], PC_CIRCLE, near[1], PC_STRICT));
    /* the workspace */
    static unsigned char small[256];
    const double one = 1, zero = 0;
    int64_t need = pc_collide_workspace(2, 64, 64);
    CHECK(need > (int64_t)sizeof small && pc_collide_workspace(4, 64, 64) > need &&
          pc_collide_workspace(2, 65, 64) > need);
    CHECK(pc_collide_workspace(-1, 64, 64) == -1 && pc_collide_workspace(2, -1, 64) == -1 &&
          pc_collide_workspace(2, 64, -1) == -1);
    CHECK(pc_world_collide(&w.part, 1, &c[0][0], &v[0][0], NULL, NULL, 2, 1, &one, 0, &zero, 0, 8, NULL, small,
                           sizeof small, 64, 64, NULL, NULL) == PC_ERR_SPACE);
    CHECK(pc_world_collide(&w.part, 1, &c[0][0], &v[0][0], NULL, NULL, 2, 1, &one, 0, &zero, 0, 8, NULL, NULL, need, 64,
                           64, NULL, NULL) == PC_ERR_SPACE);
    /* bad arguments */
    const double two = 2, minus = -1;
    unsigned char *room = malloc((size_t)need);
    CHECK(pc_world_collide(&w.part, 0, &c[0][0], &v[0][0], NULL, NULL, 2, 1, &one, 0, &zero, 0, 8, NULL, room, need, 64,
                           64, NULL, NULL) == PC_ERR_ARG);
    CHECK(pc_world_collide(&w.part, 1, NULL, &v[0][0], NULL, NULL, 2, 1, &one, 0, &zero, 0, 8, NULL, room, need, 64, 64,
                           NULL, NULL) == PC_ERR_ARG);
    CHECK(pc_world_collide(&w.part, 1, &c[0][0], &v[0][0], NULL, NULL, 2, -1, &one, 0, &zero, 0, 8, NULL, room, need,
                           64, 64, NULL, NULL) == PC_ERR_ARG);
    CHECK(pc_world_collide(&w.part, 1, &c[0][0], &v[0][0], NULL, NULL, 2, 1, &one, 0, &zero, 0, 0, NULL, room, need, 64,
                           64, NULL, NULL) == PC_ERR_ARG);
    CHECK(pc_world_collide(&w.part, 1, &c[0][0], &v[0][0], NULL, NULL, 2, 1, &two, 0, &zero, 0, 8, NULL, room, need, 64,
                           64, NULL, NULL) == PC_ERR_ARG);
    CHECK(pc_world_collide(&w.part, 1, &c[0][0], &v[0][0], NULL, NULL, 2, 1, &one, 0, &minus, 0, 8, NULL, room, need,
                           64, 64, NULL, NULL) == PC_ERR_ARG);
    CHECK(pc_world_collide(&w.part, 1, &c[0][0], &v[0][0], NULL, NULL, 0, 1, &one, 0, &zero, 0, 8, NULL, room, need, 64,
                           64, NULL, NULL) == PC_OK);
    free(room);
    /* 300 circles on a lattice, random velocities: apart at the end */
    enum { N = 300 };
    static double cs[N][3], vs[N][2];
    static int64_t bs[N], found_pairs[2 * N * N / 2];
    unsigned state = 24;
    for (int i = 0; i < N; i++) {
        cs[i][0] = 2 + 2 * (i % 18) + unit_random(&state) * 0.5;
        cs[i][1] = 2 + 2 * (i / 18) + unit_random(&state) * 0.5;
        cs[i][2] = 0.25 + unit_random(&state) * 0.5;
        vs[i][0] = unit_random(&state) * 20 - 10;
        vs[i][1] = unit_random(&state) * 20 - 10;
    }
    CHECK(collide(&w, &cs[0][0], &vs[0][0], NULL, bs, N, 1, 0.9, 0.2, 64, NULL) == PC_OK);
    int64_t pb = pc_pairs_workspace(PC_CIRCLE, N, PC_CIRCLE, 0), found = -1, bounced = 0;
    void *pw = malloc((size_t)pb);
    CHECK(pc_pairs(PC_CIRCLE, &cs[0][0], N, 0, NULL, 0, PC_STRICT, 41, 1, pw, pb, found_pairs, N * N / 2, &found,
                   NULL) == PC_OK &&
          found == 0);
    uint8_t hit[N];
    int64_t n[1] = {N}, s3[1] = {3}, s1[1] = {1};
    CHECK(pc_world_overlaps(&w.part, 1, PC_CIRCLE, &cs[0][0], s3, hit, s1, 1, n, PC_STRICT, 1, NULL) == PC_OK);
    int inside = 0;
    for (int i = 0; i < N; i++) inside += hit[i], bounced += bs[i];
    CHECK(inside == 0 && bounced > N);
    free(pw);
}

/* pc_reflect_batch: the normal part reversed and scaled by the
 * restitution, the tangential part reduced by friction, nothing for a
 * velocity moving away; never longer (exactly) over many velocities and
 * normals, on one thread and several; bad arguments; the cancel flag. */
static void test_reflect(void)
{
    const double v[5][2] = {{1, -1}, {1, -1}, {3, -1}, {1, 1}, {0.5, -2}}, up[2] = {0, 1};
    const double e[5] = {1, 0.5, 0, 1, 0}, mu[5] = {0, 0, 1, 0, 10};
    double out[5][2];
    int64_t n[1] = {5}, s2[1] = {2}, s0[1] = {0}, s1[1] = {1};
    CHECK(pc_reflect_batch(&v[0][0], s2, up, s0, e, s1, mu, s1, &out[0][0], s2, 1, n, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 1 && out[0][1] == 1);
    CHECK(out[1][0] == 1 && out[1][1] == 0.5);
    CHECK(out[2][0] == 2 && out[2][1] == 0); /* the tangential 3 loses 1 (1 + 0) 1 */
    CHECK(out[3][0] == 1 && out[3][1] == 1); /* moving away: unchanged */
    CHECK(out[4][0] == 0 && out[4][1] == 0); /* friction takes all of the tangential part, no more */
    out[0][0] = 7;
    CHECK(pc_reflect_batch(NULL, s2, up, s0, e, s1, mu, s1, &out[0][0], s2, 1, n, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_reflect_batch(&v[0][0], NULL, up, s0, e, s1, mu, s1, &out[0][0], s2, 1, n, 1, NULL) == PC_ERR_ARG);
    CHECK(out[0][0] == 7);
    enum { N = TEST_MANY };
    double *vel = malloc(sizeof(double) * 10 * N), *nrm = vel + 2 * N, *ee = nrm + 2 * N, *ff = ee + N;
    double *o1 = ff + N, *on = o1 + 2 * N;
    unsigned state = 25;
    for (int64_t i = 0; i < N; i++) {
        double a = unit_random(&state) * 6.283185307179586;
        vel[2 * i] = unit_random(&state) * 2e3 - 1e3;
        vel[2 * i + 1] = unit_random(&state) * 2e3 - 1e3;
        nrm[2 * i] = cos(a); /* unit up to rounding */
        nrm[2 * i + 1] = sin(a);
        ee[i] = i % 3 ? unit_random(&state) : 1.0;
        ff[i] = i % 5 ? unit_random(&state) : 0.0;
    }
    int64_t many[1] = {N};
    CHECK(pc_reflect_batch(vel, s2, nrm, s2, ee, s1, ff, s1, o1, s2, 1, many, 1, NULL) == PC_OK);
    CHECK(pc_reflect_batch(vel, s2, nrm, s2, ee, s1, ff, s1, on, s2, 1, many, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 2 * N));
    int longer = 0, turned = 0;
    for (int64_t i = 0; i < N; i++) {
        longer += pc__sumsq_cmp(o1[2 * i], o1[2 * i + 1], vel[2 * i], vel[2 * i + 1]) > 0;
        turned += o1[2 * i] != vel[2 * i];
    }
    CHECK(longer == 0 && turned > N / 3);
    int flag = 1;
    on[0] = 7;
    CHECK(pc_reflect_batch(vel, s2, nrm, s2, ee, s1, ff, s1, on, s2, 1, many, TEST_THREADS, &flag) == PC_ERR_CANCELLED);
    CHECK(on[0] == 7);
    free(vel);
}

/* The motions and the world queries over many movers: pc_world_advance,
 * pc_tilemap_advance and pc_world_depenetrate (chunks of PC_MOTION_CHUNK)
 * and pc_world_sweep the same on one thread and several; nothing left
 * inside the world. */
/* n circles at random in world A's room, their velocities at random. */
static void random_movers(double *c, double *v, int64_t n, unsigned *state)
{
    for (int64_t i = 0; i < n; i++) {
        c[3 * i] = unit_random(state) * 12;
        c[3 * i + 1] = unit_random(state) * 4;
        c[3 * i + 2] = 0.05 + unit_random(state) * 0.3;
        v[2 * i] = unit_random(state) * 20 - 10;
        v[2 * i + 1] = unit_random(state) * 20 - 10;
    }
}

/* The same step again from the start, with impacts, on 1 and TEST_THREADS
 * threads: the same rows on both, the same circles as without (given),
 * each circle's rows as many as its bounces, in time order. */
static void impacts_threads(const world_a *w, const double *moved, const double *v_moved, const int64_t *bounces,
                            int64_t n, const double *e, double mu)
{
    double *c = malloc(sizeof(double) * 10 * (size_t)n), *v = c + 5 * n, *rows[2];
    int64_t count = 16 * n * PC_IMPACT_DOUBLES;
    for (int k = 0; k < 2; k++) {
        rows[k] = calloc((size_t)count, sizeof(double)); /* a row of no impact has only its time written */
        unsigned state = 26;
        random_movers(c, v, n, &state);
        CHECK(pc_world_advance(w->parts, 2, c, v, NULL, NULL, n, 0.5, e, 0, &mu, 0, 16, rows[k], k ? TEST_THREADS : 1,
                               NULL) == PC_OK);
        CHECK(!memcmp(c, moved, sizeof(double) * 3 * (size_t)n) && !memcmp(v, v_moved, sizeof(double) * 2 * (size_t)n));
    }
    CHECK(!memcmp(rows[0], rows[1], sizeof(double) * (size_t)count));
    int ok = 1;
    for (int64_t i = 0; i < n; i++) {
        const double *r = rows[0] + 16 * PC_IMPACT_DOUBLES * i;
        int64_t m = 0;
        while (m < 16 && !isnan(r[PC_IMPACT_DOUBLES * m])) m++;
        ok &= m == (bounces[i] > 0 ? bounces[i] : 0);
        for (int64_t k = 1; k < m; k++) ok &= r[PC_IMPACT_DOUBLES * k] >= r[PC_IMPACT_DOUBLES * (k - 1)];
        for (int64_t k = 0; k < m; k++) ok &= r[PC_IMPACT_DOUBLES * k] >= 0 && r[PC_IMPACT_DOUBLES * k] <= 0.5;
    }
    CHECK(ok);
    free(rows[0]);
    free(rows[1]);
    free(c);
}

static void test_motion_threads(void)
{
    static world_a w;
    CHECK(world_a_build(&w));
    enum { N = TEST_MANY_MOVERS, M = TEST_MANY };
    double *c1 = malloc(sizeof(double) * 10 * N), *cn = c1 + 3 * N, *v1 = cn + 3 * N, *vn = v1 + 2 * N;
    int64_t *b1 = malloc(sizeof(int64_t) * 2 * N), *bn = b1 + N;
    unsigned state = 26;
    random_movers(c1, v1, N, &state);
    const double e[2] = {0.8, 1}, mu = 0.1;
    memcpy(cn, c1, sizeof(double) * 3 * N);
    memcpy(vn, v1, sizeof(double) * 2 * N);
    memset(b1, 0, sizeof(int64_t) * 2 * N);
    CHECK(pc_world_advance(w.parts, 2, c1, v1, NULL, b1, N, 0.5, e, 0, &mu, 0, 16, NULL, 1, NULL) == PC_OK);
    CHECK(pc_world_advance(w.parts, 2, cn, vn, NULL, bn, N, 0.5, e, 0, &mu, 0, 16, NULL, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(c1, cn, sizeof(double) * 3 * N) && !memcmp(v1, vn, sizeof(double) * 2 * N) &&
          !memcmp(b1, bn, sizeof(int64_t) * N));
    uint8_t *hit = inside_world_a(&w, PC_CIRCLE, c1, N);
    int inside = 0, bounced = 0;
    for (int64_t i = 0; i < N; i++) inside += hit[i] && b1[i] != -1, bounced += b1[i] > 0;
    CHECK(inside == 0 && bounced > N / 10);
    free(hit);
    impacts_threads(&w, c1, v1, b1, N, e, mu);
    /* the room alone, without bounces */
    CHECK(pc_tilemap_advance(&w.room.map, c1, v1, NULL, N, 0.25, 0.5, 0.0, 8, 1, NULL) == PC_OK);
    CHECK(pc_tilemap_advance(&w.room.map, cn, vn, NULL, N, 0.25, 0.5, 0.0, 8, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(c1, cn, sizeof(double) * 3 * N) && !memcmp(v1, vn, sizeof(double) * 2 * N));
    /* per-circle restitution and friction (strides 1), bad ones */
    double *per = malloc(sizeof(double) * 2 * N);
    for (int64_t i = 0; i < 2 * N; i++) per[i] = unit_random(&state);
    CHECK(pc_world_advance(w.parts, 2, c1, v1, NULL, NULL, N, 0.25, per, 1, per + N, 1, 16, NULL, 1, NULL) == PC_OK);
    CHECK(pc_world_advance(w.parts, 2, cn, vn, NULL, NULL, N, 0.25, per, 1, per + N, 1, 16, NULL, TEST_THREADS, NULL) ==
          PC_OK);
    CHECK(!memcmp(c1, cn, sizeof(double) * 3 * N) && !memcmp(v1, vn, sizeof(double) * 2 * N));
    per[N + 7] = -1;
    CHECK(pc_world_advance(w.parts, 2, c1, v1, NULL, NULL, N, 0.25, per, 1, per + N, 1, 16, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_world_advance(w.parts, 0, c1, v1, NULL, NULL, N, 0.25, per, 1, per + N, 1, 16, NULL, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_world_advance(w.parts, 2, c1, v1, NULL, NULL, N, 0.25, per, 1, per + N, -1, 16, NULL, 1, NULL) ==
          PC_ERR_ARG);
    free(per);
    /* depenetrate: boxes anywhere, many inside */
    double *boxes = malloc(sizeof(double) * 18 * N), *m1 = boxes + 4 * N, *mn = m1 + 4 * N, *o1 = mn + 4 * N;
    double *on = o1 + 3 * N;
    for (int64_t i = 0; i < N; i++) {
        double x = unit_random(&state) * 12, y = unit_random(&state) * 4, side = 0.1 + unit_random(&state) * 0.5;
        boxes[4 * i] = x, boxes[4 * i + 1] = y, boxes[4 * i + 2] = x + side, boxes[4 * i + 3] = y + side;
    }
    int64_t n[1] = {N}, s4[1] = {4}, s3[1] = {3};
    CHECK(pc_world_depenetrate(w.parts, 2, PC_BOX, boxes, s4, m1, s4, o1, s3, 1, n, 1, NULL) == PC_OK);
    CHECK(pc_world_depenetrate(w.parts, 2, PC_BOX, boxes, s4, mn, s4, on, s3, 1, n, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(m1, mn, sizeof(double) * 4 * N) && !memcmp(o1, on, sizeof(double) * 3 * N));
    hit = inside_world_a(&w, PC_BOX, m1, N);
    int moved = 0, left = 0;
    for (int64_t i = 0; i < N; i++) {
        left += hit[i] && o1[3 * i + 2] != INFINITY;
        moved += o1[3 * i + 2] > 0 && o1[3 * i + 2] < INFINITY;
    }
    CHECK(left == 0 && moved > N / 10);
    free(hit);
    int flag = 1;
    on[0] = 7;
    CHECK(pc_world_depenetrate(w.parts, 2, PC_BOX, boxes, s4, mn, s4, on, s3, 1, n, TEST_THREADS, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(on[0] == 7);
    free(boxes);
    /* sweeps through the world */
    double *sw = malloc(sizeof(double) * 20 * M), *sd = sw + 4 * M, *r1 = sd + 2 * M, *rn = r1 + 7 * M;
    for (int64_t i = 0; i < M; i++) {
        double x = unit_random(&state) * 12, y = unit_random(&state) * 4, side = 0.05 + unit_random(&state) * 0.3;
        sw[4 * i] = x, sw[4 * i + 1] = y, sw[4 * i + 2] = x + side, sw[4 * i + 3] = y + side;
        sd[2 * i] = unit_random(&state) * 8 - 4;
        sd[2 * i + 1] = unit_random(&state) * 8 - 4;
    }
    int64_t many[1] = {M}, s2[1] = {2}, s7[1] = {7};
    CHECK(pc_world_sweep(w.parts, 2, PC_BOX, sw, s4, sd, s2, r1, s7, 1, many, 1, NULL) == PC_OK);
    CHECK(pc_world_sweep(w.parts, 2, PC_BOX, sw, s4, sd, s2, rn, s7, 1, many, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(r1, rn, sizeof(double) * 7 * M));
    rn[0] = 7;
    CHECK(pc_world_sweep(w.parts, 2, PC_BOX, sw, s4, sd, s2, rn, s7, 1, many, TEST_THREADS, &flag) == PC_ERR_CANCELLED);
    CHECK(rn[0] == 7);
    free(sw);
    free(c1);
    free(b1);
}

void group_world(void)
{
    test_tilemap_advance();
    test_depenetrate();
    test_world_overlaps();
    test_world_contact();
    test_world_manifold();
    test_world_slide();
    test_world_move();
    test_world_collide();
    test_impacts();
    test_reflect();
    test_motion_threads();
}
