/*
 * Building a shape array: copy, validate and measure in one pass over the
 * bytes (pc_validate_copy), threaded like the queries.
 *
 * The input may have any strides, any alignment and either byte order; the
 * output is contiguous.  The pass loads each double once (a memcpy-sized load,
 * so unaligned input is no undefined behaviour), stores it, and folds it into
 * the run's largest magnitude and its "something is not finite" flag; the
 * kind's own rules (a radius >= 0, a box's min <= max, a line's two distinct
 * points) are then checked on the run just written, while it is in cache.
 * Only a run with a broken rule is scanned again, row by row, for its first
 * bad shape.  Runs are combined with atomics (the smallest bad index, the
 * largest magnitude), so the result does not depend on the thread count.
 * Everything runs in the standard floating-point environment: with
 * denormals-are-zero a negative subnormal radius would compare as zero.
 */
#include <float.h>
#include <math.h>
#include <stdatomic.h>
#include <string.h>

#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"
#include "walk.h"

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define PC_HAVE_SSE2 1
#endif

/* The first rule a row breaks (PC_RULE_OK if none); the row is native doubles. */
static int check_one(int kind, const double *s, int width)
{
    for (int k = 0; k < width; k++)
        if (!isfinite(s[k])) return PC_RULE_NONFINITE;
    return pc__kind(kind)->rule(s);
}

/* Does some row of rows[0 .. n) break its kind's own rule (finiteness aside)?
 * Branch-free: every row is looked at.  Its cases: pc__validate_rule_case
 * (matrix.h). */
static int kind_rule_broken(int kind, const double *rows, int64_t n)
{
    int bad = 0;
    switch (kind) {
    case PC_CIRCLE:
        for (int64_t i = 0; i < n; i++) bad |= rows[3 * i + 2] < 0;
        break;
    case PC_BOX:
        for (int64_t i = 0; i < n; i++) bad |= (rows[4 * i] > rows[4 * i + 2]) | (rows[4 * i + 1] > rows[4 * i + 3]);
        break;
    case PC_LINE:
        for (int64_t i = 0; i < n; i++) bad |= (rows[4 * i] == rows[4 * i + 2]) & (rows[4 * i + 1] == rows[4 * i + 3]);
        break;
    default: { /* any other kind: its descriptor's rule, row by row */
        const pc__kind_info *k = pc__kind(kind);
        for (int64_t i = 0; i < n; i++) bad |= k->rule(rows + (int64_t)k->width * i) != PC_RULE_OK;
    }
    }
    return bad;
}

#ifdef PC_HAVE_SSE2
#if defined(__GNUC__) || defined(__clang__)
#define PC_INLINE static inline __attribute__((always_inline))
#else
#define PC_INLINE static inline
#endif

typedef struct { __m128d mx, nf, br; /* the largest |value|, "not finite", "rule broken" */ } pc__acc;

/* Rows of one kind (constant after inlining: the loop unrolls) from k to
 * n doubles, two doubles a register; mode 0 only checks, 1 stores, 2 streams.
 * The kinds whose rule it tests: pc__validate_rule_case (matrix.h). */
