/*
 * Swept circles and motion through a tile map.
 *
 * A circle of radius r moving by D touches a convex shape first when its
 * centre c + t D enters the shape swelled by r: the union of the shape's
 * edges each moved out by r along its normal and of disks of radius r around
 * its corners.  So a sweep is a ray against offset segments and circles
 * (pc__toi_edge, pc__toi_vertex), the earliest entry wins.  Edges are taken on
 * both sides: a ray from outside reaches an inner offset only after the outer
 * boundary, so the inner one never wins, and flat shapes (segments, thin
 * boxes) need no special case.  Against a tile map the features are the merged
 * boundary edges near the path: no seam vertex inside a flat floor or wall.
 *
 * A feature the circle already touches counts at t = 0 only when D moves the
 * centre toward it (into the edge's band, or into the corner's disk): touching
 * and sliding along or moving away is free.
 *
 * Motion (pc_tilemap_advance) repeats sweep, move, respond for each circle.
 * Two exact checks keep the promises that floating point alone cannot: after
 * every move the circle's interior must not overlap a solid tile (exact
 * kernels); when it would, by rounding, the move is shortened by bisection
 * toward the start, which is known to be free.  With restitution <= 1 the new
 * velocity's squared length must not exceed the old one's (exact comparison);
 * when rounding makes it, the new velocity shrinks by an ulp until it does not.
 */
#include <float.h>

#include "fpenv.h"
#include "shapes.h"
#include "tiles.h"
#include "walk.h"

static void take(pc__toi *h, double t, double nx, double ny, double px, double py)
{
    if (!(t < h->t || (!h->hit && t <= h->t))) return;
    h->hit = 1;
    h->t = t;
    h->nx = nx + 0.0;
    h->ny = ny + 0.0;
    h->px = px;
    h->py = py;
}

/* How near a decision must be to its boundary (relative to the sizes of its
 * terms) before pc__sweep_map asks the exact test: far above the rounding of
 * the few operations involved, far below any geometry that matters. */
#define PC_TOI_UNSURE 1e-9

void pc__toi_vertex(pc__toi *h, double cx, double cy, double dx, double dy, double R, double vx, double vy)
{
    double fx = cx - vx, fy = cy - vy, f2 = fx * fx + fy * fy;
    double a = dx * dx + dy * dy, b = fx * dx + fy * dy, c = f2 - R * R;
    if (fabs(c) <= PC_TOI_UNSURE * (f2 + R * R)) h->unsure = 1; /* touching the disk at the start? */
    if (!(a > 0.0) || !(b < 0.0)) return; /* not moving toward the corner */
    double t;
    if (c <= 0.0) {
        t = 0.0; /* already in the disk and moving in */
    } else {
        double disc = b * b - a * c;
        if (fabs(disc) <= PC_TOI_UNSURE * (b * b + a * c)) h->unsure = 1; /* a graze? */
        if (!(disc > 0.0)) return; /* misses, or grazes the disk without approaching it */
        t = c / (-b + sqrt(disc)); /* the smaller root, without cancellation */
        if (fabs(t - 1.0) <= PC_TOI_UNSURE) h->unsure = 1; /* at the very end? */
        if (!(t <= 1.0)) return;
    }
    h->sure |= !h->unsure;
    if (!(t <= h->t)) return;
    /* the normal from the circle at its touching position toward the corner */
    double px = cx + t * dx, py = cy + t * dy, nx = vx - px, ny = vy - py, l = hypot(nx, ny);
    if (l > 0.0) { nx /= l; ny /= l; }
    else { l = sqrt(a); nx = dx / l; ny = dy / l; }
    take(h, t, nx, ny, vx, vy);
}

