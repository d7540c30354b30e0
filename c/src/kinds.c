/* The kind descriptors (kinds.h): width, rule, bounds and core of each kind. */
#include <math.h>
#include <string.h>

#include "eft.h"
#include "fpenv.h"
#include "generic.h"
#include "kinds.h"
#include "kernels.h"
#include "walk.h"

/* a - b rounded down and a + b rounded up (b >= 0): the exact value when it is
 * a double, else the double next to it outward (two-sum gives the sign of
 * the rounding error; an overflow is the infinity outward, and should the
 * error term not come out finite, the step outward holds the value all the
 * same) */
/* nextafter(s, -INFINITY) and nextafter(s, INFINITY) of a finite s, inline
 * (the library call dominated the bounds of circles and capsules): a double's
 * bits, read as an integer, step to its neighbour (a zero of either sign to
 * the least subnormal; the greatest double to the infinity). */
static inline double step_bits(double s, int64_t by)
{
    uint64_t u;
    memcpy(&u, &s, sizeof u);
    u += (uint64_t)by;
    memcpy(&s, &u, sizeof s);
    return s;
}
static inline double step_down(double s) { return s == 0 ? -0x1p-1074 : step_bits(s, s > 0 ? -1 : 1); }
static inline double step_up(double s) { return s == 0 ? 0x1p-1074 : step_bits(s, s > 0 ? 1 : -1); }

static inline double sub_down(double a, double b)
{
    double s, e;
    pc__two_sum(a, -b, &s, &e);
    return isfinite(s) && !(e >= 0) ? step_down(s) : s;
}
static inline double add_up(double a, double b)
{
    double s, e;
    pc__two_sum(a, b, &s, &e);
    return isfinite(s) && !(e <= 0) ? step_up(s) : s;
}

static void push(pc__hull *h, double x, double y)
{
    h->x[h->n] = x;
    h->y[h->n] = y;
    h->n++;
}

/* the extremes of n vertices (x, y pairs): exact */
static void vertex_bounds(const double *s, int n, double *bb)
{
    bb[0] = bb[2] = s[0];
    bb[1] = bb[3] = s[1];
    for (int v = 1; v < n; v++) {
        bb[0] = pc__min(bb[0], s[2 * v]);
        bb[2] = pc__max(bb[2], s[2 * v]);
        bb[1] = pc__min(bb[1], s[2 * v + 1]);
        bb[3] = pc__max(bb[3], s[2 * v + 1]);
    }
}

static int no_rule(const double *s)
{
    (void)s;
    return PC_RULE_OK;
}

/* n points (x, y pairs) mirrored and moved; the rest of the row copied */
static void place_points(const double *s, int n, int width, double sx, double sy, double tx, double ty, double *out)
{
    for (int k = width - 1; k >= 2 * n; k--) out[k] = s[k];
    for (int v = 0; v < n; v++) {
        double x = s[2 * v], y = s[2 * v + 1];
        out[2 * v] = sx * x + tx; /* sx x is exact: one rounding */
        out[2 * v + 1] = sy * y + ty;
    }
}
static void place_1(const double *s, double sx, double sy, double tx, double ty, double *o)
{
    place_points(s, 1, 2, sx, sy, tx, ty, o);
}
static void place_2(const double *s, double sx, double sy, double tx, double ty, double *o)
{
    place_points(s, 2, 4, sx, sy, tx, ty, o);
}
static void place_3(const double *s, double sx, double sy, double tx, double ty, double *o)
{
    place_points(s, 3, 6, sx, sy, tx, ty, o);
}
static void place_circle(const double *s, double sx, double sy, double tx, double ty, double *o)
{
    place_points(s, 1, 3, sx, sy, tx, ty, o);
}
static void place_box(const double *s, double sx, double sy, double tx, double ty, double *o)
{
    place_points(s, 2, 4, sx, sy, tx, ty, o);
    if (o[0] > o[2]) {
        double t = o[0];
        o[0] = o[2];
        o[2] = t;
    } /* mirrored: min and max swap */
    if (o[1] > o[3]) {
        double t = o[1];
        o[1] = o[3];
        o[3] = t;
    }
}

/* ---- point ---- */
static void point_bounds(const double *s, double *bb) { vertex_bounds(s, 1, bb); }
static void point_core(const pc__filter *f, const double *s, pc__hull *h)
{
    (void)f;
    h->n = 0;
    h->R = 0.0;
    push(h, s[0], s[1]);
}

