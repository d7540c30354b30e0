/*
 * pycollide: exact 2D collision queries.  Public C API.
 *
 * Shapes are small structs of doubles, passed by pointer.  Every yes/no answer is the exact
 * answer for the real numbers the doubles represent (closed sets: touching
 * counts).  The library keeps no global state, never allocates, prints or aborts:
 * errors are return codes.  Inputs must be finite and valid (see pc_validate);
 * on invalid input a kernel returns an unspecified answer but never crashes.
 *
 * The block between the CDEF markers is read verbatim by the cffi builder, so it
 * must stay free of preprocessor directives.
 */
#ifndef PYCOLLIDE_H
#define PYCOLLIDE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CDEF BEGIN */
typedef struct { double x, y; } pc_point;
typedef struct { double x, y, r; } pc_circle;             /* r >= 0 */
typedef struct { double xmin, ymin, xmax, ymax; } pc_box; /* min <= max */
typedef struct { double x0, y0, x1, y1; } pc_segment;
typedef struct { double x0, y0, x1, y1, x2, y2; } pc_triangle; /* any winding */
typedef struct { double x0, y0, x1, y1, r; } pc_capsule;       /* r >= 0 */

/* Shape kinds; the number of doubles of each is pc_kind_width(kind).  Kind
 * numbers are stable: a new shape kind takes the next free number below
 * PC_KIND_SLOTS, so no existing number changes.  PC_KIND_COUNT is one more
 * than the largest shape kind.
 * A capsule is every point within r of the segment (x0, y0)-(x1, y1).
 * A convex polygon of K vertices (3 <= K <= PC_POLYGON_MAX) is kind
 * PC_POLYGON + K - 3, layout x0, y0, ..., x(K-1), y(K-1): either winding;
 * repeated consecutive vertices, collinear vertices and zero area allowed
 * (an all-collinear polygon is the segment its vertices span); pc_validate
 * rejects one that is not convex (PC_RULE_NOT_CONVEX) or winds around more
 * than once (PC_RULE_WINDING). */
enum {
    PC_POINT = 0,
    PC_CIRCLE = 1,
    PC_BOX = 2,
    PC_SEGMENT = 3,
    PC_TRIANGLE = 4,
    PC_CAPSULE = 5,
    PC_POLYGON = 6,
    PC_KIND_COUNT = 12,
    PC_KIND_SLOTS = 64
};
enum { PC_POLYGON_MAX = 8 };
/* An infinite line through two distinct points, layout x0, y0, x1, y1.  Only
 * pc_intersections_batch takes it; it is not a shape kind (no overlaps). */
enum { PC_LINE = 63 };

/* Batches are cut into chunks of this many elements for threads; a batch of
 * fewer than two chunks stays on the calling thread. */
enum { PC_PARALLEL_CHUNK = 32768 };
/* pc_tilemap_advance moves circles in chunks of this many (each costs
 * microseconds, not nanoseconds). */
enum { PC_MOTION_CHUNK = 1024 };

/* Overlap modes.  PC_TOUCHING: closed sets, touching counts.  PC_STRICT: only
 * overlaps whose minimum separating translation is positive (the origin lies
 * in the interior of the Minkowski difference): two boxes sharing an edge, a
 * point on a segment, collinear overlapping segments do not count. */
enum { PC_TOUCHING = 0, PC_STRICT = 1 };

/* Return codes. */
enum {
    PC_OK = 0,
    PC_ERR_KIND = -1,     /* unknown shape kind */
    PC_ERR_ARG = -2,      /* bad dimension count, NULL pointer or negative length */
    PC_ERR_PAIR = -3,     /* both kinds are known but the query does not support the pair */
    PC_ERR_SPACE = -4,    /* a workspace is too small for the work: retry with a larger one */
    PC_ERR_OVERLAP = -5,  /* pc_world_collide: two circles' interiors overlap at the start */
    PC_ERR_CANCELLED = -6 /* the caller's cancel flag was set: the work stopped part way */
};

/* Cancelling a long call.  Every entry point whose work grows with its input
 * (the batch drivers, validation, bounds, transforms, pairs, nearest,
 * raycasts, sweeps, motion) takes as its last argument
 * `const volatile int *cancel`: NULL (never cancelled) or a flag that another
 * thread may set to nonzero while the call runs.  The call reads it between
 * slices of work (a thousand elements or so on each thread: a stop takes
 * effect within a few milliseconds) and never writes it; once it sees it set
 * it returns PC_ERR_CANCELLED, and its outputs (and for the motions, the
 * arrays it updates in place) hold unspecified, partly written values: keep
 * copies if they matter.  A flag already set when the call starts cancels it
 * before any element is done (the argument checks come first).  The core
 * installs no signal handler: a caller wanting Ctrl-C sets the flag from its
 * own handler or from another thread.  Results never depend on the flag when
 * the call is not cancelled. */

/* Validation rules reported by pc_validate. */
enum {
    PC_RULE_OK = 0,
    PC_RULE_NONFINITE = 1,   /* a coordinate is NaN or infinite */
    PC_RULE_RADIUS = 2,      /* a radius is negative */
    PC_RULE_XORDER = 3,      /* a box has xmin > xmax */
    PC_RULE_YORDER = 4,      /* a box has ymin > ymax */
    PC_RULE_LINE_POINTS = 5, /* the two points of a line coincide */
    PC_RULE_NOT_CONVEX = 6,  /* a polygon turns both ways, or doubles back on itself */
    PC_RULE_WINDING = 7      /* a polygon winds around more than once */
};

int pc_kind_width(int kind);

/* Check n contiguous shapes of one kind.  Returns a PC_RULE_* code (or a
 * negative PC_ERR_*); on a broken rule *first_bad is the index of the first bad
 * shape.  When all are valid and magnitude is not NULL, *magnitude is the
 * largest |value| among them (0 for n = 0): pass it to pc_overlaps_batch. */
int pc_validate(int kind, const double *data, int64_t n, int64_t *first_bad, double *magnitude);

/* Copy, validate and measure shapes of one kind in one pass: how a shape array
 * is built.  The input's shapes form an index space of ndim axes of the given
 * shape (ndim may be 0: one shape); shape i starts at src + sum(i_d *
 * src_strides[d]) bytes and its width doubles are col_stride bytes apart.  Any
 * strides (negative or zero too) and any alignment are allowed; with byteswap
 * set the doubles are read byte-swapped.  dst receives the shapes as native
 * doubles, width contiguous per shape, in row-major order of the index space.
 * dst == src validates in place (the input must then already be contiguous,
 * native, with rows in row-major order).  Returns a PC_RULE_* code: on
 * PC_RULE_OK, *magnitude (may be NULL) is the largest |value|; on a broken rule,
 * *first_bad is the flat (row-major) index of the first bad shape and dst holds
 * unspecified values.  threads as for pc_overlaps_batch: the result does not
 * depend on it.  PC_ERR_KIND or PC_ERR_ARG for bad arguments. */
int pc_validate_copy(int kind, const void *src, int ndim, const int64_t *shape, const int64_t *src_strides,
                     int64_t col_stride, int byteswap, double *dst, int64_t *first_bad, double *magnitude, int threads,
                     const volatile int *cancel);

/* The closed axis-aligned bounding boxes of n contiguous shapes of a shape
 * kind: 4 doubles each (xmin, ymin, xmax, ymax) at out.  Each is the shape's
 * exact extreme where that is a double (a vertex's coordinate; a circle's or
 * capsule's x - r when it is one), else the double next to it outward, so
 * that the box holds the shape (infinite beyond the doubles).  Returns PC_OK,
 * PC_ERR_KIND or PC_ERR_ARG. */
int pc_bounds(int kind, const double *shapes, int64_t n, double *out, int threads, const volatile int *cancel);

/* Each box's place on a Hilbert curve of order `order` (1 to 31): the centre
 * of box i (4 doubles at bounds + 4i, xmin, ymin, xmax, ymax) falls in cell
 * (floor((cx - frame[0]) * frame[2]), floor((cy - frame[1]) * frame[3])) of a
 * 2^order x 2^order grid, clamped to the grid (a NaN to 0), and keys[i] is the
 * cell's distance along the curve, below 4^order.  Consecutive keys are
 * neighbouring cells.  For grouping shapes spatially; no answer depends on it.
 * Returns PC_OK or PC_ERR_ARG. */
int pc_curve_keys(const double *bounds, int64_t n, const double *frame, int order, uint64_t *keys);

/* Groups n shapes of one kind by the cell of a grid that partitions the
 * plane: `cols` columns cut at the ascending `xcuts` (cols - 1 of them),
 * column c cut into rows first[c] .. first[c + 1] - 1 (at least one) at the
 * ascending cuts ycuts[first[c] - c ..] (first[c + 1] - first[c] - 1 of
 * them), the cells numbered 0 .. first[cols] - 1 column by column.  A shape
 * lies in the cell of the centre (cx, cy) of its box (pc_bounds; the centre
 * as pc_curve_keys): the column of the number of x cuts at most cx, in it
 * the row of the number of its y cuts at most cy (a NaN counts none).
 * Writes `cell` (each shape's), `order`, the indices 0 .. n - 1 grouped by
 * cell (ascending within a cell), and `starts` (first[cols] + 1 of them: cell p's indices are
 * order[starts[p] .. starts[p + 1] - 1]).  With `edges` (4 doubles a cell,
 * e0 .. e3), near[i] is 1 when shape i's box b, in cell p, has
 * b0 - e0 <= gap or b1 - e1 <= gap or e2 - b2 <= gap or e3 - b3 <= gap
 * (each difference rounded), else 0: the shapes that may meet boxes beyond
 * the cell's edges.  For partitioning shapes spatially.  Returns PC_OK,
 * PC_ERR_KIND or PC_ERR_ARG (cuts not ascending or NaN, a column without
 * rows, more than INT32_MAX cells, a NaN gap). */
int pc_grid_group(int kind, const double *shapes, int64_t n, const double *xcuts, int64_t cols, const int64_t *first,
                  const double *ycuts, const double *edges, double gap, int32_t *cell, int64_t *order, int64_t *starts,
                  uint8_t *near);

