/*
 * The broad phase's hierarchical grid: pairs within one collection as fast as
 * a grid allows, while clustered positions and uneven sizes stay cheap.
 *
 *  1. Levels by size.  The extent of a shape is the larger side of its
 *     bounding box.  From a sample of the extents, level 0 takes the shapes
 *     up to PC_GRID_SPREAD times the median extent, level 1 those up to
 *     PC_GRID_SPREAD times the median of the rest, and so on; the last level
 *     takes all that is left.  So a few huge shapes never set the cell size of
 *     the many small ones.
 *  2. One uniform grid a level.  Its cells are a little larger than its
 *     largest extent (and no smaller than the mean spacing of its shapes,
 *     and no more than 2 per shape), and a shape lives in the one cell that
 *     holds the lower-left corner of its box.  Two shapes of one level that
 *     meet then lie in the same or in adjacent cells (the proof, rounding
 *     included, is at cell_size).  A counting sort puts the shapes in cell
 *     order, row by row, copying their rows, so that a cell, its right-hand
 *     neighbour and the three cells above are two runs of consecutive memory.
 *  3. Candidates.  A shape meets the later shapes of its own cell, the shapes
 *     of the next cell in its row and of the three cells above (each
 *     unordered pair of a level once), and, on a level above 0, the shapes of
 *     every lower level's cells its box reaches (each pair across levels once,
 *     from the higher level).  Each candidate is decided by its bounding
 *     boxes, then by the exact overlap kernel (circles: the exact kernel
 *     directly).
 *  4. The choice.  Before the sort, the cell counts give the number of
 *     candidates the grid will test; when it exceeds PC_GRID_BUDGET per shape
 *     (small shapes crowded into few cells, long thin ones spanning many), or
 *     when a coordinate is too large for the cells' arithmetic, the grid
 *     declines and pairs.c builds its tree instead.
 *  Cost: O(n + cells) to build (cells <= 2n + 64 a level), O(candidates) to
 *  find.  Measurements: benchmarks/pairs.md.
 */
#include <math.h>
#include <string.h>

#include "generic.h"
#include "grid.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"
#include "overlap.h"
#include "walk.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define PC_GRID_AVX2 1
#endif

#define PC_GRID_MAGIC  0x7063677269643031ull
#define PC_GRID_LEVELS 8
#define PC_GRID_SAMPLE 1024 /* extents sampled to choose the levels */
#define PC_GRID_SPREAD 4.0  /* a level's extents reach this times the median of those left */
#define PC_GRID_BUDGET 48   /* candidates a shape above which the tree is chosen */
#define PC_GRID_CHUNK  2048 /* cells in one chunk of parallel work */
#define PC_GRID_REACH  1    /* a level's largest extent spans this many cells */

typedef struct {
    double gx, gy;   /* the frame: the least lower-left corner of the level's shapes */
    double hx, hy;   /* the largest one */
    double ext, mag; /* the largest extent, the largest |coordinate| of a corner */
    double inv;      /* 1 / the cell size */
    int64_t nx, ny;  /* columns and rows */
    int64_t first;   /* the level's first cell in the numbering shared by all levels */
    int64_t count;   /* its shapes */
} level;

typedef struct {
    uint64_t magic;
    int kind, width, levels;
    int64_t n, cells;
    double d;                     /* > 0: pairs within this distance, not overlapping ones */
    double limit[PC_GRID_LEVELS]; /* a shape of extent e is on the first level L with e <= limit[L] */
    level lv[PC_GRID_LEVELS];
} header;

typedef struct {
    uint32_t *start;   /* cells + 1: cell c holds sorted positions start[c] .. start[c + 1] - 1 */
    uint32_t *order;   /* sorted position -> the shape's index */
    uint32_t *cell;    /* n + 1: while building, each shape's level, then its cell; then free */
    double *rows;      /* the shapes' rows, in sorted order (not for circles) */
    double *bb;        /* their bounding boxes (not for circles) */
    double *x, *y, *r; /* circles: their centres and radii, in sorted order */
} arrays;

/* Values read past the end of the sorted arrays (whole vectors; ignored). */
#define PC_GRID_PAD 4

#define PC_ROUND64(b)  (((b) + 63) & ~(int64_t)63)
#define PC_HEADER_SIZE PC_ROUND64((int64_t)sizeof(header))