/* ---- circle: a point grown by r ---- */
static int circle_rule(const double *s) { return s[2] < 0 ? PC_RULE_RADIUS : PC_RULE_OK; }
static void circle_bounds(const double *s, double *bb)
{
    /* x - r and x + r, exact where they are doubles, else rounded outward */
    bb[0] = sub_down(s[0], s[2]);
    bb[1] = sub_down(s[1], s[2]);
    bb[2] = add_up(s[0], s[2]);
    bb[3] = add_up(s[1], s[2]);
}
static void circle_core(const pc__filter *f, const double *s, pc__hull *h)
{
    point_core(f, s, h);
    h->R = s[2];
}

/* ---- box ---- */
static int box_rule(const double *s)
{
    if (s[0] > s[2]) return PC_RULE_XORDER;
    if (s[1] > s[3]) return PC_RULE_YORDER;
    return PC_RULE_OK;
}
static void box_bounds(const double *s, double *bb) { memcpy(bb, s, 4 * sizeof(double)); }
static void box_core(const pc__filter *f, const double *s, pc__hull *h)
{
    (void)f;
    h->n = 0;
    h->R = 0.0;
    push(h, s[0], s[1]);
    if (s[0] == s[2] && s[1] == s[3]) return;
    if (s[0] == s[2] || s[1] == s[3]) {
        push(h, s[2], s[3]);
        return;
    }
    push(h, s[2], s[1]);
    push(h, s[2], s[3]);
    push(h, s[0], s[3]);
}

/* ---- segment ---- */
static void segment_bounds(const double *s, double *bb) { vertex_bounds(s, 2, bb); }
static void segment_core(const pc__filter *f, const double *s, pc__hull *h)
{
    (void)f;
    h->n = 0;
    h->R = 0.0;
    push(h, s[0], s[1]);
    if (s[0] != s[2] || s[1] != s[3]) push(h, s[2], s[3]);
}

/* ---- triangle: either winding; collinear is its hull segment ---- */
static void triangle_bounds(const double *s, double *bb) { vertex_bounds(s, 3, bb); }
static void triangle_core(const pc__filter *f, const double *s, pc__hull *h)
{
    pc_triangle t = pc__load_triangle(s);
    int o = pc__tri_orientation(f, t);
    h->n = 0;
    h->R = 0.0;
    if (o == 0) {
        pc_segment g = pc__hull_segment(t);
        push(h, g.x0, g.y0);
        if (g.x0 != g.x1 || g.y0 != g.y1) push(h, g.x1, g.y1);
        return;
    }
    push(h, t.x0, t.y0);
    if (o > 0) {
        push(h, t.x1, t.y1);
        push(h, t.x2, t.y2);
    } else {
        push(h, t.x2, t.y2);
        push(h, t.x1, t.y1);
    }
}

/* ---- capsule: a segment grown by r ---- */
static int capsule_rule(const double *s) { return s[4] < 0 ? PC_RULE_RADIUS : PC_RULE_OK; }
static void capsule_bounds(const double *s, double *bb)
{
    bb[0] = sub_down(pc__min(s[0], s[2]), s[4]);
    bb[1] = sub_down(pc__min(s[1], s[3]), s[4]);
    bb[2] = add_up(pc__max(s[0], s[2]), s[4]);
    bb[3] = add_up(pc__max(s[1], s[3]), s[4]);
}
static void capsule_core(const pc__filter *f, const double *s, pc__hull *h)
{
    segment_core(f, s, h);
    h->R = s[4];
}
static void place_capsule(const double *s, double sx, double sy, double tx, double ty, double *o)
{
    place_points(s, 2, 5, sx, sy, tx, ty, o);
}

/* ---- convex polygons of K vertices ----
 * Valid: after dropping repeated consecutive vertices, either all vertices are
 * collinear (the polygon is a segment or a point), or every turn is to one
 * side or straight on (a straight turn that doubles back is not convex), and
 * the edge directions go round once.  Going round is counted exactly: an edge
 * direction is in the upper half (dy > 0, or dy = 0 and dx > 0) or the lower;
 * with turns of less than pi each, the half changes twice per turn round. */
