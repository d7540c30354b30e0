/*
 * The character mover (pc_world_move): shapes of any kind moved by a
 * displacement through a world, sliding along what they meet, as a game's
 * characters and crates move each frame.
 *
 * Each mover repeats, for at most max_iterations sweeps: sweep the remaining
 * displacement against the world (exact in whether it hits, so however
 * fast it never passes through a wall or a corner), move up to the impact
 * (shortened where rounding would leave it strictly inside: pc__move_free),
 * and keep of the rest the displacement nearest it that points into none of
 * the surfaces met in this move: one plane, or the crease of two (a corner
 * stops it), found among a handful of candidates (the rest itself, its
 * projection on each plane, nothing), as Box2D's plane solver does.
 *
 * The surfaces are told apart by their normals toward the mover: a floor
 * (walkable) when the normal's y is at least floor_y, a ceiling when at most
 * -floor_y, else a wall.  A wall that faces up (a slope too steep to walk)
 * is never climbed: where sliding along it would lift the mover, it acts as
 * a vertical wall, and a falling mover slides down it.  A mover standing on
 * a floor that meets a wall climbs it as a step when the wall is at most
 * step_height high: up, across, and down onto a floor (else it stays).  A
 * mover that stood on a floor and is not moving up keeps to it when walking
 * down a slope or a step: a sweep down by snap_distance that meets a floor
 * puts it there.  Then a probe a hair long (2^-20 of the mover's size)
 * says what it stands on.
 *
 * A mover that starts a rounding error deep (pc__start_free) is moved out
 * first; deeper, it is left alone and reported.  A mover that does not
 * strictly overlap the world at the start does not at the end.
 */
#include <math.h>
#include <string.h>

#include "depenetrate.h"
#include "fpenv.h"
#include "generic.h"
#include "kinds.h"
#include "motion.h"
#include "outline.h"
#include "predicates.h"
#include "sweep.h"
#include "sweepshape.h"
#include "tiles.h"
#include "walk.h"
#include "world.h"

#define MOVE_PLANES 8

struct move_ctx {
    const pc__world *world;
    pc__world *gated; /* the mover's own copy of a world with one-way parts (NULL: none) */
    int kind, width, one_way;
    pc_move_options o;
};

/* A one-way part takes part in a sweep by (dx, dy) from row a only when the
 * move goes against its up and the mover does not strictly overlap it there
 * (so a mover jumping up through it, or still inside it, passes). */
static void gate(const struct move_ctx *m, const double *a, double dx, double dy)
{
    pc__world *w = m->gated;
    if (!w) return;
    for (int k = 0; k < w->n; k++)
        if (w->one_way[k])
            w->off[k] =
                !(dx * w->up[k][0] + dy * w->up[k][1] < 0.0) || pc__world_part_overlaps(w, k, m->kind, a, PC_STRICT);
}

/* A surface of normal n (unit, from the mover toward the surface) seen by
 * the mover: a floor when the normal toward the mover (-n) has y >= floor_y. */
static int8_t facing(const struct move_ctx *m, double nx, double ny)
{
    (void)nx;
    if (-ny >= m->o.floor_y) return PC_MOVE_FLOOR;
    if (ny >= m->o.floor_y) return PC_MOVE_CEILING;
    return PC_MOVE_WALL;
}

/* Is the mover (row a) still within reach of the surface a plane came from
 * (part, cell: a tile of a tile map; edge: an outline's edge)?  A plane
 * whose tile or edge the mover has left behind (slid past the end of a
 * face) is no longer a constraint, as Box2D's mover takes only the planes
 * at its current position.  Planes of shape collections are kept. */
static int still_near(const struct move_ctx *m, const double *a, int part, int64_t cell, const double *edge,
                      double reach)
{
    if (edge) {
        const pc_outlines *o = m->world->outl[part];
        pc__filter f = pc__filter_for(pc__max(pc__max(pc__magnitude(a, m->width), o->magnitude), reach));
        return pc__within_rows(&f, m->kind, a, PC_SEGMENT, edge, reach, 0);
    }
    const pc_tilemap *map = part >= 0 ? m->world->map[part] : NULL;
    if (!map || cell < 0) return 1;
    double row[6];
    int kind = pc__tile_shape(map, cell / map->cols, cell % map->cols, row);
    if (kind < 0) return 1;
    pc__filter f = pc__filter_for(pc__max(pc__max(pc__magnitude(a, m->width), map->magnitude), reach));
    return pc__within_rows(&f, m->kind, a, kind, row, reach, 0);
}

/* Does (x, y) point into none of the planes (normals from the mover toward
 * the surfaces)? */
static int clear_of(double x, double y, const double (*pn)[2], int np)
{
    for (int k = 0; k < np; k++)
        if (x * pn[k][0] + y * pn[k][1] > 0.0) return 0;
    return 1;
}

