/* The n-dimensional strided walker (walk.h). */
#include <pthread.h>
#include <stdatomic.h>

#include "fpenv.h"
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
    for (int d = 0; d < ndim && d < PC_MAX_DIMS; d++) {
        if (doubles[d] > INT64_MAX / 8 || doubles[d] < INT64_MIN / 8) return PC_ERR_ARG;
        bytes[d] = doubles[d] * 8;
    }
    return PC_OK;
}

int pc__batch(int ndim, const int64_t *shape, int nop, const void *const *ptrs, const int64_t *const *strides,
              unsigned byte_ops, pc__inner inner, void *ctx, int threads, int64_t chunk, const volatile int *cancel)
{
    if (nop < 1 || nop > PC_MAX_OPERANDS || ndim < 0 || ndim > PC_MAX_DIMS || chunk < 1) return PC_ERR_ARG;
    int64_t bytes[PC_MAX_OPERANDS][PC_MAX_DIMS];
    const int64_t *st[PC_MAX_OPERANDS];
    char *base[PC_MAX_OPERANDS];
    for (int k = 0; k < nop; k++) {
        if (!ptrs[k]) return PC_ERR_ARG;
        base[k] = (char *)ptrs[k];
        if (byte_ops & (1u << k)) {
            st[k] = strides[k];
        } else {
            if (pc__double_strides(ndim, strides[k], bytes[k])) return PC_ERR_ARG;
            st[k] = bytes[k];
        }
    }
    int rc = pc__walk_check(ndim, shape, nop, st);
    if (rc != PC_OK) return rc < 0 ? rc : PC_OK;
    return pc__walk_chunked(ndim, shape, nop, base, st, inner, ctx, threads, chunk, cancel);
}

/* Elements [start, end) of the index space in row-major order. */
static void walk_range(int ndim, const int64_t *shape, int nop, char *const *base, const int64_t *const *strides,
                       pc__inner inner, void *ctx, int64_t start, int64_t end)
{
    char *p[PC_MAX_OPERANDS];
    int64_t s[PC_MAX_OPERANDS] = {0};
    for (int k = 0; k < nop; k++) p[k] = base[k];
    if (ndim == 0) {
        if (start < end) inner(ctx, p, s, 1);
        return;
    }
    int last = ndim - 1;
    int64_t index[PC_MAX_DIMS];
    int64_t rest = start;
    for (int d = last; d >= 0; d--) { /* the multi-index of start */
        index[d] = rest % shape[d];
        rest /= shape[d];
        for (int k = 0; k < nop; k++) p[k] += index[d] * strides[k][d];
    }
    for (int k = 0; k < nop; k++) s[k] = strides[k][last];
    int64_t todo = end - start;
    while (todo > 0) {
        int64_t run = shape[last] - index[last];
        if (run > todo) run = todo;
        inner(ctx, p, s, run);
        todo -= run;
        if (todo == 0) break;
        /* the start of the next row: odometer step on the leading axes */
        for (int k = 0; k < nop; k++) p[k] -= index[last] * s[k];
        index[last] = 0;
        for (int d = last - 1; d >= 0; d--) {
            for (int k = 0; k < nop; k++) p[k] += strides[k][d];
            if (++index[d] < shape[d]) break;
            for (int k = 0; k < nop; k++) p[k] -= strides[k][d] * shape[d];
            index[d] = 0;
        }
    }
}

struct walk_job {
    int ndim, nop;
    const int64_t *shape;
    char *const *base;
    const int64_t *const *strides;
    pc__inner inner;
    void *ctx;
    int64_t total, chunks, chunk;
    const volatile int *cancel;
    atomic_llong next;  /* the next chunk to take */
    atomic_int stopped; /* a thread saw cancel set and left work undone */
};

/* Elements [start, end), a slice at a time when the work may be cancelled
 * (slices start at multiples of PC_CANCEL_SLICE: no element's work depends on
 * where a run is cut).  0, or 1 when cancelled. */
static int walk_part(struct walk_job *job, int64_t start, int64_t end)
{
    if (!job->cancel) {
        walk_range(job->ndim, job->shape, job->nop, job->base, job->strides, job->inner, job->ctx, start, end);
        return 0;
    }
    while (start < end) {
        if (pc__cancelled(job->cancel)) {
            atomic_store_explicit(&job->stopped, 1, memory_order_relaxed);
            return 1;
        }
        int64_t stop = (start / PC_CANCEL_SLICE + 1) * PC_CANCEL_SLICE;
        if (stop > end) stop = end;
        walk_range(job->ndim, job->shape, job->nop, job->base, job->strides, job->inner, job->ctx, start, stop);
        start = stop;
    }
    return 0;
}

static void *walk_worker(void *vjob)
{
    struct walk_job *job = vjob;
    pc__fpenv env = pc__fp_enter();
    for (;;) {
        int64_t c = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
        if (c >= job->chunks) break;
        int64_t start = c * job->chunk, end = start + job->chunk < job->total ? start + job->chunk : job->total;
        if (walk_part(job, start, end)) break;
    }
    pc__fp_leave(env);
    return NULL;
}

int pc__walk(int ndim, const int64_t *shape, int nop, char *const *base, const int64_t *const *strides, pc__inner inner,
             void *ctx, int threads, const volatile int *cancel)
{
    return pc__walk_chunked(ndim, shape, nop, base, strides, inner, ctx, threads, PC_CHUNK, cancel);
}

int pc__walk_chunked(int ndim, const int64_t *shape, int nop, char *const *base, const int64_t *const *strides,
                     pc__inner inner, void *ctx, int threads, int64_t chunk, const volatile int *cancel)
{
    int64_t total = 1;
    for (int d = 0; d < ndim; d++) total *= shape[d];
    int64_t chunks = (total + chunk - 1) / chunk;
    if (threads > PC_MAX_THREADS) threads = PC_MAX_THREADS;
    if (threads > chunks) threads = (int)chunks;
    struct walk_job job = {ndim, nop, shape, base, strides, inner, ctx, total, chunks, chunk, cancel, 0, 0};
    atomic_init(&job.next, 0);
    atomic_init(&job.stopped, 0);
    if (threads <= 1) {
        int stopped = walk_part(&job, 0, total);
        return stopped ? PC_ERR_CANCELLED : PC_OK;
    }
    pthread_t helpers[PC_MAX_THREADS];
    int started[PC_MAX_THREADS];
    for (int t = 0; t < threads - 1; t++) started[t] = pthread_create(&helpers[t], NULL, walk_worker, &job) == 0;
    walk_worker(&job); /* the calling thread works too, and alone if no helper started */
    for (int t = 0; t < threads - 1; t++)
        if (started[t]) pthread_join(helpers[t], NULL);
    return atomic_load(&job.stopped) ? PC_ERR_CANCELLED : PC_OK;
}
