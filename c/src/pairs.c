/*
 * The broad phase: every overlapping pair between two collections of shapes,
 * or within one, exactly.
 *
 * Algorithm (chosen by measurement; see benchmarks/pairs.md): within one
 * collection, pc_pairs_prepare_any first tries the hierarchical grid of
 * grid.c, much the faster where it applies; otherwise (and across two
 * collections, and for the raycasts and worlds that read the tree) a
 * bounding-volume tree over one side, queried by every shape of the other.
 *  1. Each shape's axis-aligned bounding box, rounded outward so that it holds
 *     the shape exactly (only a circle's x - r etc. round; they are stepped one
 *     ulp outward).  Boxes that overlap exactly are all the narrow phase needs
 *     to see: the broad phase may keep too many candidates, never too few.
 *  2. The tree side is sorted along a Morton (Z-order) curve of the shapes'
 *     centres, quantised to 32 bits per axis in the frame of all the centres
 *     (an LSD radix sort, 11 bits a pass), and its rows are copied in that
 *     order.  Their boxes are level 0 of an implicit tree: node k of level L
 *     (L >= 1) bounds nodes kF .. kF+F-1 of level L-1, F = 8, so the tree has
 *     no pointers and is built in one pass a level.  Sorting adapts the tree
 *     to clustered data, and a few huge shapes only widen the nodes that hold
 *     them.  Across two collections the tree takes the side of the smaller
 *     shapes (by mean box size): the large ones query it instead of widening
 *     it, and thin ones (segments, triangles) prune it with their exact shape
 *     where their box is larger than a node's.
 *  3. The queries, sorted along the same curve, go in groups of 8 neighbours:
 *     one walk down the tree with the group's box finds the level-1 nodes any
 *     of them can reach, then each query tests only those nodes' items; a
 *     candidate pair is decided by the exact overlap kernel of the two kinds
 *     (kernels.h), in the mode asked for.  Within one collection (self pairs)
 *     the queries are the tree's own items and look only at later positions,
 *     so each unordered pair is met once.
 *  Cost: O((n + m) log) to sort and build, O(log + hits) a query on ordinary
 *  data; memory: the workspace (linear in n + m) plus the output.
 *  pc_pairs_prepare does steps 1-2 into the workspace, pc_pairs_find step 3
 *  (also on a sample of the queries only, to size the output).
 *
 * Output: the queries run in fixed chunks of PC_CHUNK on up to `threads`
 * threads; each pair found is appended as one key, i << jbits | j (within one
 * collection i < j), through one atomic counter, so the keys arrive in an order
 * that depends on the threads, but their set does not.  A sort then puts them
 * in (i, j) order (after the grid a counting sort on i, after the tree a radix
 * sort on the keys), so the output is the same for any thread count.  When
 * the caller's buffer is too small the count is still exact: call again with a
 * buffer of that size.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "fpenv.h"
#include "generic.h"
#include "grid.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"
#include "overlap.h"
#include "tree.h"
#include "walk.h"

#define PC_FANOUT      PC_TREE_FANOUT
#define PC_MAX_LEVELS  PC_TREE_MAX_LEVELS
#define PC_MAX_ITEMS   ((int64_t)1 << 31) /* so that a key, i << jbits | j, fits 62 bits */
#define PC_RADIX_BITS  11
#define PC_CURVE_BITS  32 /* per axis: dense clusters still spread over many cells */
#define PC_STACK       (PC_MAX_LEVELS * PC_FANOUT + 8)
#define PC_GROUP       8  /* consecutive queries that walk the tree together */
#define PC_GROUP_NODES 64 /* level-1 nodes a group may share, else each walks alone */
#define PC_GRID_LEAST  2  /* the fewest shapes for which pc_pairs_prepare_any tries the grid */

/* ---- bounding boxes ------------------------------------------------------ */

/* The closed bounding box of one shape, as xmin, ymin, xmax, ymax: it holds
 * every point of the shape (the kind's descriptor: exact, or rounded outward). */
static inline void bounds_of(int kind, const double *s, double *bb) { pc__kind(kind)->bounds(s, bb); }

/* Do the closed boxes come within d of each other (d = 0: meet)?  Each gap
 * rounds once, monotonically, so a gap at most d never rounds above it. */
static inline int boxes_meet(const double *a, const double *b, double d)
{
    return (a[0] - b[2] <= d) & (b[0] - a[2] <= d) & (a[1] - b[3] <= d) & (b[1] - a[3] <= d);
}

/* ---- the Morton order ---------------------------------------------------- */

/* Where a shape sits, for ordering only (any value does for correctness): the
 * centre of its box without the outward rounding, in halves so that it stays
 * finite. */
static void centre_of(int kind, const double *s, double *cx, double *cy)
{
    double bb[4];
    bounds_of(kind, s, bb);
    *cx = bb[0] * 0.5 + bb[2] * 0.5;
    *cy = bb[1] * 0.5 + bb[3] * 0.5;
}

/* The frame that maps centres to grid coordinates of PC_CURVE_BITS bits. */
typedef struct { double x0, y0, sx, sy; } frame;

/* Widen lo_hi to hold the centres of n shapes; returns the mean of their
 * boxes' widths plus heights (a measure of how large they are; halved so that
 * it stays finite). */
