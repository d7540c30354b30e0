/*
 * The C core's own test (no Python): `make -C c test`.  One runner (main.c)
 * runs the groups, one file each, mirroring the sources:
 *   test_kernels.c    predicates, the overlap kernels and batch, validation,
 *                     kinds, bounds and placement, the walker and its threads
 *   test_contact.c    contacts, manifolds, boundary crossings
 *   test_pairs.c      the broad phase: tree, grid, curve keys
 *   test_tiles.c      tile maps: building, lookups, overlaps, contact, raycasts
 *   test_casts.c      raycasts, sweeps and nearest queries, through trees too
 *   test_world.c      worlds: overlaps, contact, sweeps, depenetration,
 *                     motion (advance, collide, slide), response
 *   test_transform.c  rigid motions and quarter turns
 *   test_outline.c    outlines: the band index, point location, validation,
 *                     shapes against outlines, raycasts
 *   test_outline_nearest.c  the nearest outline shape
 *   test_outline_cross.c    segments and lines against outlines' edges
 * tests/check_coverage.py checks that every public function is called.
 */
#ifndef PC_TEST_H
#define PC_TEST_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pycollide.h"

/* The internal headers the tests reach into, all here (and only here), so a
 * declaration that moves between headers is followed in one place. */
#include "grid.h"       /* the broad phase's grid, its portable and vector loops; the pair sink */
#include "contact.h"    /* pc__contact_one and the contact paths, compared with the batch loops */
#include "generic.h"    /* the views every kind gets for the generic paths */
#include "kernels.h"    /* the kinds by name, loading rows, the overlap kernels */
#include "matrix.h"     /* the fast-path tests of kinds */
#include "predicates.h" /* the filter stages against the exact one; the exact sign helpers */
#include "tiles.h"      /* exact cell lookups on rounded grids */
#include "walk.h"       /* the walker's cancel slices */

/* Every CHECK counts; a failed one is reported with its file and line. */
extern int test_checks, test_failures;

#define CHECK(expr)                                                                  \
    do {                                                                             \
        test_checks++;                                                               \
        if (!(expr)) {                                                               \
            test_failures++;                                                         \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #expr); \
        }                                                                            \
    } while (0)

/* ---- helpers (main.c) -------------------------------------------------------- */

/* a pseudo-random value in [0, 1) */
double unit_random(unsigned *state);

/* a row of kind k near (cx, cy), about `size` across (a triangle or a
 * polygon of either winding, going round once) */
void random_row(int k, unsigned *state, double cx, double cy, double size, double *row);

/* A tile map and the arrays it points into, for maps of up to 256 cells. */
typedef struct {
    pc_tilemap map;
    double edges[6 * 128];
    int64_t start[257], refs[1024];
} test_map;

/* Build the map of `kinds` (rows x cols, row 0 at the bottom) into m:
 * pc_tilemap_build's return code. */
int test_map_build(test_map *m, const int8_t *kinds, int64_t rows, int64_t cols, double tile_size, double ox,
                   double oy);

/* The room most tile-map tests use, 6 x 4 tiles of size 1 from the origin:
 * a solid rim, a CUT_NW tile in the lower right inner corner (its 45-degree
 * face from (4, 1) to (5, 2), facing up and left), empty inside. */
enum { TEST_ROOM_ROWS = 4, TEST_ROOM_COLS = 6 };
extern const int8_t test_room_kinds[TEST_ROOM_ROWS * TEST_ROOM_COLS];

/* Threaded batches: enough elements for work split into several chunks (of
 * PC_PARALLEL_CHUNK, or PC_MOTION_CHUNK for the motions), the threads the
 * threaded runs ask for. */
enum { TEST_MANY = 2 * PC_PARALLEL_CHUNK + 123, TEST_MANY_MOVERS = 3 * PC_MOTION_CHUNK + 17, TEST_THREADS = 3 };

/* ---- the groups -------------------------------------------------------------- */

void group_kernels(void);
void group_contact(void);
void group_pairs(void);
void group_tiles(void);
void group_casts(void);
void group_world(void);
void group_transform(void);
void group_outline(void);
void group_outline_near(void);
void group_outline_nearest(void);
void group_outline_cross(void);

#endif
