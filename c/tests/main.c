/* The runner of the C core's test: every group (test.h), then a summary;
 * exits nonzero on any failed check.  With arguments, only the groups named
 * (kernels, contact, pairs, tiles, casts, world, transform, outline,
 * outline_near, outline_nearest, outline_cross). */
#include "test.h"

int test_checks = 0, test_failures = 0;

/* ---- helpers (test.h) -------------------------------------------------------- */

double unit_random(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (double)(*state >> 8) / 16777216.0;
}

void random_row(int k, unsigned *state, double cx, double cy, double size, double *row)
{
    int n = k == PC_TRIANGLE ? 3 : pc__polygon_kind(k) ? k - PC_POLYGON + 3 : 0;
    if (n) {
        double turn = unit_random(state) * 6.283185307179586, way = unit_random(state) < 0.5 ? -1.0 : 1.0;
        for (int v = 0; v < n; v++) {
            double angle = turn + way * (v + 0.4 * (unit_random(state) - 0.5)) * 6.283185307179586 / n;
            row[2 * v] = cx + size * cos(angle);
            row[2 * v + 1] = cy + size * sin(angle);
        }
        return;
    }
    double dx = (unit_random(state) - 0.5) * size, dy = (unit_random(state) - 0.5) * size;
    row[0] = cx + (k == PC_BOX ? -fabs(dx) : dx);
    row[1] = cy + (k == PC_BOX ? -fabs(dy) : dy);
    if (k == PC_CIRCLE) row[2] = unit_random(state) * size;
    if (k == PC_BOX || k == PC_SEGMENT || k == PC_CAPSULE) {
        row[2] = cx + (k == PC_BOX ? fabs(dy) : -dy);
        row[3] = cy + (k == PC_BOX ? fabs(dx) : dx);
    }
    if (k == PC_CAPSULE) row[4] = unit_random(state) * size / 2;
}

int test_map_build(test_map *m, const int8_t *kinds, int64_t rows, int64_t cols, double tile_size, double ox, double oy)
{
    int64_t ne = -1, nr = -1;
    double mag = -1;
    if (rows * cols > 256) return PC_ERR_ARG;
    int rc =
        pc_tilemap_build(kinds, rows, cols, tile_size, ox, oy, m->edges, 128, m->start, m->refs, 1024, &ne, &nr, &mag);
    if (rc != PC_OK || ne > 128 || nr > 1024) return rc != PC_OK ? rc : PC_ERR_SPACE;
    m->map = (pc_tilemap){kinds, rows, cols, tile_size, ox, oy, mag, m->edges, ne, m->start, m->refs};
    return PC_OK;
}

/* rows bottom-up */
const int8_t test_room_kinds[TEST_ROOM_ROWS * TEST_ROOM_COLS] = {
    1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 3, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1,
};

/* ---- the runner ------------------------------------------------------------------ */

static const struct {
    const char *name;
    void (*run)(void);
} groups[] = {
    {"kernels", group_kernels},
    {"contact", group_contact},
    {"pairs", group_pairs},
    {"tiles", group_tiles},
    {"casts", group_casts},
    {"world", group_world},
    {"transform", group_transform},
    {"outline", group_outline},
    {"outline_near", group_outline_near},
    {"outline_nearest", group_outline_nearest},
    {"outline_cross", group_outline_cross},
};
enum { NGROUPS = sizeof groups / sizeof groups[0] };

int main(int argc, char **argv)
{
    for (int a = 1; a < argc; a++) {
        int known = 0;
        for (int g = 0; g < NGROUPS; g++) known |= strcmp(argv[a], groups[g].name) == 0;
        if (!known) {
            fprintf(stderr,
                    "unknown group %s (groups: kernels contact pairs tiles casts world transform outline outline_near "
                    "outline_nearest)\n",
                    argv[a]);
            return 2;
        }
    }
    for (int g = 0; g < NGROUPS; g++) {
        int chosen = argc == 1;
        for (int a = 1; a < argc; a++) chosen |= strcmp(argv[a], groups[g].name) == 0;
        if (!chosen) continue;
        int checks = test_checks, failures = test_failures;
        groups[g].run();
        printf("%-10s %6d checks, %d failed\n", groups[g].name, test_checks - checks, test_failures - failures);
    }
    printf("%d passed, %d failed\n", test_checks - test_failures, test_failures);
    return test_failures != 0;
}
