/*
 * Depenetration (pc_world_depenetrate): the least translation that leaves a
 * shape touching the world at most, not strictly overlapping it; and the
 * movers' start (pc__start_free): a shape that starts a rounding error deep
 * is moved out first.
 *
 * Each piece of the world (a tile of a tile map, a shape of a collection,
 * an edge of an outline collection as a segment: a region's interior is
 * left to the exact test, which no candidate inside it passes) is convex, a
 * core grown by a radius, and so is the set M of the translations T that
 * make the shape overlap it: the Minkowski difference.  The shape
 * moved by T is clear of the piece exactly when T is not interior to M, and
 * certainly when T lies beyond a supporting line of M, d . T >= h(d) with d
 * a unit direction and h(d) the support of M along d (the piece's farthest
 * point along d less the shape's nearest, plus both radii).  For two
 * polygonal cores the lines along the edge normals of both cores decide it
 * (separating axes).  A round pair's M has rounded corners: their lines are
 * the tangents facing the start (the directions from the piece's core
 * vertices to the shape's), along sixteen directions for a piece with a
 * radius of its own (a circle, a capsule: then no point of its rim is more
 * than 2% of the radius inside the lines), and, once a translation is
 * found, the tangents facing it, until that finds nothing shorter (refine:
 * from the far side of a corner's rim a walk of a dozen passes).  The least
 * translation clear of every piece is then a point of least length beyond
 * some line of every piece, which is the projection of 0 on one line or the
 * crossing of two (a floor and a wall: a corner).  Those candidates are
 * taken in order of length: each is tested in floating point against every
 * piece's lines, then exactly: the shape moved by it (each coordinate
 * rounded once; a polygon that rounding bent made convex again, as
 * pc_transform does) must not strictly overlap the world
 * (pc__world_overlaps), and is nudged outward from the lines it lies on, an
 * ulp of the shape's magnitude at first and twice that at each step, while
 * rounding leaves it inside.  So the result is exactly clear; it is the
 * least translation up to the rounding of the candidates and the nudges
 * where the pieces are polygonal, and along a rim up to what the tangents
 * cut off of it.
 *
 * The pieces are those whose boxes meet a window: the shape's box grown by
 * rho.  Moved by a candidate reaching beyond rho (along an axis), the shape
 * may meet a piece outside the window, so the window grows to the candidate
 * and the search runs again; the first candidate within the window that
 * passes the exact test is the least, since pieces outside the window only
 * remove candidates.  The first window is the shape's box (rho = 0); a
 * window without a candidate grows fourfold.  Against a tile map the pieces
 * are its tiles, less those whose four sides are all shared with solid
 * neighbours (inside the solid: candidates in them fail the exact test); a
 * translation through a face between two solid tiles ends in the neighbour,
 * so it is never a candidate that passes, and a box sunk across a seam in a
 * floor comes out along the floor's normal.
 *
 * Bounds: at most DP_PIECES pieces and DP_LINES lines in a window, DP_ROUNDS
 * windows and DP_TRIES exact tests a window; a shape that needs more is not
 * resolved (left where it is).
 */
#include <float.h>
#include <string.h>

#include "cast.h"
#include "depenetrate.h"
#include "fpenv.h"
#include "kinds.h"
#include "matrix.h"
#include "outline.h"
#include "tiles.h"
#include "transform.h"
#include "walk.h"
#include "world.h"

enum {
    DP_PIECES = 48,  /* pieces in a window */
    DP_LINES = 256,  /* their lines */
    DP_ROUNDS = 40,  /* windows */
    DP_TRIES = 64,   /* candidates tested exactly in a window */
    DP_NUDGES = 12,  /* nudges up to 2^11 ulps of the shape's magnitude */
    DP_REFINES = 64, /* passes of tangents at the translation found (round pieces) */
    DP_SEEN = 16,    /* candidates of one length remembered, so that a point is tested once */
    DP_CELLS = 4096  /* the most tile cells a window may cover */
};

/* Local values beyond this are far from any window. */
#define DP_FAR 0x1p500

/* A piece of the world in the window's frame: its core, and its radius and
 * the shape's together. */