void pc__toi_edge(pc__toi *h, double cx, double cy, double dx, double dy, double R,
                  double ax, double ay, double bx, double by, int one_sided)
{
    pc__toi_vertex(h, cx, cy, dx, dy, R, ax, ay);
    pc__toi_vertex(h, cx, cy, dx, dy, R, bx, by);
    double ex = bx - ax, ey = by - ay, len = hypot(ex, ey);
    if (!(len > 0.0)) return;
    double ux = ex / len, uy = ey / len;
    /* signed height above the edge's line (its right side, the outside of a
     * tile map's boundary, positive) and its rate */
    double h0 = (cx - ax) * uy - (cy - ay) * ux, hd = dx * uy - dy * ux;
    double side = 1.0;
    if (!one_sided) side = h0 > 0.0 ? 1.0 : h0 < 0.0 ? -1.0 : (hd > 0.0 ? -1.0 : 1.0);
    double height = side * h0, rate = side * hd;
    if (fabs(height - R) <= PC_TOI_UNSURE * (fabs(height) + R)) h->unsure = 1; /* touching at the start? */
    if (!(rate < 0.0) || height < -R) return; /* not approaching the line, or behind it */
    double t = height <= R ? 0.0 : (height - R) / -rate;
    if (fabs(t - 1.0) <= PC_TOI_UNSURE) h->unsure = 1;
    if (!(t <= 1.0)) return;
    double along = (cx + t * dx - ax) * ux + (cy + t * dy - ay) * uy;
    if (!(along >= 0.0 && along <= len)) return; /* beyond an end: the corner disks decide */
    h->sure |= !h->unsure;
    if (!(t <= h->t)) return;
    take(h, t, -side * uy, side * ux, ax + along * ux, ay + along * uy);
}

/* The cells [i0, i1] x [j0, j1] that a circle of radius r moving from
 * (x0, y0) to (x1, y1) may touch; 0 when none. */
static int path_cells(const pc_tilemap *map, double x0, double y0, double x1, double y1, double r,
                      int64_t *i0, int64_t *i1, int64_t *j0, int64_t *j1)
{
    double s = map->tile_size;
    return pc__cell_range((pc__min(x0, x1) - r - map->ox) / s, (pc__max(x0, x1) + r - map->ox) / s, map->cols, j0, j1) &&
           pc__cell_range((pc__min(y0, y1) - r - map->oy) / s, (pc__max(y0, y1) + r - map->oy) / s, map->rows, i0, i1);
}

void pc__toi_map(pc__toi *h, const pc_tilemap *map, double cx, double cy, double r, double dx, double dy)
{
    int64_t i0, i1, j0, j1;
    if (map->n_edges == 0 || !path_cells(map, cx, cy, cx + dx, cy + dy, r, &i0, &i1, &j0, &j1)) return;
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int64_t cell = i * map->cols + j;
            for (int64_t p = map->cell_start[cell]; p < map->cell_start[cell + 1]; p++) {
                const double *e = map->edges + 6 * map->refs[p];
                pc__toi_edge(h, cx, cy, dx, dy, r, e[0], e[1], e[2], e[3], 1);
            }
        }
}

/* ---- whether a sweep hits, exactly ---------------------------------------
 *
 * The floating-point times above decide near-tangent and end-of-path cases by
 * rounding.  Whether a circle that starts apart from the target touches it
 * while approaching is decided again here, exactly, for the path from c to
 * e = fl(c + D) (the end the motion actually reaches): with r > 0, it does
 * iff the path swelled by r strictly overlaps the target somewhere (a graze,
 * which only touches, is not a hit), or touches it at the very end; with
 * r = 0 (a moving point, which has no tangents), iff the path meets it.  The
 * distance between a segment and a convex shape is attained at an end of the
 * segment or at a vertex of the shape unless they cross, so the strict test
 * is a segment-shape test plus disks of radius r around those points, all
 * exact kernels.
 */
