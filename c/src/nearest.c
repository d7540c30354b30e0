/*
 * The k nearest items of a one-collection tree to each query shape:
 * pc_nearest_k.
 *
 * The ranking is pc_nearest_tree's: an item's distance is its contact's
 * separation, 0 where that is <= 0 (its sign is exact), and of items at
 * equal distances the lower index comes first.  Every distance that decides
 * a place is that contact's, so the answers are pc_nearest_tree's for k = 1
 * and the first k of brute force for any k.
 *
 * The walk is branch and bound, nearest child first: a node is pushed only
 * when the gap between its box and the query's is within the bound (the k-th
 * best distance so far, or the query's limit), its gap kept with it, and
 * checked again when popped (the bound only shrinks).  The items under a
 * node of level 1 are read in one loop.  Queries come in the caller's order;
 * along a curve consecutive queries are near, so each starts from the
 * previous one's answers, which bound the walk from its first step.
 *
 * Points and circles against points and circles take a filter first: a
 * float estimate e = |c1 - c2| - r1 - r2 (0 where negative) of the
 * distance.  It and the contact's separation each lie within 2^-44 (|c1 -
 * c2| + r1 + r2 + M) + 2^-1000 of the true distance (M bounds every value),
 * so the measured distance lies within a margin of 2^-40 times that of e.
 * Where two items' intervals [e - m, e + m] are apart, their order is
 * known without measuring either; only where they overlap (near ties) are
 * both measured by the contact, and each answer once at the end.  The
 * filter needs M <= 2^500 (no square overflows); beyond, every item is
 * measured.
 */
#include <math.h>

#include "cast.h"
#include "contact.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "overlap.h"
#include "walk.h"

#define NK_STACK  (PC_TREE_MAX_LEVELS * PC_TREE_FANOUT + 8)
#define NK_MARGIN 0x1p-40
#define NK_CACHE  16

typedef struct {
    const pc__tree_query *c;
    const double *rows;   /* the items' rows, in the walk's order (the tree's or the grid's) */
    const int64_t *order; /* position -> the item's index */
    int ka, kt, wt, fast, exclusive;
    const double *a;
    double qbox[4]; /* the query's bounds (the general walk) */
    double qx, qy, qr;
    double mag; /* bounds |every value| of the query and the items */
    double limit;
    int64_t k, m;  /* wanted, found */
    double *dist;  /* the best m so far, in order */
    int64_t *pos;  /* their tree positions */
    double hi;     /* fast: an upper bound of the true distance of any item that can still enter */
    double reach2; /* fast: the largest squared gap of a node that may hold one */
    double lim2;   /* fast, items that are points: the largest squared distance of one */
    pc__filter filter;
    int filter_ready; /* the filter is made on first use (most queries measure once) */
    int cached;       /* fast, k <= NK_CACHE: the best's estimates and margins kept */
    double est[NK_CACHE], mar[NK_CACHE];
} nk_query;

static inline int64_t item_of(const nk_query *q, int64_t p) { return q->order[p]; }

/* fast: the estimate of the distance to the item at tree position p and its margin */
static inline double estimate(const nk_query *q, int64_t p, double *margin)
{
    const double *r = q->rows + p * q->wt;
    double dx = q->qx - r[0], dy = q->qy - r[1], rb = q->kt == PC_CIRCLE ? r[2] : 0.0;
    double len = sqrt(dx * dx + dy * dy), e = len - (q->qr + rb);
    *margin = NK_MARGIN * ((len + q->qr + rb) + q->mag) + 0x1p-1000;
    return e > 0 ? e : 0.0;
}

/* fast: the estimate and margin of the best's slot s */
static inline double est_of(const nk_query *q, int64_t s, double *margin)
{
    if (q->cached) {
        *margin = q->mar[s];
        return q->est[s];
    }
    return estimate(q, q->pos[s], margin);
}

/* fast: how far the centre of an item of radius rb may lie from the query's
 * and the item still enter.  An item enters only when e - m <= hi, so its
 * centres' distance len <= hi + qr + rb + m, with m = 2^-40 (len + qr + rb
 * + M) + 2^-1000: len <= (hi + qr + rb)(1 + 2^-39) (1 + 2^-40) + 2^-39 M
 * + 2^-999, which this exceeds (a float square of it compares with the
 * float squared distance with room: both carry a few u). */
static inline double item_reach(const nk_query *q, double rb)
{
    return (q->hi + q->qr + rb) * (1 + 0x1p-37) + 0x1p-38 * q->mag + 0x1p-998;
}