static int polygon_rule_k(const double *s, int k)
{
    double x[PC_POLYGON_MAX], y[PC_POLYGON_MAX];
    int n = 0;
    for (int i = 0; i < k; i++) {
        double px = s[2 * i], py = s[2 * i + 1];
        if (n > 0 && px == x[n - 1] && py == y[n - 1]) continue;
        x[n] = px;
        y[n] = py;
        n++;
    }
    while (n > 1 && x[n - 1] == x[0] && y[n - 1] == y[0]) n--;
    if (n < 3) return PC_RULE_OK;
    pc__filter f = pc__filter_for(pc__magnitude(s, 2 * k));
    int side = 0, straight_back = 0, changes = 0;
    for (int i = 0; i < n; i++) {
        int j = (i + 1) % n, l = (i + 2) % n;
        int o = pc__orient(&f, x[i], y[i], x[j], y[j], x[l], y[l]);
        if (o != 0 && side != 0 && o != side) return PC_RULE_NOT_CONVEX;
        if (o != 0)
            side = o;
        else
            straight_back |= pc__dot(&f, x[j], y[j], x[i], y[i], x[l], y[l]) > 0; /* i and l on one side of j */
        double ax = x[j] - x[i], ay = y[j] - y[i], bx = x[l] - x[j], by = y[l] - y[j];
        int ha = ay < 0 || (ay == 0 && ax < 0), hb = by < 0 || (by == 0 && bx < 0);
        changes += ha != hb;
    }
    if (side == 0) return PC_RULE_OK; /* all collinear */
    if (straight_back) return PC_RULE_NOT_CONVEX;
    return changes == 2 ? PC_RULE_OK : PC_RULE_WINDING;
}
#define PC__POLYGON(K)                                                                                            \
    static int polygon_rule_##K(const double *s) { return polygon_rule_k(s, K); }                                 \
    static void polygon_bounds_##K(const double *s, double *bb) { vertex_bounds(s, K, bb); }                      \
    static void polygon_core_##K(const pc__filter *f, const double *s, pc__hull *h) { polygon_core(f, s, K, h); } \
    static void place_polygon_##K(const double *s, double sx, double sy, double tx, double ty, double *o)         \
    {                                                                                                             \
        place_points(s, K, 2 * K, sx, sy, tx, ty, o);                                                             \
    }

/* The common case of polygon_core, without its neighbour searches: every
 * turn strictly to one side (so no vertex repeats or lies straight on; a valid
 * polygon goes round once, so it is convex).  The core is then every vertex,
 * in the order polygon_core gives: from vertex 0 on if counter-clockwise,
 * from vertex k - 1 back if clockwise.  0 (nothing written) otherwise. */
static int polygon_core_strict(const pc__filter *f, const double *s, int k, pc__hull *h)
{
    double x[PC_POLYGON_MAX + 2], y[PC_POLYGON_MAX + 2];
    for (int i = 0; i < k; i++) {
        x[i] = s[2 * i];
        y[i] = s[2 * i + 1];
    }
    x[k] = x[0];
    y[k] = y[0];
    x[k + 1] = x[1];
    y[k + 1] = y[1];
    int pos = 1, neg = 1;
    for (int i = 0; i < k; i++) {
        int o = pc__orient(f, x[i], y[i], x[i + 1], y[i + 1], x[i + 2], y[i + 2]);
        pos &= o > 0;
        neg &= o < 0;
    }
    if (!(pos | neg)) return 0;
    h->R = 0.0;
    h->n = k;
    for (int t = 0; t < k; t++) {
        int i = pos ? t : k - 1 - t;
        h->x[t] = x[i];
        h->y[t] = y[i];
    }
    return 1;
}

/* The reduced core: drop repeated and straight-on vertices (an all-collinear
 * polygon is the segment between its lexicographic extremes), counter-clockwise. */
