/* Contacts, manifolds and boundary crossings: contact.c, intersect.c. */
#include "test.h"

/* A ball against a triangle or a polygon: its own paths (two and four edges
 * at a time) give the general path's contact bit for bit, in either order
 * of the pair, either winding, at every scale, the centre anywhere: inside,
 * on a vertex, on an edge, at the corner regions, just touching. */
static void test_contact_paths(void)
{
    unsigned state = 2024;
    int paths = 0, differ = 0, answered = 0;
    static const int exponents[] = {0, -3, 7, -230, 260, -600, 600};
    for (int trial = 0; trial < 60000; trial++) {
        int kb = trial % 7 == 0 ? PC_TRIANGLE : PC_POLYGON + trial % 6;
        int n = kb == PC_TRIANGLE ? 3 : kb - PC_POLYGON + 3, ka = trial % 5 == 0 ? PC_POINT : PC_CIRCLE;
        double scale = ldexp(1.0, exponents[trial / 7 % 7]), b[16], a[3];
        double cx = (unit_random(&state) - 0.5) * 8, cy = (unit_random(&state) - 0.5) * 8;
        double turn = unit_random(&state) * 6.283185307179586, size = 0.2 + unit_random(&state);
        int clockwise = trial / 49 % 2;
        for (int v = 0; v < n; v++) {
            double angle = turn + (clockwise ? -v : v) * 6.283185307179586 / n + (unit_random(&state) - 0.5) / n;
            b[2 * v] = (double)(float)(cx + size * cos(angle)) * scale;
            b[2 * v + 1] = (double)(float)(cy + size * sin(angle)) * scale;
        }
        /* the centre: near the polygon, inside it, on a vertex, on an edge's
         * middle (rounded), or exactly on a coordinate line of a vertex */
        int place = trial / 2 % 5, v = trial % n, w = (v + 1) % n;
        double dx = (unit_random(&state) - 0.5) * 4 * size * scale, dy = (unit_random(&state) - 0.5) * 4 * size * scale;
        a[0] = place == 1   ? cx * scale + dx / 8
               : place == 2 ? b[2 * v]
               : place == 3 ? 0.5 * (b[2 * v] + b[2 * w])
               : place == 4 ? b[2 * v] + dx
                            : cx * scale + dx;
        a[1] = place == 1   ? cy * scale + dy / 8
               : place == 2 ? b[2 * v + 1]
               : place == 3 ? 0.5 * (b[2 * v + 1] + b[2 * w + 1])
               : place == 4 ? b[2 * v + 1]
                            : cy * scale + dy;
        a[2] = unit_random(&state) * size * scale;
        if (ka == PC_CIRCLE && trial % 3 == 0) { /* just touching (up to rounding) */
            double out[7];
            pc__filter f0 = pc__filter_for(16 * scale);
            a[2] = 0.0;
            pc__contact_path(0, &f0, ka, a, kb, b, out);
            a[2] = out[0] > 0 ? out[0] : 0.0;
        }
        double m = 0.0;
        for (int k = 0; k < 2 * n; k++) m = fmax(m, fabs(b[k]));
        for (int k = 0; k < 3; k++) m = fmax(m, fabs(a[k]));
        pc__filter f = pc__filter_for(m);
        for (int swap = 0; swap < 2; swap++) {
            double want[7], got[7];
            int k1 = swap ? kb : ka, k2 = swap ? ka : kb;
            const double *r1 = swap ? b : a, *r2 = swap ? a : b;
            pc__contact_path(0, &f, k1, r1, k2, r2, want);
            for (int path = 1; path <= 2; path++) {
                if (!pc__contact_path(path, &f, k1, r1, k2, r2, got)) continue;
                paths++;
                differ += memcmp(want, got, sizeof want) != 0;
            }
            answered += fabs(want[1] * want[1] + want[2] * want[2] - 1) < 1e-12;
        }
    }
    /* ties: the centre as deep behind two sides (the first of them is the
     * answer), every vertex first, either winding */
    static const double tri[3][2] = {{0, 0}, {4, 0}, {0, 4}}, quad[4][2] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
    static const double centres[3][3] = {{1, 1, 0.5}, {1, 1, 0.0}, {2, 1, 0.25}};
    pc__filter f = pc__filter_for(8.0);
    for (int kind = 0; kind < 3; kind++) {
        int kb = kind == 0 ? PC_TRIANGLE : kind == 1 ? PC_POLYGON : PC_POLYGON + 1, n = kind == 2 ? 4 : 3;
        for (int first = 0; first < n; first++)
            for (int cw = 0; cw < 2; cw++)
                for (int c = 0; c < 3; c++) {
                    double b[8], want[7], got[7];
                    for (int v = 0; v < n; v++) {
                        int u = (first + (cw ? n - v : v)) % n;
                        b[2 * v] = n == 3 ? tri[u][0] : quad[u][0];
                        b[2 * v + 1] = n == 3 ? tri[u][1] : quad[u][1];
                    }
                    pc__contact_path(0, &f, PC_CIRCLE, centres[c], kb, b, want);
                    for (int path = 1; path <= 2; path++) {
                        if (!pc__contact_path(path, &f, PC_CIRCLE, centres[c], kb, b, got)) continue;
                        paths++;
                        differ += memcmp(want, got, sizeof want) != 0;
                    }
                }
    }
    CHECK(paths >= 120000 || paths == 0); /* both paths on x86-64 with AVX2; none without SSE2 */
    CHECK(differ == 0);
    CHECK(answered > 110000);
    if (differ) fprintf(stderr, "test_contact_paths: %d of %d differ\n", differ, paths);
}

