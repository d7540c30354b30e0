"""Exact reference for where a segment or a line meets an outline's edges
(``pycollide.intersections`` with Polylines or Regions).

From the math, in Fractions: the segment (or line) L is x(t) = p0 + t d, t
in [0, 1] (a line: every t).  Each edge meets L's line in nothing, one
point (a parameter t) or, when it lies on that line, an interval of t; on a
segment, cut to [0, 1].  The set is the union of these; the answer is its
isolated points and the two ends of each maximal interval, by increasing t.
A degenerate segment (p0 = p1) is one point: itself where it lies on an
edge.
"""

from fractions import Fraction


def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


def _on_segment(p, a, b):
    if _cross(b[0] - a[0], b[1] - a[1], p[0] - a[0], p[1] - a[1]) != 0:
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _edge_part(p0, d, a, b, segment):
    """The edge ab against L: None, ("point", t) or ("run", lo, hi)."""
    dd = d[0] * d[0] + d[1] * d[1]
    ca = _cross(d[0], d[1], a[0] - p0[0], a[1] - p0[1])
    cb = _cross(d[0], d[1], b[0] - p0[0], b[1] - p0[1])

    def along(p):
        return ((p[0] - p0[0]) * d[0] + (p[1] - p0[1]) * d[1]) / dd

    if ca == 0 and cb == 0:
        lo, hi = sorted((along(a), along(b)))
        if segment:
            lo, hi = max(lo, Fraction(0)), min(hi, Fraction(1))
        if lo > hi:
            return None
        return ("point", lo) if lo == hi else ("run", lo, hi)
    if (ca > 0 and cb > 0) or (ca < 0 and cb < 0):
        return None
    u = ca / (ca - cb)
    t = along((a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1])))
    if segment and not 0 <= t <= 1:
        return None
    return ("point", t)


def crossings(kind, l, rings):
    """The points (Fraction pairs) where the segment or line l = (x0, y0, x1,
    y1) (kind "segment" or "line") meets the edges of the rings (lists of
    points, each edge joining consecutive points), in order along l."""
    q = [Fraction(v) for v in l]
    p0, p1 = (q[0], q[1]), (q[2], q[3])
    rings = [[(Fraction(x), Fraction(y)) for x, y in ring] for ring in rings]
    edges = [(r[k], r[k + 1]) for r in rings for k in range(len(r) - 1)] + [(r[0], r[0]) for r in rings if len(r) == 1]
    d = (p1[0] - p0[0], p1[1] - p0[1])
    if d == (0, 0):
        return [p0] if any(_on_segment(p0, a, b) for a, b in edges) else []
    points, runs = set(), []
    for a, b in edges:
        part = _edge_part(p0, d, a, b, kind == "segment")
        if part is None:
            continue
        if part[0] == "point":
            points.add(part[1])
        else:
            runs.append([part[1], part[2]])
    runs.sort()
    merged = []
    for lo, hi in runs:
        if merged and lo <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    ts = {t for t in points if not any(lo <= t <= hi for lo, hi in merged)}
    ts |= {t for run in merged for t in run}
    return [(p0[0] + t * d[0], p0[1] + t * d[1]) for t in sorted(ts)]