typedef struct {
    int n;
    double x[PC_CORE_MAX], y[PC_CORE_MAX];
    double R;
} dp_piece;

/* A supporting line of a piece: the shape moved by T (local units) is clear
 * of the piece when dx Tx + dy Ty >= h, (dx, dy) a unit vector.  The
 * candidates take push for h: h, except where rounding may have put a shape
 * that is a rounding error deep on the line or beyond it (h <= 0 by less
 * than h's rounding error): there an ulp of the shape's values, so that a
 * candidate moves it that way (the nudges go on from there). */
typedef struct {
    double dx, dy, h, push;
    int piece;
} dp_line;

/* A candidate: the projection of 0 on line i (i == j) or the crossing of
 * lines i < j, and its squared length: the order they are taken in. */
typedef struct {
    double n2;
    int i, j;
} dp_key;

typedef struct {
    const pc__world *w;
    int kind, width;
    double a[PC_ROW_MAX]; /* the row at the start */
    pc__hull A;           /* its core */
    double bb[4], mag;    /* its box and its largest |value| */
    double ox, oy;        /* the window's frame: X -> (X - o) 2^-e */
    int e;
    double reach;                            /* no translation within the window is longer (local) */
    double ax[PC_CORE_MAX], ay[PC_CORE_MAX]; /* the core in the frame */
    int npiece, nline, over, clear, round;   /* round: some piece has a radius */
    dp_piece piece[DP_PIECES];
    dp_line line[DP_LINES];
} dp;

/* One coordinate in the window's frame, held within +-2^1000 (only far
 * geometry, which no candidate near the window depends on, is held). */
static double local(const dp *s, double x, double o)
{
    double u = x - o;
    if (isinf(u)) u = copysign(DBL_MAX, u);
    return pc__clamp(ldexp(u, -s->e), -0x1p1000, 0x1p1000);
}

/* Piece k's line along the direction (x, y) of any length (none for a zero
 * or non-finite one, or one it has): h is the support of M along it.  The
 * direction from the piece's vertex vb to the shape's va (vb >= 0) is the
 * line of a rounded corner of M only where those vertices are the extreme
 * ones along it: otherwise no line. */
static void add_line(dp *s, int k, double x, double y, int va, int vb)
{
    const dp_piece *p = &s->piece[k];
    double len = pc__length(x, y);
    if (!(len > 0.0) || !(len < INFINITY)) return;
    double dx = x / len, dy = y / len;
    for (int l = 0; l < s->nline; l++)
        if (s->line[l].piece == k && s->line[l].dx == dx && s->line[l].dy == dy) return;
    double hb = -INFINITY, ha = INFINITY;
    for (int j = 0; j < p->n; j++) hb = pc__max(hb, dx * p->x[j] + dy * p->y[j]);
    for (int i = 0; i < s->A.n; i++) ha = pc__min(ha, dx * s->ax[i] + dy * s->ay[i]);
    if (vb >= 0 && (dx * p->x[vb] + dy * p->y[vb] != hb || dx * s->ax[va] + dy * s->ay[va] != ha)) return;
    double h = hb - ha + p->R;
    if (h < -s->reach) s->clear = 1; /* every translation within the window clears the piece */
    if (!(h <= s->reach)) return;    /* none reaches this line */
    if (s->nline >= DP_LINES) {
        s->over = 1;
        return;
    }
    /* h's rounding error: the coordinates' into the frame, and its own */
    double eps = 0x1p-50 * (fabs(hb) + fabs(ha) + p->R + ldexp(s->mag, -s->e));
    double push = h > 0.0 || h <= -eps ? h : ldexp(0x1p-52 * s->mag, -s->e) + DBL_TRUE_MIN;
    dp_line l = {dx, dy, h, push, k};
    s->line[s->nline++] = l;
}

/* Piece k's lines along the outward normals of a core's edges (a segment's
 * two sides), turned by sign: the piece's own (+1) or the shape's (-1). */
