"""Exact reference for quarter turns: which angles pc.transform turns by
exactly 0, +-1 (see its docstring).

pi comes from Machin's formula in integer arithmetic, as two Fractions that
bracket it within 2^-1000; a multiple k pi/2 is then bracketed, and its
nearest double is read off when both ends of the bracket round to the same
double (Fraction -> float rounds correctly).  An angle is the quarter turn k
when |angle| < 2^53 and it is that double or, for |angle| < 2^52, one of its
two neighbours.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

_BITS = 1100


def _arctan_inv(x: int, scale: int) -> int:
    """arctan(1/x) * scale, truncated term by term (each term off by < 1)."""
    total, power, k, sign = 0, scale // x, 0, 1
    while power:
        total += sign * (power // (2 * k + 1))
        power //= x * x
        k += 1
        sign = -sign
    return total


@lru_cache(maxsize=None)
def pi_bracket() -> tuple:
    """(lo, hi): Fractions with lo < pi < hi and hi - lo < 2^-1000 (Machin:
    pi = 16 arctan(1/5) - 4 arctan(1/239); each truncated series is off by
    less than its number of terms, well under 2^40 units of 2^-1100)."""
    scale = 1 << _BITS
    approx = 16 * _arctan_inv(5, scale) - 4 * _arctan_inv(239, scale)
    slack = 1 << 40
    return Fraction(approx - slack, scale), Fraction(approx + slack, scale)


def nearest_multiple_double(k: int) -> float:
    """The double nearest k pi / 2."""
    lo, hi = pi_bracket()
    a, b = float(k * lo / 2), float(k * hi / 2)
    if a != b:
        raise ArithmeticError(f"k = {k}: the bracket of k pi/2 straddles a rounding boundary")
    return a


def quarter_turn(angle: float) -> int:
    """k mod 4 when ``angle`` is the quarter turn k, else -1."""
    if not math.isfinite(angle) or abs(angle) >= 2.0**53:
        return -1
    lo, hi = pi_bracket()
    centre = round(Fraction(angle) * 2 / ((lo + hi) / 2))
    for k in (centre - 1, centre, centre + 1):
        n = nearest_multiple_double(k)
        near = {n} if abs(angle) >= 2.0**52 else {n, math.nextafter(n, -math.inf), math.nextafter(n, math.inf)}
        if angle in near:
            return k % 4
    return -1
