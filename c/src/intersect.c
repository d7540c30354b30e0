/*
 * Boundary intersections: pc_intersections_batch (pycollide.h).
 *
 * Every kernel splits its work in two.  WHETHER the boundaries meet and HOW
 * MANY points there are come from exact signs (predicates.h) and exact
 * comparisons of the inputs, so the count is exact.  The coordinates are float
 * computations, done on copies of the two shapes scaled by a common power of
 * two (exact) so that their largest value is near 1: products of differences
 * can then neither overflow nor underflow, and the result is scaled back.  A
 * point that is an input vertex (a segment end on the other boundary, a box
 * corner, the centre of a radius-0 circle) is returned exactly.  A computed
 * point is clamped to a region that exactly contains the true point (a
 * segment's bounding box, the box), so rounding never moves it outside.
 *
 * Symmetric pairs (segment-segment, circle-circle) put their two shapes in a
 * canonical order first, so both argument orders give the same doubles.
 */
#include <math.h>

#include "fpenv.h"
#include "generic.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"
#include "outline.h"
#include "walk.h"

/* up to two points, in output order */
typedef struct {
    int n;
    double p[4];
} hits;

static int hit(hits *h, double x, double y)
{
    h->p[2 * h->n] = x;
    h->p[2 * h->n + 1] = y;
    return ++h->n;
}

/* a computed point in scaled units: scale it back by 2^k, then clamp it to the
 * box [xlo, xhi] x [ylo, yhi] that holds the true point */
static int hit_scaled(hits *h, double x, double y, int k, double xlo, double xhi, double ylo, double yhi)
{
    return hit(h, pc__clamp(ldexp(x, k), xlo, xhi), pc__clamp(ldexp(y, k), ylo, yhi));
}

static int sign3(double a, double b) { return (a > b) - (a < b); }

/* An infinite line through (x0, y0) and (x1, y1), two distinct points. */
typedef pc_segment pc__line;
static inline pc__line pc__load_line(const double *p) { return pc__load_segment(p); }
static inline double pc__mag_line(pc__line s) { return pc__mag_segment(s); }

static pc_segment scale_segment(pc_segment s, int k)
{
    pc_segment r = {ldexp(s.x0, k), ldexp(s.y0, k), ldexp(s.x1, k), ldexp(s.y1, k)};
    return r;
}

static pc_circle scale_circle(pc_circle c, int k)
{
    pc_circle r = {ldexp(c.x, k), ldexp(c.y, k), ldexp(c.r, k)};
    return r;
}

/* Exact lexicographic order of points (x, then y). */
static int lex_less(double ax, double ay, double bx, double by) { return ax < bx || (ax == bx && ay < by); }

/* The segment s crossed by the line through l's ends (both unscaled), where
 * the exact signs say its ends lie strictly on opposite sides: the point
 * s0 + t (s1 - s0) with t = c0 / (c0 - c1), c the cross products of the line's
 * direction with the ends, in units of 2^k (the points scaled by 2^-k, the
 * direction by a power of 2 of its own: t does not depend on its length, and
 * a direction of a few subnormals beside points of size 1 does not vanish).
 * The two terms have opposite signs, so the denominator does not cancel;
 * near-zero float values are guarded.  (x, y) in units of 2^k. */
static void crossing(pc_segment lu, pc_segment su, int k, double *x, double *y)
{
    pc_segment l = scale_segment(lu, -k), s = scale_segment(su, -k);
    double dx = lu.x1 - lu.x0, dy = lu.y1 - lu.y0; /* exact where it does not overflow */
    if (!isfinite(dx) || !isfinite(dy)) {
        dx = 0.5 * lu.x1 - 0.5 * lu.x0;
        dy = 0.5 * lu.y1 - 0.5 * lu.y0;
    }
    int e = 0;
    if (dx != 0.0 || dy != 0.0) frexp(pc__max(fabs(dx), fabs(dy)), &e);
    dx = ldexp(dx, -e);
    dy = ldexp(dy, -e);
    double c0 = dx * (s.y0 - l.y0) - dy * (s.x0 - l.x0);
    double c1 = dx * (s.y1 - l.y0) - dy * (s.x1 - l.x0);
    double den = c0 - c1;
    double t = den != 0 ? pc__clamp(c0 / den, 0.0, 1.0) : 0.5;
    *x = s.x0 + t * (s.x1 - s.x0);
    *y = s.y0 + t * (s.y1 - s.y0);
}

/* the crossing of segment s by the line l, both unscaled, into h */
static int hit_crossing(hits *h, pc_segment l, pc_segment s, int k, double xlo, double xhi, double ylo, double yhi)
{
    double x, y;
    crossing(l, s, k, &x, &y);
    return hit_scaled(h, x, y, k, xlo, xhi, ylo, yhi);
}

/* The line through s0 and s1 (distinct) against the circle c, all scaled: the
 * foot (fx, fy) of the perpendicular from the centre, the unit direction
 * (ux, uy) and the half chord w (0 when the line misses or touches).  The
 * half chord is sqrt((r - dist)(r + dist)), which keeps the cancellation of
 * r^2 - dist^2 in one well-conditioned factor. */
static void chord(pc_circle c, pc_segment s, double *fx, double *fy, double *ux, double *uy, double *w)
{
    double dx = s.x1 - s.x0, dy = s.y1 - s.y0;
    double len = hypot(dx, dy);
    *ux = dx / len;
    *uy = dy / len;
    double vx = c.x - s.x0, vy = c.y - s.y0;
    double t = vx * *ux + vy * *uy;
    double dist = fabs(vx * *uy - vy * *ux);
    *fx = s.x0 + t * *ux;
    *fy = s.y0 + t * *uy;
    double w2 = (c.r - dist) * (c.r + dist);
    *w = w2 > 0 ? sqrt(w2) : 0.0;
}

/* ---- segment-segment --------------------------------------------------- */

static int segment_less(pc_segment a, pc_segment b)
{
    if (a.x0 != b.x0 || a.y0 != b.y0) return lex_less(a.x0, a.y0, b.x0, b.y0);
    return lex_less(a.x1, a.y1, b.x1, b.y1);
}