static int path_meets(const pc__filter *f, const double *path, double r, int kind, const double *row)
{
    if (r == 0.0) return pc__overlap_one[PC_SEGMENT][kind](f, path, row, 0);
    if (pc__overlap_one[PC_SEGMENT][kind](f, path, row, 0)) return 1;
    for (int end = 0; end < 2; end++) {
        const double disk[3] = {path[2 * end], path[2 * end + 1], r};
        if (pc__overlap_one[PC_CIRCLE][kind](f, disk, row, 1)) return 1;
    }
    int n = kind == PC_POINT ? 1 : kind == PC_SEGMENT ? 2 : kind == PC_TRIANGLE ? 3 : kind == PC_BOX ? 4 : 0;
    for (int k = 0; k < n; k++) {
        double disk[3] = {0.0, 0.0, r};
        if (kind == PC_BOX) {
            disk[0] = row[(k & 1) ? 2 : 0];
            disk[1] = row[(k & 2) ? 3 : 1];
        } else {
            disk[0] = row[2 * k];
            disk[1] = row[2 * k + 1];
        }
        if (pc__overlap_one[PC_CIRCLE][PC_SEGMENT](f, disk, path, 1)) return 1;
    }
    return 0;
}

/* The same for a disk target (b: x, y, rb): the path's distance to its centre
 * below r + rb, or equal at the end; the sum r + rb is never rounded. */
static int path_meets_disk(const pc__filter *f, const double *path, double r, const double *b)
{
    double ax = path[0], ay = path[1], ex = path[2], ey = path[3], qx = b[0], qy = b[1], rb = b[2];
    if (pc__circle(f, ax, ay, qx, qy, r, rb) < 0 || pc__circle(f, ex, ey, qx, qy, r, rb) <= 0) return 1;
    if (r + rb == 0.0) return pc__on_segment(f, qx, qy, ax, ay, ex, ey); /* a point meeting a point */
    return pc__dot(f, ax, ay, ex, ey, qx, qy) > 0 && pc__dot(f, ex, ey, ax, ay, qx, qy) > 0 &&
           pc__perp2(ax, ay, ex, ey, qx, qy, r, rb) < 0;
}

static int map_path_hits(const pc_tilemap *map, const double *path, double r)
{
    const double span[6] = {path[0], path[1], path[2], path[3], r, map->magnitude};
    pc__filter f = pc__filter_for(pc__magnitude(span, 6));
    int64_t i0, i1, j0, j1;
    if (!path_cells(map, path[0], path[1], path[2], path[3], r, &i0, &i1, &j0, &j1)) return 0;
    double row[6];
    for (int64_t i = i0; i <= i1; i++)
        for (int64_t j = j0; j <= j1; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            if (kind >= 0 && path_meets(&f, path, r, kind, row)) return 1;
        }
    const double end[3] = {path[2], path[3], r};
    return pc__map_overlaps(map, end, 0);
}

/* A hit that the exact test finds and rounding missed (a near-graze, or a
 * touch at the very end): placed where the path comes nearest the shape
 * (kind, row), if nearer than *best so far. */
static void nearest_hit(pc__toi *h, const pc__filter *f, const double *path, int kind, const double *row, double *best)
{
    double con[7];
    pc__contact_one(f, PC_SEGMENT, path, kind, row, con);
    if (!(con[0] < *best)) return;
    *best = con[0];
    double dx = path[2] - path[0], dy = path[3] - path[1], dd = dx * dx + dy * dy;
    double t = dd > 0.0 ? ((con[3] - path[0]) * dx + (con[4] - path[1]) * dy) / dd : 1.0;
    h->hit = 1;
    h->t = pc__clamp(t, 0.0, 1.0);
    h->nx = con[1]; h->ny = con[2]; h->px = con[5]; h->py = con[6];
}

void pc__sweep_map(pc__toi *h, const pc_tilemap *map, double cx, double cy, double r, double dx, double dy)
{
    pc__toi_init(h);
    pc__toi_map(h, map, cx, cy, r, dx, dy);
    if (h->sure || !h->unsure) return; /* floating point decided it with a wide margin */
    const double start[3] = {cx, cy, r};
    if (pc__map_overlaps(map, start, 0)) return; /* touching already: the edges' one-sided rule decides */
    const double path[4] = {cx, cy, cx + dx, cy + dy};
    if (!map_path_hits(map, path, r)) {
        pc__toi_init(h); /* a graze, or a miss */
    } else if (!h->hit) {
        const double span[6] = {path[0], path[1], path[2], path[3], r, map->magnitude};
        pc__filter f = pc__filter_for(pc__magnitude(span, 6));
        double best = INFINITY, row[6];
        int64_t i0, i1, j0, j1;
        if (path_cells(map, path[0], path[1], path[2], path[3], r, &i0, &i1, &j0, &j1))
            for (int64_t i = i0; i <= i1; i++)
                for (int64_t j = j0; j <= j1; j++) {
                    int kind = pc__tile_shape(map, i, j, row);
                    if (kind >= 0) nearest_hit(h, &f, path, kind, row, &best);
                }
    }
}