static void edge_lines(dp *s, int k, const double *x, const double *y, int n, double sign)
{
    int edges = n == 2 ? 1 : n >= 3 ? n : 0;
    for (int e = 0; e < edges; e++) {
        int f = e + 1 == n ? 0 : e + 1;
        double ex = (x[f] - x[e]) * sign, ey = (y[f] - y[e]) * sign;
        add_line(s, k, ey, -ex, -1, -1);
        if (n == 2) add_line(s, k, -ey, ex, -1, -1);
    }
}

/* Piece k's lines of the rounded corners of M nearest the translation T
 * (local): the directions from each corner b - a toward T. */
static void corner_lines(dp *s, int k, double tx, double ty)
{
    const dp_piece *p = &s->piece[k];
    for (int i = 0; i < s->A.n; i++)
        for (int j = 0; j < p->n; j++) add_line(s, k, tx - (p->x[j] - s->ax[i]), ty - (p->y[j] - s->ay[i]), i, j);
}

/* Sixteen directions 2 pi / 16 apart: the lines of a round piece (a circle,
 * a capsule) along them leave no more than R (1 / cos(pi / 16) - 1), 2% of
 * R, of the rim inside their polygon, so that a way out along the rim is
 * not missed for one around the other side (refine then polishes it).  A
 * round shape against polygonal pieces needs none: refine finds its way
 * along their few rounded corners. */
static const double dp_turn[16][2] = {{1.0, 0.0},
                                      {0.9238795325112867, 0.3826834323650898},
                                      {0.7071067811865476, 0.7071067811865476},
                                      {0.3826834323650898, 0.9238795325112867},
                                      {0.0, 1.0},
                                      {-0.3826834323650898, 0.9238795325112867},
                                      {-0.7071067811865476, 0.7071067811865476},
                                      {-0.9238795325112867, 0.3826834323650898},
                                      {-1.0, 0.0},
                                      {-0.9238795325112867, -0.3826834323650898},
                                      {-0.7071067811865476, -0.7071067811865476},
                                      {-0.3826834323650898, -0.9238795325112867},
                                      {0.0, -1.0},
                                      {0.3826834323650898, -0.9238795325112867},
                                      {0.7071067811865476, -0.7071067811865476},
                                      {0.9238795325112867, -0.3826834323650898}};

/* A piece (its core B, world coordinates) joins the window with its lines;
 * one that clears the whole window is left out. */
static void add_piece(dp *s, const pc__hull *B)
{
    if (s->over) return;
    if (s->npiece >= DP_PIECES) {
        s->over = 1;
        return;
    }
    int k = s->npiece, first = s->nline;
    dp_piece *p = &s->piece[k];
    p->n = B->n;
    for (int j = 0; j < B->n; j++) {
        p->x[j] = local(s, B->x[j], s->ox);
        p->y[j] = local(s, B->y[j], s->oy);
    }
    p->R = pc__min(ldexp(s->A.R + B->R, -s->e), 0x1p1000);
    s->clear = 0;
    edge_lines(s, k, p->x, p->y, p->n, 1.0);
    edge_lines(s, k, s->ax, s->ay, s->A.n, -1.0);
    if (p->R > 0.0 || (p->n == 1 && s->A.n == 1)) corner_lines(s, k, 0.0, 0.0);
    for (int q = 0; q < 16 && B->R > 0.0; q++) add_line(s, k, dp_turn[q][0], dp_turn[q][1], -1, -1);
    if (s->nline == first) add_line(s, k, 0.0, 1.0, -1, -1); /* concentric: no direction, so up */
    if (s->clear) {
        s->nline = first;
        return;
    }
    if (s->over) return;
    s->round |= p->R > 0.0;
    s->npiece++;
}

