/*
 * The public scalar overlap kernels, one per unordered pair of kinds, and the
 * table of exact overlap tests on layout rows that the contact and pairs code
 * dispatch through.  A scalar kernel is its inline kernel (kernels.h) run in
 * the standard floating-point environment with the semi-static filter bound
 * of the two shapes' own magnitude; the cheapest pairs first try a fast path
 * that needs neither (below).
 */
#include "fpenv.h"
#include "generic.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"
#include "overlap.h"

/* ---- the scalar entry points ----------------------------------------------
 *
 * Reading the floating-point control register costs more than a small kernel
 * (it waits for the arithmetic in flight), so the cheapest pairs first try a
 * fast path whose answer does not depend on the caller's mode at all, and only
 * when it cannot decide enter the standard mode and run the exact kernel
 * (pc__scalar_*, below).
 *
 * Why the fast paths are exact in any mode.  Let u = 2^-53.  In any rounding
 * mode (to nearest, up, down, toward zero) an operation whose exact result is
 * in the normal range errs by less than one ulp: at most 2u relative, twice
 * the round-to-nearest bound.  Flush-to-zero replaces a result below 2^-1022
 * in magnitude by zero, and denormals-are-zero reads a subnormal input as
 * zero: absolute errors below 2^-1022 each, so a difference of two inputs is
 * within 2u |d| + 2^-1020 of the exact one.  A rounding toward zero holds an
 * overflow at DBL_MAX instead of inf.  Each fast path compares a computed
 * value with a bound on its error, from the relative errors (the factors
 * 2^-49 = 16u and 2^-47 = 64u, at least 1.5 times the analyses below) plus an
 * absolute term far above the flushed and zeroed amounts, and takes the sign
 * only when the value exceeds the bound: then it is the exact sign.  Touching
 * and strict modes differ only where the exact value is 0, which a fast path
 * never decides.  Pure comparisons (boxes, points in boxes) are exact in every
 * rounding mode; only denormals-are-zero can change them, so they first check,
 * by one comparison, that a subnormal constant still reads as nonzero.
 * c/tests/test_kernels.c checks every fast path in all eight modes on inputs
 * made to break them. */
#define PC_UNDECIDED (-1)

/* 1 unless the thread reads subnormal inputs as zero (x86 DAZ, Arm FZ) */
static inline int pc__subnormals_read(void)
{
    double tiny = 0x1p-1074;
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    __asm__("" : "+x"(tiny)); /* an opaque value: the comparison happens at run time */
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
    __asm__("" : "+w"(tiny));
#else
    volatile double opaque = tiny;
    tiny = opaque;
#endif
    return tiny > 0.0;
}

/* Is d2 < s2?  d2 = dx^2 + dy^2 and s2 = s^2, where dx, dy and s each carry
 * at most one rounding of a sum or difference of inputs: 1 (d2 < s2: overlap),
 * 0 (d2 > s2: apart) or PC_UNDECIDED.  Relative errors: d2 at most 8u (dx and
 * dy 2u each, doubled by the square; the square and the sum 2u each), s2 at
 * most 6u, q = d2 - s2 another 2u of d2 + s2: at most 10u t in all, against
 * the bound 16u t less its own rounding.  The absolute errors (flushed results
 * and inputs read as zero, below 2^-1018 in all) are below the 2^-1000 term;
 * that term is needed: under flush-to-zero two squares just below 2^-1022
 * vanish and could make q's sign wrong.  Overflow: an inf makes t inf and the
 * test false (a NaN too).  A square held at DBL_MAX by a rounding toward zero
 * is truly at least DBL_MAX; were q's sign then wrong, the other square would
 * be within 10u of DBL_MAX, so |q| <= 10u DBL_MAX while t >= DBL_MAX: the test
 * is false again.  So no range check is needed. */
static inline int pc__fast_less(double d2, double s2)
{
    double q = d2 - s2, t = d2 + s2;
    if (fabs(q) > t * 0x1p-49 + 0x1p-1000) return q < 0; /* a branch almost always taken */
    return PC_UNDECIDED;
}

static inline int pc__fast_disk(double dx, double dy, double s) { return pc__fast_less(dx * dx + dy * dy, s * s); }

static inline int pc__fast_point_circle(pc_point a, pc_circle b, int m)
{
    (void)m;
    return pc__fast_disk(a.x - b.x, a.y - b.y, b.r);
}

static inline int pc__fast_circle_circle(pc_circle a, pc_circle b, int m)
{
    (void)m;
    return pc__fast_disk(a.x - b.x, a.y - b.y, a.r + b.r);
}

static inline int pc__fast_circle_box(pc_circle a, pc_box b, int m)
{
    (void)m; /* the clamp is exact; under DAZ it is within 2^-1022 of it */
    return pc__fast_disk(a.x - pc__clamp(a.x, b.xmin, b.xmax), a.y - pc__clamp(a.y, b.ymin, b.ymax), a.r);
}