/* The displacement nearest (x, y) that points into none of the planes: (x,
 * y) itself, its slide along one plane, or nothing (a crease of two planes
 * in the plane is a corner).  Writes it over (x, y). */
static void solve_planes(double *x, double *y, const double (*pn)[2], int np)
{
    if (clear_of(*x, *y, pn, np)) return;
    double best = INFINITY, bx = 0.0, by = 0.0;
    for (int k = 0; k < np; k++) {
        double px = *x, py = *y;
        pc__slide_along(&px, &py, pn[k][0], pn[k][1]);
        if (!clear_of(px, py, pn, np)) continue;
        double ex = px - *x, ey = py - *y, d = ex * ex + ey * ey;
        if (d < best) {
            best = d;
            bx = px;
            by = py;
        }
    }
    *x = bx;
    *y = by;
}

/* Sweep the mover (row a, updated) by (dx, dy) and move it up to what it
 * hits: the hit in h, the displacement made added to made (t (dx, dy), the
 * whole of it exactly when nothing is hit); 0 when the move would leave the
 * doubles (a unchanged). */
static int sweep_to(const struct move_ctx *m, double *a, double dx, double dy, pc__toi *h, double *made)
{
    pc__toi_init(h);
    if (!pc__moved_finite(m->kind, a, dx, dy)) return 0;
    gate(m, a, dx, dy);
    pc__world_sweep_rough(m->world, m->kind, a, dx, dy, h); /* placed below, by pc__move_free */
    if (!h->near) {
        pc__place_at(m->kind, a, dx, dy, 1.0, a);
        h->hit = 0;
        h->t = 1.0;
    } else {
        h->t = pc__move_free(m->world, m->kind, a, dx, dy, h->hit ? h->t : 1.0);
    }
    made[0] += h->t == 1.0 ? dx : h->t * dx;
    made[1] += h->t == 1.0 ? dy : h->t * dy;
    return 1;
}

/* The length a probe down reaches: 2^-20 of the mover's larger side and
 * 2^-40 of its largest coordinate, beyond the rounding of any move. */
static double probe_length(const struct move_ctx *m, const double *a)
{
    double bb[4];
    pc__kind(m->kind)->bounds(a, bb);
    double side = pc__max(0x1p-20 * bb[2] - 0x1p-20 * bb[0], 0x1p-20 * bb[3] - 0x1p-20 * bb[1]);
    return side + 0x1p-40 * pc__magnitude(a, m->width) + 0x1p-1022;
}

/* What the mover (row a) stands on: a floor met by a sweep down of `reach`
 * (1 and the hit, the mover left where it is), else 0.  On a face of a tile
 * map's merged boundary the sweep gives that face's own normal
 * (TileMap.normals, negated: toward the floor), the same at every seam of a
 * floor or a slope. */
static int floor_below(const struct move_ctx *m, const double *a, double reach, pc__toi *h)
{
    double row[PC_ROW_MAX];
    memcpy(row, a, (size_t)m->width * sizeof(double));
    pc__toi_init(h);
    if (!pc__moved_finite(m->kind, row, 0.0, -reach)) return 0;
    gate(m, row, 0.0, -reach);
    pc__world_sweep_rough(m->world, m->kind, row, 0.0, -reach, h); /* what is there, not when */
    if (!h->hit) return 0;
    return facing(m, h->nx, h->ny) == PC_MOVE_FLOOR;
}

/* A step up: from row a (standing on a floor, stopped by a wall), up by
 * step_height at most, across by (rx, 0), down onto a floor.  1 with a
 * moved there when it lands on a floor having gone across some way, else 0
 * (a unchanged). */
static int climb(const struct move_ctx *m, double *a, double rx, double *made)
{
    double row[PC_ROW_MAX], step[2] = {0.0, 0.0};
    memcpy(row, a, (size_t)m->width * sizeof(double));
    pc__toi h;
    if (!sweep_to(m, row, 0.0, m->o.step_height, &h, step)) return 0;
    double up = step[1];
    if (!(up > 0.0)) return 0;
    if (!sweep_to(m, row, rx, 0.0, &h, step) || step[0] == 0.0) return 0;
    double down = up + probe_length(m, row);
    if (!sweep_to(m, row, 0.0, -down, &h, step) || !h.hit || facing(m, h.nx, h.ny) != PC_MOVE_FLOOR) return 0;
    memcpy(a, row, (size_t)m->width * sizeof(double));
    made[0] += step[0];
    made[1] += step[1];
    return 1;
}