/* fast: an upper bound of the true distance of any item that can still
 * enter: the limit's, or the k-th's estimate plus its margin */
static void update_hi(nk_query *q)
{
    if (q->m < q->k) {
        q->hi = q->limit * (1 + NK_MARGIN) + 0x1p-1000;
    } else {
        double margin, e = est_of(q, q->k - 1, &margin);
        q->hi = e + margin;
    }
    /* a node's items lie at least its gap from the query's centre; one
     * enters only within item_reach of it, which exceeds its radius by at
     * most this (radii are within the magnitude) */
    double reach = (q->hi + q->qr) * (1 + 0x1p-36) + 0x1p-35 * q->mag + 0x1p-997;
    q->reach2 = reach * reach;
    double lim = item_reach(q, 0.0);
    q->lim2 = lim * lim;
}

/* The bound on a node's gap for the general walk: the k-th distance, or the limit. */
static inline double bound(const nk_query *q) { return q->m < q->k ? q->limit : q->dist[q->k - 1]; }

/* The query's filter, made on first use. */
static const pc__filter *filter(nk_query *q)
{
    if (!q->filter_ready) {
        q->filter = pc__filter_for(q->mag);
        q->filter_ready = 1;
    }
    return &q->filter;
}

/* The distance to the item at position p: its contact's separation, 0
 * where that is <= 0 (the sign is exact). */
static double measure(nk_query *q, int64_t p)
{
    double one[7];
    pc__contact_one(filter(q), q->ka, q->a, q->kt, q->rows + p * q->wt, one);
    return one[0] > 0 ? one[0] : 0.0;
}

/* Is the item at position p (distance d) before the one at position s (distance ds)? */
static inline int before_exact(const nk_query *q, double d, int64_t p, double ds, int64_t s)
{
    return d < ds || (d == ds && item_of(q, p) < item_of(q, s));
}

/* Place the item at position p (distance d; NaN: not measured yet, fast
 * only) among the best, after the checks that it belongs there. */
static void place(nk_query *q, int64_t p, double d, double e, double margin)
{
    int64_t at = q->m < q->k ? q->m++ : q->k - 1;
    while (at > 0) {
        int64_t s = q->pos[at - 1];
        int earlier;
        if (q->fast) { /* by the estimates where they decide, else measured */
            double ms, es = est_of(q, at - 1, &ms);
            if (e + margin < es - ms)
                earlier = 1;
            else if (e - margin > es + ms)
                earlier = 0;
            else {
                if (d != d) d = measure(q, p);
                if (q->dist[at - 1] != q->dist[at - 1]) q->dist[at - 1] = measure(q, s);
                earlier = before_exact(q, d, p, q->dist[at - 1], s);
            }
        } else {
            earlier = before_exact(q, d, p, q->dist[at - 1], s);
        }
        if (!earlier) break;
        q->dist[at] = q->dist[at - 1];
        q->pos[at] = s;
        if (q->cached) {
            q->est[at] = q->est[at - 1];
            q->mar[at] = q->mar[at - 1];
        }
        at--;
    }
    q->dist[at] = d;
    q->pos[at] = p;
    if (q->cached) {
        q->est[at] = e;
        q->mar[at] = margin;
    }
    if (q->fast) update_hi(q);
}

static int placed(const nk_query *q, int64_t p)
{
    for (int64_t s = 0; s < q->m; s++)
        if (q->pos[s] == p) return 1; /* already placed (from the previous query's answers) */
    return 0;
}

/* Measure the item at tree position p and place it among the best. */
static void consider(nk_query *q, int64_t p)
{
    double d = measure(q, p);
    if (!(d <= q->limit)) return;
    if (q->m == q->k && !before_exact(q, d, p, q->dist[q->k - 1], q->pos[q->k - 1])) return;
    if (placed(q, p)) return;
    if (q->exclusive && d == 0 && pc__relate_rows(filter(q), q->ka, q->a, q->kt, q->rows + p * q->wt, PC_RELATE_EQUALS))
        return;
    place(q, p, d, 0.0, 0.0);
}

/* fast: the same, measuring only where the estimates do not decide.  The
 * margin covers both the estimate's error and the contact's: an estimate e
 * of margin m puts the measured distance within [e - m, e + m]. */