/* Copies of n contiguous shapes of a kind, mirrored and moved: copy c maps
 * every point (x, y) to (sx x + tx, sy y + ty), with sx = -1 where
 * mirror_x[c] < 0 (else +1), likewise sy, and (tx, ty) = offsets[2c],
 * offsets[2c + 1]; each coordinate is rounded once, radii are kept and a box's
 * min and max stay in order.  out holds copies * n shapes (copy-major).
 * Returns PC_OK, PC_ERR_KIND or PC_ERR_ARG.  (Results may overflow to inf:
 * validate them.) */
int pc_place(int kind, const double *shapes, int64_t n, const double *mirror_x, const double *mirror_y,
             const double *offsets, int64_t copies, double *out);

/* The 15 scalar overlap kernels: 1 if the shapes overlap in the given mode,
 * 0 if not, PC_ERR_ARG for a NULL shape or a mode other than PC_TOUCHING and
 * PC_STRICT.  The shapes are passed by pointer (on x86-64 a struct of 3 to 6
 * doubles passed by value is copied through the stack, which cost more than
 * the test).
 * No floating-point mode the caller's thread has set (rounding direction,
 * flush-to-zero, denormals-are-zero) changes an answer.  Point-circle,
 * point-box, circle-circle, circle-box, box-box and circle-segment first try a
 * test whose error bound holds in every mode and leave the mode alone; when it
 * cannot decide, and for the other pairs, the call runs in the standard
 * environment (round to nearest, no flushing) and restores the caller's on
 * return (x86-64 and AArch64). */
int pc_overlap_point_point(const pc_point *a, const pc_point *b, int mode);
int pc_overlap_point_circle(const pc_point *a, const pc_circle *b, int mode);
int pc_overlap_point_box(const pc_point *a, const pc_box *b, int mode);
int pc_overlap_point_segment(const pc_point *a, const pc_segment *b, int mode);
int pc_overlap_point_triangle(const pc_point *a, const pc_triangle *b, int mode);
int pc_overlap_circle_circle(const pc_circle *a, const pc_circle *b, int mode);
int pc_overlap_circle_box(const pc_circle *a, const pc_box *b, int mode);
int pc_overlap_circle_segment(const pc_circle *a, const pc_segment *b, int mode);
int pc_overlap_circle_triangle(const pc_circle *a, const pc_triangle *b, int mode);
int pc_overlap_box_box(const pc_box *a, const pc_box *b, int mode);
int pc_overlap_box_segment(const pc_box *a, const pc_segment *b, int mode);
int pc_overlap_box_triangle(const pc_box *a, const pc_triangle *b, int mode);
int pc_overlap_segment_segment(const pc_segment *a, const pc_segment *b, int mode);
int pc_overlap_segment_triangle(const pc_segment *a, const pc_triangle *b, int mode);
int pc_overlap_triangle_triangle(const pc_triangle *a, const pc_triangle *b, int mode);

/* Any two shapes given as layout rows of their kinds (every ordered pair of
 * kinds, polygons and capsules included): 1 if they overlap in the mode,
 * 0 if not, PC_ERR_KIND for an unknown kind. */
int pc_overlap(int kind_a, const double *a, int kind_b, const double *b, int mode);

/* Rigid motions: each shape rotated about the origin by angle (radians,
 * counter-clockwise) and then moved by (tx, ty), over an ndim-dimensional
 * index space (strides in doubles, 0 broadcasts; translations 2 doubles,
 * angles 1).  Every output coordinate is the exact value of
 * c x - s y + tx (or s x + c y + ty) rounded once to the nearest double, with
 * c, s = cos(angle), sin(angle) as the C library rounds them, and c, s
 * exactly 0 and +-1 when the angle is a quarter turn: |angle| < 2^53 and it
 * is the double nearest k pi/2 for an integer k or, when |angle| < 2^52, one
 * of that double's two neighbours (so k * pi / 2 as a program rounds it is a
 * quarter turn too; from 2^53 on the doubles are further apart than pi/2
 * and none is; transform.c gives the reasoning and the exact test).  Radii
 * are kept.  kind_out is the kind of the result: kind itself,
 * except that a box becomes a 4-gon (PC_POLYGON + 1; its corners in
 * counter-clockwise order from (xmin, ymin)).  A polygon whose rounded
 * vertices are no longer convex becomes the convex hull of those vertices
 * (repeating a vertex to keep K).  Writes out (pc_kind_width(kind_out)
 * doubles per shape, strides_out in doubles).  Returns PC_OK, PC_ERR_KIND or
 * PC_ERR_ARG; a result that is not finite is the caller's to check. */
int pc_transform(int kind, const double *shapes, const int64_t *strides_s, const double *translations,
                 const int64_t *strides_t, const double *angles, const int64_t *strides_a, double *out,
                 const int64_t *strides_out, int ndim, const int64_t *shape, int threads, const volatile int *cancel);
/* Which of n angles (contiguous) are quarter turns as pc_transform reads
 * them: turns[i] = k mod 4 (0 to 3) for the quarter turn k, -1 for any other
 * angle (NaN and infinities included).  Exact.  Returns PC_OK or PC_ERR_ARG. */
int pc_quarter_turns(const double *angles, int64_t n, int8_t *turns);

/* Mass properties of n shapes of one kind (contiguous layout rows), each of
 * density density[i] (finite, >= 0): out[6 i .. 6 i + 6) = measure (the
 * area; for a shape of zero area, a segment or a flat polygon, its length;
 * 0 for a point), mass (density times the measure), the centroid's x and y,
 * the moment of inertia about the centroid (density times the polar
 * second moment of the area, or of the length), and 1 where the measure is
 * an area, 0 where it is a length.  A polygon, triangle or box
 * of zero area is the segment between its extreme vertices; a circle or
 * capsule of radius 0 its point or segment.  Evaluated in double-double
 * arithmetic and rounded once: see pycollide.mass_properties for the bound.
 * PC_ERR_KIND, or PC_ERR_ARG for a NULL pointer, n < 0 or a bad density. */
int pc_mass_properties(int kind, const double *shapes, int64_t n, const double *density, double *out);

/* The generic strided batch driver: out[i] = overlaps(a[i], b[i]) over an
 * ndim-dimensional index space of the given shape (ndim may be 0: one pair).
 * a and b point at shapes of kind_a / kind_b whose coordinates are contiguous;
 * strides_a / strides_b step between shapes in units of doubles (0 broadcasts),
 * strides_out in bytes.  mode is PC_TOUCHING or PC_STRICT.  Writes 0 or 1 to
 * each out byte; on an error nothing is written.
 * magnitude is an upper bound on |every coordinate and radius| of a and b (the
 * larger of the values pc_validate reported for them); it sets the cheap first
 * filter of the exact predicates.  Pass INFINITY when unknown: answers stay
 * exact, each element just takes the slower per-element filter.  A magnitude
 * below the true one voids the exactness guarantee.
 * threads: at most this many threads work on the batch, the calling one
 * included (<= 1: the calling thread only).  The index space is cut into fixed
 * chunks of PC_PARALLEL_CHUNK elements, so the output does not depend on it.  The same holds
 * for the threads argument of every batch entry point below. */
int pc_overlaps_batch(int kind_a, const double *a, const int64_t *strides_a, int kind_b, const double *b,
                      const int64_t *strides_b, uint8_t *out, const int64_t *strides_out, int ndim,
                      const int64_t *shape, int mode, double magnitude, int threads, const volatile int *cancel);

/* Relations of shapes as shapely's predicates read them (the DE-9IM of the
 * point sets; relate.c explains each), for n pairs given by index: out[k] =
 * 1 when the relation holds between a[which_a[k]] and b[which_b[k]] (rows of
 * kind_a and kind_b, contiguous), else 0, decided exactly.
 *  PC_RELATE_COVERS:    no point of b outside a (shapely's covers);
 *  PC_RELATE_CONTAINS:  covers, and some interior point of b lies in a's
 *                       interior (shapely's contains);
 *  PC_RELATE_TOUCHES:   they meet, their interiors do not;
 *  PC_RELATE_INTERIORS: their interiors meet;
 *  PC_RELATE_EQUALS:    the same point set (each covers the other).
 * A shape's interior: its open area; a segment (or a shape that degenerates
 * to one) without its ends; a point itself.  magnitude bounds |every value|
 * of a and b (as for pc_overlaps_batch).  PC_ERR_KIND for a bad kind,
 * PC_ERR_ARG for a bad relation, a NULL pointer or n < 0; the indices must
 * lie within a and b. */
enum {
    PC_RELATE_COVERS = 0,
    PC_RELATE_CONTAINS = 1,
    PC_RELATE_TOUCHES = 2,
    PC_RELATE_INTERIORS = 3,
    PC_RELATE_EQUALS = 4
};
int pc_relate(int kind_a, const double *a, const int64_t *which_a, int kind_b, const double *b, const int64_t *which_b,
              int64_t n, int relation, double magnitude, uint8_t *out, int threads, const volatile int *cancel);

/* Contacts over the same kind of index space: for each pair, 7 doubles at
 * out + offset: separation (> 0 the gap, < 0 minus the penetration depth),
 * the unit normal from a toward b (x, y), the witness point on a (x, y) and
 * the witness point on b (x, y), with point_b - point_a = separation * normal.
 * separation <= 0 exactly when the shapes overlap (touching counts).  When no
 * direction exists (two coincident points or concentric circles) the normal is
 * (0, 1).  The result does not depend on the scale: a and b times a power of
 * two (every value exactly, the magnitude alike; no value 2^900 below the
 * largest, whose last bits could be lost to the subnormals at some scales)
 * give the same normal, bit for bit, ties between equal depths included, and
 * the separation and points times that power (where those are doubles; a gap
 * too small to compute stays a tiny positive).  strides_out counts doubles
 * between consecutive contacts.
 * magnitude: as for pc_overlaps_batch. */
int pc_contact_batch(int kind_a, const double *a, const int64_t *strides_a, int kind_b, const double *b,
                     const int64_t *strides_b, double *out, const int64_t *strides_out, int ndim, const int64_t *shape,
                     double magnitude, int threads, const volatile int *cancel);

