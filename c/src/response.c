/*
 * Collision response as a batch (pc_reflect_batch): the velocity after a
 * bounce, by the very rule the movers apply at every impact (pc__respond in
 * motion.c), so that pc.reflect and pc.advance follow one model: the normal
 * part reversed and scaled by the restitution, the tangential part reduced
 * by Coulomb friction with the impulse of the bounce, never faster than
 * before (compared exactly).
 */
#include <math.h>

#include "fpenv.h"
#include "motion.h"
#include "walk.h"

static void reflect_inner(void *ctx, char *const *p, const int64_t *s, int64_t n)
{
    (void)ctx;
    for (int64_t i = 0; i < n; i++) {
        const double *v = (const double *)(p[0] + i * s[0]), *nrm = (const double *)(p[1] + i * s[1]);
        double e = *(const double *)(p[2] + i * s[2]), mu = *(const double *)(p[3] + i * s[3]);
        double *out = (double *)(p[4] + i * s[4]);
        double vx = v[0], vy = v[1];
        /* pc__respond takes the normal toward the surface: the opposite of the surface normal */
        pc__respond(&vx, &vy, -nrm[0], -nrm[1], e, mu);
        out[0] = vx;
        out[1] = vy;
    }
}

int pc_reflect_batch(const double *velocities, const int64_t *strides_v, const double *normals,
                     const int64_t *strides_n, const double *restitution, const int64_t *strides_e,
                     const double *friction, const int64_t *strides_f, double *out, const int64_t *strides_out,
                     int ndim, const int64_t *shape, int threads, const volatile int *cancel)
{
    pc__fpenv env = pc__fp_enter();
    const void *ptrs[5] = {velocities, normals, restitution, friction, out};
    const int64_t *st[5] = {strides_v, strides_n, strides_e, strides_f, strides_out};
    int rc = pc__batch(ndim, shape, 5, ptrs, st, 0u, reflect_inner, NULL, threads, PC_CHUNK, cancel);
    pc__fp_leave(env);
    return rc;
}