PC_INLINE int64_t sse_rows(const int kind, const int step, const int mode, const char *src, double *dst, int64_t n,
                           pc__acc *acc)
{
    const __m128d sign = _mm_set1_pd(-0.0), big = _mm_set1_pd(DBL_MAX), zero = _mm_setzero_pd();
    const __m128d lo = _mm_castsi128_pd(_mm_set_epi64x(0, -1)), hi = _mm_castsi128_pd(_mm_set_epi64x(-1, 0));
    __m128d mx = acc->mx, nf = acc->nf, br = acc->br;
    int64_t k = 0;
    for (; k + step <= n; k += step) {
        __m128d v[3];
        for (int q = 0; q < step / 2; q++) {
            v[q] = _mm_loadu_pd((const double *)(const void *)(src + 8 * (k + 2 * q)));
            if (mode == 2) _mm_stream_pd(dst + k + 2 * q, v[q]);
            if (mode == 1) _mm_storeu_pd(dst + k + 2 * q, v[q]);
            __m128d a = _mm_andnot_pd(sign, v[q]);
            nf = _mm_or_pd(nf, _mm_cmpnle_pd(a, big)); /* NaN fails every ordered compare */
            mx = _mm_max_pd(mx, a);
        }
        if (kind == PC_CIRCLE) /* x0 y0 | r0 x1 | y1 r1: the radii are lane 0 of the 2nd, lane 1 of the 3rd */
            br = _mm_or_pd(
                br, _mm_or_pd(_mm_and_pd(_mm_cmplt_pd(v[1], zero), lo), _mm_and_pd(_mm_cmplt_pd(v[2], zero), hi)));
        if (kind == PC_BOX) /* xmin > xmax, ymin > ymax */
            br = _mm_or_pd(br, _mm_cmpgt_pd(v[0], v[1]));
        if (kind == PC_LINE) { /* both ends equal, in x and in y */
            __m128d eq = _mm_cmpeq_pd(v[0], v[1]);
            br = _mm_or_pd(br, _mm_and_pd(eq, _mm_shuffle_pd(eq, eq, 1)));
        }
    }
    acc->mx = mx;
    acc->nf = nf;
    acc->br = br;
    return k;
}

#define PC_SSE_MODES(KIND, STEP)                                 \
    k = mode == 0   ? sse_rows(KIND, STEP, 0, src, dst, n, &acc) \
        : mode == 1 ? sse_rows(KIND, STEP, 1, src, dst, n, &acc) \
                    : sse_rows(KIND, STEP, 2, src, dst, n, &acc)
#endif

/* Copy `rows` contiguous rows of a kind (src may be unaligned) to dst (dst
 * NULL: only check), folding every value into *mag and *bad_value (not
 * finite), and the kind's own rule into *bad_rule, all in one pass over the
 * bytes: with SSE2 two doubles at a time, the rule tested on the registers
 * already loaded (a box's min <= max is one compare of its two halves).
 * stream: store around the caches (the output is far larger than them, and
 * only read again by later queries). */
static void copy_rows(int kind, int width, const char *src, double *dst, int64_t rows, int stream, double *mag,
                      int *bad_value, int *bad_rule)
{
    int64_t k = 0, n = rows * width;
    double m = *mag;
    int bad = 0, rule = 0;
#ifdef PC_HAVE_SSE2
    const int mode = !dst ? 0 : stream && ((uintptr_t)dst & 15) == 0 ? 2 : 1;
    pc__acc acc = {_mm_setzero_pd(), _mm_setzero_pd(), _mm_setzero_pd()};
    switch (kind) { /* the kinds of PC_VALIDATE_FUSED (matrix.h), with their steps (a circle's: two rows) */
#define PC_SSE_CASE(KIND, STEP) \
    case KIND: PC_SSE_MODES(KIND, STEP); break;
        PC_VALIDATE_FUSED(PC_SSE_CASE)
#undef PC_SSE_CASE
    default: break; /* a kind without a fused loop: row by row below */
    }
    if (mode == 2) _mm_sfence();
    double mm[2];
    uint64_t bits[4];
    _mm_storeu_pd(mm, acc.mx);
    m = pc__max(m, pc__max(mm[0], mm[1]));
    _mm_storeu_pd((double *)(void *)bits, acc.nf);
    _mm_storeu_pd((double *)(void *)(bits + 2), acc.br);
    bad |= (bits[0] | bits[1]) != 0;
    rule |= (bits[2] | bits[3]) != 0;
#else
    (void)stream;
#endif
    for (int64_t i = k / width; i < rows; i++) { /* the rest, a row at a time */
        double row[32];
        for (int q = 0; q < width; q++) {
            memcpy(&row[q], src + 8 * (i * width + q), sizeof row[q]);
            if (dst) dst[i * width + q] = row[q];
            double a = fabs(row[q]);
            bad |= !(a <= DBL_MAX);
            m = a > m ? a : m;
        }
        rule |= kind_rule_broken(kind, row, 1);
    }
    *mag = m;
    *bad_value |= bad;
    *bad_rule |= rule;
}

