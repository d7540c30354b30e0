/*
 * One descriptor per shape kind (internal): everything that depends on the
 * kind alone.  Validation, bounds (the broad phase, compounds), and the convex
 * core plus radius that contacts, sweeps and raycasts work on all read it, so
 * a new kind is described here once (see c/README.md for the list of places a
 * new kind touches).  Pairwise overlap kernels live in kernels.h, every path
 * of its own a kind or a pair takes in matrix.h.
 */
#ifndef PC_KINDS_H
#define PC_KINDS_H

#include "core.h"

/* The most doubles a layout row of any shape kind holds. */
#define PC_ROW_MAX (2 * PC_POLYGON_MAX)

typedef struct {
    const char *name;
    int width;     /* doubles per shape */
    int core_kind; /* the kind of the shape's core (a circle's core is a point) */
    /* the kind's own rule beyond finiteness (PC_RULE_OK or a PC_RULE_* code);
     * the values are finite */
    int (*rule)(const double *s);
    /* the closed axis-aligned box of the shape: xmin, ymin, xmax, ymax, each
     * the exact extreme where that is a double, else the double next to it
     * outward (NULL for lines, which have none) */
    void (*bounds)(const double *s, double *bb);
    /* the exact convex core and radius (f bounds the values) */
    void (*core)(const pc__filter *f, const double *s, pc__hull *h);
    /* the shape mirrored and moved: every point (x, y) to (sx x + tx, sy y + ty)
     * with sx, sy = +-1, each coordinate rounded once; out may be s */
    void (*place)(const double *s, double sx, double sy, double tx, double ty, double *out);
} pc__kind_info;

/* The descriptor of a kind, or NULL for an unknown kind number. */
const pc__kind_info *pc__kind(int kind);

/* The core of a shape of a kind given as a layout row (decided exactly; f
 * must bound the row's values): the kind's descriptor's. */
void pc__hull_of(const pc__filter *f, int kind, const double *row, pc__hull *h);

/* Is kind a shape kind (one that overlaps, has bounds and a core)? */
static inline int pc__is_shape(int kind) { return kind >= 0 && kind < PC_KIND_COUNT; }

/* How many doubles at the start of a shape's layout row are its points'
 * coordinates (x, y pairs), which a move moves; the rest (a radius) stays. */
static inline int pc__kind_positions(int kind)
{
    return kind == PC_CIRCLE ? 2 : kind == PC_CAPSULE ? 4 : pc_kind_width(kind);
}

#endif