/* The tiles of a map whose cells meet the box, less those inside the solid. */
static void tile_pieces(dp *s, const pc_tilemap *map, const double *box)
{
    pc__axis ax = pc__axis_x(map), ay = pc__axis_y(map, &ax);
    int64_t i0, i1, j0, j1;
    if (!pc__cells(&ax, box[0], box[2], &j0, &j1) || !pc__cells(&ay, box[1], box[3], &i0, &i1)) return;
    if ((double)(i1 - i0 + 1) * (double)(j1 - j0 + 1) > DP_CELLS) {
        s->over = 1;
        return;
    }
    pc__filter f = pc__filter_for(map->magnitude);
    double row[6];
    for (int64_t i = i0; i <= i1 && !s->over; i++)
        for (int64_t j = j0; j <= j1 && !s->over; j++) {
            int kind = pc__tile_shape(map, i, j, row);
            if (kind < 0) continue;
            if (kind == PC_BOX && pc__tile_side_shared(map, i, j, 1, 0) && pc__tile_side_shared(map, i, j, -1, 0) &&
                pc__tile_side_shared(map, i, j, 0, 1) && pc__tile_side_shared(map, i, j, 0, -1))
                continue;
            pc__hull B;
            pc__hull_of(&f, kind, row, &B);
            add_piece(s, &B);
        }
}

struct tree_pieces {
    dp *s;
    pc__filter f;
    int kind;
};

static int tree_piece(void *ctx, const double *row)
{
    struct tree_pieces *t = ctx;
    pc__hull B;
    pc__hull_of(&t->f, t->kind, row, &B);
    add_piece(t->s, &B);
    return t->s->over;
}

/* The window of reach rho: its frame (the shape's box centred, its size or
 * rho scaled to [1, 2), subnormal ones too) and its pieces with their
 * lines.  A translation within it (no coordinate beyond rho) is no longer
 * than sqrt(2) rho, so lines beyond that are left out, and pieces it always
 * clears; the first window (rho 0) keeps every line, whose candidates say
 * how far to look. */
static void window(dp *s, double rho)
{
    double size = pc__max(0.5 * s->bb[2] - 0.5 * s->bb[0], 0.5 * s->bb[3] - 0.5 * s->bb[1]);
    double S = pc__max(pc__max(size, rho), 0x1p-30 * s->mag);
    s->e = S > 0.0 && S < INFINITY ? ilogb(S) : 0;
    s->ox = 0.5 * s->bb[0] + 0.5 * s->bb[2];
    s->oy = 0.5 * s->bb[1] + 0.5 * s->bb[3];
    for (int i = 0; i < s->A.n; i++) {
        s->ax[i] = local(s, s->A.x[i], s->ox);
        s->ay[i] = local(s, s->A.y[i], s->oy);
    }
    s->reach = rho > 0.0 ? pc__min(ldexp(rho, -s->e) * (1.5 + 0x1p-10), DP_FAR) : DP_FAR;
    s->npiece = s->nline = s->over = s->round = 0;
    /* grown past rho by the nudges (2^-41 of the magnitudes) and rounding */
    double g = rho * (1.0 + 0x1p-20) + 0x1p-38 * s->mag + 0x1p-38 * rho + DBL_TRUE_MIN;
    double box[4] = {pc__down(s->bb[0] - g), pc__down(s->bb[1] - g), pc__up(s->bb[2] + g), pc__up(s->bb[3] + g)};
    for (int k = 0; k < s->w->n && !s->over; k++) {
        if (s->w->off[k]) continue;
        if (s->w->map[k]) {
            tile_pieces(s, s->w->map[k], box);
        } else if (s->w->outl[k]) {
            struct tree_pieces t = {s, pc__filter_for(s->w->outl[k]->magnitude), PC_SEGMENT};
            pc__outline_part_each(s->w->outl[k], box, tree_piece, &t);
        } else {
            const pc__tree_query *q = &s->w->tree[k];
            struct tree_pieces t = {s, pc__filter_for(q->magnitude), q->tree.kind};
            pc__tree_each(q, box, tree_piece, &t);
        }
    }
}

/* Floating point: is the translation T (local) beyond some line of every
 * piece (to a relative 2^-40)? */
static int clear_of_pieces(const dp *s, double tx, double ty)
{
    unsigned char clear[DP_PIECES] = {0};
    int left = s->npiece;
    for (int l = 0; l < s->nline && left > 0; l++) {
        const dp_line *L = &s->line[l];
        if (!clear[L->piece] && L->dx * tx + L->dy * ty >= L->h - 0x1p-40 * (1.0 + fabs(L->h))) {
            clear[L->piece] = 1;
            left--;
        }
    }
    return left == 0;
}

