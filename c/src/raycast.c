/*
 * Raycasts against a tile map's solid region, exact for every finite input.
 *
 * The solid region is the union of the closed tiles, so a ray hits it iff it
 * meets some tile, which a separating-axis test decides with exact signs
 * (pc__ray_meets_hull), for any tile, even one that rounding made flat or a
 * point.  So whether it hits is exact as soon as every tile the ray meets
 * lies in some cell the walk visits; only the distance is rounded.  The walk goes
 * column by column along the ray's major axis (the one along which its
 * direction is longer), each column once, in the ray's order.  In a column
 * it visits every row whose closed extent meets the ray's minor coordinate
 * over that column, a range computed in floating point and widened by a
 * bound on its rounding error, then looked up exactly (pc__cells).  Every
 * point of the ray lies in some cell the walk visits, so no tile the ray
 * meets is missed, at any origin, tile size or direction length.  The walk
 * stops when no later column can hold a nearer hit.  The first tile hit
 * gives the distance, the normal of the face through which the ray enters it
 * (a face of the region's boundary: were it shared with a solid neighbour,
 * the ray would have met that neighbour first) and the tile.
 *
 * Distances are measured along the major axis, with the direction scaled so
 * that its major component is 1: a direction of 1e-308 or 1e308 is no harder
 * than one of 1.  Coordinates beyond 2^500 (or all below 2^-500) are scaled
 * by a power of two for the float arithmetic, which guides the exact entry:
 * the distance reported is the entry rounded once (entry.h), as the raycasts
 * against shapes report it, so a tile and a shape entered at the same point
 * are at the same distance, and tiles entered at one corner tie exactly.  A
 * distance beyond the largest double is +inf, but the hit is still reported
 * (the output's hit flag).
 */
#include <float.h>

#include "core.h"
#include "entry.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "tiles.h"
#include "walk.h"

/* A ray in the frame of its major axis: origin o, direction u with
 * |u[major]| = 1, and the power of two 2^e by which coordinates are divided
 * for the float arithmetic. */
typedef struct {
    double o[2], d[2], u[2];
    int major, e;
} ray;

typedef struct {
    double t;      /* the nearest hit so far, along the major axis, rounded once (entry.h; INFINITY: none) */
    double nx, ny; /* the outward normal of the face entered */
    int open;      /* that face is on the solid's boundary */
    int64_t i, j;  /* the tile (-1: none) */
} ray_best;

/* Where the ray enters tile (i, j), whose core h it meets (decided exactly),
 * in floating point: the distance along the major axis and the outward unit
 * normal of the face entered (Cyrus-Beck; for a flat core, its side facing
 * the ray, or -u along it).  Where faces tie (a corner), one on the solid's
 * boundary is preferred to one shared with a solid neighbour. */
static double entry(const pc_tilemap *map, int64_t ti, int64_t tj, const ray *r, const pc__hull *h, double *nx,
                    double *ny, int *face_open)
{
    double ox = ldexp(r->o[0], -r->e), oy = ldexp(r->o[1], -r->e), ux = r->u[0], uy = r->u[1];
    double len = hypot(ux, uy), best = 0.0;
    *nx = -ux / len;
    *ny = -uy / len;
    *face_open = 0;
    if (h->n == 1) {
        double vx = ldexp(h->x[0], -r->e), vy = ldexp(h->y[0], -r->e);
        best = ((vx - ox) * ux + (vy - oy) * uy) / (len * len);
        return ldexp(best > 0.0 ? best : 0.0, r->e);
    }
    int edges = h->n == 2 ? 1 : h->n, found = 0, open = 0;
    for (int i = 0; i < edges; i++) {
        int j = i + 1 == h->n ? 0 : i + 1;
        double ax = ldexp(h->x[i], -r->e), ay = ldexp(h->y[i], -r->e);
        double ex = ldexp(h->x[j], -r->e) - ax, ey = ldexp(h->y[j], -r->e) - ay;
        double mx = ey, my = -ex; /* outward for a counter-clockwise polygon */
        double md = mx * ux + my * uy;
        if (h->n == 2 && md > 0) { /* a segment: its side facing the ray */
            mx = -mx;
            my = -my;
            md = -md;
        }
        if (!(md < 0)) continue; /* not entering through this face */
        double t = (mx * (ax - ox) + my * (ay - oy)) / md;
        int diagonal = h->x[i] != h->x[j] && h->y[i] != h->y[j];
        int is_open = diagonal || pc__tile_side_open(map, ti, tj, (mx > 0) - (mx < 0), (my > 0) - (my < 0));
        int tie = found && fabs(t - best) <= 1e-12 * pc__max(fabs(t), fabs(best));
        if (!found || (tie ? is_open && !open : t > best)) {
            double ml = hypot(mx, my);
            best = tie ? pc__max(t, best) : t;
            *nx = mx / ml;
            *ny = my / ml;
            open = is_open;
            found = 1;
        }
    }
    if (!found) { /* along a flat core: its nearer end */
        double t0 = ((ldexp(h->x[0], -r->e) - ox) * ux + (ldexp(h->y[0], -r->e) - oy) * uy) / (len * len);
        double t1 = ((ldexp(h->x[1], -r->e) - ox) * ux + (ldexp(h->y[1], -r->e) - oy) * uy) / (len * len);
        best = pc__min(t0, t1);
    }
    *face_open = open;
    return ldexp(best > 0.0 ? best : 0.0, r->e);
}

