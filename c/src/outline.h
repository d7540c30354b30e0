/* Outlines' internals (outline.c), shared by the outline verbs. */
#ifndef PC_OUTLINE_H
#define PC_OUTLINE_H

#include <stdint.h>

#include "predicates.h"
#include "sweep.h"
#include "pycollide.h"

/* The band of y in a shape's index (y_min lo, band height h): floor((y/2 -
 * lo/2) / h) clamped to [0, bands - 1], monotone in y. */
int64_t pc__outline_band(double y, double lo, double h, int64_t bands);

/* Is c on the closed segment [a, b], given orient(a, b, c) == 0? */
static inline int pc__on_collinear(double ax, double ay, double bx, double by, double cx, double cy)
{
    return (ax < bx ? ax : bx) <= cx && cx <= (ax < bx ? bx : ax) && (ay < by ? ay : by) <= cy &&
           cy <= (ay < by ? by : ay);
}

/* How the closed segments p = [a, b] and q = [c, d] (4 doubles each, neither
 * of length 0) meet: apart, crossing at a point inside both, touching at one
 * point (an end of one on the other, or a shared end of collinear ones), or
 * sharing a segment of positive length.  Exact. */
enum { PC__SEG_APART = 0, PC__SEG_CROSS = 1, PC__SEG_TOUCH = 2, PC__SEG_SHARE = 3 };
int pc__seg_relation(const pc__filter *f, const double *p, const double *q);

/* Is the open angular region just counter-clockwise of the direction from P
 * to D (D != P) inside the interior of region s, P lying on its boundary?
 * Exact; *along: some boundary direction at P is D's (outline.c). */
int pc__outline_interior_after(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, double dx,
                               double dy, int *along);

/* A point moving from P by (dx, dy) (exact, not rounded), against region
 * s: the first time it passes a vertex of s (or P itself, on the boundary)
 * where the motion goes strictly into the interior (not along the
 * boundary), clamped to [0, 1] as the
 * rounded (v - P) / d gives it, into *t; the unit normal into the region
 * of the first edge there whose face the motion goes into (else d / |d|) into
 * n[0..1], the vertex into n[2..3], that edge's first vertex into *edge.  0 when there is none.  Exact in
 * which vertices count; f bounds the values. */
int pc__outline_vertex_entry(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, double dx,
                             double dy, double *t, double *n, int64_t *edge);

/* The ring holding vertex v. */
int64_t pc__outline_ring(const pc_outlines *o, int64_t v);

/* Where the point is against shape s: 1 in the closed set (a region's area,
 * a polyline's edges), else 0; *on set when it lies on an edge.  Exact. */
int pc__outline_locate(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, int *on);

/* Exact: is the shape (kind, layout row a) within distance d (>= 0, finite)
 * of outline shape s (strict 1: less than d apart)?  The distance of shapes
 * that meet is 0; mag bounds the shape's values. */
int pc__outline_within(const pc_outlines *o, int64_t s, int kind, const double *a, double d, int strict, double mag);

/* pc__outline_locate through region s's tree (o->tree_at[s] >= 0), and
 * the band load above which the tree answers */
int64_t pc__outline_tree_threshold(const pc_outlines *o, int64_t s);
int pc__outline_tree_locate(const pc_outlines *o, const pc__filter *f, int64_t s, double px, double py, int *on);

/* Calls visit(ctx, k) for each listing k of shape s whose edge's box meets
 * the box (x_min, y_min, x_max, y_max), each edge once, until it returns
 * nonzero; returns that value, or 0. */
typedef int (*pc__edge_visit)(void *ctx, int64_t k);
int pc__outline_each_edge(const pc_outlines *o, int64_t s, const double *box, pc__edge_visit visit, void *ctx);

/* Does the shape (kind, layout row a) meet outline shape s: the closed sets
 * (strict 0), or as pc_outlines_overlaps's PC_STRICT (strict 1)?  Exact; f
 * bounds the values of both. */
int pc__outline_meets(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a, int strict);

