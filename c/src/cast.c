/*
 * Raycasts against a collection of shapes of one kind (pc_raycast_shapes).
 *
 * A shape is a convex core K (a point, a segment or a convex polygon) grown
 * by a radius R (a circle's or a capsule's r, else 0).  The ray o + t d
 * (t >= 0) meets it exactly when its distance to K is at most R, which is
 * decided exactly, for every finite input, by signs:
 *  - the origin lies in the shape (the exact point-in-shape test), or
 *  - the ray meets the core itself (pc__ray_meets_hull), or
 *  - R > 0 and some vertex v of K lies ahead of the origin (d . (v - o) > 0)
 *    within R of the ray's line: (d x (v - o))^2 <= R^2 |d|^2.
 * Why these suffice: a ray and a convex core that do not meet are nearest at
 * the ray's origin (the first test) or at a point of the ray facing a vertex
 * of K (the third); an edge parallel to the ray is no nearer than its ends.
 *
 * The normal is then computed in floating point: for a polygon core (R = 0)
 * by clipping the ray against the edges' half-planes (Cyrus-Beck; the normal
 * is the outward normal of the face entered), for a segment by the crossing
 * of the two lines, for a circle by the quadratic (in its cancellation-free
 * form), for a capsule as the nearest of its two end disks and the rectangle
 * between them; the distance those give guides the exact one.  A ray
 * starting in the shape hits at distance 0 with normal -d / |d|.  A hit the
 * exact test found and rounding misses (a graze) has normal -d / |d|.
 * Coordinates beyond 2^(+-500) are scaled by a power of two for the float
 * arithmetic.
 *
 * The distance is the exact entry rounded once (entry.h): a function of the
 * entry point alone, so shapes the ray enters at the same point (a shared
 * face, a corner on a face) are at the same distance, whatever their kinds
 * and vertices, and a shape entered first is never farther.
 *
 * Broad phase: the tree of pc_pairs_prepare over the collection (tree.h),
 * walked nearest node first; a node is skipped when the ray misses its box
 * widened by 2^-40 of the magnitudes involved (so rounding can never skip a
 * box the ray meets) or when its box lies beyond the nearest hit found so far
 * by more than the roundings between entry and distance (so a shape at the
 * same distance is still seen).  The first hit is the least distance; equal
 * distances go to the lowest index.  A hit farther than max_distance is no
 * hit.
 */
#include <float.h>
#include <math.h>

#include "cast.h"
#include "contact.h"
#include "core.h"
#include "entry.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "overlap.h"
#include "sweepshape.h"
#include "walk.h"

/* A ray for the float arithmetic: origin o and unit direction u, in
 * coordinates divided by 2^s; w = d 2^-e (exact) with its largest component
 * in [0.5, 1), for the box tests; winv its reciprocals (0 for a component
 * below 2^-900, treated as none: the drift over any box is far below mg). */
typedef struct {
    const double *o, *d;   /* as given */
    double ox, oy, ux, uy; /* scaled origin, unit direction */
    double wx, wy, winv[2], wlen;
    double lw, stretch; /* |w| along the major axis; |d| over that (entry.h) */
    double omag;        /* max |o| */
    double mg;          /* the widening of the boxes */
    double grow[2];     /* and for a swept shape, its half extents */
    int s, e;
} cast_ray;

/* ---- the boxes ----------------------------------------------------------- */

/* Could the ray meet the box for some t_w in [0, tmax] (t_w along w)?  The box
 * is widened by r->mg, 2^-40 of the largest magnitude in the tree and of the
 * origin, which exceeds every rounding below, so a box the ray meets is never
 * refused.  *t0 receives the entry, for ordering. */
static inline int box_ahead(const cast_ray *r, const double *bb, double tmax, double *t0)
{
    double lo = 0.0, hi = tmax;
    for (int c = 0; c < 2; c++) {
        double a = bb[c] - r->mg - r->grow[c], b = bb[c + 2] + r->mg + r->grow[c], inv = r->winv[c];
        if (inv == 0.0) { /* no motion along c worth the name: the origin must lie in the slab */
            if (r->o[c] < a || r->o[c] > b) return 0;
            continue;
        }
        double t1 = (a - r->o[c]) * inv, t2 = (b - r->o[c]) * inv;
        lo = pc__max(lo, pc__min(t1, t2));
        hi = pc__min(hi, pc__max(t1, t2));
    }
    *t0 = lo;
    return lo <= hi;
}

/* ---- the exact test ------------------------------------------------------ */

/* 2: the origin is in the shape; 1: the ray meets it; 0: it misses (exact). */
static int ray_meets(const pc__filter *f, int kind, const double *row, const pc__hull *h, const double *o,
                     const double *d)
{
    if (pc__overlap_rows(f, PC_POINT, o, kind, row, PC_TOUCHING)) return 2;
    if (pc__ray_meets_hull(f, h, o[0], o[1], d[0], d[1])) return 1;
    if (!(h->R > 0)) return 0;
    for (int i = 0; i < h->n; i++)
        if (pc__dot_dir(d[0], d[1], o[0], o[1], h->x[i], h->y[i]) > 0 &&
            pc__perp_dir(d[0], d[1], o[0], o[1], h->x[i], h->y[i], h->R) <= 0)
            return 1;
    return 0;
}

/* ---- the distance, in floating point --------------------------------------- */

/* The ray against the disk (cx, cy, R), from outside: 1 and *t when it enters. */
static int enter_disk(const cast_ray *r, double cx, double cy, double R, double *t)
{
    double wx = cx - r->ox, wy = cy - r->oy, b = wx * r->ux + wy * r->uy;
    double cc = (wx * wx + wy * wy) - R * R;
    if (!(b > 0)) return 0;
    double disc = b * b - cc;
    if (!(disc >= 0)) return 0;
    *t = pc__max(cc, 0.0) / (b + sqrt(disc)); /* b - sqrt(disc), without the cancellation */
    return 1;
}

