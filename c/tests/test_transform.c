/* Rigid motions and quarter turns: transform.c. */
#include "test.h"

/* Quarter turns exact for every k (here 17 and -20 as a program computes
 * them), other angles turned by the C library's cosine and sine. */
static void test_transform(void)
{
    const double half_pi = 0x1.921fb54442d18p0; /* pi / 2 as a program rounds it */
    const double angles[7] = {17 * half_pi, -20 * half_pi, 0.0, 0x1p-1074, 1.0, NAN, 0x1p53};
    int8_t turns[7];
    CHECK(pc_quarter_turns(angles, 7, turns) == PC_OK);
    CHECK(turns[0] == 1 && turns[1] == 0 && turns[2] == 0 && turns[3] == 0);
    CHECK(turns[4] == -1 && turns[5] == -1 && turns[6] == -1);
    CHECK(pc_quarter_turns(NULL, 1, turns) == PC_ERR_ARG && pc_quarter_turns(angles, -1, turns) == PC_ERR_ARG);
    const double point[2] = {3.0, 1.0}, move[2] = {0.0, 0.0};
    double out[2];
    CHECK(pc_transform(PC_POINT, point, NULL, move, NULL, &angles[0], NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == -1.0 && out[1] == 3.0);
    CHECK(pc_transform(PC_POINT, point, NULL, move, NULL, &angles[4], NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == fma(3.0, cos(1.0), -sin(1.0)) && out[1] == fma(3.0, sin(1.0), cos(1.0))); /* one rounding each */
}

/* Every kind: a box becomes a 4-gon, its corners counter-clockwise from
 * (xmin, ymin); radii kept; quarter turns exact, a translation added with
 * one rounding; another angle's coordinates c x - s y + t rounded once (here
 * where one product is exact, so that C computes the same rounding). */
static void test_transform_kinds(void)
{
    const double half_pi = 0x1.921fb54442d18p0, pi = 2 * half_pi, c = cos(1.0), s = sin(1.0);
    const double box[4] = {0, 0, 2, 1}, circle[3] = {1, 2, 5}, pill[5] = {1, 0, 0, 1, 0.75}, seg[4] = {2, 0, 0, 3};
    const double tri[6] = {0x1p60, 1, 0x1p60 + 256, 1, 0x1p60, 3}, right[2] = {10, 0}, small[2] = {0.5, 0.25};
    const double zero[2] = {0, 0}, odd[2] = {1, 0.75}, minus = -half_pi, one = 1.0;
    double out[8];
    CHECK(pc_transform(PC_BOX, box, NULL, right, NULL, &half_pi, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 10 && out[1] == 0 && out[2] == 10 && out[3] == 2 && out[4] == 9 && out[5] == 2 && out[6] == 9 &&
          out[7] == 0);
    CHECK(pc_transform(PC_CIRCLE, circle, NULL, small, NULL, &pi, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == -0.5 && out[1] == -1.75 && out[2] == 5);
    CHECK(pc_transform(PC_CAPSULE, pill, NULL, zero, NULL, &minus, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0 && out[1] == -1 && out[2] == 1 && out[3] == 0 && out[4] == 0.75);
    CHECK(pc_transform(PC_SEGMENT, seg, NULL, zero, NULL, &one, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 2 * c && out[1] == 2 * s && out[2] == -3 * s && out[3] == 3 * c);
    CHECK(pc_transform(PC_TRIANGLE, tri, NULL, odd, NULL, &half_pi, NULL, out, NULL, 0, NULL, 1, NULL) == PC_OK);
    CHECK(out[0] == 0 && out[1] == 0x1p60 + 0.75 && out[2] == 0 && out[3] == 0x1p60 + 256 && out[4] == -2 &&
          out[5] == 0x1p60);
    /* bad arguments: nothing written */
    out[0] = 7;
    CHECK(pc_transform(PC_LINE, seg, NULL, zero, NULL, &one, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_transform(PC_KIND_COUNT, seg, NULL, zero, NULL, &one, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_transform(PC_SEGMENT, NULL, NULL, zero, NULL, &one, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_transform(PC_SEGMENT, seg, NULL, zero, NULL, NULL, NULL, out, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_transform(PC_SEGMENT, seg, NULL, zero, NULL, &one, NULL, NULL, NULL, 0, NULL, 1, NULL) == PC_ERR_ARG);
    int64_t n[1] = {1}, st[1] = {4};
    CHECK(pc_transform(PC_SEGMENT, seg, st, zero, NULL, &one, st, out, st, 1, n, 1, NULL) == PC_ERR_ARG);
    CHECK(pc_transform(PC_SEGMENT, seg, NULL, zero, NULL, &one, NULL, out, NULL, -1, NULL, 1, NULL) == PC_ERR_ARG);
    CHECK(out[0] == 7);
}

/* A convex 4-gon with a vertex on a straight edge, (0, 0), (1, 0), (3, 0),
 * (1, 1), turned by many angles: where rounding bends the edge inward, the
 * result is the hull of the rounded vertices (that vertex dropped, another
 * repeated), valid; elsewhere it is the rounded vertices themselves. */
static void test_transform_hull(void)
{
    const double quad[8] = {0, 0, 1, 0, 3, 0, 1, 1}, zero[2] = {0, 0};
    int bent = 0, kept = 0, wrong = 0;
    for (int k = 1; k <= 2000; k++) {
        double a = 0.00314 * k, c = cos(a), s = sin(a), out[8];
        /* each coordinate rounded once: t = 0, and y = 0 or x = y = 1 */
        const double rounded[8] = {0, 0, c, s, 3 * c, 3 * s, c - s, s + c};
        int64_t bad;
        if (pc_transform(PC_POLYGON + 1, quad, NULL, zero, NULL, &a, NULL, out, NULL, 0, NULL, 1, NULL) != PC_OK)
            wrong++;
        if (pc_validate(PC_POLYGON + 1, out, 1, &bad, NULL) != PC_RULE_OK) wrong++;
        if (pc_validate(PC_POLYGON + 1, rounded, 1, &bad, NULL) == PC_RULE_OK) {
            kept++;
            wrong += memcmp(out, rounded, sizeof out) != 0;
            continue;
        }
        bent++;
        /* the hull: the rounded vertices but (c, s), each at least once */
        for (int v = 0; v < 4; v++) {
            int among = 0;
            for (int w = 0; w < 4; w++)
                among |= w != 1 && out[2 * v] == rounded[2 * w] && out[2 * v + 1] == rounded[2 * w + 1];
            wrong += !among;
        }
        for (int w = 0; w < 4; w += w == 0 ? 2 : 1) {
            int found = 0;
            for (int v = 0; v < 4; v++) found |= out[2 * v] == rounded[2 * w] && out[2 * v + 1] == rounded[2 * w + 1];
            wrong += !found;
        }
    }
    CHECK(wrong == 0);
    CHECK(bent > 100 && kept > 100); /* both happen */
}

/* A 2-d index space (shapes down, angles across, translations broadcast,
 * output strided) gives each element's one-shape answer; many elements give
 * the same on one thread and several; the cancel flag. */
static void test_transform_batch(void)
{
    const double tris[2][6] = {{0, 0, 4, 0, 0, 2}, {-1, 5, 3, 2, 7, 7}}, angles[3] = {0.5, -2.25, 3e9},
                 t[2] = {0.125, -3};
    double grid[2][3][7], one[6];
    int64_t shape[2] = {2, 3}, ss[2] = {6, 0}, st[2] = {0, 0}, sa[2] = {0, 1}, so[2] = {21, 7};
    for (int k = 0; k < 42; k++) (&grid[0][0][0])[k] = -7;
    CHECK(pc_transform(PC_TRIANGLE, &tris[0][0], ss, t, st, angles, sa, &grid[0][0][0], so, 2, shape, 1, NULL) ==
          PC_OK);
    int same = 1;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) {
            same &= pc_transform(PC_TRIANGLE, tris[i], NULL, t, NULL, &angles[j], NULL, one, NULL, 0, NULL, 1, NULL) ==
                    PC_OK;
            same &= !memcmp(one, grid[i][j], sizeof one) && grid[i][j][6] == -7;
        }
    CHECK(same);
    enum { N = TEST_MANY, W = 10 };
    double *shapes = malloc(sizeof(double) * (W + 3) * N), *out1 = malloc(sizeof(double) * W * N);
    double *outn = malloc(sizeof(double) * W * N), *moves = shapes + W * N, *turns = moves + 2 * N;
    unsigned state = 41;
    for (int64_t i = 0; i < N; i++) {
        random_row(PC_POLYGON + 2, &state, (double)(i % 256), (double)(i / 256), 0.5, shapes + W * i);
        moves[2 * i] = unit_random(&state) - 0.5;
        moves[2 * i + 1] = unit_random(&state) * 1e3;
        turns[i] = i % 5 == 0 ? (double)(i % 7) * 0x1.921fb54442d18p0
                              : (unit_random(&state) - 0.5) * 20; /* quarter turns too */
    }
    int64_t n[1] = {N}, sw[1] = {W}, s2[1] = {2}, s1[1] = {1};
    CHECK(pc_transform(PC_POLYGON + 2, shapes, sw, moves, s2, turns, s1, out1, sw, 1, n, 1, NULL) == PC_OK);
    CHECK(pc_transform(PC_POLYGON + 2, shapes, sw, moves, s2, turns, s1, outn, sw, 1, n, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(out1, outn, sizeof(double) * W * N));
    int64_t bad = -1;
    CHECK(pc_validate(PC_POLYGON + 2, out1, N, &bad, NULL) == PC_RULE_OK); /* convex again where rounding bent them */
    int flag = 1;
    outn[0] = 7;
    CHECK(pc_transform(PC_POLYGON + 2, shapes, sw, moves, s2, turns, s1, outn, sw, 1, n, TEST_THREADS, &flag) ==
          PC_ERR_CANCELLED);
    CHECK(outn[0] == 7);
    free(shapes);
    free(out1);
    free(outn);
}


/* pc_mass_properties: closed forms worked by hand (exact doubles), the
 * degenerate kinds, powers of two, refusals */
static void test_mass_properties(void)
{
    double box[4] = {0, 0, 2, 1}, rho = 3.0, out[6];
    CHECK(pc_mass_properties(PC_BOX, box, 1, &rho, out) == PC_OK);
    CHECK(out[0] == 2.0 && out[1] == 6.0 && out[2] == 1.0 && out[3] == 0.5 && out[4] == 2.5 && out[5] == 1.0);
    double tri[6] = {0, 0, 3, 0, 0, 3}, one = 1.0; /* about the centroid: 2 * (3 * 3^3 / 36) */
    CHECK(pc_mass_properties(PC_TRIANGLE, tri, 1, &one, out) == PC_OK);
    CHECK(out[0] == 4.5 && out[2] == 1.0 && out[3] == 1.0 && out[4] == 4.5 && out[5] == 1.0);
    double seg[4] = {0, 0, 3, 4};
    CHECK(pc_mass_properties(PC_SEGMENT, seg, 1, &one, out) == PC_OK);
    CHECK(out[0] == 5.0 && out[2] == 1.5 && out[3] == 2.0 && out[4] == 125.0 / 12.0 && out[5] == 0.0);
    double flat[6] = {0, 0, 4, 0, 1, 0}; /* collinear: the segment (0, 0) (4, 0) */
    CHECK(pc_mass_properties(PC_TRIANGLE, flat, 1, &one, out) == PC_OK);
    CHECK(out[0] == 4.0 && out[2] == 2.0 && out[3] == 0.0 && out[4] == 64.0 / 12.0 && out[5] == 0.0);
    double circle[3] = {1, 2, 1}, point[2] = {-3, 5};
    CHECK(pc_mass_properties(PC_CIRCLE, circle, 1, &one, out) == PC_OK);
    CHECK(out[0] == 3.141592653589793 && out[4] == 1.5707963267948966 && out[2] == 1.0 && out[3] == 2.0);
    CHECK(pc_mass_properties(PC_POINT, point, 1, &one, out) == PC_OK);
    CHECK(out[0] == 0.0 && out[1] == 0.0 && out[2] == -3.0 && out[3] == 5.0 && out[4] == 0.0);
    /* a capsule 2 long of radius 1: 4 + pi, and 8/3 + 3 pi / 2 + 8/3 */
    double cap[5] = {0, 0, 2, 0, 1};
    CHECK(pc_mass_properties(PC_CAPSULE, cap, 1, &one, out) == PC_OK);
    CHECK(out[0] == 4.0 + 3.141592653589793 && fabs(out[4] - (16.0 / 3.0 + 1.5 * 3.141592653589793)) < 4e-15);
    /* a polygon times 2^k: the results times 4^k, 2^k, 16^k, bit for bit */
    unsigned state = 7;
    double row[16], scaled[16], base[6], big[6];
    for (int t = 0; t < 50; t++) {
        random_row(PC_POLYGON + 3, &state, unit_random(&state), unit_random(&state), 0.7, row);
        int k = (int)(unit_random(&state) * 400) - 200;
        for (int v = 0; v < 12; v++) scaled[v] = ldexp(row[v], k);
        CHECK(pc_mass_properties(PC_POLYGON + 3, row, 1, &one, base) == PC_OK);
        CHECK(pc_mass_properties(PC_POLYGON + 3, scaled, 1, &one, big) == PC_OK);
        CHECK(big[0] == ldexp(base[0], 2 * k) && big[2] == ldexp(base[2], k) && big[3] == ldexp(base[3], k));
        CHECK(big[4] == ldexp(base[4], 4 * k) && base[0] > 0 && base[4] > 0);
    }
    double bad = -1.0;
    CHECK(pc_mass_properties(PC_BOX, box, 1, &bad, out) == PC_ERR_ARG);
    CHECK(pc_mass_properties(99, box, 1, &one, out) == PC_ERR_KIND);
    CHECK(pc_mass_properties(PC_BOX, NULL, 1, &one, out) == PC_ERR_ARG);
    CHECK(pc_mass_properties(PC_BOX, NULL, 0, NULL, NULL) == PC_OK);
}

/* pc_sweep_place and pc_sweep_turning: a box turned a quarter about its
 * centre (exact), an arm swinging onto a ball (the time the closed form
 * gives, placed there not inside), a miss, threads, a tile map, refusals */
static void test_sweep_turning(void)
{
    double box[4] = {0, 0, 2, 1}, disp[2] = {4, 0}, quarter = 1.5707963267948966, pivot[2] = {1, 0.5}, half = 0.5;
    double out[8];
    double flip = 3.141592653589793; /* half of it by time 1/2: a quarter turn, exactly */
    CHECK(pc_sweep_place(PC_BOX, box, disp, &flip, pivot, &half, 1, out) == PC_OK);
    CHECK(out[0] == 3.5 && out[1] == -0.5 && out[2] == 3.5 && out[3] == 1.5 && out[4] == 2.5 && out[5] == 1.5);
    double none = 0.0, one = 1.0;
    CHECK(pc_sweep_place(PC_BOX, box, disp, &none, pivot, &one, 1, out) == PC_OK);
    CHECK(out[0] == 4 && out[1] == 0 && out[4] == 6 && out[5] == 1);
    /* an arm of length 2.9 turning a quarter about its end meets a ball of radius 0.5 at (0, 3) */
    double arm[4] = {0, 0, 2.9, 0}, ball[3] = {0, 3, 0.5}, still[2] = {0, 0}, origin[2] = {0, 0}, res[5];
    CHECK(pc_sweep_turning(PC_SEGMENT, arm, still, &quarter, origin, 1, PC_CIRCLE, ball, NULL, res, 1, NULL) == PC_OK);
    double phi = acos((2.9 * 2.9 + 9 - 0.25) / (2 * 2.9 * 3)), expected = (quarter - phi) / quarter;
    CHECK(res[0] <= expected && res[0] > expected - 1e-5 && fabs(res[1] + 0.0) < 1 && isfinite(res[3]));
    double placed[4];
    CHECK(pc_sweep_place(PC_SEGMENT, arm, still, &quarter, origin, res, 1, placed) == PC_OK);
    CHECK(pc_overlap(PC_SEGMENT, placed, PC_CIRCLE, ball, PC_STRICT) == 0);
    double away = -quarter;
    CHECK(pc_sweep_turning(PC_SEGMENT, arm, still, &away, origin, 1, PC_CIRCLE, ball, NULL, res, 1, NULL) == PC_OK);
    CHECK(res[0] == 1.0 && isnan(res[1]) && isnan(res[3]));
    /* many sweeps: one thread and several agree */
    enum { N = 300 };
    double shapes[8 * N], d[2 * N], r[N], p[2 * N], targets[4 * N], r1[5 * N], rn[5 * N];
    unsigned state = 11;
    for (int i = 0; i < N; i++) {
        random_row(PC_POLYGON + 1, &state, 0, 0, 1.0, shapes + 8 * i);
        random_row(PC_BOX, &state, 3 * unit_random(&state), 3 * unit_random(&state), 2.0, targets + 4 * i);
        d[2 * i] = 4 * unit_random(&state) - 2, d[2 * i + 1] = 4 * unit_random(&state) - 2;
        r[i] = 6 * unit_random(&state) - 3;
        p[2 * i] = 0, p[2 * i + 1] = 0;
    }
    CHECK(pc_sweep_turning(PC_POLYGON + 1, shapes, d, r, p, N, PC_BOX, targets, NULL, r1, 1, NULL) == PC_OK);
    CHECK(pc_sweep_turning(PC_POLYGON + 1, shapes, d, r, p, N, PC_BOX, targets, NULL, rn, TEST_THREADS, NULL) == PC_OK);
    CHECK(!memcmp(r1, rn, sizeof r1));
    int hits = 0;
    for (int i = 0; i < N; i++) hits += r1[5 * i] < 1;
    CHECK(hits > 10 && hits < N);
    /* against a tile map: a bar above a floor swinging down */
    test_map floor;
    const int8_t kinds[2] = {1, 1};
    CHECK(test_map_build(&floor, kinds, 1, 2, 1.0, -1.0, -1.0) == PC_OK);
    double bar[4] = {-0.9, 0.5, 0.9, 0.6}, centre[2] = {0, 0.55}, swing = 1.5;
    CHECK(pc_sweep_turning(PC_BOX, bar, still, &swing, centre, 1, 0, NULL, &floor.map, res, 1, NULL) == PC_OK);
    CHECK(res[0] > 0 && res[0] < 1 && res[2] > 0.9);
    CHECK(pc_sweep_turning(99, arm, still, &quarter, origin, 1, PC_CIRCLE, ball, NULL, res, 1, NULL) == PC_ERR_KIND);
    CHECK(pc_sweep_turning(PC_SEGMENT, arm, still, &quarter, origin, 1, PC_CIRCLE, NULL, NULL, res, 1, NULL) ==
          PC_ERR_ARG);
    CHECK(pc_sweep_place(PC_SEGMENT, NULL, still, &quarter, origin, &one, 1, out) == PC_ERR_ARG);
    CHECK(pc_sweep_place(99, arm, still, &quarter, origin, &one, 1, out) == PC_ERR_KIND);
}

void group_transform(void)
{
    test_sweep_turning();
    test_mass_properties();
    test_transform();
    test_transform_kinds();
    test_transform_hull();
    test_transform_batch();
}