/* a <= b (touching) or a < b (strict), four times: one comparison each */
#define PC_FAST_LE4(m, a0, b0, a1, b1, a2, b2, a3, b3)                   \
    ((m) ? ((a0) < (b0)) & ((a1) < (b1)) & ((a2) < (b2)) & ((a3) < (b3)) \
         : ((a0) <= (b0)) & ((a1) <= (b1)) & ((a2) <= (b2)) & ((a3) <= (b3)))

/* Where the thread reads subnormals as zero (DAZ), a comparison of two
 * doubles is made on their bits instead: x's key orders as x does (the
 * bits as an integer for x >= 0, minus its magnitude's bits below, -0 and
 * +0 both 0), so the keys compare as the values do in the standard mode,
 * whatever the mode.  NaNs have no place in that order: a row holding one
 * goes to the exact kernel (in the standard mode). */
static inline int64_t pc__order_key(double x)
{
    int64_t b;
    memcpy(&b, &x, sizeof b);
    return b >= 0 ? b : -(b & INT64_MAX);
}

static inline int pc__is_nan_bits(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return (b & (UINT64_MAX >> 1)) > UINT64_C(0x7ff0000000000000);
}

/* PC_FAST_LE4 on the keys; PC_UNDECIDED for a NaN */
static PC_COLD int pc__keys_le4(int m, double a0, double b0, double a1, double b1, double a2, double b2, double a3,
                                double b3)
{
    if (pc__is_nan_bits(a0) | pc__is_nan_bits(b0) | pc__is_nan_bits(a1) | pc__is_nan_bits(b1) | pc__is_nan_bits(a2) |
        pc__is_nan_bits(b2) | pc__is_nan_bits(a3) | pc__is_nan_bits(b3))
        return PC_UNDECIDED;
    return PC_FAST_LE4(m, pc__order_key(a0), pc__order_key(b0), pc__order_key(a1), pc__order_key(b1), pc__order_key(a2),
                       pc__order_key(b2), pc__order_key(a3), pc__order_key(b3));
}

static inline int pc__fast_point_box(pc_point a, pc_box b, int m)
{
    if (!pc__subnormals_read()) return pc__keys_le4(m, b.xmin, a.x, a.x, b.xmax, b.ymin, a.y, a.y, b.ymax);
    return PC_FAST_LE4(m, b.xmin, a.x, a.x, b.xmax, b.ymin, a.y, a.y, b.ymax);
}

static inline int pc__fast_box_box(pc_box a, pc_box b, int m)
{
    if (!pc__subnormals_read()) return pc__keys_le4(m, a.xmin, b.xmax, b.xmin, a.xmax, a.ymin, b.ymax, b.ymin, a.ymax);
    return PC_FAST_LE4(m, a.xmin, b.xmax, b.xmin, a.xmax, a.ymin, b.ymax, b.ymin, a.ymax);
}

/* Disk (c, r) against the segment pq.  With w = c - p, v = c - q, e = q - p
 * (one rounding each) and W, V, L, R = |w|^2, |v|^2, |e|^2, r^2:
 *  - an end inside the disk (W - R < 0 or V - R < 0): they meet;
 *  - both ends outside: they meet exactly when the foot of the perpendicular
 *    lies strictly inside the segment (w.e > 0 and v.e < 0) and
 *    P = (w x e)^2 - R L <= 0 (< 0 strict); with w.e < 0 or v.e > 0 the
 *    nearest point is an end, outside.
 * Relative errors (u as above): W - R and V - R at most 10u (W + R) and
 * 10u (V + R); w.e at most 8u (|wx ex| + |wy ey|) <= 4u (W + L), v.e likewise;
 * w x e at most 4u (W + L), so P at most 14u ((W + L)^2 + R L).  With every
 * difference below 2^240 (G < 2^480, which also rules out overflow, inf and
 * NaN) the absolute errors are below 2^-777 (degree 2) and 2^-294 (degree 4),
 * under the 2^-770 and 2^-290 terms. */
static inline int pc__fast_circle_segment(pc_circle c, pc_segment s, int m)
{
    (void)m;
    double wx = c.x - s.x0, wy = c.y - s.y0, vx = c.x - s.x1, vy = c.y - s.y1;
    double ex = s.x1 - s.x0, ey = s.y1 - s.y0;
    double W = wx * wx + wy * wy, V = vx * vx + vy * vy, L = ex * ex + ey * ey, R = c.r * c.r;
    if (!(W + V + L + R < 0x1p480)) return PC_UNDECIDED;
    double a = W - R, b = V - R;
    double ba = (W + R) * 0x1p-49 + 0x1p-770, bb = (V + R) * 0x1p-49 + 0x1p-770;
    if (a < -ba || b < -bb) return 1;
    if (!(a > ba && b > bb)) return PC_UNDECIDED;
    double t = wx * ex + wy * ey, u = vx * ex + vy * ey;
    double bt = (W + L) * 0x1p-49 + 0x1p-770, bu = (V + L) * 0x1p-49 + 0x1p-770;
    if (t < -bt || u > bu) return 0;
    if (!(t > bt && u < -bu)) return PC_UNDECIDED;
    double x = wx * ey - wy * ex, P = x * x - R * L, WL = W + L;
    double bp = (WL * WL + R * L) * 0x1p-47 + 0x1p-290;
    if (P < -bp) return 1;
    if (P > bp) return 0;
    return PC_UNDECIDED;
}

