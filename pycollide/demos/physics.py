"""The physics the demos share, besides :func:`pycollide.advance` itself:
rolling resistance (all three demos), and for the billiards and pinball tables
a step of advance whose events tell ball-ball collisions from wall impacts,
kinetic energy and the balls' recorded paths.

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
from typing import Any, Optional

import numpy as np

from .. import AdvanceEvents, Circles, advance

__all__ = ["rolling_friction", "kinetic_energy", "advance_balls", "collisions", "Step", "Paths"]


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


@dataclass
class Step:
    """One step of :func:`advance_balls`: the new centres and velocities,
    each ball's impacts, the impacts themselves, the ball-ball collisions
    as pairs (2, k) of indices ``i < j`` (a pair twice if it hit twice), the
    wall impacts, and the seconds advance took."""

    centres: np.ndarray
    velocity: np.ndarray
    bounces: np.ndarray
    events: AdvanceEvents
    pairs: np.ndarray
    wall_impacts: int
    seconds: float


def collisions(events: AdvanceEvents) -> np.ndarray:
    """The ball-ball collisions among ``events`` as pairs (2, k) of indices
    ``i < j``, each once, in the order of the events: a collision is an
    event of each ball with the same time, and of only one when the other
    had already used up its ``max_bounces`` (it stopped), so a collision is
    a distinct (i, j, time)."""
    ball = events.other >= 0
    i = np.minimum(events.ball[ball], events.other[ball])
    j = np.maximum(events.ball[ball], events.other[ball])
    t = events.time[ball]
    if not i.size:
        return np.zeros((2, 0), dtype=np.int64)
    keys = np.rec.fromarrays([i, j, t])
    _, first = np.unique(keys, return_index=True)
    first.sort()
    return np.vstack([i[first], j[first]])


def advance_balls(
    centres: np.ndarray,
    velocity: np.ndarray,
    radius: float,
    world: Any,
    dt: float,
    restitution: float,
    friction: float,
    max_bounces: int,
) -> Step:
    """:func:`pycollide.advance` of balls of one radius and mass with
    ``collide=True`` for ``dt``, its impacts read from its events: which
    were ball-ball collisions, which hit the world."""
    circles = Circles(np.column_stack([centres, np.full(len(centres), radius)]))
    t0 = time.perf_counter()
    moved, v_new, bounces, events = advance(
        circles,
        velocity,
        world,
        dt,
        restitution=restitution,
        friction=friction,
        max_bounces=max_bounces,
        collide=True,
        return_bounces=True,
        events=True,
    )
    seconds = time.perf_counter() - t0
    walls = int(np.count_nonzero(events.other < 0))
    return Step(np.asarray(moved)[:, :2], v_new, bounces, events, collisions(events), walls, seconds)


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
