/* Convex cores (core.h). */
#include "core.h"

/* The ray and the core are disjoint iff some axis separates them; for a
 * closed convex core and a ray the candidates are the core's edge normals
 * (both sides for a segment), the normal of the ray's direction, and the
 * direction itself (a core wholly behind the origin). */
int pc__ray_meets_hull(const pc__filter *f, const pc__hull *h, double ox, double oy, double dx, double dy)
{
    int n = h->n, pos = 0, neg = 0, ahead = 0;
    for (int i = 0; i < n; i++) {
        int side = pc__cross_dir(dx, dy, ox, oy, h->x[i], h->y[i]);
        pos |= side > 0;
        neg |= side < 0;
        ahead |= pc__dot_dir(dx, dy, ox, oy, h->x[i], h->y[i]) >= 0;
        if (side == 0) pos = neg = 1;
    }
    if (!(pos && neg) || !ahead) return 0;
    int edges = n == 1 ? 0 : n == 2 ? 1 : n;
    for (int i = 0; i < edges; i++) {
        int j = i + 1 == n ? 0 : i + 1;
        double ax = h->x[i], ay = h->y[i], bx = h->x[j], by = h->y[j];
        int o = pc__orient(f, ax, ay, bx, by, ox, oy);
        /* the origin strictly outside the edge's line and the ray not turning toward it */
        int away = pc__cross_dir(dx, dy, ax, ay, bx, by);
        if (o < 0 && away >= 0) return 0;
        if (n == 2 && o > 0 && away <= 0) return 0; /* a segment's other side */
    }
    return 1;
}

int pc__hull_contains(const pc__filter *f, const pc__hull *h, double px, double py, int *strict)
{
    *strict = 0;
    if (h->n == 1) return px == h->x[0] && py == h->y[0];
    if (h->n == 2) return pc__on_segment(f, px, py, h->x[0], h->y[0], h->x[1], h->y[1]);
    int all = 1;
    for (int i = 0; i < h->n; i++) {
        int j = i + 1 == h->n ? 0 : i + 1;
        int o = pc__orient(f, h->x[i], h->y[i], h->x[j], h->y[j], px, py);
        if (o < 0) return 0;
        all &= o > 0;
    }
    *strict = all;
    return 1;
}