/* Candidate (i, j): its translation t (local, not 0) and the unit direction
 * n away from its lines (for the nudges); 0 when there is none (a line that
 * 0 is beyond already, lines nearly parallel). */
static int candidate(const dp *s, int i, int j, double *t, double *n)
{
    const dp_line *a = &s->line[i], *b = &s->line[j];
    double ha = a->push, hb = b->push;
    if (i == j) {
        if (!(ha > 0.0)) return 0;
        t[0] = ha * a->dx;
        t[1] = ha * a->dy;
        n[0] = a->dx;
        n[1] = a->dy;
        return 1;
    }
    double det = a->dx * b->dy - a->dy * b->dx;
    if (!(fabs(det) > 0x1p-26)) return 0;
    t[0] = (ha * b->dy - hb * a->dy) / det;
    t[1] = (a->dx * hb - b->dx * ha) / det;
    double nx = (b->dy - a->dy) / det, ny = (a->dx - b->dx) / det, nl = pc__length(nx, ny);
    n[0] = nx / nl;
    n[1] = ny / nl;
    return isfinite(t[0]) && isfinite(t[1]) && (t[0] != 0.0 || t[1] != 0.0) && nl > 0.0;
}

/* By length; at equal rounded lengths a projection first (it is the least
 * point of its line: a crossing on it can only be as long), then by lines. */
static int key_less(const dp_key *a, const dp_key *b)
{
    if (a->n2 != b->n2) return a->n2 < b->n2;
    int ca = a->i != a->j, cb = b->i != b->j;
    return ca < cb || (ca == cb && (a->i < b->i || (a->i == b->i && a->j < b->j)));
}

/* The first candidate after `last` in the order of keys that is clear of
 * every piece in floating point: 1, its key, t and n; or 0.  One pass over
 * the pairs of lines; only a candidate that comes before the best found so
 * far is tested against the pieces. */
static int next_candidate(const dp *s, const dp_key *last, dp_key *best, double *t, double *n)
{
    int found = 0;
    for (int i = 0; i < s->nline; i++)
        for (int j = i; j < s->nline; j++) {
            double ct[2], cn[2];
            if (!candidate(s, i, j, ct, cn)) continue;
            dp_key k = {ct[0] * ct[0] + ct[1] * ct[1], i, j};
            if (!(k.n2 < INFINITY) || !key_less(last, &k) || (found && !key_less(&k, best))) continue;
            if (!clear_of_pieces(s, ct[0], ct[1])) continue;
            *best = k;
            t[0] = ct[0];
            t[1] = ct[1];
            n[0] = cn[0];
            n[1] = cn[1];
            found = 1;
        }
    return found;
}

/* The shape moved by T (world units), nudged along n while rounding leaves
 * it strictly overlapping the world: 1 with the row and the translation
 * used, or 0. */
static int placed(const dp *s, double tx, double ty, const double *n, double *row, double *t)
{
    const pc__kind_info *info = pc__kind(s->kind);
    double u = 0x1p-52 * s->mag + 0x1p-52 * pc__max(fabs(tx), fabs(ty)) + DBL_TRUE_MIN;
    for (int k = -1; k < DP_NUDGES; k++) {
        double m = k < 0 ? 0.0 : ldexp(u, k), x = tx + m * n[0], y = ty + m * n[1];
        info->place(s->a, 1.0, 1.0, x, y, row);
        int finite = 1;
        for (int q = 0; q < s->width; q++) finite &= isfinite(row[q]) != 0;
        if (!finite) return 0;
        if (pc__polygon_kind(s->kind) && info->rule(row) != PC_RULE_OK) pc__hull_in_place(row, s->width / 2);
        if (!pc__world_overlaps(s->w, s->kind, row, PC_STRICT)) {
            t[0] = x + 0.0;
            t[1] = y + 0.0;
            return 1;
        }
    }
    return 0;
}

/* The candidates tested at the latest length: where several pairs of lines
 * cross at one point (a corner of many faces), it is tested once. */
typedef struct {
    double n2;
    int n;
    double x[DP_SEEN], y[DP_SEEN];
} dp_seen;