/* One mover: row a (updated), displacement d; writes the displacement made
 * (moved, 2) and the floor it ends on (ground, 4: its normal toward the
 * mover, the part and the index within it; NaN, NaN, -1, -1 when none).
 * The displacement made is the sum of the pieces moved (so a move that
 * meets nothing, or only the floor it runs along, reports exactly the
 * displacement asked).  Returns the PC_MOVE_* flags, -1 when it starts deeper than its start
 * tolerance (left alone), -2 when a move would leave the doubles (it stops
 * there). */
static int8_t move_one(const struct move_ctx *m, double *a, const double *d, double *moved, double *ground, double *ev);

/* A mover in a world with one-way parts: its own copy of the world, whose
 * one-way parts each sweep turns on and off (gate). */
static int8_t move_gated(const struct move_ctx *m, double *a, const double *d, double *moved, double *ground,
                         double *ev)
{
    pc__world own = *m->world;
    struct move_ctx mine = *m;
    mine.world = &own;
    mine.gated = &own;
    return move_one(&mine, a, d, moved, ground, ev);
}

/* Impact k of a mover into its events (8 doubles: the time within the step,
 * the part and the index hit, the point, the surface's normal toward the
 * mover, the displacement the surface took). */
static void record(double *ev, int k, double time, const pc__toi *h, double lost)
{
    double *e = ev + 8 * k;
    e[0] = time;
    e[1] = (double)h->part;
    e[2] = (double)h->cell;
    e[3] = h->px;
    e[4] = h->py;
    e[5] = -h->nx + 0.0;
    e[6] = -h->ny + 0.0;
    e[7] = lost;
}

static int8_t move_one(const struct move_ctx *m, double *a, const double *d, double *moved, double *ground, double *ev)
{
    if (ev)
        for (int k = 0; k < m->o.max_iterations; k++) ev[8 * k] = NAN; /* NaN time: no impact */
    moved[0] = moved[1] = 0.0;
    ground[0] = ground[1] = NAN;
    ground[2] = ground[3] = -1.0;
    double x0 = a[0], y0 = a[1];
    if (m->gated) /* a start inside a one-way part is no error: the mover passes through it */
        for (int k = 0; k < m->gated->n; k++) m->gated->off[k] = m->gated->one_way[k];
    if (!pc__start_free(m->world, m->kind, a)) return -1;
    moved[0] = a[0] - x0; /* moved out of a rounding error's overlap first */
    moved[1] = a[1] - y0;
    double dx = d[0], dy = d[1];
    pc__toi h;
    /* whether it stands on a floor at the start: only steps and snapping ask */
    int stood = (m->o.step_height > 0.0 || m->o.snap_distance > 0.0) && floor_below(m, a, probe_length(m, a), &h);
    int8_t flags = 0, status = 0;
    double pn[MOVE_PLANES][2], time = 0.0;
    int ppart[MOVE_PLANES];
    int64_t pcell[MOVE_PLANES];
    const double *pedge[MOVE_PLANES];
    int np = 0;
    for (int k = 0; k < m->o.max_iterations && (dx != 0.0 || dy != 0.0); k++) {
        if (!sweep_to(m, a, dx, dy, &h, moved)) {
            status = -2;
            break;
        }
        if (!h.hit) break;
        int8_t f = facing(m, h.nx, h.ny);
        flags |= f;
        time += h.t * (1.0 - time); /* each sweep takes the rest of the step's time */
        double rest = 1.0 - h.t, rx = dx * rest, ry = dy * rest;
        if (ev) { /* what the surface takes: the rest's part into it (scaled as the planes are, below) */
            int q = 0;
            if (rx != 0.0 || ry != 0.0) frexp(pc__max(fabs(rx), fabs(ry)), &q);
            record(ev, k, time, &h, ldexp(pc__max(ldexp(rx, -q) * h.nx + ldexp(ry, -q) * h.ny, 0.0), q));
        }
        if (f == PC_MOVE_FLOOR) stood = 1;
        if (f == PC_MOVE_WALL && stood && m->o.step_height > 0.0 && rx != 0.0 && h.nx * rx > 0.0 &&
            climb(m, a, rx, moved)) {
            dx = 0.0; /* across the step: what is left of the move is its vertical part */
            dy = ry < 0.0 ? 0.0 : ry;
            continue;
        }
        double nx = h.nx, ny = h.ny;
        /* the planes are solved on the rest scaled by a power of 2 to about 1
         * (exact both ways): the squares they compare neither overflow nor
         * underflow, whatever the magnitudes */
        int e = 0;
        if (rx != 0.0 || ry != 0.0) frexp(pc__max(fabs(rx), fabs(ry)), &e);
        double ux = ldexp(rx, -e), uy = ldexp(ry, -e);
        if (f == PC_MOVE_WALL && ny < 0.0) { /* a slope too steep to walk: never climbed */
            double sx = ux, sy = uy;
            pc__slide_along(&sx, &sy, nx, ny);
            if (sy > 0.0 && sy > uy) { /* sliding along it would lift the mover: a vertical wall instead */
                nx = nx > 0.0 ? 1.0 : -1.0;
                ny = 0.0;
            }
        }
        if (np > 0) { /* the planes of surfaces it has left behind are dropped */
            double reach = probe_length(m, a);
            int kept = 0;
            for (int j = 0; j < np; j++) {
                if (!still_near(m, a, ppart[j], pcell[j], pedge[j], reach)) continue;
                pn[kept][0] = pn[j][0];
                pn[kept][1] = pn[j][1];
                ppart[kept] = ppart[j];
                pcell[kept] = pcell[j];
                pedge[kept] = pedge[j];
                kept++;
            }
            np = kept;
        }
        if (np == MOVE_PLANES) np--; /* the oldest planes are kept; the last one replaced */
        pn[np][0] = nx;
        pn[np][1] = ny;
        ppart[np] = h.part;
        pcell[np] = h.cell;
        pedge[np] = h.edge;
        np++;
        solve_planes(&ux, &uy, (const double (*)[2])pn, np);
        rx = ldexp(ux, e);
        ry = ldexp(uy, e);
        dx = rx;
        dy = ry;
    }
    if (status == 0 && stood && m->o.snap_distance > 0.0 && d[1] <= 0.0) { /* keep to the floor */
        double row[PC_ROW_MAX];
        memcpy(row, a, (size_t)m->width * sizeof(double));
        double snap[2] = {0.0, 0.0};
        if (floor_below(m, row, m->o.snap_distance, &h) && sweep_to(m, row, 0.0, -m->o.snap_distance, &h, snap) &&
            h.hit) {
            memcpy(a, row, (size_t)m->width * sizeof(double));
            moved[1] += snap[1];
        }
    }
    if (floor_below(m, a, probe_length(m, a), &h)) {
        flags |= PC_MOVE_FLOOR;
        ground[0] = -h.nx + 0.0;
        ground[1] = -h.ny + 0.0;
        ground[2] = (double)h.part;
        ground[3] = (double)h.cell;
    } else {
        flags &= (int8_t)~PC_MOVE_FLOOR;
    }
    return status ? status : flags;
}