/* The vector paths (pc__contact_path 3, where the processor has AVX2:
 * triangles, boxes, 3- and 4-gons; segments and capsules) against the
 * general one (path 0),
 * bit for bit, in both orders.  Two triangles: random triangles near each
 * other (apart, at a corner, meeting), either winding, at scales
 * 2^-600..2^600; a vertex exactly on the other's edge or vertex; the same
 * triangle twice, or mirrored (ties between the two sides' faces); a flat
 * triangle, a repeated vertex.  test_small_paths and test_seg_paths: the
 * other kinds. */
static void small_path_case(int ka, const double *a, int kb, const double *b, int *paths, int *differ)
{
    double m = 0.0;
    for (int k = 0; k < pc_kind_width(ka); k++) m = fmax(m, fabs(a[k]));
    for (int k = 0; k < pc_kind_width(kb); k++) m = fmax(m, fabs(b[k]));
    pc__filter f = pc__filter_for(m);
    for (int swap = 0; swap < 2; swap++) {
        double want[7], got[7];
        const double *r1 = swap ? b : a, *r2 = swap ? a : b;
        int k1 = swap ? kb : ka, k2 = swap ? ka : kb;
        pc__contact_path(0, &f, k1, r1, k2, r2, want);
        if (!pc__contact_path(3, &f, k1, r1, k2, r2, got)) continue;
        ++*paths;
        if (memcmp(want, got, sizeof want)) {
            if (!*differ)
                fprintf(stderr, "small path differs (kinds %d %d): (%.17g %.17g) vs (%.17g %.17g)\n", k1, k2, want[0],
                        want[3], got[0], got[3]);
            ++*differ;
        }
    }
}

static void tri_path_case(const double *a, const double *b, int *paths, int *differ)
{
    small_path_case(PC_TRIANGLE, a, PC_TRIANGLE, b, paths, differ);
}

static void test_tri_paths(void)
{
    unsigned state = 77;
    int paths = 0, differ = 0;
    static const int exponents[] = {0, -3, 7, -118, 148, -230, 260, -600, 600};
    for (int trial = 0; trial < 40000; trial++) {
        double scale = ldexp(1.0, exponents[trial % 9]), t[2][6];
        for (int s = 0; s < 2; s++) {
            double cx = s ? (unit_random(&state) - 0.5) * 3 : 0, cy = s ? (unit_random(&state) - 0.5) * 3 : 0;
            double turn = unit_random(&state) * 6.283185307179586, size = 0.3 + unit_random(&state);
            int clockwise = unit_random(&state) < 0.5;
            for (int v = 0; v < 3; v++) {
                double angle = turn + (clockwise ? -v : v) * 2.0943951023931953 + (unit_random(&state) - 0.5);
                t[s][2 * v] = (double)(float)(cx + size * cos(angle)) * scale;
                t[s][2 * v + 1] = (double)(float)(cy + size * sin(angle)) * scale;
            }
        }
        int place = trial / 9 % 8, v = trial % 3, w = (v + 1) % 3;
        if (place == 1) { /* b's vertex 0 on a's vertex v */
            t[1][0] = t[0][2 * v];
            t[1][1] = t[0][2 * v + 1];
        } else if (place == 2) { /* b's vertex 0 on a's edge's middle (rounded) */
            t[1][0] = 0.5 * (t[0][2 * v] + t[0][2 * w]);
            t[1][1] = 0.5 * (t[0][2 * v + 1] + t[0][2 * w + 1]);
        } else if (place == 3) { /* the same triangle, its vertices rotated */
            for (int k = 0; k < 3; k++) {
                t[1][2 * k] = t[0][2 * ((k + v) % 3)];
                t[1][2 * k + 1] = t[0][2 * ((k + v) % 3) + 1];
            }
        } else if (place == 4) { /* mirrored through a's edge's middle: sharing that edge */
            double mx = t[0][2 * v] + t[0][2 * w], my = t[0][2 * v + 1] + t[0][2 * w + 1];
            for (int k = 0; k < 6; k += 2) {
                t[1][k] = mx - t[0][k];
                t[1][k + 1] = my - t[0][k + 1];
            }
        } else if (place == 5) { /* b flat: its third vertex between the others */
            t[1][4] = 0.5 * (t[1][0] + t[1][2]);
            t[1][5] = 0.5 * (t[1][1] + t[1][3]);
        } else if (place == 6) { /* b with a repeated vertex */
            t[1][4] = t[1][0];
            t[1][5] = t[1][1];
        }
        tri_path_case(t[0], t[1], &paths, &differ);
    }
    /* hand-made: apart along a face, corner to corner, sharing a face, nested */
    static const double cases[][12] = {
        {0, 0, 4, 0, 0, 4, 0, 5, 4, 5, 2, 9}, {0, 0, 4, 0, 0, 4, 5, 5, 9, 5, 5, 9},
        {0, 0, 4, 0, 0, 4, 4, 0, 0, 4, 4, 4}, {0, 0, 8, 0, 0, 8, 1, 1, 2, 1, 1, 2},
        {0, 0, 4, 0, 0, 4, 0, 4, 4, 0, 4, 4}, {0, 0, 4, 0, 4, 4, 0, 0, 4, 4, 0, 4},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) tri_path_case(cases[c], cases[c] + 6, &paths, &differ);
    CHECK(paths >= 80000 || paths == 0); /* on x86-64 with AVX2; none elsewhere */
    CHECK(differ == 0);
    if (differ) fprintf(stderr, "test_tri_paths: %d of %d differ\n", differ, paths);
}

/* the segment path (segments and capsules) against the general one, bit for
 * bit, in both orders: random pairs near each other at scales
 * 2^-600..2^600; crossing; collinear and overlapping; parallel (ties
 * between the axes); sharing an end; the same segment twice; an end on the
 * other's middle; a segment of no length; a capsule of radius 0 */