/* Contact manifolds: up to two contact points per pair, for physics solvers
 * (a box resting on a floor gets two).  For each pair it writes 9 doubles at
 * out[i] (strides_out counts doubles between manifolds):
 *   count (0, 1 or 2), nx, ny (unit, from a toward b), x0, y0, s0, x1, y1, s1
 * with (xk, yk) a point midway between the two surfaces and sk the separation
 * there (< 0: penetration); unused slots are NaN.
 *  - count 0 where the contact separation (pc_contact_batch) exceeds margin
 *    (the normal is the contact's); with margin 0 exactly where the shapes do
 *    not overlap.
 *  - One point (the contact's: the middle of its witness points, its
 *    separation and normal) where either core is a single point (points,
 *    circles), and where the rule below keeps none.
 *  - Otherwise the reference face is the face of either core with the
 *    greatest separation along its outward normal u (a segment core has two
 *    faces); the incident face is the other core's face most anti-parallel to
 *    u; the incident face is clipped to the slab over the reference face, and
 *    each end of the clipped part with separation <= margin is a point
 *    (separation: its distance from the reference face line along u minus
 *    both radii).  The normal is u (or -u when the reference face is b's).
 *    Points in the order of the incident face.
 * manifold(b, a) is manifold(a, b) with the normal negated, bit for bit,
 * except where the contact has no direction (its normal (0, 1) either way).
 * features (NULL: not wanted; strides_features in bytes) takes 4 int16 per
 * pair: the feature of a and of b that made point 0, then point 1 (-1
 * unused), each 2 i for the layout's vertex i or 2 i + 1 for its edge i
 * (from vertex i to vertex i + 1, cyclically; a box's vertices are its
 * corners counter-clockwise from (xmin, ymin); a segment's or capsule's
 * edge is 0, a point's or circle's vertex 0).  A clipped point is the
 * incident face's vertex against the reference face, or where a side of
 * the reference face cuts the incident edge (the reference's vertex, the
 * incident edge); a single point the features nearest its witness points.
 * margin: finite and >= 0, else PC_ERR_ARG.  magnitude: as for
 * pc_overlaps_batch. */
int pc_manifold_batch(int kind_a, const double *a, const int64_t *strides_a, int kind_b, const double *b,
                      const int64_t *strides_b, double margin, double *out, const int64_t *strides_out,
                      int16_t *features, const int64_t *strides_features, int ndim, const int64_t *shape,
                      double magnitude, int threads, const volatile int *cancel);

/* Where the BOUNDARIES of a[i] and b[i] cross, over an ndim-dimensional index
 * space of the given shape (ndim may be 0: one pair).  For each pair it writes
 * count[i] in {0, 1, 2} and the points as 4 contiguous doubles x0, y0, x1, y1
 * at points[i]; unused slots are NaN.  Supported pairs, in either order (the
 * reversed order gives the same points in the same order):
 *   segment-segment: the crossing point; a collinear overlap gives the two ends
 *     of the shared part (lexicographic order, x then y), or 1 if it is a point;
 *   circle-segment, circle-line: where the circumference meets the segment or
 *     line, in the direction start -> end (tangent: 1 point);
 *   circle-circle: 0, 1 (tangent) or 2 points, the one right of the direction
 *     from the circle that is smaller in (x, y, r) order to the other first;
 *     concentric equal circles of positive radius give 0 (infinitely many);
 *   box-segment: the ends of the part of the segment in the box, in segment order, like pygame's
 *     Rect.clipline (segment ends inside the box are among them); 1 if the
 *     intersection is a single point;
 *   line-segment: the crossing point; a segment lying on the line gives its
 *     two ends in the line's direction;
 *   triangle, capsule or polygon against segment or line: where the segment or
 *     line meets the shape's boundary, in the segment's (line's) direction: a
 *     segment gives the ends of its part in the shape that are not interior
 *     points; one running along a straight part of the boundary gives the ends
 *     of the shared part; a zero-area polygon is its own boundary.
 * Whether they meet and the count are exact; the coordinates are rounded (a
 * point that is an input vertex is returned exactly).
 * Strides: strides_a, strides_b and strides_points step between elements in
 * units of doubles (0 broadcasts); strides_count in bytes.  magnitude is as for
 * pc_overlaps_batch.  Returns PC_OK, PC_ERR_KIND for an unknown kind,
 * PC_ERR_PAIR for an unsupported pair, PC_ERR_ARG for bad pointers or shape;
 * on an error nothing is written. */
int pc_intersections_batch(int kind_a, const double *a, const int64_t *strides_a, int kind_b, const double *b,
                           const int64_t *strides_b, double *points, const int64_t *strides_points, int8_t *count,
                           const int64_t *strides_count, int ndim, const int64_t *shape, double magnitude, int threads,
                           const volatile int *cancel);
/* Every overlapping pair between the na contiguous shapes of kind_a at a and
 * the nb of kind_b at b, or, with b == NULL, within a (each unordered pair
 * once; kind_b and nb are then ignored).  Exact in the mode given (the narrow
 * phase is the overlap kernel itself); magnitude as for pc_overlaps_batch,
 * over both collections; threads as for the batch drivers.
 * work: work_bytes >= pc_pairs_workspace(kind_a, na, kind_b, nb) bytes of
 * scratch (nb = 0 within one collection); pc_pairs_workspace returns -1 for an
 * unknown kind or a size it cannot handle (2^31 shapes or more).
 * out holds 2 * capacity int64s.  Writes the number of pairs to *found and,
 * when it is at most capacity, the pairs sorted by i then j: i at out[p] and
 * j at out[*found + p] for p < *found (i indexes a, j indexes b, or a with
 * i < j).  When *found > capacity, out holds nothing useful: call again with
 * capacity >= *found.  na and nb must be below 2^31 (else PC_ERR_ARG).
 * Returns PC_OK, PC_ERR_KIND or PC_ERR_ARG (nothing written), or
 * PC_ERR_CANCELLED (see "Cancelling a long call"; out and *found then hold
 * nothing useful). */
int64_t pc_pairs_workspace(int kind_a, int64_t na, int kind_b, int64_t nb);
/* pc_pairs in two steps, so that a caller can size the output first:
 * pc_pairs_prepare sorts the shapes and builds the tree in `work` (it keeps
 * copies: a and b may change afterwards); pc_pairs_find then runs the queries,
 * as many times as wanted.  With sample = 1 it is pc_pairs' second half; with
 * sample > 1 it only counts the pairs of every sample-th query (in the tree's
 * spatial order: an estimate of *found / sample) and writes nothing to out. */
int pc_pairs_prepare(int kind_a, const double *a, int64_t na, int kind_b, const double *b, int64_t nb, void *work,
                     int64_t work_bytes);
/* pc_pairs_prepare, except that within one collection it chooses the
 * structure from the shapes: a hierarchical grid when their sizes and spacing
 * suit one (the common case), else the tree.  Only pc_pairs_find reads such a
 * workspace (the raycasts and worlds read pc_pairs_prepare's tree).  With
 * distance > 0 (finite) pc_pairs_find then finds the pairs within that
 * distance instead of the overlapping ones: the distance between the shapes
 * (0 where they overlap) at most `distance` in mode PC_TOUCHING, below it in
 * PC_STRICT, decided exactly.  PC_ERR_ARG for a negative or non-finite
 * distance. */
int pc_pairs_prepare_any(int kind_a, const double *a, int64_t na, int kind_b, const double *b, int64_t nb,
                         double distance, void *work, int64_t work_bytes);
int pc_pairs_find(void *work, int64_t work_bytes, int mode, double magnitude, int threads, int64_t sample, int64_t *out,
                  int64_t capacity, int64_t *found, const volatile int *cancel);
/* pc_pairs_find with a distance for each shape of a (na doubles, in a's
 * order): the pairs (i, j) whose shapes are within distances[i] of each other
 * (at most that far apart in PC_TOUCHING, less in PC_STRICT; a distance of 0
 * gives the overlapping pairs in PC_TOUCHING, none in PC_STRICT), decided
 * exactly.  Two collections only: the workspace must come from
 * pc_pairs_prepare_any with b given and a distance at least the largest of
 * them (it sets how far the tree's boxes reach).  PC_ERR_ARG otherwise, or
 * for a distance that is negative, NaN or beyond the prepared one. */
int pc_pairs_find_each(void *work, int64_t work_bytes, int mode, double magnitude, const double *distances, int threads,
                       int64_t sample, int64_t *out, int64_t capacity, int64_t *found, const volatile int *cancel);
/* The pairs of a one-collection tree (a workspace of pc_pairs_prepare with b
 * NULL, built once) and nq query shapes of kind_q (rows contiguous): every
 * (i, j) with query i and item j overlapping in `mode`, or with distance > 0
 * within that distance (at most that far apart in PC_TOUCHING, less in
 * PC_STRICT), or with distances (nq doubles, each within [0, distance])
 * within distances[i]; decided exactly.  The queries walk the tree in
 * `order` (a permutation of 0 .. nq - 1: along a curve, pc_curve_keys, they
 * share what they read; an index out of range is refused, a repeated one
 * repeats its pairs); the result does not depend on the order.  out, capacity,
 * found and sample as for pc_pairs_find: the pairs sorted by i then j.  Many
 * calls may read one workspace at once.  PC_ERR_ARG for a workspace that is
 * not one collection's tree, a bad order, distance or mode. */
int pc_pairs_query(void *work, int64_t work_bytes, int kind_q, const double *q, int64_t nq, const int64_t *order,
                   double distance, const double *distances, int mode, double magnitude, int threads, int64_t sample,
                   int64_t *out, int64_t capacity, int64_t *found, const volatile int *cancel);
int pc_pairs(int kind_a, const double *a, int64_t na, int kind_b, const double *b, int64_t nb, int mode,
             double magnitude, int threads, void *work, int64_t work_bytes, int64_t *out, int64_t capacity,
             int64_t *found, const volatile int *cancel);
/* ---- tile maps, raycasts, swept circles, motion -------------------------- */

/* Tile kinds: empty, solid, and the right triangles named by the corner that
 * is cut away (north = +y, east = +x). */
enum {
    PC_TILE_EMPTY = 0,
    PC_TILE_SOLID = 1,
    PC_TILE_CUT_NE = 2,
    PC_TILE_CUT_NW = 3,
    PC_TILE_CUT_SE = 4,
    PC_TILE_CUT_SW = 5,
    PC_TILE_KIND_COUNT = 6
};