/* Cyrus-Beck over half-planes a_k . (p - q_k) <= h_k (a_k outward, any
 * length): 1 and the entry t (0 when the origin is inside) with the entering
 * face k (-1 for none), or 0 when the ray misses in floats.  With graze (the
 * exact test said the ray meets the shape), an entry that rounding put past
 * the exit is still the entry: a ray through a sliver. */
static int enter_halfplanes(const cast_ray *r, int n, const double *ax, const double *ay, const double *qx,
                            const double *qy, const double *h, int graze, double *t, int *face)
{
    double tin = -INFINITY, tout = INFINITY;
    *face = -1;
    for (int k = 0; k < n; k++) {
        double den = ax[k] * r->ux + ay[k] * r->uy;
        double num = h[k] - (ax[k] * (r->ox - qx[k]) + ay[k] * (r->oy - qy[k]));
        if (den < 0) {
            double tk = num / den;
            if (tk > tin) {
                tin = tk;
                *face = k;
            }
        } else if (den > 0) {
            tout = pc__min(tout, num / den);
        } else if (num < 0) {
            return 0;
        }
    }
    if (!(tin <= tout) || tout < 0) {
        if (!graze || !(tin > -INFINITY)) return 0;
    }
    if (tin <= 0) {
        *face = -1;
        tin = 0.0;
    }
    *t = tin;
    return 1;
}

/* The distance (scaled) and the unit normal where the ray enters the shape
 * (the core's vertices v, scaled, grown by R); 0 when rounding finds none. */
/* The unit normal of a disk centred at c where the ray enters it at t (the
 * rounded entry point's direction from c, normalised; -u if they coincide). */
static void disk_normal(const cast_ray *r, double t, double cx, double cy, double *nx, double *ny)
{
    double x = r->ox + t * r->ux - cx, y = r->oy + t * r->uy - cy, l = hypot(x, y);
    if (l > 0.0) {
        *nx = x / l;
        *ny = y / l;
    }
}

static int entry(const cast_ray *r, int n, const double *vx, const double *vy, double R, double *t, double *nx,
                 double *ny)
{
    *nx = -r->ux;
    *ny = -r->uy;
    if (n == 1) {
        if (R > 0) {
            if (!enter_disk(r, vx[0], vy[0], R, t)) return 0;
            disk_normal(r, *t, vx[0], vy[0], nx, ny);
            return 1;
        }
        *t = pc__max(0.0, (vx[0] - r->ox) * r->ux + (vy[0] - r->oy) * r->uy);
        return 1;
    }
    if (n == 2) {
        double ex = vx[1] - vx[0], ey = vy[1] - vy[0], len = hypot(ex, ey);
        if (!(len > 0)) return 0;
        double tx = ex / len, ty = ey / len, mx = ty, my = -tx; /* a unit normal */
        if (mx * r->ux + my * r->uy > 0) {                      /* the side facing the ray */
            mx = -mx;
            my = -my;
        }
        if (R > 0) { /* the rectangle, then the end disks */
            double ax[4] = {mx, -mx, -tx, tx}, ay[4] = {my, -my, -ty, ty};
            double qx[4] = {vx[0], vx[0], vx[0], vx[1]}, qy[4] = {vy[0], vy[0], vy[0], vy[1]};
            double h[4] = {R, R, 0.0, 0.0}, best = INFINITY, tk;
            int face, found = 0;
            if (enter_halfplanes(r, 4, ax, ay, qx, qy, h, 0, &tk, &face) && face >= 0 && face < 2) {
                best = tk;
                *nx = ax[face];
                *ny = ay[face];
                found = 1;
            }
            for (int i = 0; i < 2; i++) {
                if (enter_disk(r, vx[i], vy[i], R, &tk) && tk < best) {
                    best = tk;
                    disk_normal(r, tk, vx[i], vy[i], nx, ny);
                    found = 1;
                }
            }
            *t = best;
            return found;
        }
        double den = r->ux * ey - r->uy * ex; /* u x e */
        if (den != 0) {
            *t = pc__max(0.0, ((vx[0] - r->ox) * ey - (vy[0] - r->oy) * ex) / den);
            *nx = mx;
            *ny = my;
            return 1;
        }
        double t0 = (vx[0] - r->ox) * r->ux + (vy[0] - r->oy) * r->uy;
        double t1 = (vx[1] - r->ox) * r->ux + (vy[1] - r->oy) * r->uy;
        *t = pc__max(0.0, pc__min(t0, t1)); /* along the segment: its nearer end */
        return 1;
    }
    /* a polygon core (R = 0 for every kind that has one) */
    double ax[PC_CORE_MAX], ay[PC_CORE_MAX], h[PC_CORE_MAX];
    for (int k = 0; k < n; k++) {
        int j = k + 1 == n ? 0 : k + 1;
        ax[k] = vy[j] - vy[k];
        ay[k] = -(vx[j] - vx[k]);
        h[k] = 0.0;
    }
    int face;
    if (!enter_halfplanes(r, n, ax, ay, vx, vy, h, 1, t, &face)) return 0;
    if (face >= 0) {
        double l = hypot(ax[face], ay[face]);
        *nx = ax[face] / l;
        *ny = ay[face] / l;
    }
    return 1;
}

/* ---- one ray ------------------------------------------------------------- */

typedef pc__tree_query cast_ctx;