static double frame_extend(int kind, const double *s, int width, int64_t n, double *lo_hi)
{
    double extent = 0.0;
    for (int64_t i = 0; i < n; i++) {
        const double *row = s + i * width;
        double cx, cy, bb[4];
        centre_of(kind, row, &cx, &cy);
        lo_hi[0] = pc__min(lo_hi[0], cx);
        lo_hi[1] = pc__min(lo_hi[1], cy);
        lo_hi[2] = pc__max(lo_hi[2], cx);
        lo_hi[3] = pc__max(lo_hi[3], cy);
        bounds_of(kind, row, bb);
        extent += (bb[2] * 0.5 - bb[0] * 0.5) + (bb[3] * 0.5 - bb[1] * 0.5);
    }
    return n ? extent / (double)n : 0.0;
}

static frame frame_of(const double *lo_hi)
{
    frame f = {lo_hi[0], lo_hi[1], 0.0, 0.0};
    double wx = lo_hi[2] * 0.5 - lo_hi[0] * 0.5, wy = lo_hi[3] * 0.5 - lo_hi[1] * 0.5;
    /* (c - x0) sx < 2^PC_CURVE_BITS; (c - x0) may overflow to inf: clamped below */
    if (wx > 0) f.sx = 0x1p-1 * (double)((uint64_t)1 << PC_CURVE_BITS) / wx * 0.999999;
    if (wy > 0) f.sy = 0x1p-1 * (double)((uint64_t)1 << PC_CURVE_BITS) / wy * 0.999999;
    return f;
}

static inline uint64_t spread(uint32_t v)
{
    uint64_t x = v;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFull;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFull;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | (x << 2)) & 0x3333333333333333ull;
    x = (x | (x << 1)) & 0x5555555555555555ull;
    return x;
}

static inline uint32_t grid(double c, double c0, double scale)
{
    double g = (c - c0) * scale, top = (double)(((uint64_t)1 << PC_CURVE_BITS) - 1);
    if (!(g > 0)) return 0;
    return g >= top ? (uint32_t)top : (uint32_t)g;
}

static uint64_t morton(const frame *f, int kind, const double *s)
{
    double cx, cy;
    centre_of(kind, s, &cx, &cy);
    return spread(grid(cx, f->x0, f->sx)) | (spread(grid(cy, f->y0, f->sy)) << 1);
}

/* Sort keys[0..n) ascending, carrying payload[0..n) along when it is not
 * NULL: a stable LSD radix sort over the low `bits` bits, PC_RADIX_BITS a
 * pass; keys2 and payload2 are scratch of n elements.  The result ends in keys
 * and payload. */
