"""Exact (Fraction-based) reference implementation used as the test oracle."""

from .geometry import (
    KINDS,
    WIDTH,
    contains,
    core_distance_squared,
    overlaps,
    radius_sum,
)

__all__ = [
    "KINDS",
    "WIDTH",
    "contains",
    "core_distance_squared",
    "overlaps",
    "radius_sum",
]
