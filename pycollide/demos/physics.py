"""The physics the demos share, besides :func:`pycollide.advance` itself:
rolling resistance (all three demos), and for the billiards and pinball tables
a step of advance that tells ball-ball collisions from wall impacts, kinetic
energy and the balls' recorded paths.

The physics of both tables is :func:`pycollide.advance` with ``collide=True``
(balls hit the walls and each other, event-driven in time order within a
step); what advance leaves out (rolling resistance, gravity, pockets, drains,
bumper kicks) is applied between steps in numpy, as in the mini-golf demo
(:mod:`pycollide.demos.golf`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Optional, Tuple

import numpy as np

from .. import Circles, advance, pairs

__all__ = ["rolling_friction", "kinetic_energy", "counted_advance", "Step", "impulses_met", "paths_met", "Paths"]


def rolling_friction(vel: np.ndarray, loss: float, speed: Optional[np.ndarray] = None) -> np.ndarray:
    """The velocities with ``loss`` taken off each speed; exactly 0 where the
    speed is no more than ``loss`` (never negative, never reversed).
    ``speed``: the velocities' lengths, if already known."""
    if speed is None:
        speed = np.hypot(vel[:, 0], vel[:, 1])
    keep = speed > loss
    scale = np.zeros_like(speed)
    np.divide(speed - loss, speed, out=scale, where=keep)
    return vel * scale[:, None] + 0.0  # scale 0 where stopped: exactly +0 (-0 + 0 is +0)


def kinetic_energy(velocity: np.ndarray, mass: float) -> float:
    """The kinetic energy of balls of one mass: sum of m |v|^2 / 2."""
    v = np.asarray(velocity, dtype=float).reshape(-1, 2)
    return 0.5 * mass * float(np.einsum("ij,ij->", v, v))


def _met(d: np.ndarray, u: np.ndarray, span: float, reach: float) -> np.ndarray:
    """Whether points moving apart by d + u t come within ``reach`` of each
    other for some t in [0, span] (rows of d and u: the pairs)."""
    uu = np.einsum("ij,ij->i", u, u)
    du = np.einsum("ij,ij->i", d, u)
    t = np.zeros_like(du)
    np.divide(-du, uu, out=t, where=uu > 0)
    t = np.clip(t, 0.0, span)
    gap = d + u * t[:, None]
    return np.einsum("ij,ij->i", gap, gap) <= reach * reach


def _candidates(
    new: np.ndarray, v_old: np.ndarray, v_new: np.ndarray, bounces: np.ndarray, radius: float, dt: float
) -> Tuple[np.ndarray, np.ndarray]:
    """The pairs i < j of balls that both had an impact in a step and end it
    near enough to have met in it (within four times the fastest travel)."""
    n = len(new)
    if n < 2:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    speed = max(float(np.abs(v_old).max(initial=0.0)), float(np.abs(v_new).max(initial=0.0))) * math.sqrt(2.0)
    grown = np.column_stack([new, np.full(n, radius + 2.0 * speed * dt + 1e-9 * radius)])
    i, j = pairs(Circles(grown))
    both = (bounces[i] > 0) & (bounces[j] > 0)
    return i[both], j[both]


def paths_met(
    old: np.ndarray,
    v_old: np.ndarray,
    new: np.ndarray,
    v_new: np.ndarray,
    bounces: np.ndarray,
    radius: float,
    dt: float,
) -> np.ndarray:
    """An estimate of the pairs of balls (equal radii) that hit each other in
    one step of :func:`pycollide.advance` with several impacts per ball, as
    an int64 array (2, k) of indices ``i < j``: both balls had an impact and
    their straight paths meet, either from the start of the step (centres
    ``old``, velocities ``v_old``) or traced back from its end (``new``,
    ``v_new``, the pair parting).  It can miss an impact between two others
    of the same ball and count a near miss of two balls that hit something
    else."""
    i, j = _candidates(new, v_old, v_new, bounces, radius, dt)
    reach = 2.0 * radius * (1.0 + 1e-9)
    forward = _met(old[j] - old[i], v_old[j] - v_old[i], dt, reach)
    d_end, u_end = new[j] - new[i], v_new[j] - v_new[i]
    parting = np.einsum("ij,ij->i", d_end, u_end) > 0
    backward = parting & _met(d_end, -u_end, dt, reach)
    hit = forward | backward
    return np.vstack([i[hit], j[hit]])