typedef struct {
    double t, dist, nx, ny; /* the entry along the major axis (entry.h) and the distance it gives */
    int64_t index;          /* -1: none yet */
} cast_best;

static void try_item(const cast_ctx *c, const pc__filter *f, const cast_ray *r, double max_distance, int64_t p,
                     cast_best *b)
{
    int kind = c->tree.kind;
    const double *row = c->tree.rows + p * c->tree.width;
    int64_t index = c->tree.order[p];
    pc__hull h;
    pc__hull_of(f, kind, row, &h);
    int how = ray_meets(f, kind, row, &h, r->o, r->d);
    if (!how) return;
    double entry_t = 0.0, nx = -r->ux, ny = -r->uy;
    if (how == 1) {
        double vx[PC_CORE_MAX], vy[PC_CORE_MAX], t;
        for (int i = 0; i < h.n; i++) {
            vx[i] = ldexp(h.x[i], -r->s);
            vy[i] = ldexp(h.y[i], -r->s);
        }
        if (!entry(r, h.n, vx, vy, ldexp(h.R, -r->s), &t, &nx, &ny)) {
            /* a graze: the closest approach to the core's nearest vertex */
            double bt = INFINITY, bd = INFINITY;
            for (int i = 0; i < h.n; i++) {
                double ti = pc__max(0.0, (vx[i] - r->ox) * r->ux + (vy[i] - r->oy) * r->uy);
                double px = r->ox + ti * r->ux - vx[i], py = r->oy + ti * r->uy - vy[i], di = px * px + py * py;
                if (di < bd) {
                    bd = di;
                    bt = ti;
                }
            }
            t = bt;
            nx = -r->ux;
            ny = -r->uy;
        }
        /* the entry along the major axis, rounded once and exactly (the float
         * distance a guess for it); beyond what could still win or tie (the
         * best so far, max_distance, with room for the roundings between entry
         * and distance) it is inf */
        double cap = max_distance / r->stretch * (1 + 0x1p-48) + 0x1p-1070;
        if (b->index >= 0) cap = pc__min(cap, b->t * (1 + 0x1p-48) + 0x1p-1070);
        entry_t = pc__ray_entry(&h, r->o, r->d, ldexp(t, r->s) / r->stretch, cap);
    }
    double dist = pc__ray_distance(entry_t, r->stretch);
    if (dist > max_distance) return;
    if (dist < b->dist || (dist == b->dist && (b->index < 0 || index < b->index))) {
        b->t = entry_t;
        b->dist = dist;
        b->nx = nx;
        b->ny = ny;
        b->index = index;
    }
}

#if defined(__GNUC__) || defined(__clang__)
#define PC_PREFETCH(p) __builtin_prefetch(p)
#else
#define PC_PREFETCH(p) ((void)(p))
#endif

#define PC_CAST_STACK (PC_TREE_MAX_LEVELS * PC_TREE_FANOUT + 8)

/* The ray o + t_w w for the walk and the float arithmetic (d nonzero and
 * finite); returns the magnitude the filter must bound. */
static double ray_setup(cast_ray *r, const cast_ctx *c, const double *o, const double *d)
{
    double dm = pc__max(fabs(d[0]), fabs(d[1]));
    r->o = o;
    r->d = d;
    frexp(dm, &r->e);
    r->wx = ldexp(d[0], -r->e);
    r->wy = ldexp(d[1], -r->e);
    r->wlen = sqrt(r->wx * r->wx + r->wy * r->wy);
    r->lw = pc__max(fabs(r->wx), fabs(r->wy));
    r->stretch = pc__ray_stretch(d);
    r->ux = r->wx / r->wlen;
    r->uy = r->wy / r->wlen;
    r->winv[0] = fabs(r->wx) < 0x1p-900 ? 0.0 : 1.0 / r->wx;
    r->winv[1] = fabs(r->wy) < 0x1p-900 ? 0.0 : 1.0 / r->wy;
    r->omag = pc__max(fabs(o[0]), fabs(o[1]));
    r->mg = 0x1p-40 * (c->tree_mag + r->omag) + 0x1p-1000;
    r->grow[0] = r->grow[1] = 0.0;
    double m = pc__max(c->magnitude, r->omag);
    r->s = 0;
    if ((m > 0x1p500 || m < 0x1p-500) && m > 0 && isfinite(m)) frexp(m, &r->s);
    r->ox = ldexp(o[0], -r->s);
    r->oy = ldexp(o[1], -r->s);
    return m;
}

/* Visit the items whose (widened) boxes the ray meets for t_w <= limit,
 * nearest box first; visit returns the new limit. */
typedef double (*cast_visit)(void *state, int64_t p, double limit);

