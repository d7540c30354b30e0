/* A program against pycollide's C API: one pair, a batch, and the broad phase.
 * Build the library, then compile and link this file against it:
 *
 *     make -C c build/libpycollide.a
 *     cc -std=c11 -Ic/include docs/examples/c_api_example.c c/build/libpycollide.a -lm -pthread
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "pycollide.h"

int main(void)
{
    /* One pair: a scalar kernel (1 overlap, 0 not, < 0 an error). */
    pc_circle ball = {0.0, 0.0, 1.0};
    pc_box wall = {1.0, -1.0, 2.0, 1.0};
    printf("touching: %d, strictly: %d\n", pc_overlap_circle_box(&ball, &wall, PC_TOUCHING),
           pc_overlap_circle_box(&ball, &wall, PC_STRICT));

    /* A batch: 3 circles (rows of the layout x, y, r) against that one box,
     * broadcast with a stride of 0 doubles.  Validate first: the magnitude
     * it reports sets the exact predicates' first filter. */
    double circles[3][3] = {{0, 0, 1}, {5, 0, 1}, {1.5, 1, 1}};
    int64_t first_bad = -1;
    double mag_c = 0, mag_b = 0;
    if (pc_validate(PC_CIRCLE, &circles[0][0], 3, &first_bad, &mag_c) != PC_RULE_OK ||
        pc_validate(PC_BOX, &wall.xmin, 1, &first_bad, &mag_b) != PC_RULE_OK) {
        fprintf(stderr, "invalid shape %lld\n", (long long)first_bad);
        return 1;
    }
    int64_t shape[1] = {3}, strides_c[1] = {3}, strides_b[1] = {0}, strides_out[1] = {1};
    uint8_t hit[3];
    int rc = pc_overlaps_batch(PC_CIRCLE, &circles[0][0], strides_c, PC_BOX, &wall.xmin, strides_b, hit, strides_out, 1,
                               shape, PC_TOUCHING, fmax(mag_c, mag_b), 1, NULL);
    if (rc != PC_OK) {
        fprintf(stderr, "pc_overlaps_batch: error %d\n", rc);
        return 1;
    }
    printf("batch: %d %d %d\n", hit[0], hit[1], hit[2]);

    /* The broad phase: every overlapping pair within the circles, with a
     * workspace the caller allocates (the core never does). */
    int64_t bytes = pc_pairs_workspace(PC_CIRCLE, 3, PC_CIRCLE, 0);
    void *work = malloc((size_t)bytes);
    int64_t pairs[2 * 8], found = 0;
    rc = work ? pc_pairs(PC_CIRCLE, &circles[0][0], 3, PC_CIRCLE, NULL, 0, PC_TOUCHING, mag_c, 1, work, bytes, pairs, 8,
                         &found, NULL)
              : PC_ERR_SPACE;
    free(work);
    if (rc != PC_OK || found > 8) {
        fprintf(stderr, "pc_pairs: error %d\n", rc);
        return 1;
    }
    for (int64_t p = 0; p < found; p++) printf("pair: %lld %lld\n", (long long)pairs[p], (long long)pairs[found + p]);
    return 0;
}
