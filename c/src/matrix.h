/*
 * The fast-path matrix (internal): every pair matrix, and every test of a
 * kind by name, outside kinds.c, that sends a kind or a pair of kinds down a
 * path of its own.  A kind not named here takes each verb's generic path
 * (its descriptor in kinds.c, the views of generic.c, the cores of
 * contact.c): exact, and slower.  So a new kind's author reads this file to
 * see every place it may want a fast path, and adds it here, beside the
 * others, before writing the path.
 *
 * c/README.md's kind-by-verb table is generated from this file
 * (c/tools/kind_table.py, which compiles c/tools/kind_table.c against it; a
 * test fails when the two disagree).  The predicates marked "the cases of"
 * name the kinds of a switch in a source; the same script checks each
 * against that switch's case labels.
 *
 * Not listed: tests inside a path already chosen here, on kinds it admits
 * (where a circle's radius is, a triangle's winding), and the tiles of a
 * tile map (boxes and triangles by construction).  Nor the places that read
 * a kind's layout by name, which a new kind with a layout of its own extends
 * besides its descriptor: its view (pc__view_of, generic.c), the values a
 * move moves (moved_row and pc__moved_finite, sweepshape.c) and the points
 * pc_transform places (transform.c).
 *
 * A test that is one expression is a macro, so that the code is the one the
 * expression written in place gave (on an inline function's result GCC lays
 * out the branches differently); the tests that were functions stay so.
 */
#ifndef PC_MATRIX_H
#define PC_MATRIX_H

#include "pycollide.h"

/* ---- families ----------------------------------------------------------- */

/* One of the K-gons (3 <= K <= PC_POLYGON_MAX): kinds PC_POLYGON to
 * PC_POLYGON + PC_POLYGON_MAX - 3, bounded on both sides, so that a kind
 * numbered after them is not taken for one (one unsigned comparison).  Its
 * users: a polygon placed (moved, turned) is its hull when its rounded
 * vertices turn both ways (sweepshape.c, depenetrate.c, transform.c); a
 * swept polygon's decisions follow its reduced core (sweepshape.c); and the
 * tests below that admit the polygons. */
#define pc__polygon_kind(kind) ((unsigned)(kind) - (unsigned)PC_POLYGON <= (unsigned)(PC_POLYGON_MAX - 3))

/* ---- overlaps ----------------------------------------------------------- */

/* The unordered pairs of kinds with an overlap kernel of their own
 * (kernels.h), in the order the kernels are named: SELF(k) for a kind
 * against itself, PAIR(a, b) for two different kinds.  The batch loops
 * (batch.c), the table of exact tests on rows (overlap.c, pc__overlap_one)
 * and the exactness benchmark's loops are generated from it; every other
 * pair goes through the views (generic.c). */
/* clang-format off */
#define PC_KIND_PAIRS(SELF, PAIR) \
    SELF(point) PAIR(point, circle) PAIR(point, box) PAIR(point, segment) PAIR(point, triangle) \
    SELF(circle) PAIR(circle, box) PAIR(circle, segment) PAIR(circle, triangle) \
    SELF(box) PAIR(box, segment) PAIR(box, triangle) \
    SELF(segment) PAIR(segment, triangle) \
    SELF(triangle) \
    PAIR(circle, capsule) SELF(capsule)
/* clang-format on */

/* The public scalar kernels (pc_overlap_point_circle, ...; overlap.c), one
 * per pair: FAST(a, b) tries first a test whose answer does not depend on
 * the caller's floating-point mode (no mode switch), PLAIN(a, b) enters the
 * standard mode at once. */
/* clang-format off */
#define PC_SCALAR_KERNELS(FAST, PLAIN) \
    PLAIN(point, point) FAST(point, circle) FAST(point, box) PLAIN(point, segment) PLAIN(point, triangle) \
    FAST(circle, circle) FAST(circle, box) FAST(circle, segment) PLAIN(circle, triangle) \
    FAST(box, box) PLAIN(box, segment) PLAIN(box, triangle) \
    PLAIN(segment, segment) PLAIN(segment, triangle) \
    PLAIN(triangle, triangle)
