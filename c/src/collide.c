/*
 * Circles that hit the world and each other (pc_world_collide): an
 * event-driven step.
 *
 * Each circle keeps its own time tau (its centre is valid at tau and it moves
 * on with its velocity).  Impacts are events in a heap ordered by time: a
 * circle's next wall impact (a sweep against the world for the rest of dt)
 * and its impacts with the circles whose paths may cross its own.  The first
 * event is processed: the circles involved are brought to its time, respond
 * (a wall: pc__respond; two circles: the impulse along the line of centres
 * with restitution and Coulomb friction, by their inverse masses), and their
 * next events are found again; every event made stale by a response carries
 * an old stamp and is dropped when it comes up.
 *
 * Broad phase: a grid over the step's swept boxes, about one cell a circle.
 * Each circle's box (its path over the rest of dt, grown by r) covering at
 * most 2 by 2 cells (most) has one entry, in the cell of its low corner (its
 * anchor; see build); a larger box is listed apart.  At the start all boxes
 * are sorted by anchor at once (a counting sort; each entry keeps a copy of
 * its box), and every pair of boxes that meet is found once, from the box
 * whose anchor comes first (first_pairs).  A circle whose path changes
 * after an impact puts its new box in its static entry when the anchor is
 * the same, else adds it at its anchor (or to the large ones), and looks for
 * the boxes its new one meets, so two circles whose paths may cross always
 * meet: the one whose path changed last finds the other's box.
 * Cells beyond the grid are folded onto its border cells.
 * The cells the world's shapes cover are marked once, so a circle whose
 * cells are unmarked skips its sweep against the world (a world of many
 * shapes, or a tile map, is asked through its trees or its sweep instead).
 * Every pair whose boxes met is noted: only those can overlap at the end.
 *
 * The exact promises: a move is shortened by bisection when its rounded end
 * would leave the circle inside the world (pc__move_free); at the end every
 * pair of circles whose interiors overlap by rounding is pushed apart along
 * the line of centres (never into the world) until the exact test says they
 * do not.  Termination: each processed event counts an impact for a moving
 * circle, and a circle stops after max_bounces.
 *
 * Impacts, when asked for: each counted impact gets a row in the caller's
 * room for its circle (its hits so far say which), written as it is
 * processed, so each circle's rows are in time order.
 */
#include <float.h>
#include <string.h>

#include "depenetrate.h"
#include "fpenv.h"
#include "kernels.h"
#include "motion.h"
#include "walk.h"
#include "world.h"

typedef struct {
    double t, nx, ny; /* the time; a wall's normal */
    int64_t i, j;     /* j < 0: a wall */
    int64_t si, sj;   /* the circles' stamps when it was found */
} event;

/* An event in the heap: its time and its slot in the pool. */
typedef struct {
    double t;
    const event *e;
} node;

/* The cells a box covers: x0..x1 by y0..y1. */
typedef struct { int64_t x0, y0, x1, y1; } span;

/* A circle's box in the grid built at the start of the step, in floats
 * rounded outward (see fbox_of): a test that the boxes meet may say yes
 * where they do not, never the other way. */
typedef struct {
    float b[4];
    int64_t i;
} entry;

/* A circle's box added after an impact changed its path (a list per anchor
 * cell, and one of the large boxes). */
typedef struct {
    float b[4];
    int64_t i, next;
} added;

typedef struct {
    pc__world w;
    double *c, *v;
    const double *masses;
    double rscale; /* no masses given: radii scaled by this power of 2 (see inverse_mass) */
    int64_t *bounces;
    int64_t n;
    double dt;
    const double *e, *mu; /* circle i's restitution e[i se] and friction mu[i smu] */
    int64_t se, smu;
    int max_bounces;
    double *impacts; /* the caller's rows of impacts, or NULL */
    /* per circle */
    double *tau;
    double *box; /* its path's box for the rest of dt, grown (see path_box) */
    float *fbox; /* that box in floats, rounded outward */
    span *cell;  /* the cells that box covers */
    int64_t *stamp, *hits, *frozen, *mark;
    int64_t *clear;  /* its path for the rest of dt is nowhere near the world */
    double *wall_at; /* with impacts: its queued wall impact's point, part and index (one a circle: see wall_event) */
    /* the grid: the start's boxes sorted by anchor (static), and the paths
     * found after impacts in a list per anchor (dynamic) */
    double x0, y0, inv;
    int64_t nx, ny;
    int64_t *start;        /* the small entries anchored in cell k: ent[start[k] .. start[k + 1]) */
    int64_t big0, nbig;    /* the large entries: ent[big0 .. big0 + nbig) */
    entry *large;          /* the large boxes of the paths found after impacts, one a circle: large[0 .. nlarge) */
    int64_t nlarge, *slot; /* circle i's in large[slot[i]] (-1: none) */
    int64_t *home;         /* circle i's small static entry, ent[home[i]] (-1: none), and its anchor: */
    int64_t *home_cell;
    uint8_t *wall; /* cell k may hold some of the world (when walls_known) */
    int walls_known;
    entry *ent;
    added *add;
    int64_t *head, used, cap;
    /* the pairs of circles whose paths' boxes met at some time: the only
     * ones that may overlap at the end */
    int64_t *pair, npairs;
    /* the heap (see push) */
    event *pool;
    node *heap;
    int64_t *spare; /* free slots of the pool */
    int64_t nheap, capheap, npool, nspare;
    int64_t query;
    int full;
} sim;

int64_t pc_collide_workspace(int64_t n, int64_t entries, int64_t events)
{
    if (n < 0 || entries < 0 || events < 0 || n > (INT64_C(1) << 40) || entries > (INT64_C(1) << 40) ||
        events > (INT64_C(1) << 40))
        return -1;
    return 8 * (20 * n + 2 * (4 * n + 64) + 1) + (4 * n + 64) + ((int64_t)sizeof(entry) + 24) * n +
           ((int64_t)sizeof(entry) + (int64_t)sizeof(added) + 16) * entries +
           ((int64_t)sizeof(event) + (int64_t)sizeof(node) + 8) * events + 3 * (int64_t)sizeof(node) + 64;
}

/* ---- the heap of events -----------------------------------------------------
 * The events lie in a pool; the heap holds each one's time and place, four
 * children to a node (16 bytes each: a node's children fill a cache line),
 * so a pop takes half the levels of a binary heap, each choosing among
 * four times without a branch (which comes first is random). */

/* By time, then (a fixed order at equal times: results never depend on the
 * heap) by the circles. */
static int earlier(const node *a, const node *b)
{
    return (a->t < b->t) | ((a->t == b->t) && ((a->e->i < b->e->i) | ((a->e->i == b->e->i) & (a->e->j < b->e->j))));
}

/* The slots past the heap's last node hold this, later than every event
 * (their times are at most dt), so that a node with fewer than four
 * children reads four. */
static const event past_all = {INFINITY, 0.0, 0.0, INT64_MAX, INT64_MAX, 0, 0};
static const node past_all_node = {INFINITY, &past_all};

static void push(sim *s, event e)
{
    if (s->nheap >= s->capheap) {
        s->full = 1;
        return;
    }
    event *slot = &s->pool[s->nspare > 0 ? s->spare[--s->nspare] : s->npool++];
    *slot = e;
    node x = {e.t, slot};
    int64_t k = s->nheap++;
    while (k > 0) {
        int64_t p = (k - 1) / 4;
        if (!earlier(&x, &s->heap[p])) break;
        s->heap[k] = s->heap[p];
        k = p;
    }
    s->heap[k] = x;
    s->heap[s->nheap + 2] = past_all_node;
}

