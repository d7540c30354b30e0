/*
 * Contacts (internal; contact.c): the contact of two layout rows, for the
 * queries that measure one pair at a time (casts, sweeps, manifolds).
 */
#ifndef PC_CONTACT_H
#define PC_CONTACT_H

#include "predicates.h"

/* The contact of two layout rows: 7 doubles as pc_contact_batch. */
void pc__contact_one(const pc__filter *f, int ka, const double *a, int kb, const double *b, double *out);
/* The same by one path (for the tests): 0 the general one (the fast paths on
 * cores, else the general path), 1 a ball against a triangle or a polygon two
 * edges at a time (SSE2), 2 four at a time (AVX2), 3 the vector paths of two
 * small polygons or two segment cores (AVX2).  0 where the path does not
 * exist for the pair or the processor (nothing written), else 1. */
int pc__contact_path(int path, const pc__filter *f, int ka, const double *a, int kb, const double *b, double *out);

#endif /* PC_CONTACT_H */
