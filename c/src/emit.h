/*
 * Where the broad phase puts the pairs it finds (internal; pairs.c, grid.c):
 * keys i << jbits | j appended through one atomic counter, each thread
 * buffering PC_EMIT of them first.  Past `capacity` the keys are only counted.
 */
#ifndef PC_EMIT_H
#define PC_EMIT_H

#include <stdatomic.h>
#include <stdint.h>

#define PC_EMIT 256 /* keys buffered per thread before one atomic append */

typedef struct {
    uint64_t *keys;
    int64_t capacity; /* 0 when only counting */
    int jbits;        /* the key of (i, j) is i << jbits | j */
    atomic_llong found;
} pc__sink;

typedef struct {
    uint64_t key[PC_EMIT];
    int n;
} pc__emitter;

static inline void pc__flush(pc__sink *s, pc__emitter *e)
{
    if (!e->n) return;
    int64_t at = atomic_fetch_add_explicit(&s->found, e->n, memory_order_relaxed);
    for (int k = 0; k < e->n && at + k < s->capacity; k++) s->keys[at + k] = e->key[k];
    e->n = 0;
}

/* the pair (lo, hi) of indices */
static inline void pc__emit(pc__sink *s, pc__emitter *e, uint64_t lo, uint64_t hi)
{
    e->key[e->n++] = lo << s->jbits | hi;
    if (e->n == PC_EMIT) pc__flush(s, e);
}

#endif