static int64_t max_cells(int64_t n) { return 2 * n + 64 * PC_GRID_LEVELS; }

/* Carve the arrays out of base (NULL: only measure); returns the bytes. */
static int64_t carve(int kind, int64_t n, char *base, arrays *a)
{
    int64_t bytes = PC_HEADER_SIZE;
#define PC_TAKE(ptr, type, count)                                    \
    do {                                                             \
        if (base) (ptr) = (type *)(void *)(base + bytes);            \
        bytes = PC_ROUND64(bytes + (int64_t)sizeof(type) * (count)); \
    } while (0)
    PC_TAKE(a->start, uint32_t, max_cells(n) + 1);
    PC_TAKE(a->order, uint32_t, n + PC_GRID_PAD);
    PC_TAKE(a->cell, uint32_t, n + 1);
    int circles = pc__grid_columns(kind);
    PC_TAKE(a->rows, double, circles ? 0 : n * pc_kind_width(kind));
    PC_TAKE(a->bb, double, circles ? 0 : 4 * n);
    PC_TAKE(a->x, double, circles ? n + PC_GRID_PAD : 0);
    PC_TAKE(a->y, double, circles ? n + PC_GRID_PAD : 0);
    PC_TAKE(a->r, double, circles ? n + PC_GRID_PAD : 0);
#undef PC_TAKE
    return bytes;
}

int64_t pc__grid_bytes(int kind, int64_t n)
{
    arrays a;
    return carve(kind, n, NULL, &a);
}

int pc__grid_is(const void *base) { return ((const header *)base)->magic == PC_GRID_MAGIC; }

int64_t pc__grid_count(const void *base) { return ((const header *)base)->n; }

uint32_t *pc__grid_scratch(void *base)
{
    arrays a;
    carve(((const header *)base)->kind, ((const header *)base)->n, base, &a);
    return a.cell;
}

/* ---- where a shape goes -------------------------------------------------- */

/* The lower-left corner of a shape's box and its extent, each within a few
 * ulps of the exact values (the cell size allows for that).  Its cases:
 * pc__grid_corner_case (matrix.h). */
static inline void corner(int kind, const double *s, double *lx, double *ly, double *ext)
{
    switch (kind) {
    case PC_POINT:
        *lx = s[0];
        *ly = s[1];
        *ext = 0.0;
        return;
    case PC_CIRCLE:
        *lx = s[0] - s[2];
        *ly = s[1] - s[2];
        *ext = s[2] + s[2];
        return;
    case PC_BOX:
        *lx = s[0];
        *ly = s[1];
        *ext = pc__max(s[2] - s[0], s[3] - s[1]);
        return;
    default: {
        double bb[4];
        pc__kind(kind)->bounds(s, bb);
        *lx = bb[0];
        *ly = bb[1];
        *ext = pc__max(bb[2] - bb[0], bb[3] - bb[1]);
    }
    }
}

static inline int level_of(const header *h, double ext)
{
    int l = 0;
    while (l < h->levels - 1 && !(ext <= h->limit[l])) l++;
    return l;
}

/* The column (or row) of the coordinate v in a level whose frame starts at g:
 * floor((v - g) / size) clamped to 0 .. top.  Monotone in v, as each rounding
 * is. */
static inline int64_t cell_of(double v, double g, double inv, int64_t top)
{
    double t = (v - g) * inv;
    if (!(t > 0)) return 0;
    if (t >= (double)top) return top;
    return (int64_t)t;
}

/* The cell size of a level.  Take two shapes of the level that meet, with
 * exact lower-left x coordinates a <= b and extents at most E: b - a <= E.
 * The computed corners and extents are within 2^-51 M of the exact ones (M
 * the largest |coordinate| or extent: a circle's x - r rounds once, a
 * descriptor's outward bound by at most 1.5 ulps), and the computed column
 * (v - g) * inv carries a relative error below 3.01 * 2^-53, so at most
 * 2^-49.5 M / size absolute for v, g within M.  So the computed columns of a
 * and b differ by at most (E + 2^-50 M) / size + 2^-48.5 M / size, which is
 * below 1 when size > E + 2^-47 M: their floors then differ by at most 1 (and
 * likewise downward from a query's own corner; a query beyond the frame is
 * clamped, monotonically).  The margins below are far wider. */