static void move_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct move_ctx *m = vctx;
    int8_t (*one)(const struct move_ctx *, double *, const double *, double *, double *, double *) =
        m->one_way ? move_gated : move_one;
    for (int64_t i = 0; i < n; i++)
        *(int8_t *)(p[4] + i * st[4]) =
            one(m, (double *)(p[0] + i * st[0]), (const double *)(p[1] + i * st[1]), (double *)(p[2] + i * st[2]),
                (double *)(p[3] + i * st[3]), m->o.events ? (double *)(p[5] + i * st[5]) : NULL);
}

static int options_ok(const pc_move_options *o)
{
    return o && isfinite(o->floor_y) && o->floor_y >= 0.0 && o->floor_y <= 1.0 && isfinite(o->step_height) &&
           o->step_height >= 0.0 && isfinite(o->snap_distance) && o->snap_distance >= 0.0 && o->max_iterations >= 1;
}

static int world_move(const pc_world_part *parts, int nparts, int kind, double *shapes, const double *displacement,
                      double *moved, double *ground, int8_t *flags, int64_t n, const pc_move_options *options,
                      int threads, const volatile int *cancel)
{
    pc__world w;
    if (pc__world_of(&w, parts, nparts) != PC_OK || !pc__is_shape(kind) || !options_ok(options)) return PC_ERR_ARG;
    if (!shapes || !displacement || !moved || !ground || !flags || n < 0) return PC_ERR_ARG;
    if (n == 0) return PC_OK;
    int one_way = 0;
    for (int k = 0; k < w.n; k++) one_way |= w.one_way[k];
    struct move_ctx ctx = {&w, NULL, kind, pc_kind_width(kind), one_way, *options};
    int64_t shape[1] = {n};
    int64_t sa[1] = {ctx.width}, sd[1] = {2}, sm[1] = {2}, sg[1] = {4}, sf[1] = {1},
            se[1] = {8 * options->max_iterations};
    const int64_t *strides[6] = {sa, sd, sm, sg, sf, se};
    const void *ptrs[6] = {shapes, displacement, moved, ground, flags, options->events};
    int nop = options->events ? 6 : 5;
    return pc__batch(1, shape, nop, ptrs, strides, 16u, move_inner, &ctx, threads, PC_MOTION_CHUNK, cancel);
}

int pc_world_move(const pc_world_part *parts, int nparts, int kind, double *shapes, const double *displacement,
                  double *moved, double *ground, int8_t *flags, int64_t n, const pc_move_options *options, int threads,
                  const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    int rc = world_move(parts, nparts, kind, shapes, displacement, moved, ground, flags, n, options, threads, cancel);
    pc__fp_leave(env);
    return rc;
}
