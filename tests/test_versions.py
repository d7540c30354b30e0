"""Answers that must not depend on the Python or numpy version (the matrix
in .ci/matrix runs the suite on the oldest and the newest supported)."""

import numpy as np
import pytest

import pycollide as pc


def test_distance_of_touching_shapes_is_plus_zero():
    # the crate of the slope example (docs/shapes.rst), rested on the slope: its contact
    # separation is -0.0, and np.maximum(-0.0, 0.0) is -0.0 on numpy 1.22
    slope = pc.Triangles([0, 0, 10, 0, 10, 5])
    crate = pc.Polygons.from_box(center=[6, 3.5], half_size=[1, 1], angle=np.arctan2(5, 10))
    c = pc.contact(crate, slope)
    rested = pc.transform(crate, translation=c.separation * c.normal)
    assert np.signbit(pc.contact(rested, slope).separation)
    got = pc.distance(pc.Polygons(np.stack([np.asarray(rested)] * 3)), slope)
    assert got.tolist() == [0.0] * 3 and not np.signbit(got).any()
    assert not np.signbit(pc.distance(rested, slope))


@pytest.mark.parametrize("tiny", [5e-324, 2.0**-1070, 2.0**-1022])
def test_distance_keeps_a_positive_subnormal_gap(tiny):
    # points a subnormal apart: the gap is the distance, not 0
    got = pc.distance(pc.Points([[0.0, 0.0]]), pc.Points([[tiny, 0.0]]))
    assert got.tolist() == [tiny]