static event pop(sim *s)
{
    node *h = s->heap, top = h[0], last = h[--s->nheap];
    h[s->nheap] = past_all_node;
    int64_t k = 0;
    for (;;) {
        int64_t c = 4 * k + 1;
        if (c >= s->nheap) break;
        int64_t m01 = c + earlier(&h[c + 1], &h[c]), m23 = c + 2 + earlier(&h[c + 3], &h[c + 2]);
        int64_t m = earlier(&h[m23], &h[m01]) ? m23 : m01; /* the earliest child (c + 3 <= nheap + 2) */
        if (!earlier(&h[m], &last)) break;
        h[k] = h[m];
        k = m;
    }
    if (s->nheap > 0) h[k] = last;
    s->spare[s->nspare++] = top.e - s->pool;
    return *top.e;
}

/* ---- the grid ---------------------------------------------------------------- */

/* The cell along one axis of n (last = n - 1) holding x: NaN and below the
 * first, the last and beyond it the last (selects: which side a box's
 * bound falls is random, so branches would be mispredicted). */
static int64_t cell_of(double x, double o, double inv, double last)
{
    double f = (x - o) * inv;
    f = f > 0.0 ? f : 0.0;
    f = f < last ? f : last;
    return (int64_t)f;
}

/* The box of circle i at its time (frozen: where it stands), or of its path
 * from there to dt with its current velocity, grown by a relative 2^-30 so
 * that rounding in the boxes cannot split a touching pair. */
static void grown_box(const double *c, double ex, double ey, double *b)
{
    double r = c[2];
    b[0] = pc__min(c[0], ex) - r;
    b[1] = pc__min(c[1], ey) - r;
    b[2] = pc__max(c[0], ex) + r;
    b[3] = pc__max(c[1], ey) + r;
    double g = 0x1p-30 * (fabs(b[0]) + fabs(b[1]) + fabs(b[2]) + fabs(b[3])) + 0x1p-1000;
    b[0] -= g;
    b[1] -= g;
    b[2] += g;
    b[3] += g;
}

static void path_box(const sim *s, int64_t i, double *b)
{
    const double *c = s->c + 3 * i;
    double left = s->frozen[i] ? 0.0 : s->dt - s->tau[i];
    grown_box(c, c[0] + s->v[2 * i] * left, c[1] + s->v[2 * i + 1] * left, b);
}

static void disk_box(const sim *s, int64_t i, double *b)
{
    const double *c = s->c + 3 * i;
    grown_box(c, c[0], c[1], b);
}

/* (& rather than &&: the outcome is random, so a branch would be
 * mispredicted; the boxes hold no NaN) */
static int fboxes_meet(const float *a, const float *b)
{
    return (a[0] <= b[2]) & (b[0] <= a[2]) & (a[1] <= b[3]) & (b[1] <= a[3]);
}

/* The box b in floats, rounded outward: a bound moved out by a relative
 * 2^-22 and an absolute 2^-120, more than a float's rounding (2^-24
 * relative, 2^-150 absolute), and held within +-FLT_MAX on its inner side
 * (a huge value rounds to an infinity on its outer side, which is fine). */
static void fbox_of(const double *b, float *f)
{
    for (int k = 0; k < 2; k++) {
        f[k] = (float)pc__min(b[k] - fabs(b[k]) * 0x1p-22 - 0x1p-120, FLT_MAX);
        f[k + 2] = (float)pc__max(b[k + 2] + fabs(b[k + 2]) * 0x1p-22 + 0x1p-120, -FLT_MAX);
    }
}

/* Covering at most 2 by 2 cells (most boxes: the cells are about as wide as
 * a box): such a box has one entry in the grid (build), and loops over its
 * cells, which would end after one or two turns at random, are unrolled
 * into selects over its four corners. */
static int small(span c) { return (c.x1 - c.x0 <= 1) & (c.y1 - c.y0 <= 1); }

static PC_ALWAYS_INLINE span cells(const sim *s, const double *b)
{
    double lx = (double)(s->nx - 1), ly = (double)(s->ny - 1);
    span c = {cell_of(b[0], s->x0, s->inv, lx), cell_of(b[1], s->y0, s->inv, ly), cell_of(b[2], s->x0, s->inv, lx),
              cell_of(b[3], s->y0, s->inv, ly)};
    return c;
}

/* Circle i's path box from its time, and its cells. */
static void new_path(sim *s, int64_t i)
{
    path_box(s, i, s->box + 4 * i);
    fbox_of(s->box + 4 * i, s->fbox + 4 * i);
    s->cell[i] = cells(s, s->box + 4 * i);
}

/* The grid.  A small box (covering at most 2 by 2 cells: most, the cells
 * being about as wide as the boxes) has one entry, in the cell of its low
 * corner (its anchor); a box meeting it shares a point with it, whose cell
 * both cover, so its own anchor is at most one cell before that point's and
 * the small boxes a box B may meet are anchored in B's cells and the row and
 * column before them.  A larger box is listed apart and met by every query.
 * The static grid: the start's small boxes sorted by anchor, by circle
 * within a cell (a counting sort), then the large ones. */
static void build(sim *s)
{
    int64_t cellsn = s->nx * s->ny, *count = s->head; /* the heads are free until the first impact */
    if (s->n > s->cap) {
        s->full = 1;
        return;
    }
    for (int64_t k = 0; k <= cellsn; k++) s->start[k] = 0;
    for (int64_t i = 0; i < s->n; i++) {
        span c = s->cell[i];
        s->start[c.y0 * s->nx + c.x0 + 1] += small(c);
    }
    for (int64_t k = 0; k < cellsn; k++) {
        s->start[k + 1] += s->start[k];
        count[k] = s->start[k];
    }
    s->big0 = s->start[cellsn];
    s->nbig = 0;
    for (int64_t i = 0; i < s->n; i++) {
        span c = s->cell[i];
        int64_t cell = c.y0 * s->nx + c.x0, k = small(c) ? count[cell]++ : s->big0 + s->nbig++;
        memcpy(s->ent[k].b, s->fbox + 4 * i, sizeof s->ent[k].b);
        s->ent[k].i = i;
        s->home[i] = small(c) ? k : -1;
        s->home_cell[i] = cell;
    }
    for (int64_t k = 0; k < cellsn; k++) s->head[k] = -1;
}

/* Circle i's current box (s->box) joins the grid: in its static entry when
 * it is anchored where the step's first box was (most: a step's paths are
 * short; the lists a query walks stay short), else at its anchor, or among
 * the large boxes, where it takes the place of its last one (every query
 * reads them all: a fast circle's stale boxes, one per bounce, would pile up
 * there).  An entry whose box is stale only ever names a circle, whose
 * current box then decides (met). */
