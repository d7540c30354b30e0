/* Standalone test of the C core (no Python): `make -C c test`. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pycollide.h"

static int failures = 0, checks = 0;

#define CHECK(expr)                                                         \
    do {                                                                    \
        checks++;                                                           \
        if (!(expr)) {                                                      \
            failures++;                                                     \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #expr); \
        }                                                                   \
    } while (0)

static void test_kernels(void)
{
    pc_point p = {1, 1};
    pc_circle c = {0, 0, 1};
    pc_box unit = {0, 0, 1, 1};
    pc_segment diag = {0, 0, 2, 2};
    pc_triangle tri = {0, 0, 2, 0, 0, 2};

    CHECK(pc_overlap_point_point(p, (pc_point){1, 1}));
    CHECK(!pc_overlap_point_point(p, (pc_point){1, nextafter(1, 2)}));
    CHECK(pc_overlap_point_circle((pc_point){1, 0}, c));               /* on the circle */
    CHECK(!pc_overlap_point_circle((pc_point){nextafter(1, 2), 0}, c));
    CHECK(pc_overlap_point_box(p, unit));                              /* corner */
    CHECK(pc_overlap_point_segment(p, diag));
    CHECK(!pc_overlap_point_segment((pc_point){3, 3}, diag));          /* on the line, past the end */
    CHECK(pc_overlap_point_triangle(p, tri));                          /* on the hypotenuse */
    CHECK(!pc_overlap_point_triangle((pc_point){1, nextafter(1, 2)}, tri));
    CHECK(pc_overlap_circle_circle(c, (pc_circle){2, 0, 1}));          /* touching */
    CHECK(!pc_overlap_circle_circle(c, (pc_circle){2, 0, nextafter(1, 0)}));
    CHECK(pc_overlap_circle_box((pc_circle){2, 1, 1}, unit));
    CHECK(!pc_overlap_circle_box((pc_circle){2, 2, 1}, unit));         /* corner gap */
    CHECK(pc_overlap_circle_segment((pc_circle){0, 2, sqrt(2.0)}, diag) ==
          (1 /* sqrt(2) rounds up: 2 <= fl(sqrt 2)^2 */));
    CHECK(pc_overlap_circle_triangle((pc_circle){1, 1, 0}, tri));
    CHECK(pc_overlap_box_box(unit, (pc_box){1, 1, 2, 2}));
    CHECK(!pc_overlap_box_box(unit, (pc_box){nextafter(1, 2), 0, 2, 1}));
    CHECK(pc_overlap_box_segment(unit, (pc_segment){2, 0, 0, 2}));     /* through the corner (1, 1) */
    CHECK(!pc_overlap_box_segment(unit, (pc_segment){2, 0, 0, nextafter(2, 3)}));   /* passes just above (1, 1) */
    CHECK(pc_overlap_box_triangle((pc_box){1, 1, 2, 2}, tri));         /* corner on the hypotenuse */
    CHECK(!pc_overlap_box_triangle((pc_box){nextafter(1, 2), nextafter(1, 2), 2, 2}, tri));
    CHECK(pc_overlap_segment_segment(diag, (pc_segment){0, 2, 2, 0}));
    CHECK(pc_overlap_segment_segment(diag, (pc_segment){2, 2, 3, 3}));  /* collinear, shared end */
    CHECK(!pc_overlap_segment_segment(diag, (pc_segment){nextafter(2, 3), nextafter(2, 3), 3, 3}));
    CHECK(pc_overlap_segment_triangle((pc_segment){-1, 1, 3, 1}, tri));
    CHECK(pc_overlap_triangle_triangle(tri, (pc_triangle){1, 1, 3, 1, 1, 3}));
    CHECK(!pc_overlap_triangle_triangle(tri, (pc_triangle){1, nextafter(1, 2), 3, 1, 1, 3}));
    /* degenerate: collinear triangle is its hull segment */
    pc_triangle flat = {0, 0, 4, 0, 2, 0};
    CHECK(pc_overlap_point_triangle((pc_point){3, 0}, flat));
    CHECK(!pc_overlap_point_triangle((pc_point){5, 0}, flat));
    CHECK(pc_overlap_box_triangle((pc_box){3.5, -1, 5, 0}, flat));
}