static void walk(const cast_ctx *c, const cast_ray *r, double limit, cast_visit visit, void *state)
{
    int64_t stack_node[PC_CAST_STACK];
    int stack_level[PC_CAST_STACK];
    double stack_t[PC_CAST_STACK];
    int top = 0, L = c->tree.levels - 1;
    double t0;
    if (L < 0 || !box_ahead(r, c->tree.boxes + 4 * c->tree.first[L], limit, &t0)) return;
    stack_node[0] = 0;
    stack_level[0] = L;
    stack_t[0] = t0;
    top = 1;
    while (top > 0) {
        top--;
        int64_t k = stack_node[top];
        int l = stack_level[top];
        if (stack_t[top] > limit) continue;
        if (l == 0) {
            limit = visit(state, k, limit);
            continue;
        }
        /* the children that the ray may meet, pushed farthest first */
        int64_t c0 = k * PC_TREE_FANOUT, c1 = c0 + PC_TREE_FANOUT;
        if (c1 > c->tree.count[l - 1]) c1 = c->tree.count[l - 1];
        int base = top;
        for (int64_t ch = c0; ch < c1; ch++) {
            double tc;
            if (!box_ahead(r, c->tree.boxes + 4 * (c->tree.first[l - 1] + ch), limit, &tc)) continue;
            int at = top++;
            while (at > base && stack_t[at - 1] < tc) { /* keep the pushed ones in decreasing entry */
                stack_node[at] = stack_node[at - 1];
                stack_level[at] = stack_level[at - 1];
                stack_t[at] = stack_t[at - 1];
                at--;
            }
            stack_node[at] = ch;
            stack_level[at] = l - 1;
            stack_t[at] = tc;
            /* what visiting it will read, fetched while the nearer ones are
             * visited: its children's boxes (4 cache lines), or its row */
            if (l > 1) {
                const char *next = (const char *)(c->tree.boxes + 4 * (c->tree.first[l - 2] + ch * PC_TREE_FANOUT));
                PC_PREFETCH(next);
                PC_PREFETCH(next + 64);
                PC_PREFETCH(next + 128);
                PC_PREFETCH(next + 192);
            } else {
                PC_PREFETCH(c->tree.rows + c->tree.width * ch);
            }
        }
    }
}

typedef struct {
    const cast_ctx *c;
    const pc__filter *f;
    const cast_ray *r;
    double max_distance;
    cast_best b;
} ray_state;

static double visit_ray(void *vs, int64_t p, double limit)
{
    ray_state *st = vs;
    try_item(st->c, st->f, st->r, st->max_distance, p, &st->b);
    /* the bound on t_w beyond which nothing can win: the best entry so far,
     * with room for the roundings (an entry at the same distance must still be
     * seen: its exact value lies within a few ulps of this one) */
    if (st->b.index >= 0) limit = pc__min(limit, st->b.t / st->r->lw * (1 + 0x1p-20) + 0x1p-1000);
    return limit;
}

static void cast_one(const cast_ctx *c, const double *o, const double *d, double max_distance, double *out)
{
    if (!pc__ray_miss(out, d) || c->tree.levels == 0) return;
    cast_ray r;
    pc__filter f = pc__filter_for(ray_setup(&r, c, o, d));
    ray_state st = {c, &f, &r, max_distance, {INFINITY, INFINITY, NAN, NAN, -1}};
    double limit = isfinite(max_distance) ? max_distance / r.wlen * (1 + 0x1p-20) + 0x1p-1000 : INFINITY;
    walk(c, &r, limit, visit_ray, &st);
    if (st.b.index < 0) return;
    out[0] = 1.0;
    out[1] = st.b.dist;
    out[2] = st.b.nx + 0.0;
    out[3] = st.b.ny + 0.0;
    out[4] = (double)st.b.index;
}

/* ---- swept shapes against the tree ------------------------------------------ */

/* Items a sweep visits, kept for the placement check: the walk enters every
 * item whose box (grown by the mover's extent and a margin far above the
 * placement's rounding) the path reaches before the final limit, so a shape
 * placed on its path at the time can be inside those only. */
#define PC_SEEN_MAX 64

typedef struct {
    const cast_ctx *c;
    const pc__filter *f;
    int ka;
    const double *a;
    double dx, dy, scale; /* t_w = t scale */
    pc__toi h;
    int64_t index;
    int nseen; /* > PC_SEEN_MAX: too many to keep, test the whole tree */
    int64_t seen[PC_SEEN_MAX];
} sweep_state;

static double visit_sweep(void *vs, int64_t p, double limit)
{
    sweep_state *st = vs;
    st->h.near = 1;
    if (st->nseen < PC_SEEN_MAX) st->seen[st->nseen] = p;
    st->nseen += st->nseen <= PC_SEEN_MAX;
    int64_t index = st->c->tree.order[p];
    pc__toi one;
    pc__toi_init(&one);
    pc__sweep_any(&one, st->f, st->ka, st->a, st->dx, st->dy, st->c->tree.kind,
                  st->c->tree.rows + p * st->c->tree.width);
    if (!one.hit) return limit;
    if (!st->h.hit || one.t < st->h.t || (one.t == st->h.t && index < st->index)) {
        st->h = one;
        st->h.near = 1;
        st->index = index;
    }
    /* equal times must still be seen: room for the boxes' rounding */
    return pc__min(limit, st->h.t * st->scale * (1 + 0x1p-20) + 0x1p-1000);
}

/* the strict test of a tree's items for pc__union_stand: those the sweep
 * visited, or all when there were too many to keep */
static int tree_inside(const void *vs, int kind, const double *row)
{
    const sweep_state *st = vs;
    const pc__tree_view *t = &st->c->tree;
    if (st->nseen > PC_SEEN_MAX) return pc__tree_overlaps(st->c, kind, row, PC_STRICT);
    for (int k = 0; k < st->nseen; k++)
        if (pc__overlap_rows(st->f, kind, row, t->kind, t->rows + st->seen[k] * t->width, PC_STRICT)) return 1;
    return 0;
}