static void test_seg_paths(void)
{
    static const int exponents[] = {0, -3, 7, -118, 148, -230, 260, -600, 600};
    unsigned state = 515;
    int paths = 0, differ = 0;
    for (int trial = 0; trial < 36000; trial++) {
        int ka = trial % 2 ? PC_CAPSULE : PC_SEGMENT, kb = trial / 2 % 2 ? PC_CAPSULE : PC_SEGMENT;
        double scale = ldexp(1.0, exponents[trial / 4 % 9]), a[5], b[5];
        double dx = (unit_random(&state) - 0.5) * 3, dy = (unit_random(&state) - 0.5) * 3;
        random_row(ka, &state, 0, 0, 1 + unit_random(&state), a);
        random_row(kb, &state, dx, dy, 1 + unit_random(&state), b);
        switch (trial / 36 % 8) {
        case 1:
            b[0] = a[2];
            b[1] = a[3];
            break; /* an end shared */
        case 2:
            b[0] = 0.5 * (a[0] + a[2]);
            b[1] = 0.5 * (a[1] + a[3]);
            break;                                       /* on the middle */
        case 3: memcpy(b, a, 4 * sizeof(double)); break; /* the same */
        case 4:                                          /* parallel */
            b[2] = b[0] + (a[2] - a[0]) * 0.5;
            b[3] = b[1] + (a[3] - a[1]) * 0.5;
            break;
        case 5: /* collinear */
            b[0] = a[0] + (a[2] - a[0]) * 0.5;
            b[1] = a[1] + (a[3] - a[1]) * 0.5;
            b[2] = a[0] + (a[2] - a[0]) * 2;
            b[3] = a[1] + (a[3] - a[1]) * 2;
            break;
        case 6:
            b[2] = b[0];
            b[3] = b[1];
            break; /* no length */
        case 7:
            if (kb == PC_CAPSULE) b[4] = 0.0;
            break;
        default: break;
        }
        for (int k = 0; k < 5; k++) {
            a[k] *= scale;
            b[k] *= scale;
        }
        small_path_case(ka, a, kb, b, &paths, &differ);
    }
    CHECK(paths >= 70000 || paths == 0); /* on x86-64 with AVX2; none elsewhere */
    CHECK(differ == 0);
    if (differ) fprintf(stderr, "test_seg_paths: %d of %d differ\n", differ, paths);
}

/* the small-polygon path for boxes, triangles, 3- and 4-gons in every
 * pairing but two boxes: random shapes near each other at scales
 * 2^-600..2^600; a triangle's vertex on a box's corner, on the middle of
 * its side, its edge along the box's side; a 4-gon that is the box's
 * corners (either winding, any first vertex: ties between the faces); a
 * box of no width, a 4-gon with a repeated vertex */
static void test_small_paths(void)
{
    static const int kinds[4] = {PC_TRIANGLE, PC_BOX, PC_POLYGON, PC_POLYGON + 1};
    static const int exponents[] = {0, -3, 7, -118, 148, -230, 260, -600, 600};
    unsigned state = 4242;
    int paths = 0, differ = 0;
    for (int trial = 0; trial < 48000; trial++) {
        int ka = kinds[trial % 4], kb = kinds[trial / 4 % 4];
        if (ka == PC_BOX && kb == PC_BOX) continue;
        double scale = ldexp(1.0, exponents[trial / 16 % 9]), a[8], b[8];
        double dx = (unit_random(&state) - 0.5) * 3, dy = (unit_random(&state) - 0.5) * 3;
        random_row(ka, &state, 0, 0, 0.4 + unit_random(&state), a);
        random_row(kb, &state, dx, dy, 0.4 + unit_random(&state), b);
        int place = trial / 144 % 6;
        const double *box = ka == PC_BOX ? a : kb == PC_BOX ? b : NULL;
        double *other = ka == PC_BOX ? b : a;
        int on = kb == PC_BOX ? ka : kb, n = on == PC_TRIANGLE || on == PC_POLYGON ? 3 : 4, v = trial % n;
        if (box && place == 1) { /* a vertex on the box's corner */
            other[2 * v] = box[trial % 2 ? 0 : 2];
            other[2 * v + 1] = box[trial / 2 % 2 ? 1 : 3];
        } else if (box && place == 2) { /* a vertex on the middle of its lower side */
            other[2 * v] = 0.5 * (box[0] + box[2]);
            other[2 * v + 1] = box[1];
        } else if (box && place == 3) { /* an edge along its right side */
            int w = (v + 1) % n;
            other[2 * v] = box[2];
            other[2 * w] = box[2];
            other[2 * v + 1] = box[1] - 0.25;
            other[2 * w + 1] = box[3] + 0.5;
        } else if (box && place == 4 && n == 4) { /* the box's corners */
            double cx[4] = {box[0], box[2], box[2], box[0]}, cy[4] = {box[1], box[1], box[3], box[3]};
            int cw = trial / 2 % 2;
            for (int k = 0; k < 4; k++) {
                int c = (v + (cw ? 4 - k : k)) % 4;
                other[2 * k] = cx[c];
                other[2 * k + 1] = cy[c];
            }
        } else if (place == 5) { /* a box of no width; a 4-gon's repeated vertex */
            if (box) ((double *)box)[2] = box[0];
            if (n == 4 && !box) {
                other[2] = other[0];
                other[3] = other[1];
            }
        }
        for (int k = 0; k < 8; k++) {
            a[k] *= scale;
            b[k] *= scale;
        }
        small_path_case(ka, a, kb, b, &paths, &differ);
    }
    CHECK(paths >= 80000 || paths == 0); /* on x86-64 with AVX2; none elsewhere */
    CHECK(differ == 0);
    if (differ) fprintf(stderr, "test_small_paths: %d of %d differ\n", differ, paths);
}