static void insert(sim *s, int64_t i)
{
    span c = s->cell[i];
    int64_t k = s->slot[i];
    if (!small(c)) {
        if (k < 0) k = s->slot[i] = s->nlarge++;
        memcpy(s->large[k].b, s->fbox + 4 * i, sizeof s->large[k].b);
        s->large[k].i = i;
        return;
    }
    if (k >= 0) { /* its last large box goes */
        s->large[k] = s->large[--s->nlarge];
        s->slot[s->large[k].i] = k;
        s->slot[i] = -1;
    }
    int64_t cell = c.y0 * s->nx + c.x0;
    if (s->home[i] >= 0 && s->home_cell[i] == cell) { /* anchored where it started: its static entry is rewritten */
        memcpy(s->ent[s->home[i]].b, s->fbox + 4 * i, sizeof s->ent[0].b);
        return;
    }
    if (s->used >= s->cap) {
        s->full = 1;
        return;
    }
    k = s->used++;
    memcpy(s->add[k].b, s->fbox + 4 * i, sizeof s->add[k].b);
    s->add[k].i = i;
    s->add[k].next = s->head[cell];
    s->head[cell] = k;
}

/* Circle j not seen yet by query q (and now seen). */
static int unseen(sim *s, int64_t j, int64_t q)
{
    if (s->mark[j] == q) return 0;
    s->mark[j] = q;
    return 1;
}

/* The circles whose entries' boxes met a query's, in the order met. */
enum { PC_FOUND = 64 };
typedef struct {
    int64_t j[PC_FOUND];
    int n;
} found;

static void visit_found(sim *s, int64_t i, found *fd, int64_t q, void (*visit)(sim *, int64_t, int64_t, void *),
                        void *arg)
{
    for (int k = 0; k < fd->n; k++)
        if (unseen(s, fd->j[k], q)) visit(s, i, fd->j[k], arg);
    fd->n = 0;
}

/* One entry (box eb, circle j) listed in fd when it meets b (scan). */
static PC_ALWAYS_INLINE int list_one(sim *s, int64_t i, const float *b, const float *eb, int64_t j, found *fd,
                                     int64_t q, void (*visit)(sim *, int64_t, int64_t, void *), void *arg)
{
    fd->j[fd->n] = j;
    fd->n += fboxes_meet(eb, b) & (j != i);
    if (fd->n == PC_FOUND) {
        if (!visit) return 0;
        visit_found(s, i, fd, q, visit, arg);
    }
    return 1;
}

/* The circles other than i with an entry whose box may meet b (floats,
 * rounded outward; c the cells b covers: the small entries anchored there
 * and in the row and column before, and the large ones) and does, listed in
 * fd in the order of the entries; a full list is visited (visit_found) and
 * emptied, or without visit ends the scan with 0.  The boxes are tested
 * without a branch and the circles met listed, then visited (as in
 * first_pairs); visit reads no entry. */
static int scan(sim *s, int64_t i, const float *b, span c, found *fd, int64_t q,
                void (*visit)(sim *, int64_t, int64_t, void *), void *arg)
{
    fd->n = 0;
    int64_t x0 = c.x0 > 0 ? c.x0 - 1 : 0, y0 = c.y0 > 0 ? c.y0 - 1 : 0; /* the anchors a box meeting b may have */
    for (int64_t y = y0; y <= c.y1; y++) {
        int64_t row = y * s->nx;
        for (int64_t k = s->start[row + x0]; k < s->start[row + c.x1 + 1]; k++) /* a row's cells are contiguous */
            if (!list_one(s, i, b, s->ent[k].b, s->ent[k].i, fd, q, visit, arg)) return 0;
        for (int64_t x = x0; x <= c.x1; x++)
            for (int64_t k = s->head[row + x]; k >= 0; k = s->add[k].next)
                if (!list_one(s, i, b, s->add[k].b, s->add[k].i, fd, q, visit, arg)) return 0;
    }
    for (int64_t k = s->big0; k < s->big0 + s->nbig; k++)
        if (!list_one(s, i, b, s->ent[k].b, s->ent[k].i, fd, q, visit, arg)) return 0;
    for (int64_t k = 0; k < s->nlarge; k++)
        if (!list_one(s, i, b, s->large[k].b, s->large[k].i, fd, q, visit, arg)) return 0;
    return 1;
}

/* Call visit(s, i, j, arg) once for every other circle j with an entry
 * whose box meets b (scan; an entry in the static grid may be stale: j's
 * later boxes are added), in the order of the entries. */
static void each_neighbour(sim *s, int64_t i, const float *b, span c, void (*visit)(sim *, int64_t, int64_t, void *),
                           void *arg)
{
    int64_t q = ++s->query;
    found fd;
    scan(s, i, b, c, &fd, q, visit, arg);
    visit_found(s, i, &fd, q, visit, arg);
}

/* Circles i and j may come to overlap by the end: checked there. */
static void note_pair(sim *s, int64_t i, int64_t j)
{
    if (s->npairs >= s->cap) {
        s->full = 1;
        return;
    }
    s->pair[2 * s->npairs] = i;
    s->pair[2 * s->npairs + 1] = j;
    s->npairs++;
}

/* ---- impacts ---------------------------------------------------------------- */

/* Circle i's centre at time t (>= its tau). */
static void centre_at(const sim *s, int64_t i, double t, double *x, double *y)
{
    const double *c = s->c + 3 * i;
    double h = s->frozen[i] ? 0.0 : t - s->tau[i];
    *x = c[0] + s->v[2 * i] * h;
    *y = c[1] + s->v[2 * i + 1] * h;
}

/* When circles i and j, both valid at time now, first touch while
 * approaching (floating point, at any scale: pc__touch_time); INFINITY for
 * never within dt. */
static double pair_time(const sim *s, int64_t i, int64_t j, double now)
{
    double xi, yi, xj, yj;
    centre_at(s, i, now, &xi, &yi);
    centre_at(s, j, now, &xj, &yj);
    double ux = (s->frozen[j] ? 0.0 : s->v[2 * j]) - (s->frozen[i] ? 0.0 : s->v[2 * i]);
    double uy = (s->frozen[j] ? 0.0 : s->v[2 * j + 1]) - (s->frozen[i] ? 0.0 : s->v[2 * i + 1]);
    double px = xj - xi, py = yj - yi, R = s->c[3 * i + 2] + s->c[3 * j + 2];
    double t = now + pc__touch_time(px, py, ux, uy, R);
    return t <= s->dt ? t : INFINITY;
}

/* Bring circle i to time t (its move kept off the world, exactly). */
static void bring(sim *s, int64_t i, double t)
{
    if (!s->frozen[i] && t > s->tau[i]) {
        double h = t - s->tau[i];
        double *c = s->c + 3 * i;
        if (s->clear[i]) { /* nothing of the world within reach of the path: its points are free */
            c[0] += s->v[2 * i] * h;
            c[1] += s->v[2 * i + 1] * h;
        } else {
            pc__move_free(&s->w, PC_CIRCLE, c, s->v[2 * i] * h, s->v[2 * i + 1] * h, 1.0);
        }
    }
    s->tau[i] = t;
}

/* The impact of circles i and j, queued if within dt; both valid at `now`
 * or later (each at its own time). */
static void pair_event(sim *s, int64_t i, int64_t j, double now)
{
    double t = pair_time(s, i, j, pc__max(now, pc__max(s->tau[i], s->tau[j])));
    if (t <= s->dt) {
        event e = {t, 0.0, 0.0, i < j ? i : j, i < j ? j : i, 0, 0};
        e.si = s->stamp[e.i];
        e.sj = s->stamp[e.j];
        push(s, e);
    }
}