static void cell_tile(const pc_tilemap *map, const pc__filter *f, const ray *r, int64_t i, int64_t j, ray_best *b)
{
    double row[6];
    int kind = pc__tile_shape(map, i, j, row);
    if (kind < 0 || (i == b->i && j == b->j)) return;
    pc__hull h;
    pc__hull_of(f, kind, row, &h);
    if (!pc__ray_meets_hull(f, &h, r->o[0], r->o[1], r->d[0], r->d[1])) return;
    int open;
    double nx, ny, t = entry(map, i, j, r, &h, &nx, &ny, &open);
    /* the entry, rounded once and exactly (the float one a guess; +inf when
     * it cannot reach the best so far) */
    double cap = b->i >= 0 ? b->t * (1 + 0x1p-48) + 0x1p-1070 : INFINITY;
    t = pc__ray_entry(&h, r->o, r->d, t, cap);
    /* the nearest tile; where tiles tie (the ray through a shared corner), one
     * entered through a boundary face */
    int tie = b->i >= 0 && t == b->t;
    if (b->i < 0 || (tie ? open && !b->open : t < b->t)) {
        b->t = t;
        b->nx = nx;
        b->ny = ny;
        b->open = open;
        b->i = i;
        b->j = j;
    }
}

/* A bound on the rounding error of fl(ob + fl(t q)) = v against ob + t q*,
 * where q = fl(q*) may be subnormal: every term's relative error, with room,
 * and the absolute error a subnormal q carries. */
static double minor_error(double t, double q, double v)
{
    return 4.0 * PC_U * (fabs(t * q) + fabs(v)) + (t + 1.0) * 0x1p-1072;
}

/* out: hit (0 or 1), distance (+inf: none, or beyond the doubles), the
 * outward normal of the face entered, the tile's row and column. */