/* pc_contact_batch against pc__contact_one, pair by pair, bit for bit: the
 * batch loops that take two pairs at a time (a ball against a triangle or
 * a polygon, two triangles, two cores with edges) and those that take one,
 * odd and even counts, both orders, a broadcast side (stride 0), two
 * threads; shapes near each other (apart, touching up to rounding, or
 * meeting), some rows repeated so that ties and identical shapes occur. */
static void test_contact_batch_loops(void)
{
    enum { N = 41, W = 16 };
    static const int pairs[][2] = {
        {PC_CIRCLE, PC_TRIANGLE},
        {PC_POINT, PC_POLYGON + 2},
        {PC_POLYGON + 5, PC_CIRCLE},
        {PC_TRIANGLE, PC_POINT},
        {PC_TRIANGLE, PC_TRIANGLE},
        {PC_BOX, PC_TRIANGLE},
        {PC_TRIANGLE, PC_BOX},
        {PC_SEGMENT, PC_SEGMENT},
        {PC_CAPSULE, PC_POLYGON + 1},
        {PC_POLYGON + 5, PC_POLYGON + 5},
        {PC_SEGMENT, PC_CAPSULE},
        {PC_BOX, PC_BOX},
        {PC_CIRCLE, PC_BOX},
        {PC_CAPSULE, PC_CAPSULE},
        {PC_POLYGON, PC_POLYGON + 1},
        {PC_POLYGON + 1, PC_BOX},
        {PC_POLYGON + 1, PC_POLYGON + 1},
        {PC_POLYGON, PC_POLYGON},
        {PC_BOX, PC_POLYGON},
    };
    unsigned state = 99;
    static double a[N * W], b[N * W], out[N * 7 * 2];
    int compared = 0, differ = 0;
    for (size_t pi = 0; pi < sizeof pairs / sizeof pairs[0]; pi++) {
        int ka = pairs[pi][0], kb = pairs[pi][1], wa = pc_kind_width(ka), wb = pc_kind_width(kb);
        for (int trial = 0; trial < 40; trial++) {
            double scale = trial % 4 == 3 ? 0x1p300 : trial % 4 == 2 ? 0x1p-300 : 1.0, m = 0.0;
            for (int i = 0; i < N; i++) {
                double cx = (unit_random(&state) - 0.5) * 6, cy = (unit_random(&state) - 0.5) * 6;
                double dx = (unit_random(&state) - 0.5) * 2.4, dy = (unit_random(&state) - 0.5) * 2.4;
                random_row(ka, &state, cx, cy, 0.4 + unit_random(&state), a + i * wa);
                random_row(kb, &state, cx + dx, cy + dy, 0.4 + unit_random(&state), b + i * wb);
                if (i % 7 == 3 && ka == kb) memcpy(b + i * wb, a + i * wa, (size_t)wa * sizeof(double));
                if (i % 11 == 5) memcpy(a + i * wa, a + (i - 1) * wa, (size_t)wa * sizeof(double));
            }
            for (int i = 0; i < N * wa; i++) m = fmax(m, fabs(a[i] *= scale));
            for (int i = 0; i < N * wb; i++) m = fmax(m, fabs(b[i] *= scale));
            pc__filter f = pc__filter_for(m);
            int count = trial % 2 ? N : N - 1, threads = trial % 3 == 2 ? 2 : 1;
            int64_t shape[1] = {count}, sa[1] = {wa}, sb[1] = {trial % 5 == 4 ? 0 : wb}, so[1] = {7};
            CHECK(pc_contact_batch(ka, a, sa, kb, b, sb, out, so, 1, shape, m, threads, NULL) == PC_OK);
            for (int i = 0; i < count; i++) {
                double want[7];
                pc__contact_one(&f, ka, a + i * wa, kb, b + i * sb[0], want);
                compared++;
                if (memcmp(want, out + 7 * i, sizeof want)) {
                    if (!differ) fprintf(stderr, "contact batch differs: kinds %d %d, pair %d\n", ka, kb, i);
                    differ++;
                }
            }
        }
    }
    CHECK(compared > 20000);
    CHECK(differ == 0);
}

/* pc_manifold_batch: a crate resting in a floor (two points, the same in
 * either order with the normal negated), a ball (one point), apart beyond
 * the margin (none), within it (two), bad margins */