void pc__tree_sweep(const pc__tree_query *c, int ka, const double *a, double dx, double dy, pc__toi *h, int64_t *index)
{
    pc__toi_init(h);
    *index = -1;
    const double d[2] = {dx, dy};
    double dm = pc__max(fabs(dx), fabs(dy));
    if (!(dm > 0.0) || c->tree.levels == 0) return;
    int wa = pc_kind_width(ka);
    double ma = pc__magnitude(a, wa);
    pc__filter fa = pc__filter_for(ma);
    pc__hull A;
    pc__hull_of(&fa, ka, a, &A);
    double x0 = A.x[0], x1 = A.x[0], y0 = A.y[0], y1 = A.y[0];
    for (int i = 1; i < A.n; i++) {
        x0 = pc__min(x0, A.x[i]);
        x1 = pc__max(x1, A.x[i]);
        y0 = pc__min(y0, A.y[i]);
        y1 = pc__max(y1, A.y[i]);
    }
    /* the walk follows the centre of A's core's box, the tree's boxes grown by its half extents and R */
    const double o[2] = {0.5 * x0 + 0.5 * x1, 0.5 * y0 + 0.5 * y1};
    cast_ray r;
    ray_setup(&r, c, o, d);
    r.grow[0] = (0.5 * (x1 - x0) + A.R) * (1 + 0x1p-40);
    r.grow[1] = (0.5 * (y1 - y0) + A.R) * (1 + 0x1p-40);
    pc__filter f = pc__filter_for((pc__max(c->magnitude, ma) + dm) * (1.0 + 0x1p-40));
    sweep_state st = {c, &f, ka, a, dx, dy, ldexp(1.0, r.e), *h, -1, 0, {0}};
    walk(c, &r, st.scale * (1 + 0x1p-20), visit_sweep, &st);
    *h = st.h;
    *index = st.index;
    h->cell = st.index;
    if (h->hit) { /* placed at the time, the shape is inside no item (the placement contract) */
        const pc__union_stand_ctx sc = {ka, a, dx, dy, &st, tree_inside};
        const pc__motion mv = {ka, a, dx, dy};
        h->t = pc__settle_down(pc__union_stand, &sc, &mv, h->t);
    }
}

/* Depth first through the tree: a node is entered when enter(ctx, its box)
 * (a leaf is item k of the sorted rows, level 0), the first child first, or
 * with `key` the child of least key(ctx, its box) first (nearest first, so
 * that a branch and bound finds a good bound early); stops when leaf(ctx, k)
 * returns nonzero, and returns that. */
static int descend_by(const pc__tree_query *c, int (*enter)(void *ctx, const double *box),
                      int (*leaf)(void *ctx, int64_t k), double (*key)(void *ctx, const double *box), void *ctx)
{
    if (c->tree.levels == 0) return 0;
    int64_t stack_node[PC_CAST_STACK];
    int stack_level[PC_CAST_STACK], top = 1;
    stack_node[0] = 0;
    stack_level[0] = c->tree.levels - 1;
    while (top > 0) {
        top--;
        int64_t k = stack_node[top];
        int l = stack_level[top];
        if (!enter(ctx, c->tree.boxes + 4 * (c->tree.first[l] + k))) continue;
        if (l == 0) {
            int rc = leaf(ctx, k);
            if (rc) return rc;
            continue;
        }
        int64_t c0 = k * PC_TREE_FANOUT, c1 = c0 + PC_TREE_FANOUT;
        if (c1 > c->tree.count[l - 1]) c1 = c->tree.count[l - 1];
        if (key) { /* pushed by decreasing key (insertion), so the least is popped first */
            double keys[PC_TREE_FANOUT];
            int from = top;
            for (int64_t ch = c0; ch < c1; ch++) {
                double v = key(ctx, c->tree.boxes + 4 * (c->tree.first[l - 1] + ch));
                int at = top++;
                for (; at > from && keys[at - 1 - from] < v; at--) {
                    keys[at - from] = keys[at - 1 - from];
                    stack_node[at] = stack_node[at - 1];
                }
                keys[at - from] = v;
                stack_node[at] = ch;
            }
            for (int i = from; i < top; i++) stack_level[i] = l - 1;
            continue;
        }
        for (int64_t ch = c1 - 1; ch >= c0; ch--) {
            stack_node[top] = ch;
            stack_level[top++] = l - 1;
        }
    }
    return 0;
}

static int descend(const pc__tree_query *c, int (*enter)(void *ctx, const double *box),
                   int (*leaf)(void *ctx, int64_t k), void *ctx)
{
    return descend_by(c, enter, leaf, NULL, ctx);
}

struct near_query {
    const pc__tree_query *c;
    const pc__filter *f;
    int ka, mode;
    const double *a;
    double box[4]; /* the query's box (grown, for overlaps) */
    double *out;   /* contact: the best so far */
    int64_t *index;
    const double **row; /* contact: the best one's row (NULL: not wanted) */
    double magnitude;   /* nearest: bounds the values (the contact's error is a few u of them) */
};

static int overlaps_enter(void *v, const double *bb)
{
    const struct near_query *q = v;
    return !(bb[0] > q->box[2] || bb[2] < q->box[0] || bb[1] > q->box[3] || bb[3] < q->box[1]);
}

static int overlaps_leaf(void *v, int64_t k)
{
    const struct near_query *q = v;
    return pc__overlap_rows(q->f, q->ka, q->a, q->c->tree.kind, q->c->tree.rows + k * q->c->tree.width, q->mode);
}

int pc__tree_overlaps(const pc__tree_query *c, int ka, const double *a, int mode)
{
    if (c->tree.levels == 0) return 0;
    int wa = pc_kind_width(ka);
    double ma = pc__magnitude(a, wa);
    pc__filter fa = pc__filter_for(ma), f = pc__filter_for(pc__max(ma, c->magnitude));
    pc__hull A;
    pc__hull_of(&fa, ka, a, &A);
    double g = 0x1p-40 * (c->tree_mag + ma) + 0x1p-1000 + A.R * (1 + 0x1p-40);
    double x0 = A.x[0], x1 = A.x[0], y0 = A.y[0], y1 = A.y[0];
    for (int i = 1; i < A.n; i++) {
        x0 = pc__min(x0, A.x[i]);
        x1 = pc__max(x1, A.x[i]);
        y0 = pc__min(y0, A.y[i]);
        y1 = pc__max(y1, A.y[i]);
    }
    struct near_query q = {c, &f, ka, mode, a, {x0 - g, y0 - g, x1 + g, y1 + g}, NULL, NULL, NULL, 0.0};
    return descend(c, overlaps_enter, overlaps_leaf, &q);
}