/* A circle j met by circle i's new path: a pair to check, and an impact. */
static void met(sim *s, int64_t i, int64_t j, void *arg)
{
    (void)arg;
    if (!fboxes_meet(s->fbox + 4 * i, s->fbox + 4 * j)) return; /* j's current box (its entry may be stale) */
    note_pair(s, i, j);
    pair_event(s, i, j, s->tau[i]);
}

static int moving(const sim *s, int64_t i)
{
    return !s->frozen[i] && (s->v[2 * i] != 0.0 || s->v[2 * i + 1] != 0.0) && s->tau[i] < s->dt;
}

/* 0 when nothing of the world lies within circle i's box: no marked cell
 * under it, or (a marked cell: a wall's box is near) no shape's box meeting
 * it.  The marks are per cell, and a cell next to a wall marks every circle
 * in it; the boxes spare most of those their sweep (in a room of 10,000
 * balls, 500 of the 560 sweeps a step found nothing). */
static int near_world(const sim *s, int64_t i)
{
    if (s->walls_known) {
        span c = s->cell[i];
        const uint8_t *w = s->wall;
        int64_t r0 = c.y0 * s->nx, r1 = c.y1 * s->nx;
        int marked = 0;
        if (small(c)) { /* the four corner cells, some of them the same */
            marked = w[r0 + c.x0] | w[r0 + c.x1] | w[r1 + c.x0] | w[r1 + c.x1];
        } else {
            for (int64_t y = c.y0; y <= c.y1; y++)
                for (int64_t x = c.x0; x <= c.x1; x++) marked |= w[y * s->nx + x];
        }
        if (!marked) return 0;
    }
    return pc__world_near_box(&s->w, s->box + 4 * i);
}

/* Circle i's sweep against the world for the rest of dt, into h; none when
 * its path's box (s->box) meets nothing of the world. */
static void sweep_rest(const sim *s, int64_t i, pc__toi *h)
{
    if (!near_world(s, i)) {
        pc__toi_init(h);
        return;
    }
    double left = s->dt - s->tau[i];
    pc__world_sweep(&s->w, PC_CIRCLE, s->c + 3 * i, s->v[2 * i] * left, s->v[2 * i + 1] * left, h);
}

/* Circle i's wall impact (its sweep h), queued.  With impacts, what it hits
 * is kept for the impact's row in wall_at, not in the queue: a circle has
 * one wall impact queued for each stamp, and only the last one found (of
 * its current stamp) is ever processed. */
static void wall_event(sim *s, int64_t i, const pc__toi *h)
{
    s->clear[i] = !h->near;
    if (h->hit) {
        event e = {pc__min(s->dt, s->tau[i] + h->t * (s->dt - s->tau[i])), h->nx, h->ny, i, -1, s->stamp[i], 0};
        push(s, e);
        if (s->impacts) {
            double *w = s->wall_at + 4 * i;
            w[0] = h->px;
            w[1] = h->py;
            w[2] = (double)h->part;
            w[3] = (double)h->cell;
        }
    }
}

/* Circle i's new path and its wall impact. */
static void new_course(sim *s, int64_t i)
{
    new_path(s, i);
    s->clear[i] = 1; /* not moving: nothing to check */
    if (moving(s, i)) {
        pc__toi h;
        sweep_rest(s, i, &h);
        wall_event(s, i, &h);
    }
}

/* Circle i's next events after an impact changed its path: its wall impact
 * and its impacts with the circles its new path may meet; the path joins
 * the grid. */
static void schedule(sim *s, int64_t i)
{
    new_course(s, i);
    each_neighbour(s, i, s->fbox + 4 * i, s->cell[i], met, NULL);
    insert(s, i); /* after the query, which would only skip its own new entries */
}

/* Both circles' next events after their impact (i < j): schedule's for i,
 * then for j, with both new paths and both queries' lists found first (the
 * paths start where the circles touch, so the two queries read mostly the
 * same cells, which are then in cache).  j's query runs before
 * i's new path joins the grid, so j would miss i's new entry: met(j, i) is
 * called for it instead (met checks that the new boxes meet, which decides
 * for i's old entries too: they are left out of j's list).  The events are
 * those of schedule(i), schedule(j), in another order, except that met(i, j)
 * sees j's new box, not its old one: a pair whose new boxes do not meet
 * cannot touch in the rest of the step (and is noted by no query), and one
 * whose do is found by both queries (pushed twice: the copy is dropped as
 * stale).  A list that would overflow: schedule's own way. */
static void schedule_pair(sim *s, int64_t i, int64_t j)
{
    new_course(s, i);
    new_course(s, j);
    found fi, fj;
    if (!scan(s, i, s->fbox + 4 * i, s->cell[i], &fi, 0, NULL, NULL) ||
        !scan(s, j, s->fbox + 4 * j, s->cell[j], &fj, 0, NULL, NULL)) {
        each_neighbour(s, i, s->fbox + 4 * i, s->cell[i], met, NULL);
        insert(s, i);
        each_neighbour(s, j, s->fbox + 4 * j, s->cell[j], met, NULL);
        insert(s, j);
        return;
    }
    visit_found(s, i, &fi, ++s->query, met, NULL);
    insert(s, i);
    int64_t q = ++s->query;
    s->mark[i] = q; /* i's old entries left out: met(j, i) below decides */
    visit_found(s, j, &fj, q, met, NULL);
    met(s, j, i, NULL);
    insert(s, j);
}

/* 1 / mass; the default mass r^2 is taken of the radius scaled by a power
 * of 2 that brings the largest radius into [1/2, 1), so that it neither
 * overflows (r > 1e154) nor vanishes (r < 1e-154): an exact scaling, so the
 * impulses come out bit for bit as with r^2 wherever r^2 is normal.  A
 * radius below 2^-500 of the largest gets the mass of 2^-500 of it. */
static double inverse_mass(const sim *s, int64_t i)
{
    if (s->frozen[i]) return 0.0;
    if (s->masses) return 1.0 / s->masses[i];
    double r = s->c[3 * i + 2] * s->rscale;
    return 1.0 / pc__max(r * r, 0x1p-1000);
}

/* The power of 2 that brings the largest radius into [1/2, 1) (1 for none). */
static double radius_scale(const sim *s)
{
    double rmax = 0.0;
    for (int64_t i = 0; i < s->n; i++) rmax = pc__max(rmax, s->c[3 * i + 2]);
    int e = 0;
    if (rmax > 0.0 && isfinite(rmax)) frexp(rmax, &e);
    return ldexp(1.0, -e);
}

static void count(sim *s, int64_t i)
{
    if (s->frozen[i]) return;
    s->hits[i]++;
    if (s->bounces) s->bounces[i]++;
    if (s->hits[i] >= s->max_bounces) s->frozen[i] = 1;
}

/* |(x, y)|, scaling with its arguments bit for bit (2^k (x, y) gives 2^k
 * times it): the squares are taken on (x, y) / 2^e, e the exponent of the
 * larger, which no square overflows and none loses bits but one below the
 * other's rounding; hypot outside 2^-1000..2^1000 (a libm hypot on every
 * impact had been a visible part of a many-ball step). */
