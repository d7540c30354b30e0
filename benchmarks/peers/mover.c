/* Character mover harness for Box2D v3: b2World_CastMover and b2SolvePlanes.
 *
 * Contains no peer code: benchmarks/mover.py compiles it against Box2D's
 * sources, which the user fetches outside this repository (see
 * benchmarks/peers.md), in a temporary directory.
 *
 * Usage:  mover INPUT OUTPUT REPEATS
 *
 * INPUT (little-endian, written by mover.py):
 *   char     magic[8] = "PCMOVER1"
 *   int32    n         movers
 *   int32    frames
 *   int32    loops     closed chains of the level
 *   int32    unused
 *   float64  capsule[5]   center1 x y, center2 x y, radius (relative to a mover's position)
 *   float64  dt
 *   int32    count[loops] points of each chain, then float64 points[sum count][2]
 *            (each loop in Box2D's order: the solid on its left, the normal to its right)
 *   float64  start[n][2]              each mover's first position
 *   float64  displacement[frames][n][2]  each mover's desired move of each frame
 *
 * Every float64 is a float32 value: Box2D, which computes in float, gets them
 * unchanged.
 *
 * What is timed, per frame: the loop over the n movers, each moved as Box2D's
 * own sample of a character mover (samples/geometric_mover.cpp) moves one:
 * up to 5 rounds of b2World_CollideMover (the planes at its position, kept in
 * an array by the callback), b2SolvePlanes (the target move against them),
 * b2World_CastMover (how far that move goes) and the move made, ending when
 * a round moves it less than 0.01; then b2ClipVector on its velocity (the
 * frame's displacement over dt).  The mover's pogo spring, Quake-style
 * acceleration and friction and its push on bodies are game logic around the
 * mover and are left out: every mover gets the same desired move per frame
 * as pycollide's.  Not timed: after each frame, the planes
 * b2World_CollideMover reports at every mover's final position (the ones the
 * next frame starts from), written out for the ghost-normal count.
 *
 * OUTPUT (float32 and int32, little-endian), for each frame in order:
 *   float32  position[n][2]            after the frame
 *   int32    planes[n]                 how many planes at that position (all, even beyond MAX_OUT)
 *   float32  normal[n][MAX_OUT][2]     the first MAX_OUT planes' normals (toward the mover)
 * stdout: one JSON line with each repeat's seconds for the timed loops and
 * whether every repeat ended every frame with the same positions.
 */
#define _POSIX_C_SOURCE 199309L
#include "box2d/box2d.h"
#include "box2d/collision.h"
#include "box2d/math_functions.h"

#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PLANE_CAPACITY 8 /* the sample's m_planeCapacity */
#define ROUNDS         5 /* the sample's iterations per update */
#define MAX_OUT        4 /* planes written out per mover and frame */

enum { STATIC_BIT = 0x1, MOVER_BIT = 0x2 }; /* as the sample's collision bits */

static void die(const char *what)
{
    fprintf(stderr, "mover: %s\n", what);
    exit(2);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *must_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) die("out of memory");
    return p;
}

static void read_exact(FILE *f, void *dst, size_t bytes)
{
    if (fread(dst, 1, bytes, f) != bytes) die("short input");
}

typedef struct {
    b2CollisionPlane planes[PLANE_CAPACITY];
    int count, seen;
} plane_set;

/* The sample's PlaneResultFcn: each plane kept as rigid (FLT_MAX push limit)
 * and clipping the velocity, up to the capacity. */
static bool collect(b2ShapeId shapeId, const b2PlaneResult *result, void *context)
{
    (void)shapeId;
    plane_set *set = context;
    set->seen += 1;
    if (set->count < PLANE_CAPACITY) {
        set->planes[set->count] = (b2CollisionPlane){result->plane, FLT_MAX, 0.0f, true};
        set->count += 1;
    }
    return true;
}

