/*
 * The generic strided batch driver.  One loop template is instantiated for
 * every ordered pair of kinds by the PC_KIND_PAIRS X-macro (matrix.h;
 * reversed orders call the same kernel with the arguments swapped: overlaps
 * is symmetric), and one n-dimensional walker drives whichever loop the
 * kinds select.
 */
#include "fpenv.h"
#include "generic.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"
#include "walk.h"

typedef void (*pc_loop)(const pc__filter *f, int ka, const double *a, int64_t sa, int kb, const double *b, int64_t sb,
                        uint8_t *out, int64_t so, int64_t n, int m);

/* loop over n pairs: the kernel for (A, B), optionally fed (b, a) */
#define PC_DEFINE_LOOP(name, A, B, first, second)                                                                   \
    static void name(const pc__filter *f, int ka, const double *a, int64_t sa, int kb, const double *b, int64_t sb, \
                     uint8_t *out, int64_t so, int64_t n, int m)                                                    \
    {                                                                                                               \
        (void)ka;                                                                                                   \
        (void)kb;                                                                                                   \
        const pc__filter fl = *f; /* a local copy: stores to out cannot alias it */                                 \
        for (int64_t i = 0; i < n; i++)                                                                             \
            out[i * so] = (uint8_t)pc__k_##A##_##B(&fl, pc__load_##A(first + i * s##first),                         \
                                                   pc__load_##B(second + i * s##second), m);                        \
    }

#define PC_SELF_LOOPS(K) PC_DEFINE_LOOP(loop_##K##_##K, K, K, a, b)
#define PC_PAIR_LOOPS(A, B)                    \
    PC_DEFINE_LOOP(loop_##A##_##B, A, B, a, b) \
    PC_DEFINE_LOOP(loop_##B##_##A, A, B, b, a)
PC_KIND_PAIRS(PC_SELF_LOOPS, PC_PAIR_LOOPS)

#define PC_SELF_ENTRY(K)    [PC_KIND_##K][PC_KIND_##K] = loop_##K##_##K,
#define PC_PAIR_ENTRY(A, B) [PC_KIND_##A][PC_KIND_##B] = loop_##A##_##B, [PC_KIND_##B][PC_KIND_##A] = loop_##B##_##A,
static const pc_loop overlap_loops[PC_KIND_COUNT][PC_KIND_COUNT] = {PC_KIND_PAIRS(PC_SELF_ENTRY, PC_PAIR_ENTRY)};

/* every pair without a kernel of its own: the views (generic.c) */
static void loop_views(const pc__filter *f, int ka, const double *a, int64_t sa, int kb, const double *b, int64_t sb,
                       uint8_t *out, int64_t so, int64_t n, int m)
{
    const pc__filter fl = *f;
    for (int64_t i = 0; i < n; i++) {
        pc__view va, vb;
        pc__view_of(&fl, ka, a + i * sa, &va);
        pc__view_of(&fl, kb, b + i * sb, &vb);
        out[i * so] = (uint8_t)pc__views_overlap(&fl, &va, &vb, m);
    }
}

struct overlap_ctx {
    pc_loop loop;
    int ka, kb;
    pc__filter filter;
    int m;
};

static void overlap_inner(void *vctx, char *const *p, const int64_t *s, int64_t n)
{
    const struct overlap_ctx *c = vctx;
    c->loop(&c->filter, c->ka, (const double *)p[0], s[0] / 8, c->kb, (const double *)p[1], s[1] / 8, (uint8_t *)p[2],
            s[2], n, c->m);
}

int pc_overlaps_batch(int kind_a, const double *a, const int64_t *strides_a, int kind_b, const double *b,
                      const int64_t *strides_b, uint8_t *out, const int64_t *strides_out, int ndim,
                      const int64_t *shape, int mode, double magnitude, int threads, const volatile int *cancel)
{
    if (!pc__is_shape(kind_a) || !pc__is_shape(kind_b)) return PC_ERR_KIND;
    if (mode != PC_TOUCHING && mode != PC_STRICT) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    struct overlap_ctx ctx;
    ctx.loop = overlap_loops[kind_a][kind_b] ? overlap_loops[kind_a][kind_b] : loop_views;
    ctx.ka = kind_a;
    ctx.kb = kind_b;
    ctx.m = mode == PC_STRICT;
    ctx.filter = pc__filter_for(magnitude);
    const void *ptrs[3] = {a, b, out};
    const int64_t *strides[3] = {strides_a, strides_b, strides_out};
    int rc = pc__batch(ndim, shape, 3, ptrs, strides, 4u, overlap_inner, &ctx, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
