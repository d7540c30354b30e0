/* The broad phase: the tree and the pairs (pairs.c), the grid (grid.c),
 * places on a Hilbert curve and cells of a grid (curve.c). */
#include "test.h"

static int by_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The grid's portable and vector loops find the same pairs as brute force:
 * circles on a half-integer lattice (many touch exactly) with a few large
 * ones (a second level), in both modes. */
static void test_grid_loops(void)
{
    enum { N = 3000 };
    static double c[3 * N];
    static uint64_t keys[2][400000];
    static uint8_t hit[N];
    unsigned state = 99;
    for (int k = 0; k < N; k++) {
        state = state * 1103515245u + 12345u;
        c[3 * k] = (double)((state >> 16) % 120) * 0.5;
        state = state * 1103515245u + 12345u;
        c[3 * k + 1] = (double)((state >> 16) % 120) * 0.5;
        c[3 * k + 2] = k % 97 == 0 ? 6.0 : (double)((state >> 8) % 4) * 0.25;
    }
    int64_t bytes = pc__grid_bytes(PC_CIRCLE, N);
    char *raw = malloc((size_t)bytes + 64), *base = raw + (64 - (uintptr_t)raw % 64) % 64;
    CHECK(pc__grid_build(PC_CIRCLE, c, N, 0.0, base) == 1);
    pc__filter f = pc__filter_for(70.0);
    for (int m = 0; m < 2; m++) {
        int64_t count[2];
        for (int simd = 0; simd < 2; simd++) {
            pc__sink sink;
            sink.keys = keys[simd];
            sink.capacity = 400000;
            sink.jbits = 12;
            atomic_init(&sink.found, 0);
            pc__grid_find(base, &f, m, 2, 1, simd, &sink, NULL);
            count[simd] = atomic_load(&sink.found);
            qsort(keys[simd], (size_t)count[simd], sizeof(uint64_t), by_u64);
        }
        CHECK(count[0] == count[1] && count[0] > 1000 &&
              !memcmp(keys[0], keys[1], (size_t)count[0] * sizeof(uint64_t)));
        int64_t want = 0, ok = 1;
        for (int i = 0; i < N && ok; i++) {
            int64_t zero = 0, three = 3, n = N;
            pc_overlaps_batch(PC_CIRCLE, c + 3 * i, &zero, PC_CIRCLE, c, &three, hit, (int64_t[]){1}, 1, &n, m, 70, 1,
                              NULL);
            for (int j = i + 1; j < N; j++)
                if (hit[j]) ok &= want < count[0] && keys[0][want++] == ((uint64_t)i << 12 | (uint64_t)j);
        }
        CHECK(ok && want == count[0]);
    }
    free(raw);
}

/* pc_pairs against brute force over pc_overlaps_batch: self and bipartite,
 * both modes, several thread counts, an undersized buffer, the two steps. */