static void radix_sort(uint64_t *keys, uint64_t *keys2, int64_t *payload, int64_t *payload2, int64_t n, int bits)
{
    if (n == 0) return;
    uint64_t *src = keys, *dst = keys2;
    int64_t *psrc = payload, *pdst = payload2;
    for (int shift = 0; shift < bits; shift += PC_RADIX_BITS) {
        int64_t count[1 << PC_RADIX_BITS] = {0};
        const uint64_t mask = (1u << PC_RADIX_BITS) - 1;
        for (int64_t i = 0; i < n; i++) count[(src[i] >> shift) & mask]++;
        if (count[(src[0] >> shift) & mask] == n) continue; /* one digit: nothing moves */
        int64_t sum = 0;
        for (int d = 0; d < (1 << PC_RADIX_BITS); d++) {
            int64_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (int64_t i = 0; i < n; i++) {
            int64_t to = count[(src[i] >> shift) & mask]++;
            dst[to] = src[i];
            if (psrc) pdst[to] = psrc[i];
        }
        uint64_t *t = src;
        src = dst;
        dst = t;
        int64_t *pt = psrc;
        psrc = pdst;
        pdst = pt;
    }
    if (src != keys) {
        memcpy(keys, src, (size_t)n * sizeof *keys);
        if (payload) memcpy(payload, psrc, (size_t)n * sizeof *payload);
    }
}

/* order[0..n) := the indices 0..n-1 of the shapes sorted along the curve;
 * rows := their rows in that order (keys, keys2 and order2 are scratch of n
 * elements each). */
static void sort_along_curve(const frame *f, int kind, const double *s, int64_t n, int64_t *order, double *rows,
                             uint64_t *keys, uint64_t *keys2, int64_t *order2)
{
    int width = pc_kind_width(kind);
    for (int64_t i = 0; i < n; i++) {
        keys[i] = morton(f, kind, s + i * width);
        order[i] = i;
    }
    radix_sort(keys, keys2, order, order2, n, 2 * PC_CURVE_BITS);
    for (int64_t p = 0; p < n; p++) memcpy(rows + p * width, s + order[p] * width, (size_t)width * sizeof(double));
}

/* bits needed for the values 0 .. n-1 */
static int bits_for(int64_t n)
{
    int b = 0;
    while (b < 63 && ((int64_t)1 << b) < n) b++;
    return b;
}

/* ---- the tree ------------------------------------------------------------ */

typedef struct {
    int levels;                   /* level 0 holds the items; the top one node */
    int64_t count[PC_MAX_LEVELS]; /* nodes of each level */
    int64_t first[PC_MAX_LEVELS]; /* index of the level's first node in boxes */
    int64_t span[PC_MAX_LEVELS];  /* items under one node of each level: F^L */
    double *boxes;                /* 4 doubles a node */
    int64_t *order;               /* sorted position -> the item's index */
} tree;

/* The shape of a tree over n >= 1 items; returns its node count. */
static int64_t tree_shape(int64_t n, tree *t)
{
    int64_t total = 0, c = n, span = 1;
    t->levels = 0;
    for (;;) {
        t->count[t->levels] = c;
        t->first[t->levels] = total;
        t->span[t->levels] = span;
        total += c;
        t->levels++;
        if (c == 1) break;
        c = (c + PC_FANOUT - 1) / PC_FANOUT;
        span *= PC_FANOUT;
    }
    return total;
}

/* The tree over the items of one kind whose rows, in tree order, are `rows`. */
static void tree_build(tree *t, int kind, const double *rows)
{
    int width = pc_kind_width(kind);
    for (int64_t p = 0; p < t->count[0]; p++) bounds_of(kind, rows + p * width, t->boxes + 4 * p);
    for (int l = 1; l < t->levels; l++) {
        const double *below = t->boxes + 4 * t->first[l - 1];
        double *here = t->boxes + 4 * t->first[l];
        for (int64_t k = 0; k < t->count[l]; k++) {
            int64_t c0 = k * PC_FANOUT, c1 = c0 + PC_FANOUT;
            if (c1 > t->count[l - 1]) c1 = t->count[l - 1];
            double bb[4] = {below[4 * c0], below[4 * c0 + 1], below[4 * c0 + 2], below[4 * c0 + 3]};
            for (int64_t c = c0 + 1; c < c1; c++) {
                bb[0] = pc__min(bb[0], below[4 * c]);
                bb[1] = pc__min(bb[1], below[4 * c + 1]);
                bb[2] = pc__max(bb[2], below[4 * c + 2]);
                bb[3] = pc__max(bb[3], below[4 * c + 3]);
            }
            memcpy(here + 4 * k, bb, sizeof bb);
        }
    }
}

/* ---- the workspace ------------------------------------------------------- */

typedef struct {
    tree t;
    double *trows;          /* the tree side's rows, in tree order */
    double *qrows, *qbb;    /* two collections: the queries' rows and boxes, in query order */
    int64_t *qorder;        /* and their indices */
    uint64_t *keys, *keys2; /* sort scratch, in the space the tree's boxes fill later */
    int64_t *order2;
} workspace;

/* Carve the workspace for a tree over nt items of width wt and nq queries of
 * width wq (nq = 0 within one collection) out of `base` (NULL: only measure).
 * Returns its size in bytes. */
static int64_t carve(int64_t nt, int wt, int64_t nq, int wq, char *base, workspace *w)
{
    int64_t nodes = tree_shape(nt, &w->t);
    int64_t most = nt > nq ? nt : nq;
    int64_t bytes = 0;
#define PC_ROUND(b) (((b) + 63) & ~(int64_t)63)
#define PC_TAKE(ptr, type, n)                                  \
    do {                                                       \
        if (base) (ptr) = (type *)(void *)(base + bytes);      \
        bytes = PC_ROUND(bytes + (int64_t)sizeof(type) * (n)); \
    } while (0)
    /* the sort scratch first, then the tree's boxes over it */
    int64_t shared = bytes;
    PC_TAKE(w->keys, uint64_t, most);
    PC_TAKE(w->keys2, uint64_t, most);
    PC_TAKE(w->order2, int64_t, most);
    int64_t sorted_end = bytes;
    bytes = shared;
    PC_TAKE(w->t.boxes, double, 4 * nodes);
    if (bytes < sorted_end) bytes = sorted_end;
    PC_TAKE(w->t.order, int64_t, nt);
    PC_TAKE(w->trows, double, nt *wt);
    PC_TAKE(w->qorder, int64_t, nq);
    PC_TAKE(w->qrows, double, nq *wq);
    PC_TAKE(w->qbb, double, 4 * nq);
#undef PC_TAKE
#undef PC_ROUND
    return bytes + 64; /* room to align base */
}

/* ---- the queries --------------------------------------------------------- */

struct pairs_ctx {
    const tree *t;
    pc__one narrow; /* the exact overlap test of (query kind, tree kind), or NULL: the views */
    int kind_q, kind_t;
    pc__filter filter;
    /* the exact test of a node's box against a segment or triangle query, to
     * skip the nodes its box meets but it does not (long thin shapes); NULL
     * for other kinds, or when some node's box is not finite */
    int prune;
    pc__filter prune_filter; /* for the node boxes' magnitude */
    int mode, self, swap;    /* swap: the tree holds a, the queries are b's */
    double d;                /* > 0: pairs within this distance, not overlapping ones */
    const double *da;        /* or NULL: each shape of a's own distance (two collections; d is their largest) */
    const double *trows, *qrows, *qbb; /* in tree and query order (qbb: two collections) */
    int wt, wq;                        /* the rows' widths */
    const int64_t *qorder;             /* a query's index (within one collection: t->order) */
    pc__sink sink;
};

/* Does the query (box qb, row) reach into the node whose box is nb?  The
 * exact test of a thin query against the node's box runs only where the
 * query's box is the larger (measured: on short segments it costs more than
 * it saves; on long ones it saves most of the work). */
static inline int node_meets(const struct pairs_ctx *c, const double *qb, const double *row, const double *nb)
{
    if (!boxes_meet(qb, nb, c->d)) return 0;
    if (!c->prune || (qb[2] - qb[0]) + (qb[3] - qb[1]) <= (nb[2] - nb[0]) + (nb[3] - nb[1])) return 1;
    return pc__overlap_rows(&c->prune_filter, PC_BOX, nb, c->kind_q, row, PC_TOUCHING);
}

static inline int narrow(const struct pairs_ctx *c, const double *row, const double *trow)
{
    if (c->d > 0) return pc__within_rows(&c->filter, c->kind_q, row, c->kind_t, trow, c->d, c->mode);
    if (c->narrow) return c->narrow(&c->filter, row, trow, c->mode);
    return pc__overlap_rows(&c->filter, c->kind_q, row, c->kind_t, trow, c->mode);
}

/* narrow, with shape ia of a's own distance (c->da): within it, or for a
 * distance of 0, overlapping (touching; none are less than 0 apart). */
static inline int narrow_each(const struct pairs_ctx *c, const double *row, const double *trow, int64_t ia)
{
    double d = c->da[ia];
    if (d > 0) return pc__within_rows(&c->filter, c->kind_q, row, c->kind_t, trow, d, c->mode);
    if (c->mode == PC_STRICT) return 0;
    if (c->narrow) return c->narrow(&c->filter, row, trow, c->mode);
    return pc__overlap_rows(&c->filter, c->kind_q, row, c->kind_t, trow, c->mode);
}

/* The items under the level-1 node k that the query of rank r (box qb, row
 * `row`, index i) overlaps, at tree positions after `after`: decided exactly. */
static void leaf_hits(struct pairs_ctx *c, pc__emitter *e, const double *qb, const double *row, int64_t i, int64_t k,
                      int64_t after)
{
    const tree *t = c->t;
    int64_t c0 = k * PC_FANOUT, c1 = c0 + PC_FANOUT;
    if (c1 > t->count[0]) c1 = t->count[0];
    for (int64_t ch = c0 > after ? c0 : after + 1; ch < c1; ch++) {
        if (!boxes_meet(qb, t->boxes + 4 * ch, c->d)) continue;
        int64_t j = t->order[ch];
        if (c->da ? !narrow_each(c, row, c->trows + ch * c->wt, c->swap ? j : i)
                  : !narrow(c, row, c->trows + ch * c->wt))
            continue;
        int64_t lo = (j < i && c->self) || c->swap ? j : i, hi = lo == i ? j : i;
        pc__emit(&c->sink, e, (uint64_t)lo, (uint64_t)hi);
    }
}

/* Walk the tree (of two levels or more) down to the level-1 nodes that the
 * box qb meets (and the thin query `row` too, when not NULL), skipping those
 * wholly at or before position `after`.  With `keep` NULL each is handed to
 * leaf_hits for the query (qb, row, i); else their indices are stored in keep
 * (in order) and their number returned, or -1 when there are more than `room`. */
static int64_t descend(struct pairs_ctx *c, pc__emitter *e, const double *qb, const double *row, int64_t i,
                       int64_t after, int64_t *keep, int64_t room)
{
    const tree *t = c->t;
    int64_t stack_node[PC_STACK], kept = 0;
    int stack_level[PC_STACK];
    int sp = 0;
    int top = t->levels - 1;
    const double *root = t->boxes + 4 * t->first[top];
    if (row ? node_meets(c, qb, row, root) : boxes_meet(qb, root, c->d)) {
        stack_node[sp] = 0;
        stack_level[sp++] = top;
    }
    while (sp) {
        int64_t k = stack_node[--sp];
        int l = stack_level[sp];
        if (l == 1) {
            if (!keep)
                leaf_hits(c, e, qb, row, i, k, after);
            else if (kept == room)
                return -1;
            else
                keep[kept++] = k;
            continue;
        }
        const double *below = t->boxes + 4 * t->first[l - 1];
        int64_t c0 = k * PC_FANOUT, c1 = c0 + PC_FANOUT;
        if (c1 > t->count[l - 1]) c1 = t->count[l - 1];
        int64_t span = t->span[l - 1];
        /* pushed last first, so the children are visited in order */
        for (int64_t ch = c1 - 1; ch >= c0; ch--) {
            if ((ch + 1) * span - 1 <= after) break; /* all at or before `after` */
            if (row ? node_meets(c, qb, row, below + 4 * ch) : boxes_meet(qb, below + 4 * ch, c->d)) {
                stack_node[sp] = ch;
                stack_level[sp++] = l - 1;
            }
        }
    }
    return kept;
}

/* The query of rank r: its box, its row and its index. */
static inline const double *query_box(const struct pairs_ctx *c, int64_t r)
{
    return c->self ? c->t->boxes + 4 * r : c->qbb + 4 * r;
}

/* Every tree item that overlaps the query of rank r, one query at a time
 * (within one collection: only those after it in tree order). */
static void query_one(struct pairs_ctx *c, pc__emitter *e, int64_t r)
{
    const double *qb = query_box(c, r), *row = c->qrows + r * c->wq;
    int64_t i = c->qorder[r], after = c->self ? r : -1;
    if (c->t->levels == 1) { /* a tree of one item */
        if (0 > after &&
            (c->da ? narrow_each(c, row, c->trows, c->swap ? c->t->order[0] : i) : narrow(c, row, c->trows)))
            pc__emit(&c->sink, e, c->swap ? 0 : (uint64_t)i, c->swap ? (uint64_t)i : 0);
        return;
    }
    descend(c, e, qb, row, i, after, NULL, 0);
}

/* The queries of ranks r0 .. r0 + n - 1 (consecutive, so close together along
 * the curve): one walk down the tree with the box around them all finds the
 * level-1 nodes any of them can reach, then each query visits only those.  If
 * there are too many (the group's box is large), each query walks on its own. */
static void query_group(struct pairs_ctx *c, pc__emitter *e, int64_t r0, int64_t n)
{
    if (c->t->levels < 3 || n < 2) {
        for (int64_t r = r0; r < r0 + n; r++) query_one(c, e, r);
        return;
    }
    double gb[4];
    memcpy(gb, query_box(c, r0), sizeof gb);
    for (int64_t r = r0 + 1; r < r0 + n; r++) {
        const double *qb = query_box(c, r);
        gb[0] = pc__min(gb[0], qb[0]);
        gb[1] = pc__min(gb[1], qb[1]);
        gb[2] = pc__max(gb[2], qb[2]);
        gb[3] = pc__max(gb[3], qb[3]);
    }
    int64_t near[PC_GROUP_NODES];
    int64_t found = descend(c, e, gb, NULL, 0, c->self ? r0 : -1, near, PC_GROUP_NODES);
    if (found < 0) {
        for (int64_t r = r0; r < r0 + n; r++) query_one(c, e, r);
        return;
    }
    for (int64_t r = r0; r < r0 + n; r++) {
        const double *qb = query_box(c, r), *row = c->qrows + r * c->wq;
        int64_t i = c->qorder[r], after = c->self ? r : -1;
        for (int64_t f = 0; f < found; f++) {
            int64_t k = near[f];
            if ((k + 1) * PC_FANOUT - 1 <= after) continue;
            if (node_meets(c, qb, row, c->t->boxes + 4 * (c->t->first[1] + k))) leaf_hits(c, e, qb, row, i, k, after);
        }
    }
}

static void pairs_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    struct pairs_ctx *c = vctx;
    pc__emitter e;
    e.n = 0;
    /* operand 0 walks the query order (every step-th rank): its offset is the
     * first query's rank */
    int64_t first = (int64_t)((const int64_t *)(void *)p[0] - c->qorder), step = s[0] / 8;
    if (step == 1) {
        for (int64_t r = first; r < first + n; r += PC_GROUP)
            query_group(c, &e, r, first + n - r < PC_GROUP ? first + n - r : PC_GROUP);
    } else {
        for (int64_t k = 0, r = first; k < n; k++, r += step) query_one(c, &e, r);
    }
    pc__flush(&c->sink, &e);
}

