/*
 * Relations of two shapes as shapely's predicates read them (the DE-9IM of
 * their point sets), decided exactly: pc_relate.
 *
 * Every shape is its convex core (kinds.h: one point, a segment of two
 * distinct points, or a proper convex polygon, counter-clockwise) grown by a
 * radius R >= 0.  Its dimension is that of the point set: 2 when R > 0 or the
 * core is a polygon, else 1 (a segment) or 0 (a point); a degenerate box or
 * triangle is the segment or point it covers.  Its interior is the open set
 * for dimension 2, the segment without its two ends for dimension 1, the
 * point itself for dimension 0.
 *
 *  - covers(A, B), B within the closed A.  With support functions h, B in A
 *    exactly when h_coreB + RB <= h_coreA + RA in every direction:
 *     - RB <= RA: coreB within coreA grown by RA - RB, which is convex, so
 *       when each vertex of coreB is: within coreA itself (RA = RB), or at
 *       most RA - RB from it (RA > RB: then coreA is a point or a segment,
 *       the only cores with a radius);
 *     - RB > RA: coreB grown by RB - RA within coreA, which needs a polygon
 *       (then RA = 0), each vertex of coreB at least RB inside every edge's
 *       line.  A point or segment grown by RA cannot hold a disc of radius
 *       RB > RA.
 *  - interiors(A, B), the interiors meet: two of dimension 2, the strict
 *    overlap; one of dimension 2, B (closed) meets the open A, which is the
 *    strict overlap again (the open A is open, so a closed B that meets it
 *    meets it with points of its interior too); two segments, a proper
 *    crossing or a collinear overlap of positive length; a point and a
 *    segment, the point on the segment but at neither end; two points, equal.
 *  - contains(A, B) = covers(A, B) and interiors(A, B) (no point of B
 *    outside A, some interior point of B inside A's interior);
 *  - touches(A, B) = they meet (the closed overlap) but their interiors do
 *    not (for two points always false, as shapely's).
 *
 * Distances against RA - RB are compared by the exact stage of predicates.c,
 * whose big integers take radii of either sign.
 */
#include "pycollide.h"

#include "fpenv.h"
#include "kinds.h"
#include "overlap.h"
#include "predicates.h"
#include "walk.h"

static int dimension(const pc__hull *h) { return h->R > 0 || h->n >= 3 ? 2 : h->n - 1; }

/* Is (x, y) on the closed segment a-b (a != b)? */
static int on_segment(const pc__filter *f, double ax, double ay, double bx, double by, double x, double y)
{
    return pc__orient(f, ax, ay, bx, by, x, y) == 0 && pc__dot(f, ax, ay, bx, by, x, y) >= 0 &&
           pc__dot(f, bx, by, ax, ay, x, y) >= 0;
}

/* Is (x, y) within the closed core h? */
static int in_core(const pc__filter *f, const pc__hull *h, double x, double y)
{
    if (h->n == 1) return x == h->x[0] && y == h->y[0];
    if (h->n == 2) return on_segment(f, h->x[0], h->y[0], h->x[1], h->y[1], x, y);
    for (int i = 0; i < h->n; i++) {
        int j = (i + 1) % h->n;
        if (pc__orient(f, h->x[i], h->y[i], h->x[j], h->y[j], x, y) < 0) return 0;
    }
    return 1;
}

/* Is (x, y) at most ra - rb (ra > rb >= 0) from the core h, a point or a
 * segment?  Exact. */
static int near_core(const pc__filter *f, const pc__hull *h, double x, double y, double ra, double rb)
{
    if (h->n == 1) return pc__circle_exact(x, y, h->x[0], h->y[0], ra, -rb) <= 0;
    if (h->n != 2) return 0;
    double ax = h->x[0], ay = h->y[0], bx = h->x[1], by = h->y[1];
    if (pc__dot(f, ax, ay, bx, by, x, y) <= 0) return pc__circle_exact(x, y, ax, ay, ra, -rb) <= 0;
    if (pc__dot(f, bx, by, ax, ay, x, y) <= 0) return pc__circle_exact(x, y, bx, by, ra, -rb) <= 0;
    return pc__perp2_exact(ax, ay, bx, by, x, y, ra, -rb) <= 0;
}

/* Is (x, y) at least r > 0 inside every edge's line of the polygon h? */
static int deep_in_polygon(const pc__filter *f, const pc__hull *h, double x, double y, double r)
{
    for (int i = 0; i < h->n; i++) {
        int j = (i + 1) % h->n;
        if (pc__orient(f, h->x[i], h->y[i], h->x[j], h->y[j], x, y) <= 0) return 0;
        if (pc__perp3(h->x[i], h->y[i], h->x[j], h->y[j], x, y, r, 0.0, 0.0) < 0) return 0;
    }
    return 1;
}

static int covers(const pc__filter *f, const pc__hull *A, const pc__hull *B)
{
    for (int k = 0; k < B->n; k++) {
        double x = B->x[k], y = B->y[k];
        int in = B->R == A->R  ? in_core(f, A, x, y)
                 : B->R < A->R ? near_core(f, A, x, y, A->R, B->R)
                               : A->n >= 3 && deep_in_polygon(f, A, x, y, B->R);
        if (!in) return 0;
    }
    return 1;
}