/* A grid of tiles: kinds[i * cols + j] covers x in [x_j, x_(j+1)] and y in
 * [y_i, y_(i+1)] with x_j = fma(j, tile_size, ox) and y_i = fma(i, tile_size,
 * oy): ox + j * tile_size rounded once to double.  These rounded corners ARE
 * the geometry: every query is exact for the tiles they span, at any origin
 * and tile size (several corners may round to one double when the tile is
 * small beside the origin: such tiles have zero width).  Outside the grid is
 * empty.  The solid boundary is held as merged edges (6 doubles each: x0, y0,
 * x1, y1 and the outward unit normal; the solid lies left of (x0, y0) ->
 * (x1, y1)); each cell lists the edges that touch it: cell c owns
 * refs[cell_start[c] .. cell_start[c + 1]).  pc_tilemap_build fills edges,
 * cell_start and refs; a caller fills the rest (magnitude: the largest
 * |corner coordinate|). */
typedef struct {
    const int8_t *kinds;
    int64_t rows, cols;
    double tile_size, ox, oy;
    double magnitude;
    const double *edges;
    int64_t n_edges;
    const int64_t *cell_start;
    const int64_t *refs;
} pc_tilemap;

/* Build the boundary of the solid tiles: faces shared by two solid tiles are
 * dropped and collinear faces that meet end to end with the same outward
 * normal are merged into one edge, so a row of solid tiles has one flat top.
 * Writes *n_edges and *n_refs always; writes edges (6 * edge_capacity
 * doubles), cell_start (rows * cols + 1) and refs (ref_capacity) only when
 * they are not NULL and large enough (call once with NULLs to size them), and *magnitude, the largest |corner coordinate|
 * (pc_tilemap.magnitude).  Returns PC_ERR_ARG for bad sizes (more than 2^52
 * rows or columns), a tile kind out of range, a non-finite or non-positive
 * tile size or a corner that is not finite. */
int pc_tilemap_build(const int8_t *kinds, int64_t rows, int64_t cols, double tile_size, double ox, double oy,
                     double *edges, int64_t edge_capacity, int64_t *cell_start, int64_t *refs, int64_t ref_capacity,
                     int64_t *n_edges, int64_t *n_refs, double *magnitude);

/* The solid tiles as shapes, in row-major order: for each non-empty tile its
 * cell (i * cols + j), its shape kind (PC_BOX or PC_TRIANGLE) and its layout
 * row in 6 doubles (a box uses the first 4), corners rounded once as the
 * queries see them.  Writes *count always and up to capacity tiles. */
int pc_tilemap_tiles(const pc_tilemap *map, int64_t *cells, int8_t *kinds, double *rows, int64_t capacity,
                     int64_t *count);

/* Circles (3 doubles each; strides in doubles) against a tile map, over an
 * ndim-dimensional index space.  (No magnitude argument: each circle's
 * filter bound comes from its own values and the map's magnitude.)
 *  pc_tilemap_overlaps: out byte = 1 if the circle overlaps a solid tile
 *    (mode as for pc_overlaps_batch).  Exact.
 *  pc_tilemap_contact: 7 doubles as pc_contact_batch, against the solid region
 *    (the union of the solid tiles).  With no solid tile the separation is
 *    +inf and the rest NaN.  Where the nearest point of the boundary lies
 *    inside one of its merged edges, the normal is that edge's outward normal
 *    negated: exactly (0, +-1) or (+-1, 0) on an axis face, the edge's own
 *    on a 45-degree one. */
int pc_tilemap_overlaps(const pc_tilemap *map, const double *circles, const int64_t *strides_c, uint8_t *out,
                        const int64_t *strides_out, int ndim, const int64_t *shape, int mode, int threads,
                        const volatile int *cancel);
int pc_tilemap_contact(const pc_tilemap *map, const double *circles, const int64_t *strides_c, double *out,
                       const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                       const volatile int *cancel);

/* Rays o + t d (t >= 0, d != 0; 2 doubles each) against the closed solid
 * region, walking the grid cells the ray crosses.  Writes 6 doubles: hit (1
 * or 0), the distance t |d| to the first point of the solid (rounded as
 * pc_raycast_shapes rounds it; +inf when none, and also for a hit whose
 * distance exceeds the largest double), the outward unit normal of the face
 * entered (-d / |d| when o lies in the solid already; NaN when none) and the
 * row and column of a solid tile holding the hit point (-1 when none).
 * Whether a ray hits is exact for every finite origin and direction.  A zero
 * direction gives hit 0 and a NaN distance. */
int pc_tilemap_raycast(const pc_tilemap *map, const double *origins, const int64_t *strides_o, const double *directions,
                       const int64_t *strides_d, double *out, const int64_t *strides_out, int ndim,
                       const int64_t *shape, int threads, const volatile int *cancel);

/* Rays o + t d (t >= 0; 2 doubles each) against a collection of shapes of
 * one kind, through its broad-phase tree: `work` is a workspace prepared by
 * pc_pairs_prepare(kind, shapes, n, kind, NULL, 0, ...) (one collection), so
 * one tree serves any number of calls; magnitude bounds the shapes' values
 * (as for the batch overlaps).  Writes 5 doubles a ray: hit (1 or 0), the
 * distance t |d| to the first point of the shapes (+inf when none), the unit
 * normal there (outward from the shape hit; -d / |d| when o lies in it or the
 * ray only grazes it; NaN when none) and the index of the shape hit (-1 when
 * none; of two at the same distance, the lower).  Whether a ray meets a shape
 * is exact for every finite input.  The distance is a function of the exact
 * entry point alone: with L = |d| along d's larger component, L t rounded
 * once to the nearest double, times sqrt(1 + q^2) for q = d_minor / d_major
 * (each operation rounded), so two shapes entered at the same point are at
 * the same distance, and a ray along an axis gets the exact distance when
 * it is a double.  A hit whose distance exceeds the ray's max distance
 * (max_distances, 1 double a ray, strided like the origins; >= 0, may be
 * +inf) is no hit.  A zero or non-finite direction gives hit 0 and a NaN
 * distance.  PC_ERR_ARG (nothing written) for a workspace that does not hold
 * one collection, a negative or NaN max distance or magnitude, or bad
 * strides. */
int pc_raycast_shapes(void *work, int64_t work_bytes, double magnitude, const double *origins, const int64_t *strides_o,
                      const double *directions, const int64_t *strides_d, const double *max_distances,
                      const int64_t *strides_m, double *out, const int64_t *strides_out, int ndim, const int64_t *shape,
                      int threads, const volatile int *cancel);
/* The same for n rays in one row each (origins and directions n x 2,
 * max_distances n, out n x 5, all contiguous), cast in the given order (a
 * permutation of 0..n-1: pc_ray_order's, so that rays cast one after another
 * start near each other and read the same parts of the tree).  The results
 * are those of pc_raycast_shapes, ray by ray.  PC_ERR_ARG as there, or for
 * an index of order outside 0..n-1. */
int pc_raycast_shapes_ordered(void *work, int64_t work_bytes, double magnitude, const double *origins,
                              const double *directions, const double *max_distances, double *out, int64_t n,
                              const int64_t *order, int threads, const volatile int *cancel);
/* The order of n points (x, y; n x 2 contiguous, finite or not) along a
 * Z-order (Morton) curve over their bounding box, 16 bits an axis; points
 * that are not finite come last, in their order.  work: 2 n uint64.
 * PC_ERR_ARG for n < 0 or n >= 2^32. */
int pc_ray_order(const double *points, int64_t n, int64_t *order, uint64_t *work);

/* Sweeps (continuous collision detection): a shape moving by a
 * displacement D (translation, placed at t D for t in [0, 1]) against a
 * target.  Each sweep writes 5 doubles, some entry points more (below):
 *  - the time of the first hit, 1 when none;
 *  - the unit SURFACE NORMAL of what was hit, pointing back at the mover
 *    (outward from the face or corner met, as a raycast's), so that a
 *    velocity reflected about it bounces; NaN when none;
 *  - the touching point on the target, NaN when none.
 * A hit is the first time the mover touches the target while moving toward
 * it: a mover touching it at t = 0 is hit at time 0 only if D moves it into
 * the target; touching and moving away or along, or a graze, is no hit.
 * Hit or miss is exact, at every scale, for the paths of the mover's corners
 * (a circle's centre) to their rounded ends fl(corner + D)
 * (c/src/sweep.c and c/src/sweepshape.c say exactly what a hit is).
 * The time (the placement contract): the mover placed at the time t
 * returned, as pc_transform places it (every coordinate plus fl(t D),
 * rounded once), does not overlap the target's interior (pc_overlaps in
 * PC_STRICT is 0), unless their interiors overlap already at the start.
 * t is a floating-point estimate of the first touch checked
 * with the exact test: kept where the placed mover touches the target; where
 * it is inside, stepped down to the last double at which it is not
 * (touching, or, where it goes from apart to inside between two consecutive
 * doubles, apart by less than the rounding of the placement); where it is
 * apart, stepped up to the first double at which it touches (or the one
 * before, should it be inside there).  Where no double near the estimate
 * places the mover touching (the exact path touches the target only at an
 * instant between two doubles: a segment swept across a point, a near
 * graze), t is the estimate, where the placed mover is apart, so it does not
 * overlap the target there either.  The estimate, and so the time, is the
 * same, bit for bit, when every input is scaled by a power of 2
 * (short of subnormals).  Against a tile map or a world the target is their
 * union (a face between two solid tiles is inside it).  A move that takes a
 * coordinate of the mover beyond the doubles (corner + D not finite) writes
 * NaN into every output double of that sweep.
 *
 * pc_sweep_batch: a circle (3 doubles) against a shape of kind_b; strides in
 * doubles.  pc_tilemap_sweep: against a tile map's solid region. */
int pc_sweep_batch(const double *circles, const int64_t *strides_c, const double *displacements,
                   const int64_t *strides_d, int kind_b, const double *b, const int64_t *strides_b, double *out,
                   const int64_t *strides_out, int ndim, const int64_t *shape, int threads, const volatile int *cancel);
int pc_tilemap_sweep(const pc_tilemap *map, const double *circles, const int64_t *strides_c,
                     const double *displacements, const int64_t *strides_d, double *out, const int64_t *strides_out,
                     int ndim, const int64_t *shape, int threads, const volatile int *cancel);

