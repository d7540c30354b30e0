/* Side-by-side timing harness for the peers cute_c2 and Box2D v3.
 *
 * Contains no peer code: it is compiled by benchmarks/peers.py against the
 * peers' sources, which the user fetches outside this repository (see
 * benchmarks/peers.md).  Build (what peers.py does, in a temporary directory):
 *
 *   gcc $FLAGS -I$BOX2D/include -c $BOX2D/src/(each).c ; ar rcs libbox2d.a (the .o files)
 *   gcc $FLAGS -I$CUTE -I$BOX2D/include peers.c libbox2d.a -lm -o peers
 *
 * Usage:  peers INPUT OUTDIR REPEATS
 *
 * INPUT (little-endian, written by peers.py):
 *   char     magic[8] = "PCPEERS1"
 *   int32    kind     1 polygon-polygon, 2 capsule-capsule, 3 circle-capsule
 *   int32    ka, kb   vertices per polygon of A and of B (kind 1), else 0
 *   int64    n        number of pairs
 *   float64  A[n][...], then B[n][...]
 *            polygon: ka (resp. kb) vertices x, y; capsule: x0 y0 x1 y1 r;
 *            circle: x y r
 * The peers compute in float: every coordinate must be a float32 value (the
 * driver rounds them so), so that the peers and pycollide answer about the
 * same shapes; the harness counts the values that are not ("inexact").
 *
 * Output: one JSON object a line on stdout per method, and OUTDIR/METHOD.u8,
 * n bytes (1 = overlap) of that method's answers.  A "timed" method is a loop
 * a user of the peer writes, over the n pairs, with the shapes built before
 * the loop; its ns_per_pair is the best of REPEATS runs of the whole loop.
 * An untimed method ("timed": false) is a different yes/no read off the same
 * call as the timed method it names (Box2D's other thresholds), computed in a
 * separate pass that is not timed.
 */

#define _POSIX_C_SOURCE 199309L
#define CUTE_C2_IMPLEMENTATION
#include "cute_c2.h"

#include "box2d/box2d.h"
#include "box2d/collision.h"
#include "box2d/constants.h" /* B2_LINEAR_SLOP */
#include "box2d/math_functions.h"

#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { KIND_POLY = 1, KIND_CAPSULE = 2, KIND_CIRCLE_CAPSULE = 3 };

static const char *g_outdir;
static int64_t g_n;
static int g_repeats;

static void die(const char *what)
{
    fprintf(stderr, "peers: %s\n", what);
    exit(2);
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL) die("out of memory");
    return p;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void write_answers(const char *method, const uint8_t *out)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.u8", g_outdir, method);
    FILE *f = fopen(path, "wb");
    if (f == NULL) die("cannot write an answer file");
    if (fwrite(out, 1, (size_t)g_n, f) != (size_t)g_n) die("short write");
    fclose(f);
}

static int64_t count_yes(const uint8_t *out)
{
    int64_t hits = 0;
    for (int64_t i = 0; i < g_n; ++i) hits += out[i] != 0;
    return hits;
}

static void report(const char *method, const char *call, double best, const uint8_t *out)
{
    write_answers(method, out);
    printf("{\"method\": \"%s\", \"call\": \"%s\", \"timed\": true, \"ns_per_pair\": %.3f, \"yes\": %lld}\n", method,
           call, 1e9 * best / (double)g_n, (long long)count_yes(out));
    fflush(stdout);
}

static void report_untimed(const char *method, const char *rule, const char *same_call_as, const uint8_t *out)
{
    write_answers(method, out);
    printf("{\"method\": \"%s\", \"call\": \"%s\", \"timed\": false, \"same_call_as\": \"%s\", \"yes\": %lld}\n",
           method, rule, same_call_as, (long long)count_yes(out));
    fflush(stdout);
}

static void note(const char *key, long long value)
{
    printf("{\"note\": \"%s\", \"value\": %lld}\n", key, value);
    fflush(stdout);
}

/* Best of g_repeats runs of BODY, a loop over i in [0, g_n) that writes out[i]. */
#define TIME_LOOP(best, BODY)                          \
    do {                                               \
        (best) = 1e300;                                \
        for (int rep_ = 0; rep_ < g_repeats; ++rep_) { \
            double t0_ = now_seconds();                \
            for (int64_t i = 0; i < g_n; ++i) {        \
                BODY;                                  \
            }                                          \
            double t_ = now_seconds() - t0_;           \
            if (t_ < (best)) (best) = t_;              \
        }                                              \
    } while (0)

static int64_t g_inexact;

static float to_float(double v)
{
    float f = (float)v;
    if ((double)f != v) ++g_inexact;
    return f;
}

/* ---- the shapes, built once, before any timing ------------------------- */

