/* Outlines: the band index, point location, region validation, shapes
 * against outlines, and raycasts (outline.c, outline_ray.c). */
#include "test.h"

/* An outline and the index arrays it points into, for small test shapes. */
typedef struct {
    pc_outlines o;
    double shapes[7 * 4], edges[4 * 256];
    int64_t bands[64], ids[256];
    int8_t left[16];
    int64_t tree_at[4], tree[2048];
    double levels[256], scratch[3 * 256];
} test_outline;

/* Index the outline of n shapes (rings as given) into t: pc_outlines_index's
 * return code, after sizing it with NULL arrays. */
static int outline_build(test_outline *t, const double *xy, const int64_t *ring_start, const int64_t *shape_start,
                         int64_t n, int closed)
{
    double mag = 0.0;
    for (int64_t v = 0; v < 2 * ring_start[shape_start[n]]; v++) mag = fmax(mag, fabs(xy[v]));
    t->o = (pc_outlines){xy, ring_start, shape_start, n, closed, mag, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    int64_t nb = -1, nl = -1;
    int rc = pc_outlines_index(&t->o, NULL, NULL, 0, NULL, NULL, NULL, 0, &nb, &nl);
    if (rc != PC_OK || nb > 64 || nl > 256 || n > 4) return rc != PC_OK ? rc : PC_ERR_SPACE;
    rc = pc_outlines_index(&t->o, t->shapes, t->bands, nb, t->edges, t->ids, t->left, nl, &nb, &nl);
    t->o.shapes = t->shapes;
    t->o.band_start = t->bands;
    t->o.edges = t->edges;
    t->o.ids = t->ids;
    t->o.left = t->left;
    if (rc != PC_OK || !closed) return rc;
    /* every region with its tree (threshold 0), so that every test below reads it */
    int64_t nt = -1, nlv = -1;
    if (ring_start[shape_start[n]] > 256) return PC_ERR_SPACE;
    rc = pc_outlines_tree(&t->o, 0, t->scratch, NULL, NULL, 0, NULL, 0, &nt, &nlv);
    if (rc != PC_OK || nt > 2048 || nlv > 256) return rc != PC_OK ? rc : PC_ERR_SPACE;
    rc = pc_outlines_tree(&t->o, 0, t->scratch, t->tree_at, t->tree, nt, t->levels, nlv, &nt, &nlv);
    t->o.tree_at = t->tree_at;
    t->o.tree = t->tree;
    t->o.levels = t->levels;
    return rc;
}

/* 1 when the point is in shape s of o in the mode, 0 when not, -1 on error */
static int located(const test_outline *t, int64_t s, double x, double y, int mode)
{
    double p[2] = {x, y};
    uint8_t out = 9;
    if (pc_outlines_contains(&t->o, &s, NULL, p, NULL, &out, NULL, 0, NULL, mode, 1, NULL) != PC_OK) return -1;
    return out;
}

/* A 4 x 4 square (counter-clockwise) with a 2 x 2 hole (clockwise) in its middle. */
static const double holed_xy[] = {0, 0, 4, 0, 4, 4, 0, 4, 0, 0, 1, 1, 1, 3, 3, 3, 3, 1, 1, 1};
static const int64_t holed_rings[] = {0, 5, 10}, holed_shapes[] = {0, 2};

/* The index of the holed square: sizes, bounds, bands holding every edge,
 * the rings' sides; and a too small capacity. */
static void test_outline_index(void)
{
    test_outline t;
    CHECK(outline_build(&t, holed_xy, holed_rings, holed_shapes, 1, 1) == PC_OK);
    const double *row = t.shapes;
    CHECK(row[0] == 0.0 && row[1] == 0.0 && row[2] == 4.0 && row[3] == 4.0 && row[4] > 0.0 && row[5] == 0.0);
    int64_t bands = (int64_t)row[6], nb = -1, nl = -1;
    CHECK(pc_outlines_index(&t.o, NULL, NULL, 0, NULL, NULL, NULL, 0, &nb, &nl) == PC_OK);
    CHECK(bands >= 1 && bands <= 8 && nb == bands + 1);
    CHECK(nl >= 8 && nl <= 4 * 8 && t.bands[0] == 0 && t.bands[bands] == nl);
    int seen[10] = {0};
    for (int64_t k = 0; k < nl; k++) seen[t.ids[k]]++;
    for (int v = 0; v < 10; v++) CHECK(v == 4 || v == 9 ? seen[v] == 0 : seen[v] >= 1); /* one edge per vertex */
    CHECK(t.left[0] == 1 && t.left[1] == 1); /* interior left of a CCW shell and of a CW hole */
    /* the same rings reversed: the interior on their right */
    double rev[20];
    for (int v = 0; v < 5; v++)
        for (int r = 0; r < 2; r++) {
            rev[10 * r + 2 * v] = holed_xy[10 * r + 2 * (4 - v)];
            rev[10 * r + 2 * v + 1] = holed_xy[10 * r + 2 * (4 - v) + 1];
        }
    test_outline u;
    CHECK(outline_build(&u, rev, holed_rings, holed_shapes, 1, 1) == PC_OK);
    CHECK(u.left[0] == -1 && u.left[1] == -1);
    /* too little room */
    CHECK(pc_outlines_index(&t.o, t.shapes, t.bands, nb, t.edges, t.ids, t.left, nl - 1, &nb, &nl) == PC_ERR_SPACE);
    CHECK(pc_outlines_index(NULL, NULL, NULL, 0, NULL, NULL, NULL, 0, &nb, &nl) == PC_ERR_ARG);
}

/* Points inside, on and outside the holed square, in both modes; the same
 * rings as a polyline (its edges only). */
static void test_outline_contains(void)
{
    test_outline t, l;
    CHECK(outline_build(&t, holed_xy, holed_rings, holed_shapes, 1, 1) == PC_OK);
    static const struct {
        double x, y;
        int touching, strict, on_line;
    } cases[] = {
        {0.5, 0.5, 1, 1, 0},              /* between shell and hole */
        {2.0, 2.0, 0, 0, 0},              /* in the hole */
        {0.0, 2.0, 1, 0, 1},              /* on the shell's edge */
        {4.0, 4.0, 1, 0, 1},              /* a shell vertex */
        {1.0, 2.0, 1, 0, 1},              /* on the hole's edge */
        {3.0, 3.0, 1, 0, 1},              /* a hole vertex */
        {5.0, 5.0, 0, 0, 0},              /* outside */
        {-0.0, 0x1p-1074, 1, 0, 1},       /* just above the corner, on the left edge */
        {0x1p-1074, -0x1p-1074, 0, 0, 0}, /* just below the bottom edge */
        {3.5, 3.0, 1, 1, 0},              /* right of the hole's corner, on its line */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK(located(&t, 0, cases[i].x, cases[i].y, PC_TOUCHING) == cases[i].touching);
        CHECK(located(&t, 0, cases[i].x, cases[i].y, PC_STRICT) == cases[i].strict);
    }
    CHECK(located(&t, 1, 0.5, 0.5, PC_TOUCHING) == 0); /* a shape index out of range */
    CHECK(located(&t, 0, 0.5, 0.5, 7) == -1);          /* a bad mode */
    CHECK(outline_build(&l, holed_xy, holed_rings, holed_shapes, 1, 0) == PC_OK);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK(located(&l, 0, cases[i].x, cases[i].y, PC_TOUCHING) == cases[i].on_line);
        CHECK(located(&l, 0, cases[i].x, cases[i].y, PC_STRICT) == 0);
    }
    /* a batch of points, one shape each */
    double pts[6] = {0.5, 0.5, 2.0, 2.0, 0.0, 2.0};
    int64_t which[3] = {0, 0, 0}, n = 3, sw = 8, sp = 2, so = 1; /* bytes, doubles, bytes */
    uint8_t out[3] = {9, 9, 9};
    CHECK(pc_outlines_contains(&t.o, which, &sw, pts, &sp, out, &so, 1, &n, PC_TOUCHING, 1, NULL) == PC_OK);
    CHECK(out[0] == 1 && out[1] == 0 && out[2] == 1);
}

