/*
 * Contacts (internal): what the contact sources share.  contact.c holds the
 * cores, the general path, the fast paths on cores (squared distances and
 * separating axes), the closed forms and the batch entry point;
 * contact_simd.c the side-by-side vector paths (SSE2, AVX2) beside their
 * batch loops; manifold.c the manifolds.  Only those three include this
 * header, each before any other of the project's (the pragma below must come
 * before every function they compile, the inline ones of kernels.h and the
 * others included here among them); the rest of the core reads contact.h.
 */
#ifndef PC_CONTACT_COMMON_H
#define PC_CONTACT_COMMON_H

/* GCC's straight-line (SLP) vectoriser packs pairs of the contacts' scalar
 * geometry into vectors and unpacks them again: without it a ball against a
 * triangle's contact is faster, the other pairs and the manifolds no slower
 * (benchmarks/contact.md, design history).  A code-generation choice only:
 * the arithmetic, and so every result, is the same bit for bit. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif

#include "contact.h"
#include "fpenv.h"
#include "kernels.h"
#include "kinds.h"
#include "matrix.h"
#include "overlap.h"
#include "walk.h"

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define PC_HAVE_SSE2 1
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define PC_HAVE_AVX2 1 /* compiled in, taken where the processor has it */
#endif

/* ---- cores -------------------------------------------------------------- */

typedef struct {
    int n;                                   /* vertices in use */
    double x[PC_CORE_MAX], y[PC_CORE_MAX];   /* counter-clockwise, scaled by 2^-e */
    double ox[PC_CORE_MAX], oy[PC_CORE_MAX]; /* the same vertices unscaled, for exact signs */
    double r;
    int w; /* +1: a polygon (counter-clockwise), 0: a point or a segment */
} pc__core;

/* The unit vector along (x, y), from a copy scaled by a power of two so that
 * subnormal (or huge) components keep their precision: (ux, uy) is unit to
 * rounding even when hypot(x, y) itself is a subnormal.  (0, 0) stays 0. */
static inline void unit_of(double x, double y, double *ux, double *uy)
{
    double m = pc__max(fabs(x), fabs(y));
    if (!(m > 0)) {
        *ux = *uy = 0.0;
        return;
    }
    int e;
    frexp(m, &e);
    x = ldexp(x, -e);
    y = ldexp(y, -e);
    double l = hypot(x, y);
    *ux = x / l;
    *uy = y / l;
}

/* Edge k of a core runs from vertex k to vertex k + 1 (cyclic for polygons);
 * a point has no edge, a segment one. */
static inline int edge_count(const pc__core *c) { return c->n == 1 ? 0 : c->n == 2 ? 1 : c->n; }

typedef struct { double sep, nx, ny, ax, ay, bx, by; } pc__result;

/* The result along a face's outward unit normal u: (cx, cy) on the face, the
 * other core's point `depth` behind it along u; flip: the face belongs to b,
 * so the normal (from a to b) is -u. */
static inline void face_result(int flip, double ux, double uy, double cx, double cy, double depth, pc__result *res)
{
    double qx = cx - depth * ux, qy = cy - depth * uy;
    if (flip) {
        res->nx = -ux;
        res->ny = -uy;
        res->ax = qx;
        res->ay = qy;
        res->bx = cx;
        res->by = cy;
    } else {
        res->nx = ux;
        res->ny = uy;
        res->ax = cx;
        res->ay = cy;
        res->bx = qx;
        res->by = qy;
    }
    res->sep = -depth;
}

/* The cores' result grown by the radii along the normal. */
static inline void grow(pc__result *res, double ra, double rb)
{
    res->sep -= ra + rb;
    res->ax += ra * res->nx;
    res->ay += ra * res->ny;
    res->bx -= rb * res->nx;
    res->by -= rb * res->ny;
}

/* The float geometry squares coordinate differences, so it needs magnitudes
 * far from the ends of the doubles' range; and it must not depend on the scale
 * (which of two equal depths wins, say).  So it runs scaled by 2^-e, with the
 * magnitude in [2^(e-1), 2^e), into (-1, 1): exact when scaling up, and
 * scaling down rounds only subnormal parts, which are below the answer's
 * precision at such a scale.  Two pairs that are one another times a power
 * of two are then computed on the same doubles, and their results are the
 * same up to that power. */
static inline int scale_exponent(double magnitude)
{
    int e = 0;
    if (magnitude > 0 && isfinite(magnitude)) frexp(magnitude, &e);
    return e;
}

/* A core's edges for the fast paths: edge k runs from vertex k to vertex
 * k + 1 (one edge for a segment core, none for a point), with its squared
 * length, found once per core. */
typedef struct {
    int ne;
    double ex[PC_CORE_MAX], ey[PC_CORE_MAX], ee[PC_CORE_MAX];
} pc__edges;

/* The result for a gap d along the unit u from a's core point (px, py) to
 * b's core, the radii added. */
static inline void gap_result(double px, double py, double d, double ux, double uy, double ra, double rb,
                              pc__result *res)
{
    res->sep = d - (ra + rb);
    res->nx = ux;
    res->ny = uy;
    res->ax = px + ra * ux;
    res->ay = py + ra * uy;
    res->bx = px + (d - rb) * ux;
    res->by = py + (d - rb) * uy;
}

/* corner_pair's nearer pair, by selects: (v, q), v the face's vertex and
 * q the other's point nearest to it (if found_q), or (f, w), w the other's
 * deepest vertex and f the face's point nearest to it (if found_f), the
 * first unless the second is nearer; its points in (px, py) (on the face)
 * and (ox, oy); its squared length (INFINITY: neither found) */