static double cell_size(const level *lv, double d)
{
    double size = ((lv->ext + d) * (1.0 + 0x1p-40) + lv->mag * 0x1p-40) / PC_GRID_REACH;
    double wx = lv->hx - lv->gx, wy = lv->hy - lv->gy;
    double spacing = wx > 0 && wy > 0 ? sqrt(wx / (double)lv->count * wy) : pc__max(wx, wy) / (double)lv->count;
    size = pc__max(size, spacing);
    return size > 0 ? size : 1.0;
}

/* Choose each level's cells (at most max_cells(count) of them); 0 when the
 * coordinates are too large for them, or the cells too small: below 2^-900
 * the roundings near the subnormals are no longer relative (and 1 / size
 * would overflow), so the error bound of cell_size fails there. */
static int frame_levels(header *h)
{
    int64_t first = 0;
    for (int l = 0; l < h->levels; l++) {
        level *lv = &h->lv[l];
        lv->first = first;
        lv->nx = lv->ny = 0;
        if (!lv->count) continue;
        /* 2 count + 64 a level: max_cells(n) in all */
        double size = cell_size(lv, h->d), cap = (double)(2 * lv->count + 64);
        for (;;) {
            if (!isfinite(size) || !isfinite(lv->hx - lv->gx) || !isfinite(lv->hy - lv->gy)) return 0;
            if (!(size >= 0x1p-900)) return 0;
            /* one column and row more than the corners need, whatever the
             * rounding of cell_of (which clamps to the last) */
            double tx = floor((lv->hx - lv->gx) / size) + 2, ty = floor((lv->hy - lv->gy) / size) + 2;
            if (tx * ty <= cap) {
                lv->inv = 1.0 / size;
                lv->nx = (int64_t)tx;
                lv->ny = (int64_t)ty;
                break;
            }
            size *= sqrt(tx * ty / cap) * 1.0001;
        }
        first += lv->nx * lv->ny;
    }
    h->cells = first;
    return 1;
}

/* ---- choosing the levels ------------------------------------------------- */

/* Put the k-th smallest of v[0 .. n) at v[k] (Hoare's selection, the pivot a
 * median of three): O(n) on any input that matters here. */
static void select_kth(double *v, int64_t n, int64_t k)
{
    int64_t lo = 0, hi = n - 1;
    while (hi > lo) {
        double a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi];
        double pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
        int64_t i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot) i++;
            while (v[j] > pivot) j--;
            if (i <= j) {
                double t = v[i];
                v[i++] = v[j];
                v[j--] = t;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return;
    }
}

/* limit[] from the extents of up to PC_GRID_SAMPLE shapes spread over the input. */
static void choose_levels(header *h, int kind, const double *s, int64_t n)
{
    double sample[PC_GRID_SAMPLE];
    int64_t m = n < PC_GRID_SAMPLE ? n : PC_GRID_SAMPLE;
    for (int64_t k = 0; k < m; k++) {
        double lx, ly;
        corner(kind, s + (k * n / m) * h->width, &lx, &ly, &sample[k]);
        if (sample[k] != sample[k]) sample[k] = INFINITY;
    }
    int64_t from = 0; /* sample[from .. m): the extents above every limit so far */
    h->levels = 0;
    while (h->levels < PC_GRID_LEVELS - 1 && from < m) {
        select_kth(sample + from, m - from, (m - from) / 2);
        double limit = PC_GRID_SPREAD * sample[from + (m - from) / 2];
        h->limit[h->levels++] = limit;
        for (int64_t k = from; k < m; k++) {
            if (sample[k] <= limit) {
                double t = sample[k];
                sample[k] = sample[from];
                sample[from++] = t;
            }
        }
    }
    h->limit[h->levels++] = INFINITY;
}

/* ---- the candidate count ------------------------------------------------- */

/* The pairs of cells the finder will test, from the cell counts in start[]
 * (before the prefix sums), plus the cells the shapes of the upper levels
 * reach on the lower ones. */
