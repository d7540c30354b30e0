"""Hypothesis strategies for pycollide shapes.

Coordinates come from interchangeable coordinate strategies:

* :func:`grid_coords` - small integers, so touching, collinear and shared
  corners are frequent (the hard cases for exact predicates);
* :func:`half_grid_coords` - multiples of 0.5, still exact but off-integer;
* :func:`random_coords` - mostly full-mantissa doubles in [-100, 100];
* :func:`any_coords` - any of the above.

:func:`shape` turns a coordinate strategy into one valid shape tuple of a
given kind, and :func:`shape_arrays` into a float64 array of such shapes.
Everything is drawn through hypothesis, so runs are reproducible under a
hypothesis seed - except :func:`seeded_grid_shapes`, which draws a large
batch from a seeded numpy Generator.
"""

import math

import numpy as np
from hypothesis import settings
from hypothesis import strategies as st
from reference.geometry import make_valid

import pycollide as pc
from pycollide.shapes import KINDS as REGISTRY
from pycollide.shapes import solid_kinds

#: every shape kind the queries take, from the package's kind registry
TYPES = {cls.name: cls for cls in solid_kinds()}
WIDTH = {name: cls.width for name, cls in REGISTRY.items()}
#: the kinds the pair matrices run over: every kind, with the polygons
#: represented by K = 4 (oriented boxes, quads) and K = 8 (the largest; with
#: repeated vertices any smaller count too).  The other K are the same code
#: with another vertex count: tests/test_polygons.py covers each of them.
KINDS = tuple(k for k in TYPES if not k.startswith("polygon")) + ("polygon4", "polygon8")
POLYGON_KINDS = tuple(k for k in TYPES if k.startswith("polygon"))
#: how many leading columns are positions (x, y pairs): all but a radius
POSITIONS = {
    name: cls.width - (1 if any(f == "radius" for f, _ in cls.fields) else 0) for name, cls in REGISTRY.items()
}

_MANTISSA_BITS = 52
# (1 + m / 2**52) * 2**6 <= 100  <=>  m <= 9 * 2**48
_MAX_MANTISSA_AT_64 = 9 << 48


def grid_coords(n=4):
    """Integers in [-n, n], as floats."""
    return st.integers(-n, n).map(float)


def half_grid_coords():
    """Multiples of 0.5 in [-4, 4], as floats."""
    return st.integers(-8, 8).map(lambda i: i / 2)


def _full_mantissa(args):
    negative, exponent, mantissa = args
    if exponent == 6:
        mantissa %= _MAX_MANTISSA_AT_64 + 1  # keep the magnitude <= 100
    value = math.ldexp((1 << _MANTISSA_BITS) | mantissa, exponent - _MANTISSA_BITS)
    return -value if negative else value


def _full_mantissa_coords():
    """Doubles in [-100, 100] with a random 52-bit mantissa and exponent in [-10, 6]."""
    return st.tuples(
        st.booleans(),
        st.integers(-10, 6),
        st.integers(0, (1 << _MANTISSA_BITS) - 1),
    ).map(_full_mantissa)


def random_coords():
    """Doubles in [-100, 100], mostly with full 53-bit significands."""
    return st.one_of(
        st.floats(-100, 100, allow_nan=False, allow_infinity=False),
        _full_mantissa_coords(),
        _full_mantissa_coords(),
    )


def any_coords():
    """Any of the coordinate strategies above."""
    return st.one_of(grid_coords(), half_grid_coords(), random_coords())


def _validate_kind(kind):
    if kind not in WIDTH:
        raise ValueError(f"unknown shape kind {kind!r}; expected one of {KINDS}")


