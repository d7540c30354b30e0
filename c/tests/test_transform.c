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

void group_transform(void)
{
    test_transform();
}