static double within_levels(const header *h, const uint32_t *count)
{
    double total = 0;
    for (int l = 0; l < h->levels; l++) {
        const level *lv = &h->lv[l];
        for (int64_t y = 0; y < lv->ny; y++) {
            const uint32_t *row = count + lv->first + y * lv->nx, *up = row + lv->nx;
            for (int64_t x = 0; x < lv->nx; x++) {
                double c = row[x];
                if (c == 0) continue;
                double near = 0;
                for (int64_t k = x + 1; k <= x + PC_GRID_REACH && k < lv->nx; k++) near += row[k];
                for (int64_t dy = 1; dy <= PC_GRID_REACH && y + dy < lv->ny; dy++)
                    for (int64_t k = x - PC_GRID_REACH; k <= x + PC_GRID_REACH; k++)
                        if (k >= 0 && k < lv->nx) near += up[(dy - 1) * lv->nx + k];
                total += c * (c - 1) * 0.5 + c * near;
            }
        }
    }
    return total;
}

/* The candidates of a shape with box lower-left (lx, ly) and extent ext on
 * level l against the levels below: each cell it reaches, by the mean count. */
static double across_levels(const header *h, int l, double lx, double ly, double ext)
{
    double total = 0;
    for (int k = 0; k < l; k++) {
        const level *lv = &h->lv[k];
        if (!lv->count) continue;
        int64_t x0 = cell_of(lx, lv->gx, lv->inv, lv->nx - 1), x1 = cell_of(lx + ext, lv->gx, lv->inv, lv->nx - 1);
        int64_t y0 = cell_of(ly, lv->gy, lv->inv, lv->ny - 1), y1 = cell_of(ly + ext, lv->gy, lv->inv, lv->ny - 1);
        double reach = (double)(1 + PC_GRID_REACH) + h->d * lv->inv;
        double cells = ((double)(x1 - x0) + reach) * ((double)(y1 - y0) + reach);
        total += cells * (1.0 + (double)lv->count / (double)(lv->nx * lv->ny));
    }
    return total;
}

/* ---- building ------------------------------------------------------------ */

int pc__grid_build(int kind, const double *s, int64_t n, double d, void *base)
{
    header *h = base;
    arrays a;
    carve(kind, n, base, &a);
    memset(h, 0, sizeof *h);
    h->kind = kind;
    h->width = pc_kind_width(kind);
    h->n = n;
    h->d = d;
    choose_levels(h, kind, s, n);
    for (int l = 0; l < h->levels; l++) {
        h->lv[l].gx = h->lv[l].gy = INFINITY;
        h->lv[l].hx = h->lv[l].hy = -INFINITY;
    }
    /* each shape's level; each level's frame, extent and magnitude */
    for (int64_t i = 0; i < n; i++) {
        double lx, ly, ext;
        corner(kind, s + i * h->width, &lx, &ly, &ext);
        int l = level_of(h, ext);
        level *lv = &h->lv[l];
        a.cell[i] = (uint32_t)l;
        lv->count++;
        lv->gx = pc__min(lv->gx, lx);
        lv->gy = pc__min(lv->gy, ly);
        lv->hx = pc__max(lv->hx, lx);
        lv->hy = pc__max(lv->hy, ly);
        lv->ext = pc__max(lv->ext, ext);
    }
    for (int l = 0; l < h->levels; l++) {
        level *lv = &h->lv[l];
        lv->mag = pc__max(pc__max(fabs(lv->gx), fabs(lv->gy)), pc__max(fabs(lv->hx), fabs(lv->hy)));
        lv->mag = pc__max(lv->mag, lv->ext);
        if (lv->count && !(lv->mag <= 0x1p1000)) return 0; /* NaN, inf, or room lost for the margins */
    }
    if (!frame_levels(h)) return 0;
    /* each shape's cell and the cells' counts */
    memset(a.start, 0, (size_t)(h->cells + 1) * sizeof *a.start);
    double across = 0;
    for (int64_t i = 0; i < n; i++) {
        double lx, ly, ext;
        corner(kind, s + i * h->width, &lx, &ly, &ext);
        int l = (int)a.cell[i];
        const level *lv = &h->lv[l];
        int64_t c =
            lv->first + cell_of(ly, lv->gy, lv->inv, lv->ny - 1) * lv->nx + cell_of(lx, lv->gx, lv->inv, lv->nx - 1);
        a.cell[i] = (uint32_t)c;
        a.start[c]++;
        if (l) across += across_levels(h, l, lx, ly, ext);
    }
    if (within_levels(h, a.start) + across > (double)PC_GRID_BUDGET * (double)n + 4096.0) return 0;
    /* the counting sort */
    uint32_t sum = 0;
    for (int64_t c = 0; c < h->cells; c++) {
        uint32_t k = a.start[c];
        a.start[c] = sum;
        sum += k;
    }
    int w = h->width;
    if (pc__grid_columns(kind)) {
        for (int64_t i = 0; i < n; i++) {
            uint32_t p = a.start[a.cell[i]]++;
            a.order[p] = (uint32_t)i;
            a.x[p] = s[3 * i];
            a.y[p] = s[3 * i + 1];
            a.r[p] = s[3 * i + 2];
        }
        for (int64_t p = n; p < n + PC_GRID_PAD; p++) a.x[p] = a.y[p] = a.r[p] = 0.0;
    } else {
        for (int64_t i = 0; i < n; i++) {
            uint32_t p = a.start[a.cell[i]]++;
            a.order[p] = (uint32_t)i;
            memcpy(a.rows + (int64_t)p * w, s + i * w, (size_t)w * sizeof(double));
            pc__kind(kind)->bounds(s + i * w, a.bb + 4 * (int64_t)p);
        }
    }
    for (int64_t p = n; p < n + PC_GRID_PAD; p++) a.order[p] = 0;
    /* start[c] now ends cell c: shift by one */
    memmove(a.start + 1, a.start, (size_t)h->cells * sizeof *a.start);
    a.start[0] = 0;
    h->magic = PC_GRID_MAGIC;
    return 1;
}