/* Do the open segments a and b (each of two distinct points) meet? */
static int open_segments_meet(const pc__filter *f, const pc__hull *a, const pc__hull *b)
{
    double ax = a->x[0], ay = a->y[0], bx = a->x[1], by = a->y[1];
    double cx = b->x[0], cy = b->y[0], dx = b->x[1], dy = b->y[1];
    int o1 = pc__orient(f, ax, ay, bx, by, cx, cy), o2 = pc__orient(f, ax, ay, bx, by, dx, dy);
    if (o1 == 0 && o2 == 0) { /* collinear: positive overlap along the line, ends ordered lexicographically */
        int a_swap = ax > bx || (ax == bx && ay > by), b_swap = cx > dx || (cx == dx && cy > dy);
        double alx = a_swap ? bx : ax, aly = a_swap ? by : ay, ahx = a_swap ? ax : bx, ahy = a_swap ? ay : by;
        double blx = b_swap ? dx : cx, bly = b_swap ? dy : cy, bhx = b_swap ? cx : dx, bhy = b_swap ? cy : dy;
        /* the later start lies before the earlier end */
        int a_later = alx > blx || (alx == blx && aly > bly);
        double sx = a_later ? alx : blx, sy = a_later ? aly : bly;
        int a_earlier = ahx < bhx || (ahx == bhx && ahy < bhy);
        double ex = a_earlier ? ahx : bhx, ey = a_earlier ? ahy : bhy;
        return sx < ex || (sx == ex && sy < ey);
    }
    if (o1 * o2 >= 0) return 0;
    int o3 = pc__orient(f, cx, cy, dx, dy, ax, ay), o4 = pc__orient(f, cx, cy, dx, dy, bx, by);
    return o3 * o4 < 0;
}

/* Is the point (x, y) on the open segment h? */
static int on_open_segment(const pc__filter *f, const pc__hull *h, double x, double y)
{
    double ax = h->x[0], ay = h->y[0], bx = h->x[1], by = h->y[1];
    return pc__orient(f, ax, ay, bx, by, x, y) == 0 && pc__dot(f, ax, ay, bx, by, x, y) > 0 &&
           pc__dot(f, bx, by, ax, ay, x, y) > 0;
}

static int interiors_meet(const pc__filter *f, int ka, const double *a, const pc__hull *A, int kb, const double *b,
                          const pc__hull *B)
{
    int da = dimension(A), db = dimension(B);
    if (da == 2 || db == 2) return pc__overlap_rows(f, ka, a, kb, b, PC_STRICT);
    if (da == 1 && db == 1) return open_segments_meet(f, A, B);
    if (da == 1) return on_open_segment(f, A, B->x[0], B->y[0]);
    if (db == 1) return on_open_segment(f, B, A->x[0], A->y[0]);
    return A->x[0] == B->x[0] && A->y[0] == B->y[0];
}

int pc__relate_rows(const pc__filter *f, int ka, const double *a, int kb, const double *b, int relation)
{
    pc__hull A, B;
    pc__hull_of(f, ka, a, &A);
    pc__hull_of(f, kb, b, &B);
    switch (relation) {
    case PC_RELATE_COVERS: return covers(f, &A, &B);
    case PC_RELATE_CONTAINS: return covers(f, &A, &B) && interiors_meet(f, ka, a, &A, kb, b, &B);
    case PC_RELATE_TOUCHES:
        return pc__overlap_rows(f, ka, a, kb, b, PC_TOUCHING) && !interiors_meet(f, ka, a, &A, kb, b, &B);
    case PC_RELATE_INTERIORS: return interiors_meet(f, ka, a, &A, kb, b, &B);
    case PC_RELATE_EQUALS: return covers(f, &A, &B) && covers(f, &B, &A);
    default: return 0;
    }
}

struct relate_ctx {
    pc__filter f;
    int ka, kb, wa, wb, relation;
    const double *a, *b;
};

static void relate_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct relate_ctx *c = vctx;
    for (int64_t k = 0; k < n; k++) {
        int64_t i = *(const int64_t *)(void *)(p[0] + k * s[0]), j = *(const int64_t *)(void *)(p[1] + k * s[1]);
        *(uint8_t *)(p[2] + k * s[2]) =
            (uint8_t)pc__relate_rows(&c->f, c->ka, c->a + i * c->wa, c->kb, c->b + j * c->wb, c->relation);
    }
}

int pc_relate(int kind_a, const double *a, const int64_t *which_a, int kind_b, const double *b, const int64_t *which_b,
              int64_t n, int relation, double magnitude, uint8_t *out, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_a) || !pc__is_shape(kind_b)) return PC_ERR_KIND;
    if (n < 0 || relation < 0 || relation > PC_RELATE_EQUALS || !(magnitude >= 0)) return PC_ERR_ARG;
    if (n == 0) return PC_OK;
    if (!a || !b || !which_a || !which_b || !out) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    struct relate_ctx c = {pc__filter_for(magnitude), kind_a,   kind_b, pc_kind_width(kind_a),
                           pc_kind_width(kind_b),     relation, a,      b};
    int64_t shape[1] = {n}, s8[1] = {8}, s1[1] = {1};
    const void *ptrs[3] = {which_a, which_b, out};
    const int64_t *st[3] = {s8, s8, s1};
    int rc = pc__batch(1, shape, 3, ptrs, st, 7u, relate_inner, &c, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
