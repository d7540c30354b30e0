/* Distance and contact of shapes with outlines (pc_outlines_near). */
#include "test.h"

#include <math.h>

/* An outline of one shape, one ring, and its index (capacities for a few edges) */
typedef struct {
    pc_outlines o;
    int64_t rings[2], shapes[2], bands[16], ids[64];
    double rows[7], edges[4 * 64];
    int8_t left[1];
} one_outline;

static int build(one_outline *t, const double *xy, int64_t nv, int closed)
{
    t->rings[0] = 0;
    t->rings[1] = nv;
    t->shapes[0] = 0;
    t->shapes[1] = 1;
    pc_outlines o = {xy, t->rings, t->shapes, 1, closed, 0.0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    for (int64_t v = 0; v < 2 * nv; v++) o.magnitude = fabs(xy[v]) > o.magnitude ? fabs(xy[v]) : o.magnitude;
    int64_t nb, nl;
    if (pc_outlines_index(&o, NULL, NULL, 0, NULL, NULL, NULL, 0, &nb, &nl) != PC_OK || nb > 16 || nl > 64) return 0;
    if (pc_outlines_index(&o, t->rows, t->bands, 16, t->edges, t->ids, t->left, 64, &nb, &nl) != PC_OK) return 0;
    o.shapes = t->rows;
    o.band_start = t->bands;
    o.edges = t->edges;
    o.ids = t->ids;
    o.left = t->left;
    t->o = o;
    return 1;
}

void group_outline_near(void)
{
    /* a floor running straight through (1, 0) and (2, 0), then turning down */
    static const double floor_xy[] = {0, 0, 1, 0, 2, 0, 3, -1};
    static const double square_xy[] = {0, 0, 4, 0, 4, 4, 0, 4, 0, 0};
    one_outline line, square;
    CHECK(build(&line, floor_xy, 4, 0));
    CHECK(build(&square, square_xy, 5, 1));
    int64_t which = 0;
    double out[7];
    /* a ball over the joint at (1, 0): the face's normal, exactly */
    double ball[3] = {1, 1, 0.5};
    CHECK(pc_outlines_near(&line.o, &which, NULL, PC_CIRCLE, ball, NULL, out, NULL, 0, NULL, 1, 1.0, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5 && out[1] == 0.0 && out[2] == -1.0);
    CHECK(pc_outlines_near(&line.o, &which, NULL, PC_CIRCLE, ball, NULL, out, NULL, 0, NULL, 0, 1.0, 1, NULL) == PC_OK);
    CHECK(out[0] == 0.5);
    /* a box over the square's top at a vertex-free point, one resting on it, one inside */
    double apart[4] = {1, 5, 2, 6}, resting[4] = {1, 4, 2, 6}, inside[4] = {1, 1, 2, 2};
    CHECK(pc_outlines_near(&square.o, &which, NULL, PC_BOX, apart, NULL, out, NULL, 0, NULL, 1, 6.0, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && out[1] == 0.0 && out[2] == -1.0);
    CHECK(pc_outlines_near(&square.o, &which, NULL, PC_BOX, resting, NULL, out, NULL, 0, NULL, 1, 6.0, 1, NULL) ==
          PC_OK);
    CHECK(out[0] == 0.0 && !signbit(out[0]) && out[1] == 0.0 && out[2] == -1.0);
    CHECK(pc_outlines_near(&square.o, &which, NULL, PC_BOX, inside, NULL, out, NULL, 0, NULL, 1, 6.0, 1, NULL) ==
          PC_OK);
    /* strictly overlapping: the least translation out, 2 along an axis */
    CHECK(out[0] == -2.0 && fabs(out[1]) + fabs(out[2]) == 1.0);
    CHECK(pc_outlines_near(&square.o, &which, NULL, PC_BOX, inside, NULL, out, NULL, 0, NULL, 0, 6.0, 1, NULL) ==
          PC_OK);
    CHECK(out[0] == 0.0);
    /* bad arguments */
    CHECK(pc_outlines_near(&square.o, &which, NULL, 99, inside, NULL, out, NULL, 0, NULL, 0, 6.0, 1, NULL) ==
          PC_ERR_KIND);
    CHECK(pc_outlines_near(&square.o, &which, NULL, PC_BOX, inside, NULL, out, NULL, 0, NULL, 2, 6.0, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_outlines_near(NULL, &which, NULL, PC_BOX, inside, NULL, out, NULL, 0, NULL, 0, 6.0, 1, NULL) ==
          PC_ERR_ARG);
}