static double length_of(double x, double y)
{
    double m = pc__max(fabs(x), fabs(y));
    if (!(m > 0x1p-1000 && m < 0x1p1000)) return hypot(x, y);
    uint64_t bits;
    memcpy(&bits, &m, sizeof bits);
    uint64_t e = bits >> 52; /* the biased exponent, 24..2023 */
    double down, up;
    bits = (2046 - e) << 52; /* 2^-(e - 1023) */
    memcpy(&down, &bits, sizeof down);
    bits = e << 52; /* 2^(e - 1023) */
    memcpy(&up, &bits, sizeof up);
    double sx = x * down, sy = y * down;
    return sqrt(sx * sx + sy * sy) * up;
}

/* The restitution and the friction of circles i and j together: the larger
 * restitution and the geometric mean of the frictions (Box2D's b2MixRestitution
 * and b2MixFriction; equal values give that value, bit for bit). */
static double pair_restitution(const sim *s, int64_t i, int64_t j) { return pc__max(s->e[i * s->se], s->e[j * s->se]); }

static double pair_friction(const sim *s, int64_t i, int64_t j)
{
    double a = s->mu[i * s->smu], b = s->mu[j * s->smu];
    return a == b ? a : sqrt(a) * sqrt(b);
}

/* Two circles at their touching time: the impulse along the line of
 * centres, with their restitution and Coulomb friction on the tangential
 * part.  Returns the normal impulse's magnitude (0: none), in the units of
 * inverse_mass's masses, and the unit normal from i toward j in n. */
static double collide_pair(sim *s, int64_t i, int64_t j, double *n)
{
    double *ci = s->c + 3 * i, *cj = s->c + 3 * j;
    double nx = cj[0] - ci[0], ny = cj[1] - ci[1], l = length_of(nx, ny);
    double wi = inverse_mass(s, i), wj = inverse_mass(s, j), w = wi + wj;
    double *vi = s->v + 2 * i, *vj = s->v + 2 * j;
    double ux = (s->frozen[j] ? 0.0 : vj[0]) - (s->frozen[i] ? 0.0 : vi[0]);
    double uy = (s->frozen[j] ? 0.0 : vj[1]) - (s->frozen[i] ? 0.0 : vi[1]);
    if (!(l > 0.0)) { /* concentric (points): along the relative motion */
        nx = -ux;
        ny = -uy;
        l = hypot(nx, ny);
        if (!(l > 0.0)) return 0.0;
    }
    nx /= l;
    ny /= l;
    n[0] = nx;
    n[1] = ny;
    double vn = ux * nx + uy * ny;
    if (!(vn < 0.0) || !(w > 0.0)) return 0.0; /* separating already, or both stopped */
    double J = -(1.0 + pair_restitution(s, i, j)) * vn / w;
    double tx = -ny, ty = nx, vt = ux * tx + uy * ty;
    double Jt = -vt / w, cap = pair_friction(s, i, j) * J;
    Jt = pc__clamp(Jt, -cap, cap);
    double px = J * nx + Jt * tx, py = J * ny + Jt * ty;
    if (wi > 0.0) {
        vi[0] -= wi * px;
        vi[1] -= wi * py;
    }
    if (wj > 0.0) {
        vj[0] += wj * px;
        vj[1] += wj * py;
    }
    vi[0] += 0.0;
    vi[1] += 0.0;
    vj[0] += 0.0;
    vj[1] += 0.0;
    return J;
}

/* ---- impacts' rows (with impacts) ----------------------------------------------- */

static double *impact_row(const sim *s, int64_t i)
{
    return s->impacts + PC_IMPACT_DOUBLES * (i * s->max_bounces + s->hits[i]);
}

/* Circle i's wall impact at time t, its velocity (vx, vy) before it (the
 * event's normal n from the circle toward the wall). */
static void wall_impact(const sim *s, int64_t i, double t, double nx, double ny, double vx, double vy)
{
    const double *w = s->wall_at + 4 * i, *v = s->v + 2 * i;
    double m = s->masses ? s->masses[i] : 0.0;
    pc__impact(impact_row(s, i), t, -1, (int)w[2], (int64_t)w[3], w[0], w[1], -nx, -ny,
               pc__wall_impulse(m, s->c[3 * i + 2], vx, vy, v[0], v[1], nx, ny));
}

/* The impact of circles i and j at time t (the unit normal n from i toward
 * j, the normal impulse J as collide_pair returns it): a row for each one
 * still counting impacts. */
static void pair_impact(const sim *s, int64_t i, int64_t j, double t, const double *n, double J)
{
    const double *ci = s->c + 3 * i, *cj = s->c + 3 * j;
    double R = ci[2] + cj[2], f = R > 0.0 ? ci[2] / R : 0.5;
    double px = ci[0] + (cj[0] - ci[0]) * f, py = ci[1] + (cj[1] - ci[1]) * f;
    double impulse = s->masses ? J : J / s->rscale / s->rscale; /* powers of 2: the r^2 masses' J */
    if (!s->frozen[i]) pc__impact(impact_row(s, i), t, j, -1, -1, px, py, -n[0], -n[1], impulse);
    if (!s->frozen[j]) pc__impact(impact_row(s, j), t, i, -1, -1, px, py, n[0], n[1], impulse);
}

/* ---- the end: no two interiors overlap, exactly --------------------------------- */

static int interiors_overlap(const pc__filter *f, const double *a, const double *b)
{
    return pc__circle(f, a[0], a[1], b[0], b[1], a[2], b[2]) < 0;
}

/* Push circles i and j apart along their line of centres until their
 * interiors do not overlap; a circle that the push would put into the world
 * stays, the other goes the whole way. */
static void separate(sim *s, const pc__filter *f, int64_t i, int64_t j)
{
    double *ci = s->c + 3 * i, *cj = s->c + 3 * j;
    double nx = cj[0] - ci[0], ny = cj[1] - ci[1], l = hypot(nx, ny);
    if (!(l > 0.0)) {
        nx = 1.0;
        ny = 0.0;
        l = 0.0;
    } else {
        nx /= l;
        ny /= l;
    }
    double R = ci[2] + cj[2];
    double scale = fabs(ci[0]) + fabs(ci[1]) + fabs(cj[0]) + fabs(cj[1]) + R;
    double push_by = pc__max(R - l, 0.0) + 0x1p-52 * scale + 0x1p-1000;
    for (int k = 0; k < 64 && interiors_overlap(f, ci, cj); k++, push_by *= 2.0) {
        double a[3] = {ci[0] - 0.5 * push_by * nx, ci[1] - 0.5 * push_by * ny, ci[2]};
        double b[3] = {cj[0] + 0.5 * push_by * nx, cj[1] + 0.5 * push_by * ny, cj[2]};
        int a_ok = !pc__world_overlaps(&s->w, PC_CIRCLE, a, PC_STRICT),
            b_ok = !pc__world_overlaps(&s->w, PC_CIRCLE, b, PC_STRICT);
        if (a_ok && b_ok) {
            memcpy(ci, a, sizeof a);
            memcpy(cj, b, sizeof b);
        } else if (a_ok || b_ok) {
            double *m = a_ok ? ci : cj, sgn = a_ok ? -1.0 : 1.0;
            double c[3] = {m[0] + sgn * push_by * nx, m[1] + sgn * push_by * ny, m[2]};
            if (!pc__world_overlaps(&s->w, PC_CIRCLE, c, PC_STRICT)) memcpy(m, c, sizeof c);
        }
    }
}

struct unpile {
    const pc__filter *f;
    int64_t *dirty;
    int moved;
};