static void test_pairs(void)
{
    enum { NA = 3000, NB = 1700 };
    static double a[NA * 3], b[NB * 4];
    static uint8_t hit[NA > NB ? NA : NB];
    static int64_t out[2 * 400000];
    unsigned state = 12345;
    for (int k = 0; k < NA; k++) { /* small integers: touching is common */
        for (int d = 0; d < 2; d++) {
            state = state * 1103515245u + 12345u;
            a[3 * k + d] = (double)((state >> 16) % 60);
        }
        state = state * 1103515245u + 12345u;
        a[3 * k + 2] = (double)((state >> 16) % 3);
    }
    for (int k = 0; k < NB; k++) {
        double v[4];
        for (int d = 0; d < 4; d++) {
            state = state * 1103515245u + 12345u;
            v[d] = (double)((state >> 16) % 60);
        }
        b[4 * k] = v[0] < v[2] ? v[0] : v[2];
        b[4 * k + 2] = v[0] < v[2] ? v[2] : v[0];
        b[4 * k + 1] = v[1] < v[3] ? v[1] : v[3];
        b[4 * k + 3] = v[1] < v[3] ? v[3] : v[1];
        if (k % 7) {
            b[4 * k + 2] = b[4 * k] + 2;
            b[4 * k + 3] = b[4 * k + 1] + 1;
        } /* mostly small */
    }
    int64_t bytes = pc_pairs_workspace(PC_CIRCLE, NA, PC_BOX, NB);
    int64_t self_bytes = pc_pairs_workspace(PC_CIRCLE, NA, PC_CIRCLE, 0);
    CHECK(bytes > 0 && self_bytes > 0 && pc_pairs_workspace(PC_CIRCLE, -1, PC_BOX, 1) == -1);
    int64_t most = bytes > self_bytes ? bytes : self_bytes;
    void *work = malloc((size_t)most);
    for (int mode = 0; mode < 2; mode++) {
        for (int self = 0; self < 2; self++) {
            /* brute force: every pair in order */
            int64_t want = 0, ok = 1;
            int64_t found = -1;
            int rc =
                self ? pc_pairs(PC_CIRCLE, a, NA, 0, NULL, 0, mode, 64, 1, work, self_bytes, out, 200000, &found, NULL)
                     : pc_pairs(PC_CIRCLE, a, NA, PC_BOX, b, NB, mode, 64, 1, work, bytes, out, 200000, &found, NULL);
            CHECK(rc == PC_OK && found > 1000 && found <= 200000);
            for (int i = 0; i < NA && ok; i++) {
                int64_t stride = self ? 3 : 4;
                int64_t n = self ? NA : NB;
                int64_t zero = 0, one = 1;
                pc_overlaps_batch(PC_CIRCLE, a + 3 * i, &zero, self ? PC_CIRCLE : PC_BOX, self ? a : b, &stride, hit,
                                  &one, 1, &n, mode, 64, 1, NULL);
                for (int64_t j = self ? i + 1 : 0; j < n; j++) {
                    if (!hit[j]) continue;
                    ok &= want < found && out[want] == i && out[found + want] == j;
                    want++;
                }
            }
            CHECK(ok && want == found);
            /* the same for every thread count; an undersized buffer reports the count */
            for (int threads = 2; threads <= 4; threads++) {
                int64_t again = -1;
                static int64_t out2[2 * 400000];
                rc = self ? pc_pairs(PC_CIRCLE, a, NA, 0, NULL, 0, mode, 64, threads, work, self_bytes, out2, 200000,
                                     &again, NULL)
                          : pc_pairs(PC_CIRCLE, a, NA, PC_BOX, b, NB, mode, 64, threads, work, bytes, out2, 200000,
                                     &again, NULL);
                CHECK(rc == PC_OK && again == found && !memcmp(out, out2, sizeof(int64_t) * (size_t)found) &&
                      !memcmp(out + found, out2 + found, sizeof(int64_t) * (size_t)found));
            }
            int64_t few = -1;
            rc = pc_pairs(PC_CIRCLE, a, NA, PC_BOX, self ? NULL : b, NB, mode, 64, 2, work, most, out, 10, &few, NULL);
            CHECK(rc == PC_OK && few == found);
        }
    }
    /* two steps: a sampled count, then the full run */
    int64_t sampled = -1, all = -1;
    CHECK(pc_pairs_prepare(PC_CIRCLE, a, NA, PC_BOX, b, NB, work, bytes) == PC_OK);
    CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 64, 1, 16, NULL, 0, &sampled, NULL) == PC_OK);
    CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 64, 2, 1, out, 200000, &all, NULL) == PC_OK);
    CHECK(sampled > 0 && sampled < all && all > 1000);
    /* a distance per shape of a: all equal is the one distance; all 0 is the overlaps */
    {
        static double each[NA];
        static int64_t out2[2 * 400000];
        int64_t one = -1, per = -1;
        for (int i = 0; i < NA; i++) each[i] = 1.5;
        CHECK(pc_pairs_prepare_any(PC_CIRCLE, a, NA, PC_BOX, b, NB, 1.5, work, bytes) == PC_OK);
        CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 64, 1, 1, out, 200000, &one, NULL) == PC_OK);
        CHECK(pc_pairs_find_each(work, bytes, PC_TOUCHING, 64, each, 2, 1, out2, 200000, &per, NULL) == PC_OK);
        CHECK(one > all && one == per && !memcmp(out, out2, sizeof(int64_t) * 2 * (size_t)one));
        for (int i = 0; i < NA; i++) each[i] = 0.0;
        CHECK(pc_pairs_find_each(work, bytes, PC_TOUCHING, 64, each, 1, 1, out2, 200000, &per, NULL) == PC_OK);
        CHECK(per == all);
        CHECK(pc_pairs_find_each(work, bytes, PC_STRICT, 64, each, 1, 1, out2, 200000, &per, NULL) == PC_OK &&
              per == 0);
        each[7] = 2.0; /* beyond the prepared distance */
        CHECK(pc_pairs_find_each(work, bytes, PC_TOUCHING, 64, each, 1, 1, out2, 200000, &per, NULL) == PC_ERR_ARG);
        each[7] = NAN;
        CHECK(pc_pairs_find_each(work, bytes, PC_TOUCHING, 64, each, 1, 1, out2, 200000, &per, NULL) == PC_ERR_ARG);
        CHECK(pc_pairs_find_each(work, bytes, PC_TOUCHING, 64, NULL, 1, 1, out2, 200000, &per, NULL) == PC_ERR_ARG);
        each[7] = 0.0; /* one collection takes no distances per shape */
        CHECK(pc_pairs_prepare_any(PC_CIRCLE, a, NA, 0, NULL, 0, 0.0, work, most) == PC_OK);
        CHECK(pc_pairs_find_each(work, most, PC_TOUCHING, 64, each, 1, 1, out2, 200000, &per, NULL) == PC_ERR_ARG);
    }
    /* bad arguments */
    int64_t found;
    CHECK(pc_pairs(PC_KIND_COUNT, a, NA, PC_BOX, b, NB, 0, 64, 1, work, bytes, out, 10, &found, NULL) == PC_ERR_KIND);
    CHECK(pc_pairs(PC_CIRCLE, a, NA, PC_BOX, b, NB, 0, 64, 1, work, 10, out, 10, &found, NULL) == PC_ERR_ARG);
    CHECK(pc_pairs(PC_CIRCLE, a, NA, PC_BOX, b, NB, 5, 64, 1, work, bytes, out, 10, &found, NULL) == PC_ERR_ARG);
    /* no pair at all, and no output buffer: only the count */
    double far[6] = {0, 0, 1, 100, 100, 1};
    CHECK(pc_pairs(PC_CIRCLE, far, 2, 0, NULL, 0, PC_TOUCHING, 101, 1, work, most, NULL, 0, &found, NULL) == PC_OK &&
          found == 0);
    memset(work, 0, 256);
    CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 64, 1, 1, out, 10, &found, NULL) == PC_ERR_ARG); /* not prepared */
    free(work);

    /* enough queries for several chunks: the same pairs on 1 and on 3 threads */
    enum { NC = 100000 };
    double *c = malloc(sizeof(double) * 3 * NC);
    for (int k = 0; k < 3 * NC; k++) {
        state = state * 1103515245u + 12345u;
        c[k] = k % 3 == 2 ? (double)((state >> 16) % 4) * 0.25 : (double)((state >> 16) % 400);
    }
    int64_t cap = 1000000, n1 = -1, n3 = -1;
    int64_t *o1 = malloc(sizeof(int64_t) * 2 * (size_t)cap), *o3 = malloc(sizeof(int64_t) * 2 * (size_t)cap);
    int64_t wb = pc_pairs_workspace(PC_CIRCLE, NC, PC_CIRCLE, 0);
    work = malloc((size_t)wb);
    CHECK(pc_pairs(PC_CIRCLE, c, NC, 0, NULL, 0, PC_TOUCHING, 400, 1, work, wb, o1, cap, &n1, NULL) == PC_OK);
    CHECK(pc_pairs(PC_CIRCLE, c, NC, 0, NULL, 0, PC_TOUCHING, 400, 3, work, wb, o3, cap, &n3, NULL) == PC_OK);
    CHECK(n1 > 10000 && n1 == n3 && n1 <= cap && !memcmp(o1, o3, sizeof(int64_t) * (size_t)n1) &&
          !memcmp(o1 + n1, o3 + n1, sizeof(int64_t) * (size_t)n1));
    free(work);
    free(o1);
    free(o3);
    free(c);
}