static void write_toi(const pc__toi *h, double *out)
{
    out[0] = h->hit ? h->t : 1.0;
    out[1] = h->nx;
    out[2] = h->ny;
    out[3] = h->px;
    out[4] = h->py;
}

/* a circle against one shape of kind kb (layout row b) */
static void sweep_one(const double *c, const double *d, int kb, const double *b, double *out)
{
    pc__toi h;
    pc__toi_init(&h);
    double x = c[0], y = c[1], r = c[2], dx = d[0], dy = d[1];
    const double mags[5] = {x + dx, y + dy, x, y, r}; /* the path's end too */
    pc__filter f = pc__filter_for(pc__max(pc__magnitude(mags, 5), pc__magnitude(b, pc_kind_width(kb))));
    if (pc__overlap_one[PC_CIRCLE][kb](&f, c, b, 0)) {
        /* touching or overlapping already: a hit now if D has a component
         * along the contact normal (toward the target), else never (the
         * distance to a convex shape grows along a line once it grows) */
        double con[7];
        pc__contact_one(&f, PC_CIRCLE, c, kb, b, con);
        if (dx * con[1] + dy * con[2] > 0.0) {
            h.hit = 1;
            h.t = 0.0;
            h.nx = con[1]; h.ny = con[2]; h.px = con[5]; h.py = con[6];
        }
        write_toi(&h, out);
        return;
    }
    switch (kb) {
    case PC_POINT: pc__toi_vertex(&h, x, y, dx, dy, r, b[0], b[1]); break;
    case PC_CIRCLE:
        pc__toi_vertex(&h, x, y, dx, dy, r + b[2], b[0], b[1]);
        h.px -= b[2] * h.nx; /* the touching point is on the target circle's rim */
        h.py -= b[2] * h.ny;
        break;
    case PC_SEGMENT: pc__toi_edge(&h, x, y, dx, dy, r, b[0], b[1], b[2], b[3], 0); break;
    case PC_BOX:
        pc__toi_edge(&h, x, y, dx, dy, r, b[0], b[1], b[2], b[1], 0);
        pc__toi_edge(&h, x, y, dx, dy, r, b[2], b[1], b[2], b[3], 0);
        pc__toi_edge(&h, x, y, dx, dy, r, b[2], b[3], b[0], b[3], 0);
        pc__toi_edge(&h, x, y, dx, dy, r, b[0], b[3], b[0], b[1], 0);
        break;
    default:
        pc__toi_edge(&h, x, y, dx, dy, r, b[0], b[1], b[2], b[3], 0);
        pc__toi_edge(&h, x, y, dx, dy, r, b[2], b[3], b[4], b[5], 0);
        pc__toi_edge(&h, x, y, dx, dy, r, b[4], b[5], b[0], b[1], 0);
        break;
    }
    { /* exactly: does it hit at all */
        const double path[4] = {x, y, x + dx, y + dy};
        const double end[3] = {path[2], path[3], r};
        int meets = kb == PC_CIRCLE ? path_meets_disk(&f, path, r, b)
                                    : path_meets(&f, path, r, kb, b) || pc__overlap_one[PC_CIRCLE][kb](&f, end, b, 0);
        if (!meets) {
            pc__toi_init(&h);
        } else if (!h.hit) {
            double best = INFINITY;
            nearest_hit(&h, &f, path, kb, b, &best);
        }
    }
    write_toi(&h, out);
}

struct sweep_ctx {
    int kb;
    const pc_tilemap *map;
};

