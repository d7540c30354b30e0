/*
 * Where a ray enters a shape, rounded once (internal; the raycasts of cast.c
 * and raycast.c).
 *
 * A ray o + t d is measured along its major axis (the larger component of
 * d; the y axis when they are equal in size): the entry of a shape is how
 * far along that axis from o the ray first meets it, L t* with L = |d| on
 * that axis and t* the least t >= 0 at which o + t d is in the shape.
 * pc__ray_entry returns it rounded once to the nearest double (ties to
 * even), decided exactly, so that it is a function of the exact entry
 * point alone: two shapes the ray enters at the same point (a shared face,
 * a corner on a face, a circle through it) get the same value whatever
 * their kinds and vertices, and a shape entered first never gets a larger
 * one.  The distance a raycast reports is that value times |d| / L, the
 * direction's length per unit along the major axis (pc__ray_distance): the
 * same function of the exact entry, and the exact distance itself for a
 * ray along an axis whenever that is a double.
 */
#ifndef PC_ENTRY_H
#define PC_ENTRY_H

#include <math.h>

#include "core.h"

/* The major axis of a nonzero direction: 1 (y) when |dy| > |dx|, else 0 (x). */
static inline int pc__ray_major(const double *d) { return fabs(d[1]) > fabs(d[0]); }

/* |d| / L = sqrt(1 + q^2), q = d_minor / d_major, rounded: 1 for a ray along an axis. */
static inline double pc__ray_stretch(const double *d)
{
    int major = pc__ray_major(d);
    double q = d[!major] / d[major];
    return sqrt(1.0 + q * q);
}

/* The distance reported for an entry (along the major axis): entry |d| / L, rounded. */
static inline double pc__ray_distance(double entry, double stretch) { return entry * stretch; }

/* A raycast's row of 5 doubles (hit, distance, normal, index) set to a
 * miss; returns 0, with a NaN distance, where d is zero or not finite (no
 * ray), else 1. */
static inline int pc__ray_miss(double *out, const double *d)
{
    double dm = fabs(d[0]) > fabs(d[1]) ? fabs(d[0]) : fabs(d[1]);
    out[0] = 0.0;
    out[1] = dm > 0.0 && isfinite(dm) ? INFINITY : NAN;
    out[2] = out[3] = NAN;
    out[4] = -1.0;
    return out[1] == INFINITY;
}

/* The entry of the ray o + t d (d nonzero and finite) into the core h grown
 * by h->R, measured along the major axis and rounded once to the nearest
 * double (+inf beyond the doubles), exactly.  The ray must meet the shape
 * and its origin lie outside it (exact tests the caller has made).  `guess`
 * is an estimate of it (a float computation's; NaN or negative allowed),
 * used where the shape's own guess (double-double, from its entry formula)
 * cannot be formed.  With a finite cap, an entry that rounds above cap is
 * +inf at once (a shape that cannot win costs little). */
double pc__ray_entry(const pc__hull *h, const double *o, const double *d, double guess, double cap);

#endif
