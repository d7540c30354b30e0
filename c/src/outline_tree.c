/*
 * A tree over a region's edges (pc_outlines_tree): point location in
 * logarithmic time where the band index is crowded.
 *
 * The band index answers a point by reading its band; in a comb every tooth
 * crosses that band, so the read is linear.  The tree cuts the plane at the
 * region's distinct vertex ys (its levels) into slabs.  No vertex lies
 * strictly inside a slab, so every edge that meets one (horizontal edges
 * excepted) crosses it from bottom to top, and the edges of a valid region,
 * which never cross, are ordered left to right in it.  A segment tree over
 * the slabs holds each edge in the O(log m) nodes whose slabs it spans
 * (m levels), each node's edges sorted left to right: a point in slab j
 * meets the edges of the nodes on the path from leaf j to the root, and in
 * each, a binary search by exact orientation counts the edges right of it
 * (crossed by the ray towards +x) and finds one it lies on.  A point on a
 * level is counted with the slab above (the band index's rule: an edge
 * counts when y0 <= y < y1); it also lies on the boundary when it lies on
 * an edge of the slab below, or on a horizontal edge of its level (sorted
 * by their left ends: they do not overlap).
 *
 * O(log^2 n) per point, O(n log n) memory and build time.  Exact for all
 * finite doubles: only comparisons of coordinates and exact orientations.
 *
 * The layout, per region given a tree (tree_at[s] >= 0, an offset into
 * tree): m, P (the leaves, a power of two >= m - 1), the offset of its
 * levels in `levels`, the threshold (a point in a band of no more listings
 * reads the band, which is quicker there), then node_start[2P + 1] (node k's edges are
 * tree[node_start[k] .. node_start[k + 1]), offsets into tree), then
 * horiz_start[m + 1] (the same, per level), then the lists: each edge by its
 * first vertex v (the edge v -> v + 1).
 */
#include <math.h>
#include <stdlib.h>

#include "outline.h"
#include "pycollide.h"

enum { HEAD = 4 };

/* The ends of edge v, its lower end first (ties: as stored) */
static void edge_up(const pc_outlines *o, int64_t v, double *e)
{
    const double *p = o->xy + 2 * v;
    if (p[1] <= p[3]) {
        e[0] = p[0], e[1] = p[1], e[2] = p[2], e[3] = p[3];
    } else {
        e[0] = p[2], e[1] = p[3], e[2] = p[0], e[3] = p[1];
    }
}

static double edge_mag(const double *e)
{
    double m = 0.0;
    for (int k = 0; k < 4; k++) m = fmax(m, fabs(e[k]));
    return m;
}

/* Edges a and b span a common slab: is a left of b there?  The endpoint of
 * the one starting higher lies in the other's y-range: its side of the
 * other decides (or, where it lies on it, the far end's side). */
static int left_of(const pc_outlines *o, int64_t a, int64_t b)
{
    double ea[4], eb[4];
    edge_up(o, a, ea);
    edge_up(o, b, eb);
    pc__filter f = pc__filter_for(fmax(edge_mag(ea), edge_mag(eb)));
    if (ea[1] >= eb[1]) {
        int s = pc__orient(&f, eb[0], eb[1], eb[2], eb[3], ea[0], ea[1]);
        if (s == 0) s = pc__orient(&f, eb[0], eb[1], eb[2], eb[3], ea[2], ea[3]);
        return s > 0;
    }
    int s = pc__orient(&f, ea[0], ea[1], ea[2], ea[3], eb[0], eb[1]);
    if (s == 0) s = pc__orient(&f, ea[0], ea[1], ea[2], ea[3], eb[2], eb[3]);
    return s < 0;
}

/* Insertion sort of list[0..n) by before(o, x, y) (a strict order): quick
 * on a list nearly in order already */
