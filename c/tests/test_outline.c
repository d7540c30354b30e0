/* Outlines (outline.c): the edge index, points in a region with a hole in
 * both modes, shapes snug in a notch, validation of bad rings. */
#include "test.h"

typedef struct {
    pc_outlines o;
    double shapes[7 * 4];
    int64_t bands[256];
    double edges[4 * 512];
    int64_t ids[512];
    int8_t left[8];
} test_outline;

/* Index the outline o (its geometry set) into t; 1 when it fits. */
static int index_outline(test_outline *t)
{
    int64_t nb = 0, nl = 0;
    CHECK(pc_outlines_index(&t->o, NULL, NULL, 0, NULL, NULL, NULL, 0, &nb, &nl) == PC_OK);
    if (nb > 256 || nl > 512) return 0;
    CHECK(pc_outlines_index(&t->o, t->shapes, t->bands, 1, t->edges, t->ids, t->left, nl, &nb, &nl) == PC_ERR_SPACE);
    CHECK(pc_outlines_index(&t->o, t->shapes, t->bands, 256, t->edges, t->ids, t->left, 512, &nb, &nl) == PC_OK);
    t->o.shapes = t->shapes;
    t->o.band_start = t->bands;
    t->o.edges = t->edges;
    t->o.ids = t->ids;
    t->o.left = t->left;
    return 1;
}

/* A square [0, 4]^2 with the hole [1, 3]^2 (clockwise), and a comb: a
 * spine [0, 3] x [0, 1] with teeth [0, 1] and [2, 3] up to y = 3. */
static void test_outline_points_and_shapes(void)
{
    static const double xy[] = {0, 0, 4, 0, 4, 4, 0, 4, 0, 0, 1, 1, 1, 3, 3, 3, 3, 1, 1,
                                1, 0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3, 0, 0};
    static const int64_t rings[] = {0, 5, 10, 19}, shapes[] = {0, 2, 3};
    test_outline t;
    memset(&t, 0, sizeof t);
    t.o.xy = xy;
    t.o.ring_start = rings;
    t.o.shape_start = shapes;
    t.o.n = 2;
    t.o.closed = 1;
    t.o.magnitude = 4.0;
    CHECK(index_outline(&t));
    CHECK(t.left[0] == 1 && t.left[1] == 1 && t.left[2] == 1); /* counter-clockwise shells, a clockwise hole */
    CHECK(t.shapes[0] == 0.0 && t.shapes[3] == 4.0 && t.shapes[7 + 2] == 3.0);
    /* points: in the frame, in the hole, on the hole's edge, on a corner, outside; then the comb's notch */
    const double pts[][2] = {{0.5, 0.5}, {2, 2}, {1, 2}, {4, 4}, {5, 1}, {1.5, 2}, {0.5, 2}, {1.5, 1}};
    const int64_t which[] = {0, 0, 0, 0, 0, 1, 1, 1};
    const uint8_t closed[] = {1, 0, 1, 1, 0, 0, 1, 1}, strict[] = {1, 0, 0, 0, 0, 0, 1, 0};
    int64_t n[1] = {8}, sw[1] = {8}, sp[1] = {2}, so[1] = {1};
    uint8_t out[8];
    CHECK(pc_outlines_contains(&t.o, which, sw, &pts[0][0], sp, out, so, 1, n, PC_TOUCHING, 1, NULL) == PC_OK);
    for (int k = 0; k < 8; k++) CHECK(out[k] == closed[k]);
    CHECK(pc_outlines_contains(&t.o, which, sw, &pts[0][0], sp, out, so, 1, n, PC_STRICT, 2, NULL) == PC_OK);
    for (int k = 0; k < 8; k++) CHECK(out[k] == strict[k]);
    CHECK(pc_outlines_contains(&t.o, which, sw, &pts[0][0], sp, out, so, 1, n, 7, 1, NULL) == PC_ERR_ARG);
    /* boxes: snug in the notch (touching only), down into the spine, the hole exactly, a tooth exactly */
    const double boxes[][4] = {{1, 1, 2, 3}, {1, 0.5, 2, 3}, {1, 1, 3, 3}, {0, 0, 1, 3}};
    const int64_t bw[] = {1, 1, 0, 1};
    const uint8_t btouch[] = {1, 1, 1, 1}, bstrict[] = {0, 1, 0, 1};
    int64_t nb4[1] = {4}, sb[1] = {4};
    uint8_t bo[4];
    CHECK(pc_outlines_overlaps(&t.o, bw, sw, PC_BOX, &boxes[0][0], sb, bo, so, 1, nb4, PC_TOUCHING, 4.0, 1, NULL) ==
          PC_OK);
    for (int k = 0; k < 4; k++) CHECK(bo[k] == btouch[k]);
    CHECK(pc_outlines_overlaps(&t.o, bw, sw, PC_BOX, &boxes[0][0], sb, bo, so, 1, nb4, PC_STRICT, 4.0, 1, NULL) ==
          PC_OK);
    for (int k = 0; k < 4; k++) CHECK(bo[k] == bstrict[k]);
    CHECK(pc_outlines_overlaps(&t.o, bw, sw, PC_KIND_COUNT, &boxes[0][0], sb, bo, so, 1, nb4, PC_STRICT, 4.0, 1,
                               NULL) == PC_ERR_KIND);
    int64_t report[4], touches[4 * 4], nt = -1;
    CHECK(pc_outlines_problem(&t.o, report, touches, 4, &nt) == PC_OK);
    CHECK(report[3] == PC_OUTLINE_OK && report[0] == -1 && nt == 0);
}

/* Validation: a bow tie (its shell crosses itself), a hole crossing the
 * shell, a hole touching the shell at one point (valid: one touch). */
static void test_outline_problems(void)
{
    static const double bow[] = {0, 0, 4, 4, 4, 0, 0, 4, 0, 0};
    static const double crossing[] = {0, 0, 4, 0, 4, 4, 0, 4, 0, 0, 1, 1, 5, 1, 3, 3, 1, 1};
    static const double touching[] = {0, 0, 4, 0, 4, 4, 0, 4, 0, 0, 0, 2, 2, 1, 2, 3, 0, 2};
    static const int64_t one[] = {0, 5}, two[] = {0, 5, 9}, s1[] = {0, 1}, s2[] = {0, 2};
    const double *geometry[3] = {bow, crossing, touching};
    const int64_t *rings[3] = {one, two, two}, *shapes[3] = {s1, s2, s2};
    const int64_t want[3][4] = {{0, 0, -1, PC_OUTLINE_SELF}, {0, 1, -1, PC_OUTLINE_CROSS}, {-1, -1, -1, PC_OUTLINE_OK}};
    for (int c = 0; c < 3; c++) {
        test_outline t;
        memset(&t, 0, sizeof t);
        t.o.xy = geometry[c];
        t.o.ring_start = rings[c];
        t.o.shape_start = shapes[c];
        t.o.n = 1;
        t.o.closed = 1;
        t.o.magnitude = 5.0;
        CHECK(index_outline(&t));
        int64_t report[4], touches[4 * 8], nt = -1;
        CHECK(pc_outlines_problem(&t.o, report, touches, 8, &nt) == PC_OK);
        for (int k = 0; k < 4; k++) CHECK(report[k] == want[c][k]);
        if (c == 2) CHECK(nt >= 1 && touches[1] == 0 && touches[2] == 1); /* the touch, named by its rings */
    }
    CHECK(pc_outlines_problem(NULL, NULL, NULL, 0, NULL) == PC_ERR_ARG);
}

void group_outline(void)
{
    test_outline_points_and_shapes();
    test_outline_problems();
}