/* The first problem of a region's rings: none for the holed square, a
 * self-crossing ring (a bow tie), a hole outside its shell; a hole touching
 * the shell at a point is allowed and reported as a touch. */
static void test_outline_problem(void)
{
    test_outline t;
    int64_t report[4], touches[4 * 4], nt = -1;
    CHECK(outline_build(&t, holed_xy, holed_rings, holed_shapes, 1, 1) == PC_OK);
    CHECK(pc_outlines_problem(&t.o, report, touches, 4, &nt) == PC_OK);
    CHECK(report[0] == -1 && report[1] == -1 && report[2] == -1 && report[3] == PC_OUTLINE_OK && nt == 0);

    /* shape 0 fine, shape 1 a bow tie: its edges (0,0)-(2,2) and (2,0)-(0,2) cross */
    static const double bow[] = {0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 2, 2, 2, 0, 0, 2, 0, 0};
    static const int64_t bow_rings[] = {0, 4, 9}, bow_shapes[] = {0, 1, 2};
    CHECK(outline_build(&t, bow, bow_rings, bow_shapes, 2, 1) == PC_OK);
    CHECK(pc_outlines_problem(&t.o, report, touches, 4, &nt) == PC_OK);
    CHECK(report[0] == 1 && report[1] == 0 && report[2] == -1 && report[3] == PC_OUTLINE_SELF);

    /* a hole outside its shell */
    static const double out_xy[] = {0, 0, 4, 0, 4, 4, 0, 4, 0, 0, 5, 5, 5, 6, 6, 6, 5, 5};
    static const int64_t out_rings[] = {0, 5, 9}, one[] = {0, 2};
    CHECK(outline_build(&t, out_xy, out_rings, one, 1, 1) == PC_OK);
    CHECK(pc_outlines_problem(&t.o, report, touches, 4, &nt) == PC_OK);
    CHECK(report[0] == 0 && report[1] == 1 && report[3] == PC_OUTLINE_OUTSIDE);

    /* a triangular hole touching the shell's left edge at (0, 2): allowed, reported as touches */
    static const double touch_xy[] = {0, 0, 4, 0, 4, 4, 0, 4, 0, 0, 0, 2, 1, 3, 1, 1, 0, 2};
    CHECK(outline_build(&t, touch_xy, out_rings, one, 1, 1) == PC_OK);
    CHECK(pc_outlines_problem(&t.o, report, touches, 4, &nt) == PC_OK);
    CHECK(report[3] == PC_OUTLINE_OK && nt == 2); /* once per pair of edges meeting there */
    CHECK(touches[0] == 0 && touches[1] == 0 && touches[2] == 1);
    CHECK(touch_xy[2 * touches[3]] == 0.0 && touch_xy[2 * touches[3] + 1] == 2.0);
    t.o.edges = NULL; /* without its index */
    CHECK(pc_outlines_problem(&t.o, report, touches, 4, &nt) == PC_ERR_ARG);
}