/* ---- finding ------------------------------------------------------------- */

struct grid_ctx {
    int avx2; /* the circles' loop may use AVX2 (checked at run time) */
    const header *h;
    arrays a;
    pc__one narrow;
    pc__filter f;
    int m;
    pc__sink *sink;
};

/* The exact test of the circles at sorted positions p and q. */
static PC_COLD int circles_exact(const struct grid_ctx *c, int64_t p, int64_t q)
{
    const double *x = c->a.x, *y = c->a.y, *r = c->a.r;
    return pc__dist_ok(pc__circle_slow(x[p], y[p], x[q], y[q], r[p], r[q]), c->m);
}

#ifdef PC_GRID_AVX2
/* The circles loop of test_run, four candidates at a time: the same filter
 * and the same exact test where the filter cannot decide, so the same
 * answers.  The emitter keeps room for four keys (flushed beyond
 * PC_EMIT - 4); reads past q1 stay within the padding and are masked. */
__attribute__((target("avx2"))) static void circles_avx2(const struct grid_ctx *c, pc__emitter *e, int64_t p,
                                                         int64_t q0, int64_t q1)
{
    const double *xs = c->a.x, *ys = c->a.y, *rs = c->a.r;
    const uint32_t *order = c->a.order;
    const __m256d x = _mm256_set1_pd(xs[p]), y = _mm256_set1_pd(ys[p]), r = _mm256_set1_pd(rs[p]);
    const __m256d bound = _mm256_set1_pd(c->f.circle), neg_bound = _mm256_set1_pd(c->f.circle_neg);
    const __m128i i = _mm_set1_epi32((int)order[p]), shift = _mm_cvtsi32_si128(c->sink->jbits);
    int n = e->n;
    for (int64_t q = q0; q < q1; q += 4) {
        __m256d dx = _mm256_sub_pd(x, _mm256_loadu_pd(xs + q)), dy = _mm256_sub_pd(y, _mm256_loadu_pd(ys + q));
        __m256d rr = _mm256_add_pd(r, _mm256_loadu_pd(rs + q));
        __m256d v = _mm256_sub_pd(_mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)), _mm256_mul_pd(rr, rr));
        int valid = q1 - q >= 4 ? 15 : (1 << (q1 - q)) - 1;
        int yes = _mm256_movemask_pd(_mm256_cmp_pd(v, neg_bound, _CMP_LT_OQ)) & valid;
        int unsure = ~_mm256_movemask_pd(_mm256_cmp_pd(v, bound, _CMP_GT_OQ)) & ~yes & valid;
        if (PC_UNLIKELY(unsure))
            for (int k = 0; k < 4; k++)
                if (unsure >> k & 1) yes |= circles_exact(c, p, q + k) << k;
        __m128i j = _mm_loadu_si128((const __m128i *)(const void *)(order + q));
        __m256i lo = _mm256_cvtepu32_epi64(_mm_min_epu32(i, j)), hi = _mm256_cvtepu32_epi64(_mm_max_epu32(i, j));
        uint64_t key[4];
        _mm256_storeu_si256((__m256i *)(void *)key, _mm256_or_si256(_mm256_sll_epi64(lo, shift), hi));
        for (int k = 0; k < 4; k++) {
            e->key[n] = key[k];
            n += yes >> k & 1;
        }
        if (n > PC_EMIT - 4) {
            e->n = n;
            pc__flush(c->sink, e);
            n = 0;
        }
    }
    e->n = n;
}
#endif