/* the exact kernel in the standard mode: the path every pair can take */
#define PC_SCALAR_EXACT(ATTR, A, B)                                             \
    static ATTR int pc__scalar_##A##_##B(pc_##A a, pc_##B b, int m)             \
    {                                                                           \
        pc__fpenv env = pc__fp_enter();                                         \
        pc__filter f = pc__filter_for(pc__max(pc__mag_##A(a), pc__mag_##B(b))); \
        int r = pc__k_##A##_##B(&f, a, b, m);                                   \
        pc__fp_leave(env);                                                      \
        return r;                                                               \
    }
/* The public kernels take their shapes by pointer: a shape of 3 to 6 doubles
 * passed by value goes through the stack on x86-64 (structs over 16 bytes
 * are passed in memory; AArch64 passes up to 4 doubles in registers, a
 * triangle in memory), and copying it there cost more than the fast test
 * itself.  A NULL shape or a mode other than PC_TOUCHING / PC_STRICT is
 * PC_ERR_ARG (one branch, predicted not taken: the three tests are combined
 * by flags, which cost less than three branches on the cheapest calls). */
#define PC_BAD_CALL(a, b, mode) PC_UNLIKELY(!(a) || !(b) || (unsigned)(mode) > 1u)
/* a public kernel with a fast path */
#define PC_PUBLIC_FAST(A, B)                                               \
    PC_SCALAR_EXACT(PC_COLD, A, B)                                         \
    int pc_overlap_##A##_##B(const pc_##A *a, const pc_##B *b, int mode)   \
    {                                                                      \
        if (PC_BAD_CALL(a, b, mode)) return PC_ERR_ARG;                    \
        int r = pc__fast_##A##_##B(*a, *b, mode);                          \
        return r != PC_UNDECIDED ? r : pc__scalar_##A##_##B(*a, *b, mode); \
    }
/* a public kernel without one: the kernel is larger than the mode switch */
#define PC_PUBLIC_PLAIN(A, B)                                            \
    PC_SCALAR_EXACT(inline, A, B)                                        \
    int pc_overlap_##A##_##B(const pc_##A *a, const pc_##B *b, int mode) \
    {                                                                    \
        if (PC_BAD_CALL(a, b, mode)) return PC_ERR_ARG;                  \
        return pc__scalar_##A##_##B(*a, *b, mode);                       \
    }

PC_SCALAR_KERNELS(PC_PUBLIC_FAST, PC_PUBLIC_PLAIN)

/* ---- exact overlap of two shapes given as layout rows (overlap.h) -------- */

#define PC_ONE(name, A, B, first, second)                                         \
    static int name(const pc__filter *f, const double *a, const double *b, int m) \
    {                                                                             \
        return pc__k_##A##_##B(f, pc__load_##A(first), pc__load_##B(second), m);  \
    }
#define PC_ONE_SELF(K)    PC_ONE(one_##K##_##K, K, K, a, b)
#define PC_ONE_PAIR(A, B) PC_ONE(one_##A##_##B, A, B, a, b) PC_ONE(one_##B##_##A, A, B, b, a)
PC_KIND_PAIRS(PC_ONE_SELF, PC_ONE_PAIR)
#define PC_ONE_SELF_ENTRY(K)    [PC_KIND_##K][PC_KIND_##K] = one_##K##_##K,
#define PC_ONE_PAIR_ENTRY(A, B) [PC_KIND_##A][PC_KIND_##B] = one_##A##_##B, [PC_KIND_##B][PC_KIND_##A] = one_##B##_##A,
const pc__one pc__overlap_one[PC_KIND_COUNT][PC_KIND_COUNT] = {PC_KIND_PAIRS(PC_ONE_SELF_ENTRY, PC_ONE_PAIR_ENTRY)};

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
    pc__filter f =
        pc__filter_for(pc__max(pc__magnitude(a, pc_kind_width(kind_a)), pc__magnitude(b, pc_kind_width(kind_b))));
    int r = pc__overlap_rows(&f, kind_a, a, kind_b, b, mode == PC_STRICT);
    pc__fp_leave(env);
    return r;
}