static void consider_fast(nk_query *q, int64_t p)
{
    double margin, e = estimate(q, p, &margin);
    if (e - margin > q->hi) return;
    if (placed(q, p)) return;
    double d = NAN;
    if (!(e + margin <= q->limit)) {
        d = measure(q, p);
        if (!(d <= q->limit)) return;
    }
    if (q->exclusive && e - margin <= 0) {
        if (d != d) d = measure(q, p);
        if (d == 0 && pc__relate_rows(filter(q), q->ka, q->a, q->kt, q->rows + p * q->wt, PC_RELATE_EQUALS)) return;
    }
    if (q->m == q->k) {
        int64_t s = q->pos[q->k - 1];
        double ms, es = est_of(q, q->k - 1, &ms);
        if (!(e + margin < es - ms)) {
            if (d != d) d = measure(q, p);
            if (q->dist[q->k - 1] != q->dist[q->k - 1]) q->dist[q->k - 1] = measure(q, s);
            if (!before_exact(q, d, p, q->dist[q->k - 1], s)) return;
        }
    }
    place(q, p, d, e, margin);
}

/* fast: the items at positions p0 .. p1 - 1 (a tree leaf's, a grid run's):
 * most are out by their centres' squared distance alone, the rest are
 * considered */
static void offer_run(nk_query *q, int64_t p0, int64_t p1)
{
    if (q->kt == PC_POINT) {
        for (int64_t p = p0; p < p1; p++) {
            const double *r = q->rows + 2 * p;
            double dx = q->qx - r[0], dy = q->qy - r[1];
            if (dx * dx + dy * dy <= q->lim2) consider_fast(q, p);
        }
        return;
    }
    for (int64_t p = p0; p < p1; p++) {
        const double *r = q->rows + 3 * p;
        double dx = q->qx - r[0], dy = q->qy - r[1], lim = item_reach(q, r[2]);
        if (dx * dx + dy * dy <= lim * lim) consider_fast(q, p);
    }
}

/* The gap from the query to a node's box: fast, the squared gap from the
 * centre; else the Euclidean gap between the boxes. */
static inline double gap_of(const nk_query *q, const double *nb)
{
    if (q->fast) {
        double gx = pc__max(0.0, pc__max(nb[0] - q->qx, q->qx - nb[2]));
        double gy = pc__max(0.0, pc__max(nb[1] - q->qy, q->qy - nb[3]));
        return gx * gx + gy * gy;
    }
    const double *bb = q->qbox;
    double dx = pc__max(0.0, pc__max(nb[0] - bb[2], bb[0] - nb[2]));
    double dy = pc__max(0.0, pc__max(nb[1] - bb[3], bb[1] - nb[3]));
    return pc__length(dx, dy);
}

/* May a node at this gap hold an item that enters?  Fast: every item's
 * centre in the box is at least sqrt(gap) from the query's (its disc lies in
 * the box), so none enters when that exceeds reach.  Else: the boxes' gap is
 * a lower bound of the true distance, which the measured one undershoots by
 * at most its error (ties enter: a lower index may wait there). */
static inline int open_gap(const nk_query *q, double gap)
{
    if (q->fast) return gap * (1 - NK_MARGIN) <= q->reach2;
    /* the contact's separation may fall below the true distance (so below
     * the gap) by its error, a few u of the values involved */
    double b = bound(q);
    return !(gap * (1.0 - 0x1p-48) > b + NK_MARGIN * (b + q->mag) + 0x1p-1000);
}

static void walk_tree(nk_query *q)
{
    const pc__tree_view *t = &q->c->tree;
    if (t->levels == 0) return;
    if (t->levels == 1) {
        if (q->fast)
            consider_fast(q, 0);
        else if (open_gap(q, gap_of(q, t->boxes)))
            consider(q, 0);
        return;
    }
    int64_t stack_node[NK_STACK];
    int stack_level[NK_STACK];
    double stack_gap[NK_STACK];
    int sp = 1;
    stack_node[0] = 0;
    stack_level[0] = t->levels - 1;
    stack_gap[0] = 0.0;
    while (sp > 0) {
        sp--;
        int64_t k = stack_node[sp];
        int l = stack_level[sp];
        if (!open_gap(q, stack_gap[sp])) continue;
        int64_t c0 = k * PC_TREE_FANOUT, c1 = c0 + PC_TREE_FANOUT;
        if (c1 > t->count[l - 1]) c1 = t->count[l - 1];
        if (l == 1) {
            if (q->fast) {
                offer_run(q, c0, c1);
            } else {
                for (int64_t p = c0; p < c1; p++)
                    if (open_gap(q, gap_of(q, t->boxes + 4 * p))) consider(q, p);
            }
            continue;
        }
        /* the open children, pushed farthest first so that the nearest pops first */
        const double *below = t->boxes + 4 * t->first[l - 1];
        int from = sp, count = (int)(c1 - c0);
        double gaps[PC_TREE_FANOUT]; /* all first, then the pushes */
        for (int i = 0; i < count; i++) gaps[i] = gap_of(q, below + 4 * (c0 + i));
        for (int64_t ch = c0; ch < c1; ch++) {
            double g = gaps[ch - c0];
            if (!open_gap(q, g)) continue;
            int at = sp++;
            for (; at > from && stack_gap[at - 1] < g; at--) {
                stack_gap[at] = stack_gap[at - 1];
                stack_node[at] = stack_node[at - 1];
            }
            stack_gap[at] = g;
            stack_node[at] = ch;
        }
        for (int i = from; i < sp; i++) stack_level[i] = l - 1;
    }
}