/* Do the closed boxes come within d of each other (d = 0: meet)?  Each gap
 * rounds once, monotonically, so a gap at most d never rounds above it. */
static inline int boxes_meet(const double *a, const double *b, double d)
{
    return (a[0] - b[2] <= d) & (b[0] - a[2] <= d) & (a[1] - b[3] <= d) & (b[1] - a[3] <= d);
}

/* The shape at sorted position p against those at positions q0 .. q1 - 1. */
static void test_run(const struct grid_ctx *c, pc__emitter *e, int64_t p, int64_t q0, int64_t q1)
{
    const uint32_t *order = c->a.order;
    uint32_t i = order[p];
    if (pc__grid_columns(c->h->kind) && c->h->d > 0) {
        const double *xs = c->a.x, *ys = c->a.y, *rs = c->a.r, d = c->h->d;
        for (int64_t q = q0; q < q1; q++) {
            if (!pc__dist_ok(pc__circle3(xs[p], ys[p], xs[q], ys[q], rs[p], rs[q], d), c->m)) continue;
            uint32_t j = order[q];
            pc__emit(c->sink, e, i < j ? i : j, i < j ? j : i);
        }
        return;
    }
    if (pc__grid_columns(c->h->kind)) {
#ifdef PC_GRID_AVX2
        if (c->avx2) {
            circles_avx2(c, e, p, q0, q1);
            return;
        }
#endif
        /* pc__k_circle_circle without a branch on the answer: each
         * candidate's key is written, and kept when the filter proves the
         * overlap (or, rarely, the exact test does) */
        const double *xs = c->a.x, *ys = c->a.y, *rs = c->a.r;
        const double x = xs[p], y = ys[p], r = rs[p];
        const double bound = c->f.circle, neg_bound = c->f.circle_neg;
        const int jbits = c->sink->jbits;
        int n = e->n; /* in a register, not in *e, across the loop */
        for (int64_t q = q0; q < q1; q++) {
            double dx = x - xs[q], dy = y - ys[q], rr = r + rs[q];
            double v = (dx * dx + dy * dy) - rr * rr;
            uint32_t j = order[q], lo = i < j ? i : j, hi = i ^ j ^ lo;
            int yes = v < neg_bound;
            if (PC_UNLIKELY(!yes && !(v > bound))) yes = circles_exact(c, p, q);
            e->key[n] = (uint64_t)lo << jbits | hi;
            n += yes;
            if (PC_UNLIKELY(n == PC_EMIT)) {
                e->n = n;
                pc__flush(c->sink, e);
                n = 0;
            }
        }
        e->n = n;
        return;
    }
    int w = c->h->width;
    const double *bp = c->a.bb + 4 * p, *row = c->a.rows + p * w;
    for (int64_t q = q0; q < q1; q++) {
        if (!boxes_meet(bp, c->a.bb + 4 * q, c->h->d)) continue;
        const double *other = c->a.rows + q * w;
        int hit = c->h->d > 0 ? pc__within_rows(&c->f, c->h->kind, row, c->h->kind, other, c->h->d, c->m)
                  : c->narrow ? c->narrow(&c->f, row, other, c->m)
                              : pc__overlap_rows(&c->f, c->h->kind, row, c->h->kind, other, c->m);
        if (!hit) continue;
        uint32_t j = order[q];
        pc__emit(c->sink, e, i < j ? i : j, i < j ? j : i);
    }
}