static inline double load_double(const char *p, int swap)
{
    uint64_t bits;
    memcpy(&bits, p, sizeof bits);
    if (swap) {
#if defined(__GNUC__) || defined(__clang__)
        bits = __builtin_bswap64(bits);
#else
        uint64_t r = 0;
        for (int b = 0; b < 8; b++) r = (r << 8) | ((bits >> (8 * b)) & 0xff);
        bits = r;
#endif
    }
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

struct vctx {
    int kind, width, swap, in_place, stream;
    int64_t col_stride;
    const double *dst_base;
    atomic_llong first_bad;     /* INT64_MAX: none */
    _Atomic uint64_t magnitude; /* the bits of a double >= 0: ordered like the values */
};

static void fold_magnitude(struct vctx *c, double m)
{
    uint64_t bits, seen;
    memcpy(&bits, &m, sizeof bits);
    seen = atomic_load_explicit(&c->magnitude, memory_order_relaxed);
    while (bits > seen && !atomic_compare_exchange_weak_explicit(&c->magnitude, &seen, bits, memory_order_relaxed,
                                                                 memory_order_relaxed)) {
    }
}

static void fold_bad(struct vctx *c, int64_t index)
{
    long long seen = atomic_load_explicit(&c->first_bad, memory_order_relaxed);
    while (index < seen && !atomic_compare_exchange_weak_explicit(&c->first_bad, &seen, index, memory_order_relaxed,
                                                                  memory_order_relaxed)) {
    }
}

/* Rows per block: a bad shape is looked for only in the block holding it. */
#define PC_VALIDATE_BLOCK 512

static void validate_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    struct vctx *c = vctx;
    const int w = c->width;
    const char *src = p[0];
    double *dst = (double *)(void *)p[1];
    const int64_t first = (dst - c->dst_base) / w; /* the flat index of this run's first row */
    const int contiguous = !c->swap && c->col_stride == 8 && (n == 1 || s[0] == 8 * (int64_t)w);
    double m = 0.0;
    for (int64_t b0 = 0; b0 < n; b0 += PC_VALIDATE_BLOCK) {
        int64_t rows = n - b0 < PC_VALIDATE_BLOCK ? n - b0 : PC_VALIDATE_BLOCK;
        double *out = dst + b0 * w;
        int bad_value = 0, bad_rule = 0;
        if (c->in_place) {
            copy_rows(c->kind, w, (const char *)out, NULL, rows, 0, &m, &bad_value, &bad_rule);
        } else if (contiguous) {
            copy_rows(c->kind, w, src + b0 * 8 * w, out, rows, c->stream, &m, &bad_value, &bad_rule);
        } else {
            for (int64_t i = 0; i < rows; i++) {
                const char *row = src + (b0 + i) * s[0];
                for (int k = 0; k < w; k++) {
                    double v = load_double(row + k * c->col_stride, c->swap), a = fabs(v);
                    out[i * w + k] = v;
                    bad_value |= !(a <= DBL_MAX);
                    m = a > m ? a : m;
                }
            }
            bad_rule = kind_rule_broken(c->kind, out, rows);
        }
        if (bad_value || bad_rule) {
            for (int64_t i = 0; i < rows; i++)
                if (check_one(c->kind, out + i * w, w) != PC_RULE_OK) {
                    fold_bad(c, first + b0 + i);
                    return; /* later rows of this run cannot come first */
                }
        }
    }
    fold_magnitude(c, m);
}