static void build_polys(const double *raw, int64_t n, int k, c2Poly *cp, b2Polygon *bp, b2ShapeProxy *px,
                        int64_t *c2_changed, int64_t *b2_changed)
{
    for (int64_t i = 0; i < n; ++i) {
        const double *v = raw + (size_t)i * (size_t)k * 2;
        b2Vec2 pts[B2_MAX_POLYGON_VERTICES];
        cp[i].count = k;
        for (int j = 0; j < k; ++j) {
            float x = to_float(v[2 * j]), y = to_float(v[2 * j + 1]);
            cp[i].verts[j] = (c2v){x, y};
            pts[j] = (b2Vec2){x, y};
        }
        /* cute_c2: what its documentation says a user does */
        c2MakePoly(&cp[i]);
        if (cp[i].count != k) ++*c2_changed;
        /* Box2D: hull, then a polygon of radius 0 */
        b2Hull hull = b2ComputeHull(pts, k);
        if (hull.count != k) ++*b2_changed;
        bp[i] = b2MakePolygon(&hull, 0.0f);
        /* the GJK proxy of that polygon, as b2MakeShapeDistanceProxy makes it */
        px[i] = b2MakeProxy(bp[i].vertices, bp[i].count, bp[i].radius);
    }
}

static void build_capsules(const double *raw, int64_t n, c2Capsule *cc, b2Capsule *bc, b2ShapeProxy *px)
{
    for (int64_t i = 0; i < n; ++i) {
        const double *v = raw + (size_t)i * 5;
        float x0 = to_float(v[0]), y0 = to_float(v[1]), x1 = to_float(v[2]), y1 = to_float(v[3]);
        float r = to_float(v[4]);
        cc[i] = (c2Capsule){{x0, y0}, {x1, y1}, r};
        bc[i] = (b2Capsule){{x0, y0}, {x1, y1}, r};
        px[i] = b2MakeProxy(&bc[i].center1, 2, bc[i].radius);
    }
}

static void build_circles(const double *raw, int64_t n, c2Circle *cc, b2Circle *bc, b2ShapeProxy *px)
{
    for (int64_t i = 0; i < n; ++i) {
        const double *v = raw + (size_t)i * 3;
        float x = to_float(v[0]), y = to_float(v[1]), r = to_float(v[2]);
        cc[i] = (c2Circle){{x, y}, r};
        bc[i] = (b2Circle){{x, y}, r};
        px[i] = b2MakeProxy(&bc[i].center, 1, bc[i].radius);
    }
}

/* ---- Box2D yes/no rules ------------------------------------------------ */

/* The manifold route.  Box2D's contact is "touching" when the manifold has a
 * point (contact.c: touching = pointCount > 0); the manifold keeps speculative
 * points up to B2_SPECULATIVE_DISTANCE (4 * B2_LINEAR_SLOP = 0.02 length
 * units) apart, so that yes includes near misses.  The stricter yes read off
 * the same manifold: some point has separation <= 0. */
static uint8_t manifold_touching(const b2LocalManifold *m) { return (uint8_t)(m->pointCount > 0); }

static uint8_t manifold_penetrating(const b2LocalManifold *m)
{
    int yes = 0;
    for (int j = 0; j < m->pointCount; ++j) yes |= m->points[j].separation <= 0.0f;
    return (uint8_t)yes;
}

/* The distance route (GJK): b2ShapeDistance with useRadii.  The timed rule is
 * Box2D's own overlap query's (b2World_OverlapShape, physics_world.c: a shape
 * overlaps when distance <= 0.1 * B2_LINEAR_SLOP); the untimed ones are the
 * sensors' rule (sensor.c: distance < 10 * FLT_EPSILON) and distance == 0. */
static b2DistanceOutput gjk(const b2ShapeProxy *a, const b2ShapeProxy *b)
{
    b2DistanceInput input;
    input.proxyA = *a;
    input.proxyB = *b;
    input.transform = b2Transform_identity;
    input.useRadii = true;
    b2SimplexCache cache = {0};
    return b2ShapeDistance(&input, &cache, NULL, 0);
}

static void gjk_untimed(const b2ShapeProxy *pa, const b2ShapeProxy *pb, uint8_t *out)
{
    float *dist = xmalloc((size_t)g_n * sizeof(float));
    for (int64_t i = 0; i < g_n; ++i) dist[i] = gjk(&pa[i], &pb[i]).distance;
    for (int64_t i = 0; i < g_n; ++i) out[i] = dist[i] < 10.0f * FLT_EPSILON;
    report_untimed("box2d_gjk_sensor_rule", "b2ShapeDistance: distance < 10*FLT_EPSILON (sensor.c)", "box2d_gjk", out);
    for (int64_t i = 0; i < g_n; ++i) out[i] = dist[i] == 0.0f;
    report_untimed("box2d_gjk_zero", "b2ShapeDistance: distance == 0", "box2d_gjk", out);
    free(dist);
}