/* The shape at sorted position p (on level l) against the lower levels. */
static void test_below(const struct grid_ctx *c, pc__emitter *e, int64_t p, int l)
{
    double lx, ly, hx, hy;
    if (pc__grid_columns(c->h->kind)) {
        const double x = c->a.x[p], y = c->a.y[p], r = c->a.r[p];
        lx = x - r;
        ly = y - r;
        hx = x + r;
        hy = y + r;
    } else {
        const double *bb = c->a.bb + 4 * p;
        lx = bb[0], ly = bb[1], hx = bb[2], hy = bb[3];
    }
    hx += c->h->d; /* rounded to nearest: at least any corner within d */
    hy += c->h->d;
    for (int k = 0; k < l; k++) {
        const level *lv = &c->h->lv[k];
        if (!lv->count) continue;
        int64_t x0 = cell_of(lx, lv->gx, lv->inv, lv->nx - 1), x1 = cell_of(hx, lv->gx, lv->inv, lv->nx - 1);
        int64_t y0 = cell_of(ly, lv->gy, lv->inv, lv->ny - 1), y1 = cell_of(hy, lv->gy, lv->inv, lv->ny - 1);
        x0 = x0 > PC_GRID_REACH ? x0 - PC_GRID_REACH : 0;
        y0 = y0 > PC_GRID_REACH ? y0 - PC_GRID_REACH : 0;
        for (int64_t y = y0; y <= y1; y++) {
            int64_t row = lv->first + y * lv->nx;
            test_run(c, e, p, c->a.start[row + x0], c->a.start[row + x1 + 1]);
        }
    }
}

/* Every pair found from the cell: within its level, and its shapes against
 * the lower levels. */
static void visit(const struct grid_ctx *c, pc__emitter *e, int64_t cell)
{
    const uint32_t *start = c->a.start;
    int64_t a0 = start[cell], a1 = start[cell + 1];
    if (a0 == a1) return;
    int l = 0;
    while (cell >= c->h->lv[l].first + c->h->lv[l].nx * c->h->lv[l].ny) l++;
    const level *lv = &c->h->lv[l];
    int64_t x = (cell - lv->first) % lv->nx, y = (cell - lv->first) / lv->nx;
    int64_t row = cell - x, x0 = x > PC_GRID_REACH ? x - PC_GRID_REACH : 0;
    int64_t x1 = x + PC_GRID_REACH < lv->nx ? x + PC_GRID_REACH : lv->nx - 1;
    int64_t right = start[row + x1 + 1]; /* the end of the reachable cells in the row */
    int64_t up0[PC_GRID_REACH], up1[PC_GRID_REACH], rows = 0;
    for (int64_t dy = 1; dy <= PC_GRID_REACH && y + dy < lv->ny; dy++, rows++) {
        up0[rows] = start[row + dy * lv->nx + x0];
        up1[rows] = start[row + dy * lv->nx + x1 + 1];
    }
    for (int64_t p = a0; p < a1; p++) {
        test_run(c, e, p, p + 1, right);
        for (int64_t k = 0; k < rows; k++) test_run(c, e, p, up0[k], up1[k]);
        if (l) test_below(c, e, p, l);
    }
}

static void grid_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct grid_ctx *c = vctx;
    pc__emitter e;
    e.n = 0;
    int64_t first = (int64_t)((const uint32_t *)(void *)p[0] - c->a.start), step = s[0] / (int64_t)sizeof(uint32_t);
    for (int64_t k = 0; k < n; k++) visit(c, &e, first + k * step);
    pc__flush(c->sink, &e);
}

int pc__grid_find(const void *base, const pc__filter *f, int m, int threads, int64_t sample, int simd, pc__sink *sink,
                  const volatile int *cancel)
{
    struct grid_ctx c;
    c.h = base;
    carve(c.h->kind, c.h->n, (char *)(uintptr_t)base, &c.a);
    c.narrow = pc__overlap_one[c.h->kind][c.h->kind];
#ifdef PC_GRID_AVX2
    c.avx2 = simd && __builtin_cpu_supports("avx2");
#else
    (void)simd;
    c.avx2 = 0;
#endif
    c.f = *f;
    c.m = m;
    c.sink = sink;
    int64_t shape[1] = {(c.h->cells + sample - 1) / sample}, stride[1] = {(int64_t)sizeof(uint32_t) * sample};
    const int64_t *strides[1] = {stride};
    char *operand[1] = {(char *)c.a.start};
    return pc__walk_chunked(1, shape, 1, operand, strides, grid_inner, &c, threads, PC_GRID_CHUNK, cancel);
}