/* The contact (7 doubles as pc_contact_batch, the shape as a) of the shape
 * with outline shape s as pc_outlines_near gives it (NaNs where the shape
 * strictly overlaps it), and the first vertex of the edge it is measured to
 * in *edge (-1 when none); mag bounds the values of both, f is its filter
 * (outline_near.c). */
void pc__outline_contact(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a, double mag,
                         double *out, int64_t *edge);

/* The edge of outline shape s nearest the shape, whether or not they meet:
 * its first vertex (-1 when the shape has none) and the contact with it as
 * a segment (7 doubles as pc_contact_batch, no normal made ghost-free). */
int64_t pc__outline_nearest_edge(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a,
                                 double mag, double *out);

/* The ghost-free normal of a contact r (7 doubles as pc_contact_batch: a
 * separation >= 0, the normal, the witness points) of the shape with edge
 * `edge` (its first vertex) of outline shape s: r's normal becomes the face
 * normal of that edge, or of an edge through its end nearest the witness
 * point, where one applies, as pc_outlines_near's rule (outline_near.c). */
void pc__outline_face_normal(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a,
                             int64_t edge, double *r);

/* ---- a world's part (outline_world.c) ---- */

/* Shape s of o alone, as a collection of one (sharing o's arrays). */
void pc__outline_view(const pc_outlines *o, int64_t s, pc_outlines *one);

/* How pc__outline_part_contact found its contact: the edge measured to
 * (found: its ends, then its outward unit normal: away from a region's
 * interior, or for a polyline toward the side the shape is on, or leaves
 * to), and where the shape strictly overlaps the collection (inside) the
 * least translation t out of it. */
typedef struct {
    int found, inside;
    double edge[6];
    double t[2];
} pc__outline_how;

/* The contact (7 doubles as pc_contact_batch, the shape as a) of least
 * separation of the shape with the collection's shapes (the lower shape at
 * equal separations; its index into *index, -1 when none: separation inf),
 * the normals ghost-free (outline_near.c).  Where the shape strictly
 * overlaps the collection: the least translation t out of it
 * (pc__depenetrate), the separation -|t| (-inf when not resolved), the
 * normal -t / |t|, the point of the collection the shape touches once moved
 * out, and that point of the shape where it is now. */
void pc__outline_part_contact(const pc_outlines *o, int kind, const double *a, double *out, int64_t *index,
                              pc__outline_how *how);

/* Exact: does the shape meet some shape of the collection (mode PC_TOUCHING:
 * the closed sets; PC_STRICT: as pc_outlines_overlaps)? */
int pc__outline_part_meets(const pc_outlines *o, int kind, const double *a, int mode);
/* Does some shape's bounds meet the box (closed)? */
int pc__outline_part_near_box(const pc_outlines *o, const double *box);
/* Calls visit(ctx, edge) (4 doubles: its ends) for the edges whose boxes
 * meet the box, until it returns nonzero; that value, or 0. */
int pc__outline_part_each(const pc_outlines *o, const double *box, int (*visit)(void *ctx, const double *edge),
                          void *ctx);
/* The first hit of the shape moving by D against the collection (see
 * outline_world.c), into h (initialised here; h->cell the shape hit) and
 * the edge hit (4 doubles, NULL when none) into *edge; rough: the time as
 * the edges' sweeps give it, not stepped down for the union. */
void pc__outline_part_sweep(const pc_outlines *o, int kind, const double *a, double dx, double dy, int rough,
                            pc__toi *h, const double **edge);
/* The distance of the shape (kind, layout row a) to outline shape s, as
 * pc_outlines_near (contact 0) gives it: 0 exactly where they meet (closed
 * sets), else the gap (> 0).  f and mag bound the values of both. */
double pc__outline_distance(const pc_outlines *o, const pc__filter *f, int64_t s, int kind, const double *a,
                            double mag);

/* Where the segment (line 0) or the line (line 1) s meets the segment e (4
 * doubles each): the count (0, 1 or 2) and the points into pts (4 doubles),
 * exactly as pc_intersections_batch gives them (intersect.c). */
int pc__intersect_edge(const pc__filter *f, const double *s, int line, const double *e, double *pts);

#endif