/* ---- the entry points ---------------------------------------------------- */

/* What pc_pairs_prepare leaves at the start of the workspace for pc_pairs_find. */
typedef struct {
    uint64_t magic;
    int self, swap, kind_q, kind_t; /* kinds of the queries and of the tree */
    int64_t na, nb, nq, nt;
    double distance; /* pc_pairs_prepare_any's (0 from pc_pairs_prepare) */
} header;

#define PC_PAIRS_MAGIC  0x7063706169727331ull
#define PC_HEADER_BYTES 128 /* the header, rounded to keep what follows aligned */

static char *aligned(void *work) { return (char *)work + ((64 - (uintptr_t)work % 64) % 64); }

int64_t pc_pairs_workspace(int kind_a, int64_t na, int kind_b, int64_t nb)
{
    if (!pc__is_shape(kind_a) || (nb && !pc__is_shape(kind_b))) return -1;
    if (na < 0 || nb < 0 || na >= PC_MAX_ITEMS || nb >= PC_MAX_ITEMS) return -1;
    workspace w;
    int wa = pc_kind_width(kind_a);
    int64_t body = 0;
    if (na && nb == 0) { /* the tree, or the grid (pc_pairs_prepare_any) */
        body = carve(na, wa, 0, 0, NULL, &w);
        int64_t grid = pc__grid_bytes(kind_a, na) - PC_HEADER_BYTES;
        if (grid > body) body = grid;
    } else if (na) { /* either side may hold the tree */
        int wb = pc_kind_width(kind_b);
        int64_t tree_b = carve(nb, wb, na, wa, NULL, &w), tree_a = carve(na, wa, nb, wb, NULL, &w);
        body = tree_b > tree_a ? tree_b : tree_a;
    }
    return 64 + PC_HEADER_BYTES + body;
}