static int any_leaf(void *v, int64_t k)
{
    (void)v;
    (void)k;
    return 1;
}

/* pc__tree_each: the query's callback on each item's row */
struct each_query {
    struct near_query q; /* first: overlaps_enter reads its box */
    int (*visit)(void *ctx, const double *row);
    void *ctx;
};

static int each_leaf(void *v, int64_t k)
{
    const struct each_query *e = v;
    return e->visit(e->ctx, e->q.c->tree.rows + k * e->q.c->tree.width);
}

int pc__tree_each(const pc__tree_query *c, const double *box, int (*visit)(void *ctx, const double *row), void *ctx)
{
    struct each_query e = {{c, NULL, 0, 0, NULL, {box[0], box[1], box[2], box[3]}, NULL, NULL, NULL, 0.0}, visit, ctx};
    return descend(c, overlaps_enter, each_leaf, &e);
}

int pc__tree_meets_box(const pc__tree_query *c, const double *box)
{
    double g = 0x1p-30 * (c->tree_mag + pc__magnitude(box, 4)) + 0x1p-1000;
    struct near_query q = {c,    NULL, 0,    0,  NULL, {box[0] - g, box[1] - g, box[2] + g, box[3] + g},
                           NULL, NULL, NULL, 0.0};
    return descend(c, overlaps_enter, any_leaf, &q);
}

/* a lower bound of the separation from the shape to anything in the node:
 * the boxes' gap, or minus their overlap along the axis where it is least
 * (separating the boxes separates the shapes).  It is > 0 only when the
 * boxes are exactly apart, so a node that may hold an overlapping shape is
 * never pruned once one is known */
static double box_gap(void *v, const double *nb)
{
    const struct near_query *q = v;
    const double *bb = q->box;
    return pc__max(pc__max(nb[0] - bb[2], bb[0] - nb[2]), pc__max(nb[1] - bb[3], bb[1] - nb[3]));
}

/* the squared Euclidean gap between the boxes (for the order of a descent:
 * where it overflows or vanishes, ties only cost time) */
static double box_gap2(void *v, const double *nb)
{
    const struct near_query *q = v;
    const double *bb = q->box;
    double dx = pc__max(0.0, pc__max(nb[0] - bb[2], bb[0] - nb[2]));
    double dy = pc__max(0.0, pc__max(nb[1] - bb[3], bb[1] - nb[3]));
    return dx * dx + dy * dy;
}

/* the Euclidean gap between the boxes (for pruning: at any scale) */
static double box_gap_len(void *v, const double *nb)
{
    const struct near_query *q = v;
    const double *bb = q->box;
    double dx = pc__max(0.0, pc__max(nb[0] - bb[2], bb[0] - nb[2]));
    double dy = pc__max(0.0, pc__max(nb[1] - bb[3], bb[1] - nb[3]));
    return pc__length(dx, dy);
}

static int contact_enter(void *v, const double *nb)
{
    const struct near_query *q = v;
    double gap = box_gap(v, nb);
    double b = q->out[0];
    return !(gap - fabs(gap) * 0x1p-50 > b + 0x1p-40 * (fabs(b) + q->magnitude) + 0x1p-1000);
}

static int contact_leaf(void *v, int64_t k)
{
    const struct near_query *q = v;
    double one[7];
    int64_t item = q->c->tree.order[k];
    pc__contact_one(q->f, q->ka, q->a, q->c->tree.kind, q->c->tree.rows + k * q->c->tree.width, one);
    if (one[0] < q->out[0] || (one[0] == q->out[0] && item < *q->index)) {
        for (int i = 0; i < 7; i++) q->out[i] = one[i];
        *q->index = item;
        if (q->row) *q->row = q->c->tree.rows + k * q->c->tree.width;
    }
    return 0;
}

void pc__tree_contact(const pc__tree_query *c, int ka, const double *a, double *out, int64_t *index, const double **row)
{
    for (int k = 0; k < 7; k++) out[k] = NAN;
    out[0] = INFINITY;
    *index = -1;
    if (row) *row = NULL;
    double mag = pc__max(pc__magnitude(a, pc_kind_width(ka)), c->magnitude);
    pc__filter f = pc__filter_for(mag);
    struct near_query q = {c, &f, ka, 0, a, {0}, out, index, row, mag};
    pc__kind(ka)->bounds(a, q.box);
    descend(c, contact_enter, contact_leaf, &q);
}

/* nearest: a node is entered unless the Euclidean gap between the boxes (a
 * lower bound of the true distance, shrunk past its roundings) exceeds the
 * best distance so far by more than the contact's error (its separation
 * may fall below the true distance by a few u of the values; ties are
 * entered: a lower index may wait there) */
static int nearest_enter(void *v, const double *nb)
{
    const struct near_query *q = v;
    double b = q->out[0];
    return !(box_gap_len(v, nb) * (1.0 - 0x1p-48) > b + 0x1p-40 * (b + q->magnitude) + 0x1p-1000);
}

/* nearest: the distance to the item is its contact's separation, or 0 when
 * that is <= 0 (its sign is exact: the shapes touch or overlap) */