/* the lexicographically smaller and larger end of s */
static void lex_ends(pc_segment s, double *lo, double *hi)
{
    int swap = lex_less(s.x1, s.y1, s.x0, s.y0);
    lo[0] = swap ? s.x1 : s.x0;
    lo[1] = swap ? s.y1 : s.y0;
    hi[0] = swap ? s.x0 : s.x1;
    hi[1] = swap ? s.y0 : s.y1;
}

static int k_segment_segment(const pc__filter *f, pc_segment a, pc_segment b, int k, hits *h)
{
    if (segment_less(b, a)) {
        pc_segment t = a;
        a = b;
        b = t;
    }
    if (!pc__segments_meet(f, a.x0, a.y0, a.x1, a.y1, b.x0, b.y0, b.x1, b.y1, 0)) return h->n;
    if (pc__zero_length(a)) return hit(h, a.x0, a.y0);
    if (pc__zero_length(b)) return hit(h, b.x0, b.y0);
    int o0 = pc__orient(f, a.x0, a.y0, a.x1, a.y1, b.x0, b.y0);
    int o1 = pc__orient(f, a.x0, a.y0, a.x1, a.y1, b.x1, b.y1);
    if (o0 == 0 && o1 == 0) {
        /* collinear: on a line, lexicographic order is the order along it */
        double alo[2], ahi[2], blo[2], bhi[2];
        lex_ends(a, alo, ahi);
        lex_ends(b, blo, bhi);
        const double *lo = lex_less(alo[0], alo[1], blo[0], blo[1]) ? blo : alo;
        const double *hi = lex_less(ahi[0], ahi[1], bhi[0], bhi[1]) ? ahi : bhi;
        hit(h, lo[0], lo[1]);
        if (lo[0] != hi[0] || lo[1] != hi[1]) hit(h, hi[0], hi[1]);
        return h->n;
    }
    /* the lines cross at one point: an end lying on the other line is it */
    if (o0 == 0) return hit(h, b.x0, b.y0);
    if (o1 == 0) return hit(h, b.x1, b.y1);
    if (pc__orient(f, b.x0, b.y0, b.x1, b.y1, a.x0, a.y0) == 0) return hit(h, a.x0, a.y0);
    if (pc__orient(f, b.x0, b.y0, b.x1, b.y1, a.x1, a.y1) == 0) return hit(h, a.x1, a.y1);
    /* a proper crossing: the error grows with the length of the segment that is
     * parametrised, so take the shorter one (the pair's order is canonical) */
    double xlo = pc__max(pc__min(a.x0, a.x1), pc__min(b.x0, b.x1));
    double xhi = pc__min(pc__max(a.x0, a.x1), pc__max(b.x0, b.x1));
    double ylo = pc__max(pc__min(a.y0, a.y1), pc__min(b.y0, b.y1));
    double yhi = pc__min(pc__max(a.y0, a.y1), pc__max(b.y0, b.y1));
    pc_segment as = scale_segment(a, -k), bs = scale_segment(b, -k);
    double la = hypot(as.x1 - as.x0, as.y1 - as.y0), lb = hypot(bs.x1 - bs.x0, bs.y1 - bs.y0);
    if (la <= lb) return hit_crossing(h, b, a, k, xlo, xhi, ylo, yhi);
    return hit_crossing(h, a, b, k, xlo, xhi, ylo, yhi);
}

/* ---- segment-line ------------------------------------------------------ */

static int k_segment_line(const pc__filter *f, pc_segment s, pc__line l, int k, hits *h)
{
    int o0 = pc__orient(f, l.x0, l.y0, l.x1, l.y1, s.x0, s.y0);
    int o1 = pc__orient(f, l.x0, l.y0, l.x1, l.y1, s.x1, s.y1);
    if (o0 == 0 && o1 == 0) {
        if (pc__zero_length(s)) return hit(h, s.x0, s.y0);
        /* both ends on the line: order them along its direction (exact: on a
         * line that is not vertical distinct points differ in x) */
        int forward = l.x0 != l.x1 ? (l.x1 > l.x0) == (s.x1 > s.x0) : (l.y1 > l.y0) == (s.y1 > s.y0);
        hit(h, forward ? s.x0 : s.x1, forward ? s.y0 : s.y1);
        hit(h, forward ? s.x1 : s.x0, forward ? s.y1 : s.y0);
        return h->n;
    }
    if (o0 == 0) return hit(h, s.x0, s.y0);
    if (o1 == 0) return hit(h, s.x1, s.y1);
    if (o0 == o1) return h->n;
    return hit_crossing(h, l, s, k, pc__min(s.x0, s.x1), pc__max(s.x0, s.x1), pc__min(s.y0, s.y1), pc__max(s.y0, s.y1));
}

/* ---- circle-line and circle-segment ------------------------------------ */

/* The points F - w u, F + w u of the chord of c on the line through s (both
 * unscaled); `which` selects them (bit 0: the first, bit 1: the second);
 * `tangent` gives the foot F alone.  Clamped to [xlo, xhi] x [ylo, yhi]. */
static int hit_chord(hits *h, pc_circle c, pc_segment s, int k, int tangent, int which, double xlo, double xhi,
                     double ylo, double yhi)
{
    double fx, fy, ux, uy, w;
    chord(scale_circle(c, -k), scale_segment(s, -k), &fx, &fy, &ux, &uy, &w);
    if (tangent) return hit_scaled(h, fx, fy, k, xlo, xhi, ylo, yhi);
    if (which & 1) hit_scaled(h, fx - w * ux, fy - w * uy, k, xlo, xhi, ylo, yhi);
    if (which & 2) hit_scaled(h, fx + w * ux, fy + w * uy, k, xlo, xhi, ylo, yhi);
    return h->n;
}