/* Shapes against outlines: a box snug in a U-shaped region's notch touches
 * it but does not overlap it strictly; pushed down into the floor it does.
 * Against the U as a polyline, a segment lying along an edge touches only. */
/* The U, x in [0, 3], y in [0, 3], less the notch x in (1, 2), y in (1, 3]:
 * as a region into t, as a (closed) polyline into l. */
static void build_u(test_outline *t, test_outline *l)
{
    static const double u_xy[] = {0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3, 0, 0};
    static const int64_t u_rings[] = {0, 9}, u_shapes[] = {0, 1};
    CHECK(outline_build(t, u_xy, u_rings, u_shapes, 1, 1) == PC_OK);
    CHECK(outline_build(l, u_xy, u_rings, u_shapes, 1, 0) == PC_OK);
}

static void test_outline_overlaps(void)
{
    test_outline t, l;
    build_u(&t, &l);
    double boxes[3][4] = {{1, 1, 2, 2}, {1, 0.5, 2, 2}, {1.25, 1.5, 1.75, 2.5}}; /* snug, sunk, floating */
    static const int expect[3][2] = {{1, 0}, {1, 1}, {0, 0}};                    /* touching, strict */
    int64_t s = 0;
    for (int i = 0; i < 3; i++)
        for (int m = 0; m < 2; m++) {
            uint8_t out = 9;
            CHECK(pc_outlines_overlaps(&t.o, &s, NULL, PC_BOX, boxes[i], NULL, &out, NULL, 0, NULL,
                                       m ? PC_STRICT : PC_TOUCHING, 3.0, 1, NULL) == PC_OK);
            CHECK(out == expect[i][m]);
        }
    /* a segment along the notch's floor: touches the polyline, never strictly */
    double seg[4] = {1.25, 1, 1.75, 1};
    uint8_t out = 9;
    CHECK(pc_outlines_overlaps(&l.o, &s, NULL, PC_SEGMENT, seg, NULL, &out, NULL, 0, NULL, PC_TOUCHING, 2.0, 1, NULL) ==
              PC_OK &&
          out == 1);
    CHECK(pc_outlines_overlaps(&l.o, &s, NULL, PC_SEGMENT, seg, NULL, &out, NULL, 0, NULL, PC_STRICT, 2.0, 1, NULL) ==
              PC_OK &&
          out == 0);
    CHECK(pc_outlines_overlaps(&t.o, &s, NULL, 99, seg, NULL, &out, NULL, 0, NULL, PC_TOUCHING, 2.0, 1, NULL) ==
          PC_ERR_KIND);
}