static int nearest_leaf(void *v, int64_t k)
{
    const struct near_query *q = v;
    double one[7];
    int64_t item = q->c->tree.order[k];
    pc__contact_one(q->f, q->ka, q->a, q->c->tree.kind, q->c->tree.rows + k * q->c->tree.width, one);
    double dist = one[0] > 0 ? one[0] : 0.0;
    if (dist < q->out[0] || (dist == q->out[0] && item < *q->index)) {
        q->out[0] = dist;
        *q->index = item;
    }
    return 0;
}

/* The item nearest the shape (kind ka, row a) within max_distance: out[0] its
 * distance (inf when none), out[1] its index (-1 when none; the lowest at
 * equal distances).  Pruned as pc__tree_contact, by the boxes' gap. */
static void nearest_one(const pc__tree_query *c, int ka, const double *a, double max_distance, double *out)
{
    double best[7] = {max_distance};
    int64_t index = INT64_MAX;
    if (c->tree.levels) {
        double mag = pc__max(pc__magnitude(a, pc_kind_width(ka)), c->magnitude);
        pc__filter f = pc__filter_for(mag);
        struct near_query q = {c, &f, ka, 0, a, {0}, best, &index, NULL, mag};
        pc__kind(ka)->bounds(a, q.box);
        descend_by(c, nearest_enter, nearest_leaf, box_gap2, &q);
    }
    out[0] = index == INT64_MAX ? INFINITY : best[0];
    out[1] = index == INT64_MAX ? -1.0 : (double)index;
}

/* A tree query's context and the moving or querying shapes' kind: what the
 * per-row loops of pc_nearest_tree and pc_sweep_tree carry. */
struct tree_kind_ctx {
    const cast_ctx *c;
    int ka;
};

static void nearest_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct tree_kind_ctx *x = vctx;
    for (int64_t i = 0; i < n; i++)
        nearest_one(x->c, x->ka, (const double *)(p[0] + i * s[0]), *(const double *)(p[1] + i * s[1]),
                    (double *)(p[2] + i * s[2]));
}

static void limits_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    int *bad = vctx;
    for (int64_t i = 0; i < n; i++) *bad |= !(*(const double *)(p[0] + i * s[0]) >= 0);
}

/* Is every limit (a strided operand over the index space) >= 0, none NaN?
 * PC_OK, or PC_ERR_ARG for a bad one or bad strides (before anything is
 * written). */
int pc__limits_ok(int ndim, const int64_t *shape, const double *limits, const int64_t *strides)
{
    int bad = 0;
    const void *ptrs[1] = {limits};
    const int64_t *st[1] = {strides};
    int rc =
        pc__batch(ndim, shape, 1, ptrs, st, 0u, limits_inner, &bad, 1, PC_CHUNK, NULL); /* one thread: bad is shared */
    return rc != PC_OK || bad ? PC_ERR_ARG : PC_OK;
}

int pc_nearest_tree(void *work, int64_t work_bytes, double magnitude, int kind_a, const double *a,
                    const int64_t *strides_a, const double *max_distances, const int64_t *strides_m, double *out,
                    const int64_t *strides_out, int ndim, const int64_t *shape, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_a)) return PC_ERR_KIND;
    cast_ctx ctx;
    if (pc__tree_query_of(&ctx, work, work_bytes, magnitude) != PC_OK) return PC_ERR_ARG;
    if (pc__limits_ok(ndim, shape, max_distances, strides_m) != PC_OK) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    struct tree_kind_ctx x = {&ctx, kind_a};
    const void *ptrs[3] = {a, max_distances, out};
    const int64_t *st[3] = {strides_a, strides_m, strides_out};
    int rc = pc__batch(ndim, shape, 3, ptrs, st, 0u, nearest_inner, &x, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}

/* The shape (kind ka, row a) moving by d against every item: the first hit
 * (the lowest index at equal times), 6 doubles as pc_sweep_tree. */
static void sweep_tree_one(const cast_ctx *c, int ka, const double *a, const double *d, double *out)
{
    if (!pc__moved_finite(ka, a, d[0], d[1])) {
        pc__toi_write_nan(out, 6);
        return;
    }
    pc__toi h;
    int64_t index;
    pc__tree_sweep(c, ka, a, d[0], d[1], &h, &index);
    pc__toi_write(&h, out);
    out[5] = (double)index;
}

static void sweep_tree_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct tree_kind_ctx *x = vctx;
    for (int64_t i = 0; i < n; i++)
        sweep_tree_one(x->c, x->ka, (const double *)(p[0] + i * s[0]), (const double *)(p[1] + i * s[1]),
                       (double *)(p[2] + i * s[2]));
}

static void cast_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const cast_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        cast_one(c, (const double *)(p[0] + i * s[0]), (const double *)(p[1] + i * s[1]),
                 *(const double *)(p[2] + i * s[2]), (double *)(p[3] + i * s[3]));
}

int pc__tree_query_of(pc__tree_query *ctx, void *work, int64_t work_bytes, double magnitude)
{
    if (!(magnitude >= 0)) return PC_ERR_ARG;
    if (pc__pairs_tree(work, work_bytes, &ctx->tree) != PC_OK) return PC_ERR_ARG;
    ctx->magnitude = magnitude;
    ctx->tree_mag = 0.0;
    if (ctx->tree.levels) {
        const double *root = ctx->tree.boxes + 4 * ctx->tree.first[ctx->tree.levels - 1];
        for (int k = 0; k < 4; k++) ctx->tree_mag = pc__max(ctx->tree_mag, fabs(root[k]));
    }
    return PC_OK;
}

