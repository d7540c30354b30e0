/*
 * The public scalar overlap kernels: one per unordered pair of kinds, each a
 * thin wrapper around its inline kernel (kernels.h) that sets the standard
 * floating-point environment for the call.  The semi-static filter bound
 * comes from the two shapes' own magnitude.
 */
#include "fpenv.h"
#include "kernels.h"
#include "shapes.h"

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