/* The curve visits every cell of the grid once, each step to a neighbour. */
static void test_curve_keys(void)
{
    enum { ORDER = 5, SIDE = 1 << ORDER };
    double bounds[SIDE * SIDE * 4], frame[4] = {0, 0, 1, 1};
    uint64_t keys[SIDE * SIDE];
    int at_x[SIDE * SIDE], at_y[SIDE * SIDE], seen[SIDE * SIDE] = {0};
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            double *b = bounds + 4 * (y * SIDE + x);
            b[0] = x + 0.25, b[1] = y + 0.25, b[2] = x + 0.75, b[3] = y + 0.75;
        }
    CHECK(pc_curve_keys(bounds, SIDE * SIDE, frame, ORDER, keys) == PC_OK);
    int ok = 1;
    for (int c = 0; c < SIDE * SIDE; c++) {
        if (keys[c] >= SIDE * SIDE || seen[keys[c]]++) {
            ok = 0;
            break;
        }
        at_x[keys[c]] = c % SIDE, at_y[keys[c]] = c / SIDE;
    }
    CHECK(ok);
    for (int k = 1; ok && k < SIDE * SIDE; k++) ok = abs(at_x[k] - at_x[k - 1]) + abs(at_y[k] - at_y[k - 1]) == 1;
    CHECK(ok);
    CHECK(keys[0] == 0); /* the curve starts at the origin's cell */
    /* outside the grid and NaN clamp to it */
    double odd[12] = {-5, -5, -4, -4, 1e300, 1e300, INFINITY, INFINITY, NAN, NAN, NAN, NAN};
    uint64_t k3[3];
    CHECK(pc_curve_keys(odd, 3, frame, ORDER, k3) == PC_OK);
    CHECK(k3[0] == 0 && k3[2] == 0 && k3[1] == keys[SIDE * SIDE - 1]);
    CHECK(pc_curve_keys(odd, 3, frame, 0, k3) == PC_ERR_ARG);
    CHECK(pc_curve_keys(odd, 3, frame, 32, k3) == PC_ERR_ARG);
    CHECK(pc_curve_keys(NULL, 3, frame, 5, k3) == PC_ERR_ARG);
}

