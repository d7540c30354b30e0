"""Exact (Fraction-based) reference implementation used as the test oracle."""

from .contact import (
    boundary_distance,
    no_direction,
    point_distance,
    projection_gap,
    separation,
)
from .geometry import (
    KINDS,
    WIDTH,
    contains,
    core_distance_squared,
    overlaps,
    radius_sum,
    within,
)

__all__ = [
    "KINDS",
    "WIDTH",
    "boundary_distance",
    "contains",
    "core_distance_squared",
    "no_direction",
    "overlaps",
    "point_distance",
    "projection_gap",
    "radius_sum",
    "separation",
    "within",
]