static int k_circle_line(const pc__filter *f, pc_circle c, pc__line l, int k, hits *h)
{
    /* sign(dist(centre, line)^2 - r^2) */
    int p = pc__perp(f, l.x0, l.y0, l.x1, l.y1, c.x, c.y, c.r);
    if (p > 0) return h->n;
    if (c.r == 0) return hit(h, c.x, c.y); /* a point circle on the line */
    /* every point of the chord lies within r of the centre */
    return hit_chord(h, c, l, k, p == 0, 3, c.x - c.r, c.x + c.r, c.y - c.r, c.y + c.r);
}

/*
 * Along s(t) = s0 + t (s1 - s0), |s(t) - c|^2 - r^2 is a quadratic with
 * roots t1 <= t2 (real iff the line is within r of the centre: pc__perp).
 * With e0, e1 the exact signs of that quadratic at t = 0 and t = 1 (end
 * outside, on, inside the circle) and d0, d1 the signs of the vertex t* and
 * of 1 - t* (pc__dot), for distinct roots:
 *   t1 in [0, 1]  iff  e0 >= 0 and d0 > 0, and (e1 <= 0 or d1 > 0);
 *   t2 in [0, 1]  iff  (e0 <= 0 or d0 > 0), and e1 >= 0 and d1 > 0.
 * (A root at 0 is t1 when t* > 0 and t2 when t* < 0; t* = 0 would be a
 * double root.  The conditions for t2 are those for t1 with the segment
 * reversed.)  A double root (tangent) counts when 0 <= t* <= 1.
 */
static int k_circle_segment(const pc__filter *f, pc_circle c, pc_segment s, int k, hits *h)
{
    int e0 = pc__circle(f, s.x0, s.y0, c.x, c.y, c.r, 0.0);
    if (pc__zero_length(s)) {
        if (e0 == 0) hit(h, s.x0, s.y0);
        return h->n;
    }
    int p = pc__perp(f, s.x0, s.y0, s.x1, s.y1, c.x, c.y, c.r);
    if (p > 0) return h->n;
    int e1 = pc__circle(f, s.x1, s.y1, c.x, c.y, c.r, 0.0);
    int d0 = pc__dot(f, s.x0, s.y0, s.x1, s.y1, c.x, c.y);
    int d1 = pc__dot(f, s.x1, s.y1, s.x0, s.y0, c.x, c.y);
    double xlo = pc__min(s.x0, s.x1), xhi = pc__max(s.x0, s.x1);
    double ylo = pc__min(s.y0, s.y1), yhi = pc__max(s.y0, s.y1);
    if (p == 0) {
        if (d0 < 0 || d1 < 0) return h->n;
        if (e0 == 0) return hit(h, s.x0, s.y0);
        if (e1 == 0) return hit(h, s.x1, s.y1);
        if (c.r == 0) return hit(h, c.x, c.y);
        return hit_chord(h, c, s, k, 1, 0, xlo, xhi, ylo, yhi);
    }
    int in1 = e0 >= 0 && d0 > 0 && (e1 <= 0 || d1 > 0);
    int in2 = (e0 <= 0 || d0 > 0) && e1 >= 0 && d1 > 0;
    /* roots at the ends are the ends themselves */
    if (in1) {
        if (e0 == 0)
            hit(h, s.x0, s.y0); /* t1 = 0 (d0 > 0) */
        else if (e1 == 0 && d1 < 0)
            hit(h, s.x1, s.y1); /* t1 = 1 */
        else
            hit_chord(h, c, s, k, 0, 1, xlo, xhi, ylo, yhi);
    }
    if (in2) {
        if (e1 == 0)
            hit(h, s.x1, s.y1); /* t2 = 1 (d1 > 0) */
        else if (e0 == 0 && d0 < 0)
            hit(h, s.x0, s.y0); /* t2 = 0 */
        else
            hit_chord(h, c, s, k, 0, 2, xlo, xhi, ylo, yhi);
    }
    return h->n;
}

/* ---- circle-circle ----------------------------------------------------- */

static int circle_less(pc_circle a, pc_circle b)
{
    if (a.x != b.x || a.y != b.y) return lex_less(a.x, a.y, b.x, b.y);
    return a.r < b.r;
}

static int k_circle_circle(const pc__filter *f, pc_circle a, pc_circle b, int k, hits *h)
{
    if (circle_less(b, a)) {
        pc_circle t = a;
        a = b;
        b = t;
    }
    /* sign(|d|^2 - (ra + rb)^2): apart, touching outside, or not */
    int outer = pc__circle(f, a.x, a.y, b.x, b.y, a.r, b.r);
    if (outer > 0) return h->n;
    if (a.x == b.x && a.y == b.y) {
        /* concentric: no point, or infinitely many (reported as none) unless both are points */
        if (a.r == 0 && b.r == 0) hit(h, a.x, a.y);
        return h->n;
    }
    /* sign(|d|^2 - (ra - rb)^2): pc__circle with rb negated (its bounds use only
     * |ra + rb| <= 2M, and its exact stage is signed) */
    int inner = pc__circle(f, a.x, a.y, b.x, b.y, a.r, -b.r);
    if (inner < 0) return h->n; /* one strictly inside the other */
    if (a.r == 0) return hit(h, a.x, a.y);
    if (b.r == 0) return hit(h, b.x, b.y);
    pc_circle as = scale_circle(a, -k), bs = scale_circle(b, -k);
    double dx = bs.x - as.x, dy = bs.y - as.y, d = hypot(dx, dy);
    double ux = dx / d, uy = dy / d;
    /* every boundary point of a lies within ra of its centre */
    double xlo = a.x - a.r, xhi = a.x + a.r, ylo = a.y - a.r, yhi = a.y + a.r;
    if (outer == 0 || inner == 0) {
        /* tangent: the point at distance ra from a's centre, towards b's
         * centre, or away from it when b is the larger circle around a */
        double m = (outer == 0 || as.r >= bs.r) ? as.r : -as.r;
        return hit_scaled(h, as.x + m * ux, as.y + m * uy, k, xlo, xhi, ylo, yhi);
    }
    /* the radical line crosses the centre line at distance m from a's centre;
     * the half chord is sqrt((ra - m)(ra + m)) */
    double m = 0.5 * (d + (as.r - bs.r) * (as.r + bs.r) / d);
    double w2 = (as.r - m) * (as.r + m), w = w2 > 0 ? sqrt(w2) : 0.0;
    double mx = as.x + m * ux, my = as.y + m * uy;
    /* right of the direction a -> b first: the right normal is (uy, -ux) */
    hit_scaled(h, mx + w * uy, my - w * ux, k, xlo, xhi, ylo, yhi);
    return hit_scaled(h, mx - w * uy, my + w * ux, k, xlo, xhi, ylo, yhi);
}

