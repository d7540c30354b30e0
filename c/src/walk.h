/*
 * The n-dimensional strided walker shared by every batch entry point
 * (internal).  It visits an index space of the given shape like an odometer
 * and hands each run along the last axis to an inner loop, with one pointer
 * and one byte stride per operand.
 */
#ifndef PC_WALK_H
#define PC_WALK_H

#include <stdint.h>

#include "pycollide.h"

#define PC_MAX_DIMS     64
#define PC_MAX_OPERANDS 8

/* inner(ctx, p, s, n): n elements; operand k starts at p[k] and steps s[k] bytes */
typedef void (*pc__inner)(void *ctx, char *const *p, const int64_t *s, int64_t n);

/* Check the shape: PC_OK to go on, 1 when it is empty (nothing to do), or PC_ERR_ARG. */
int pc__walk_check(int ndim, const int64_t *shape, int nop, const int64_t *const *strides);

/* Byte strides from strides in units of doubles (how the entry points take the
 * shape operands'): bytes[d] = 8 doubles[d] for d < ndim (at most PC_MAX_DIMS).
 * PC_ERR_ARG when doubles is NULL and ndim > 0, else PC_OK. */
int pc__double_strides(int ndim, const int64_t *doubles, int64_t *bytes);

/* Elements per chunk of parallel work.  The index space is cut into chunks
 * of this fixed size whatever the thread count, so what each element gets is
 * independent of it; batches of fewer than two chunks stay on the calling
 * thread (starting a thread costs tens of microseconds). */
#define PC_CHUNK       PC_PARALLEL_CHUNK
#define PC_MAX_THREADS 256

/* Cancelling: every long entry point takes `const volatile int *cancel`,
 * NULL or a flag that another thread may set (nonzero: stop).  The walker
 * reads it before each slice of PC_CANCEL_SLICE elements, so a set flag stops
 * the work within one slice on every thread; other long loops read it with
 * pc__cancelled at points of their own.  A cancelled call returns
 * PC_ERR_CANCELLED with its outputs partly written.  The flag is only read
 * (relaxed: a stop need not be seen at once, only soon), never written. */
#define PC_CANCEL_SLICE 1024

static inline int pc__cancelled(const volatile int *cancel)
{
#if defined(__GNUC__) || defined(__clang__)
    return cancel && __atomic_load_n(cancel, __ATOMIC_RELAXED) != 0;
#else
    return cancel && *cancel != 0;
#endif
}

/* Visit every element: strides[k] holds operand k's byte strides, one per
 * axis; ndim may be 0 (one element).  inner must only read ctx and write the
 * elements it is given: with threads > 1 the chunks run concurrently on up to
 * `threads` threads (the calling one included), each in the standard
 * floating-point environment.  If a thread cannot be started its chunks run on
 * the others: the work is always done, unless cancelled (see above): then
 * PC_ERR_CANCELLED, else PC_OK. */
int pc__walk(int ndim, const int64_t *shape, int nop, char *const *base, const int64_t *const *strides, pc__inner inner,
             void *ctx, int threads, const volatile int *cancel);

/* pc__walk with chunks of the given size (> 0), for work whose elements cost
 * far more than an overlap test (motion): smaller chunks let threads share
 * smaller batches. */
int pc__walk_chunked(int ndim, const int64_t *shape, int nop, char *const *base, const int64_t *const *strides,
                     pc__inner inner, void *ctx, int threads, int64_t chunk, const volatile int *cancel);

/* The prologue every strided batch entry point shares.  Operand k starts at
 * ptrs[k] and steps strides[k][d] along axis d, in units of doubles, or of
 * bytes where bit k of byte_ops is set.  Checks the pointers, the shape and
 * the strides, converts the strides to bytes and walks the index space in
 * chunks of `chunk` elements on up to `threads` threads (pc__walk_chunked).
 * The caller has already entered the standard floating-point environment
 * (pc__fp_enter), before its own first comparison.  Returns PC_OK (also for
 * an empty index space: nothing to do), PC_ERR_ARG (nothing run) or
 * PC_ERR_CANCELLED (the work stopped part way: cancel was set). */
int pc__batch(int ndim, const int64_t *shape, int nop, const void *const *ptrs, const int64_t *const *strides,
              unsigned byte_ops, pc__inner inner, void *ctx, int threads, int64_t chunk, const volatile int *cancel);

#endif