static void settle(const pc_outlines *o, int64_t *list, int64_t n, int (*before)(const pc_outlines *, int64_t, int64_t))
{
    for (int64_t i = 1; i < n; i++) {
        int64_t x = list[i], j = i;
        while (j > 0 && before(o, x, list[j - 1])) {
            list[j] = list[j - 1];
            j--;
        }
        list[j] = x;
    }
}

/* (key, edge) pairs, ordered by key then edge */
static int cmp_pair(const void *a, const void *b)
{
    const double *p = a, *q = b;
    if (p[0] != q[0]) return (p[0] > q[0]) - (p[0] < q[0]);
    return (p[1] > q[1]) - (p[1] < q[1]);
}

/* Sort list[0..n) left to right at the heights (ylo, yhi) all its edges
 * span: by each edge's x at their middle (rounded: nearly the order), then
 * settled by the exact comparison.  pairs: room for 2 n doubles. */
static void sort_node(const pc_outlines *o, int64_t *list, int64_t n, double ylo, double yhi, double *pairs)
{
    if (n < 2) return;
    double ym = 0.5 * ylo + 0.5 * yhi;
    for (int64_t i = 0; i < n; i++) {
        double e[4];
        edge_up(o, list[i], e);
        double key = e[0] + (ym - e[1]) / (e[3] - e[1]) * (e[2] - e[0]);
        pairs[2 * i] = isfinite(key) ? key : 0.0;
        pairs[2 * i + 1] = (double)list[i]; /* exact: fewer than 2^53 vertices */
    }
    qsort(pairs, (size_t)n, 2 * sizeof *pairs, cmp_pair);
    for (int64_t i = 0; i < n; i++) list[i] = (int64_t)pairs[2 * i + 1];
    settle(o, list, n, left_of);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The index of y among the levels (y one of them) */
static int64_t level_of(const double *lv, int64_t m, double y)
{
    int64_t lo = 0, hi = m - 1;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (lv[mid] < y)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The busiest band of shape s */
static int64_t band_load(const pc_outlines *o, int64_t s)
{
    const double *row = o->shapes + 7 * s;
    int64_t first = (int64_t)row[5], bands = (int64_t)row[6], most = 0;
    for (int64_t b = first; b < first + bands; b++)
        if (o->band_start[b + 1] - o->band_start[b] > most) most = o->band_start[b + 1] - o->band_start[b];
    return most;
}

/* An edge's canonical nodes, of the slabs [a, b): counted (how 0), each
 * node's count raised (how 1: node_start[node + 1]), or the edge v placed
 * (how 2: at the cursor node_start[node]).  Returns how many. */
static void at_node(int how, int64_t node, int64_t *node_start, int64_t *tree, int64_t v)
{
    if (how == 1) node_start[node + 1]++;
    if (how == 2) tree[node_start[node]++] = v;
}

static int64_t edge_nodes(int64_t a, int64_t b, int64_t P, int how, int64_t *node_start, int64_t *tree, int64_t v)
{
    int64_t n = 0;
    for (int64_t l = a + P, r = b + P; l < r; l >>= 1, r >>= 1) {
        if (l & 1) {
            at_node(how, l++, node_start, tree, v);
            n++;
        }
        if (r & 1) {
            at_node(how, --r, node_start, tree, v);
            n++;
        }
    }
    return n;
}

/* Shape s: its levels into lv (room for its vertices), the count m and P */
static int64_t shape_levels(const pc_outlines *o, int64_t s, double *lv, int64_t *P)
{
    int64_t v0 = o->ring_start[o->shape_start[s]], v1 = o->ring_start[o->shape_start[s + 1]], m = 0;
    for (int64_t v = v0; v < v1; v++) lv[m++] = o->xy[2 * v + 1];
    qsort(lv, (size_t)m, sizeof *lv, cmp_double);
    int64_t k = 0;
    for (int64_t i = 0; i < m; i++)
        if (k == 0 || lv[i] != lv[k - 1]) lv[k++] = lv[i];
    int64_t p = 1;
    while (p < k - 1) p *= 2;
    *P = p;
    return k;
}

/* One pass over shape s's edges (how as edge_nodes): the count of list
 * entries; horizontal edges go to their levels' lists (horiz_start as
 * node_start). */
static int64_t edges_pass(const pc_outlines *o, int64_t s, const double *lv, int64_t m, int64_t P, int how,
                          int64_t *node_start, int64_t *horiz_start, int64_t *tree)
{
    int64_t count = 0;
    for (int64_t r = o->shape_start[s]; r < o->shape_start[s + 1]; r++)
        for (int64_t v = o->ring_start[r]; v + 1 < o->ring_start[r + 1]; v++) {
            const double *p = o->xy + 2 * v;
            if (p[1] == p[3]) {
                if (p[0] == p[2]) continue;
                count++;
                at_node(how, level_of(lv, m, p[1]), horiz_start, tree, v);
                continue;
            }
            int64_t a = level_of(lv, m, fmin(p[1], p[3])), b = level_of(lv, m, fmax(p[1], p[3]));
            count += edge_nodes(a, b, P, how, node_start, tree, v);
        }
    return count;
}

int pc_outlines_tree(const pc_outlines *o, int64_t threshold, double *scratch, int64_t *tree_at, int64_t *tree,
                     int64_t tree_capacity, double *levels, int64_t levels_capacity, int64_t *n_tree, int64_t *n_levels)
{
    if (!o || !o->xy || !o->ring_start || !o->shape_start || o->n < 0 || !o->shapes || !o->band_start || !scratch ||
        !n_tree || !n_levels || threshold < 0)
        return PC_ERR_ARG;
    int fill = tree_at && tree && levels;
    int64_t nt = 0, nl = 0;
    for (int64_t s = 0; s < o->n; s++) {
        if (fill) tree_at[s] = -1;
        if (!o->closed || band_load(o, s) <= threshold) continue;
        int64_t P, m = shape_levels(o, s, scratch, &P);
        if (m < 2) continue;
        int64_t nodes = 2 * P, base = nt, lists = base + HEAD + nodes + 1 + m + 1;
        nt = lists + edges_pass(o, s, scratch, m, P, 0, NULL, NULL, NULL);
        if (fill) {
            if (nt > tree_capacity || nl + m > levels_capacity) return PC_ERR_SPACE;
            tree_at[s] = base;
            int64_t *t = tree + base, *node_start = t + HEAD, *horiz_start = node_start + nodes + 1;
            t[0] = m;
            t[1] = P;
            t[2] = nl;
            t[3] = threshold;
            for (int64_t k = 0; k < m; k++) levels[nl + k] = scratch[k];
            for (int64_t k = 0; k <= nodes; k++) node_start[k] = 0;
            for (int64_t k = 0; k <= m; k++) horiz_start[k] = 0;
            /* counts, then starts, then the lists (the starts as cursors, shifted back after) */
            edges_pass(o, s, scratch, m, P, 1, node_start, horiz_start, tree);
            node_start[0] = lists;
            for (int64_t k = 1; k <= nodes; k++) node_start[k] += node_start[k - 1];
            horiz_start[0] = node_start[nodes];
            for (int64_t k = 1; k <= m; k++) horiz_start[k] += horiz_start[k - 1];
            edges_pass(o, s, scratch, m, P, 2, node_start, horiz_start, tree);
            for (int64_t k = nodes; k > 0; k--) node_start[k] = node_start[k - 1];
            node_start[0] = lists;
            for (int64_t k = m; k > 0; k--) horiz_start[k] = horiz_start[k - 1];
            horiz_start[0] = node_start[nodes];
            double *pairs = scratch + m;          /* after the levels */
            for (int64_t k = 1; k < nodes; k++) { /* node k spans the slabs of leaves [first, first + width) */
                int64_t depth = 0, w = 1;
                while ((k << depth) < P) depth++;
                w <<= depth;
                int64_t first = (k << depth) - P, last = first + w < m - 1 ? first + w : m - 1;
                if (first >= m - 1) continue;
                sort_node(o, tree + node_start[k], node_start[k + 1] - node_start[k], scratch[first], scratch[last],
                          pairs);
            }
            for (int64_t k = 0; k < m; k++) {
                int64_t *list = tree + horiz_start[k], n = horiz_start[k + 1] - horiz_start[k];
                for (int64_t i = 0; i < n; i++) {
                    const double *p = o->xy + 2 * list[i];
                    pairs[2 * i] = fmin(p[0], p[2]);
                    pairs[2 * i + 1] = (double)list[i];
                }
                qsort(pairs, (size_t)n, 2 * sizeof *pairs, cmp_pair);
                for (int64_t i = 0; i < n; i++) list[i] = (int64_t)pairs[2 * i + 1];
            }
        }
        nl += m;
    }
    *n_tree = nt;
    *n_levels = nl;
    return PC_OK;
}

/* Node list [lo, hi) of tree: the edges right of P (P strictly left of the
 * edge directed upward), and whether P lies on one (then 1 is returned) */
static int node_read(const pc_outlines *o, const pc__filter *f, const int64_t *list, int64_t n, double px, double py,
                     int64_t *right)
{
    int64_t lo = 0, hi = n; /* the first edge P is strictly left of */
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        double e[4];
        edge_up(o, list[mid], e);
        if (pc__orient(f, e[0], e[1], e[2], e[3], px, py) > 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    *right += n - lo;
    if (lo > 0) {
        double e[4];
        edge_up(o, list[lo - 1], e);
        if (pc__orient(f, e[0], e[1], e[2], e[3], px, py) == 0 && pc__on_collinear(e[0], e[1], e[2], e[3], px, py))
            return 1;
    }
    return 0;
}

/* The path from slab j's leaf to the root: 1 when P lies on an edge */
static int path_read(const pc_outlines *o, const pc__filter *f, const int64_t *t, int64_t j, double px, double py,
                     int64_t *right)
{
    const int64_t *node_start = t + HEAD;
    for (int64_t node = j + t[1]; node >= 1; node >>= 1) {
        const int64_t *list = o->tree + node_start[node];
        if (node_read(o, f, list, node_start[node + 1] - node_start[node], px, py, right)) return 1;
    }
    return 0;
}

int64_t pc__outline_tree_threshold(const pc_outlines *o, int64_t s) { return o->tree[o->tree_at[s] + 3]; }

int pc__outline_tree_locate(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, int *on)
{
    const int64_t *t = o->tree + o->tree_at[s];
    int64_t m = t[0];
    const double *lv = o->levels + t[2];
    *on = 0;
    if (!(py >= lv[0] && py <= lv[m - 1])) return 0;
    int64_t lo = 0, hi = m - 1; /* the last level <= py */
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        if (lv[mid] <= py)
            lo = mid;
        else
            hi = mid - 1;
    }
    int64_t j = lo, right = 0, below = 0;
    if (j < m - 1 && path_read(o, f, t, j, px, py, &right)) {
        *on = 1;
        return 1;
    }
    if (lv[j] == py) { /* on a level: the slab below's edges, and the level's horizontal edges */
        if (j > 0 && path_read(o, f, t, j - 1, px, py, &below)) {
            *on = 1;
            return 1;
        }
        const int64_t *horiz_start = t + HEAD + 2 * t[1] + 1, *list = o->tree + horiz_start[j];
        int64_t n = horiz_start[j + 1] - horiz_start[j], a = 0, b = n; /* the first starting right of P */
        while (a < b) {
            int64_t mid = a + (b - a) / 2;
            const double *p = o->xy + 2 * list[mid];
            if (fmin(p[0], p[2]) > px)
                b = mid;
            else
                a = mid + 1;
        }
        if (a > 0) {
            const double *p = o->xy + 2 * list[a - 1];
            if (px <= fmax(p[0], p[2])) {
                *on = 1;
                return 1;
            }
        }
    }
    return (int)(right & 1);
}