static void unpile_pair(sim *s, int64_t i, int64_t j, void *arg)
{
    struct unpile *u = arg;
    if (!interiors_overlap(u->f, s->c + 3 * i, s->c + 3 * j)) return;
    separate(s, u->f, i, j);
    u->dirty[i] = u->dirty[j] = 1;
    u->moved = 1;
}

/* A filter bounding every circle's values (and their sums). */
static pc__filter circles_filter(const sim *s)
{
    double m[4] = {0.0, 0.0, 0.0, 0.0}; /* four chains: one was a chain of latencies */
    int64_t i = 0;
    for (; i + 4 <= 3 * s->n; i += 4)
        for (int k = 0; k < 4; k++) m[k] = pc__max(m[k], fabs(s->c[i + k]));
    for (; i < 3 * s->n; i++) m[0] = pc__max(m[0], fabs(s->c[i]));
    return pc__filter_for(2.0 * pc__max(pc__max(m[0], m[1]), pc__max(m[2], m[3])));
}

/* Every circle is at dt, inside its last path's box: only the noted pairs
 * can overlap.  Those that do are pushed apart, and the circles pushed are
 * checked again against every neighbour, until none moves. */
static void settle(sim *s)
{
    pc__filter f = circles_filter(s);
    int64_t *dirty = s->stamp; /* the stamps are done with: the circles pushed */
    for (int64_t i = 0; i < s->n; i++) dirty[i] = 0;
    struct unpile u = {&f, dirty, 0};
    for (int64_t k = 0; k < s->npairs; k++) unpile_pair(s, s->pair[2 * k], s->pair[2 * k + 1], &u);
    for (int pass = 0; pass < 4096 && u.moved; pass++) {
        u.moved = 0;
        for (int64_t i = 0; i < s->n; i++) {
            if (!dirty[i]) continue;
            dirty[i] = 0;
            double b[4];
            float fb[4];
            disk_box(s, i, b);
            fbox_of(b, fb);
            each_neighbour(s, i, fb, cells(s, b), unpile_pair, &u);
        }
    }
}

/* ---- the step ------------------------------------------------------------------- */

static int setup(sim *s, void *work, int64_t work_bytes, int64_t entries, int64_t events)
{
    int64_t n = s->n, need = pc_collide_workspace(n, entries, events);
    if (!work || need < 0 || work_bytes < need) return PC_ERR_SPACE;
    char *p = work;
    s->tau = (double *)(void *)p;
    p += 8 * n;
    s->stamp = (int64_t *)(void *)p;
    p += 8 * n;
    s->hits = (int64_t *)(void *)p;
    p += 8 * n;
    s->frozen = (int64_t *)(void *)p;
    p += 8 * n;
    s->mark = (int64_t *)(void *)p;
    p += 8 * n;
    s->clear = (int64_t *)(void *)p;
    p += 8 * n;
    s->slot = (int64_t *)(void *)p;
    p += 8 * n;
    s->large = (entry *)(void *)p;
    p += (int64_t)sizeof(entry) * n;
    s->home = (int64_t *)(void *)p;
    p += 8 * n;
    s->home_cell = (int64_t *)(void *)p;
    p += 8 * n;
    s->box = (double *)(void *)p;
    p += 8 * 4 * n;
    s->wall_at = (double *)(void *)p;
    p += 8 * 4 * n;
    s->fbox = (float *)(void *)p;
    p += 4 * 4 * n;
    s->cell = (span *)(void *)p;
    p += 8 * 4 * n;
    s->head = (int64_t *)(void *)p;
    p += 8 * (4 * n + 64);
    s->start = (int64_t *)(void *)p;
    p += 8 * (4 * n + 65);
    s->ent = (entry *)(void *)p;
    p += (int64_t)sizeof(entry) * entries;
    s->add = (added *)(void *)p;
    p += (int64_t)sizeof(added) * entries;
    s->pair = (int64_t *)(void *)p;
    p += 16 * entries;
    s->pool = (event *)(void *)p;
    p += (int64_t)sizeof(event) * events;
    p += (64 - ((uintptr_t)p + sizeof(node)) % 64) % 64; /* each node's four children on one cache line */
    s->heap = (node *)(void *)p;
    p += (int64_t)sizeof(node) * (events + 3); /* and three slots past the last */
    s->spare = (int64_t *)(void *)p;
    p += 8 * events;
    s->wall = (uint8_t *)(void *)p;
    s->cap = entries;
    s->capheap = events;
    s->used = s->nheap = s->npool = s->nspare = s->query = s->npairs = 0;
    s->full = s->walls_known = 0;
    memset(s->tau, 0, (size_t)(8 * 6 * n));
    memset(s->slot, 0xff, (size_t)(8 * n)); /* -1: no large box */
    s->nlarge = 0;
    for (int k = 0; k < 3; k++) s->heap[k] = past_all_node;
    return PC_OK;
}

/* Boxes over 2 by 2 cells are listed apart and read by every query (see
 * build): where more than a few (n / 32 + 16) are wider than cells of the
 * given size, the cells grow by a power of 2 until no more than that many
 * are (speed only: any size gives the same pairs).  The exponent. */
static int few_large(const sim *s, double size)
{
    int64_t count[64] = {0}, over = 0, limit = s->n / 32 + 16;
    for (int64_t i = 0; i < s->n; i++) {
        const double *b = s->box + 4 * i;
        double r = pc__max(b[2] - b[0], b[3] - b[1]) / size;
        int e = 0;
        if (!(r <= 0x1p62))
            e = 63;
        else if (r > 1.0)
            frexp(r, &e); /* r <= 2^e */
        count[e]++;
    }
    for (int k = 63; k > 0; k--) { /* over: the boxes wider than size 2^k */
        if (over + count[k] > limit) return k;
        over += count[k];
    }
    return 0;
}

/* The grid over every circle's box (s->box), about one cell a circle. */
static void grid(sim *s)
{
    int64_t n = s->n;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY, ext = 0.0, widest = 0.0;
    for (int64_t i = 0; i < n; i++) {
        const double *b = s->box + 4 * i;
        x0 = pc__min(x0, b[0]);
        y0 = pc__min(y0, b[1]);
        x1 = pc__max(x1, b[2]);
        y1 = pc__max(y1, b[3]);
        ext += (b[2] - b[0]) + (b[3] - b[1]);
        widest = pc__max(widest, pc__max(b[2] - b[0], b[3] - b[1]));
    }
    double w = pc__max(x1 - x0, 0.0), h = pc__max(y1 - y0, 0.0);
    double size = pc__max(ext / (2.0 * (double)n), sqrt(w * h / (double)n));
    if (!(size > 0.0) || !isfinite(size)) size = pc__max(pc__max(w, h), 1.0);
    if (!(widest <= size)) size = ldexp(size, few_large(s, size));
    s->nx = (int64_t)pc__clamp(w / size + 1.0, 1.0, 2.0 * sqrt((double)n) + 4.0);
    s->ny = (int64_t)pc__clamp(h / size + 1.0, 1.0, pc__min((double)(4 * n + 64) / (double)s->nx, 0x1p30));
    double side = pc__max(w / (double)s->nx, h / (double)s->ny);
    if (!(side > 0.0) || !isfinite(side)) side = 1.0;
    s->x0 = isfinite(x0) ? x0 : 0.0;
    s->y0 = isfinite(y0) ? y0 : 0.0;
    s->inv = 1.0 / side;
    for (int64_t i = 0; i < n; i++) {
        s->cell[i] = cells(s, s->box + 4 * i);
        fbox_of(s->box + 4 * i, s->fbox + 4 * i);
    }
}