/* pc_grid_group: boxes on a lattice land in the cell their centre's
 * coordinates count cuts in (a centre on a cut goes above it), grouped in
 * ascending order, those within the gap of their cell's edges flagged; a
 * circle by its centre; bad cuts are refused. */
static void test_grid_group(void)
{
    enum { N = 400 };
    /* two columns cut at x = 10: the left one in three rows (y cuts 5, 12),
     * the right one whole */
    double xcuts[1] = {10}, ycuts[2] = {5, 12}, bounds[4 * N];
    int64_t first[3] = {0, 3, 4}, order[N], starts[5], want_count[4] = {0};
    /* the edges: 1 inside each cell's sides (the right column's left side only) */
    double edges[16] = {-INFINITY, -INFINITY, 9, 4,        -INFINITY, 6,         9,        11,
                        -INFINITY, 13,        9, INFINITY, 11,        -INFINITY, INFINITY, INFINITY};
    uint8_t near[N];
    int32_t cells[N];
    int cell_of[N], want_near[N];
    for (int i = 0; i < N; i++) {
        double cx = (i * 7) % 20, cy = (i * 13) % 17, h = 0.25 * (i % 5);
        double *b = bounds + 4 * i;
        b[0] = cx - h, b[1] = cy - 2 * h, b[2] = cx + h, b[3] = cy + 2 * h;
        int p = cx >= 10 ? 3 : cy >= 12 ? 2 : cy >= 5 ? 1 : 0;
        const double *e = edges + 4 * p;
        cell_of[i] = p;
        want_count[p]++;
        want_near[i] = b[0] - e[0] <= 0.5 || b[1] - e[1] <= 0.5 || e[2] - b[2] <= 0.5 || e[3] - b[3] <= 0.5;
    }
    CHECK(pc_grid_group(PC_BOX, bounds, N, xcuts, 2, first, ycuts, edges, 0.5, cells, order, starts, near) == PC_OK);
    CHECK(starts[0] == 0 && starts[4] == N);
    int ok = 1, flagged = 0;
    for (int p = 0; p < 4; p++) {
        ok &= starts[p + 1] - starts[p] == want_count[p];
        for (int64_t at = starts[p]; at < starts[p + 1]; at++) {
            ok &= cell_of[order[at]] == p && cells[order[at]] == p;
            ok &= at == starts[p] || order[at - 1] < order[at];
        }
    }
    for (int i = 0; i < N; i++) ok &= near[i] == want_near[i], flagged += near[i];
    CHECK(ok);
    CHECK(flagged > 20 && flagged < N - 20);
    /* the same without edges */
    int64_t again[N];
    CHECK(pc_grid_group(PC_BOX, bounds, N, xcuts, 2, first, ycuts, NULL, 0, cells, again, starts, NULL) == PC_OK);
    CHECK(memcmp(again, order, sizeof order) == 0);
    /* circles by their centres, on the cuts and off them */
    double circles[12] = {10, 5, 3, 9.5, 5, 100, 9.5, 4.9, 0.1, 9.5, 12, 1};
    int64_t o4[4], s4[5];
    CHECK(pc_grid_group(PC_CIRCLE, circles, 4, xcuts, 2, first, ycuts, NULL, 0, cells, o4, s4, NULL) == PC_OK);
    CHECK(s4[1] == 1 && s4[2] == 2 && s4[3] == 3 && s4[4] == 4);
    CHECK(o4[0] == 2 && o4[1] == 1 && o4[2] == 3 && o4[3] == 0);
    /* one cell: everything, in order */
    int64_t one[2] = {0, 1}, s1[2], o1[3];
    CHECK(pc_grid_group(PC_BOX, bounds, 3, NULL, 1, one, NULL, NULL, 0, cells, o1, s1, NULL) == PC_OK);
    CHECK(s1[0] == 0 && s1[1] == 3 && o1[0] == 0 && o1[1] == 1 && o1[2] == 2);
    CHECK(pc_grid_group(PC_BOX, bounds, 0, NULL, 1, one, NULL, NULL, 0, cells, o1, s1, NULL) == PC_OK);
    CHECK(s1[1] == 0);
    /* many cuts (the search, not the count): a column cut into 40 rows */
    double many[39];
    int64_t tall[2] = {0, 40}, o40[N], s40[41];
    for (int k = 0; k < 39; k++) many[k] = 0.5 + k * 0.5;
    CHECK(pc_grid_group(PC_BOX, bounds, N, NULL, 1, tall, many, NULL, 0, cells, o40, s40, NULL) == PC_OK);
    ok = 1;
    for (int r = 0; r < 40; r++)
        for (int64_t at = s40[r]; at < s40[r + 1]; at++) {
            double cy = bounds[4 * o40[at] + 1] * 0.5 + bounds[4 * o40[at] + 3] * 0.5;
            ok &= (r == 0 || cy >= many[r - 1]) && (r == 39 || cy < many[r]);
        }
    CHECK(ok && s40[40] == N);
    /* a NaN centre counts no cuts: the first row of the first column */
    double odd[4] = {NAN, NAN, NAN, NAN};
    CHECK(pc_grid_group(PC_BOX, odd, 1, xcuts, 2, first, ycuts, NULL, 0, cells, o1, starts, NULL) == PC_OK);
    CHECK(starts[1] == 1);
    /* refused: cuts out of order or NaN, a column without rows, no cuts given, a bad kind or gap */
    double down[2] = {12, 5}, nan_cut[1] = {NAN};
    int64_t empty_col[3] = {0, 3, 3};
    CHECK(pc_grid_group(PC_BOX, bounds, N, xcuts, 2, first, down, NULL, 0, cells, order, starts, NULL) == PC_ERR_ARG);
    CHECK(pc_grid_group(PC_BOX, bounds, N, nan_cut, 2, first, ycuts, NULL, 0, cells, order, starts, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_grid_group(PC_BOX, bounds, N, xcuts, 2, empty_col, ycuts, NULL, 0, cells, order, starts, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_grid_group(PC_BOX, bounds, N, NULL, 2, first, ycuts, NULL, 0, cells, order, starts, NULL) == PC_ERR_ARG);
    CHECK(pc_grid_group(PC_BOX, bounds, N, xcuts, 2, first, NULL, NULL, 0, cells, order, starts, NULL) == PC_ERR_ARG);
    CHECK(pc_grid_group(PC_BOX, bounds, -1, xcuts, 2, first, ycuts, NULL, 0, cells, order, starts, NULL) == PC_ERR_ARG);
    CHECK(pc_grid_group(PC_BOX, bounds, N, xcuts, 0, first, ycuts, NULL, 0, cells, order, starts, NULL) == PC_ERR_ARG);
    CHECK(pc_grid_group(PC_BOX, bounds, N, xcuts, 2, first, ycuts, edges, NAN, cells, order, starts, near) ==
          PC_ERR_ARG);
    CHECK(pc_grid_group(PC_BOX, bounds, N, xcuts, 2, first, ycuts, edges, 0, cells, order, starts, NULL) == PC_ERR_ARG);
    CHECK(pc_grid_group(PC_BOX, bounds, N, xcuts, 2, first, ycuts, NULL, 0, NULL, order, starts, NULL) == PC_ERR_ARG);
    CHECK(pc_grid_group(-1, bounds, N, xcuts, 2, first, ycuts, NULL, 0, cells, order, starts, NULL) == PC_ERR_KIND);
}

/* The grid (pc_pairs_prepare_any within one collection) over many circles:
 * its pairs are the tree's, on one thread and several, and within a
 * distance the same on one thread and several; the cancel flag. */
static void test_grid_threads(void)
{
    enum { N = 70000 };
    double *c = malloc(sizeof(double) * 3 * N);
    unsigned state = 31;
    for (int k = 0; k < N; k++) {
        c[3 * k] = (double)(int)(unit_random(&state) * 1600) * 0.25;
        c[3 * k + 1] = (double)(int)(unit_random(&state) * 1600) * 0.25;
        c[3 * k + 2] = (double)(int)(unit_random(&state) * 4) * 0.25;
    }
    int64_t bytes = pc_pairs_workspace(PC_CIRCLE, N, PC_CIRCLE, 0), cap = 2000000, tree = -1, one = -1, many = -1;
    char *work = malloc((size_t)bytes);
    int64_t *ref = malloc(sizeof(int64_t) * 2 * (size_t)cap), *o1 = malloc(sizeof(int64_t) * 2 * (size_t)cap);
    int64_t *on = malloc(sizeof(int64_t) * 2 * (size_t)cap);
    CHECK(pc_pairs_prepare(PC_CIRCLE, c, N, 0, NULL, 0, work, bytes) == PC_OK);
    CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 401, 1, 1, ref, cap, &tree, NULL) == PC_OK);
    CHECK(pc_pairs_prepare_any(PC_CIRCLE, c, N, 0, NULL, 0, 0.0, work, bytes) == PC_OK);
    CHECK(pc__grid_is(work + (64 - (uintptr_t)work % 64) % 64)); /* the grid was chosen (pairs.c aligns to 64) */
    CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 401, 1, 1, o1, cap, &one, NULL) == PC_OK);
    CHECK(pc_pairs_find(work, bytes, PC_TOUCHING, 401, TEST_THREADS, 1, on, cap, &many, NULL) == PC_OK);
    CHECK(tree > 10000 && tree <= cap && one == tree && many == tree);
    CHECK(!memcmp(ref, o1, sizeof(int64_t) * 2 * (size_t)tree) && !memcmp(ref, on, sizeof(int64_t) * 2 * (size_t)tree));
    CHECK(pc_pairs_prepare_any(PC_CIRCLE, c, N, 0, NULL, 0, 0.5, work, bytes) == PC_OK);
    CHECK(pc_pairs_find(work, bytes, PC_STRICT, 401, 1, 1, o1, cap, &one, NULL) == PC_OK);
    CHECK(pc_pairs_find(work, bytes, PC_STRICT, 401, TEST_THREADS, 1, on, cap, &many, NULL) == PC_OK);
    CHECK(one > tree && one <= cap && many == one && !memcmp(o1, on, sizeof(int64_t) * 2 * (size_t)one));
    int flag = 1;
    CHECK(pc_pairs_find(work, bytes, PC_STRICT, 401, TEST_THREADS, 1, on, cap, &many, &flag) == PC_ERR_CANCELLED);
    free(c);
    free(work);
    free(ref);
    free(o1);
    free(on);
}

void group_pairs(void)
{
    test_pairs();
    test_grid_loops();
    test_grid_threads();
    test_curve_keys();
    test_grid_group();
}