int pc_pairs_prepare(int kind_a, const double *a, int64_t na, int kind_b, const double *b, int64_t nb, void *work,
                     int64_t work_bytes)
{
    int self = b == NULL;
    if (self) {
        kind_b = kind_a;
        nb = 0;
    }
    if (!pc__is_shape(kind_a) || !pc__is_shape(kind_b)) return PC_ERR_KIND;
    int64_t need = pc_pairs_workspace(kind_a, na, kind_b, nb);
    if (need < 0 || !work || work_bytes < need || (na && !a) || (nb && !b)) return PC_ERR_ARG;
    header *h = (header *)(void *)aligned(work);
    /* The tree holds one side and the other side's shapes query it: within
     * one collection both are a; across two, the tree takes the side of the
     * smaller shapes, so that large ones (long segments, huge boxes) query it
     * and are pruned by their exact shape rather than widen its nodes. */
    pc__fpenv env = pc__fp_enter();
    double lo_hi[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    double extent_a = frame_extend(kind_a, a, pc_kind_width(kind_a), na, lo_hi);
    double extent_b = self ? 0.0 : frame_extend(kind_b, b, pc_kind_width(kind_b), nb, lo_hi);
    frame fr = frame_of(lo_hi);
    h->magic = PC_PAIRS_MAGIC;
    h->distance = 0.0;
    h->self = self;
    h->swap = !self && extent_a < extent_b;
    h->kind_t = h->swap ? kind_a : kind_b;
    h->kind_q = h->swap ? kind_b : kind_a;
    h->na = na;
    h->nb = nb;
    h->nt = self || h->swap ? na : nb;
    h->nq = self || !h->swap ? na : nb;
    if (na == 0 || (!self && nb == 0)) { /* nothing to pair */
        h->nq = 0;
        pc__fp_leave(env);
        return PC_OK;
    }
    const double *ts = self || h->swap ? a : b, *qs = h->swap ? b : a;
    int wt = pc_kind_width(h->kind_t), wq = pc_kind_width(h->kind_q);
    workspace w;
    carve(h->nt, wt, self ? 0 : h->nq, wq, (char *)h + PC_HEADER_BYTES, &w);
    sort_along_curve(&fr, h->kind_t, ts, h->nt, w.t.order, w.trows, w.keys, w.keys2, w.order2);
    if (!self) {
        sort_along_curve(&fr, h->kind_q, qs, h->nq, w.qorder, w.qrows, w.keys, w.keys2, w.order2);
        for (int64_t r = 0; r < h->nq; r++) bounds_of(h->kind_q, w.qrows + r * wq, w.qbb + 4 * r);
    }
    tree_build(&w.t, h->kind_t, w.trows); /* over the sort scratch, no longer needed */
    pc__fp_leave(env);
    return PC_OK;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* keys[0 .. k) (distinct, k < 2^32) in (i, j) order into out: i at out[p],
 * j at out[k + p], where out = (int64_t *)keys.  A counting sort on i
 * (count: ni + 1 uint32 of scratch) moves the keys to out[k ..), each i's run
 * in the order found; runs of more than 32 are then sorted on their own, and
 * one insertion pass over all the keys sorts the short ones (a few moves
 * each, no branch a run). */
static void sort_by_counting(uint64_t *keys, int64_t k, int jbits, uint32_t *count, int64_t ni)
{
    int64_t *out = (int64_t *)(void *)keys;
    uint64_t *sorted = keys + k;
    memset(count, 0, (size_t)(ni + 1) * sizeof *count);
    for (int64_t p = 0; p < k; p++) count[keys[p] >> jbits]++;
    uint32_t sum = 0;
    for (int64_t i = 0; i < ni; i++) {
        uint32_t c = count[i];
        count[i] = sum;
        sum += c;
    }
    for (int64_t p = 0; p < k; p++) sorted[count[keys[p] >> jbits]++] = keys[p];
    /* count[i] now ends i's run */
    for (int64_t i = 0, from = 0; i < ni; from = count[i++])
        if (PC_UNLIKELY(count[i] - from > 32)) qsort(sorted + from, (size_t)(count[i] - from), sizeof *sorted, by_key);
    for (int64_t p = 1; p < k; p++) {
        uint64_t v = sorted[p];
        if (sorted[p - 1] <= v) continue;
        int64_t q = p;
        do {
            sorted[q] = sorted[q - 1];
            q--;
        } while (q > 0 && sorted[q - 1] > v);
        sorted[q] = v;
    }
    const uint64_t jmask = ((uint64_t)1 << jbits) - 1;
    for (int64_t p = 0; p < k; p++) { /* j over its own key, i below it */
        uint64_t key = sorted[p];
        out[p] = (int64_t)(key >> jbits);
        out[k + p] = (int64_t)(key & jmask);
    }
}

/* The keys found are all in the sink: count them and, when they fit, put
 * them in (i, j) order into out: i at out[p], j at out[*found + p].  With
 * `count` (ni + 1 uint32 of scratch) by a counting sort on i, else by a
 * radix sort on the keys (ibits: the bits of an index i). */
static void finish(pc__sink *sink, int64_t sample, int ibits, uint32_t *count, int64_t ni, int64_t *out,
                   int64_t capacity, int64_t *found)
{
    int64_t k = atomic_load(&sink->found);
    *found = k;
    if (sample != 1 || k > capacity) return;
    uint64_t *keys = (uint64_t *)out;
    if (count && k < ((int64_t)1 << 32)) {
        sort_by_counting(keys, k, sink->jbits, count, ni);
        return;
    }
    radix_sort(keys, (uint64_t *)(out + capacity), NULL, NULL, k, sink->jbits + ibits);
    const uint64_t jmask = ((uint64_t)1 << sink->jbits) - 1;
    for (int64_t p = 0; p < k; p++) { /* out[k + p] lies past every key still to read */
        uint64_t key = keys[p];
        out[p] = (int64_t)(key >> sink->jbits);
        out[k + p] = (int64_t)(key & jmask);
    }
}

static int grid_find(void *grid, int mode, double magnitude, int threads, int64_t sample, int64_t *out,
                     int64_t capacity, int64_t *found, const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    pc__sink sink;
    int64_t n = pc__grid_count(grid);
    sink.jbits = bits_for(n);
    sink.keys = (uint64_t *)out;
    sink.capacity = sample == 1 ? capacity : 0;
    atomic_init(&sink.found, 0);
    pc__filter f = pc__filter_for(magnitude);
    int rc = pc__grid_find(grid, &f, mode == PC_STRICT, threads, sample, 1, &sink, cancel);
    if (rc == PC_OK) finish(&sink, sample, bits_for(n), pc__grid_scratch(grid), n, out, capacity, found);
    pc__fp_leave(env);
    return rc;
}

int pc_pairs_prepare_any(int kind_a, const double *a, int64_t na, int kind_b, const double *b, int64_t nb,
                         double distance, void *work, int64_t work_bytes)
{
    if (!(distance >= 0) || !isfinite(distance)) return PC_ERR_ARG;
    int rc = PC_OK, built = 0;
    if (b == NULL && na >= PC_GRID_LEAST && pc__is_shape(kind_a)) {
        int64_t need = pc_pairs_workspace(kind_a, na, kind_a, 0);
        if (need < 0 || !work || work_bytes < need || !a) return PC_ERR_ARG;
        pc__fpenv env = pc__fp_enter();
        built = pc__grid_build(kind_a, a, na, distance, aligned(work));
        pc__fp_leave(env);
    }
    if (!built) {
        rc = pc_pairs_prepare(kind_a, a, na, kind_b, b, nb, work, work_bytes);
        if (rc == PC_OK) ((header *)(void *)aligned(work))->distance = distance;
    }
    return rc;
}

static int pairs_find(void *work, int64_t work_bytes, int mode, double magnitude, const double *distances, int threads,
                      int64_t sample, int64_t *out, int64_t capacity, int64_t *found, const volatile int *cancel)
{
    if (!work || work_bytes < 64 + PC_HEADER_BYTES || !found || sample < 1 || capacity < 0 || (capacity && !out) ||
        (mode != PC_TOUCHING && mode != PC_STRICT))
        return PC_ERR_ARG;
    header *h = (header *)(void *)aligned(work);
    if (pc__grid_is(h)) {
        if (distances) return PC_ERR_ARG;
        return grid_find(h, mode, magnitude, threads, sample, out, capacity, found, cancel);
    }
    if (h->magic != PC_PAIRS_MAGIC) return PC_ERR_ARG;
    if (distances) { /* two collections; each distance within the prepared one (the trees' reach) */
        if (h->self) return PC_ERR_ARG;
        for (int64_t i = 0; i < h->na; i++)
            if (!(distances[i] >= 0.0 && distances[i] <= h->distance)) return PC_ERR_ARG;
    }
    *found = 0;
    if (h->nq == 0) return PC_OK;
    int wt = pc_kind_width(h->kind_t), wq = pc_kind_width(h->kind_q);
    workspace w;
    carve(h->nt, wt, h->self ? 0 : h->nq, wq, (char *)h + PC_HEADER_BYTES, &w);

    pc__fpenv env = pc__fp_enter();
    struct pairs_ctx ctx;
    ctx.t = &w.t;
    ctx.narrow = pc__overlap_one[h->kind_q][h->kind_t];
    ctx.kind_q = h->kind_q;
    ctx.kind_t = h->kind_t;
    ctx.filter = pc__filter_for(magnitude);
    const double *root = w.t.boxes + 4 * w.t.first[w.t.levels - 1];
    double root_mag = pc__max(pc__max(fabs(root[0]), fabs(root[1])), pc__max(fabs(root[2]), fabs(root[3])));
    int thin = pc__pairs_prune(h->kind_q);
    ctx.d = h->distance;
    ctx.da = distances;
    ctx.prune = thin && isfinite(root_mag) && ctx.d == 0;
    ctx.prune_filter = pc__filter_for(pc__max(magnitude, root_mag));
    ctx.mode = mode;
    ctx.self = h->self;
    ctx.swap = h->swap;
    ctx.trows = w.trows;
    ctx.qrows = h->self ? w.trows : w.qrows;
    ctx.qbb = w.qbb;
    ctx.wt = wt;
    ctx.wq = wq;
    ctx.qorder = h->self ? w.t.order : w.qorder;
    ctx.sink.jbits = bits_for(h->self ? h->na : h->nb);
    ctx.sink.keys = (uint64_t *)out;
    ctx.sink.capacity = sample == 1 ? capacity : 0;
    atomic_init(&ctx.sink.found, 0);

    int64_t shape[1] = {(h->nq + sample - 1) / sample}, stride[1] = {8 * sample};
    const int64_t *strides[1] = {stride};
    char *operand[1] = {(char *)ctx.qorder};
    int rc = pc__walk(1, shape, 1, operand, strides, pairs_inner, &ctx, threads, cancel);
    if (rc == PC_OK) finish(&ctx.sink, sample, bits_for(h->na), NULL, 0, out, capacity, found);
    pc__fp_leave(env);
    return rc;
}

int pc_pairs_find(void *work, int64_t work_bytes, int mode, double magnitude, int threads, int64_t sample, int64_t *out,
                  int64_t capacity, int64_t *found, const volatile int *cancel)
{
    return pairs_find(work, work_bytes, mode, magnitude, NULL, threads, sample, out, capacity, found, cancel);
}

int pc_pairs_find_each(void *work, int64_t work_bytes, int mode, double magnitude, const double *distances, int threads,
                       int64_t sample, int64_t *out, int64_t capacity, int64_t *found, const volatile int *cancel)
{
    if (!distances) return PC_ERR_ARG;
    return pairs_find(work, work_bytes, mode, magnitude, distances, threads, sample, out, capacity, found, cancel);
}

/* pc_pairs_query's queries: operand 0 walks the order (every step-th one);
 * each query reads its row where the order says and walks the tree alone. */
static void query_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    struct pairs_ctx *c = vctx;
    pc__emitter e;
    e.n = 0;
    for (int64_t k = 0; k < n; k++) {
        int64_t i = *(const int64_t *)(void *)(p[0] + k * s[0]);
        const double *row = c->qrows + i * c->wq;
        double qb[4];
        bounds_of(c->kind_q, row, qb);
        if (c->t->levels == 1) {
            if (c->da ? narrow_each(c, row, c->trows, i) : narrow(c, row, c->trows))
                pc__emit(&c->sink, &e, (uint64_t)i, (uint64_t)c->t->order[0]);
        } else {
            descend(c, &e, qb, row, i, -1, NULL, 0);
        }
    }
    pc__flush(&c->sink, &e);
}

int pc_pairs_query(void *work, int64_t work_bytes, int kind_q, const double *q, int64_t nq, const int64_t *order,
                   double distance, const double *distances, int mode, double magnitude, int threads, int64_t sample,
                   int64_t *out, int64_t capacity, int64_t *found, const volatile int *cancel)
{
    if (!pc__is_shape(kind_q)) return PC_ERR_KIND;
    if (!work || work_bytes < 64 + PC_HEADER_BYTES || !found || sample < 1 || capacity < 0 || (capacity && !out) ||
        nq < 0 || nq >= PC_MAX_ITEMS || (nq && (!q || !order)) || (mode != PC_TOUCHING && mode != PC_STRICT) ||
        !(distance >= 0) || !isfinite(distance))
        return PC_ERR_ARG;
    header *h = (header *)(void *)aligned(work);
    if (h->magic != PC_PAIRS_MAGIC || !h->self) return PC_ERR_ARG;
    for (int64_t i = 0; distances && i < nq; i++)
        if (!(distances[i] >= 0.0 && distances[i] <= distance)) return PC_ERR_ARG;
    for (int64_t r = 0; r < nq; r++)
        if (order[r] < 0 || order[r] >= nq) return PC_ERR_ARG;
    *found = 0;
    if (nq == 0 || h->na == 0) return PC_OK;
    int wt = pc_kind_width(h->kind_t);
    workspace w;
    if (work_bytes < 64 + PC_HEADER_BYTES + carve(h->nt, wt, 0, 0, NULL, &w)) return PC_ERR_ARG;
    carve(h->nt, wt, 0, 0, (char *)h + PC_HEADER_BYTES, &w);

    pc__fpenv env = pc__fp_enter();
    struct pairs_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.t = &w.t;
    ctx.narrow = pc__overlap_one[kind_q][h->kind_t];
    ctx.kind_q = kind_q;
    ctx.kind_t = h->kind_t;
    ctx.filter = pc__filter_for(magnitude);
    const double *root = w.t.boxes + 4 * w.t.first[w.t.levels - 1];
    double root_mag = pc__max(pc__max(fabs(root[0]), fabs(root[1])), pc__max(fabs(root[2]), fabs(root[3])));
    ctx.d = distance;
    ctx.da = distances;
    ctx.prune = pc__pairs_prune(kind_q) && isfinite(root_mag) && distance == 0;
    ctx.prune_filter = pc__filter_for(pc__max(magnitude, root_mag));
    ctx.mode = mode;
    ctx.trows = w.trows;
    ctx.qrows = q;
    ctx.wt = wt;
    ctx.wq = pc_kind_width(kind_q);
    ctx.qorder = order;
    ctx.sink.jbits = bits_for(h->na);
    ctx.sink.keys = (uint64_t *)out;
    ctx.sink.capacity = sample == 1 ? capacity : 0;
    atomic_init(&ctx.sink.found, 0);

    int64_t shape[1] = {(nq + sample - 1) / sample}, stride[1] = {8 * sample};
    const int64_t *strides[1] = {stride};
    char *operand[1] = {(char *)(uintptr_t)order};
    int rc = pc__walk(1, shape, 1, operand, strides, query_inner, &ctx, threads, cancel);
    if (rc == PC_OK) finish(&ctx.sink, sample, bits_for(nq), NULL, 0, out, capacity, found);
    pc__fp_leave(env);
    return rc;
}

int pc__pairs_tree(void *work, int64_t work_bytes, pc__tree_view *v)
{
    if (!work || work_bytes < 64 + PC_HEADER_BYTES) return PC_ERR_ARG;
    header *h = (header *)(void *)aligned(work);
    if (h->magic != PC_PAIRS_MAGIC || !h->self) return PC_ERR_ARG;
    v->kind = h->kind_t;
    v->width = pc_kind_width(h->kind_t);
    v->n = h->na;
    v->levels = 0;
    if (h->na == 0) return PC_OK;
    workspace w;
    if (work_bytes < 64 + PC_HEADER_BYTES + carve(h->nt, v->width, 0, 0, NULL, &w)) return PC_ERR_ARG;
    carve(h->nt, v->width, 0, 0, (char *)h + PC_HEADER_BYTES, &w);
    v->levels = w.t.levels;
    for (int l = 0; l < w.t.levels; l++) {
        v->count[l] = w.t.count[l];
        v->first[l] = w.t.first[l];
    }
    v->boxes = w.t.boxes;
    v->rows = w.trows;
    v->order = w.t.order;
    return PC_OK;
}

int pc_pairs(int kind_a, const double *a, int64_t na, int kind_b, const double *b, int64_t nb, int mode,
             double magnitude, int threads, void *work, int64_t work_bytes, int64_t *out, int64_t capacity,
             int64_t *found, const volatile int *cancel)
{
    if (!found) return PC_ERR_ARG;
    int rc = pc_pairs_prepare_any(kind_a, a, na, kind_b, b, nb, 0.0, work, work_bytes);
    return rc != PC_OK ? rc
                       : pc_pairs_find(work, work_bytes, mode, magnitude, threads, 1, out, capacity, found, cancel);
}