/* ---- a grid over points or circles ----------------------------------------
 *
 * Points (or circles) in a uniform grid of about n / 2 cells over their
 * centres' box, sorted by cell (a counting sort): a query reads its own cell,
 * then rings of cells around it, until the ring's nearest possible centre
 * lies beyond the reach of the k-th best.  No tree to descend, and the cells
 * a query reads are next to the previous query's.  Built only where it
 * suits: every value within 2^500, cells of at least 2^-900, the circles'
 * radii at most twice a cell, and the cells evenly filled (a point's cell
 * holds, on average over the points, at most PG_CROWD of them: the sum of
 * count^2 / n); else the tree serves. */

#define PG_MAGIC  0x70636e6772696431ull
#define PG_CROWD  24.0
#define PG_HEADER 128

typedef struct {
    uint64_t magic;
    int kind, width;
    int64_t n, gx, gy;
    double x0, y0, inv, cell, rmax, magnitude;
} point_grid;

static int64_t grid_cells_most(int64_t n) { return 2 * n + 2; }

int64_t pc_point_grid_workspace(int kind, int64_t n)
{
    if ((kind != PC_POINT && kind != PC_CIRCLE) || n < 0 || n >= ((int64_t)1 << 31)) return -1;
    int w = pc_kind_width(kind);
    return 64 + PG_HEADER + 8 * (grid_cells_most(n) + 1) + 8 * (int64_t)w * n + 8 * n;
}

static point_grid *grid_at(const void *work)
{
    return (point_grid *)(void *)((char *)(uintptr_t)work + ((64 - (uintptr_t)work % 64) % 64));
}
static int64_t *grid_starts(const point_grid *g) { return (int64_t *)(void *)((char *)(uintptr_t)g + PG_HEADER); }
static double *grid_rows(const point_grid *g) { return (double *)(void *)(grid_starts(g) + grid_cells_most(g->n) + 1); }
static int64_t *grid_order(const point_grid *g) { return (int64_t *)(void *)(grid_rows(g) + g->width * g->n); }

static inline int64_t grid_col(const point_grid *g, double x, int64_t count)
{
    double t = (x - g->x0) * g->inv;
    if (!(t > 0)) return 0;
    if (t >= (double)(count - 1)) return count - 1;
    return (int64_t)t;
}