def impulses_met(
    v_old: np.ndarray, new: np.ndarray, v_new: np.ndarray, bounces: np.ndarray, radius: float, dt: float
) -> np.ndarray:
    """The pairs of balls of equal mass that hit each other in a step of
    :func:`pycollide.advance` in which no ball had more than one impact, as
    an int64 array (2, k) of indices ``i < j``: a ball-ball impact changes
    the two velocities by opposite amounts, a wall impact changes one ball's
    alone, so a pair of nearby balls with one impact each hit each other
    exactly when their velocity changes cancel (up to rounding)."""
    i, j = _candidates(new, v_old, v_new, bounces, radius, dt)
    dv = v_new - v_old
    scale = np.abs(v_old[i]).sum(axis=1) + np.abs(v_old[j]).sum(axis=1) + np.abs(dv[i]).sum(axis=1)
    hit = np.abs(dv[i] + dv[j]).sum(axis=1) <= 1e-9 * scale
    return np.vstack([i[hit], j[hit]])


@dataclass
class Step:
    """One step of :func:`counted_advance`: the new centres and velocities,
    each ball's impacts, the ball-ball impacts as pairs (2, k) (a pair twice
    if it hit twice), the advance calls made, the seconds they took, how
    many of the (sub)steps had to estimate the pairs (:func:`paths_met`)."""

    centres: np.ndarray
    velocity: np.ndarray
    bounces: np.ndarray
    pairs: np.ndarray
    calls: int
    seconds: float
    estimated: int


def counted_advance(
    centres: np.ndarray,
    velocity: np.ndarray,
    radius: float,
    world: Any,
    dt: float,
    restitution: float,
    friction: float,
    max_bounces: int,
    max_depth: int = 12,
) -> Step:
    """:func:`pycollide.advance` of balls of one radius and mass with
    ``collide=True`` for ``dt``, telling ball-ball impacts from wall impacts.

    advance reports only each ball's number of impacts.  When no ball has
    more than one, :func:`impulses_met` finds the ball-ball impacts exactly.
    Otherwise the step is done again as two half steps, each split the same
    way, down to ``dt / 2**max_depth``: no force acts within a step, so the
    balls follow the same paths (up to rounding) whatever the split.  A
    smallest step with several impacts per ball falls back on
    :func:`paths_met`."""
    circles = Circles(np.column_stack([centres, np.full(len(centres), radius)]))
    t0 = time.perf_counter()
    moved, v_new, b = advance(
        circles,
        velocity,
        world,
        dt,
        restitution=restitution,
        friction=friction,
        max_bounces=max_bounces,
        collide=True,
        return_bounces=True,
    )
    seconds = time.perf_counter() - t0
    new = np.asarray(moved)[:, :2]
    if b.max(initial=0) <= 1:
        return Step(new, v_new, b, impulses_met(velocity, new, v_new, b, radius, dt), 1, seconds, 0)
    if max_depth <= 0:
        return Step(new, v_new, b, paths_met(centres, velocity, new, v_new, b, radius, dt), 1, seconds, 1)
    first = counted_advance(centres, velocity, radius, world, dt / 2, restitution, friction, max_bounces, max_depth - 1)
    second = counted_advance(
        first.centres, first.velocity, radius, world, dt / 2, restitution, friction, max_bounces, max_depth - 1
    )
    return Step(
        second.centres,
        second.velocity,
        first.bounces + second.bounces,
        np.concatenate([first.pairs, second.pairs], axis=1),
        1 + first.calls + second.calls,
        seconds + first.seconds + second.seconds,
        first.estimated + second.estimated,
    )


class Paths:
    """The centres of ``n`` balls after every step (float32, NaN while a
    ball is off the table), and whether each ball had an impact in that step,
    so that a drawn path can keep its corners while dropping other points."""

    def __init__(self, n: int, steps: int):
        self.xy = np.full((steps + 1, n, 2), np.nan, dtype=np.float32)
        self.hit = np.zeros((steps + 1, n), dtype=bool)
        self.rows = 0

    def record(self, ids: np.ndarray, centres: np.ndarray, hits: Optional[np.ndarray] = None) -> None:
        """Append a row: ``centres`` of the balls ``ids`` (the others: NaN)."""
        row = self.rows
        self.xy[row, ids] = centres
        if hits is not None:
            self.hit[row, ids] = hits
        self.rows += 1

    def path(self, k: int, max_points: int = 2000) -> np.ndarray:
        """Ball ``k``'s path as a (m, 2) float array: at most about
        ``max_points`` points, every impact kept, and consecutive repeats (a
        ball at rest) dropped."""
        xy = self.xy[: self.rows, k]
        on = np.flatnonzero(~np.isnan(xy[:, 0]))
        if on.size == 0:
            return np.zeros((0, 2))
        xy, hit = xy[on].astype(float), self.hit[: self.rows, k][on]
        moved = np.ones(len(xy), dtype=bool)
        moved[1:] = (xy[1:] != xy[:-1]).any(axis=1)
        xy, hit = xy[moved], hit[moved]
        every = max(1, int(math.ceil(len(xy) / max_points)))
        keep = hit.copy()
        keep[::every] = True
        keep[0] = keep[-1] = True
        keep[:-1] |= hit[1:]  # the point before an impact too: the corner stays sharp
        return xy[keep]
