/*
 * The public scalar overlap kernels: one per unordered pair of kinds, each a
 * thin wrapper around its inline kernel (kernels.h) that sets the standard
 * floating-point environment for the call.  The semi-static filter bound
 * comes from the two shapes' own magnitude.  Also the table of exact overlap
 * tests on layout rows that the contact and pairs code dispatch through.
 */
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"

#define PC_PUBLIC_KERNEL(A, B)                                       \
    int pc_overlap_##A##_##B(pc_##A a, pc_##B b, int mode)           \
    {                                                                \
        pc__fpenv env = pc__fp_enter();                              \
        pc__filter f = pc__filter_for(pc__max(pc__mag_##A(a), pc__mag_##B(b))); \
        int r = pc__k_##A##_##B(&f, a, b, mode == PC_STRICT);        \
        pc__fp_leave(env);                                           \
        return r;                                                    \
    }
#define PC_PUBLIC_SELF(K) PC_PUBLIC_KERNEL(K, K)
PC_KIND_PAIRS(PC_PUBLIC_SELF, PC_PUBLIC_KERNEL)

/* ---- exact overlap of two shapes given as layout rows (kernels.h) -------- */

#define PC_ONE(name, A, B, first, second)                                    \
    static int name(const pc__filter *f, const double *a, const double *b, int m)  \
    {                                                                        \
        return pc__k_##A##_##B(f, pc__load_##A(first), pc__load_##B(second), m); \
    }
#define PC_ONE_SELF(K) PC_ONE(one_##K##_##K, K, K, a, b)
#define PC_ONE_PAIR(A, B) PC_ONE(one_##A##_##B, A, B, a, b) PC_ONE(one_##B##_##A, A, B, b, a)
PC_KIND_PAIRS(PC_ONE_SELF, PC_ONE_PAIR)
#define PC_ONE_SELF_ENTRY(K) [PC_KIND_##K][PC_KIND_##K] = one_##K##_##K,
#define PC_ONE_PAIR_ENTRY(A, B) \
    [PC_KIND_##A][PC_KIND_##B] = one_##A##_##B, [PC_KIND_##B][PC_KIND_##A] = one_##B##_##A,
const pc__one pc__overlap_one[PC_KIND_COUNT][PC_KIND_COUNT] = {
    PC_KIND_PAIRS(PC_ONE_SELF_ENTRY, PC_ONE_PAIR_ENTRY)
};

int pc__overlap_rows(const pc__filter *f, int ka, const double *a, int kb, const double *b, int m)
{
    pc__one one = pc__overlap_one[ka][kb];
    if (one) return one(f, a, b, m);
    pc__view va, vb;
    pc__view_of(f, ka, a, &va);
    pc__view_of(f, kb, b, &vb);
    return pc__views_overlap(f, &va, &vb, m);
}

int pc_overlap(int kind_a, const double *a, int kind_b, const double *b, int mode)
{
    if (!pc__is_shape(kind_a) || !pc__is_shape(kind_b)) return PC_ERR_KIND;
    if (!a || !b || (mode != PC_TOUCHING && mode != PC_STRICT)) return PC_ERR_ARG;
    pc__fpenv env = pc__fp_enter();
    pc__filter f = pc__filter_for(pc__max(pc__magnitude(a, pc_kind_width(kind_a)),
                                          pc__magnitude(b, pc_kind_width(kind_b))));
    int r = pc__overlap_rows(&f, kind_a, a, kind_b, b, mode == PC_STRICT);
    pc__fp_leave(env);
    return r;
}