/* Has the candidate t (of squared length n2) been tested?  If not, it is
 * remembered as tested. */
static int seen_before(dp_seen *m, double n2, const double *t)
{
    if (n2 != m->n2) {
        m->n2 = n2;
        m->n = 0;
    }
    for (int k = 0; k < m->n; k++)
        if (m->x[k] == t[0] && m->y[k] == t[1]) return 1;
    if (m->n < DP_SEEN) {
        m->x[m->n] = t[0];
        m->y[m->n++] = t[1];
    }
    return 0;
}

/* With round pieces the least translation may lie on a rim away from the
 * start's tangents: the tangents at the translation found (ct, local; row
 * and t hold its result) are added, and a shorter candidate that passes the
 * exact test taken instead, while that helps (DP_REFINES times at most). */
static void refine(dp *s, double *ct, double *row, double *t)
{
    for (int pass = 0; pass < DP_REFINES; pass++) {
        int before = s->nline;
        for (int k = 0; k < s->npiece; k++)
            if (s->piece[k].R > 0.0) corner_lines(s, k, ct[0], ct[1]);
        if (s->nline == before) return;
        dp_key last = {-1.0, 0, 0}, key = last;
        dp_seen seen = {-1.0, 0, {0.0}, {0.0}};
        double n2 = ct[0] * ct[0] + ct[1] * ct[1], nt[2] = {0.0, 0.0}, nn[2] = {0.0, 0.0};
        double r[PC_ROW_MAX], u[2];
        int better = 0;
        for (int tries = 0; !better && tries < DP_TRIES && next_candidate(s, &last, &key, nt, nn);) {
            last = key;
            if (!(key.n2 < n2)) return;
            if (seen_before(&seen, key.n2, nt)) continue;
            tries++;
            better = placed(s, ldexp(nt[0], s->e), ldexp(nt[1], s->e), nn, r, u);
        }
        if (!better) return;
        ct[0] = nt[0];
        ct[1] = nt[1];
        memcpy(row, r, (size_t)s->width * sizeof(double));
        t[0] = u[0];
        t[1] = u[1];
    }
}

int pc__depenetrate(const pc__world *w, int kind, double *a, double limit, double *t)
{
    t[0] = t[1] = 0.0;
    if (!pc__world_overlaps(w, kind, a, PC_STRICT)) return 1;
    dp s;
    const pc__kind_info *info = pc__kind(kind);
    s.w = w;
    s.kind = kind;
    s.width = info->width;
    memcpy(s.a, a, (size_t)s.width * sizeof(double));
    s.mag = pc__magnitude(a, s.width);
    pc__filter fa = pc__filter_for(s.mag);
    pc__hull_of(&fa, kind, a, &s.A);
    info->bounds(a, s.bb);
    double half = pc__max(0.5 * s.bb[2] - 0.5 * s.bb[0], 0.5 * s.bb[3] - 0.5 * s.bb[1]);
    double seed = pc__max(pc__max(half, 0x1p-30 * s.mag), 0x1p-1022);
    double rho = limit < INFINITY ? limit : 0.0; /* within a limit, one window holds every candidate */
    for (int round = 0; round < DP_ROUNDS && rho < INFINITY; round++) {
        window(&s, rho);
        if (s.over) return 0;
        dp_key last = {-1.0, 0, 0}, key = last;
        dp_seen seen = {-1.0, 0, {0.0}, {0.0}};
        double ct[2] = {0.0, 0.0}, cn[2] = {0.0, 0.0}, next = pc__max(4.0 * rho, seed), row[PC_ROW_MAX];
        for (int tries = 0; tries < DP_TRIES && next_candidate(&s, &last, &key, ct, cn);) {
            last = key;
            double tx = ldexp(ct[0], s.e), ty = ldexp(ct[1], s.e), reach = pc__max(fabs(tx), fabs(ty));
            if (pc__length(tx, ty) > limit) return 0;
            if (reach > rho) { /* a piece beyond the window may be in its way: grown to it, fourfold at most
                                * (the lines left out may hold a nearer one) */
                next = rho > 0.0 ? pc__min(reach * (1.0 + 0x1p-8), next) : reach * (1.0 + 0x1p-8);
                break;
            }
            if (seen_before(&seen, key.n2, ct)) continue;
            tries++;
            if (placed(&s, tx, ty, cn, row, t)) {
                if (s.round) refine(&s, ct, row, t);
                memcpy(a, row, (size_t)s.width * sizeof(double));
                return 1;
            }
        }
        if (limit < INFINITY) return 0;
        rho = next;
    }
    return 0;
}