static void sweep_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct sweep_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        sweep_one((const double *)(p[0] + i * s[0]), (const double *)(p[1] + i * s[1]), c->kb,
                  (const double *)(p[2] + i * s[2]), (double *)(p[3] + i * s[3]));
}

static void map_sweep_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct sweep_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        const double *cc = (const double *)(p[0] + i * s[0]), *d = (const double *)(p[1] + i * s[1]);
        pc__toi h;
        pc__sweep_map(&h, c->map, cc[0], cc[1], cc[2], d[0], d[1]);
        write_toi(&h, (double *)(p[2] + i * s[2]));
    }
}

static int walk_doubles(int nop, const void *const *ptrs, const int64_t *const *dstrides, int ndim,
                        const int64_t *shape, pc__inner inner, void *ctx, int threads)
{
    int64_t st[PC_MAX_OPERANDS][PC_MAX_DIMS];
    const int64_t *strides[PC_MAX_OPERANDS];
    char *base[PC_MAX_OPERANDS];
    for (int k = 0; k < nop; k++) {
        if (!ptrs[k] || pc__double_strides(ndim, dstrides[k], st[k])) return PC_ERR_ARG;
        strides[k] = st[k];
        base[k] = (char *)ptrs[k];
    }
    int rc = pc__walk_check(ndim, shape, nop, strides);
    if (rc != PC_OK) return rc < 0 ? rc : PC_OK;
    pc__fpenv env = pc__fp_enter();
    pc__walk(ndim, shape, nop, base, strides, inner, ctx, threads);
    pc__fp_leave(env);
    return PC_OK;
}

int pc_sweep_batch(const double *circles, const int64_t *strides_c, const double *displacements,
                   const int64_t *strides_d, int kind_b, const double *b, const int64_t *strides_b,
                   double *out, const int64_t *strides_out, int ndim, const int64_t *shape, int threads)
{
    if (kind_b < 0 || kind_b >= PC_KIND_COUNT) return PC_ERR_KIND;
    struct sweep_ctx ctx = {kind_b, NULL};
    const void *ptrs[4] = {circles, displacements, b, out};
    const int64_t *st[4] = {strides_c, strides_d, strides_b, strides_out};
    return walk_doubles(4, ptrs, st, ndim, shape, sweep_inner, &ctx, threads);
}

int pc_tilemap_sweep(const pc_tilemap *map, const double *circles, const int64_t *strides_c,
                     const double *displacements, const int64_t *strides_d,
                     double *out, const int64_t *strides_out, int ndim, const int64_t *shape, int threads)
{
    if (!map || !map->cell_start || map->rows < 0 || map->cols < 0 || (map->n_edges > 0 && (!map->edges || !map->refs)))
        return PC_ERR_ARG;
    struct sweep_ctx ctx = {0, map};
    const void *ptrs[3] = {circles, displacements, out};
    const int64_t *st[3] = {strides_c, strides_d, strides_out};
    return walk_doubles(3, ptrs, st, ndim, shape, map_sweep_inner, &ctx, threads);
}

/* ---- motion ----------------------------------------------------------------- */

struct advance_ctx {
    const pc_tilemap *map;
    double dt, e, mu;
    int max_bounces;
    int count; /* bounces given */
};

/* The velocity after an impact with unit normal n (from the circle toward the
 * wall). */
static void respond(double *vx, double *vy, double nx, double ny, double e, double mu)
{
    double ux = *vx, uy = *vy, vn = ux * nx + uy * ny;
    if (!(vn > 0.0)) return; /* not approaching: nothing to reflect */
    double tx = ux - vn * nx, ty = uy - vn * ny, vt = hypot(tx, ty);
    double keep = 1.0;
    if (vt > 0.0 && mu > 0.0) keep = pc__max(0.0, 1.0 - mu * (1.0 + e) * vn / vt);
    double wx = tx * keep - e * vn * nx, wy = ty * keep - e * vn * ny;
    if (e <= 1.0) {
        /* no speed from rounding: shrink by ulps until |w| <= |u| exactly */
        while (pc__sumsq_cmp(wx, wy, ux, uy) > 0) {
            wx = nextafter(wx, 0.0);
            wy = nextafter(wy, 0.0);
        }
    }
    *vx = wx + 0.0;
    *vy = wy + 0.0;
}