def shape(kind, coords=None, turned=False):
    """Strategy for one valid shape tuple of ``kind`` built from ``coords``.

    Boxes have each axis sorted so min <= max; a circle's radius is the
    absolute value of a drawn coordinate.  ``coords`` defaults to
    :func:`any_coords`.  With ``turned``, a polygon is also drawn as an
    oriented box or a regular polygon at any angle (vertices off every grid,
    rounded as a user's would be); without it every coordinate comes from
    ``coords``, so a grid stays a grid.
    """
    _validate_kind(kind)
    if coords is None:
        coords = any_coords()
    hull = st.tuples(*[coords] * WIDTH[kind]).map(lambda values: make_valid(kind, values))
    if not (turned and kind.startswith("polygon")):
        return hull
    # the hull of drawn points, oriented boxes and regular polygons, made
    # valid by the reference (which keeps a polygon that is convex as it is)
    k = WIDTH[kind] // 2
    angles = st.one_of(
        st.sampled_from([0.0, math.pi / 6, math.pi / 4, math.pi / 2]), st.floats(0, 2 * math.pi, allow_nan=False)
    )
    ring = st.tuples(coords, coords, coords, angles).map(lambda a: _regular(kind, k, *a))
    if k < 4:
        return st.one_of(hull, ring)
    box = st.tuples(coords, coords, coords, coords, angles).map(lambda a: _oriented_box(kind, k, *a))
    return st.one_of(hull, box, ring)


def _regular(kind, k, cx, cy, radius, phase):
    """A regular k-gon around (cx, cy), its vertices at |radius| from it."""
    r = abs(radius)
    values = [
        v
        for i in range(k)
        for v in (cx + r * math.cos(phase + 2 * math.pi * i / k), cy + r * math.sin(phase + 2 * math.pi * i / k))
    ]
    return make_valid(kind, values)


def _oriented_box(kind, k, cx, cy, hx, hy, angle):
    """A box of half sizes |hx|, |hy| turned by angle about (cx, cy), as
    Polygons.from_box builds it, its last vertex repeated up to k."""
    row = np.asarray(pc.Polygons.from_box([cx, cy], [abs(hx), abs(hy)], angle=angle)).reshape(8)
    values = list(row) + list(row[-2:]) * (k - 4)
    return make_valid(kind, values)


def kinds():
    """Strategy for a shape kind name."""
    return st.sampled_from(KINDS)


def any_shape(coords=None):
    """Strategy for a ``(kind, shape_tuple)`` pair of any kind."""
    return kinds().flatmap(lambda kind: shape(kind, coords).map(lambda s: (kind, s)))


def shape_arrays(kind, coords=None, n=8, turned=False):
    """Strategy for a float64 array of shape (rows, WIDTH[kind]) of valid shapes.

    ``n`` is either an int (rows drawn from 0..n) or a strategy for the
    number of rows; ``turned`` as for :func:`shape`.
    """
    _validate_kind(kind)
    sizes = st.integers(0, n) if isinstance(n, int) else n
    one = shape(kind, coords, turned)

    @st.composite
    def arrays(draw):
        rows = draw(sizes)
        shapes = draw(st.lists(one, min_size=rows, max_size=rows))
        return np.array(shapes, dtype=np.float64).reshape(rows, WIDTH[kind])

    return arrays()


def seeded_grid_shapes(rng, kind, n, extent):
    """A float64 array (n, WIDTH[kind]) of valid small-integer shapes drawn from
    the numpy Generator ``rng`` (not hypothesis): for seeded, deterministic
    batches in which touching, collinear and shared corners are common."""
    _validate_kind(kind)
    return valid_rows(kind, rng.integers(-extent, extent + 1, size=(n, WIDTH[kind])))


def valid_rows(kind, data):
    """A float64 copy of the rows (n, WIDTH[kind]) made valid shapes (the
    reference's make_valid, row by row)."""
    data = np.array(data, dtype=float)
    for k in range(len(data)):
        data[k] = make_valid(kind, data[k])
    return data


def examples(n):
    """``max_examples`` for a property that asks for ``n``: ``n`` in the full
    profile (and whenever the profile's own count is at least ``n``), else a
    quarter of it, never below the profile's count: the daily run stays short
    while CI runs every example."""
    default = settings.default.max_examples
    return n if default >= n else max(default, n // 4)