/* A shape of kind_a (any kind) moving by a displacement against a shape of
 * kind_b, broadcast like pc_sweep_batch, 5 doubles out (see the sweeps
 * above).  A moving circle or point is pc_sweep_batch's sweep. */
int pc_sweep_shapes(int kind_a, const double *a, const int64_t *strides_a, const double *displacements,
                    const int64_t *strides_d, int kind_b, const double *b, const int64_t *strides_b, double *out,
                    const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                    const volatile int *cancel);
/* The same against a tile map's solid region: the first hit over its tiles;
 * 6 doubles out, the 6th the flat cell (row * cols + col) of the tile hit
 * (-1 when none; the first in row-major order at equal times). */
int pc_tilemap_sweep_shapes(const pc_tilemap *map, int kind_a, const double *a, const int64_t *strides_a,
                            const double *displacements, const int64_t *strides_d, double *out,
                            const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                            const volatile int *cancel);

/* Sweeps of shapes that turn as they move (pycollide.sweep with rotation):
 * shape i (kind, contiguous layout rows) moves by displacements[2 i ..]
 * while turning by rotations[i] radians about pivots[2 i ..] (the pivot
 * moving with it), against targets row i (target_kind) or, where map is not
 * NULL, the map's solid region.  Conservative advancement: never a miss; a
 * hit where the placed shape (pc_sweep_place) comes within 2^-20 of its
 * reach plus |D| (plus 2^-42 of its or the target's magnitude) of the target; placed at the
 * time it does not overlap the target's interior, unless it did at time 0.
 * out[5 i ..] = time (1 if none), the normal back at the moving shape, the
 * touching point on the target (NaN if none).  After 10,000 steps still
 * closing in, the last time known apart is reported as a hit.  PC_ERR_KIND,
 * PC_ERR_ARG, PC_ERR_CANCELLED. */
int pc_sweep_turning(int kind, const double *shapes, const double *displacements, const double *rotations,
                     const double *pivots, int64_t n, int target_kind, const double *targets, const pc_tilemap *map,
                     double *out, int threads, const volatile int *cancel);
/* Shapes of turning sweeps placed at times[i] (in [0, 1]): turned by
 * rotations[i] * t about pivots[2 i ..] and moved by t * displacements[2 i
 * ..], every coordinate rounded once as pc_transform rounds (a box becomes a
 * 4-gon, PC_POLYGON + 1) with the translation t D + (pivot - turn(pivot))
 * as numpy would round it.  out: n rows of the placed kind. */
int pc_sweep_place(int kind, const double *shapes, const double *displacements, const double *rotations,
                   const double *pivots, const double *times, int64_t n, double *out);
/* For each shape a[...] (kind_a, strided), the nearest shape of a
 * one-collection pc_pairs workspace (whose rows have the given magnitude)
 * within its max distance (max_distances, 1 double a shape, strided like a;
 * >= 0, may be inf), walking its tree: 2 doubles out, the distance (inf when
 * none) and the index (-1 when none).  The distance of shapes that touch or
 * overlap is 0, exactly (the sign of their separation is exact); otherwise
 * it is the separation as pc_contact_batch rounds it.  Of shapes at equal
 * distances, the lowest index.  PC_ERR_ARG (nothing written) for a bad
 * workspace, a negative or NaN max distance or bad strides. */
int pc_nearest_tree(void *work, int64_t work_bytes, double magnitude, int kind_a, const double *a,
                    const int64_t *strides_a, const double *max_distances, const int64_t *strides_m, double *out,
                    const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                    const volatile int *cancel);
/* The k nearest items of a one-collection pc_pairs workspace (rows of the
 * given magnitude) to each of n query shapes (kind_a, rows contiguous), each
 * within its limit (limits: n doubles, >= 0, may be inf): for query i,
 * dist[i k + r] and index[i k + r] for r < k, nearest first, ranked as
 * pc_nearest_tree ranks (the contact's separation, 0 where the shapes touch
 * or overlap; the lower index first at equal distances); inf and -1 past the
 * items found.  grid: NULL, or a grid over the same items
 * (pc_point_grid_build) that point and circle queries then read.  With
 * exclusive nonzero, items that equal the query (the same
 * point set, PC_RELATE_EQUALS) are skipped.  The queries go in `order` (a
 * permutation of 0 .. n - 1; along a curve each starts from the previous
 * one's answers); the result does not depend on it.  PC_ERR_ARG for a bad
 * workspace, k < 1, a negative or NaN limit or an index out of range
 * (nothing written), or for an order that repeats a query (then only
 * index[i k] is written, -1). */
int pc_nearest_k(void *work, int64_t work_bytes, const void *grid, int64_t grid_bytes, double magnitude, int kind_a,
                 const double *a, int64_t n, const int64_t *order, const double *limits, int64_t k, int exclusive,
                 double *dist, int64_t *index, int threads, const volatile int *cancel);
/* A grid over the same points or circles as a tree (the same rows, in the
 * same order), which pc_nearest_k reads instead of the tree for point and
 * circle queries: pc_point_grid_workspace gives its bytes (-1 for another
 * kind or a bad n); pc_point_grid_build fills it and returns 1, or returns 0
 * where a grid does not suit the shapes (values beyond 2^500, radii over
 * two cells, centres crowded into few cells: then pass NULL and the tree
 * serves), or PC_ERR_ARG.  magnitude bounds |every value|. */
int64_t pc_point_grid_workspace(int kind, int64_t n);
int pc_point_grid_build(int kind, const double *rows, int64_t n, double magnitude, void *work, int64_t work_bytes);
/* The same against every shape of a one-collection pc_pairs workspace (whose
 * rows have the given magnitude), walking its tree: 6 doubles out, the first
 * hit's 5 and the index of the shape hit (-1 when none; the lowest index at
 * equal times); the target is the union of the shapes. */
int pc_sweep_tree(void *work, int64_t work_bytes, double magnitude, int kind_a, const double *a,
                  const int64_t *strides_a, const double *displacements, const int64_t *strides_d, double *out,
                  const int64_t *strides_out, int ndim, const int64_t *shape, int threads, const volatile int *cancel);

/* One part of a world for motion: a tile map; or (map NULL) an indexed
 * outline collection (outlines: polylines or regions, see pc_outlines); or
 * (both NULL) the workspace of pc_pairs_prepare for one collection (any
 * kind) with its rows' magnitude.
 * one_way nonzero makes it a one-way part for pc_world_move (passable from
 * the side up points to: solid only for a mover moving against up, dx up[0]
 * + dy up[1] < 0, that does not strictly overlap it where that sweep
 * starts); every other query treats every part as solid.  A zeroed part's
 * one_way is 0. */
typedef struct {
    const pc_tilemap *map;
    void *work;
    int64_t work_bytes;
    double magnitude;
    int one_way;
    double up[2];
    const struct pc_outlines *outlines;
} pc_world_part;
enum { PC_WORLD_MAX_PARTS = 64 };

/* The impacts of pc_world_advance and pc_world_collide, when the caller
 * gives room for them (impacts not NULL: n * max_bounces rows of
 * PC_IMPACT_DOUBLES doubles, row k * max_bounces + m circle k's impact m,
 * in time order; a circle has at most max_bounces, so the room never runs
 * out; a row whose time is NaN is no impact).  Each circle's impacts are
 * exactly those its bounces count.  A row: the time within the step (in
 * [0, dt], in dt's unit), the other circle (-1 for the world), the world's
 * part and the index within it as pc_world_sweep names them (a tile map's
 * flat cell row * cols + col; -1 and -1 for a circle), the point (on what
 * was hit: for two circles, the point on their line of centres dividing it
 * in the ratio of their radii, the same in both rows), the unit normal of
 * what was hit pointing back at this circle (for two circles, from the
 * other's centre toward this one's; the two rows' are opposite, exactly)
 * and the normal impulse's magnitude (friction's tangential part left out):
 * at the world, the circle's mass times the change of its velocity along
 * the normal; between two circles, the impulse they exchange, the same in
 * both rows (a circle stopped by max_bounces counts no more impacts: one
 * that hits it gets a row, it none).  Masses: the caller's, or r^2. */
enum { PC_IMPACT_DOUBLES = 9 };
/* pc_tilemap_advance through a world of 1 to PC_WORLD_MAX_PARTS parts: the
 * same promises, the solid region the union of the parts, with a
 * restitution and a friction per circle: circle k's are
 * restitution[k * restitution_stride] and friction[k * friction_stride]
 * (strides in doubles; 0: one value for every circle), each checked as
 * pc_tilemap_advance checks its one (else PC_ERR_ARG).  With impacts (may
 * be NULL), circle k's impacts in rows k * max_bounces ... (see
 * PC_IMPACT_DOUBLES), their impulses taken with masses (NULL: r^2; else n
 * doubles, each finite and > 0, else PC_ERR_ARG; read only with impacts). */
int pc_world_advance(const pc_world_part *parts, int nparts, double *circles, double *velocities, const double *masses,
                     int64_t *bounces, int64_t n, double dt, const double *restitution, int64_t restitution_stride,
                     const double *friction, int64_t friction_stride, int max_bounces, double *impacts, int threads,
                     const volatile int *cancel);

/* The bytes of the workspace pc_world_collide needs for n circles, room for
 * `entries` broad-phase entries (and as many pairs of circles noted) and
 * `events` queued impacts. */
int64_t pc_collide_workspace(int64_t n, int64_t entries, int64_t events);
/* Move n circles through a world for dt as pc_world_advance does, and make
 * them hit each other too: impacts (wall or circle) are processed in time
 * order, each circle at its own time (event-driven), with masses (NULL:
 * proportional to r^2, computed so that it never overflows or vanishes;
 * else n doubles, each finite and > 0, else PC_ERR_ARG),
 * restitution and Coulomb friction (no spin), per circle as for
 * pc_world_advance: at a wall a circle's own, between two circles the
 * larger restitution and the geometric mean of the frictions (Box2D's
 * mixing rules).  A
 * circle that reaches max_bounces impacts stops for the rest of dt (its
 * velocity kept); others then bounce off it as off a wall.  Guarantees,
 * exactly: no circle's interior overlaps the world or another circle's
 * interior at the end.  Two circles whose interiors overlap at the start
 * (exact test) by at most a rounding error (the depth R - |c_j - c_i| no
 * more than 2^-20 of the larger diameter plus 2^-40 of their largest
 * |coordinate or radius|) are
 * pushed apart along their line of centres first; deeper, they are
 * PC_ERR_OVERLAP, nothing moved, the first such pair (i, j), i < j, in
 * lexicographic order, in overlapping[0..1] (may be NULL).
 * Single-threaded (the events are sequential).  Returns PC_ERR_SPACE when the
 * workspace is too small for the entries or events (the arrays may then be
 * partly moved: retry from copies with more room), PC_ERR_ARG for bad
 * arguments; bounces as
 * pc_tilemap_advance (-1: starts in the world; -2: a move leaves the
 * doubles).  With impacts (may be NULL), every impact as
 * PC_IMPACT_DOUBLES says, an impact of two circles a row for each (the
 * pushes apart at the start and at the end are no impacts). */