/* ---- the pair kinds ---------------------------------------------------- */

static void run_polys(const double *rawA, const double *rawB, int ka, int kb, uint8_t *out)
{
    int64_t n = g_n;
    c2Poly *ca = xmalloc((size_t)n * sizeof *ca);
    c2Poly *cb = xmalloc((size_t)n * sizeof *cb);
    b2Polygon *ba = xmalloc((size_t)n * sizeof *ba);
    b2Polygon *bb = xmalloc((size_t)n * sizeof *bb);
    b2ShapeProxy *pa = xmalloc((size_t)n * sizeof *pa);
    b2ShapeProxy *pb = xmalloc((size_t)n * sizeof *pb);
    int64_t c2_changed = 0, b2_changed = 0;
    build_polys(rawA, n, ka, ca, ba, pa, &c2_changed, &b2_changed);
    build_polys(rawB, n, kb, cb, bb, pb, &c2_changed, &b2_changed);
    note("inexact_float_inputs", (long long)g_inexact);
    note("c2MakePoly_changed_vertex_count", (long long)c2_changed);
    note("b2ComputeHull_changed_vertex_count", (long long)b2_changed);

    double best;
    TIME_LOOP(best, out[i] = (uint8_t)c2PolytoPoly(&ca[i], NULL, &cb[i], NULL));
    report("cute_c2", "c2PolytoPoly(&a, NULL, &b, NULL)", best, out);

    TIME_LOOP(best, {
        b2LocalManifold m = b2CollidePolygons(&ba[i], &bb[i], b2Transform_identity);
        out[i] = manifold_touching(&m);
    });
    report("box2d_manifold", "b2CollidePolygons(&a, &b, b2Transform_identity).pointCount > 0", best, out);

    TIME_LOOP(best, {
        b2LocalManifold m = b2CollidePolygons(&ba[i], &bb[i], b2Transform_identity);
        out[i] = manifold_penetrating(&m);
    });
    report("box2d_manifold_sep", "b2CollidePolygons: some point separation <= 0", best, out);

    const float tolerance = 0.1f * B2_LINEAR_SLOP;
    TIME_LOOP(best, out[i] = gjk(&pa[i], &pb[i]).distance <= tolerance);
    report("box2d_gjk", "b2ShapeDistance(proxies, useRadii): distance <= 0.1*B2_LINEAR_SLOP (b2World_OverlapShape)",
           best, out);
    gjk_untimed(pa, pb, out);

    free(ca);
    free(cb);
    free(ba);
    free(bb);
    free(pa);
    free(pb);
}

static void run_capsules(const double *rawA, const double *rawB, uint8_t *out)
{
    int64_t n = g_n;
    c2Capsule *ca = xmalloc((size_t)n * sizeof *ca);
    c2Capsule *cb = xmalloc((size_t)n * sizeof *cb);
    b2Capsule *ba = xmalloc((size_t)n * sizeof *ba);
    b2Capsule *bb = xmalloc((size_t)n * sizeof *bb);
    b2ShapeProxy *pa = xmalloc((size_t)n * sizeof *pa);
    b2ShapeProxy *pb = xmalloc((size_t)n * sizeof *pb);
    build_capsules(rawA, n, ca, ba, pa);
    build_capsules(rawB, n, cb, bb, pb);
    note("inexact_float_inputs", (long long)g_inexact);

    double best;
    TIME_LOOP(best, out[i] = (uint8_t)c2CapsuletoCapsule(ca[i], cb[i]));
    report("cute_c2", "c2CapsuletoCapsule(a, b)", best, out);

    TIME_LOOP(best, {
        b2LocalManifold m = b2CollideCapsules(&ba[i], &bb[i], b2Transform_identity);
        out[i] = manifold_touching(&m);
    });
    report("box2d_manifold", "b2CollideCapsules(&a, &b, b2Transform_identity).pointCount > 0", best, out);

    TIME_LOOP(best, {
        b2LocalManifold m = b2CollideCapsules(&ba[i], &bb[i], b2Transform_identity);
        out[i] = manifold_penetrating(&m);
    });
    report("box2d_manifold_sep", "b2CollideCapsules: some point separation <= 0", best, out);

    const float tolerance = 0.1f * B2_LINEAR_SLOP;
    TIME_LOOP(best, out[i] = gjk(&pa[i], &pb[i]).distance <= tolerance);
    report("box2d_gjk", "b2ShapeDistance(proxies, useRadii): distance <= 0.1*B2_LINEAR_SLOP (b2World_OverlapShape)",
           best, out);
    gjk_untimed(pa, pb, out);

    free(ca);
    free(cb);
    free(ba);
    free(bb);
    free(pa);
    free(pb);
}