int pc_raycast_shapes(void *work, int64_t work_bytes, double magnitude, const double *origins, const int64_t *strides_o,
                      const double *directions, const int64_t *strides_d, const double *max_distances,
                      const int64_t *strides_m, double *out, const int64_t *strides_out, int ndim, const int64_t *shape,
                      int threads, const volatile int *cancel)
{
    cast_ctx ctx;
    if (pc__tree_query_of(&ctx, work, work_bytes, magnitude) != PC_OK) return PC_ERR_ARG;
    if (pc__limits_ok(ndim, shape, max_distances, strides_m) != PC_OK) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    const void *ptrs[4] = {origins, directions, max_distances, out};
    const int64_t *st[4] = {strides_o, strides_d, strides_m, strides_out};
    int rc = pc__batch(ndim, shape, 4, ptrs, st, 0u, cast_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}

struct ordered_ctx {
    const cast_ctx *c;
    const double *o, *d, *m;
    double *out;
};

/* rays order[j], j over the chunk */
static void cast_ordered_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct ordered_ctx *x = vctx;
    for (int64_t j = 0; j < n; j++) {
        int64_t i = *(const int64_t *)(const void *)(p[0] + j * s[0]);
        cast_one(x->c, x->o + 2 * i, x->d + 2 * i, x->m[i], x->out + 5 * i);
    }
}

int pc_raycast_shapes_ordered(void *work, int64_t work_bytes, double magnitude, const double *origins,
                              const double *directions, const double *max_distances, double *out, int64_t n,
                              const int64_t *order, int threads, const volatile int *cancel)
{
    cast_ctx ctx;
    if (n < 0 || (n > 0 && (!origins || !directions || !max_distances || !out || !order))) return PC_ERR_ARG;
    if (pc__tree_query_of(&ctx, work, work_bytes, magnitude) != PC_OK) return PC_ERR_ARG;
    if (n == 0) return PC_OK; /* no rays: the arrays may be NULL */
    for (int64_t j = 0; j < n; j++)
        if (order[j] < 0 || order[j] >= n || !(max_distances[j] >= 0)) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    struct ordered_ctx x = {&ctx, origins, directions, max_distances, out};
    const void *ptrs[1] = {order};
    int64_t stride[1] = {(int64_t)sizeof(int64_t)}, shape[1] = {n};
    const int64_t *st[1] = {stride};
    int rc =
        pc__batch(1, shape, 1, ptrs, st, 1u, cast_ordered_inner, &x, threads, PC_CHUNK, cancel); /* strides in bytes */
    pc__fp_leave(env);
    return rc;
}

/* x's 16 bits spread to the even bits of a 32-bit word */
static uint32_t spread16(uint32_t x)
{
    x = (x | (x << 8)) & 0x00ff00ffu;
    x = (x | (x << 4)) & 0x0f0f0f0fu;
    x = (x | (x << 2)) & 0x33333333u;
    x = (x | (x << 1)) & 0x55555555u;
    return x;
}

int pc_ray_order(const double *points, int64_t n, int64_t *order, uint64_t *work)
{
    if (n < 0 || n >= (INT64_C(1) << 32) || (n > 0 && (!points || !order || !work))) return PC_ERR_ARG;
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (int64_t i = 0; i < n; i++)
        for (int c = 0; c < 2; c++) {
            double v = points[2 * i + c];
            if (!isfinite(v)) continue;
            lo[c] = pc__min(lo[c], v);
            hi[c] = pc__max(hi[c], v);
        }
    double scale[2];
    for (int c = 0; c < 2; c++) {
        double span = hi[c] - lo[c]; /* may overflow to inf: then every key on this axis is 0 */
        scale[c] = span > 0 && isfinite(span) ? 65535.0 / span : 0.0;
    }
    /* (key << 32 | i), sorted by key, 8 bits a pass; i keeps equal keys in order */
    uint64_t *a = work, *b = work + n;
    for (int64_t i = 0; i < n; i++) {
        double x = points[2 * i], y = points[2 * i + 1];
        uint32_t key = 0xffffffffu; /* not finite: last */
        if (isfinite(x) && isfinite(y)) {
            double qx = pc__clamp((x - lo[0]) * scale[0], 0.0, 65535.0),
                   qy = pc__clamp((y - lo[1]) * scale[1], 0.0, 65535.0);
            key = spread16((uint32_t)qx) | spread16((uint32_t)qy) << 1;
            key -= key == 0xffffffffu; /* the corner point stays before the non-finite */
        }
        a[i] = (uint64_t)key << 32 | (uint64_t)i;
    }
    for (int shift = 32; shift < 64; shift += 8) {
        int64_t count[257] = {0};
        for (int64_t i = 0; i < n; i++) count[(a[i] >> shift & 0xff) + 1]++;
        for (int k = 0; k < 256; k++) count[k + 1] += count[k];
        for (int64_t i = 0; i < n; i++) b[count[a[i] >> shift & 0xff]++] = a[i];
        uint64_t *t = a;
        a = b;
        b = t;
    }
    for (int64_t i = 0; i < n; i++) order[i] = (int64_t)(a[i] & 0xffffffffu);
    return PC_OK;
}

int pc_sweep_tree(void *work, int64_t work_bytes, double magnitude, int kind_a, const double *a,
                  const int64_t *strides_a, const double *displacements, const int64_t *strides_d, double *out,
                  const int64_t *strides_out, int ndim, const int64_t *shape, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_a)) return PC_ERR_KIND;
    cast_ctx ctx;
    if (pc__tree_query_of(&ctx, work, work_bytes, magnitude) != PC_OK) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    struct tree_kind_ctx x = {&ctx, kind_a};
    const void *ptrs[3] = {a, displacements, out};
    const int64_t *st[3] = {strides_a, strides_d, strides_out};
    int rc = pc__batch(ndim, shape, 3, ptrs, st, 0u, sweep_tree_inner, &x, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