int pc_point_grid_build(int kind, const double *rows, int64_t n, double magnitude, void *work, int64_t work_bytes)
{
    int64_t need = pc_point_grid_workspace(kind, n);
    if (need < 0 || !work || work_bytes < need || (n && !rows) || !(magnitude >= 0)) return PC_ERR_ARG;
    point_grid *g = grid_at(work);
    g->magic = 0;
    if (n == 0 || !(magnitude <= 0x1p500)) return 0;
    pc__fpenv env = pc__fp_enter();
    int w = pc_kind_width(kind);
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY}, rmax = 0;
    for (int64_t i = 0; i < n; i++) {
        const double *r = rows + i * w;
        lo[0] = pc__min(lo[0], r[0]);
        lo[1] = pc__min(lo[1], r[1]);
        hi[0] = pc__max(hi[0], r[0]);
        hi[1] = pc__max(hi[1], r[1]);
        if (w == 3) rmax = pc__max(rmax, r[2]);
    }
    double wx = hi[0] - lo[0], wy = hi[1] - lo[1], target = n > 1 ? (double)(n / 2) : 1.0;
    double cell = pc__max(sqrt(wx * wy / target), pc__max(wx, wy) / target);
    if (!(cell > 0)) cell = 1.0; /* every centre at one place */
    g->kind = kind;
    g->width = w;
    g->n = n;
    g->gx = (int64_t)(wx / cell) + 1;
    g->gy = (int64_t)(wy / cell) + 1;
    g->x0 = lo[0];
    g->y0 = lo[1];
    g->inv = 1.0 / cell;
    g->cell = cell;
    g->rmax = rmax;
    g->magnitude = magnitude;
    int64_t cells = g->gx * g->gy;
    /* a cell index must come from one rounding of a normal number */
    if (cells > grid_cells_most(n) || rmax > 2 * cell || !(cell >= 0x1p-900) || !(g->inv < 0x1p900)) {
        pc__fp_leave(env);
        return 0;
    }
    int64_t *start = grid_starts(g), *order = grid_order(g);
    double *sorted = grid_rows(g);
    for (int64_t c = 0; c <= cells; c++) start[c] = 0;
    for (int64_t i = 0; i < n; i++) {
        const double *r = rows + i * w;
        start[grid_col(g, r[1], g->gy) * g->gx + grid_col(g, r[0], g->gx) + 1]++;
    }
    double crowd = 0;
    for (int64_t c = 1; c <= cells; c++) crowd += (double)start[c] * (double)start[c];
    if (crowd > PG_CROWD * (double)n) {
        pc__fp_leave(env);
        return 0;
    }
    for (int64_t c = 1; c <= cells; c++) start[c] += start[c - 1];
    for (int64_t i = 0; i < n; i++) { /* start[c] runs to the end of cell c, then shifts back */
        const double *r = rows + i * w;
        int64_t at = start[grid_col(g, r[1], g->gy) * g->gx + grid_col(g, r[0], g->gx)]++;
        for (int k = 0; k < w; k++) sorted[at * w + k] = r[k];
        order[at] = i;
    }
    for (int64_t c = cells; c > 0; c--) start[c] = start[c - 1];
    start[0] = 0;
    g->magic = PG_MAGIC;
    pc__fp_leave(env);
    return 1;
}

/* The items of cells (i0 .. i1, j) of the grid, offered to the query. */
static void grid_run(nk_query *q, const point_grid *g, int64_t j, int64_t i0, int64_t i1)
{
    const int64_t *start = grid_starts(g);
    offer_run(q, start[j * g->gx + i0], start[j * g->gx + i1 + 1]);
}

/* Rings of cells around the query's, until none can hold an item that
 * enters: a centre in ring r >= 1 lies at least (r - 1) cells from the
 * query along x or y (less a sliver for the rounding of the cell index). */
static void walk_grid(nk_query *q, const point_grid *g)
{
    int64_t ci = grid_col(g, q->qx, g->gx), cj = grid_col(g, q->qy, g->gy);
    int64_t most = pc__max(pc__max(ci, g->gx - 1 - ci), pc__max(cj, g->gy - 1 - cj));
    for (int64_t r = 0; r <= most; r++) {
        if (r >= 2 && ((double)r - 1.001) * g->cell > item_reach(q, g->rmax)) break;
        int64_t i0 = pc__max(ci - r, 0), i1 = pc__min(ci + r, g->gx - 1);
        if (cj - r >= 0) grid_run(q, g, cj - r, i0, i1);
        if (r > 0 && cj + r < g->gy) grid_run(q, g, cj + r, i0, i1);
        for (int64_t j = pc__max(cj - r + 1, 0); r > 0 && j <= pc__min(cj + r - 1, g->gy - 1); j++) {
            if (ci - r >= 0) grid_run(q, g, j, ci - r, ci - r);
            if (ci + r < g->gx) grid_run(q, g, j, ci + r, ci + r);
        }
    }
}

struct nk_ctx {
    const pc__tree_query *c;
    const point_grid *grid; /* or NULL: the tree */
    int ka, wa, fast, exclusive;
    const double *a, *limits;
    int64_t k;
    double *dist;
    int64_t *index;
};