int pc_world_collide(const pc_world_part *parts, int nparts, double *circles, double *velocities, const double *masses,
                     int64_t *bounces, int64_t n, double dt, const double *restitution, int64_t restitution_stride,
                     const double *friction, int64_t friction_stride, int max_bounces, double *impacts, void *work,
                     int64_t work_bytes, int64_t entries, int64_t events, int64_t *overlapping,
                     const volatile int *cancel);

/* Each shape of a strided array (kind, layout rows; strides in doubles)
 * against a world of 1 to PC_WORLD_MAX_PARTS parts: does it overlap some
 * part in mode (PC_TOUCHING or PC_STRICT)?  Exact, for every kind; against a
 * tile map the solid region is the union of its tiles (a shape without an
 * interior on a face between two solid tiles is strictly inside).  0 or 1
 * into out (strides in bytes). */
int pc_world_overlaps(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *strides_a,
                      uint8_t *out, const int64_t *strides_out, int ndim, const int64_t *shape, int mode, int threads,
                      const volatile int *cancel);
/* Each shape of a strided array (kind, layout rows) moving by a displacement
 * (2 doubles; strides in doubles) against a world of 1 to
 * PC_WORLD_MAX_PARTS parts: the first hit over the parts, the target their
 * union (see the sweeps above), 7 doubles out: the sweep's 5, then the part
 * hit and the index within it (a tile map's flat cell row * cols + col;
 * -1 and -1 when none).  The lower part, then the lower index, at equal
 * times. */
int pc_world_sweep(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *strides_a,
                   const double *displacements, const int64_t *strides_d, double *out, const int64_t *strides_out,
                   int ndim, const int64_t *shape, int threads, const volatile int *cancel);
/* The contact of each shape with the world: 9 contiguous doubles at out
 * (strides in doubles): the contact of least separation over the parts (7
 * doubles as pc_contact_batch), then the part and the index within it (a
 * tile map's: -1; both -1 with separation inf when no part has anything).
 * The lower part, then the lower index, at equal separations.  The
 * separation's sign is exact.  Against a tile map the contact is with its
 * solid region, measured to its merged boundary: for a circle or a point
 * pc_tilemap_contact's; for another kind, apart or touching, the nearest
 * merged edge's (on a face, that is with the foot of the witness point
 * strictly inside the edge, the normal is the face's own, negated,
 * exactly), and strictly inside, the least translation out
 * (pc_world_depenetrate's): separation minus its length (-inf, normal and
 * points NaN, where the search does not resolve it), normal along it. */
int pc_world_contact(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *strides_a,
                     double *out, const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                     const volatile int *cancel);
/* The contact manifold of each shape with the world: 11 contiguous doubles
 * at out (strides in doubles): the manifold (9 doubles as
 * pc_manifold_batch) with the part of least separation, from the contact
 * pc_world_contact finds (its count 0 exactly where that separation
 * exceeds margin, its normal that contact's then), then the part and the
 * index within it as pc_world_contact's.  With a shape of a collection,
 * pc_manifold_batch's manifold of the pair.  With a tile map, measured to
 * its merged boundary, so that where the solid tiles meet is never a face:
 *  - a circle or a point: the contact's single point;
 *  - apart or touching: the manifold with the nearest merged edge (the
 *    contact's) as a segment; where the contact is on its face, the normal
 *    is the face's own, negated, exactly (a box on a floor across the seams
 *    between its tiles: two points, normal (0, -1));
 *  - strictly inside: the shape against the face it leaves through, the
 *    merged edge it touches once moved out by the contact's translation T
 *    (of the edges whose outward normal u has T . u > 0), as
 *    pc_manifold_batch's rule 3 with that face as the reference face: the
 *    shape core's face most opposed to u is clipped to the slab over the
 *    edge and to the part that, moved by T, is over the edge and not behind
 *    its line; each end of what remains is a point if its separation (its
 *    distance from the edge's line along u less the shape's radius) is at
 *    most margin; normal -u.  So no point is deeper than the contact, and a
 *    crate sunk straight into a floor gets its two points and the floor's
 *    normal;
 *  - where nothing is kept (a corner of the boundary), the contact's single
 *    point.
 * Points lie midway between the two surfaces along the normal, in the order
 * of the shape's face.  features (NULL: not wanted; strides_features in
 * bytes): 4 int16 per shape as pc_manifold_batch's, the shape's own first;
 * the world's side is the feature of a collection's shape, a tile map's
 * merged edge e as 2 e + 1 (TileMap.edges), -1 for an outline part.
 * margin: finite and >= 0, else PC_ERR_ARG (as for a bad world or kind;
 * nothing written). */
int pc_world_manifold(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *strides_a,
                      double margin, double *out, const int64_t *strides_out, int16_t *features,
                      const int64_t *strides_features, int ndim, const int64_t *shape, int threads,
                      const volatile int *cancel);

/* Each shape of a strided array (kind, layout rows; strides in doubles, as
 * pc_world_overlaps) moved out of a world of 1 to PC_WORLD_MAX_PARTS parts
 * by the least translation that leaves it touching the world at most, not
 * strictly overlapping it (exact test on the moved shape, each coordinate
 * x + t rounded once; a polygon that rounding bent is made convex again as
 * pc_transform does).  Against several pieces at once (a corner, a floor and
 * a wall) the translation is the least beyond a supporting line of every
 * piece (c/src/depenetrate.c): the least translation itself up to rounding
 * for polygonal pieces and shapes; where either is round, tangents
 * approximate the rims, and it may be longer by a small fraction of the
 * radii.  A tile map's pieces are its tiles, and a translation through a
 * face between two solid tiles ends in the neighbour, so it is never the
 * answer.  Writes the moved shape's row (contiguous, strides_moved in
 * doubles; moved may be a) and 3 doubles at out (strides in doubles): the
 * translation (x, y) and its length; a shape not strictly overlapping is
 * copied with translation 0.  A shape the search does not resolve (more
 * than 48 pieces or 256 lines near it, or 40 windows) is copied unchanged
 * with translation 0 and length inf.  The result does not depend on
 * threads.  PC_ERR_ARG for a bad world, kind or strides. */
int pc_world_depenetrate(const pc_world_part *parts, int nparts, int kind, const double *a, const int64_t *strides_a,
                         double *moved, const int64_t *strides_moved, double *out, const int64_t *strides_out, int ndim,
                         const int64_t *shape, int threads, const volatile int *cancel);

/* What a box met in pc_world_slide (flags, or-ed; y up): a wall whose
 * normal toward the box is within 45 degrees of +y is a floor, of -y a
 * ceiling, else a wall. */
enum { PC_SLIDE_FLOOR = 1, PC_SLIDE_CEILING = 2, PC_SLIDE_WALL = 4 };
/* Move n axis-aligned boxes (4 contiguous doubles each, updated in place)
 * with their velocities (2 contiguous doubles each, updated in place) for
 * dt through a world with restitution 0: each moves until it touches a wall,
 * the part of its remaining displacement and of its velocity pointing into
 * that wall is dropped, and it slides on with the rest, for at most
 * max_slides impacts (then it stops where it is).  flags[k] gets the
 * PC_SLIDE_* flags of the walls box k met, or -1 when it started strictly
 * overlapping the world deeper than its start tolerance (left alone; see
 * pc_tilemap_advance), -2 when a move would leave the doubles (it stops
 * there).  Guarantees, exactly: a box that does not strictly
 * overlap the world at the start does not at the end, and (the sweeps being
 * exact) never passes through a wall or a corner; a face shared by two
 * solid tiles of a tile map is no wall (no catching on seams).  Returns
 * PC_ERR_ARG for a NULL pointer, a bad world, n < 0, a negative or
 * non-finite dt, or max_slides < 1. */
int pc_world_slide(const pc_world_part *parts, int nparts, double *boxes, double *velocities, int8_t *flags, int64_t n,
                   double dt, int max_slides, int threads, const volatile int *cancel);

/* What a mover of pc_world_move met (flags, or-ed; y up): PC_MOVE_FLOOR
 * when it ends standing on a floor (a surface whose unit normal toward the
 * mover has y >= floor_y), PC_MOVE_CEILING and PC_MOVE_WALL when it met a
 * ceiling (normal y <= -floor_y) or a wall (anything else) during the move. */
