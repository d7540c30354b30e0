/*
 * The generic strided batch driver.  One loop template is instantiated for
 * every ordered pair of kinds by the PC_KIND_PAIRS X-macro (reversed orders call
 * the same kernel with the arguments swapped: overlaps is symmetric), and one
 * n-dimensional walker drives whichever loop the kinds select.
 */
#include "fpenv.h"
#include "kernels.h"
#include "shapes.h"

typedef void (*pc_loop)(const pc__filter *f, const double *a, int64_t sa, const double *b,
                        int64_t sb, uint8_t *out, int64_t so, int64_t n, int m);

/* loop over n pairs: the kernel for (A, B), optionally fed (b, a) */
#define PC_DEFINE_LOOP(name, A, B, first, second)                                  \
    static void name(const pc__filter *f, const double *a, int64_t sa,            \
                     const double *b, int64_t sb, uint8_t *out, int64_t so,       \
                     int64_t n, int m)                                             \
    {                                                                              \
        const pc__filter fl = *f; /* a local copy: stores to out cannot alias it */ \
        for (int64_t i = 0; i < n; i++)                                            \
            out[i * so] = (uint8_t)pc__k_##A##_##B(&fl, pc__load_##A(first + i * s##first), \
                                                  pc__load_##B(second + i * s##second), m); \
    }

#define PC_SELF_LOOPS(K) PC_DEFINE_LOOP(loop_##K##_##K, K, K, a, b)
#define PC_PAIR_LOOPS(A, B)                          \
    PC_DEFINE_LOOP(loop_##A##_##B, A, B, a, b)       \
    PC_DEFINE_LOOP(loop_##B##_##A, A, B, b, a)
PC_KIND_PAIRS(PC_SELF_LOOPS, PC_PAIR_LOOPS)

#define PC_SELF_ENTRY(K) [PC_KIND_##K][PC_KIND_##K] = loop_##K##_##K,
#define PC_PAIR_ENTRY(A, B) \
    [PC_KIND_##A][PC_KIND_##B] = loop_##A##_##B, [PC_KIND_##B][PC_KIND_##A] = loop_##B##_##A,
static const pc_loop overlap_loops[PC_KIND_COUNT][PC_KIND_COUNT] = {
    PC_KIND_PAIRS(PC_SELF_ENTRY, PC_PAIR_ENTRY)
};

#define PC_MAX_DIMS 64

int pc_overlaps_batch(int kind_a, const double *a, const int64_t *strides_a,
                      int kind_b, const double *b, const int64_t *strides_b,
                      uint8_t *out, const int64_t *strides_out,
                      int ndim, const int64_t *shape, int mode, double magnitude)
{
    if (kind_a < 0 || kind_a >= PC_KIND_COUNT || kind_b < 0 || kind_b >= PC_KIND_COUNT)
        return PC_ERR_KIND;
    if (ndim < 0 || ndim > PC_MAX_DIMS || !a || !b || !out || (mode != PC_TOUCHING && mode != PC_STRICT))
        return PC_ERR_ARG;
    if (ndim > 0 && (!shape || !strides_a || !strides_b || !strides_out))
        return PC_ERR_ARG;
    for (int d = 0; d < ndim; d++) {
        if (shape[d] < 0) return PC_ERR_ARG;
        if (shape[d] == 0) return PC_OK;
    }
    pc_loop loop = overlap_loops[kind_a][kind_b];
    int m = mode == PC_STRICT;
    pc__fpenv env = pc__fp_enter();
    pc__filter filter = pc__filter_for(magnitude);  /* in the standard environment */
    if (ndim == 0) {
        loop(&filter, a, 0, b, 0, out, 0, 1, m);
        pc__fp_leave(env);
        return PC_OK;
    }
    /* walk the outer axes like an odometer; the last axis is the inner loop */
    int64_t index[PC_MAX_DIMS] = {0};
    int last = ndim - 1;
    for (;;) {
        loop(&filter, a, strides_a[last], b, strides_b[last], out, strides_out[last], shape[last], m);
        int d = last - 1;
        for (; d >= 0; d--) {
            a += strides_a[d];
            b += strides_b[d];
            out += strides_out[d];
            if (++index[d] < shape[d]) break;
            a -= strides_a[d] * shape[d];
            b -= strides_b[d] * shape[d];
            out -= strides_out[d] * shape[d];
            index[d] = 0;
        }
        if (d < 0) break;
    }
    pc__fp_leave(env);
    return PC_OK;
}