static void nk_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct nk_ctx *x = vctx;
    const pc__tree_query *c = x->c;
    int64_t prev = -1;
    for (int64_t r = 0; r < n; r++) {
        int64_t i = *(const int64_t *)(void *)(p[0] + r * s[0]);
        const double *a = x->a + i * x->wa;
        double ma = pc__magnitude(a, x->wa);
        nk_query q;
        q.filter_ready = 0;
        q.c = c;
        q.rows = x->grid ? grid_rows(x->grid) : c->tree.rows;
        q.order = x->grid ? grid_order(x->grid) : c->tree.order;
        q.ka = x->ka;
        q.kt = c->tree.kind;
        q.wt = c->tree.width;
        q.mag = pc__max(ma, c->magnitude);
        q.fast = x->fast;
        q.cached = q.fast && x->k <= NK_CACHE;
        q.exclusive = x->exclusive;
        q.a = a;
        if (!q.fast) pc__kind(x->ka)->bounds(a, q.qbox);
        q.qx = a[0];
        q.qy = a[1];
        q.qr = x->ka == PC_CIRCLE ? a[2] : 0.0;
        q.limit = x->limits[i];
        q.k = x->k;
        q.m = 0;
        q.dist = x->dist + i * x->k;
        q.pos = x->index + i * x->k;
        if (q.fast) update_hi(&q);
        if (prev >= 0) /* the previous query's answers: near, so a good first bound */
            for (int64_t b = 0; b < x->k && x->index[prev * x->k + b] >= 0; b++) {
                int64_t pp = x->index[prev * x->k + b];
                if (q.fast)
                    consider_fast(&q, pp);
                else
                    consider(&q, pp);
            }
        if (x->grid)
            walk_grid(&q, x->grid);
        else
            walk_tree(&q);
        for (int64_t b = 0; b < q.m; b++)
            if (q.dist[b] != q.dist[b]) q.dist[b] = measure(&q, q.pos[b]);
        for (int64_t b = q.m; b < x->k; b++) {
            q.dist[b] = INFINITY;
            q.pos[b] = -1;
        }
        prev = i;
    }
    const int64_t *item = x->grid ? grid_order(x->grid) : c->tree.order;
    for (int64_t r = 0; r < n; r++) { /* positions to the items' indices */
        int64_t i = *(const int64_t *)(void *)(p[0] + r * s[0]);
        for (int64_t b = 0; b < x->k; b++) {
            int64_t *slot = x->index + i * x->k + b;
            if (*slot >= 0) *slot = item[*slot];
        }
    }
}

int pc_nearest_k(void *work, int64_t work_bytes, const void *grid, int64_t grid_bytes, double magnitude, int kind_a,
                 const double *a, int64_t n, const int64_t *order, const double *limits, int64_t k, int exclusive,
                 double *dist, int64_t *index, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_a)) return PC_ERR_KIND;
    if (n < 0 || k < 1 || (n && (!a || !order || !limits || !dist || !index))) return PC_ERR_ARG;
    pc__tree_query c;
    if (pc__tree_query_of(&c, work, work_bytes, magnitude) != PC_OK) return PC_ERR_ARG;
    for (int64_t i = 0; i < n; i++)
        if (!(limits[i] >= 0) || order[i] < 0 || order[i] >= n) return PC_ERR_ARG;
    const point_grid *g = NULL;
    if (grid) {
        g = grid_at(grid);
        if (grid_bytes < 64 + PG_HEADER || g->magic != PG_MAGIC || g->n != c.tree.n || g->kind != c.tree.kind ||
            grid_bytes < pc_point_grid_workspace(g->kind, g->n))
            return PC_ERR_ARG;
    }
    if (n == 0) return PC_OK;
    /* a permutation: each query once (marked in the output, which every
     * query then writes whole) */
    for (int64_t i = 0; i < n; i++) index[i * k] = -2;
    for (int64_t r = 0; r < n; r++) {
        if (index[order[r] * k] != -2) {
            for (int64_t i = 0; i < n; i++) index[i * k] = -1;
            return PC_ERR_ARG;
        }
        index[order[r] * k] = -1;
    }
    pc__fpenv env = pc__fp_enter();
    int kt = c.tree.kind, wa = pc_kind_width(kind_a);
    double most = c.magnitude;
    for (int64_t i = 0; i < n * wa; i++) most = pc__max(most, fabs(a[i]));
    int fast = (kind_a == PC_POINT || kind_a == PC_CIRCLE) && (kt == PC_POINT || kt == PC_CIRCLE) && most <= 0x1p500;
    struct nk_ctx x = {&c, fast ? g : NULL, kind_a, wa, fast, exclusive != 0, a, limits, k, dist, index};
    int64_t shape[1] = {n}, s8[1] = {8};
    const void *ptrs[1] = {order};
    const int64_t *st[1] = {s8};
    int rc = pc__batch(1, shape, 1, ptrs, st, 1u, nk_inner, &x, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