/* ---- box-segment: the clipped segment ---------------------------------- */

/*
 * Liang-Barsky with exact comparisons.  The clipped part is [t_in, t_out] with
 * t_in the largest of the entry events (the start, t = 0; the entry line
 * x = v of the box when the segment moves in x; the same in y) and t_out the
 * smallest of the exit events.  Two events are compared exactly:
 *   end (point P) vs line x = v:  sign(t_end - t_x) = sign(P.x - v) sign(dx);
 *   line x = u vs line x = v:     sign(u - v) sign(dx);
 *   line x = u vs line y = v:     -orient(s0, s1, (u, v)) sign(dx) sign(dy)
 * (t_x - t_y has the numerator (u - x0) dy - (v - y0) dx).
 */
enum { EV_END = 1, EV_X = 2, EV_Y = 4 };
typedef struct {
    int axis; /* EV_END, EV_X or EV_Y */
    double v; /* EV_END: 0 or 1 (the start or the end); else the line's coordinate */
} event;

/* the events at the extreme so far: which axes tie there, and their values */
typedef struct {
    event best;
    int mask;
    double end, x, y;
} extreme;

static int event_cmp(const pc__filter *f, pc_segment s, int sx, int sy, event a, event b)
{
    if (a.axis == b.axis) {
        int dir = a.axis == EV_END ? 1 : a.axis == EV_X ? sx : sy;
        return sign3(a.v, b.v) * dir;
    }
    if (b.axis == EV_END || (b.axis == EV_X && a.axis == EV_Y)) return -event_cmp(f, s, sx, sy, b, a);
    if (a.axis == EV_END) {
        double px = a.v == 0 ? s.x0 : s.x1, py = a.v == 0 ? s.y0 : s.y1;
        return b.axis == EV_X ? sign3(px, b.v) * sx : sign3(py, b.v) * sy;
    }
    return -pc__orient(f, s.x0, s.y0, s.x1, s.y1, a.v, b.v) * sx * sy;
}

static void extreme_add(const pc__filter *f, pc_segment s, int sx, int sy, extreme *e, event ev, int want)
{
    int c = e->mask ? event_cmp(f, s, sx, sy, ev, e->best) * want : 1;
    if (c < 0) return;
    if (c > 0) {
        e->best = ev;
        e->mask = 0;
    }
    e->mask |= ev.axis;
    if (ev.axis == EV_END) e->end = ev.v;
    if (ev.axis == EV_X) e->x = ev.v;
    if (ev.axis == EV_Y) e->y = ev.v;
}

/* the point of a set of tied events: an end or a corner exactly, else the
 * crossing of one box line, computed and clamped to the box and the segment */
static int hit_event(hits *h, pc_box b, pc_segment s, int k, const extreme *e)
{
    if (e->mask & EV_END) return hit(h, e->end == 0 ? s.x0 : s.x1, e->end == 0 ? s.y0 : s.y1);
    if (e->mask == (EV_X | EV_Y)) return hit(h, e->x, e->y);
    double xlo = pc__max(b.xmin, pc__min(s.x0, s.x1)), xhi = pc__min(b.xmax, pc__max(s.x0, s.x1));
    double ylo = pc__max(b.ymin, pc__min(s.y0, s.y1)), yhi = pc__min(b.ymax, pc__max(s.y0, s.y1));
    pc_segment ss = scale_segment(s, -k);
    if (e->mask == EV_X) {
        double t = (ldexp(e->x, -k) - ss.x0) / (ss.x1 - ss.x0);
        return hit(h, e->x, pc__clamp(ldexp(ss.y0 + t * (ss.y1 - ss.y0), k), ylo, yhi));
    }
    double t = (ldexp(e->y, -k) - ss.y0) / (ss.y1 - ss.y0);
    return hit(h, pc__clamp(ldexp(ss.x0 + t * (ss.x1 - ss.x0), k), xlo, xhi), e->y);
}

static int k_box_segment(const pc__filter *f, pc_box b, pc_segment s, int k, hits *h)
{
    if (!pc__k_box_segment(f, b, s, 0)) return h->n;
    if (pc__zero_length(s)) return hit(h, s.x0, s.y0);
    int sx = sign3(s.x1, s.x0), sy = sign3(s.y1, s.y0);
    extreme in = {{0, 0}, 0, 0, 0, 0}, out = in;
    extreme_add(f, s, sx, sy, &in, (event){EV_END, 0.0}, 1);
    extreme_add(f, s, sx, sy, &out, (event){EV_END, 1.0}, -1);
    if (sx) {
        extreme_add(f, s, sx, sy, &in, (event){EV_X, sx > 0 ? b.xmin : b.xmax}, 1);
        extreme_add(f, s, sx, sy, &out, (event){EV_X, sx > 0 ? b.xmax : b.xmin}, -1);
    }
    if (sy) {
        extreme_add(f, s, sx, sy, &in, (event){EV_Y, sy > 0 ? b.ymin : b.ymax}, 1);
        extreme_add(f, s, sx, sy, &out, (event){EV_Y, sy > 0 ? b.ymax : b.ymin}, -1);
    }
    /* they meet, so t_in <= t_out: a single point when equal */
    if (event_cmp(f, s, sx, sy, in.best, out.best) == 0) {
        extreme one = in;
        one.mask |= out.mask;
        if (out.mask & EV_END) one.end = out.end;
        if (out.mask & EV_X) one.x = out.x;
        if (out.mask & EV_Y) one.y = out.y;
        return hit_event(h, b, s, k, &one);
    }
    hit_event(h, b, s, k, &in);
    return hit_event(h, b, s, k, &out);
}