/* pc_outlines_relate_segments: segments in the U (the region and its
 * polyline), worked out by hand: bit 1 held, bit 2 interiors meet. */
static void test_outline_relate_segments(void)
{
    test_outline t, l;
    build_u(&t, &l);
    enum { N = 9 };
    static const double segs[N][4] = {
        {0.5, 0.5, 2.5, 0.5}, /* inside */
        {0.5, 2, 2.5, 2},     /* across the notch: out and back in */
        {1, 1, 2, 1},         /* along the notch's floor */
        {0, 0, 3, 3},         /* the diagonal: in, through the notch from its corner (1, 1) to (2, 2) */
        {1, 3, 1, 1},         /* down the notch's left wall */
        {0.5, 3, 1, 2},       /* from the top edge to the wall */
        {4, 0, 5, 0},         /* outside */
        {0.5, 0.5, 0.5, 0.5}, /* a point inside */
        {3, 1, 3, 1},         /* a point on the boundary */
    };
    /* the region: held | inner << 1 */
    static const int region[N] = {3, 2, 1, 2, 1, 3, 0, 3, 1};
    /* the polyline (closed: its last point is its first): held on its edges; inner where they share a piece or cross */
    static const int polyline[N] = {0, 2, 3, 2, 3, 0, 0, 0, 3};
    int64_t which[N] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    uint8_t out[N];
    int64_t shape[1] = {N}, sw[1] = {8}, sa[1] = {4}, so[1] = {1};
    CHECK(pc_outlines_relate_segments(&t.o, which, sw, &segs[0][0], sa, out, so, 1, shape, 3.0, 1, NULL) == PC_OK);
    int ok = 1;
    for (int i = 0; i < N; i++) ok &= out[i] == region[i];
    CHECK(ok);
    CHECK(pc_outlines_relate_segments(&l.o, which, sw, &segs[0][0], sa, out, so, 1, shape, 3.0, 2, NULL) == PC_OK);
    ok = 1;
    for (int i = 0; i < N; i++) ok &= out[i] == polyline[i];
    CHECK(ok);
    /* a shape index out of range relates to nothing; an outline without its index is refused */
    int64_t far = 5;
    CHECK(pc_outlines_relate_segments(&t.o, &far, NULL, segs[0], NULL, out, NULL, 0, NULL, 3.0, 1, NULL) == PC_OK);
    CHECK(out[0] == 0);
    pc_outlines bare = t.o;
    bare.edges = NULL;
    CHECK(pc_outlines_relate_segments(&bare, which, NULL, segs[0], NULL, out, NULL, 0, NULL, 3.0, 1, NULL) ==
          PC_ERR_ARG);
}

/* Raycasts: from outside, from the hole, from inside; a corner grazed;
 * along a polyline; a zero direction, a bad limit; a hit beyond the
 * largest double. */
