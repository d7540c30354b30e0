/* The nearest outline shape (pc_outlines_nearest). */
#include "test.h"

#include <math.h>

/* Two square regions side by side, [0, 4] x [0, 4] and [10, 14] x [0, 4],
 * and their index */
typedef struct {
    pc_outlines o;
    int64_t rings[3], shapes[3], bands[32], ids[64];
    double rows[14], edges[4 * 64];
    int8_t left[2];
} two_squares;

static const double squares_xy[] = {0, 0, 4, 0, 4, 4, 0, 4, 0, 0, 10, 0, 14, 0, 14, 4, 10, 4, 10, 0};

static int build(two_squares *t)
{
    const int64_t rings[3] = {0, 5, 10}, shapes[3] = {0, 1, 2};
    for (int k = 0; k < 3; k++) {
        t->rings[k] = rings[k];
        t->shapes[k] = shapes[k];
    }
    pc_outlines o = {squares_xy, t->rings, t->shapes, 2, 1, 14.0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    int64_t nb, nl;
    if (pc_outlines_index(&o, NULL, NULL, 0, NULL, NULL, NULL, 0, &nb, &nl) != PC_OK || nb > 32 || nl > 64) return 0;
    if (pc_outlines_index(&o, t->rows, t->bands, 32, t->edges, t->ids, t->left, 64, &nb, &nl) != PC_OK) return 0;
    t->o = o;
    t->o.shapes = t->rows;
    t->o.band_start = t->bands;
    t->o.edges = t->edges;
    t->o.ids = t->ids;
    t->o.left = t->left;
    return 1;
}

/* the nearest square to one circle within a max distance: out[0] the
 * distance, out[1] the index */
static int nearest_ball(const two_squares *t, double x, double y, double r, double max_distance, double *out)
{
    double ball[3] = {x, y, r};
    return pc_outlines_nearest(&t->o, PC_CIRCLE, ball, NULL, &max_distance, NULL, out, NULL, 0, NULL, 14.0, 1, NULL);
}

void group_outline_nearest(void)
{
    two_squares t;
    CHECK(build(&t));
    double out[2];
    /* halfway between: a tie, the lower index */
    CHECK(nearest_ball(&t, 7, 2, 0.5, INFINITY, out) == PC_OK && out[0] == 2.5 && out[1] == 0.0);
    /* nearer the second; within the max distance exactly, or not */
    CHECK(nearest_ball(&t, 8, 2, 0.5, INFINITY, out) == PC_OK && out[0] == 1.5 && out[1] == 1.0);
    CHECK(nearest_ball(&t, 8, 2, 0.5, 1.5, out) == PC_OK && out[0] == 1.5 && out[1] == 1.0);
    CHECK(nearest_ball(&t, 8, 2, 0.5, 1.0, out) == PC_OK && out[0] == INFINITY && out[1] == -1.0);
    /* inside, touching: 0 exactly (+0.0) */
    CHECK(nearest_ball(&t, 2, 2, 0.5, 0.0, out) == PC_OK && out[0] == 0.0 && !signbit(out[0]) && out[1] == 0.0);
    CHECK(nearest_ball(&t, 9, 2, 1.0, INFINITY, out) == PC_OK && out[0] == 0.0 && out[1] == 1.0);
    /* a batch with strides, on two threads, as one by one */
    double balls[4][3] = {{7, 2, 0.5}, {8, 2, 0.5}, {12, 9, 1}, {-3, -3, 0}};
    double limits[1] = {INFINITY}, many[4][2];
    int64_t dims[1] = {4}, st_a[1] = {3}, st_m[1] = {0}, st_o[1] = {2};
    CHECK(pc_outlines_nearest(&t.o, PC_CIRCLE, &balls[0][0], st_a, limits, st_m, &many[0][0], st_o, 1, dims, 14.0, 2,
                              NULL) == PC_OK);
    for (int i = 0; i < 4; i++) {
        CHECK(nearest_ball(&t, balls[i][0], balls[i][1], balls[i][2], INFINITY, out) == PC_OK);
        CHECK(many[i][0] == out[0] && many[i][1] == out[1]);
    }
    CHECK(many[2][0] == 4.0 && many[2][1] == 1.0 && many[3][0] == sqrt(18.0) && many[3][1] == 0.0);
    /* bad arguments */
    double ball[3] = {0, 0, 1}, bad = -1.0, nan_limit = NAN;
    CHECK(pc_outlines_nearest(&t.o, 99, ball, NULL, limits, NULL, out, NULL, 0, NULL, 14.0, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_outlines_nearest(&t.o, PC_CIRCLE, ball, NULL, &bad, NULL, out, NULL, 0, NULL, 14.0, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_outlines_nearest(&t.o, PC_CIRCLE, ball, NULL, &nan_limit, NULL, out, NULL, 0, NULL, 14.0, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_outlines_nearest(NULL, PC_CIRCLE, ball, NULL, limits, NULL, out, NULL, 0, NULL, 14.0, 1, NULL) ==
          PC_ERR_ARG);
    pc_outlines bare = t.o;
    bare.shapes = NULL; /* without its index */
    CHECK(pc_outlines_nearest(&bare, PC_CIRCLE, ball, NULL, limits, NULL, out, NULL, 0, NULL, 14.0, 1, NULL) ==
          PC_ERR_ARG);
}
