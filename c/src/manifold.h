/*
 * Manifolds (internal; manifold.c): up to two contact points of a shape and
 * another shape, or a face of a solid, for the queries that measure one
 * pair at a time (a world's manifold, world.c).  Each writes 9 doubles as
 * pc_manifold_batch.
 */
#ifndef PC_MANIFOLD_H
#define PC_MANIFOLD_H

#include "predicates.h"

/* Rules 1 and 2 of pc_manifold_batch from a contact c (7 doubles as
 * pc_contact_batch): count 0 where c's separation exceeds margin, else the
 * single point of c (the middle of its witness points, its separation); the
 * normal c's.  Returns the count. */
int pc__manifold_point(const double *c, double margin, double *out);
/* pc_manifold_batch's manifold of two layout rows, from their contact c
 * (rules 1 and 2 from c, rule 3 from the rows): as pc_manifold_batch where c
 * is pc__contact_one's; feat (NULL: none) the 4 feature codes of
 * pc_manifold_batch. */
void pc__manifold_from(const pc__filter *f, int ka, const double *a, int kb, const double *b, const double *c,
                       double margin, double *out, int16_t *feat);
/* Rule 3 with one reference face fixed: a shape (kind, layout row a)
 * against a face of a solid, edge holding x0, y0, x1, y1 and the face's
 * outward unit normal u (6 doubles, as a tile map's edges), the shape moved
 * by `move` (2 doubles) out of the solid.  The shape core's face most
 * opposed to u is clipped to the slab over the edge, and to the part that,
 * moved, is over the edge and not behind the face's line; each end of what
 * remains is a point if its separation (its distance from the face's line
 * along u less the shape's radius) is at most margin, midway between the
 * two surfaces, in the order of the shape's face; the normal -u.  The count
 * kept (1 or 2), or 0 with out unchanged (a core that is one point, nothing
 * kept).  So no point is deeper than move . u, to 2^-40 of the scale
 * (move's length when move is along u).  feat (NULL: none): the shape's
 * feature of each point at feat[2 k] (its layout's codes). */
int pc__manifold_face(const pc__filter *f, int kind, const double *a, const double *edge, const double *move,
                      double margin, double *out, int16_t *feat);

/* The manifold of a shape with a solid's edge (6 doubles as
 * pc__manifold_face takes it; NULL: none) from their contact c: c's single
 * point where there is no edge or c's separation exceeds margin; inside
 * (the shape moved out by t), the shape's face against the edge
 * (pc__manifold_face), else c's point; apart or touching, the manifold with
 * the edge as a segment, its normal c's where face is set.  part_magnitude
 * bounds the edge's values.  feat (NULL: none): the features as
 * pc_manifold_batch's, the shape's own and edge_code (or -1) on the edge's
 * side. */
void pc__manifold_edge(double part_magnitude, int kind, const double *a, const double *c, const double *edge,
                       int inside, int face, const double *t, double margin, double *out, int16_t *feat, int edge_code);

#endif /* PC_MANIFOLD_H */