/* ---- convex shapes (triangles, polygons, capsules) against segments and lines
 *
 * The shape is a view (generic.h): a convex core plus a radius.  A line meets
 * a convex shape in a chord (empty, one point or a piece of positive length),
 * and a segment in the part of that chord between its ends.  The boundary
 * points on a segment are the ends of that part that are not in the shape's
 * interior: the rest of the part is interior, or (when the line only touches
 * the shape: along a polygon's edge, a capsule's flat side) all boundary.
 * The case, and so the count, comes from exact signs; entry and exit points
 * that are not input vertices are computed in floating point.
 */

enum { CH_MISS, CH_TOUCH, CH_CROSS };
/* The chord of a line through a view.  CH_TOUCH: the line meets the shape only
 * on its boundary, from a to b (in the line's direction; one point when
 * single), and sa, sb are exact points whose projections on the line are a
 * and b (a polygon's vertices themselves, a capsule's core ends).  CH_CROSS:
 * the line crosses the interior, entering at a and leaving at b. */
typedef struct {
    int kind, single;
    double a[2], b[2], sa[2], sb[2];
} chord_t;

/* a region that holds the true point: the shape's box grown by its radius, cut
 * by the segment's box (infinite for a line) */
typedef struct { double xlo, xhi, ylo, yhi; } region;

static void put(double *dst, double x, double y, const region *g)
{
    dst[0] = pc__clamp(x, g->xlo, g->xhi);
    dst[1] = pc__clamp(y, g->ylo, g->yhi);
}

/* the foot of the perpendicular from (cx, cy) on the line l, all unscaled */
static void foot(pc_segment l, double cx, double cy, int k, const region *g, double *dst)
{
    pc_segment s = scale_segment(l, -k);
    double dx = s.x1 - s.x0, dy = s.y1 - s.y0, len = hypot(dx, dy);
    double ux = dx / len, uy = dy / len;
    double t = (ldexp(cx, -k) - s.x0) * ux + (ldexp(cy, -k) - s.y0) * uy;
    put(dst, ldexp(s.x0 + t * ux, k), ldexp(s.y0 + t * uy, k), g);
}

static void set_exact(double *dst, double x, double y)
{
    dst[0] = x;
    dst[1] = y;
}

/* Is p before q along the direction of l (both exactly on l's line)?  On a
 * line that is not vertical distinct points differ in x. */
static int before_along(pc_segment l, double px, double py, double qx, double qy)
{
    if (l.x0 != l.x1) return (l.x1 > l.x0) ? px < qx : px > qx;
    return (l.y1 > l.y0) ? py < qy : py > qy;
}

/* A polygon view (n >= 3, radius 0) against the line l. */
static void polygon_chord(const pc__filter *f, const pc__view *v, pc_segment l, int k, const region *g, chord_t *c)
{
    int o[PC_POLYGON_MAX], pos = 0, neg = 0;
    for (int i = 0; i < v->n; i++) {
        o[i] = pc__orient(f, l.x0, l.y0, l.x1, l.y1, v->x[i], v->y[i]);
        pos |= o[i] > 0;
        neg |= o[i] < 0;
    }
    c->single = 0;
    if (!(pos && neg)) {
        /* on one side: the vertices on the line (a vertex or an edge), if any */
        int lo = -1, hi = -1;
        for (int i = 0; i < v->n; i++) {
            if (o[i] != 0) continue;
            if (lo < 0 || before_along(l, v->x[i], v->y[i], v->x[lo], v->y[lo])) lo = i;
            if (hi < 0 || before_along(l, v->x[hi], v->y[hi], v->x[i], v->y[i])) hi = i;
        }
        c->kind = lo < 0 ? CH_MISS : CH_TOUCH;
        if (lo < 0) return;
        set_exact(c->a, v->x[lo], v->y[lo]);
        set_exact(c->b, v->x[hi], v->y[hi]);
        set_exact(c->sa, v->x[lo], v->y[lo]);
        set_exact(c->sb, v->x[hi], v->y[hi]);
        c->single = v->x[lo] == v->x[hi] && v->y[lo] == v->y[hi];
        return;
    }
    /* The boundary crosses the line twice.  Walking it in the view's order
     * (orientation v->s), it crosses from the side of sign v->s to the other
     * where the line enters: for a counter-clockwise polygon the left side
     * comes first.  A crossing is a vertex on the line (exact) or a point
     * inside an edge whose ends are on opposite sides. */
    c->kind = CH_CROSS;
    for (int i = 0; i < v->n; i++) {
        if (o[i] == 0) continue;
        int j = i + 1 == v->n ? 0 : i + 1;
        if (o[j] == 0) {
            int m = j;
            while (o[m] == 0) m = m + 1 == v->n ? 0 : m + 1;
            if (o[m] == o[i]) continue;
            set_exact(o[i] == v->s ? c->a : c->b, v->x[j], v->y[j]);
        } else if (o[j] != o[i]) {
            pc_segment e = {v->x[i], v->y[i], v->x[j], v->y[j]};
            region ge = {pc__max(g->xlo, pc__min(e.x0, e.x1)), pc__min(g->xhi, pc__max(e.x0, e.x1)),
                         pc__max(g->ylo, pc__min(e.y0, e.y1)), pc__min(g->yhi, pc__max(e.y0, e.y1))};
            double x, y;
            crossing(l, e, k, &x, &y);
            put(o[i] == v->s ? c->a : c->b, ldexp(x, k), ldexp(y, k), &ge);
        }
    }
}

/* t-interval of the line p + t u (u a unit vector) where lo <= a0 + t a1 <= hi */
static void clip_span(double a0, double a1, double lo, double hi, double *t0, double *t1)
{
    if (a1 == 0) {
        if (a0 < lo || a0 > hi) *t0 = INFINITY, *t1 = -INFINITY;
        return;
    }
    double u = (lo - a0) / a1, w = (hi - a0) / a1;
    *t0 = pc__max(*t0, pc__min(u, w));
    *t1 = pc__min(*t1, pc__max(u, w));
}