static int validate_copy(int kind, const void *src, int ndim, const int64_t *shape, const int64_t *src_strides,
                         int64_t col_stride, int byteswap, double *dst, int64_t *first_bad, double *magnitude,
                         int threads, const volatile int *cancel)
{
    int width = pc_kind_width(kind);
    if (width < 0) return PC_ERR_KIND;
    if (!src || !dst || !first_bad || ndim < 0 || ndim > PC_MAX_DIMS || (ndim > 0 && (!shape || !src_strides)))
        return PC_ERR_ARG;
    int in_place = (const void *)dst == src;
    if (in_place && (byteswap || col_stride != 8)) return PC_ERR_ARG;
    /* the output's strides: contiguous rows in row-major order */
    int64_t dst_strides[PC_MAX_DIMS], step = 8 * (int64_t)width;
    for (int d = ndim - 1; d >= 0; d--) {
        if (shape[d] < 0) return PC_ERR_ARG;
        dst_strides[d] = step;
        if (shape[d] > 0 && step > INT64_MAX / shape[d]) return PC_ERR_ARG;
        step *= shape[d] > 0 ? shape[d] : 1;
    }
    if (in_place)
        for (int d = 0; d < ndim; d++)
            if (shape[d] > 1 && src_strides[d] != dst_strides[d]) return PC_ERR_ARG;
    struct vctx c;
    c.kind = kind;
    c.width = width;
    c.swap = byteswap != 0;
    c.in_place = in_place;
    c.col_stride = col_stride;
    c.dst_base = dst;
    c.stream = step >= ((int64_t)16 << 20); /* an output far beyond the caches: store around them */
    atomic_init(&c.first_bad, INT64_MAX);
    atomic_init(&c.magnitude, 0);
    const void *ptrs[2] = {src, dst};
    const int64_t *strides[2] = {src_strides, dst_strides};
    /* chunks of about as many doubles as the overlap batches' chunks of pairs read */
    /* A thread's share in one contiguous piece: a fresh output is mapped by
     * the first write, and threads writing interleaved pieces of the same
     * (huge) pages wait on each other.  The answer does not depend on how the
     * rows are cut (the least bad index, the largest magnitude).  Pieces of an
     * even number of rows keep the output 16-byte aligned. */
    int64_t rows = step / (8 * (int64_t)width), chunk = ((2 * PC_PARALLEL_CHUNK) / width) & ~(int64_t)1;
    if (threads > 1 && rows >= 2 * chunk) {
        int64_t share = (rows + threads - 1) / threads;
        chunk = share > chunk ? (share + 1) & ~(int64_t)1 : chunk;
    }
    int rc = pc__batch(ndim, shape, 2, ptrs, strides, 3u, validate_inner, &c, threads, chunk, cancel);
    if (rc != PC_OK) return rc;
    int64_t bad = atomic_load(&c.first_bad);
    if (bad != INT64_MAX) {
        *first_bad = bad;
        return check_one(kind, dst + bad * width, width);
    }
    if (magnitude) {
        uint64_t bits = atomic_load(&c.magnitude);
        memcpy(magnitude, &bits, sizeof *magnitude);
    }
    return PC_RULE_OK;
}

int pc_validate_copy(int kind, const void *src, int ndim, const int64_t *shape, const int64_t *src_strides,
                     int64_t col_stride, int byteswap, double *dst, int64_t *first_bad, double *magnitude, int threads,
                     const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    int rc = validate_copy(kind, src, ndim, shape, src_strides, col_stride, byteswap, dst, first_bad, magnitude,
                           threads, cancel);
    pc__fp_leave(env);
    return rc;
}

int pc_validate(int kind, const double *data, int64_t n, int64_t *first_bad, double *magnitude)
{
    int width = pc_kind_width(kind);
    if (width < 0) return PC_ERR_KIND;
    if (n < 0 || (n > 0 && !data) || !first_bad) return PC_ERR_ARG;
    if (n == 0) {
        if (magnitude) *magnitude = 0.0;
        return PC_RULE_OK;
    }
    int64_t shape[1] = {n}, strides[1] = {8 * (int64_t)width};
    return pc_validate_copy(kind, data, 1, shape, strides, 8, 0, (double *)data, first_bad, magnitude, 1, NULL);
}
