/* Box2D v3's time of impact (b2TimeOfImpact) on turning sweeps, for
 * benchmarks/toi.py.
 *
 * Contains no peer code: toi.py compiles it against Box2D's sources, which
 * the user fetches outside this repository (benchmarks/peers.md), in a
 * temporary directory.
 *
 * Usage:  toi INPUT OUTPUT REPEATS
 *
 * INPUT (little-endian float64 unless said, written by toi.py):
 *   int64  n, k (the moving polygon's vertices), m (the target's vertices),
 *          t (tiles: 0 for one target polygon per sweep)
 *   then per sweep: k vertices (x, y) relative to the pivot, the pivot
 *          (x, y), the displacement (x, y), the rotation (radians); then,
 *          with t == 0, the target's m vertices (x, y)
 *   then, with t > 0, t tiles as boxes (xmin, ymin, xmax, ymax): every
 *          sweep against all of them (the first hit over the tiles whose
 *          boxes meet the sweep's box, as a user's broad phase finds them)
 * Every value is a float32 value (toi.py rounds them), as Box2D computes in
 * float.
 *
 * The sweep: b2Sweep with localCenter (0, 0), c1 the pivot, c2 the pivot
 * plus the displacement, q1 the identity, q2 b2MakeRot(rotation): Box2D
 * interpolates the rotation's cosine and sine linearly and normalises them
 * (b2GetSweepTransform).
 *
 * OUTPUT: per sweep the state (b2TOIState) and the fraction, as float64
 * pairs.  stdout: one JSON line, {"ns_per_sweep": best of REPEATS runs}.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "box2d/box2d.h"
#include "box2d/collision.h"
#include "box2d/math_functions.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

typedef struct {
    b2ShapeProxy proxy;
    b2Sweep sweep;
    float lo[2], hi[2]; /* the box the sweep stays in */
} sweep_in;

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: toi INPUT OUTPUT REPEATS\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 1;
    int64_t head[4];
    if (fread(head, sizeof head, 1, f) != 1) return 1;
    int64_t n = head[0], k = head[1], m = head[2], t = head[3];
    int repeats = atoi(argv[3]);
    sweep_in *in = malloc(sizeof *in * (size_t)n);
    b2ShapeProxy *targets = malloc(sizeof *targets * (size_t)(t ? t : n));
    double *res = malloc(sizeof(double) * 2 * (size_t)n);
    float (*tile_box)[4] = t ? malloc(sizeof *tile_box * (size_t)t) : NULL;
    for (int64_t i = 0; i < n; i++) {
        double v[2 * B2_MAX_POLYGON_VERTICES], s[5];
        if (fread(v, sizeof(double), 2 * k, f) != (size_t)(2 * k) || fread(s, sizeof s, 1, f) != 1) return 1;
        b2Vec2 pts[B2_MAX_POLYGON_VERTICES];
        float reach = 0;
        for (int j = 0; j < k; j++) {
            pts[j] = (b2Vec2){(float)v[2 * j], (float)v[2 * j + 1]};
            reach = fmaxf(reach, b2Length(pts[j]));
        }
        in[i].proxy = b2MakeProxy(pts, (int)k, 0.0f);
        b2Vec2 c1 = {(float)s[0], (float)s[1]}, d = {(float)s[2], (float)s[3]};
        in[i].sweep = (b2Sweep){b2Vec2_zero, c1, b2Add(c1, d), b2Rot_identity, b2MakeRot((float)s[4])};
        in[i].lo[0] = fminf(c1.x, c1.x + d.x) - reach, in[i].hi[0] = fmaxf(c1.x, c1.x + d.x) + reach;
        in[i].lo[1] = fminf(c1.y, c1.y + d.y) - reach, in[i].hi[1] = fmaxf(c1.y, c1.y + d.y) + reach;
        if (!t) {
            double w[2 * B2_MAX_POLYGON_VERTICES];
            if (fread(w, sizeof(double), 2 * m, f) != (size_t)(2 * m)) return 1;
            for (int j = 0; j < m; j++) pts[j] = (b2Vec2){(float)w[2 * j], (float)w[2 * j + 1]};
            targets[i] = b2MakeProxy(pts, (int)m, 0.0f);
        }
    }
    for (int64_t j = 0; j < t; j++) {
        double b[4];
        if (fread(b, sizeof b, 1, f) != 1) return 1;
        b2Vec2 pts[4] = {{(float)b[0], (float)b[1]},
                         {(float)b[2], (float)b[1]},
                         {(float)b[2], (float)b[3]},
                         {(float)b[0], (float)b[3]}};
        targets[j] = b2MakeProxy(pts, 4, 0.0f);
        for (int c = 0; c < 4; c++) tile_box[j][c] = (float)b[c];
    }
    fclose(f);
    b2Sweep still = {b2Vec2_zero, b2Vec2_zero, b2Vec2_zero, b2Rot_identity, b2Rot_identity};
    double best = INFINITY;
    for (int r = 0; r < repeats; r++) {
        double t0 = now();
        for (int64_t i = 0; i < n; i++) {
            b2TOIInput q = {in[i].proxy, targets[t ? 0 : i], in[i].sweep, still, 1.0f};
            if (!t) {
                b2TOIOutput o = b2TimeOfImpact(&q);
                res[2 * i] = o.state;
                res[2 * i + 1] = o.fraction;
                continue;
            }
            double state = b2_toiStateSeparated, frac = 1.0;
            for (int64_t j = 0; j < t; j++) { /* the tiles whose boxes meet the sweep's */
                if (tile_box[j][0] > in[i].hi[0] || tile_box[j][2] < in[i].lo[0] || tile_box[j][1] > in[i].hi[1] ||
                    tile_box[j][3] < in[i].lo[1])
                    continue;
                q.proxyB = targets[j];
                b2TOIOutput o = b2TimeOfImpact(&q);
                if ((o.state == b2_toiStateHit || o.state == b2_toiStateOverlapped) && o.fraction < frac) {
                    state = o.state;
                    frac = o.fraction;
                } else if (o.state == b2_toiStateFailed && state == b2_toiStateSeparated) {
                    state = o.state;
                }
            }
            res[2 * i] = state;
            res[2 * i + 1] = frac;
        }
        double dt = now() - t0;
        if (dt < best) best = dt;
    }
    FILE *o = fopen(argv[2], "wb");
    if (!o || fwrite(res, sizeof(double), 2 * (size_t)n, o) != 2 * (size_t)n) return 1;
    fclose(o);
    printf("{\"ns_per_sweep\": %.3f}\n", best / (double)n * 1e9);
    free(in);
    free(targets);
    free(res);
    free(tile_box);
    return 0;
}
