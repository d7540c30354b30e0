/*
 * Move and slide (pc_world_slide): boxes through a world with restitution 0,
 * what a tile-based platformer does every frame.
 *
 * Each box repeats: sweep its remaining displacement against the world
 * (sweepshape.c: whether it hits is exact, the time of impact from bisection
 * on the exact overlap), move up to the impact (shortened by bisection when
 * rounding would leave it strictly inside a wall: pc__move_free), then drop
 * the part of the remaining displacement and of the velocity that points
 * into the wall, and slide on with the rest.  A box pressed into an inner
 * corner loses both components in two slides.  Against a tile map the wall
 * met at a corner is the tile's exposed face the box moves into, never a
 * face shared by two solid tiles (tile_normal in sweepshape.c): a box
 * sliding over a floor of tiles does not catch on their seams, and one
 * running into the foot of a 45-degree tile slides up it.
 *
 * A box that starts a rounding error deep in a wall (placed where a sweep
 * said it hits, or carried on a platform placed another way) is moved out
 * first, by the least translation (pc__start_free).
 *
 * Which way each wall faced is reported as flags, with y up: a floor when
 * the wall's normal (from the wall toward the box) is within 45 degrees of
 * +y, a ceiling within 45 degrees of -y, else a wall.
 */
#include <string.h>

#include "depenetrate.h"
#include "fpenv.h"
#include "kinds.h"
#include "motion.h"
#include "predicates.h"
#include "sweep.h"
#include "walk.h"
#include "world.h"

struct slide_ctx {
    const pc__world *world;
    double dt;
    int max_slides;
};

/* The flag of an impact with normal n (from the box toward the wall). */
static int8_t facing(double nx, double ny)
{
    double ax = nx < 0.0 ? -nx : nx;
    if (-ny >= ax) return PC_SLIDE_FLOOR;
    if (ny >= ax) return PC_SLIDE_CEILING;
    return PC_SLIDE_WALL;
}

/* Returns the flags, or -1 when the box starts strictly inside the world
 * deeper than a rounding error (left alone; one that deep is moved out
 * first: pc__start_free), -2 when a move would leave the doubles (it stops
 * there). */
static int8_t slide_one(const struct slide_ctx *s, double *box, double *v)
{
    if (!pc__start_free(s->world, PC_BOX, box)) return -1;
    double dx = v[0] * s->dt, dy = v[1] * s->dt;
    int8_t flags = 0;
    for (int k = 0; k < s->max_slides && (dx != 0.0 || dy != 0.0); k++) {
        if (!isfinite(box[0] + dx) || !isfinite(box[2] + dx) || !isfinite(box[1] + dy) || !isfinite(box[3] + dy))
            return -2;
        pc__toi h;
        pc__world_sweep(s->world, PC_BOX, box, dx, dy, &h);
        if (!h.near) { /* nothing within reach of the whole path */
            pc__kind(PC_BOX)->place(box, 1.0, 1.0, dx, dy, box);
            return flags;
        }
        double t = pc__move_free(s->world, PC_BOX, box, dx, dy, h.hit ? h.t : 1.0);
        if (!h.hit) return flags;
        flags |= facing(h.nx, h.ny);
        double rest = 1.0 - t;
        dx *= rest;
        dy *= rest;
        pc__slide_along(&dx, &dy, h.nx, h.ny);
        pc__slide_along(&v[0], &v[1], h.nx, h.ny);
    }
    return flags;
}

static void slide_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct slide_ctx *s = vctx;
    for (int64_t i = 0; i < n; i++)
        *(int8_t *)(p[2] + i * st[2]) = slide_one(s, (double *)(p[0] + i * st[0]), (double *)(p[1] + i * st[1]));
}

static int world_slide(const pc_world_part *parts, int nparts, double *boxes, double *velocities, int8_t *flags,
                       int64_t n, double dt, int max_slides, int threads, const volatile int *cancel)
{
    pc__world w;
    if (pc__world_of(&w, parts, nparts) != PC_OK || !boxes || !velocities || !flags) return PC_ERR_ARG;
    if (n < 0 || !isfinite(dt) || dt < 0.0 || max_slides < 1) return PC_ERR_ARG;
    if (n == 0) return PC_OK;
    struct slide_ctx ctx = {&w, dt, max_slides};
    int64_t shape[1] = {n};
    int64_t sb[1] = {4 * 8}, sv[1] = {2 * 8}, sf[1] = {1};
    const int64_t *strides[3] = {sb, sv, sf};
    const void *ptrs[3] = {boxes, velocities, flags};
    return pc__batch(1, shape, 3, ptrs, strides, 7u, slide_inner, &ctx, threads, PC_MOTION_CHUNK, cancel);
}

int pc_world_slide(const pc_world_part *parts, int nparts, double *boxes, double *velocities, int8_t *flags, int64_t n,
                   double dt, int max_slides, int threads, const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    int rc = world_slide(parts, nparts, boxes, velocities, flags, n, dt, max_slides, threads, cancel);
    pc__fp_leave(env);
    return rc;
}