static void test_manifold_batch(void)
{
    const double floor[4] = {-5, -1, 5, 0}, crate[4] = {0, -0.25, 2, 1.75}, high[4] = {0, 0.5, 2, 2.5};
    const double ball[3] = {1, 0.75, 1};
    double m[9], r[9];
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, crate, NULL, 0.0, m, NULL, NULL, NULL, 0, NULL, 5.0, 1,
                            NULL) == PC_OK);
    CHECK(m[0] == 2 && m[1] == 0 && m[2] == 1);
    CHECK(m[3] == 0 && m[4] == -0.125 && m[5] == -0.25 && m[6] == 2 && m[7] == -0.125 && m[8] == -0.25);
    CHECK(pc_manifold_batch(PC_BOX, crate, NULL, PC_BOX, floor, NULL, 0.0, r, NULL, NULL, NULL, 0, NULL, 5.0, 1,
                            NULL) == PC_OK);
    CHECK(r[0] == 2 && r[1] == 0 && r[2] == -1 && !memcmp(r + 3, m + 3, 6 * sizeof(double)));
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_CIRCLE, ball, NULL, 0.0, m, NULL, NULL, NULL, 0, NULL, 5.0, 1,
                            NULL) == PC_OK);
    CHECK(m[0] == 1 && m[2] == 1 && m[3] == 1 && m[4] == -0.125 && m[5] == -0.25 && isnan(m[6]) && isnan(m[8]));
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, high, NULL, 0.25, m, NULL, NULL, NULL, 0, NULL, 5.0, 1,
                            NULL) == PC_OK);
    CHECK(m[0] == 0 && m[2] == 1 && isnan(m[3]) && isnan(m[5]));
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, high, NULL, 0.5, m, NULL, NULL, NULL, 0, NULL, 5.0, 1, NULL) ==
          PC_OK);
    CHECK(m[0] == 2 && m[4] == 0.25 && m[5] == 0.5 && m[8] == 0.5);
    /* the features: the floor's top edge (2: from corner 2 to corner 3) under the crate's corners 0 and 1 */
    int16_t ft[4];
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, crate, NULL, 0.0, m, NULL, ft, NULL, 0, NULL, 5.0, 1, NULL) ==
          PC_OK);
    CHECK(m[0] == 2 && ft[0] == 5 && ft[1] == 0 && ft[2] == 5 && ft[3] == 2);
    CHECK(pc_manifold_batch(PC_BOX, crate, NULL, PC_BOX, floor, NULL, 0.0, m, NULL, ft, NULL, 0, NULL, 5.0, 1, NULL) ==
          PC_OK);
    CHECK(ft[0] == 0 && ft[1] == 5 && ft[2] == 2 && ft[3] == 5);
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_CIRCLE, ball, NULL, 0.0, m, NULL, ft, NULL, 0, NULL, 5.0, 1,
                            NULL) == PC_OK);
    CHECK(ft[0] == 5 && ft[1] == 0 && ft[2] == -1 && ft[3] == -1);
    /* a crate overhanging the floor's end: its right corner is cut by the floor's side (corner 2, on the crate's
     * edge 0); a clockwise triangle's features are its layout's */
    const double ledge[4] = {4, -0.25, 6, 1.75}, tri[6] = {4, -0.25, 4, 1.75, 6, -0.25};
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, ledge, NULL, 0.0, m, NULL, ft, NULL, 0, NULL, 5.0, 1, NULL) ==
          PC_OK);
    CHECK(m[0] == 2 && m[3] == 4 && m[6] == 5 && ft[0] == 5 && ft[1] == 0 && ft[2] == 4 && ft[3] == 1);
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_TRIANGLE, tri, NULL, 0.0, m, NULL, ft, NULL, 0, NULL, 5.0, 1,
                            NULL) == PC_OK);
    CHECK(m[0] == 2 && ft[0] == 5 && ft[1] == 0 && ft[2] == 4 && ft[3] == 5);
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, high, NULL, -1.0, m, NULL, NULL, NULL, 0, NULL, 5.0, 1,
                            NULL) == PC_ERR_ARG);
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, high, NULL, NAN, m, NULL, NULL, NULL, 0, NULL, 5.0, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_manifold_batch(PC_BOX, floor, NULL, PC_BOX, high, NULL, INFINITY, m, NULL, NULL, NULL, 0, NULL, 5.0, 1,
                            NULL) == PC_ERR_ARG);
}

/* pc_contact_batch: one pair (ndim 0), a broadcast 2-d index space with a
 * strided output, both orders (normal negated, points swapped), threads, and
 * bad arguments. */