/* Answers must not change when all coordinates are scaled by 2^k, at any k. */
static void test_scaling(void)
{
    for (int k = -1070; k <= 970; k += 7) {
        double s = ldexp(1.0, k);
        pc_circle c = {0, 0, 5 * s};
        CHECK(pc_overlap_point_circle((pc_point){3 * s, 4 * s}, c));             /* exactly on it */
        CHECK(pc_overlap_circle_circle(c, (pc_circle){6 * s, 8 * s, 5 * s}));  /* touching */
        CHECK(pc_overlap_circle_segment((pc_circle){0, 5 * s, 5 * s}, (pc_segment){-s, 0, s, 0}));
        CHECK(pc_overlap_segment_segment((pc_segment){0, 0, 2 * s, 2 * s}, (pc_segment){0, 2 * s, 2 * s, 0}));
        CHECK(pc_overlap_point_segment((pc_point){s, s}, (pc_segment){0, 0, 2 * s, 2 * s}));
        if (k <= 968) {
            double big = 4 * s;  /* still finite */
            CHECK(!pc_overlap_point_circle((pc_point){big, big}, (pc_circle){0, 0, big}));
        }
    }
    /* a far offset with a tiny feature: exact despite cancellation */
    double off = 0x1p60;
    CHECK(pc_overlap_point_segment((pc_point){off + 2048, off + 2048}, (pc_segment){off, off, off + 4096, off + 4096}));
    CHECK(!pc_overlap_point_segment((pc_point){off + 2048, off + 4096}, (pc_segment){off, off, off + 4096, off + 4096}));
}

static void test_batch(void)
{
    /* 2 circles against 3 points, broadcast as (2, 1) x (1, 3) */
    double circles[2][3] = {{0, 0, 1}, {10, 0, 1}};
    double points[3][2] = {{1, 0}, {10, 1}, {5, 5}};
    uint8_t out[2][3];
    memset(out, 7, sizeof out);
    int64_t shape[2] = {2, 3};
    int64_t sa[2] = {3, 0}, sb[2] = {0, 2}, so[2] = {3, 1};
    CHECK(pc_overlaps_batch(PC_CIRCLE, &circles[0][0], sa, PC_POINT, &points[0][0], sb,
                            &out[0][0], so, 2, shape) == PC_OK);
    CHECK(out[0][0] == 1 && out[0][1] == 0 && out[0][2] == 0);
    CHECK(out[1][0] == 0 && out[1][1] == 1 && out[1][2] == 0);
    /* reversed order gives the transpose */
    uint8_t rev[3][2];
    int64_t shape_r[2] = {3, 2}, sa_r[2] = {2, 0}, sb_r[2] = {0, 3}, so_r[2] = {2, 1};
    CHECK(pc_overlaps_batch(PC_POINT, &points[0][0], sa_r, PC_CIRCLE, &circles[0][0], sb_r,
                            &rev[0][0], so_r, 2, shape_r) == PC_OK);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) CHECK(rev[j][i] == out[i][j]);
    CHECK(pc_overlaps_batch(9, &points[0][0], sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, shape) == PC_ERR_KIND);
    CHECK(pc_overlaps_batch(PC_POINT, NULL, sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, shape) == PC_ERR_ARG);
    int64_t empty[2] = {0, 3};
    CHECK(pc_overlaps_batch(PC_POINT, &points[0][0], sa, PC_POINT, &points[0][0], sb, &out[0][0], so, 2, empty) == PC_OK);
}

static void test_validate(void)
{
    double boxes[3][4] = {{0, 0, 1, 1}, {0, 0, 0, 0}, {2, 0, 1, 1}};
    int64_t bad = -1;
    CHECK(pc_validate(PC_BOX, &boxes[0][0], 2, &bad) == PC_RULE_OK);
    CHECK(pc_validate(PC_BOX, &boxes[0][0], 3, &bad) == PC_RULE_XORDER && bad == 2);
    double circles[2][3] = {{0, 0, 1}, {0, 0, -0.5}};
    CHECK(pc_validate(PC_CIRCLE, &circles[0][0], 2, &bad) == PC_RULE_RADIUS && bad == 1);
    double pts[2][2] = {{0, 0}, {NAN, 0}};
    CHECK(pc_validate(PC_POINT, &pts[0][0], 2, &bad) == PC_RULE_NONFINITE && bad == 1);
    CHECK(pc_kind_width(PC_TRIANGLE) == 6 && pc_kind_width(12) == PC_ERR_KIND);
}

int main(void)
{
    test_kernels();
    test_scaling();
    test_batch();
    test_validate();
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures != 0;
}