static int finite_move(const sim *s, int64_t i)
{
    const double *c = s->c + 3 * i;
    return isfinite(c[0] + s->v[2 * i] * s->dt) && isfinite(c[1] + s->v[2 * i + 1] * s->dt);
}

/* Each circle's path box for the step (a move that would leave the doubles:
 * where it stands). */
static void boxes(sim *s)
{
    for (int64_t i = 0; i < s->n; i++) {
        if (finite_move(s, i))
            path_box(s, i, s->box + 4 * i);
        else
            disk_box(s, i, s->box + 4 * i);
    }
}

/* The cells the world's shapes' boxes (grown) cover, when the world is
 * shape collections of no more shapes, and covering no more cells in all,
 * than a few per circle; otherwise each query asks the trees. */
static void walls(sim *s)
{
    int64_t cellsn = s->nx * s->ny, leaves = 0, covered = 0;
    s->walls_known = 0;
    for (int k = 0; k < s->w.n; k++) {
        if (s->w.map[k] || s->w.outl[k]) return;
        leaves += s->w.tree[k].tree.levels ? s->w.tree[k].tree.count[0] : 0;
    }
    if (leaves > 4 * s->n + 64) return;
    memset(s->wall, 0, (size_t)cellsn);
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < s->w.n; k++) {
            const pc__tree_query *q = &s->w.tree[k];
            if (!q->tree.levels) continue;
            for (int64_t m = 0; m < q->tree.count[0]; m++) {
                const double *lb = q->tree.boxes + 4 * (q->tree.first[0] + m);
                double g = 0x1p-30 * (q->tree_mag + pc__magnitude(lb, 4)) + 0x1p-1000;
                const double b[4] = {lb[0] - g, lb[1] - g, lb[2] + g, lb[3] + g};
                span c = cells(s, b);
                if (pass == 0) {
                    covered += (c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1);
                    if (covered > 8 * cellsn + 64) return;
                    continue;
                }
                for (int64_t y = c.y0; y <= c.y1; y++) memset(s->wall + y * s->nx + c.x0, 1, (size_t)(c.x1 - c.x0 + 1));
            }
        }
    s->walls_known = 1;
}

/* Circle i's first sweep into h, or where nothing of the world is within
 * reach of its path, whether something is near (h->near). */
static void first_sweep(sim *s, int64_t i, int finite, pc__toi *h)
{
    pc__toi_init(h);
    h->near = 1;
    if (finite) {
        if (moving(s, i))
            sweep_rest(s, i, h);
        else
            h->near = near_world(s, i);
    }
}

/* The start: each circle's first sweep and wall impact, circles that start
 * in the world (deeper than a rounding error: one that deep is moved out
 * first, and swept again) or would leave the doubles stopped. */
static void start(sim *s)
{
    for (int64_t i = 0; i < s->n; i++) {
        pc__toi one, *h = &one;
        int finite = finite_move(s, i);
        /* when nothing of the world is within reach of the path, its start
         * is free too, with no overlap test */
        first_sweep(s, i, finite, h);
        if (h->near && pc__world_overlaps(&s->w, PC_CIRCLE, s->c + 3 * i, PC_STRICT)) {
            if (pc__start_free(&s->w, PC_CIRCLE, s->c + 3 * i)) {
                new_path(s, i);
                finite = finite_move(s, i);
                first_sweep(s, i, finite, h);
            } else {
                s->frozen[i] = 1; /* starts inside: left where it is, and reported */
                if (s->bounces) s->bounces[i] = -1;
            }
        }
        if (!s->frozen[i] && !finite) {
            s->frozen[i] = 1;
            if (s->bounces) s->bounces[i] = -2;
        }
        s->clear[i] = 1;
        if (s->frozen[i])
            new_path(s, i);
        else if (moving(s, i))
            wall_event(s, i, h);
    }
}

/* Every pair of circles whose boxes meet, found once (first_pairs): noted,
 * and its impact queued; the first pair (i < j, lexicographic) whose
 * interiors overlap deeper than a rounding error into pair[0..1], the first
 * whose interiors overlap at all into pair[2..3].  The boxes are tested
 * without a branch, the pairs that meet (about one in ten, at random)
 * listed, and the list then taken in order: a branch on each test was
 * mispredicted often enough to be most of the search. */
enum { PC_MEETING = 256 };

typedef struct {
    pc__filter f;
    int64_t a[PC_MEETING], b[PC_MEETING]; /* entries whose boxes meet */
    int n, found;                         /* found: 1 some pair overlaps, 2 some deeper than a rounding error */
} meeting;

/* Do the overlapping circles i and j overlap by no more than a rounding
 * error: their depth R - |c_j - c_i| (rounded) at most the larger of their
 * pair tolerances (pc__pair_tolerance)? */
static int shallow(const sim *s, int64_t i, int64_t j)
{
    const double *a = s->c + 3 * i, *b = s->c + 3 * j;
    double depth = (a[2] + b[2]) - length_of(b[0] - a[0], b[1] - a[1]);
    return depth <= pc__max(pc__pair_tolerance(PC_CIRCLE, a), pc__pair_tolerance(PC_CIRCLE, b));
}

/* (i, j) into p[0..1] when it comes first (lexicographic) or p holds none. */
static void first_of(int64_t *p, int have, int64_t i, int64_t j)
{
    if (!have || i < p[0] || (i == p[0] && j < p[1])) {
        p[0] = i;
        p[1] = j;
    }
}

static void take_meeting(sim *s, meeting *m, int64_t *pair)
{
    for (int k = 0; k < m->n; k++) {
        int64_t i = s->ent[m->a[k]].i, j = s->ent[m->b[k]].i;
        if (j < i) {
            int64_t t = i;
            i = j;
            j = t;
        }
        note_pair(s, i, j);
        if (interiors_overlap(&m->f, s->c + 3 * i, s->c + 3 * j)) {
            first_of(pair + 2, m->found & 1, i, j);
            if (!shallow(s, i, j)) {
                first_of(pair, m->found & 2, i, j);
                m->found |= 2;
            }
            m->found |= 1;
        }
        pair_event(s, i, j, 0.0);
    }
    m->n = 0;
}

/* Entry a against the entries [b0, b0 + n0) then [b1, b1 + n1), in one loop
 * (the two ranges' ends would be two exits to mispredict). */
static PC_ALWAYS_INLINE void meet_ranges(sim *s, meeting *m, int64_t *pair, int64_t a, int64_t b0, int64_t n0,
                                         int64_t b1, int64_t n1)
{
    const entry *ent = s->ent; /* in a register: the list's stores may alias it (no strict aliasing) */
    const entry ea = ent[a];
    int n = m->n;
    for (int64_t t = 0; t < n0 + n1; t++) {
        int64_t b = t < n0 ? b0 + t : b1 + (t - n0);
        m->a[n] = a;
        m->b[n] = b;
        n += fboxes_meet(ea.b, ent[b].b);
        if (n == PC_MEETING) {
            m->n = n;
            take_meeting(s, m, pair);
            n = 0;
        }
    }
    m->n = n;
}