enum { PC_MOVE_FLOOR = 1, PC_MOVE_CEILING = 2, PC_MOVE_WALL = 4 };
/* The options of pc_world_move. */
typedef struct {
    double floor_y;       /* in [0, 1]: the least y of a floor's unit normal (cos of the steepest walkable slope) */
    double step_height;   /* >= 0: a wall at most this high, met standing on a floor, is climbed as a step */
    double snap_distance; /* >= 0: a mover that stood on a floor keeps to it down slopes and steps this far */
    int max_iterations;   /* >= 1: the most sweeps of one move (each impact costs one) */
    double *events;       /* NULL, or n * max_iterations rows of 8 doubles: each mover's impacts (below) */
} pc_move_options;
/* Move n shapes of one kind (rows of pc_kind_width(kind) contiguous doubles,
 * updated in place) by their displacements (2 contiguous doubles each)
 * through a world, sliding along what they meet (c/src/mover.c): each
 * sweeps its remaining displacement, moves up to the impact and keeps of the
 * rest the displacement nearest it that points into none of the surfaces
 * met in this move (a corner stops it), for at most max_iterations sweeps;
 * a slope steeper than floor_y is never climbed (slid down when falling); a
 * wall met standing on a floor is climbed as a step up to step_height; a
 * mover that stood on a floor and does not move up keeps to it within
 * snap_distance.  Writes per shape the displacement made (moved, 2
 * doubles), what it ends standing on (ground, 4 doubles: the floor's unit
 * normal toward the mover, the part and the index within it, as
 * pc_world_sweep names them; NaN, NaN, -1, -1 when none) and flags[k]: the
 * PC_MOVE_* flags, or -1 when it started strictly overlapping the world
 * deeper than its start tolerance (left alone; see pc_tilemap_advance), -2
 * when a move would leave the doubles (it stops there).  With
 * options->events, mover k's impacts in the order met, in rows
 * k * max_iterations ... of 8 doubles: the time within the step (in [0,
 * 1]: each sweep takes the rest of it), the part and the index hit, the
 * point, the surface's unit normal toward the mover, and the length of the
 * displacement the surface took (the rest's part into it); a row whose time
 * is NaN is no impact.  Guarantees,
 * exactly: a shape that does not strictly overlap the world at the start
 * does not at the end, and (the sweeps being exact) never passes through a
 * wall or a corner.  The result does not depend on threads.  PC_ERR_ARG for
 * a NULL pointer, a bad world or kind, n < 0, or options out of range. */
int pc_world_move(const pc_world_part *parts, int nparts, int kind, double *shapes, const double *displacement,
                  double *moved, double *ground, int8_t *flags, int64_t n, const pc_move_options *options, int threads,
                  const volatile int *cancel);

/* Velocities after a bounce, by the rule pc_tilemap_advance applies at each
 * impact: for each element the velocity v (2 doubles), the unit normal n of
 * the surface, pointing out of it toward the mover (2 doubles), the
 * restitution e in [0, 1] and the Coulomb friction coefficient mu >= 0 (1
 * double each).  When v . n < 0 (moving into the surface) the normal part of
 * v is reversed and scaled by e and the tangential part v_t loses
 * min(mu (1 + e) |v . n|, |v_t|); the result is never longer than v (squared
 * lengths compared exactly; rounding that would lengthen it shrinks it by
 * ulps).  Otherwise v is returned unchanged.  2 doubles out.  Strides in
 * doubles over an index space as pc_overlaps_batch's; nothing is checked but
 * the pointers and strides (the Python layer validates the values). */
int pc_reflect_batch(const double *velocities, const int64_t *strides_v, const double *normals,
                     const int64_t *strides_n, const double *restitution, const int64_t *strides_e,
                     const double *friction, const int64_t *strides_f, double *out, const int64_t *strides_out,
                     int ndim, const int64_t *shape, int threads, const volatile int *cancel);

/* Move n circles (3 contiguous doubles each, updated in place) with their
 * velocities (2 contiguous doubles each, updated in place) for dt through a
 * tile map: each stops at every impact, its velocity is reflected there (the
 * normal component times -restitution, the tangential one reduced by Coulomb
 * friction: by min(friction (1 + restitution) |v_n|, |v_t|)) and it goes on
 * for the rest of dt; after max_bounces impacts it stays put for the rest of
 * dt (its velocity already reflected).  bounces[k] (may be NULL) is increased
 * by the impacts of circle k.
 * Guarantees, exactly: a circle whose interior does not overlap the solid at
 * the start does not at the end either, and no speed grows.  A circle whose
 * interior overlaps the solid at the start a little (a rounding error, a
 * platform's step) is first moved out by the least translation
 * (pc_world_depenetrate's) when that is no longer than its tolerance: 2^-3
 * of the larger side of its bounding box plus 2^-40 of its largest
 * |coordinate or radius|.  A deeper one is left
 * as it is and its bounces entry (if given) is set to -1; a circle whose
 * next move would leave the doubles (velocity times time overflows) stops
 * where it is and gets -2.
 * Returns PC_ERR_ARG for a NULL pointer, n < 0, a negative or non-finite dt,
 * a restitution outside [0, 1], a negative or non-finite friction, or
 * max_bounces < 1. */
int pc_tilemap_advance(const pc_tilemap *map, double *circles, double *velocities, int64_t *bounces, int64_t n,
                       double dt, double restitution, double friction, int max_bounces, int threads,
                       const volatile int *cancel);
/* Outlines: a collection of n polylines or regions of any number of
 * vertices, in GeoArrow's layout.  xy holds the vertices (x, y), ring after
 * ring; ring r is vertices ring_start[r] .. ring_start[r + 1] - 1, its edges
 * joining consecutive vertices (a closed ring repeats its first vertex
 * last); shape s is rings shape_start[s] .. shape_start[s + 1] - 1.  closed
 * nonzero: regions, each the closed area its rings bound by the even-odd
 * rule (every ring closed; the caller validates them); 0: polylines, each
 * the union of its closed edges.  magnitude: the largest |coordinate|.  The
 * edge index (shapes, band_start, edges) is pc_outlines_index's. */
typedef struct pc_outlines {
    const double *xy;
    const int64_t *ring_start;
    const int64_t *shape_start;
    int64_t n;
    int closed;
    double magnitude;
    const double *shapes;
    const int64_t *band_start;
    const double *edges;
    const int64_t *ids;
    const int8_t *left;
    /* optional (NULL: none): the trees of pc_outlines_tree */
    const int64_t *tree_at;
    const int64_t *tree;
    const double *levels;
} pc_outlines;

/* Build the edge index of o (its index fields are not read): per shape 7
 * doubles in shapes (its bounds x_min, y_min, x_max, y_max, its band height,
 * first band and band count), the offsets of the bands' listings in
 * band_start (*n_bands entries: every band's start, then the end) and the
 * listings in edges (4 doubles each: an edge's ends as stored) with, in
 * ids, the index of each listed edge's first vertex; in left, per ring, +1
 * where the region's interior lies left of its edges, -1 where right (0
 * for polylines).  Writes
 * *n_bands and *n_listings always, and the arrays only when none is NULL
 * (call once with NULLs to size them; PC_ERR_SPACE when a capacity, in
 * entries of band_start and in listings, is too small). */
int pc_outlines_index(const pc_outlines *o, double *shapes, int64_t *band_start, int64_t band_capacity, double *edges,
                      int64_t *ids, int8_t *left, int64_t edge_capacity, int64_t *n_bands, int64_t *n_listings);

/* Build the trees over regions' edges that answer a point in O(log^2 n)
 * where the band index is crowded (outline_tree.c): for each region shape
 * whose busiest band lists more than `threshold` edges (0: every region),
 * of an indexed collection o (its trees not read).  scratch: room for
 * three doubles per vertex of o.  tree_at: n entries (-1: no tree), tree
 * and levels: the trees' int64 and double parts.  Writes *n_tree and
 * *n_levels always, and the arrays only when none is NULL (call once with
 * NULLs to size them; PC_ERR_SPACE when a capacity is too small).  Returns
 * PC_ERR_ARG for a collection without its band index or a negative
 * threshold. */
int pc_outlines_tree(const pc_outlines *o, int64_t threshold, double *scratch, int64_t *tree_at, int64_t *tree,
                     int64_t tree_capacity, double *levels, int64_t levels_capacity, int64_t *n_tree,
                     int64_t *n_levels);

/* The distance (contact 0: one double per shape) or the contact (contact 1:
 * 7 doubles as pc_contact_batch, the shape as a, the outline as b) of each
 * shape (kind; a: rows, strides in doubles) with its outline shape (which:
 * indices, int64, strides in bytes); out: strides in doubles.  A region is
 * its closed area, a polyline its edges.  The distance is 0 exactly where
 * pc_outlines_overlaps (PC_TOUCHING) is true, else the gap (> 0).  The
 * contact where the shapes are apart or touch: the separation (0 exactly
 * where they touch), the normal and the witness points of the nearest edge;
 * where the witness point on the shape lies over a face through the nearest
 * point of the outline (its foot on the face's line in the closed edge), the
 * normal is that face's, exactly the same along the face and at every scale
 * 2^k, toward the outline (a region's interior): no normal toward a joint
 * where the boundary runs straight on or turns away.  Where the shape
 * overlaps strictly (PC_STRICT): the least translation t out of the outline
 * shape (as pc_world_depenetrate finds it), the separation -|t| (-inf when
 * not resolved), the normal -t / |t|, the point of the outline the shape
 * touches once moved out (point b) and that point of the shape now (a).
 * magnitude bounds the shapes' values.  Returns PC_ERR_KIND or PC_ERR_ARG
 * for a bad kind, outline (without its index) or contact flag. */
int pc_outlines_near(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, int kind, const double *a,
                     const int64_t *strides_a, double *out, const int64_t *strides_out, int ndim, const int64_t *shape,
                     int contact, double magnitude, int threads, const volatile int *cancel);

/* The manifold (9 doubles as pc_manifold_batch, the shape as a) of each
 * shape (kind; a: rows, strides in doubles) with its outline shape (which:
 * indices, int64, strides in bytes): its contact as pc_outlines_near's, and
 * up to two points against the edge that contact is measured to (as
 * pc_world_manifold against a tile map's merged edge, the normal the
 * contact's ghost-free one; strictly inside, the shape's face against the
 * edge it leaves through).  margin >= 0.  Returns PC_ERR_KIND or PC_ERR_ARG
 * for a bad kind, outline (without its index) or margin. */
int pc_outlines_manifold(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, int kind,
                         const double *a, const int64_t *strides_a, double margin, double *out,
                         const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                         const volatile int *cancel);

/* Does each shape (kind; a: rows, strides in doubles) overlap its outline
 * shape (which: indices, int64, strides in bytes)?  out: bytes, strides in
 * bytes.  PC_TOUCHING: the closed sets meet.  PC_STRICT: the shape meets a
 * region's interior; against a polyline, the polyline meets the shape's
 * interior, or for a flat shape (a segment) crosses it: at a point inside
 * it, the polyline has points strictly on both sides of its line (a point
 * never).  Exact; magnitude bounds the shapes' values.  Returns PC_ERR_KIND
 * or PC_ERR_ARG for a bad kind, outline (without its index) or mode. */