/* Where the line l enters and leaves the capsule view v (n = 2, r > 0), which
 * it crosses: the union of the spans of its two end disks and its rectangle,
 * computed in scaled units. */
static void capsule_span(const pc__view *v, pc_segment l, int k, const region *g, chord_t *c)
{
    pc_segment s = scale_segment(l, -k);
    double px = s.x0, py = s.y0, dx = s.x1 - s.x0, dy = s.y1 - s.y0, len = hypot(dx, dy);
    double ux = dx / len, uy = dy / len, r = ldexp(v->r, -k);
    double t0 = INFINITY, t1 = -INFINITY, near = 0, best = INFINITY;
    double cx[2] = {ldexp(v->x[0], -k), ldexp(v->x[1], -k)}, cy[2] = {ldexp(v->y[0], -k), ldexp(v->y[1], -k)};
    for (int j = 0; j < 2; j++) {
        double wx = cx[j] - px, wy = cy[j] - py;
        double tc = wx * ux + wy * uy, dist = fabs(wx * uy - wy * ux);
        if (dist < best) best = dist, near = tc;
        if (dist > r) continue; /* (not the sign of r^2 - dist^2, which can underflow to -0) */
        double w = sqrt((r - dist) * (r + dist));
        t0 = pc__min(t0, tc - w);
        t1 = pc__max(t1, tc + w);
    }
    double ex = cx[1] - cx[0], ey = cy[1] - cy[0], el = hypot(ex, ey);
    ex /= el;
    ey /= el;
    double r0 = -INFINITY, r1 = INFINITY;
    clip_span((px - cx[0]) * ex + (py - cy[0]) * ey, ux * ex + uy * ey, 0.0, el, &r0, &r1);
    clip_span((px - cx[0]) * -ey + (py - cy[0]) * ex, ux * -ey + uy * ex, -r, r, &r0, &r1);
    if (r0 <= r1) {
        t0 = pc__min(t0, r0);
        t1 = pc__max(t1, r1);
    }
    if (!(t0 <= t1)) t0 = t1 = near; /* rounding lost a chord the exact signs found */
    put(c->a, ldexp(px + t0 * ux, k), ldexp(py + t0 * uy, k), g);
    put(c->b, ldexp(px + t1 * ux, k), ldexp(py + t1 * uy, k), g);
}

/* A capsule view (n = 2, r > 0) against the line l.  The core on one side of
 * the line at distance d from it (at its nearer end, or at both ends when
 * parallel): the line misses (d > r), touches an end's arc (d = r at one end)
 * or runs along a flat side (d = r at both), or crosses. */
static void capsule_chord(const pc__filter *f, const pc__view *v, pc_segment l, int k, const region *g, chord_t *c)
{
    c->single = 0;
    int o0 = pc__orient(f, l.x0, l.y0, l.x1, l.y1, v->x[0], v->y[0]);
    int o1 = pc__orient(f, l.x0, l.y0, l.x1, l.y1, v->x[1], v->y[1]);
    int p0 = 0, p1 = 0;
    if (o0 * o1 > 0) {
        p0 = pc__perp(f, l.x0, l.y0, l.x1, l.y1, v->x[0], v->y[0], v->r);
        p1 = pc__perp(f, l.x0, l.y0, l.x1, l.y1, v->x[1], v->y[1], v->r);
        int p = p0 < p1 ? p0 : p1;
        if (p > 0) {
            c->kind = CH_MISS;
            return;
        }
        if (p == 0) {
            c->kind = CH_TOUCH;
            /* one end at distance r, or both (the core parallel to the line:
             * its ends in the line's order when lexicographic orders agree) */
            int i = p0 == 0 ? 0 : 1, j = i;
            if (p0 == 0 && p1 == 0) {
                i = lex_less(v->x[0], v->y[0], v->x[1], v->y[1]) == lex_less(l.x0, l.y0, l.x1, l.y1) ? 0 : 1;
                j = 1 - i;
            }
            c->single = i == j;
            set_exact(c->sa, v->x[i], v->y[i]);
            set_exact(c->sb, v->x[j], v->y[j]);
            foot(l, v->x[i], v->y[i], k, g, c->a);
            foot(l, v->x[j], v->y[j], k, g, c->b);
            return;
        }
    }
    c->kind = CH_CROSS;
    capsule_span(v, l, k, g, c);
}

static void view_chord(const pc__filter *f, const pc__view *v, pc_segment l, int k, const region *g, chord_t *c)
{
    if (v->r > 0)
        capsule_chord(f, v, l, k, g, c);
    else
        polygon_chord(f, v, l, k, g, c);
}

/* the region of a view: its core's box grown by its radius */
static region view_region(const pc__view *v)
{
    region g = {v->xmin - v->r, v->xmax + v->r, v->ymin - v->r, v->ymax + v->r};
    return g;
}

/* A view that is a point (radius 0), a circle or a segment (radius 0) goes to
 * the kernels above; 1 when it did. */
static int small_view_line(const pc__filter *f, const pc__view *v, pc_segment l, int k, hits *h)
{
    if (v->n == 1 && v->r == 0) {
        if (pc__orient(f, l.x0, l.y0, l.x1, l.y1, v->x[0], v->y[0]) == 0) hit(h, v->x[0], v->y[0]);
        return 1;
    }
    if (v->n == 1) return k_circle_line(f, (pc_circle){v->x[0], v->y[0], v->r}, l, k, h), 1;
    if (v->n == 2 && v->r == 0) return k_segment_line(f, (pc_segment){v->x[0], v->y[0], v->x[1], v->y[1]}, l, k, h), 1;
    return 0;
}

static int k_view_line(const pc__filter *f, const pc__view *v, pc__line l, int k, hits *h)
{
    if (small_view_line(f, v, l, k, h)) return h->n;
    region g = view_region(v);
    chord_t c;
    view_chord(f, v, l, k, &g, &c);
    if (c.kind == CH_MISS) return h->n;
    hit(h, c.a[0], c.a[1]);
    if (!c.single) hit(h, c.b[0], c.b[1]);
    return h->n;
}

