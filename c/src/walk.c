/* The n-dimensional strided walker (walk.h). */
#include "pycollide.h"
#include "walk.h"

int pc__walk_check(int ndim, const int64_t *shape, int nop, const int64_t *const *strides)
{
    if (ndim < 0 || ndim > PC_MAX_DIMS || nop < 1 || nop > PC_MAX_OPERANDS) return PC_ERR_ARG;
    if (ndim == 0) return PC_OK;
    if (!shape) return PC_ERR_ARG;
    for (int k = 0; k < nop; k++)
        if (!strides[k]) return PC_ERR_ARG;
    int empty = 0;
    for (int d = 0; d < ndim; d++) {
        if (shape[d] < 0) return PC_ERR_ARG;
        empty |= shape[d] == 0;
    }
    return empty;
}

int pc__double_strides(int ndim, const int64_t *doubles, int64_t *bytes)
{
    if (ndim > 0 && !doubles) return PC_ERR_ARG;
    for (int d = 0; d < ndim && d < PC_MAX_DIMS; d++) bytes[d] = doubles[d] * 8;
    return PC_OK;
}

void pc__walk(int ndim, const int64_t *shape, int nop, char *const *base,
              const int64_t *const *strides, pc__inner inner, void *ctx)
{
    char *p[PC_MAX_OPERANDS];
    int64_t s[PC_MAX_OPERANDS] = {0};
    for (int k = 0; k < nop; k++) p[k] = base[k];
    if (ndim == 0) {
        inner(ctx, p, s, 1);
        return;
    }
    int last = ndim - 1;
    for (int k = 0; k < nop; k++) s[k] = strides[k][last];
    int64_t index[PC_MAX_DIMS] = {0};
    for (;;) {
        inner(ctx, p, s, shape[last]);
        int d = last - 1;
        for (; d >= 0; d--) {
            for (int k = 0; k < nop; k++) p[k] += strides[k][d];
            if (++index[d] < shape[d]) break;
            for (int k = 0; k < nop; k++) p[k] -= strides[k][d] * shape[d];
            index[d] = 0;
        }
        if (d < 0) break;
    }
}