int pc_outlines_overlaps(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, int kind,
                         const double *a, const int64_t *strides_a, uint8_t *out, const int64_t *strides_out, int ndim,
                         const int64_t *shape, int mode, double magnitude, int threads, const volatile int *cancel);

/* How each segment (rows of 4 doubles, strides in doubles) relates to its
 * outline shape (which: indices, int64, strides in bytes): out (bytes) bit
 * 1 when the segment lies in the shape's closed set (a region's area with
 * its boundary, a polyline's edges), bit 2 when their interiors meet (the
 * segment without its ends, a point segment itself; a region's open area, a
 * polyline without its two ends unless it closes).  Exact; magnitude bounds
 * the segments' values.  Returns PC_ERR_ARG for an outline without its
 * index. */
int pc_outlines_relate_segments(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, const double *a,
                                const int64_t *strides_a, uint8_t *out, const int64_t *strides_out, int ndim,
                                const int64_t *shape, double magnitude, int threads, const volatile int *cancel);

/* pc_outlines_overlaps_outlines within a distance (>= 0, finite, else
 * PC_ERR_ARG): is shape which_a of a at most `distance` from shape which_b
 * of b (PC_STRICT: less than it; none for a distance of 0)?  The distance
 * of outlines that meet (closed sets) is 0, else the least distance between
 * their edges.  Exact.  An index out of range gives 0. */
int pc_outlines_within_outlines(const pc_outlines *a, const int64_t *which_a, const int64_t *strides_a,
                                const pc_outlines *b, const int64_t *which_b, const int64_t *strides_b, double distance,
                                uint8_t *out, const int64_t *strides_out, int ndim, const int64_t *shape, int mode,
                                int threads, const volatile int *cancel);

/* Is each shape (kind; a: rows, strides in doubles) within its distance
 * (distances: strided as a, in doubles; each >= 0 and finite) of its outline
 * shape (which: indices, int64, strides in bytes)?  out: bytes, strides in
 * bytes.  PC_TOUCHING: at most that far apart; PC_STRICT: less (none for a
 * distance of 0).  The distance of shapes that meet is 0 (a shape inside a
 * region included), else the least distance to an edge.  Exact; magnitude
 * bounds the shapes' values.  An index out of range gives 0.  Returns
 * PC_ERR_KIND for a bad kind, PC_ERR_ARG (nothing written) for an outline
 * without its index, a bad mode or a distance that is negative, NaN or
 * infinite. */
int pc_outlines_within(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, int kind, const double *a,
                       const int64_t *strides_a, const double *distances, const int64_t *strides_d, uint8_t *out,
                       const int64_t *strides_out, int ndim, const int64_t *shape, int mode, double magnitude,
                       int threads, const volatile int *cancel);

/* Does shape which_a of a meet shape which_b of b (indices, int64, strides
 * in bytes; out: bytes, strides in bytes)?  PC_TOUCHING: the closed sets
 * meet (a region's area with its boundary, a polyline's edges), for any two
 * collections.  PC_STRICT, a polyline and a region in either order: the
 * polyline meets the region's interior; two regions: their interiors meet;
 * two polylines: no small translation of one parts them (they cross, at a
 * point inside two edges or at a vertex where their stars of edges cross).
 * Exact.  An index out of range gives 0.
 * Returns PC_ERR_ARG for a collection without its index or a bad mode. */
int pc_outlines_overlaps_outlines(const pc_outlines *a, const int64_t *which_a, const int64_t *strides_a,
                                  const pc_outlines *b, const int64_t *which_b, const int64_t *strides_b, uint8_t *out,
                                  const int64_t *strides_out, int ndim, const int64_t *shape, int mode, int threads,
                                  const volatile int *cancel);

/* The first problem with o's regions as OGC-valid polygons (o indexed,
 * closed rings of at least 3 distinct vertices without consecutive repeats,
 * finite coordinates: the caller's checks), or none.  Per region, in this
 * order: a ring that is not simple (two edges that meet other than
 * consecutive ones at their shared vertex: a self-crossing, a ring touching
 * itself, a spike doubling back); a hole that crosses or shares a segment
 * with the shell, or lies outside it; two holes that cross, share a segment
 * or nest.  report[0..3]: the region, the ring, the other ring (-1 for
 * none), the rule (PC_OUTLINE_*; PC_OUTLINE_OK and -1s when there is none).
 * Rings that touch at a point (allowed) are written to touches, 4 int64 a
 * touch: the region, the two rings (first < second) and the vertex index
 * of the point (a vertex of either ring), up to touch_capacity; *n_touches
 * counts them all, repeats included (the caller checks that the rings and
 * points form no cycle: the interior is connected).  Returns PC_ERR_ARG for
 * an outline without its index. */
enum {
    PC_OUTLINE_OK = 0,
    PC_OUTLINE_SELF = 1,    /* a ring meets itself */
    PC_OUTLINE_CROSS = 2,   /* two rings cross */
    PC_OUTLINE_SHARE = 3,   /* two rings share a segment */
    PC_OUTLINE_OUTSIDE = 4, /* a hole outside its shell */
    PC_OUTLINE_NESTED = 5,  /* a hole inside another hole */
    PC_OUTLINE_ON = 6       /* a hole with every vertex on the shell */
};
int pc_outlines_problem(const pc_outlines *o, int64_t *report, int64_t *touches, int64_t touch_capacity,
                        int64_t *n_touches);

/* Is each point in its shape (which: a shape index, int64, strides in
 * bytes; points: (x, y), strides in doubles; out: bytes, strides in bytes)?
 * PC_TOUCHING: in the closed set (a region's area with its boundary, a
 * polyline's edges); PC_STRICT: in the interior (a region's area less its
 * boundary; never for a polyline).  Exact.  A shape index out of range
 * gives 0.  Returns PC_ERR_ARG for a bad outline, index or mode. */
int pc_outlines_contains(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, const double *points,
                         const int64_t *strides_p, uint8_t *out, const int64_t *strides_out, int ndim,
                         const int64_t *shape, int mode, int threads, const volatile int *cancel);

/* Rays o + t d (t >= 0; 2 doubles each, strides in doubles) against every
 * shape of an indexed outline collection: a polyline is its closed edges, a
 * region its closed area.  Writes 5 doubles a ray, as pc_raycast_shapes:
 * hit (1 or 0), the distance t |d| to the first point of the shapes
 * (rounded as pc_raycast_shapes rounds it, a function of the exact point
 * hit alone; +inf when none, and for a hit beyond the largest double), the
 * unit normal there and the index of the shape hit (-1 when none; of two at
 * the same distance, the lower).  The normal is -d / |d| when o lies in the
 * shape's closed set (distance 0), else that of the edge hit, on its side
 * facing o: of the edges hit at that distance (a vertex's), the
 * lowest-indexed one facing the ray (a region's edge whose outward side
 * faces it, a polyline's edge the ray crosses); -d / |d| where none does
 * (the ray runs along edges there); NaN when none.  Whether a ray hits is
 * exact for every finite input.  A hit farther than the ray's max distance
 * (max_distances, strided like the origins; >= 0, may be +inf) is no
 * hit.  A zero or non-finite direction gives hit 0 and a NaN distance.
 * PC_ERR_ARG (nothing written) for an outline without its index, a
 * negative or NaN max distance or bad strides. */
int pc_outlines_raycast(const pc_outlines *o, const double *origins, const int64_t *strides_o, const double *directions,
                        const int64_t *strides_d, const double *max_distances, const int64_t *strides_m, double *out,
                        const int64_t *strides_out, int ndim, const int64_t *shape, int threads,
                        const volatile int *cancel);
/* For each shape a[...] (kind; rows, strides in doubles), the nearest shape
 * of an indexed outline collection within its max distance (max_distances,
 * 1 double a shape, strided like a; >= 0, may be inf): 2 doubles out, the
 * distance (inf when none) and the index (-1 when none), as pc_nearest_tree.
 * The distance is pc_outlines_near's (contact 0): 0 exactly where
 * pc_outlines_overlaps (PC_TOUCHING) is true, else the gap (> 0); of shapes
 * at equal distances, the lowest index.  magnitude bounds the shapes'
 * values.  PC_ERR_KIND for a bad kind; PC_ERR_ARG (nothing written) for an
 * outline without its index, a negative or NaN max distance or bad
 * strides. */
int pc_outlines_nearest(const pc_outlines *o, int kind, const double *a, const int64_t *strides_a,
                        const double *max_distances, const int64_t *strides_m, double *out, const int64_t *strides_out,
                        int ndim, const int64_t *shape, double magnitude, int threads, const volatile int *cancel);
/* Where each segment or line (kind PC_SEGMENT or PC_LINE; a: rows, strides
 * in doubles) meets the boundary of its outline shape (which: indices,
 * int64, strides in bytes): a polyline's edges, every ring of a region.
 * The result is the isolated points of that set and the two ends of each
 * run where the segment (line) lies along edges, in order along it from its
 * start (a line: in its direction); a point where it passes through a
 * vertex is one point, a point inside a run none.  Which edges are met and
 * the count are exact (two crossings of different edges at one point, a
 * polyline crossing itself exactly on the segment, are counted apart); the
 * points are rounded as pc_intersections_batch rounds a segment's with a
 * segment (line's with a segment), an end of an edge or of the segment
 * exactly.  Two calls.  First (offsets, points and work NULL): count gets
 * (int64, strides in bytes) an upper bound r of each pair's result, its
 * number of records.  Then, the caller having laid the pairs' regions out
 * (offsets: each pair's first record, int64, strides in bytes; regions of r
 * records, disjoint), points (2 doubles a record) and work (5 doubles a
 * record): each pair's result at the start of its region in points, its
 * number in count.  A shape index out of range gives 0.  magnitude bounds
 * the segments' values.  PC_ERR_KIND for another kind; PC_ERR_ARG for an
 * outline without its index or points and work not both given. */
int pc_outlines_intersections(const pc_outlines *o, const int64_t *which, const int64_t *strides_w, int kind,
                              const double *a, const int64_t *strides_a, int64_t *count, const int64_t *strides_count,
                              const int64_t *offsets, const int64_t *strides_offsets, double *points, double *work,
                              int ndim, const int64_t *shape, double magnitude, int threads,
                              const volatile int *cancel);
/* CDEF END */

#ifdef __cplusplus
}
#endif
#endif /* PYCOLLIDE_H */