static void polygon_core(const pc__filter *f, const double *s, int k, pc__hull *h)
{
    if (polygon_core_strict(f, s, k, h)) return;
    pc__view v;
    pc__view_of(f, PC_POLYGON + k - 3, s, &v);
    h->R = 0.0;
    h->n = 0;
    if (v.n < 3) {
        for (int i = 0; i < v.n; i++) push(h, v.x[i], v.y[i]);
        return;
    }
    for (int t = 0; t < v.n; t++) {
        int i = v.s > 0 ? t : v.n - 1 - t; /* counter-clockwise order */
        int p = v.s > 0 ? (i + v.n - 1) % v.n : (i + 1) % v.n, q = v.s > 0 ? (i + 1) % v.n : (i + v.n - 1) % v.n;
        /* the nearest distinct neighbours before and after i */
        while (v.x[p] == v.x[i] && v.y[p] == v.y[i]) p = v.s > 0 ? (p + v.n - 1) % v.n : (p + 1) % v.n;
        while (v.x[q] == v.x[i] && v.y[q] == v.y[i]) q = v.s > 0 ? (q + 1) % v.n : (q + v.n - 1) % v.n;
        if (h->n > 0 && h->x[h->n - 1] == v.x[i] && h->y[h->n - 1] == v.y[i]) continue;
        if (pc__orient(f, v.x[p], v.y[p], v.x[i], v.y[i], v.x[q], v.y[q]) > 0) push(h, v.x[i], v.y[i]);
    }
    if (h->n > 1 && h->x[h->n - 1] == h->x[0] && h->y[h->n - 1] == h->y[0]) h->n--;
}
/* clang-format off */
PC__POLYGON(3) PC__POLYGON(4) PC__POLYGON(5) PC__POLYGON(6) PC__POLYGON(7) PC__POLYGON(8)
/* clang-format on */
#define PC__POLYGON_INFO(K)                                                                                        \
    [PC_POLYGON + K -                                                                                              \
        3] = {"polygon",        2 * K, PC_POLYGON + K - 3, polygon_rule_##K, polygon_bounds_##K, polygon_core_##K, \
              place_polygon_##K},

    /* ---- line: two distinct points (intersections only) ---- */
    static int line_rule(const double *s)
{
    return s[0] == s[2] && s[1] == s[3] ? PC_RULE_LINE_POINTS : PC_RULE_OK;
}

static const pc__kind_info kinds[PC_KIND_SLOTS] = {
    [PC_POINT] = {"point", 2, PC_POINT, no_rule, point_bounds, point_core, place_1},
    [PC_CIRCLE] = {"circle", 3, PC_POINT, circle_rule, circle_bounds, circle_core, place_circle},
    [PC_BOX] = {"box", 4, PC_BOX, box_rule, box_bounds, box_core, place_box},
    [PC_SEGMENT] = {"segment", 4, PC_SEGMENT, no_rule, segment_bounds, segment_core, place_2},
    [PC_TRIANGLE] = {"triangle", 6, PC_TRIANGLE, no_rule, triangle_bounds, triangle_core, place_3},
    [PC_CAPSULE] = {"capsule", 5, PC_SEGMENT, capsule_rule, capsule_bounds, capsule_core, place_capsule},
    PC__POLYGON_INFO(3) PC__POLYGON_INFO(4) PC__POLYGON_INFO(5) PC__POLYGON_INFO(6) PC__POLYGON_INFO(7)
        PC__POLYGON_INFO(8)[PC_LINE] = {"line", 4, PC_LINE, line_rule, NULL, segment_core, place_2},
};

const pc__kind_info *pc__kind(int kind)
{
    if (kind < 0 || kind >= PC_KIND_SLOTS || kinds[kind].width == 0) return NULL;
    return &kinds[kind];
}

int pc_kind_width(int kind)
{
    const pc__kind_info *k = pc__kind(kind);
    return k ? k->width : PC_ERR_KIND;
}

void pc__hull_of(const pc__filter *f, int kind, const double *row, pc__hull *h) { kinds[kind].core(f, row, h); }

/* ---- bounds of many shapes -------------------------------------------------- */

struct bounds_ctx { const pc__kind_info *k; };

static void bounds_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct bounds_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) c->k->bounds((const double *)(p[0] + i * s[0]), (double *)(p[1] + i * s[1]));
}

int pc_bounds(int kind, const double *shapes, int64_t n, double *out, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind)) return PC_ERR_KIND;
    if (n < 0 || (n > 0 && (!shapes || !out))) return PC_ERR_ARG;
    if (n == 0) return PC_OK;
    pc__fpenv env = pc__fp_enter();
    struct bounds_ctx ctx = {&kinds[kind]};
    int64_t shape[1] = {n}, in[1] = {kinds[kind].width}, bb[1] = {4};
    const void *ptrs[2] = {shapes, out};
    const int64_t *strides[2] = {in, bb};
    int rc = pc__batch(1, shape, 2, ptrs, strides, 0u, bounds_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}

/* ---- placing copies ----------------------------------------------------------- */

int pc_place(int kind, const double *shapes, int64_t n, const double *mirror_x, const double *mirror_y,
             const double *offsets, int64_t copies, double *out)
{
    const pc__kind_info *k = pc__kind(kind);
    if (!k) return PC_ERR_KIND;
    if (n < 0 || copies < 0 || (n > 0 && copies > 0 && (!shapes || !mirror_x || !mirror_y || !offsets || !out)))
        return PC_ERR_ARG;
    if (n == 0 || copies == 0) return PC_OK; /* the mirrors and offsets may then be NULL */
    pc__fpenv env = pc__fp_enter();
    int w = k->width;
    for (int64_t c = 0; c < copies; c++) {
        double sx = mirror_x[c] < 0 ? -1.0 : 1.0, sy = mirror_y[c] < 0 ? -1.0 : 1.0;
        for (int64_t i = 0; i < n; i++)
            k->place(shapes + i * w, sx, sy, offsets[2 * c], offsets[2 * c + 1], out + (c * n + i) * w);
    }
    pc__fp_leave(env);
    return PC_OK;
}