static void test_contact_batch(void)
{
    const double circle[3] = {0, 0, 1}, box[4] = {2, -1, 3, 1};
    double out[7];
    CHECK(pc_contact_batch(PC_CIRCLE, circle, NULL, PC_BOX, box, NULL, out, NULL, 0, NULL, 5.0, 1, NULL) == PC_OK);
    CHECK(out[0] == 1.0 && out[1] == 1.0 && out[2] == 0.0 && out[3] == 1.0 && out[4] == 0.0 && out[5] == 2.0 &&
          out[6] == 0.0);
    double back[7];
    CHECK(pc_contact_batch(PC_BOX, box, NULL, PC_CIRCLE, circle, NULL, back, NULL, 0, NULL, 5.0, 1, NULL) == PC_OK);
    CHECK(back[0] == out[0] && back[1] == -out[1] && back[2] == -out[2] && back[3] == out[5] && back[4] == out[6] &&
          back[5] == out[3] && back[6] == out[4]);
    /* 3 circles (a column) against 4 segments (a row): a 3 x 4 space, output
     * rows 8 doubles apart (one spare), columns 40 */
    enum { NA = 3, NB = 4 };
    const double circles[NA][3] = {{0, 0, 1}, {5, 5, 0.5}, {-3, 2, 0}};
    const double segs[NB][4] = {{0, 2, 4, 2}, {-1, -1, 1, 1}, {6, 0, 6, 9}, {-3, 2, -3, 2}};
    static double grid[NA * NB * 10], one[7];
    int64_t shape[2] = {NA, NB}, sa[2] = {3, 0}, sb[2] = {0, 4}, so[2] = {40, 8};
    for (int threads = 1; threads <= 2; threads++) {
        for (int k = 0; k < NA * NB * 10; k++) grid[k] = -7.0;
        CHECK(pc_contact_batch(PC_CIRCLE, &circles[0][0], sa, PC_SEGMENT, &segs[0][0], sb, grid, so, 2, shape, 9.0,
                               threads, NULL) == PC_OK);
        int same = 1;
        for (int i = 0; i < NA; i++)
            for (int j = 0; j < NB; j++) {
                pc_contact_batch(PC_CIRCLE, circles[i], NULL, PC_SEGMENT, segs[j], NULL, one, NULL, 0, NULL, 9.0, 1,
                                 NULL);
                same &= !memcmp(one, grid + 40 * i + 8 * j, sizeof one) && grid[40 * i + 8 * j + 7] == -7.0;
            }
        CHECK(same);
    }
    CHECK(grid[0] == 1.0 && grid[8] < 0 &&
          grid[40 * 2 + 8 * 3] == 0.0); /* apart, crossing, the radius-0 circle on a point */
    CHECK(pc_contact_batch(PC_LINE, circle, NULL, PC_BOX, box, NULL, out, NULL, 0, NULL, 5.0, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_contact_batch(PC_CIRCLE, NULL, NULL, PC_BOX, box, NULL, out, NULL, 0, NULL, 5.0, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_contact_batch(PC_CIRCLE, circle, NULL, PC_BOX, box, NULL, out, NULL, 2, shape, 5.0, 1, NULL) ==
          PC_ERR_ARG);
}

/* Issue 39: a point 3e-17 outside a slanted edge is that far from the
 * triangle (not a vertex's 1.41 away), and a circle about it overlaps with
 * separation -0.5, the triangle kind and a 3-gon, in both orders. */
static void test_contact_beside_a_slanted_edge(void)
{
    const double tri[6] = {1, -0.3, 3, 1.7, 1, 1.7}, pt[2] = {2.0, 0.7}, ball[3] = {2.0, 0.7, 0.5};
    static const int kinds[2] = {PC_TRIANGLE, PC_POLYGON};
    for (int q = 0; q < 2; q++) {
        double out[7], back[7];
        CHECK(pc_contact_batch(PC_POINT, pt, NULL, kinds[q], tri, NULL, out, NULL, 0, NULL, 3.0, 1, NULL) == PC_OK);
        CHECK(pc_contact_batch(kinds[q], tri, NULL, PC_POINT, pt, NULL, back, NULL, 0, NULL, 3.0, 1, NULL) == PC_OK);
        CHECK(out[0] > 0 && out[0] <= 1e-15 && back[0] == out[0]);
        CHECK(pc_contact_batch(PC_CIRCLE, ball, NULL, kinds[q], tri, NULL, out, NULL, 0, NULL, 3.0, 1, NULL) == PC_OK);
        CHECK(fabs(out[0] + 0.5) <= 1e-15);
    }
}

/* Issue 39: a point at a box's centre, equally deep behind all four sides,
 * gets one normal at every power-of-two scale (the separation scaled). */
static void test_contact_ties_at_every_scale(void)
{
    double ref[7];
    const double box[4] = {0, 0, 2, 2}, centre[2] = {1, 1};
    CHECK(pc_contact_batch(PC_BOX, box, NULL, PC_POINT, centre, NULL, ref, NULL, 0, NULL, 2.0, 1, NULL) == PC_OK);
    int same = 1;
    for (int k = -1070; k <= 1020; k += 5) {
        double b[4], c[2], out[7];
        for (int i = 0; i < 4; i++) b[i] = ldexp(box[i], k);
        for (int i = 0; i < 2; i++) c[i] = ldexp(centre[i], k);
        pc_contact_batch(PC_BOX, b, NULL, PC_POINT, c, NULL, out, NULL, 0, NULL, ldexp(2.0, k), 1, NULL);
        same &= out[1] == ref[1] && out[2] == ref[2] && out[0] == ldexp(ref[0], k);
    }
    CHECK(same);
}

/* one pair through pc_intersections_batch (ndim 0): the count, points in p */
static int intersect1(int ka, const double *a, int kb, const double *b, double p[4])
{
    int8_t n = -1;
    int rc = pc_intersections_batch(ka, a, NULL, kb, b, NULL, p, NULL, &n, NULL, 0, NULL, INFINITY, 1, NULL);
    return rc == PC_OK ? n : rc;
}

static void test_intersections(void)
{
    double p[4];
    const double s1[4] = {0, 0, 2, 2}, s2[4] = {0, 2, 2, 0}, s3[4] = {1, 1, 3, 3};
    CHECK(intersect1(PC_SEGMENT, s1, PC_SEGMENT, s2, p) == 1 && p[0] == 1 && p[1] == 1 && isnan(p[2]) && isnan(p[3]));
    CHECK(intersect1(PC_SEGMENT, s1, PC_SEGMENT, s3, p) == 2 && p[0] == 1 && p[1] == 1 && p[2] == 2 && p[3] == 2);
    const double s4[4] = {2, 2, 3, 3}, s5[4] = {nextafter(2, 3), nextafter(2, 3), 3, 3};
    CHECK(intersect1(PC_SEGMENT, s1, PC_SEGMENT, s4, p) == 1 && p[0] == 2 && p[1] == 2); /* shared end */
    CHECK(intersect1(PC_SEGMENT, s1, PC_SEGMENT, s5, p) == 0 && isnan(p[0]));
    /* a line meeting a circle in 2, 1 and 0 points, in the line's direction */
    const double c[3] = {0, 0, 5}, l2[4] = {10, 3, -10, 3}, l1[4] = {5, -1, 5, 1}, l0[4] = {0, 6, 1, 6};
    CHECK(intersect1(PC_CIRCLE, c, PC_LINE, l2, p) == 2 && p[0] == 4 && p[1] == 3 && p[2] == -4 && p[3] == 3);
    CHECK(intersect1(PC_LINE, l2, PC_CIRCLE, c, p) == 2 && p[0] == 4 && p[2] == -4);
    CHECK(intersect1(PC_CIRCLE, c, PC_LINE, l1, p) == 1 && p[0] == 5 && p[1] == 0);
    CHECK(intersect1(PC_CIRCLE, c, PC_LINE, l0, p) == 0);
    /* a segment from inside the circle out: one point */
    const double sc[4] = {0, 0, 0, 10};
    CHECK(intersect1(PC_SEGMENT, sc, PC_CIRCLE, c, p) == 1 && p[0] == 0 && p[1] == 5);
    /* circles: two points, right of the direction between the centres first; tangent */
    const double c2[3] = {6, 0, 5}, c3[3] = {10, 0, 5};
    CHECK(intersect1(PC_CIRCLE, c, PC_CIRCLE, c2, p) == 2 && p[0] == 3 && p[1] == -4 && p[2] == 3 && p[3] == 4);
    CHECK(intersect1(PC_CIRCLE, c2, PC_CIRCLE, c, p) == 2 && p[1] == -4);
    CHECK(intersect1(PC_CIRCLE, c, PC_CIRCLE, c3, p) == 1 && p[0] == 5 && p[1] == 0);
    CHECK(intersect1(PC_CIRCLE, c, PC_CIRCLE, c, p) == 0); /* equal: infinitely many, reported as none */
    /* clipline: the clipped part, a segment end inside the box included */
    const double box[4] = {0, 0, 4, 4}, through[4] = {-2, 1, 6, 1}, from_in[4] = {1, 1, 6, 1}, corner[4] = {3, 5, 5, 3};
    CHECK(intersect1(PC_SEGMENT, through, PC_BOX, box, p) == 2 && p[0] == 0 && p[1] == 1 && p[2] == 4 && p[3] == 1);
    CHECK(intersect1(PC_BOX, box, PC_SEGMENT, from_in, p) == 2 && p[0] == 1 && p[2] == 4);
    CHECK(intersect1(PC_BOX, box, PC_SEGMENT, corner, p) == 1 && p[0] == 4 && p[1] == 4);
    /* a line and a segment lying on it */
    const double on[4] = {3, 3, 1, 1};
    CHECK(intersect1(PC_LINE, s1, PC_SEGMENT, on, p) == 2 && p[0] == 1 && p[2] == 3);
    CHECK(intersect1(PC_SEGMENT, s2, PC_LINE, s1, p) == 1 && p[0] == 1 && p[1] == 1);
    /* convex shapes' boundaries: a diamond (4-gon) crossed by a line, along an
     * edge, at a vertex; a capsule's flat side; a triangle left from inside */
    const double diamond[8] = {0, -2, 2, 0, 0, 2, -2, 0}, across[4] = {3, 1, -3, 1}, edge[4] = {-1, 3, 3, -1};
    const double vertex[4] = {2, -3, 2, 3};
    CHECK(intersect1(PC_POLYGON + 1, diamond, PC_LINE, across, p) == 2 && p[0] == 1 && p[1] == 1 && p[2] == -1 &&
          p[3] == 1);
    CHECK(intersect1(PC_LINE, edge, PC_POLYGON + 1, diamond, p) == 2 && p[0] == 0 && p[1] == 2 && p[2] == 2 &&
          p[3] == 0);
    CHECK(intersect1(PC_SEGMENT, vertex, PC_POLYGON + 1, diamond, p) == 1 && p[0] == 2 && p[1] == 0 && isnan(p[2]));
    const double pill[5] = {0, 0, 4, 0, 1}, side[4] = {-2, 1, 6, 1}, up[4] = {2, 0, 2, 5}, inner[4] = {1, 0, 2, 0};
    CHECK(intersect1(PC_CAPSULE, pill, PC_SEGMENT, side, p) == 2 && p[0] == 0 && p[1] == 1 && p[2] == 4 && p[3] == 1);
    CHECK(intersect1(PC_CAPSULE, pill, PC_SEGMENT, up, p) == 1 && p[0] == 2 && p[1] == 1);
    CHECK(intersect1(PC_SEGMENT, inner, PC_CAPSULE, pill, p) == 0 && isnan(p[0]));
    const double tri[6] = {0, 0, 4, 0, 0, 4}, out[4] = {1, 1, 1, -3};
    CHECK(intersect1(PC_TRIANGLE, tri, PC_SEGMENT, out, p) == 1 && p[0] == 1 && p[1] == 0);
    /* unsupported pairs and bad arguments */
    CHECK(intersect1(PC_BOX, box, PC_BOX, box, p) == PC_ERR_PAIR);
    CHECK(intersect1(PC_CAPSULE, pill, PC_CIRCLE, c, p) == PC_ERR_PAIR);
    CHECK(intersect1(PC_POINT, s1, PC_SEGMENT, s1, p) == PC_ERR_PAIR);
    CHECK(intersect1(PC_LINE, s1, PC_LINE, s1, p) == PC_ERR_PAIR);
    CHECK(intersect1(40, s1, PC_SEGMENT, s1, p) == PC_ERR_KIND);
    int8_t n;
    CHECK(pc_intersections_batch(PC_SEGMENT, s1, NULL, PC_SEGMENT, s2, NULL, NULL, NULL, &n, NULL, 0, NULL, INFINITY, 1,
                                 NULL) == PC_ERR_ARG);
    /* a batch: 2 segments against 1 (broadcast), count strides in bytes */
    double segs[2][4] = {{0, 0, 2, 2}, {5, 5, 6, 6}}, pts[2][4];
    int8_t cnt[2];
    int64_t shape[1] = {2}, sa[1] = {4}, sb[1] = {0}, sp[1] = {4}, sn[1] = {1};
    CHECK(pc_intersections_batch(PC_SEGMENT, &segs[0][0], sa, PC_SEGMENT, s2, sb, &pts[0][0], sp, cnt, sn, 1, shape,
                                 6.0, 1, NULL) == PC_OK);
    CHECK(cnt[0] == 1 && cnt[1] == 0 && pts[0][0] == 1 && isnan(pts[1][0]));
    /* scaling by 2^j scales the points exactly, at every magnitude */
    for (int j = -1000; j <= 1000; j += 50) {
        double cs[3] = {0, 0, ldexp(5, j)}, ls[4] = {ldexp(10, j), ldexp(3, j), ldexp(-10, j), ldexp(3, j)};
        CHECK(intersect1(PC_CIRCLE, cs, PC_LINE, ls, p) == 2 && p[0] == ldexp(4, j) && p[2] == ldexp(-4, j));
    }
    /* validation of lines */
    double lines[2][4] = {{0, 0, 1, 0}, {1, 1, 1, 1}};
    int64_t bad = -1;
    CHECK(pc_validate(PC_LINE, &lines[0][0], 2, &bad, NULL) == PC_RULE_LINE_POINTS && bad == 1);
    CHECK(pc_kind_width(PC_LINE) == 4);
}

/* Contacts, manifolds and boundary crossings of many pairs (a 4-gon and a
 * capsule, a segment and a 5-gon): the same on one thread and several,
 * and the contact's sign the overlap's; the cancel flag. */
static void test_contact_threads(void)
{
    enum { N = TEST_MANY };
    double *a = malloc(sizeof(double) * 8 * N), *b = malloc(sizeof(double) * 10 * N);
    double *o1 = malloc(sizeof(double) * 9 * N), *on = malloc(sizeof(double) * 9 * N);
    int8_t *k1 = malloc(N), *kn = malloc(N);
    uint8_t *hit = malloc(N);
    unsigned state = 11;
    for (int64_t i = 0; i < N; i++) {
        double x = unit_random(&state) * 100, y = unit_random(&state) * 100;
        random_row(PC_POLYGON + 1, &state, x, y, 0.5 + unit_random(&state), a + 8 * i);
        random_row(PC_CAPSULE, &state, x + unit_random(&state) * 3 - 1.5, y, 1 + unit_random(&state), b + 10 * i);
    }
    int64_t n[1] = {N}, s8[1] = {8}, s10[1] = {10}, s7[1] = {7}, s9[1] = {9}, s4[1] = {4}, s1[1] = {1};
    CHECK(pc_contact_batch(PC_POLYGON + 1, a, s8, PC_CAPSULE, b, s10, o1, s7, 1, n, 110, 1, NULL) == PC_OK);
    CHECK(pc_contact_batch(PC_POLYGON + 1, a, s8, PC_CAPSULE, b, s10, on, s7, 1, n, 110, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 7 * N));
    CHECK(pc_overlaps_batch(PC_POLYGON + 1, a, s8, PC_CAPSULE, b, s10, hit, s1, 1, n, PC_TOUCHING, 110, 1, NULL) ==
          PC_OK);
    int signs = 1, hits = 0;
    for (int64_t i = 0; i < N; i++) {
        signs &= (o1[7 * i] <= 0) == (hit[i] == 1);
        hits += hit[i];
    }
    CHECK(signs && hits > N / 10 && hits < N);
    CHECK(pc_manifold_batch(PC_POLYGON + 1, a, s8, PC_CAPSULE, b, s10, 0.25, o1, s9, NULL, NULL, 1, n, 110, 1, NULL) ==
          PC_OK);
    CHECK(pc_manifold_batch(PC_POLYGON + 1, a, s8, PC_CAPSULE, b, s10, 0.25, on, s9, NULL, NULL, 1, n, 110,
                            TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 9 * N));
    /* each 4-gon's first edge (its row's first 4 doubles) as a segment against a 5-gon */
    for (int64_t i = 0; i < N; i++) random_row(PC_POLYGON + 2, &state, b[10 * i], b[10 * i + 1], 1.5, b + 10 * i);
    CHECK(pc_intersections_batch(PC_SEGMENT, a, s8, PC_POLYGON + 2, b, s10, o1, s4, k1, s1, 1, n, 110, 1, NULL) ==
          PC_OK);
    CHECK(pc_intersections_batch(PC_SEGMENT, a, s8, PC_POLYGON + 2, b, s10, on, s4, kn, s1, 1, n, 110, TEST_THREADS,
                                 NULL) == PC_OK);
    CHECK(!memcmp(o1, on, sizeof(double) * 4 * N) && !memcmp(k1, kn, N));
    int flag = 1;
    on[0] = 7;
    CHECK(pc_contact_batch(PC_POLYGON + 1, a, s8, PC_CAPSULE, b, s10, on, s7, 1, n, 110, TEST_THREADS, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(pc_manifold_batch(PC_POLYGON + 1, a, s8, PC_POLYGON + 2, b, s10, 0.25, on, s9, NULL, NULL, 1, n, 110,
                            TEST_THREADS, &flag) == PC_ERR_CANCELLED);
    CHECK(pc_intersections_batch(PC_SEGMENT, a, s8, PC_POLYGON + 2, b, s10, on, s4, kn, s1, 1, n, 110, TEST_THREADS,
                                 &flag) == PC_ERR_CANCELLED);
    CHECK(on[0] == 7);
    free(a);
    free(b);
    free(o1);
    free(on);
    free(k1);
    free(kn);
    free(hit);
}

void group_contact(void)
{
    test_contact_batch();
    test_contact_beside_a_slanted_edge();
    test_contact_ties_at_every_scale();
    test_contact_paths();
    test_tri_paths();
    test_small_paths();
    test_seg_paths();
    test_contact_batch_loops();
    test_manifold_batch();
    test_intersections();
    test_contact_threads();
}
