#!/usr/bin/env bash
# Does this machine's C compiler vectorise an exact-filter loop at the portable
# baseline?  Compiles two versions of the circle-circle stage-1 test (a
# stride-3 AoS loop, as pycollide's batch loops are) with the extension's flags
# and prints the compiler's verdict for each:
#   byte:   the answer and the "uncertain" flag as bytes (what a kernel returns)
#   double: the same answer kept in doubles from load to store
#   bash benchmarks/vectorize_probe.sh [extra flags, e.g. -march=x86-64-v3]
set -u
CC=${CC:-cc}
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
for T in uint8_t double; do
cat > "$dir/probe.c" <<C
#include <stdint.h>
void probe(const double *restrict a, const double *restrict b, $T *restrict out, $T *restrict unsure,
           int n, double bound) {
    for (int i = 0; i < n; i++) {
        double dx = a[3 * i] - b[3 * i], dy = a[3 * i + 1] - b[3 * i + 1], rr = a[3 * i + 2] + b[3 * i + 2];
        double e = (dx * dx + dy * dy) - rr * rr;
        out[i] = e < bound ? 1 : 0;
        unsure[i] = (e >= -bound) & (e <= bound) ? 1 : 0;
    }
}
C
verdict=$("$CC" -std=c11 -O3 -ffp-contract=off -fno-fast-math "$@" -c "$dir/probe.c" -o "$dir/probe.o" \
    -fopt-info-vec-all 2>&1 | grep -E "optimized: loop vectorized|missed: not vectorized" | head -n 1 | sed 's/.*: \(optimized\|missed\): //')
printf '%-8s %s\n' "$T:" "${verdict:-no verdict (compiler without -fopt-info?)}"
done