/* clang-format on */

/* ---- intersections (intersect.c) ---------------------------------------- */

/* The unordered pairs with a boundary-crossing kernel of their own, as
 * PC_KIND_PAIRS names them (a line is PC_LINE, no shape kind). */
/* clang-format off */
#define PC_IX_PAIRS(SELF, PAIR) \
    SELF(circle) PAIR(circle, segment) PAIR(circle, line) PAIR(box, segment) SELF(segment) PAIR(segment, line)
/* clang-format on */
#define PC_KIND_line PC_LINE

/* The kinds whose boundary meets segments and lines through their views
 * (boxes keep their clipping kernel).  Any other pair has no intersections
 * (PC_ERR_PAIR). */
static inline int pc__ix_view_kind(int kind)
{
    return kind == PC_TRIANGLE || kind == PC_CAPSULE || pc__polygon_kind(kind);
}

/* ---- contacts (contact.c, contact_simd.c) ----------------------------------
 * Each pair is computed in the canonical order (the lesser kind first); ka,
 * kb are in that order where a test says so.  Every pair not sent elsewhere
 * takes pc__contact_canonical: the fast paths on cores (any two kinds), else
 * the general path. */

/* Two boxes, in closed form (box_box; canonical order). */
#define pc__contact_box_box(ka, kb) ((ka) == PC_BOX && (kb) == PC_BOX)

/* A ball (a point or a circle) against a box, in closed form (ball_box;
 * canonical order; the box's row must also have positive area). */
#define pc__contact_ball_box(ka, kb) ((ka) <= PC_CIRCLE && (kb) == PC_BOX)

/* A ball against a point, a circle, a segment or a capsule (ball_canonical:
 * the gap to a point or a segment core, no loop, no descriptor). */
static inline int pc__contact_ball(int ka, int kb)
{
    int lo = ka < kb ? ka : kb, hi = ka < kb ? kb : ka;
    return lo <= PC_CIRCLE && (hi <= PC_CIRCLE || hi == PC_SEGMENT || hi == PC_CAPSULE);
}

/* A ball against a triangle or a polygon (pc__ngon_canonical: its edges two
 * or four to an instruction, SSE2 or AVX2). */
static inline int pc__contact_ngon(int ka, int kb)
{
    int lo = ka < kb ? ka : kb, hi = ka < kb ? kb : ka;
    return lo <= PC_CIRCLE && (hi == PC_TRIANGLE || pc__polygon_kind(hi));
}

/* The small kinds: triangles, boxes, 3- and 4-gons (small_lanes: a core's
 * four faces to a register, AVX2); two of them, not two boxes (which
 * pc__contact_box_box takes), go side by side (pc__small_one_avx2). */
static inline int pc__contact_small_kind(int kind)
{
    return kind == PC_TRIANGLE || kind == PC_BOX || kind == PC_POLYGON || kind == PC_POLYGON + 1;
}
static inline int pc__contact_small(int ka, int kb)
{
    return pc__contact_small_kind(ka) && pc__contact_small_kind(kb) && !(ka == PC_BOX && kb == PC_BOX);
}

/* The kinds of a segment core (seg_load); two of them go side by side
 * (pc__seg_one_avx2, AVX2). */
static inline int pc__contact_seg_kind(int kind) { return kind == PC_SEGMENT || kind == PC_CAPSULE; }
#define pc__contact_seg(ka, kb) (pc__contact_seg_kind(ka) && pc__contact_seg_kind(kb))

/* The kinds whose core the fast paths on cores take from one orientation
 * test (polygon_hull) rather than from the descriptor (hull_for_fast). */
#define pc__contact_polygon_hull(kind) pc__polygon_kind(kind)

/* The pairs whose side-by-side batch loops are compiled with both kinds
 * constant (pc__small_inner_avx2, pc__seg_inner_avx2): PAIR(ka, kb) in the
 * batch's order; the others share a loop with the kinds as variables. */