static int first_pairs(sim *s, int64_t *pair)
{
    meeting m;
    m.f = circles_filter(s);
    m.n = m.found = 0;
    const int64_t *start = s->start;
    for (int64_t y = 0; y < s->ny; y++)
        for (int64_t x = 0; x < s->nx; x++) {
            /* a small box anchored here against the later ones here and the
             * next cell's (row y), and those of the three cells above (row
             * y + 1): every pair of anchors at most a cell apart, once */
            int64_t row = y * s->nx, k1 = start[row + x + 1], xr = x + 1 < s->nx ? x + 1 : x;
            int64_t end = start[row + xr + 1], up = row + s->nx, b1 = 0, n1 = 0;
            if (y + 1 < s->ny) {
                b1 = start[up + (x > 0 ? x - 1 : 0)];
                n1 = start[up + xr + 1] - b1;
            }
            for (int64_t a = start[row + x]; a < k1; a++) meet_ranges(s, &m, pair, a, a + 1, end - a - 1, b1, n1);
        }
    /* the large boxes against the small ones anchored in their cells and the
     * row and column before, and against the later large ones */
    for (int64_t g = s->big0; g < s->big0 + s->nbig; g++) {
        span c = s->cell[s->ent[g].i];
        int64_t x0 = c.x0 > 0 ? c.x0 - 1 : 0, y0 = c.y0 > 0 ? c.y0 - 1 : 0;
        for (int64_t y = y0; y <= c.y1; y++) {
            int64_t row = y * s->nx, b0 = start[row + x0];
            meet_ranges(s, &m, pair, g, b0, start[row + c.x1 + 1] - b0, 0, 0);
        }
        meet_ranges(s, &m, pair, g, g + 1, s->big0 + s->nbig - g - 1, 0, 0);
    }
    take_meeting(s, &m, pair);
    return m.found;
}

/* Every noted pair whose interiors overlap (by a rounding error, at the
 * start) pushed apart, never into the world (separate), pass after pass
 * while a push makes another pair overlap (a row of balls each an ulp into
 * the next), 64 passes at most (what is left is found again on the start
 * over). */
static void part_start(sim *s)
{
    pc__filter f = circles_filter(s);
    for (int pass = 0, moved = 1; pass < 64 && moved; pass++) {
        moved = 0;
        for (int64_t k = 0; k < s->npairs; k++) {
            int64_t i = s->pair[2 * k], j = s->pair[2 * k + 1];
            if (!interiors_overlap(&f, s->c + 3 * i, s->c + 3 * j)) continue;
            separate(s, &f, i, j);
            moved = 1;
        }
    }
}

/* run() asks for the step to start again (circles parted at the start). */
enum { PC__RESTART = 1, PC__RESTARTS = 4 };

/* The step; `last`: no restart left, so an overlap at the start that
 * parting has not cleared is reported. */
static int run(sim *s, int64_t *overlapping, int last, const volatile int *cancel)
{
    int64_t n = s->n;
    boxes(s);
    grid(s);
    walls(s);
    start(s);
    build(s);
    if (s->full) return PC_ERR_SPACE;
    int64_t pair[4];
    int found = first_pairs(s, pair);
    if (s->full) return PC_ERR_SPACE;
    if ((found & 2) || (found && last)) {
        if (overlapping) memcpy(overlapping, found & 2 ? pair : pair + 2, 2 * sizeof *pair);
        return PC_ERR_OVERLAP;
    }
    if (found) { /* a rounding error deep: parted, and the step starts again from there */
        part_start(s);
        return PC__RESTART;
    }
    for (int64_t events = 0; s->nheap > 0 && !s->full; events++) {
        if (events % PC_CANCEL_SLICE == 0 && pc__cancelled(cancel)) return PC_ERR_CANCELLED;
        event e = pop(s);
        if (s->stamp[e.i] != e.si || (e.j >= 0 && s->stamp[e.j] != e.sj)) continue;
        if (e.j < 0) {
            if (s->frozen[e.i]) continue;
            bring(s, e.i, e.t);
            double vx = s->v[2 * e.i], vy = s->v[2 * e.i + 1];
            pc__respond(&s->v[2 * e.i], &s->v[2 * e.i + 1], e.nx, e.ny, s->e[e.i * s->se], s->mu[e.i * s->smu]);
            if (s->impacts) wall_impact(s, e.i, e.t, e.nx, e.ny, vx, vy);
            count(s, e.i);
            s->stamp[e.i]++;
            schedule(s, e.i);
            continue;
        }
        bring(s, e.i, e.t);
        bring(s, e.j, e.t);
        double before[4] = {s->v[2 * e.i], s->v[2 * e.i + 1], s->v[2 * e.j], s->v[2 * e.j + 1]}, n[2] = {0.0, 0.0};
        double J = collide_pair(s, e.i, e.j, n);
        if (memcmp(before, (double[4]){s->v[2 * e.i], s->v[2 * e.i + 1], s->v[2 * e.j], s->v[2 * e.j + 1]},
                   sizeof before) == 0)
            continue; /* no impulse (separating by rounding): nothing changed */
        if (s->impacts) pair_impact(s, e.i, e.j, e.t, n, J);
        count(s, e.i);
        count(s, e.j);
        s->stamp[e.i]++;
        s->stamp[e.j]++;
        schedule_pair(s, e.i, e.j);
    }
    if (s->full) return PC_ERR_SPACE;
    for (int64_t i = 0; i < n; i++) bring(s, i, s->dt); /* a stopped circle stays */
    settle(s);
    return PC_OK;
}

int pc_world_collide(const pc_world_part *parts, int nparts, double *circles, double *velocities, const double *masses,
                     int64_t *bounces, int64_t n, double dt, const double *restitution, int64_t restitution_stride,
                     const double *friction, int64_t friction_stride, int max_bounces, double *impacts, void *work,
                     int64_t work_bytes, int64_t entries, int64_t events, int64_t *overlapping,
                     const volatile int *cancel)
{
    sim s;
    if (pc__world_of(&s.w, parts, nparts) != PC_OK || !circles || !velocities) return PC_ERR_ARG;
    if (n < 0 || !isfinite(dt) || dt < 0.0 || max_bounces < 1 ||
        !pc__responses_ok(restitution, restitution_stride, friction, friction_stride, n) || !pc__masses_ok(masses, n) ||
        (impacts && !pc__impacts_fit(n, max_bounces)))
        return PC_ERR_ARG;
    if (n == 0) return PC_OK;
    s.c = circles;
    s.v = velocities;
    s.masses = masses;
    s.bounces = bounces;
    s.n = n;
    s.dt = dt;
    s.e = restitution;
    s.se = restitution_stride;
    s.mu = friction;
    s.smu = friction_stride;
    s.max_bounces = max_bounces;
    s.impacts = impacts;
    pc__fpenv env = pc__fp_enter();
    s.rscale = masses ? 1.0 : radius_scale(&s);
    int rc = PC__RESTART;
    for (int pass = 0; rc == PC__RESTART; pass++) {
        rc = setup(&s, work, work_bytes, entries, events);
        if (impacts) pc__impacts_clear(impacts, n * max_bounces);
        if (rc == PC_OK) rc = run(&s, overlapping, pass == PC__RESTARTS, cancel);
    }
    pc__fp_leave(env);
    return rc;
}
