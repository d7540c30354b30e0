/* Contact timing harness for Box2D v3's manifold functions.
 *
 * Contains no peer code: benchmarks/contact.py compiles it against Box2D's
 * sources, which the user fetches outside this repository (see
 * benchmarks/peers.md), in a temporary directory.
 *
 * Usage:  contact INPUT REPEATS
 *
 * INPUT (little-endian, written by contact.py):
 *   char     magic[8] = "PCCONTA1"
 *   int32    pair     one of the PAIR_* numbers below
 *   int32    unused
 *   int64    n        number of pairs
 *   float64  A[n][wa], then B[n][wb], in pycollide's layouts (circle x y r;
 *            box xmin ymin xmax ymax; segment x0 y0 x1 y1; triangle 3 vertices;
 *            capsule x0 y0 x1 y1 r; polygon8 8 vertices)
 *
 * What is timed: the loop a Box2D user writes over the n pairs, the shapes
 * built before it (b2ComputeHull + b2MakePolygon for boxes, triangles and
 * 8-gons), calling the manifold function with the identity transform (both
 * shapes in one frame).  Output: one JSON line, the best of REPEATS loops in
 * ns per pair and how many manifolds had a point.
 */
#define _POSIX_C_SOURCE 199309L
#include "box2d/box2d.h"
#include "box2d/collision.h"
#include "box2d/math_functions.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    PAIR_CIRCLE_CIRCLE = 1,
    PAIR_CIRCLE_BOX,
    PAIR_BOX_BOX,
    PAIR_CIRCLE_SEGMENT,
    PAIR_CIRCLE_TRIANGLE,
    PAIR_TRIANGLE_TRIANGLE,
    PAIR_BOX_TRIANGLE,
    PAIR_SEGMENT_SEGMENT,
    PAIR_CAPSULE_CAPSULE,
    PAIR_CIRCLE_CAPSULE,
    PAIR_POLYGON8_POLYGON8,
    PAIR_CIRCLE_POLYGON8
};