/* Move circle c (updated) along D for a fraction t of it, or less: the
 * largest fraction found by bisection whose end position keeps the interior
 * off the solid, when the rounded end at t does not. Returns the fraction. */
static double move_free(const pc_tilemap *map, double *c, double dx, double dy, double t)
{
    double x = c[0], y = c[1];
    double end[3] = {t == 1.0 ? x + dx : x + t * dx, t == 1.0 ? y + dy : y + t * dy, c[2]};
    if (!pc__map_overlaps(map, end, 1)) {
        c[0] = end[0];
        c[1] = end[1];
        return t;
    }
    double lo = 0.0, hi = t;
    for (int k = 0; k < 64 && lo < hi; k++) {
        double mid = lo + 0.5 * (hi - lo);
        if (mid <= lo || mid >= hi) break;
        double p[3] = {x + mid * dx, y + mid * dy, c[2]};
        if (pc__map_overlaps(map, p, 1)) hi = mid;
        else lo = mid;
    }
    c[0] = x + lo * dx;
    c[1] = y + lo * dy;
    return lo;
}

static void advance_one(const struct advance_ctx *a, double *c, double *v, int64_t *bounces)
{
    if (pc__map_overlaps(a->map, c, 1)) { /* starts inside: left alone, and reported */
        if (bounces) *bounces = -1;
        return;
    }
    double left = a->dt; /* time still to move */
    int hits = 0;
    while (left > 0.0 && (v[0] != 0.0 || v[1] != 0.0)) {
        double dx = v[0] * left, dy = v[1] * left;
        /* a move that would leave the doubles is not made (the circle stays finite) */
        if (!isfinite(c[0] + dx) || !isfinite(c[1] + dy)) return;
        pc__toi h;
        pc__sweep_map(&h, a->map, c[0], c[1], c[2], dx, dy);
        double t = move_free(a->map, c, dx, dy, h.hit ? h.t : 1.0);
        if (!h.hit) return;
        respond(&v[0], &v[1], h.nx, h.ny, a->e, a->mu);
        hits++;
        if (bounces) (*bounces)++;
        if (hits >= a->max_bounces) return;
        left = left * (1.0 - t);
    }
}

static void advance_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct advance_ctx *a = vctx;
    for (int64_t i = 0; i < n; i++)
        advance_one(a, (double *)(p[0] + i * s[0]), (double *)(p[1] + i * s[1]),
                    a->count ? (int64_t *)(p[2] + i * s[2]) : NULL);
}

int pc_tilemap_advance(const pc_tilemap *map, double *circles, double *velocities, int64_t *bounces,
                       int64_t n, double dt, double restitution, double friction, int max_bounces,
                       int threads)
{
    if (!map || !map->cell_start || (map->n_edges > 0 && (!map->edges || !map->refs)) || !circles || !velocities)
        return PC_ERR_ARG;
    if (n < 0 || !isfinite(dt) || dt < 0.0 || !isfinite(restitution) || restitution < 0.0 ||
        !isfinite(friction) || friction < 0.0 || max_bounces < 1)
        return PC_ERR_ARG;
    if (n == 0) return PC_OK;
    struct advance_ctx ctx = {map, dt, restitution, friction, max_bounces, bounces != NULL};
    int64_t shape[1] = {n};
    int64_t sc[1] = {3 * 8}, sv[1] = {2 * 8}, sb[1] = {bounces ? 8 : 0};
    const int64_t *strides[3] = {sc, sv, sb};
    /* without bounces, operand 2 is an unused alias of circles */
    char *base[3] = {(char *)circles, (char *)velocities, bounces ? (char *)bounces : (char *)circles};
    pc__fpenv env = pc__fp_enter();
    pc__walk_chunked(1, shape, 3, base, strides, advance_inner, &ctx, threads, PC_MOTION_CHUNK);
    pc__fp_leave(env);
    return PC_OK;
}