/* the view of a point */
static pc__view point_view(double x, double y)
{
    pc__view p;
    p.n = 1;
    p.s = 0;
    p.r = 0;
    p.x[0] = p.xmin = p.xmax = x;
    p.y[0] = p.ymin = p.ymax = y;
    return p;
}

/* where the point (x, y) is: 0 outside the view, 1 on its boundary, 2 inside */
static int where(const pc__filter *f, const pc__view *v, double x, double y)
{
    pc__view p = point_view(x, y);
    if (!pc__views_overlap(f, v, &p, 0)) return 0;
    return 1 + pc__views_overlap(f, v, &p, 1);
}

static int k_view_segment(const pc__filter *f, const pc__view *v, pc_segment s, int k, hits *h)
{
    if (pc__zero_length(s)) {
        if (where(f, v, s.x0, s.y0) == 1) hit(h, s.x0, s.y0);
        return h->n;
    }
    if (v->n == 1 && v->r == 0) {
        if (pc__on_segment(f, v->x[0], v->y[0], s.x0, s.y0, s.x1, s.y1)) hit(h, v->x[0], v->y[0]);
        return h->n;
    }
    if (v->n == 1) return k_circle_segment(f, (pc_circle){v->x[0], v->y[0], v->r}, s, k, h);
    if (v->n == 2 && v->r == 0) {
        /* the boundary of a flat polygon is itself: a shared part comes in
         * lexicographic order; put it in the segment's order */
        k_segment_segment(f, (pc_segment){v->x[0], v->y[0], v->x[1], v->y[1]}, s, k, h);
        if (h->n == 2 && lex_less(s.x1, s.y1, s.x0, s.y0)) {
            hits r = {0, {NAN, NAN, NAN, NAN}};
            hit(&r, h->p[2], h->p[3]);
            hit(&r, h->p[0], h->p[1]);
            *h = r;
        }
        return h->n;
    }
    int ws = where(f, v, s.x0, s.y0), we = where(f, v, s.x1, s.y1);
    if (ws == 2 && we == 2) return h->n; /* both ends inside: so is all of it */
    region g = view_region(v);
    g.xlo = pc__max(g.xlo, pc__min(s.x0, s.x1));
    g.xhi = pc__min(g.xhi, pc__max(s.x0, s.x1));
    g.ylo = pc__max(g.ylo, pc__min(s.y0, s.y1));
    g.yhi = pc__min(g.yhi, pc__max(s.y0, s.y1));
    chord_t c;
    view_chord(f, v, s, k, &g, &c);
    if (c.kind == CH_MISS) return h->n;
    if (c.kind == CH_CROSS) {
        /* The part of the chord [a, b] on the segment, from the start if it
         * is in the shape, else from a; to the end, else to b.  An end outside
         * with the other on the boundary: that other end is a or b, and it is
         * a lone point exactly when the segment misses the interior.  Both
         * ends outside: the segment holds the whole chord, or misses it. */
        pc__view sv;
        pc__view_of(f, PC_SEGMENT, (const double *)&s, &sv);
        if (ws + we == 0 && !pc__views_overlap(f, v, &sv, 0)) return h->n;
        if (ws + we == 1 && !pc__views_overlap(f, v, &sv, 1)) {
            return ws == 1 ? hit(h, s.x0, s.y0) : hit(h, s.x1, s.y1);
        }
        if (ws == 1)
            hit(h, s.x0, s.y0);
        else if (ws == 0)
            hit(h, c.a[0], c.a[1]);
        if (we == 1)
            hit(h, s.x1, s.y1);
        else if (we == 0)
            hit(h, c.b[0], c.b[1]);
        return h->n;
    }
    /* the line only touches the shape, from a to b: the part of that on the
     * segment, compared exactly through the projections of sa and sb */
    int da = pc__dot(f, s.x0, s.y0, s.x1, s.y1, c.sa[0], c.sa[1]);             /* a after the start */
    int db = pc__dot(f, s.x1, s.y1, s.x0, s.y0, c.sb[0], c.sb[1]);             /* b before the end */
    if (pc__dot(f, s.x1, s.y1, s.x0, s.y0, c.sa[0], c.sa[1]) < 0) return h->n; /* a beyond the end */
    if (pc__dot(f, s.x0, s.y0, s.x1, s.y1, c.sb[0], c.sb[1]) < 0) return h->n; /* b before the start */
    if (c.single) {
        hit(h, da == 0 ? s.x0 : db == 0 ? s.x1 : c.a[0], da == 0 ? s.y0 : db == 0 ? s.y1 : c.a[1]);
        return h->n;
    }
    if (pc__dot(f, s.x1, s.y1, s.x0, s.y0, c.sa[0], c.sa[1]) == 0) return hit(h, s.x1, s.y1); /* a at the end */
    if (pc__dot(f, s.x0, s.y0, s.x1, s.y1, c.sb[0], c.sb[1]) == 0) return hit(h, s.x0, s.y0); /* b at the start */
    if (da <= 0)
        hit(h, s.x0, s.y0);
    else
        hit(h, c.a[0], c.a[1]);
    if (db <= 0)
        hit(h, s.x1, s.y1);
    else
        hit(h, c.b[0], c.b[1]);
    return h->n;
}

/* ---- the batch driver -------------------------------------------------- */

struct ix_ctx;
/* operands: 0 = a, 1 = b (both pointers at doubles), 2 = points, 3 = count */
typedef void (*ix_loop)(const struct ix_ctx *c, char *const *p, const int64_t *s, int64_t n);

struct ix_ctx {
    ix_loop loop;
    pc__filter filter;
    int kind[2];
};

static void ix_store(char *const *p, const int64_t *s, int64_t i, const hits *h)
{
    double *pts = (double *)(p[2] + i * s[2]);
    for (int j = 0; j < 4; j++) pts[j] = h->p[j];
    *(int8_t *)(p[3] + i * s[3]) = (int8_t)h->n;
}