/* size times the larger side of the shape's box, plus 2^-40 of its largest |value| */
static double tolerance(int kind, const double *a, double size)
{
    double bb[4];
    pc__kind(kind)->bounds(a, bb);
    double side = pc__max(size * bb[2] - size * bb[0], size * bb[3] - size * bb[1]);
    return side + 0x1p-40 * pc__magnitude(a, pc_kind_width(kind));
}

double pc__start_tolerance(int kind, const double *a) { return tolerance(kind, a, 0x1p-3); }

double pc__pair_tolerance(int kind, const double *a) { return tolerance(kind, a, 0x1p-20); }

int pc__start_free(const pc__world *w, int kind, double *a)
{
    if (!pc__world_overlaps(w, kind, a, PC_STRICT)) return 1; /* the tolerance only where it is needed */
    double t[2];
    return pc__depenetrate(w, kind, a, pc__start_tolerance(kind, a), t);
}

/* ---- the batch ----------------------------------------------------------------- */

struct depen_ctx {
    const pc__world *w;
    int kind, width;
};

static void depenetrate_inner(void *vctx, char *const *p, const int64_t *st, int64_t n)
{
    const struct depen_ctx *c = vctx;
    for (int64_t i = 0; i < n; i++) {
        const double *a = (const double *)(p[0] + i * st[0]);
        double *moved = (double *)(p[1] + i * st[1]), *out = (double *)(p[2] + i * st[2]);
        double row[PC_ROW_MAX], t[2];
        memcpy(row, a, (size_t)c->width * sizeof(double));
        int ok = pc__depenetrate(c->w, c->kind, row, INFINITY, t);
        memcpy(moved, row, (size_t)c->width * sizeof(double)); /* unresolved: as it was */
        out[0] = t[0];
        out[1] = t[1];
        out[2] = ok ? pc__length(t[0], t[1]) : INFINITY;
    }
}

int pc_world_depenetrate(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *strides_a,
                         double *moved, const int64_t *strides_moved, double *out, const int64_t *strides_out, int ndim,
                         const int64_t *shape, int threads, const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    pc__world w;
    int rc = PC_ERR_ARG;
    if (pc__world_of(&w, parts, nparts) == PC_OK && pc__is_shape(kind)) {
        struct depen_ctx ctx = {&w, kind, pc_kind_width(kind)};
        const void *ptrs[3] = {a, moved, out};
        const int64_t *st[3] = {strides_a, strides_moved, strides_out};
        rc = pc__batch(ndim, shape, 3, ptrs, st, 0u, depenetrate_inner, &ctx, threads, PC_MOTION_CHUNK, cancel);
    }
    pc__fp_leave(env);
    return rc;
}

double pc__out_direction(const double *t, double *d)
{
    double len = pc__length(t[0], t[1]);
    d[0] = d[1] = 0.0;
    if (len > 0.0) {
        int k;
        frexp(pc__max(fabs(t[0]), fabs(t[1])), &k);
        double ux = ldexp(t[0], -k), uy = ldexp(t[1], -k), l = pc__length(ux, uy);
        d[0] = -ux / l + 0.0;
        d[1] = -uy / l + 0.0;
    }
    return len;
}

void pc__contact_out(const double *t, const double *touch, double *out)
{
    double d[2], len = pc__out_direction(t, d);
    out[0] = len > 0.0 ? -len : -DBL_TRUE_MIN;
    out[1] = len > 0.0 ? d[0] : touch[1];
    out[2] = len > 0.0 ? d[1] : touch[2];
    out[5] = touch[5];
    out[6] = touch[6];
    out[3] = touch[5] - t[0];
    out[4] = touch[6] - t[1];
}