static void raycast_one(const pc_tilemap *map, const double *o, const double *d, double *out)
{
    out[0] = 0.0;
    out[1] = INFINITY;
    out[2] = out[3] = NAN;
    out[4] = out[5] = -1.0;
    ray r;
    r.o[0] = o[0];
    r.o[1] = o[1];
    r.d[0] = d[0];
    r.d[1] = d[1];
    r.major = fabs(d[1]) > fabs(d[0]);
    double dm = fabs(d[r.major]);
    if (!(dm > 0.0)) {
        out[1] = NAN;
        return;
    } /* no direction */
    r.u[r.major] = d[r.major] > 0 ? 1.0 : -1.0;
    r.u[!r.major] = d[!r.major] / dm;
    const double mags[4] = {o[0], o[1], d[0], d[1]};
    pc__filter f = pc__filter_for(pc__max(map->magnitude, pc__magnitude(mags, 4)));
    double m = pc__max(map->magnitude, pc__max(fabs(o[0]), fabs(o[1])));
    r.e = 0;
    if ((m > 0x1p500 || m < 0x1p-500) && m > 0.0 && isfinite(m)) frexp(m, &r.e);
    int64_t ti, tj;
    if (pc__point_in_solid(map, o[0], o[1], &ti, &tj)) {
        double len = hypot(1.0, r.u[!r.major]); /* |u| */
        out[0] = 1.0;
        out[1] = 0.0;
        out[2] = -r.u[0] / len + 0.0;
        out[3] = -r.u[1] / len + 0.0;
        out[4] = (double)ti;
        out[5] = (double)tj;
        return;
    }
    const int A = r.major, B = !r.major;
    pc__axis axes[2];
    axes[0] = pc__axis_x(map);
    axes[1] = pc__axis_y(map, &axes[0]);
    const pc__axis *ax = &axes[A], *bx = &axes[B];
    const double oa = o[A], ob = o[B], q = r.u[B], sa = r.u[A];
    int64_t k0, k1;
    /* the columns ahead of the origin along the major axis */
    if (!(sa > 0 ? pc__cells(ax, oa, INFINITY, &k0, &k1) : pc__cells(ax, -INFINITY, oa, &k0, &k1))) return;
    ray_best b = {INFINITY, NAN, NAN, 0, -1, -1};
    int64_t count = k1 - k0 + 1;
    for (int64_t step = 0; step < count; step++) {
        int64_t k = sa > 0 ? k0 + step : k1 - step;
        double near = pc__grid(ax->o, sa > 0 ? k : k + 1, ax->s), far = pc__grid(ax->o, sa > 0 ? k + 1 : k, ax->s);
        /* the major-axis distances over which the ray is in this column, rounded outward */
        double t0 = pc__max(0.0, pc__down(sa > 0 ? near - oa : oa - near));
        double t1 = pc__up(sa > 0 ? far - oa : oa - far);
        if (b.i >= 0 && b.t * (1.0 + 1e-9) < t0) break; /* no nearer hit from here on */
        if (!(t1 >= 0.0)) continue;
        double lo, hi;
        if (d[B] == 0.0) {
            lo = hi = ob;
        } else {
            double v0 = ob + t0 * q, v1 = ob + t1 * q;
            double e0 = minor_error(t0, q, v0), e1 = minor_error(t1, q, v1);
            lo = pc__min(v0 - e0, v1 - e1);
            hi = pc__max(v0 + e0, v1 + e1);
            if (!(lo <= hi)) {
                lo = -INFINITY;
                hi = INFINITY;
            } /* an overflow: every row */
        }
        int64_t i0, i1;
        if (!pc__cells(bx, lo, hi, &i0, &i1)) continue;
        for (int64_t i = i0; i <= i1; i++) {
            if (A == 0)
                cell_tile(map, &f, &r, i, k, &b);
            else
                cell_tile(map, &f, &r, k, i, &b);
        }
    }
    if (b.i < 0) return;
    out[0] = 1.0;
    out[1] = pc__ray_distance(b.t, pc__ray_stretch(d));
    out[2] = b.nx + 0.0;
    out[3] = b.ny + 0.0;
    out[4] = (double)b.i;
    out[5] = (double)b.j;
}

struct ray_ctx { const pc_tilemap *map; };

static void raycast_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct ray_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++)
        raycast_one(c->map, (const double *)(p[0] + i * s[0]), (const double *)(p[1] + i * s[1]),
                    (double *)(p[2] + i * s[2]));
}

int pc_tilemap_raycast(const pc_tilemap *map, const double *origins, const int64_t *strides_o, const double *directions,
                       const int64_t *strides_d, double *out, const int64_t *strides_out, int ndim,
                       const int64_t *shape, int threads, const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    int rc = PC_ERR_ARG;
    if (pc__map_ok(map)) {
        struct ray_ctx ctx = {map};
        const void *ptrs[3] = {origins, directions, out};
        const int64_t *st[3] = {strides_o, strides_d, strides_out};
        rc = pc__batch(ndim, shape, 3, ptrs, st, 0u, raycast_inner, &ctx, threads, PC_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}