static void run_circle_capsule(const double *rawA, const double *rawB, uint8_t *out)
{
    int64_t n = g_n;
    c2Circle *ca = xmalloc((size_t)n * sizeof *ca);
    c2Capsule *cb = xmalloc((size_t)n * sizeof *cb);
    b2Circle *ba = xmalloc((size_t)n * sizeof *ba);
    b2Capsule *bb = xmalloc((size_t)n * sizeof *bb);
    b2ShapeProxy *pa = xmalloc((size_t)n * sizeof *pa);
    b2ShapeProxy *pb = xmalloc((size_t)n * sizeof *pb);
    build_circles(rawA, n, ca, ba, pa);
    build_capsules(rawB, n, cb, bb, pb);
    note("inexact_float_inputs", (long long)g_inexact);

    double best;
    TIME_LOOP(best, out[i] = (uint8_t)c2CircletoCapsule(ca[i], cb[i]));
    report("cute_c2", "c2CircletoCapsule(a, b)", best, out);

    /* Box2D has the capsule first: b2CollideCapsuleAndCircle(capsule, circle) */
    TIME_LOOP(best, {
        b2LocalManifold m = b2CollideCapsuleAndCircle(&bb[i], &ba[i], b2Transform_identity);
        out[i] = manifold_touching(&m);
    });
    report("box2d_manifold", "b2CollideCapsuleAndCircle(&b, &a, b2Transform_identity).pointCount > 0", best, out);

    TIME_LOOP(best, {
        b2LocalManifold m = b2CollideCapsuleAndCircle(&bb[i], &ba[i], b2Transform_identity);
        out[i] = manifold_penetrating(&m);
    });
    report("box2d_manifold_sep", "b2CollideCapsuleAndCircle: some point separation <= 0", best, out);

    const float tolerance = 0.1f * B2_LINEAR_SLOP;
    TIME_LOOP(best, out[i] = gjk(&pa[i], &pb[i]).distance <= tolerance);
    report("box2d_gjk", "b2ShapeDistance(proxies, useRadii): distance <= 0.1*B2_LINEAR_SLOP (b2World_OverlapShape)",
           best, out);
    gjk_untimed(pa, pb, out);

    free(ca);
    free(cb);
    free(ba);
    free(bb);
    free(pa);
    free(pb);
}

int main(int argc, char **argv)
{
    if (argc != 4) die("usage: peers INPUT OUTDIR REPEATS");
    g_outdir = argv[2];
    g_repeats = atoi(argv[3]);
    if (g_repeats < 1) die("REPEATS must be >= 1");

    FILE *f = fopen(argv[1], "rb");
    if (f == NULL) die("cannot open INPUT");
    char magic[8];
    int32_t kind, ka, kb;
    int64_t n;
    if (fread(magic, 1, 8, f) != 8 || memcmp(magic, "PCPEERS1", 8) != 0) die("INPUT: bad magic");
    if (fread(&kind, 4, 1, f) != 1 || fread(&ka, 4, 1, f) != 1 || fread(&kb, 4, 1, f) != 1 || fread(&n, 8, 1, f) != 1)
        die("INPUT: short header");
    if (n < 1) die("INPUT: n must be >= 1");
    g_n = n;

    size_t wa, wb; /* doubles per shape */
    switch (kind) {
    case KIND_POLY:
        if (ka < 3 || ka > 8 || kb < 3 || kb > 8) die("INPUT: polygons need 3..8 vertices");
        wa = 2 * (size_t)ka;
        wb = 2 * (size_t)kb;
        break;
    case KIND_CAPSULE: wa = wb = 5; break;
    case KIND_CIRCLE_CAPSULE:
        wa = 3;
        wb = 5;
        break;
    default: die("INPUT: unknown kind"); return 2;
    }
    double *rawA = xmalloc((size_t)n * wa * sizeof(double));
    double *rawB = xmalloc((size_t)n * wb * sizeof(double));
    if (fread(rawA, sizeof(double) * wa, (size_t)n, f) != (size_t)n ||
        fread(rawB, sizeof(double) * wb, (size_t)n, f) != (size_t)n)
        die("INPUT: short data");
    fclose(f);

    uint8_t *out = xmalloc((size_t)n);
    switch (kind) {
    case KIND_POLY: run_polys(rawA, rawB, ka, kb, out); break;
    case KIND_CAPSULE: run_capsules(rawA, rawB, out); break;
    default: run_circle_capsule(rawA, rawB, out); break;
    }
    free(out);
    free(rawA);
    free(rawB);
    return 0;
}