/* the scaling exponent k that brings the pair's largest value m near 1 (0 for
 * all-zero shapes) */
static int ix_exponent(double m) { return m > 0 ? ilogb(m) : 0; }

/* The kernel for (A, B) fed the shapes of operands first and second. */
#define PC_IX_LOOP(name, A, B, first, second)                                                        \
    static void name(const struct ix_ctx *c, char *const *p, const int64_t *s, int64_t n)            \
    {                                                                                                \
        for (int64_t i = 0; i < n; i++) {                                                            \
            pc_##A##_t x = pc__load_##A((const double *)(p[first] + i * s[first]));                  \
            pc_##B##_t y = pc__load_##B((const double *)(p[second] + i * s[second]));                \
            hits h = {0, {NAN, NAN, NAN, NAN}};                                                      \
            k_##A##_##B(&c->filter, x, y, ix_exponent(pc__max(pc__mag_##A(x), pc__mag_##B(y))), &h); \
            ix_store(p, s, i, &h);                                                                   \
        }                                                                                            \
    }
typedef pc_circle pc_circle_t;
typedef pc_box pc_box_t;
typedef pc_segment pc_segment_t;
typedef pc__line pc_line_t;

/* A convex kind (of operand `shape`, read as a view) against a segment or a
 * line (of the other operand). */
#define PC_IX_VIEW_LOOP(name, B, shape, other)                                                                  \
    static void name(const struct ix_ctx *c, char *const *p, const int64_t *s, int64_t n)                       \
    {                                                                                                           \
        int width = pc__kind(c->kind[shape])->width;                                                            \
        for (int64_t i = 0; i < n; i++) {                                                                       \
            const double *row = (const double *)(p[shape] + i * s[shape]);                                      \
            pc_##B##_t y = pc__load_##B((const double *)(p[other] + i * s[other]));                             \
            pc__view v;                                                                                         \
            pc__view_of(&c->filter, c->kind[shape], row, &v);                                                   \
            hits h = {0, {NAN, NAN, NAN, NAN}};                                                                 \
            k_view_##B(&c->filter, &v, y, ix_exponent(pc__max(pc__magnitude(row, width), pc__mag_##B(y))), &h); \
            ix_store(p, s, i, &h);                                                                              \
        }                                                                                                       \
    }
PC_IX_VIEW_LOOP(ix_view_segment, segment, 0, 1)
PC_IX_VIEW_LOOP(ix_segment_view, segment, 1, 0)
PC_IX_VIEW_LOOP(ix_view_line, line, 0, 1)
PC_IX_VIEW_LOOP(ix_line_view, line, 1, 0)

#define PC_IX_SELF_LOOP(K) PC_IX_LOOP(ix_##K##_##K, K, K, 0, 1)
#define PC_IX_PAIR_LOOPS(A, B)           \
    PC_IX_LOOP(ix_##A##_##B, A, B, 0, 1) \
    PC_IX_LOOP(ix_##B##_##A, A, B, 1, 0)
PC_IX_PAIRS(PC_IX_SELF_LOOP, PC_IX_PAIR_LOOPS)

#define PC_IX_SELF_ENTRY(K)    [PC_KIND_##K][PC_KIND_##K] = ix_##K##_##K,
#define PC_IX_PAIR_ENTRY(A, B) [PC_KIND_##A][PC_KIND_##B] = ix_##A##_##B, [PC_KIND_##B][PC_KIND_##A] = ix_##B##_##A,
static const ix_loop ix_loops[PC_LINE + 1][PC_LINE + 1] = {PC_IX_PAIRS(PC_IX_SELF_ENTRY, PC_IX_PAIR_ENTRY)};

/* the loop for a pair (PC_IX_PAIRS, pc__ix_view_kind: matrix.h); NULL for none */
static ix_loop ix_loop_for(int ka, int kb)
{
    if (ka <= PC_LINE && kb <= PC_LINE && ix_loops[ka][kb]) return ix_loops[ka][kb];
    if (pc__ix_view_kind(ka) && kb == PC_SEGMENT) return ix_view_segment;
    if (pc__ix_view_kind(kb) && ka == PC_SEGMENT) return ix_segment_view;
    if (pc__ix_view_kind(ka) && kb == PC_LINE) return ix_view_line;
    if (pc__ix_view_kind(kb) && ka == PC_LINE) return ix_line_view;
    return NULL;
}

int pc__intersect_edge(const pc__filter *f, const double *s, int line, const double *e, double *pts)
{
    hits h = {0, {NAN, NAN, NAN, NAN}};
    pc_segment a = pc__load_segment(s), b = pc__load_segment(e);
    int k = ix_exponent(pc__max(pc__mag_segment(a), pc__mag_segment(b)));
    if (line)
        k_segment_line(f, b, a, k, &h);
    else
        k_segment_segment(f, a, b, k, &h);
    for (int j = 0; j < 4; j++) pts[j] = h.p[j];
    return h.n;
}

static void ix_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct ix_ctx *c = vctx;
    c->loop(c, p, s, n);
}

int pc_intersections_batch(int kind_a, const double *a, const int64_t *strides_a, int kind_b, const double *b,
                           const int64_t *strides_b, double *points, const int64_t *strides_points, int8_t *count,
                           const int64_t *strides_count, int ndim, const int64_t *shape, double magnitude, int threads,
                           const volatile int *cancel)
{
    if (!pc__kind(kind_a) || !pc__kind(kind_b)) return PC_ERR_KIND;
    ix_loop loop = ix_loop_for(kind_a, kind_b);
    if (!loop) return PC_ERR_PAIR;
    pc__fpenv env = pc__fp_enter();
    struct ix_ctx ctx;
    ctx.loop = loop;
    ctx.kind[0] = kind_a;
    ctx.kind[1] = kind_b;
    ctx.filter = pc__filter_for(magnitude);
    const void *ptrs[4] = {a, b, points, count};
    const int64_t *strides[4] = {strides_a, strides_b, strides_points, strides_count};
    int rc = pc__batch(ndim, shape, 4, ptrs, strides, 8u, ix_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