static void test_outline_raycast(void)
{
    test_outline t, l;
    CHECK(outline_build(&t, holed_xy, holed_rings, holed_shapes, 1, 1) == PC_OK);
    double o[5][2] = {{-2, 2}, {2, 2}, {0.5, 2}, {-1, 1}, {5, 5}}, d[5][2] = {{1, 0}, {0, 3}, {1, 0}, {1, -1}, {1, 0}};
    double lim[5] = {INFINITY, INFINITY, INFINITY, INFINITY, INFINITY}, out[5][5];
    int64_t n = 5, s2 = 2, s1 = 1, s5 = 5;
    CHECK(pc_outlines_raycast(&t.o, o[0], &s2, d[0], &s2, lim, &s1, out[0], &s5, 1, &n, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 1 && out[0][1] == 2.0 && out[0][2] == -1.0 && out[0][3] == 0.0 && out[0][4] == 0.0);
    CHECK(out[1][0] == 1 && out[1][1] == 1.0 && out[1][2] == 0.0 && out[1][3] == -1.0); /* the hole's top */
    CHECK(out[2][0] == 1 && out[2][1] == 0.0 && out[2][2] == -1.0 && out[2][3] == 0.0); /* inside: -d */
    /* the corner (0, 0) grazed: the left edge's outward side faces the ray */
    CHECK(out[3][0] == 1 && fabs(out[3][1] - sqrt(2.0)) < 1e-15 && out[3][2] == -1.0 && out[3][3] == 0.0);
    CHECK(out[4][0] == 0 && out[4][1] == INFINITY && isnan(out[4][2]) && out[4][4] == -1.0);
    /* the same rings as polylines: from inside the square, the hole's left edge */
    CHECK(outline_build(&l, holed_xy, holed_rings, holed_shapes, 1, 0) == PC_OK);
    CHECK(pc_outlines_raycast(&l.o, o[2], NULL, d[2], NULL, lim, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 1 && out[0][1] == 0.5 && out[0][2] == -1.0 && out[0][3] == 0.0);
    /* along the bottom edge's line onto the corner: the left edge, crossed
     * there (not the bottom one it runs along); up the hole's left edge's
     * line onto its corner (1, 1): the hole's bottom edge, crossed there */
    double ob[2] = {-1, 0}, db[2] = {0.5, 0}, oh[2] = {1, 0.5}, dh[2] = {0, 2};
    CHECK(pc_outlines_raycast(&l.o, ob, NULL, db, NULL, lim, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 1 && out[0][1] == 1.0 && out[0][2] == -1.0 && out[0][3] == 0.0);
    CHECK(pc_outlines_raycast(&l.o, oh, NULL, dh, NULL, lim, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 1 && out[0][1] == 0.5 && out[0][2] == 0.0 && out[0][3] == -1.0);
    /* a zero direction: no hit, a NaN distance; a negative limit: an error */
    double zero[2] = {0, 0}, bad = -1.0;
    CHECK(pc_outlines_raycast(&t.o, o[0], NULL, zero, NULL, lim, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 0 && isnan(out[0][1]));
    CHECK(pc_outlines_raycast(&t.o, o[0], NULL, d[0], NULL, &bad, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    /* a limit short of the hit */
    double short_lim = 1.5;
    CHECK(pc_outlines_raycast(&t.o, o[0], NULL, d[0], NULL, &short_lim, NULL, out[0], NULL, 0, NULL, 1, NULL) ==
              PC_OK &&
          out[0][0] == 0);
    /* a segment at 1e308 seen from -1e308: hit, its distance beyond the doubles */
    static const double far_xy[] = {1e308, -1, 1e308, 1};
    static const int64_t far_rings[] = {0, 2}, far_shapes[] = {0, 1};
    double of[2] = {-1e308, 0}, df[2] = {1, 0};
    CHECK(outline_build(&l, far_xy, far_rings, far_shapes, 1, 0) == PC_OK);
    CHECK(pc_outlines_raycast(&l.o, of, NULL, df, NULL, lim, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0][0] == 1 && out[0][1] == INFINITY && out[0][2] == -1.0 && out[0][4] == 0.0);
    l.o.ids = NULL; /* without its index */
    CHECK(pc_outlines_raycast(&l.o, of, NULL, df, NULL, lim, NULL, out[0], NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
}

/* An outline collection as a world's part: overlaps, a sweep out of the
 * hole, the contact of a shape sunk into the square, a box sliding along a
 * polyline floor across its vertices, and a part without its index. */
static void test_outline_world(void)
{
    test_outline t, l;
    CHECK(outline_build(&t, holed_xy, holed_rings, holed_shapes, 1, 1) == PC_OK);
    pc_world_part part = {NULL, NULL, 0, 0.0, 0, {0.0, 0.0}, &t.o};
    uint8_t out[2];
    int64_t s4 = 4, s1 = 1, n = 2;
    double boxes[8] = {1.5, 1.5, 2.5, 2.5, 0.5, 1.5, 1.5, 2.5}; /* in the hole; across its left side */
    CHECK(pc_world_overlaps(&part, 1, PC_BOX, boxes, &s4, out, &s1, 1, &n, PC_STRICT, 1, NULL) == PC_OK);
    CHECK(out[0] == 0 && out[1] == 1);
    /* a ball in the hole moving right: it touches the hole's right edge (x = 3) at x = 2.5 */
    double ball[3] = {2.0, 2.0, 0.5}, d[2] = {2.0, 0.0}, hit[7];
    CHECK(pc_world_sweep(&part, 1, PC_CIRCLE, ball, NULL, d, NULL, hit, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(hit[0] == 0.25 && hit[1] == -1.0 && hit[2] == 0.0 && hit[5] == 0.0 && hit[6] == 0.0);
    /* a box sunk 0.25 into the square's bottom from below: out along -y */
    double sunk[4] = {1.5, -1.0, 2.5, 0.25}, c[9];
    CHECK(pc_world_contact(&part, 1, PC_BOX, sunk, NULL, c, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(c[0] == -0.25 && c[1] == 0.0 && c[2] == 1.0 && c[7] == 0.0 && c[8] == 0.0);
    /* a floor of 8 collinear edges: a box slides along it, keeping its speed */
    static const double floor_xy[] = {0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8, 0};
    static const int64_t floor_rings[] = {0, 9}, floor_shapes[] = {0, 1};
    CHECK(outline_build(&l, floor_xy, floor_rings, floor_shapes, 1, 0) == PC_OK);
    pc_world_part flat = {NULL, NULL, 0, 0.0, 0, {0.0, 0.0}, &l.o};
    pc_move_options o = {0.7, 0.0, 0.0, 4, NULL};
    double box[4] = {0.25, 0.0, 0.75, 0.5}, step[2] = {0.5, -0.125}, moved[2], ground[4];
    int8_t flags = 0;
    for (int k = 0; k < 12; k++) {
        CHECK(pc_world_move(&flat, 1, PC_BOX, box, step, moved, ground, &flags, 1, &o, 1, NULL) == PC_OK);
        CHECK(moved[0] == 0.5 && moved[1] == 0.0 && ground[0] == 0.0 && ground[1] == 1.0 && ground[2] == 0.0);
        CHECK(flags & PC_MOVE_FLOOR);
    }
    CHECK(box[0] == 6.25 && box[1] == 0.0);
    /* the pairwise manifold: a crate across a vertex of the floor, two points */
    double crate[4] = {2.5, 0.0, 3.5, 1.0}, m[9];
    int64_t first = 0;
    CHECK(pc_outlines_manifold(&l.o, &first, NULL, PC_BOX, crate, NULL, 0.0, m, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(m[0] == 2.0 && m[1] == 0.0 && m[2] == -1.0 && m[5] == 0.0 && m[8] == 0.0);
    CHECK(pc_outlines_manifold(&l.o, &first, NULL, PC_BOX, crate, NULL, -1.0, m, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    /* outlines against outlines: the floor runs along the square's bottom
     * edge (touching, not into its interior) */
    int64_t zero = 0;
    uint8_t met = 9;
    CHECK(pc_outlines_overlaps_outlines(&l.o, &zero, NULL, &t.o, &zero, NULL, &met, NULL, 0, NULL, PC_TOUCHING, 1,
                                        NULL) == PC_OK &&
          met == 1);
    CHECK(pc_outlines_overlaps_outlines(&l.o, &zero, NULL, &t.o, &zero, NULL, &met, NULL, 0, NULL, PC_STRICT, 1,
                                        NULL) == PC_OK &&
          met == 0);
    l.o.ids = NULL; /* without its index */
    CHECK(pc_world_overlaps(&flat, 1, PC_BOX, boxes, &s4, out, &s1, 1, &n, PC_STRICT, 1, NULL) == PC_ERR_ARG);
}

/* 1 when shape s of a overlaps shape u of b in the mode, 0 when not, -1 on error */
static int pair_met(const test_outline *a, int64_t s, const test_outline *b, int64_t u, int mode)
{
    uint8_t met = 9;
    int rc = pc_outlines_overlaps_outlines(&a->o, &s, NULL, &b->o, &u, NULL, &met, NULL, 0, NULL, mode, 1, NULL);
    return rc == PC_OK ? met : -1;
}

/* Strict overlaps of two regions (interiors meeting, found by an edge or by
 * the interior at a shell's corner) and of two polylines (crossing stars). */
static void test_outline_strict_pairs(void)
{
    /* the holed square, the plug filling its hole, the square without the hole */
    static const double r_xy[] = {0, 0, 4, 0, 4, 4, 0, 4, 0, 0, 1, 1, 1, 3, 3, 3, 3, 1, 1, 1,
                                  1, 1, 3, 1, 3, 3, 1, 3, 1, 1, 0, 0, 4, 0, 4, 4, 0, 4, 0, 0};
    static const int64_t r_rings[] = {0, 5, 10, 15, 20}, r_shapes[] = {0, 2, 3, 4};
    test_outline r, l;
    CHECK(outline_build(&r, r_xy, r_rings, r_shapes, 3, 1) == PC_OK);
    CHECK(pair_met(&r, 0, &r, 0, PC_STRICT) == 1); /* itself: no edge enters the other's interior */
    CHECK(pair_met(&r, 0, &r, 1, PC_STRICT) == 0 && pair_met(&r, 1, &r, 0, PC_STRICT) == 0);
    CHECK(pair_met(&r, 0, &r, 1, PC_TOUCHING) == 1);
    CHECK(pair_met(&r, 2, &r, 1, PC_STRICT) == 1 && pair_met(&r, 1, &r, 2, PC_STRICT) == 1);
    CHECK(pair_met(&r, 2, &r, 0, PC_STRICT) == 1 && pair_met(&r, 2, &r, 2, PC_STRICT) == 1);
    /* a floor of unit edges; a post through its vertex (3, 0); a V resting on
     * that vertex from above; a post crossing an edge inside */
    static const double l_xy[] = {0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 3, -1, 3, 1, 2, 1, 3, 0, 4, 1, 2.5, -1, 2.5, 1};
    static const int64_t l_rings[] = {0, 6, 8, 11, 13}, l_shapes[] = {0, 1, 2, 3, 4};
    CHECK(outline_build(&l, l_xy, l_rings, l_shapes, 4, 0) == PC_OK);
    CHECK(pair_met(&l, 0, &l, 1, PC_STRICT) == 1 && pair_met(&l, 1, &l, 0, PC_STRICT) == 1);
    CHECK(pair_met(&l, 0, &l, 2, PC_STRICT) == 0 && pair_met(&l, 2, &l, 0, PC_STRICT) == 0);
    CHECK(pair_met(&l, 0, &l, 2, PC_TOUCHING) == 1);
    CHECK(pair_met(&l, 0, &l, 3, PC_STRICT) == 1 && pair_met(&l, 0, &l, 0, PC_STRICT) == 0);
    CHECK(pair_met(&l, 1, &l, 2, PC_STRICT) == 1); /* the V straddles the post at its vertex */
    /* within a distance: the floor 1 below the plug; points 1 from the frame */
    int64_t floor_i = 0, plug = 1, frame = 0;
    uint8_t near = 9;
    for (int mode = PC_TOUCHING; mode <= PC_STRICT; mode++) {
        CHECK(pc_outlines_within_outlines(&l.o, &floor_i, NULL, &r.o, &plug, NULL, 1.0, &near, NULL, 0, NULL, mode, 1,
                                          NULL) == PC_OK &&
              near == (mode == PC_TOUCHING));
        CHECK(pc_outlines_within_outlines(&r.o, &plug, NULL, &l.o, &floor_i, NULL, 0.75, &near, NULL, 0, NULL, mode, 1,
                                          NULL) == PC_OK &&
              near == 0);
    }
    CHECK(pc_outlines_within_outlines(&l.o, &floor_i, NULL, &r.o, &frame, NULL, 0.0, &near, NULL, 0, NULL, PC_TOUCHING,
                                      1, NULL) == PC_OK &&
          near == 1);
    CHECK(pc_outlines_within_outlines(&l.o, &floor_i, NULL, &r.o, &frame, NULL, -1.0, &near, NULL, 0, NULL, PC_TOUCHING,
                                      1, NULL) == PC_ERR_ARG);
    double pts[6] = {5, 2, 2, 2, 2, 2}, reach[3] = {1.0, 1.0, 0.5};
    int64_t which[3] = {0, 0, 0}, s8 = 8, s2 = 2, s1 = 1, three = 3;
    uint8_t got[3] = {9, 9, 9};
    CHECK(pc_outlines_within(&r.o, which, &s8, PC_POINT, pts, &s2, reach, &s1, got, &s1, 1, &three, PC_TOUCHING, 5.0, 1,
                             NULL) == PC_OK &&
          got[0] == 1 && got[1] == 1 && got[2] == 0);
    CHECK(pc_outlines_within(&r.o, which, &s8, PC_POINT, pts, &s2, reach, &s1, got, &s1, 1, &three, PC_STRICT, 5.0, 1,
                             NULL) == PC_OK &&
          got[0] == 0 && got[1] == 0 && got[2] == 0);
    reach[2] = -0.5;
    got[0] = 9;
    CHECK(pc_outlines_within(&r.o, which, &s8, PC_POINT, pts, &s2, reach, &s1, got, &s1, 1, &three, PC_TOUCHING, 5.0, 1,
                             NULL) == PC_ERR_ARG &&
          got[0] == 9);
}

/* Flat movers sweep no area: a point entering a 1 x 2 room through the
 * vertex in the middle of its left side, a segment moving along its line
 * into a diamond's corner, a point starting on the floor and moving up. */
static void test_outline_flat_entry(void)
{
    static const double room_xy[] = {0, 0, 1, 0, 1, 1, 1, 2, 0, 2, 0, 1, 0, 0, -11, 0, -10, -1, -9, 0, -10, 1, -11, 0};
    static const int64_t room_rings[] = {0, 7, 12}, room_shapes[] = {0, 1, 2};
    test_outline r;
    CHECK(outline_build(&r, room_xy, room_rings, room_shapes, 2, 1) == PC_OK);
    pc_world_part part = {NULL, NULL, 0, 0.0, 0, {0.0, 0.0}, &r.o};
    double pt[2] = {-1.0, 1.0}, d[2] = {2.0, 0.0}, hit[9];
    CHECK(pc_world_sweep(&part, 1, PC_POINT, pt, NULL, d, NULL, hit, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(hit[0] == 0.5 && hit[1] == -1.0 && hit[2] == 0.0 && hit[3] == 0.0 && hit[4] == 1.0 && hit[6] == 0.0);
    double seg[4] = {-14.0, 0.0, -13.0, 0.0}, along[2] = {4.0, 0.0};
    CHECK(pc_world_sweep(&part, 1, PC_SEGMENT, seg, NULL, along, NULL, hit, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(hit[0] == 0.5 && hit[3] == -11.0 && hit[4] == 0.0 && hit[6] == 1.0);
    double floor_pt[2] = {0.5, 0.0}, up[2] = {0.0, 1.0}, left[2] = {-1.0, 0.0};
    CHECK(pc_world_sweep(&part, 1, PC_POINT, floor_pt, NULL, up, NULL, hit, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(hit[0] == 0.0 && hit[1] == 0.0 && hit[2] == -1.0);
    CHECK(pc_world_sweep(&part, 1, PC_POINT, floor_pt, NULL, left, NULL, hit, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(hit[0] == 1.0 && hit[5] == -1.0); /* along the floor and off it: no entry */
}

void group_outline(void)
{
    test_outline_flat_entry();
    test_outline_strict_pairs();
    test_outline_world();
    test_outline_index();
    test_outline_contains();
    test_outline_problem();
    test_outline_overlaps();
    test_outline_relate_segments();
    test_outline_raycast();
}