/* clang-format off */
#define PC_CONTACT_SMALL_CONSTANT(PAIR) PAIR(PC_TRIANGLE, PC_TRIANGLE) PAIR(PC_BOX, PC_TRIANGLE) PAIR(PC_TRIANGLE, PC_BOX)
/* clang-format on */
/* clang-format off */
#define PC_CONTACT_SEG_CONSTANT(PAIR) PAIR(PC_SEGMENT, PC_SEGMENT) PAIR(PC_CAPSULE, PC_CAPSULE)
/* clang-format on */

/* ---- validation (validate.c) -------------------------------------------- */

/* The kinds copied and checked in one fused SSE2 loop (sse_rows), and the
 * doubles it takes a step (whole rows, an even count): KIND(kind, step).  A
 * listed kind with a rule of its own must have that rule tested in the
 * loop's registers (pc__validate_rule_case); the others are copied and
 * checked row by row. */
/* clang-format off */
#define PC_VALIDATE_FUSED(KIND) \
    KIND(PC_POINT, 2) KIND(PC_CIRCLE, 6) KIND(PC_BOX, 4) KIND(PC_SEGMENT, 4) KIND(PC_TRIANGLE, 6) KIND(PC_LINE, 4)
/* clang-format on */
#define PC__VALIDATE_FUSED_IS(K, STEP) || kind == (K)
static inline int pc__validate_fused(int kind) { return 0 PC_VALIDATE_FUSED(PC__VALIDATE_FUSED_IS); }
#undef PC__VALIDATE_FUSED_IS

/* The cases of kind_rule_broken (validate.c): the kinds whose own rule is
 * tested in a loop of its own, and in sse_rows' registers; any other
 * kind's rule is its descriptor's, a row at a time. */
#define pc__validate_rule_case(kind) ((kind) == PC_CIRCLE || (kind) == PC_BOX || (kind) == PC_LINE)

/* ---- the broad phase (grid.c, pairs.c) ---------------------------------- */

/* The kinds the grid keeps as columns (x, y, r) and tests with loops of
 * their own (AVX2 where the processor has it), instead of rows and boxes. */
#define pc__grid_columns(kind) ((kind) == PC_CIRCLE)

/* The cases of corner (grid.c): the kinds whose box corner and extent the
 * grid reads off the row; any other kind's come from its descriptor's
 * bounds. */
#define pc__grid_corner_case(kind) ((kind) == PC_POINT || (kind) == PC_CIRCLE || (kind) == PC_BOX)

/* Thin query kinds: the tree prunes a node by their exact shape where their
 * box is the larger (node_meets, pairs.c). */
#define pc__pairs_prune(kind) \
    ((kind) == PC_SEGMENT || (kind) == PC_TRIANGLE || (kind) == PC_CAPSULE || pc__polygon_kind(kind))

/* ---- sweeps, tile maps and worlds --------------------------------------- */

/* A ball (a point or a circle) moving: a swept circle (pc__sweep_circle and
 * pc__sweep_map, sweep.c), against a shape or a tile map (pc__sweep_any,
 * pc__sweep_map_any). */
#define pc__sweep_ball(kind) ((kind) == PC_CIRCLE || (kind) == PC_POINT)

/* A ball against a tile map's solid: the circle test (pc__map_overlaps,
 * tilemap.c) for pc__map_overlaps_any. */
#define pc__map_ball(kind) ((kind) == PC_CIRCLE || (kind) == PC_POINT)

/* A circle swept through a world's tile map part: pc__sweep_map directly
 * (pc__world_sweep, world.c). */
#define pc__world_map_circle(kind) ((kind) == PC_CIRCLE)

/* The kinds pc_world_contact takes when the world has a tile map part: every
 * shape kind (a ball's contact with the merged boundary is pc__map_contact,
 * any other kind's pc__map_contact_any, world.c). */
#define pc__world_map_contact(kind) ((kind) >= 0 && (kind) < PC_KIND_COUNT)

#endif /* PC_MATRIX_H */