static void die(const char *what)
{
    fprintf(stderr, "contact: %s\n", what);
    exit(2);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* one shape of each Box2D type, from a pycollide row */
typedef struct {
    b2Circle circle;
    b2Capsule capsule;
    b2Segment segment;
    b2Polygon polygon;
} shape;

static shape make(char kind, const double *v)
{
    shape s;
    memset(&s, 0, sizeof s);
    b2Vec2 pts[8];
    int k = 0;
    switch (kind) {
    case 'c': s.circle = (b2Circle){{(float)v[0], (float)v[1]}, (float)v[2]}; return s;
    case 's':
        s.segment = (b2Segment){{(float)v[0], (float)v[1]}, {(float)v[2], (float)v[3]}};
        s.capsule = (b2Capsule){s.segment.point1, s.segment.point2, 0.0f};
        return s;
    case 'k': s.capsule = (b2Capsule){{(float)v[0], (float)v[1]}, {(float)v[2], (float)v[3]}, (float)v[4]}; return s;
    case 'b':
        pts[0] = (b2Vec2){(float)v[0], (float)v[1]};
        pts[1] = (b2Vec2){(float)v[2], (float)v[1]};
        pts[2] = (b2Vec2){(float)v[2], (float)v[3]};
        pts[3] = (b2Vec2){(float)v[0], (float)v[3]};
        k = 4;
        break;
    case 't': k = 3; break;
    case 'p': k = 8; break;
    default: die("unknown kind");
    }
    if (kind != 'b')
        for (int j = 0; j < k; ++j) pts[j] = (b2Vec2){(float)v[2 * j], (float)v[2 * j + 1]};
    b2Hull hull = b2ComputeHull(pts, k);
    if (hull.count < 3) die("a degenerate polygon in the input");
    s.polygon = b2MakePolygon(&hull, 0.0f);
    return s;
}

static int width(char kind)
{
    switch (kind) {
    case 'c': return 3;
    case 'b':
    case 's': return 4;
    case 'k': return 5;
    case 't': return 6;
    case 'p': return 16;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) die("usage: contact INPUT REPEATS");
    int repeats = atoi(argv[2]);
    FILE *f = fopen(argv[1], "rb");
    if (!f) die("cannot open the input");
    char magic[8];
    int32_t pair, unused;
    int64_t n;
    if (fread(magic, 1, 8, f) != 8 || memcmp(magic, "PCCONTA1", 8) != 0) die("not a contact input");
    if (fread(&pair, 4, 1, f) != 1 || fread(&unused, 4, 1, f) != 1 || fread(&n, 8, 1, f) != 1) die("short input");
    static const char kinds[][2] = {
        [PAIR_CIRCLE_CIRCLE] = {'c', 'c'},     [PAIR_CIRCLE_BOX] = {'c', 'b'},
        [PAIR_BOX_BOX] = {'b', 'b'},           [PAIR_CIRCLE_SEGMENT] = {'c', 's'},
        [PAIR_CIRCLE_TRIANGLE] = {'c', 't'},   [PAIR_TRIANGLE_TRIANGLE] = {'t', 't'},
        [PAIR_BOX_TRIANGLE] = {'b', 't'},      [PAIR_SEGMENT_SEGMENT] = {'s', 's'},
        [PAIR_CAPSULE_CAPSULE] = {'k', 'k'},   [PAIR_CIRCLE_CAPSULE] = {'c', 'k'},
        [PAIR_POLYGON8_POLYGON8] = {'p', 'p'}, [PAIR_CIRCLE_POLYGON8] = {'c', 'p'},
    };
    if (pair < PAIR_CIRCLE_CIRCLE || pair > PAIR_CIRCLE_POLYGON8) die("unknown pair");
    char ka = kinds[pair][0], kb = kinds[pair][1];
    int wa = width(ka), wb = width(kb);
    double *raw = malloc((size_t)n * (size_t)(wa + wb) * sizeof(double));
    shape *A = malloc((size_t)n * sizeof(shape));
    shape *B = malloc((size_t)n * sizeof(shape));
    if (!raw || !A || !B) die("out of memory");
    if (fread(raw, sizeof(double), (size_t)n * (size_t)(wa + wb), f) != (size_t)n * (size_t)(wa + wb))
        die("short input");
    fclose(f);
    for (int64_t i = 0; i < n; ++i) {
        A[i] = make(ka, raw + (size_t)i * (size_t)wa);
        B[i] = make(kb, raw + (size_t)n * (size_t)wa + (size_t)i * (size_t)wb);
    }
    b2Transform xf = b2Transform_identity;
    const char *call = "";
    double best = 1e300;
    int64_t points = 0;
    for (int rep = 0; rep < repeats; ++rep) {
        int64_t count = 0;
        double t0 = now_seconds();
        for (int64_t i = 0; i < n; ++i) {
            b2LocalManifold m;
            /* Box2D's functions take the polygon (or the capsule, the segment) first */
            switch (pair) {
            case PAIR_CIRCLE_CIRCLE: m = b2CollideCircles(&A[i].circle, &B[i].circle, xf); break;
            case PAIR_CIRCLE_BOX:
            case PAIR_CIRCLE_TRIANGLE:
            case PAIR_CIRCLE_POLYGON8: m = b2CollidePolygonAndCircle(&B[i].polygon, &A[i].circle, xf); break;
            case PAIR_CIRCLE_SEGMENT: m = b2CollideSegmentAndCircle(&B[i].segment, &A[i].circle, xf); break;
            case PAIR_CIRCLE_CAPSULE: m = b2CollideCapsuleAndCircle(&B[i].capsule, &A[i].circle, xf); break;
            case PAIR_SEGMENT_SEGMENT:
            case PAIR_CAPSULE_CAPSULE: m = b2CollideCapsules(&A[i].capsule, &B[i].capsule, xf); break;
            default: m = b2CollidePolygons(&A[i].polygon, &B[i].polygon, xf); break;
            }
            count += m.pointCount;
        }
        double t = now_seconds() - t0;
        if (t < best) best = t;
        points = count;
    }
    switch (pair) {
    case PAIR_CIRCLE_CIRCLE: call = "b2CollideCircles"; break;
    case PAIR_CIRCLE_BOX:
    case PAIR_CIRCLE_TRIANGLE:
    case PAIR_CIRCLE_POLYGON8: call = "b2CollidePolygonAndCircle"; break;
    case PAIR_CIRCLE_SEGMENT: call = "b2CollideSegmentAndCircle"; break;
    case PAIR_CIRCLE_CAPSULE: call = "b2CollideCapsuleAndCircle"; break;
    case PAIR_SEGMENT_SEGMENT: call = "b2CollideCapsules (radius 0)"; break;
    case PAIR_CAPSULE_CAPSULE: call = "b2CollideCapsules"; break;
    default: call = "b2CollidePolygons"; break;
    }
    printf("{\"call\": \"%s\", \"ns_per_pair\": %.3f, \"points\": %lld}\n", call, 1e9 * best / (double)n,
           (long long)points);
    free(raw);
    free(A);
    free(B);
    return 0;
}
