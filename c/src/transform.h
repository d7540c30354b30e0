/*
 * Placing shapes (internal; transform.c): what a polygon whose rounded
 * vertices turn both ways becomes, for the sweeps and the depenetration that
 * place shapes as pc_transform does.
 */
#ifndef PC_TRANSFORM_H
#define PC_TRANSFORM_H

/* The convex hull of the k vertices at v (x, y pairs, finite), counter-
 * clockwise, in place, a vertex repeated to keep k (monotone chain with exact
 * signs): what a polygon whose rounded vertices turn both ways becomes. */
void pc__hull_in_place(double *v, int k);

/* A shape of a turning sweep placed at time t, as pc_sweep_place places it
 * (out: the layout of its kind, a box's of a 4-gon). */
void pc__place_turned(int kind, const double *in, const double *disp, double turn, const double *pivot, double t,
                      double *out);

#endif
