/*
 * Prints what src/matrix.h says, kind by kind and pair by pair, one fact a
 * line, for tools/kind_table.py (which makes c/README.md's kind-by-verb
 * table of it and checks the two agree).  Every line is
 *     <fact> <kind a> [<kind b>] <value>
 * with kinds by number; a pair's line is for the ordered pair as given.
 */
#include <stdio.h>

#include "kernels.h"
#include "matrix.h"

static int kernel_pair[PC_KIND_SLOTS][PC_KIND_SLOTS], scalar_fast[PC_KIND_SLOTS][PC_KIND_SLOTS];
static int ix_pair[PC_KIND_SLOTS][PC_KIND_SLOTS], small_constant[PC_KIND_SLOTS][PC_KIND_SLOTS];
static int seg_constant[PC_KIND_SLOTS][PC_KIND_SLOTS];

static void mark(int t[PC_KIND_SLOTS][PC_KIND_SLOTS], int a, int b, int v) { t[a][b] = t[b][a] = v; }

/* the contact path of a pair (pc__contact_one's choice; the canonical order
 * for the paths pc__contact_canonical takes) */
static const char *contact_path(int ka, int kb)
{
    int lo = ka < kb ? ka : kb, hi = ka < kb ? kb : ka;
    if (pc__contact_small(ka, kb)) return small_constant[ka][kb] ? "small-constant" : "small";
    if (pc__contact_seg(ka, kb)) return seg_constant[ka][kb] ? "seg-constant" : "seg";
    if (pc__contact_ngon(ka, kb)) return "ngon";
    if (pc__contact_ball(ka, kb)) return "ball";
    if (pc__contact_box_box(lo, hi)) return "box-box";
    if (pc__contact_ball_box(lo, hi)) return "ball-box";
    return "cores";
}

int main(void)
{
#define SELF(K)    mark(kernel_pair, PC_KIND_##K, PC_KIND_##K, 1);
#define PAIR(A, B) mark(kernel_pair, PC_KIND_##A, PC_KIND_##B, 1);
    PC_KIND_PAIRS(SELF, PAIR)
#undef SELF
#undef PAIR
#define FAST(A, B)  mark(scalar_fast, PC_KIND_##A, PC_KIND_##B, 2);
#define PLAIN(A, B) mark(scalar_fast, PC_KIND_##A, PC_KIND_##B, 1);
    PC_SCALAR_KERNELS(FAST, PLAIN)
#undef FAST
#undef PLAIN
#define SELF(K)    mark(ix_pair, PC_KIND_##K, PC_KIND_##K, 1);
#define PAIR(A, B) mark(ix_pair, PC_KIND_##A, PC_KIND_##B, 1);
    PC_IX_PAIRS(SELF, PAIR)
#undef SELF
#undef PAIR
#define PAIR(A, B) small_constant[A][B] = 1;
    PC_CONTACT_SMALL_CONSTANT(PAIR)
#undef PAIR
#define PAIR(A, B) seg_constant[A][B] = 1;
    PC_CONTACT_SEG_CONSTANT(PAIR)
#undef PAIR
#define NAME(K, E) printf("name %d %s\n", E, #K);
    PC_KINDS(NAME)
#undef NAME
    printf("name %d line\n", PC_LINE);
    printf("polygon %d %d\n", PC_POLYGON, PC_POLYGON + PC_POLYGON_MAX - 3);
    int kinds[PC_KIND_COUNT + 1];
    for (int k = 0; k < PC_KIND_COUNT; k++) kinds[k] = k;
    kinds[PC_KIND_COUNT] = PC_LINE;
    for (int i = 0; i <= PC_KIND_COUNT; i++) {
        int k = kinds[i];
        printf("polygon_kind %d %d\n", k, (int)pc__polygon_kind(k));
        printf("validate_fused %d %d\n", k, pc__validate_fused(k));
        printf("validate_rule_case %d %d\n", k, (int)pc__validate_rule_case(k));
        if (k == PC_LINE) continue;
        printf("ix_view_kind %d %d\n", k, pc__ix_view_kind(k));
        printf("contact_polygon_hull %d %d\n", k, (int)pc__contact_polygon_hull(k));
        printf("grid_columns %d %d\n", k, (int)pc__grid_columns(k));
        printf("grid_corner_case %d %d\n", k, (int)pc__grid_corner_case(k));
        printf("pairs_prune %d %d\n", k, (int)pc__pairs_prune(k));
        printf("sweep_ball %d %d\n", k, (int)pc__sweep_ball(k));
        printf("map_ball %d %d\n", k, (int)pc__map_ball(k));
        printf("world_map_circle %d %d\n", k, (int)pc__world_map_circle(k));
        printf("world_map_contact %d %d\n", k, (int)pc__world_map_contact(k));
    }
    for (int i = 0; i <= PC_KIND_COUNT; i++)
        for (int j = 0; j <= PC_KIND_COUNT; j++) {
            int a = kinds[i], b = kinds[j], view_a = a != PC_LINE && pc__ix_view_kind(a);
            int view_b = b != PC_LINE && pc__ix_view_kind(b);
            const char *ix =
                ix_pair[a][b] ? "kernel"
                : (view_a && (b == PC_SEGMENT || b == PC_LINE)) || (view_b && (a == PC_SEGMENT || a == PC_LINE))
                    ? "views"
                    : "none";
            printf("intersections %d %d %s\n", a, b, ix);
            if (a == PC_LINE || b == PC_LINE) continue;
            printf("overlap %d %d %s\n", a, b, kernel_pair[a][b] ? "kernel" : "views");
            printf("scalar %d %d %s\n", a, b, scalar_fast[a][b] == 2 ? "fast" : scalar_fast[a][b] ? "plain" : "none");
            printf("contact %d %d %s\n", a, b, contact_path(a, b));
        }
    return 0;
}