int main(int argc, char **argv)
{
    if (argc != 4) die("usage: mover INPUT OUTPUT REPEATS");
    int repeats = atoi(argv[3]);
    if (repeats < 1) die("REPEATS must be at least 1");
    FILE *f = fopen(argv[1], "rb");
    if (!f) die("cannot open input");
    char magic[8];
    int32_t head[4];
    double cap[5], dt;
    read_exact(f, magic, 8);
    if (memcmp(magic, "PCMOVER1", 8) != 0) die("not a mover input");
    read_exact(f, head, sizeof head);
    read_exact(f, cap, sizeof cap);
    read_exact(f, &dt, sizeof dt);
    int n = head[0], frames = head[1], loops = head[2];
    if (n < 1 || frames < 1 || loops < 1) die("empty input");
    int32_t *count = must_alloc((size_t)loops * sizeof *count);
    read_exact(f, count, (size_t)loops * sizeof *count);

    b2WorldDef worldDef = b2DefaultWorldDef();
    b2WorldId world = b2CreateWorld(&worldDef);
    b2BodyDef bodyDef = b2DefaultBodyDef(); /* static, at the origin */
    b2BodyId ground = b2CreateBody(world, &bodyDef);
    for (int k = 0; k < loops; k++) {
        if (count[k] < 4) die("a chain needs at least 4 points");
        double *xy = must_alloc((size_t)count[k] * 2 * sizeof *xy);
        b2Vec2 *points = must_alloc((size_t)count[k] * sizeof *points);
        read_exact(f, xy, (size_t)count[k] * 2 * sizeof *xy);
        for (int i = 0; i < count[k]; i++) points[i] = (b2Vec2){(float)xy[2 * i], (float)xy[2 * i + 1]};
        b2ChainDef chainDef = b2DefaultChainDef();
        chainDef.points = points;
        chainDef.count = count[k];
        chainDef.isLoop = true;
        chainDef.filter.categoryBits = STATIC_BIT;
        b2CreateChain(ground, &chainDef);
        free(points);
        free(xy);
    }
    b2World_Step(world, (float)dt, 4); /* a world as a game's frame leaves it */

    double *start = must_alloc((size_t)n * 2 * sizeof *start);
    double *disp = must_alloc((size_t)frames * (size_t)n * 2 * sizeof *disp);
    read_exact(f, start, (size_t)n * 2 * sizeof *start);
    read_exact(f, disp, (size_t)frames * (size_t)n * 2 * sizeof *disp);
    fclose(f);

    b2Capsule capsule = {{(float)cap[0], (float)cap[1]}, {(float)cap[2], (float)cap[3]}, (float)cap[4]};
    b2QueryFilter filter = {MOVER_BIT, STATIC_BIT | MOVER_BIT};
    /* as the sample: the cast skips other movers */
    b2QueryFilter castFilter = {filter.categoryBits, filter.maskBits & ~filter.categoryBits};
    float inv_dt = (float)(1.0 / dt), tolerance = 0.01f;

    b2Vec2 *position = must_alloc((size_t)n * sizeof *position);
    b2Vec2 *velocity = must_alloc((size_t)n * sizeof *velocity);
    b2Vec2 *delta = must_alloc((size_t)frames * (size_t)n * sizeof *delta);
    b2Vec2 *first = must_alloc((size_t)frames * (size_t)n * sizeof *first);
    int32_t *planes_at = must_alloc((size_t)n * sizeof *planes_at);
    float *normals = must_alloc((size_t)n * MAX_OUT * 2 * sizeof *normals);
    for (size_t i = 0; i < (size_t)frames * (size_t)n; i++)
        delta[i] = (b2Vec2){(float)disp[2 * i], (float)disp[2 * i + 1]};
    free(disp);

    FILE *out = fopen(argv[2], "wb");
    if (!out) die("cannot open output");
    double *seconds = must_alloc((size_t)repeats * sizeof *seconds);
    int same = 1;
    long long rounds = 0, solver_iterations = 0, overflow = 0;
    double clipped = 0.0;
    for (int r = 0; r < repeats; r++) {
        for (int i = 0; i < n; i++) position[i] = (b2Vec2){(float)start[2 * i], (float)start[2 * i + 1]};
        seconds[r] = 0.0;
        for (int frame = 0; frame < frames; frame++) {
            const b2Vec2 *d = delta + (size_t)frame * (size_t)n;
            double t0 = now_seconds();
            for (int i = 0; i < n; i++) {
                plane_set set;
                b2Pos p = position[i];
                b2Pos target = b2Add(p, d[i]);
                for (int round = 0; round < ROUNDS; ++round) {
                    set.count = set.seen = 0;
                    b2World_CollideMover(world, p, &capsule, filter, collect, &set);
                    b2PlaneSolverResult result = b2SolvePlanes(b2Sub(target, p), set.planes, set.count);
                    solver_iterations += result.iterationCount;
                    rounds += 1;
                    float fraction = b2World_CastMover(world, p, &capsule, result.delta, castFilter);
                    b2Vec2 step = b2MulSV(fraction, result.delta);
                    p = b2Add(p, step);
                    if (b2LengthSquared(step) < tolerance * tolerance) break;
                }
                position[i] = p;
                velocity[i] = b2ClipVector(b2MulSV(inv_dt, d[i]), set.planes, set.count);
            }
            seconds[r] += now_seconds() - t0;
            b2Vec2 *was = first + (size_t)frame * (size_t)n;
            if (r == 0) {
                memcpy(was, position, (size_t)n * sizeof *position);
                for (int i = 0; i < n; i++) {
                    plane_set set = {.count = 0, .seen = 0};
                    b2World_CollideMover(world, position[i], &capsule, filter, collect, &set);
                    planes_at[i] = set.seen;
                    overflow += set.seen > MAX_OUT;
                    for (int k = 0; k < MAX_OUT; k++) {
                        b2Vec2 normal = k < set.count ? set.planes[k].plane.normal : (b2Vec2){0.0f, 0.0f};
                        normals[(i * MAX_OUT + k) * 2] = normal.x;
                        normals[(i * MAX_OUT + k) * 2 + 1] = normal.y;
                    }
                    clipped += (double)velocity[i].x + (double)velocity[i].y;
                }
                if (fwrite(position, sizeof *position, (size_t)n, out) != (size_t)n ||
                    fwrite(planes_at, sizeof *planes_at, (size_t)n, out) != (size_t)n ||
                    fwrite(normals, sizeof *normals, (size_t)n * MAX_OUT * 2, out) != (size_t)n * MAX_OUT * 2)
                    die("cannot write output");
            } else if (memcmp(was, position, (size_t)n * sizeof *position) != 0) {
                same = 0;
            }
        }
    }
    if (fclose(out) != 0) die("cannot write output");
    printf("{\"seconds\": [");
    for (int r = 0; r < repeats; r++) printf("%s%.9f", r ? ", " : "", seconds[r]);
    printf("], \"repeats_agree\": %s, \"rounds\": %lld, \"solver_iterations\": %lld, "
           "\"more_planes_than_written\": %lld, \"clipped_velocity_sum\": %.9g}\n",
           same ? "true" : "false", rounds / repeats, solver_iterations / repeats, overflow, clipped);
    b2DestroyWorld(world);
    return 0;
}