static PC_ALWAYS_INLINE double corner_nearer(int found_q, double vx, double vy, double qx, double qy, int found_f,
                                             double fx, double fy, double wx, double wy, double *px, double *py,
                                             double *ox, double *oy)
{
    double d2 = found_q ? (qx - vx) * (qx - vx) + (qy - vy) * (qy - vy) : INFINITY;
    double e2 = (wx - fx) * (wx - fx) + (wy - fy) * (wy - fy);
    int b = found_f && e2 < d2;
    *px = b ? fx : vx;
    *py = b ? fy : vy;
    *ox = b ? wx : qx;
    *oy = b ? wy : qy;
    return b ? e2 : d2;
}

/* The sign of a fast path's separation made to agree with the exact test; a
 * separation far from 0 against the path's error (a few ulps of the
 * magnitudes involved, bounded here by 2^-40 of them) needs no test; with
 * scale = INFINITY (the general path) the test always runs. */
static inline void settle(const pc__filter *f, int ka, const double *a, int kb, const double *b, double scale,
                          pc__result *res)
{
    if (fabs(res->sep) > 0x1p-40 * scale) return;
    int hit = pc__overlap_rows(f, ka, a, kb, b, PC_TOUCHING);
    if (hit && res->sep > 0) {
        res->sep = 0.0;
        res->bx = res->ax;
        res->by = res->ay;
    } else if (!hit && !(res->sep > 0)) {
        res->sep = 0x1p-1074; /* a true gap too small for the float computation */
        res->bx = res->ax;
        res->by = res->ay;
    }
}

struct contact_ctx {
    const pc__filter *f;
    int ka, kb, wa, wb;
};

/* a canonical answer written out for the pair as given (swap: the rows had
 * been swapped into the canonical order) */
static PC_ALWAYS_INLINE void contact_out(pc__result *r, int swap, double *out)
{
    r->nx += 0.0; /* no negative zeros in a normal */
    r->ny += 0.0;
    out[0] = r->sep;
    if (swap) {
        out[1] = 0.0 - r->nx;
        out[2] = 0.0 - r->ny;
        out[3] = r->bx;
        out[4] = r->by;
        out[5] = r->ax;
        out[6] = r->ay;
    } else {
        out[1] = r->nx;
        out[2] = r->ny;
        out[3] = r->ax;
        out[4] = r->ay;
        out[5] = r->bx;
        out[6] = r->by;
    }
}

/* lexicographic order of two rows of one kind */
static inline int row_less(const double *a, const double *b, int width)
{
    for (int k = 0; k < width; k++) {
        if (a[k] < b[k]) return 1;
        if (a[k] > b[k]) return 0;
    }
    return 0;
}

/* pc__contact_canonical or ball_canonical */
typedef void pc__canonical(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb, const double *b,
                           double degenerate_ny, pc__result *res);

/* The functions the contact sources call in one another are hidden: no
 * interposition, so in the shared library their calls are direct, as they
 * were inside one source, not through the PLT; PC_OUT_OF_LINE keeps some of
 * contact.c's functions out of line as they were then (see contact.c). */
#if defined(__GNUC__) && !defined(_WIN32)
#define PC_HIDDEN      __attribute__((visibility("hidden")))
#define PC_OUT_OF_LINE __attribute__((noinline))
#else
#define PC_HIDDEN
#define PC_OUT_OF_LINE
#endif

/* ---- the general path and the fast paths on cores (contact.c) ---- */

/* the core of a row, also scaled by 2^-e */
PC_HIDDEN pc__core pc__core_of(const pc__filter *f, int kind, const double *s, int e);

/* two cores apart: the closest pair of features, by squared distances */
PC_HIDDEN int pc__cores_apart(const pc__hull *ha, const pc__edges *ea, const pc__hull *hb, const pc__edges *eb,
                              double floor2, pc__result *res);

/* the contact of two rows in the canonical order (kind, then the
 * coordinates): every fast path on cores, else the general path */
PC_HIDDEN void pc__contact_canonical(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb,
                                     const double *b, double degenerate_ny, pc__result *res);

/* ---- the vector paths (contact_simd.c) ----
 * pc__ngon_canonical: pc__contact_canonical for a ball against a triangle or
 * a polygon (pc__contact_ngon), two edges per instruction (SSE2), and its
 * batch loop; _avx2, four (AVX2, where the processor has it).
 * pc__small_one_avx2, pc__seg_one_avx2: contact_pair for the pairs of
 * pc__contact_small and pc__contact_seg, and their batch loops. */
#ifdef PC_HAVE_SSE2
PC_HIDDEN pc__canonical pc__ngon_canonical;
PC_HIDDEN void pc__ngon_canonical_inner(void *vctx, char *const *p, const int64_t *s, int64_t count);
#endif
#ifdef PC_HAVE_AVX2
#define PC__AVX2 PC_HIDDEN __attribute__((target("avx2")))
PC__AVX2 void pc__ngon_canonical_avx2(const pc__filter *f, int ka, int wa, const double *a, int kb, int wb,
                                      const double *b, double degenerate_ny, pc__result *res);
PC__AVX2 void pc__ngon_canonical_avx2_inner(void *vctx, char *const *p, const int64_t *s, int64_t count);
PC__AVX2 void pc__small_one_avx2(const pc__filter *f, int ka, const double *a, int kb, const double *b, double *out);
PC__AVX2 void pc__small_inner_avx2(void *vctx, char *const *p, const int64_t *s, int64_t n);
PC__AVX2 void pc__seg_one_avx2(const pc__filter *f, int ka, const double *a, int kb, const double *b, double *out);
PC__AVX2 void pc__seg_inner_avx2(void *vctx, char *const *p, const int64_t *s, int64_t n);
#undef PC__AVX2
#endif

#endif /* PC_CONTACT_COMMON_H */
