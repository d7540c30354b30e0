"""Motion: moving balls through a world, bouncing off its walls and, on request, off each other;
sliding boxes; moving shapes out of a world (depenetrate)."""

from __future__ import annotations

import warnings
from typing import Any, Callable, Literal, NamedTuple, Optional, Tuple, Union, overload

import numpy as np
from numpy.typing import ArrayLike

from . import _dispatch as d
from ._native import COSTLY, call, check_rc, double_ptr, ffi, lib, number, resolve_threads, scratch
from .shapes import Boxes, Circles, Points, Shapes
from .tiles import TileMap
from .world import World, c_parts

__all__ = ["advance", "AdvanceEvents", "Slide", "slide", "Depenetration", "depenetrate"]


class AdvanceEvents(NamedTuple):
    """The impacts of :func:`advance` (``events=True``), one entry per impact
    of a circle, ordered by circle and then in time (``np.argsort(time,
    kind="stable")`` orders them all in time).  A circle has one entry per
    impact its bounces count: an impact between two circles has an entry
    for each (``other > ball`` keeps one per pair)."""

    ball: np.ndarray
    """(K) int64: the circle's flat index (``np.unravel_index`` gives its place in the circles' leading shape)."""
    time: np.ndarray
    """(K): the time of the impact within the step, in [0, dt] (in dt's unit)."""
    other: np.ndarray
    """(K) int64: the other circle's flat index for an impact between two circles, -1 for the world."""
    part: np.ndarray
    """(K) int64: the world's part hit (0 for a lone TileMap), -1 for another circle."""
    index: np.ndarray  # type: ignore[assignment]  # shadows tuple.index (see ShapeHit)
    """(K) int64: the shape within that part, or a tile map's flat cell
    ``row * cols + col`` (as :func:`sweep` and :func:`move` name them), -1
    for another circle."""
    point: np.ndarray
    """(K, 2): the touching point on what was hit; for two circles, the point
    of their line of centres that divides it in the ratio of their radii
    (the same in both entries)."""
    normal: np.ndarray
    """(K, 2): the unit normal of what was hit, pointing back at this circle
    (as :func:`sweep`'s); for two circles, from the other's centre toward
    this one's (the two entries' are opposite, exactly)."""
    impulse: np.ndarray
    """(K): the magnitude of the normal impulse (friction's tangential part
    left out), in mass times velocity: at the world, the circle's mass times
    the change of its velocity along the normal; between two circles, the
    impulse they exchange (the same in both entries).  Masses as ``masses``
    says (default r**2, so 0 for a circle of radius 0)."""


def _motion_threads(verb: str, threads: Any, n: int) -> int:
    # a circle's motion costs microseconds: threads pay off from two chunks of PC_MOTION_CHUNK circles
    return resolve_threads(verb, threads, n * lib.PC_PARALLEL_CHUNK // lib.PC_MOTION_CHUNK)


@overload
def advance(
    circles: Union[Circles, Points],
    velocity: ArrayLike,
    world: Union[TileMap, World],
    dt: float,
    restitution: ArrayLike = 1.0,
    friction: ArrayLike = 0.0,
    max_bounces: int = 16,
    *,
    collide: bool = False,
    masses: Optional[ArrayLike] = None,
    return_bounces: Literal[False] = False,
    events: Literal[False] = False,
    threads: Optional[int] = None,
) -> Tuple[Circles, np.ndarray]: ...
@overload
def advance(
    circles: Union[Circles, Points],
    velocity: ArrayLike,
    world: Union[TileMap, World],
    dt: float,
    restitution: ArrayLike = 1.0,
    friction: ArrayLike = 0.0,
    max_bounces: int = 16,
    *,
    collide: bool = False,
    masses: Optional[ArrayLike] = None,
    return_bounces: Literal[True],
    events: Literal[False] = False,
    threads: Optional[int] = None,
) -> Tuple[Circles, np.ndarray, np.ndarray]: ...
@overload
def advance(
    circles: Union[Circles, Points],
    velocity: ArrayLike,
    world: Union[TileMap, World],
    dt: float,
    restitution: ArrayLike = 1.0,
    friction: ArrayLike = 0.0,
    max_bounces: int = 16,
    *,
    collide: bool = False,
    masses: Optional[ArrayLike] = None,
    return_bounces: Literal[False] = False,
    events: Literal[True],
    threads: Optional[int] = None,
) -> Tuple[Circles, np.ndarray, AdvanceEvents]: ...
@overload
def advance(
    circles: Union[Circles, Points],
    velocity: ArrayLike,
    world: Union[TileMap, World],
    dt: float,
    restitution: ArrayLike = 1.0,
    friction: ArrayLike = 0.0,
    max_bounces: int = 16,
    *,
    collide: bool = False,
    masses: Optional[ArrayLike] = None,
    return_bounces: Literal[True],
    events: Literal[True],
    threads: Optional[int] = None,
) -> Tuple[Circles, np.ndarray, np.ndarray, AdvanceEvents]: ...
@overload
def advance(
    circles: Union[Circles, Points],
    velocity: ArrayLike,
    world: Union[TileMap, World],
    dt: float,
    restitution: ArrayLike = 1.0,
    friction: ArrayLike = 0.0,
    max_bounces: int = 16,
    *,
    collide: bool = False,
    masses: Optional[ArrayLike] = None,
    return_bounces: bool = False,
    events: bool = False,
    threads: Optional[int] = None,
) -> Tuple[Any, ...]: ...


def advance(
    circles: Union[Circles, Points],
    velocity: ArrayLike,
    world: Union[TileMap, World],
    dt: float,
    restitution: ArrayLike = 1.0,
    friction: ArrayLike = 0.0,
    max_bounces: int = 16,
    *,
    collide: bool = False,
    masses: Optional[ArrayLike] = None,
    return_bounces: bool = False,
    events: bool = False,
    threads: Optional[int] = None,
) -> Tuple[Any, ...]:
    """Move circles through a world for a time ``dt``, bouncing off its walls
    and, with ``collide=True``, off each other.

    Each circle moves with its velocity until its first impact (a swept test
    against the world, so it never tunnels through a wall however fast it
    goes), stops there, has its velocity reflected, and goes on for the rest
    of ``dt``; all in C, one batch for all circles.  The world is a
    :class:`TileMap` (its merged boundary) or a :class:`World` of tile maps
    and shape collections of any kinds (bumpers, pegs, slanted walls).

    With ``collide=True`` the circles also hit each other: every impact, with
    a wall or between two circles, is processed in time order within the
    step (event-driven, each circle at its own time), the two circles
    exchanging an impulse along their line of centres by their masses
    (default: proportional to their areas), with restitution and Coulomb
    friction (no spin): for two circles of different values, the larger
    restitution and the geometric mean of the frictions (Box2D's mixing
    rules).  A circle that reaches ``max_bounces`` impacts
    stops for the rest of ``dt``; the others then bounce off it as off a wall.
    With restitution 1 and no friction a collision keeps the pair's kinetic
    energy and momentum, up to rounding.  This runs on one thread.

    At an impact with unit normal n the normal part of the velocity v_n is
    reversed and scaled by ``restitution``; the tangential part v_t loses
    ``min(friction * (1 + restitution) * |v_n|, |v_t|)`` (Coulomb friction
    with the impulse of the bounce; a ball has no spin here).

    Guarantees, exactly (not up to an epsilon): a circle whose interior does
    not overlap the solid at the start does not at the end (checked with the
    exact overlap test; a move that rounding would end inside is shortened);
    no circle's speed grows at a wall (squared speeds compared exactly); with
    ``collide=True``, no two circles' interiors overlap at the end (pairs
    that rounding leaves overlapping by an ulp are pushed apart along their
    line of centres, never into a wall).  A circle
    touching a flat floor or wall and moving along it keeps its velocity bit
    for bit: there is no seam between tiles to catch on.

    A start that touches the world is fine.  A circle whose interior
    overlaps the solid at the start a little (placed where :func:`sweep`
    said it hits, computed a different way from the wall, or stepped into by
    a moving platform) is first moved out by :func:`depenetrate`'s least
    translation, when that is no longer than its tolerance: ``2**-3`` of its
    diameter plus ``2**-40`` of its largest ``|x|``, ``|y|`` or ``r``.  A
    deeper one raises (a ball deep in a wall is a mistake to report, not to
    hide); call :func:`depenetrate` first to move such circles out on
    purpose.  With ``collide=True`` two circles whose interiors overlap by a
    rounding error (at most ``2**-20`` of the larger diameter plus ``2**-40``
    of their largest ``|x|``, ``|y|`` or ``r``) are pushed apart along their
    line of centres before the step (never into a wall); deeper, they raise.

    Parameters
    ----------
    circles : Circles (or Points), any leading shape
    velocity : array_like, layout (..., 2), broadcastable to the circles
    world : TileMap or World
    dt : float >= 0
    restitution : float or array_like in [0, 1], default 1 (elastic)
        As for :func:`reflect`: more than 1 would add energy at every bounce.
        One value, or one per circle (broadcastable to the circles).
    friction : float or array_like >= 0, default 0
        The Coulomb coefficient (it may exceed 1); one value, or one per
        circle (broadcastable to the circles).
    max_bounces : int >= 1, default 16
        After this many impacts within one call a circle stays where it is for
        the rest of ``dt`` (its velocity is already reflected).
    collide : bool, default False
        Also make the circles hit each other.
    masses : array_like, optional
        With ``collide=True`` or ``events=True``: each circle's mass, finite
        and > 0, broadcastable to the circles.  Default: r**2 (proportional
        to the area; then with ``collide`` no circle may have radius 0).
    return_bounces : bool, default False
        Also return the number of impacts of each circle (with ``collide``, an
        impact between two circles counts for both).
    events : bool, default False
        Also return every impact as :class:`AdvanceEvents` (as
        :func:`move`'s ``events``): which circle, when within the step, what
        it hit (another circle, or the world's part and the shape or tile
        within it), the point, the normal and the normal impulse.  Each
        circle's events are exactly the impacts its bounces count, in time
        order; an impact between two circles is an event of each.  The
        events cost room for ``max_bounces`` impacts per circle while the
        step runs, and change nothing else: with or without them the
        circles move the same, bit for bit.
    threads : int, optional
        As for :func:`overlaps`, but threads share batches from 2,048 circles on.
        The result never depends on it.

    Returns
    -------
    (Circles, ndarray), then ndarray of int64 with ``return_bounces``, then AdvanceEvents with ``events``
        The moved circles, their new velocities, with ``return_bounces`` the
        number of impacts of each and with ``events`` the impacts
        themselves: ``moved, v, bounces, events`` with both.

    Raises
    ------
    ValueError
        When a circle's interior overlaps the solid at the start deeper than
        its tolerance, or when a circle's move (velocity times the time left)
        would leave the range of the doubles (naming the first such circle);
        with ``collide=True``, when two circles' interiors overlap at the
        start deeper than their tolerance (naming the first pair: there is no
        telling which way they should part), or a mass is not finite and
        > 0; or for bad parameters (naming the first bad element).  The
        caller's arrays are never changed.

    Examples
    --------
    >>> import pycollide as pc
    >>> box = pc.TileMap.from_text('''
    ... #####
    ... #...#
    ... #####
    ... ''')
    >>> ball = pc.Circles([1.5, 1.5, 0.5])            # resting on the floor
    >>> moved, v = pc.advance(ball, [2.0, 0.0], box, 1.5)
    >>> moved.center.tolist(), v.tolist()           # off the east wall, back again
    ([2.5, 1.5], [-2.0, 0.0])

    A restitution per ball: one elastic, one dead, each against a side wall.

    >>> pair = pc.Circles([[1.5, 1.5, 0.5], [3.5, 1.5, 0.5]])
    >>> moved, v = pc.advance(pair, [[-1.0, 0.0], [1.0, 0.0]], box, 0.5, restitution=[1.0, 0.0])
    >>> moved.center.tolist(), v.tolist()
    ([[2.0, 1.5], [3.5, 1.5]], [[1.0, 0.0], [0.0, 0.0]])

    Two balls of equal mass, head on: they swap velocities.

    >>> table = pc.World(pc.Segments([[0, 0, 10, 0], [10, 0, 10, 4], [10, 4, 0, 4], [0, 4, 0, 0]]))
    >>> balls = pc.Circles([[2.0, 2.0, 0.5], [8.0, 2.0, 0.5]])
    >>> moved, v = pc.advance(balls, [[1.0, 0.0], [-1.0, 0.0]], table, 4.0, collide=True)
    >>> moved.center.tolist(), v.tolist()          # they meet at t = 2.5
    ([[3.0, 2.0], [7.0, 2.0]], [[-1.0, 0.0], [1.0, 0.0]])

    The same with events: each ball's impact with the other at t = 2.5,
    where they touch at (5, 2); the normals point back at each ball; the
    impulse exchanged is 0.5 (masses r**2 = 0.25, each velocity changed by
    2).

    >>> moved, v, ev = pc.advance(balls, [[1.0, 0.0], [-1.0, 0.0]], table, 4.0, collide=True, events=True)
    >>> ev.ball.tolist(), ev.other.tolist(), ev.time.tolist(), ev.point.tolist()
    ([0, 1], [1, 0], [2.5, 2.5], [[5.0, 2.0], [5.0, 2.0]])
    >>> ev.normal.tolist(), ev.impulse.tolist(), ev.part.tolist()
    ([[-1.0, 0.0], [1.0, 0.0]], [0.5, 0.5], [-1, -1])

    The first example with its bounces and events: the ball meets the east
    wall's face x = 4 at t = 1, the tile of row 1 and column 4 of the map's
    5 columns (flat cell 1 * 5 + 4 = 9); its mass r**2 = 0.25 times its
    velocity's change along the normal, 2 to -2, is an impulse of 1.

    >>> moved, v, bounces, ev = pc.advance(ball, [2.0, 0.0], box, 1.5, return_bounces=True, events=True)
    >>> int(bounces), ev.time.tolist(), ev.part.tolist(), ev.index.tolist()
    (1, [1.0], [0], [9])
    >>> ev.point.tolist(), ev.normal.tolist(), ev.impulse.tolist()
    ([[4.0, 1.5]], [[-1.0, 0.0]], [1.0])
    """
    verb = "advance"
    circles = d.circles_arg(verb, "circles", circles)
    if not isinstance(world, (TileMap, World)):
        raise TypeError(f"{verb}: `world` must be a TileMap or a World, got {type(world).__name__}")
    v = d.vectors(verb, "velocity", velocity)
    try:
        if v.shape[:-1] != circles.shape:
            v = np.broadcast_to(v, circles.shape + (2,))
    except ValueError:
        raise ValueError(
            f"{verb}: `velocity` {v.shape[:-1]} does not broadcast to the circles' shape {circles.shape}"
        ) from None
    dt = number(verb, "dt", dt, 0.0)
    e, se = _per_circle(verb, "restitution", restitution, circles.shape, "in [0, 1]", lambda x: (x >= 0) & (x <= 1))
    mu, smu = _per_circle(
        verb, "friction", friction, circles.shape, "finite and >= 0", lambda x: np.isfinite(x) & (x >= 0)
    )
    if isinstance(max_bounces, (bool, np.bool_)) or not isinstance(max_bounces, (int, np.integer)):
        raise TypeError(f"{verb}: `max_bounces` must be an integer, got {max_bounces!r}")
    if not 1 <= max_bounces <= 2**31 - 1:
        raise ValueError(f"{verb}: `max_bounces` must be >= 1, got {max_bounces}")
    for name, flag in (("collide", collide), ("events", events)):
        if not isinstance(flag, (bool, np.bool_)):
            raise TypeError(f"{verb}: `{name}` must be True or False, got {flag!r}")
    if masses is not None and not (collide or events):
        raise ValueError(
            f"{verb}: `masses` matter only when the circles hit each other (collide=True) or for the "
            f"impulses of events=True"
        )
    c = np.array(circles._data, dtype=np.float64, order="C").reshape(-1, 3)
    vel = np.array(v, dtype=np.float64, order="C").reshape(-1, 2)
    n = len(c)
    m = _masses(verb, masses, circles, c) if collide or masses is not None else None
    bounces = np.zeros(n, dtype=np.int64)
    # room for every impact: a circle has at most max_bounces (a row of no impact has a NaN time)
    impacts = np.empty((n, int(max_bounces), lib.PC_IMPACT_DOUBLES)) if events else None
    iptr = double_ptr(impacts) if impacts is not None and impacts.size else ffi.NULL
    if n:
        parts, keep = c_parts(verb, world)
        bptr = ffi.cast("int64_t *", ffi.from_buffer(bounces))
        if collide:
            pair = _collide(
                verb,
                parts,
                len(keep),
                c,
                vel,
                circles._data,
                v,
                m,
                bptr,
                n,
                dt,
                (e, se, mu, smu),
                int(max_bounces),
                iptr,
            )
            if pair is not None:
                i, j = (tuple(int(k) for k in np.unravel_index(x, circles.shape)) for x in pair)
                raise ValueError(
                    f"{verb}: circles {i} and {j} overlap at the start (their interiors meet deeper "
                    f"than a rounding error); with collide=True every pair must start apart or touching"
                )
        else:
            rc = call(
                n * COSTLY,
                lib.pc_world_advance,
                parts,
                len(keep),
                double_ptr(c),
                double_ptr(vel),
                ffi.NULL if m is None else double_ptr(m),
                bptr,
                n,
                dt,
                double_ptr(e),
                se,
                double_ptr(mu),
                smu,
                int(max_bounces),
                iptr,
                _motion_threads(verb, threads, n),
            )
            check_rc(verb, rc)
        _check_stuck(verb, "circle", bounces, circles.shape, v)
    moved = _moved(verb, Circles, c, circles.shape)
    out: Tuple[Any, ...] = (moved, vel.reshape(circles.shape + (2,)))
    if return_bounces:
        out += (bounces.reshape(circles.shape),)
    if impacts is not None:
        ball, slot = np.nonzero(~np.isnan(impacts[:, :, 0]))
        rows = impacts[ball, slot]
        ints = rows[:, 1:4].astype(np.int64)
        out += (
            AdvanceEvents(
                ball.astype(np.int64),
                rows[:, 0],
                ints[:, 0],
                ints[:, 1],
                ints[:, 2],
                rows[:, 4:6],
                rows[:, 6:8],
                rows[:, 8],
            ),
        )
    return out


class Slide(NamedTuple):
    """The result of :func:`slide`; arrays over the boxes' leading shape ``S``."""

    boxes: Boxes
    """The moved boxes."""
    velocity: np.ndarray
    """(S, 2): the velocities, less what pointed into the walls met."""
    on_floor: np.ndarray
    """(S) bool: met a wall facing up (its normal within 45 degrees of +y),
    resting on it included: the box stands on the ground."""
    on_ceiling: np.ndarray
    """(S) bool: met a wall facing down (within 45 degrees of -y)."""
    on_wall: np.ndarray
    """(S) bool: met a wall facing sideways."""


def slide(
    boxes: Boxes,
    velocity: ArrayLike,
    world: Union[TileMap, World],
    dt: float,
    max_slides: int = 4,
    *,
    threads: Optional[int] = None,
) -> Slide:
    """Move axis-aligned boxes through a world and slide them along its walls
    and floors (restitution 0): what a tile-based platformer does every frame.

    .. deprecated:: 0.1.0
        Use :func:`move`, the character mover (every kind, steps, snapping,
        one-way parts, moving platforms, what each shape stands on):
        ``pc.move(boxes, velocity * dt, world, max_iterations=max_slides)``.
        It is no drop-in: its ``on_floor`` says a box ends standing on a
        floor (not that it met one); a slope steeper than ``walkable`` (45
        degrees by default, the steepest of a tile map) is a wall it never
        climbs; it solves against every surface it is still touching, as
        Box2D's mover does, where ``slide`` drops at each impact only what
        points into that one wall; :class:`OneWay` parts are one-way for
        it, solid here; and it returns the displacement made, not a
        velocity: ``pc.reflect(v, normal, 0.0)`` over the impacts of
        ``move(..., events=True)`` drops what points into the surfaces met.
        ``slide`` warns (:class:`DeprecationWarning`) and will be removed;
        see CHANGELOG.md.

    Each box moves with its velocity until it touches a wall (a swept test,
    exact in whether it hits, so however fast it goes it never passes through
    a wall or a corner), the part of its remaining displacement and of its
    velocity pointing into that wall is dropped, and it slides on along the
    wall with the rest; after ``max_slides`` impacts it stops where it is.  A
    box falling onto a floor stops falling and keeps its horizontal speed; a
    box pushed into an inner corner stops.  A box resting on a floor, pulled
    down by gravity each frame, meets the floor at once and slides along it:
    ``on_floor`` tells it stands.  Faces shared by two solid tiles of a tile
    map are no walls, so a box sliding over a floor of tiles never catches on
    the seams between them, and a box running into the foot of a 45-degree
    tile slides up it (where a box meets a tile at a corner, the wall is the
    tile's exposed face that it moves into; in a collection of shapes every
    shape is a wall of its own: build floors from tile maps or single long
    shapes).

    Guarantees, exactly: a box that does not strictly overlap the world (see
    :func:`overlaps` with ``touching=False``) at the start does not at the end
    (a move that rounding would end inside is shortened); no box gains speed.
    Boxes do not hit each other.  y is up for ``on_floor`` and ``on_ceiling``.

    A start that touches the world is fine, and one that overlaps it a little
    too (a box placed where :func:`sweep` said it hits, a crate on a moving
    platform that stepped up into it this frame): the box is first moved out
    by :func:`depenetrate`'s least translation, when that is no longer than
    its tolerance, ``2**-3`` of its larger side plus ``2**-40`` of its
    largest ``|coordinate|`` (as for :func:`advance`).  A deeper start
    raises; call :func:`depenetrate` first to move such boxes out on purpose.

    Parameters
    ----------
    boxes : Boxes, any leading shape
    velocity : array_like, layout (..., 2), broadcastable to the boxes
    world : TileMap or World
    dt : float >= 0
    max_slides : int >= 1, default 4
        Impacts allowed per box in one call (an inner corner takes two).
    threads : int, optional
        As for :func:`advance`.  The result never depends on it.

    Returns
    -------
    Slide
        ``(boxes, velocity, on_floor, on_ceiling, on_wall)``.

    Raises
    ------
    ValueError
        When a box strictly overlaps the world at the start deeper than its
        tolerance or would move beyond the range of the doubles (naming the
        first), or for bad parameters.  The caller's arrays are never changed.

    Examples
    --------
    >>> import pycollide as pc
    >>> level = pc.TileMap.from_text('''
    ... #......
    ... #......
    ... #######
    ... ''')
    >>> player = pc.Boxes([3.0, 1.0, 4.0, 2.0])          # standing on the floor
    >>> gravity = -30.0
    >>> s = pc.slide(player, [5.0, gravity * 0.1], level, 0.1)
    >>> s.boxes, s.velocity.tolist(), bool(s.on_floor)
    (Boxes([3.5, 1. , 4.5, 2. ]), [5.0, 0.0], True)
    >>> s = pc.slide(player, [-40.0, 0.0], level, 0.1)  # runs into the wall
    >>> s.boxes, s.velocity.tolist(), bool(s.on_wall)
    (Boxes([1., 1., 2., 2.]), [0.0, 0.0], True)
    >>> m = pc.move(player, [-4.0, 0.0], level)   # what replaces it
    >>> m.shapes, bool(m.on_wall)
    (Boxes([1., 1., 2., 2.]), True)
    """
    verb = "slide"
    warnings.warn(
        "pc.slide is deprecated and will be removed: use pc.move(boxes, velocity * dt, world, "
        "max_iterations=max_slides), the character mover (slide's docstring and CHANGELOG.md say how "
        "they differ)",
        DeprecationWarning,
        stacklevel=2,
    )
    if not isinstance(boxes, Boxes):
        raise TypeError(f"{verb}: `boxes` must be Boxes, got {type(boxes).__name__}")
    if not isinstance(world, (TileMap, World)):
        raise TypeError(f"{verb}: `world` must be a TileMap or a World, got {type(world).__name__}")
    v = d.vectors(verb, "velocity", velocity)
    try:
        v = np.broadcast_to(v, boxes.shape + (2,))
    except ValueError:
        raise ValueError(
            f"{verb}: `velocity` {v.shape[:-1]} does not broadcast to the boxes' shape {boxes.shape}"
        ) from None
    dt = number(verb, "dt", dt, 0.0)
    if isinstance(max_slides, (bool, np.bool_)) or not isinstance(max_slides, (int, np.integer)):
        raise TypeError(f"{verb}: `max_slides` must be an integer, got {max_slides!r}")
    if not 1 <= max_slides <= 2**31 - 1:
        raise ValueError(f"{verb}: `max_slides` must be >= 1, got {max_slides}")
    b = np.array(boxes._data, dtype=np.float64, order="C").reshape(-1, 4)
    vel = np.array(v, dtype=np.float64, order="C").reshape(-1, 2)
    n = len(b)
    flags = np.zeros(n, dtype=np.int8)
    if n:
        parts, keep = c_parts(verb, world)
        check_rc(
            verb,
            call(
                n * COSTLY,
                lib.pc_world_slide,
                parts,
                len(keep),
                double_ptr(b),
                double_ptr(vel),
                ffi.cast("int8_t *", ffi.from_buffer(flags)),
                n,
                dt,
                int(max_slides),
                _motion_threads(verb, threads, n),
            ),
        )
        _check_stuck(verb, "box", flags, boxes.shape, v)
    shape = boxes.shape
    return Slide(
        _moved(verb, Boxes, b, shape),
        vel.reshape(shape + (2,)),
        (flags & lib.PC_SLIDE_FLOOR).astype(bool).reshape(shape),
        (flags & lib.PC_SLIDE_CEILING).astype(bool).reshape(shape),
        (flags & lib.PC_SLIDE_WALL).astype(bool).reshape(shape),
    )


class Depenetration(NamedTuple):
    """The result of :func:`depenetrate`; arrays over the shapes' leading shape ``S``."""

    shapes: Shapes
    """The shapes moved out (of the type given)."""
    translation: np.ndarray
    """(S, 2): the translation each was moved by (0 where it did not strictly
    overlap the world, or was not resolved)."""
    depth: np.ndarray
    """(S): the penetration depth, the translation's length (0 where a shape
    did not strictly overlap the world; inf where it was not resolved)."""
    resolved: np.ndarray
    """(S) bool: False where the search gave up (the shape is returned as it was)."""


def depenetrate(shapes: Shapes, world: Union[TileMap, World], *, threads: Optional[int] = None) -> Depenetration:
    """Move shapes out of a world by the least translation that leaves each
    touching it at most: after it, ``overlaps(result, world,
    touching=False)`` is False, exactly.

    Shapes of any kind, against a :class:`TileMap` (the union of its solid
    tiles) or a :class:`World`.  A shape that does not strictly overlap the
    world stays where it is (touching is fine).  Against several walls at
    once (sunk in a floor and a wall, wedged in a corner) the translation
    clears them all, as Box2D's ``b2SolvePlanes`` does for a character
    mover: each wall near the shape (a tile, a shape of a collection) gives
    lines beyond which the shape is clear of it (separating axes: the faces
    of both; where either is round, tangents to the rounded corners), and
    the translation is the shortest that gets beyond a line of every wall:
    the projection on one line, or where two cross (a corner).  It is the
    least translation itself up to rounding where the walls and the shape
    are polygonal; where they are round, tangents approximate the rims, and
    the translation may be longer than the least by a small fraction of the
    radii.  A box sunk across the seam between two floor tiles comes out
    along the floor's normal, never through the face between the tiles.
    The translation is applied as :func:`transform` applies one (each
    coordinate rounded once), then checked with the exact overlap test and
    nudged outward by ulps while rounding leaves the shape inside.

    The search looks at the world within a window around each shape, grown
    as needed; a shape whose window would hold more than 48 walls or tiles
    (or 256 lines, or take 40 windows), deep inside a large solid mass say,
    is not resolved: it is returned as it was, with ``resolved`` False and
    ``depth`` inf.

    Parameters
    ----------
    shapes : shape array (any kind but Lines), any leading shape
    world : TileMap or World
    threads : int, optional
        As for :func:`advance`.  The result never depends on it.

    Returns
    -------
    Depenetration
        ``(shapes, translation, depth, resolved)``.

    Examples
    --------
    >>> import pycollide as pc
    >>> level = pc.TileMap.from_text("#......\\n#......\\n#######")   # slide's level
    >>> crates = pc.Boxes([[3.0, 0.75, 4.0, 1.75],     # sunk in the floor
    ...                    [0.5, 1.5, 1.5, 2.5],       # in the wall
    ...                    [0.75, 0.75, 1.75, 1.75]])  # in both
    >>> out = pc.depenetrate(crates, level)
    >>> out.translation.tolist(), out.depth.round(6).tolist()
    ([[0.0, 0.25], [0.5, 0.0], [0.25, 0.25]], [0.25, 0.5, 0.353553])
    >>> bool(pc.overlaps(out.shapes, pc.World(level), touching=False).any())
    False
    """
    verb = "depenetrate"
    shapes = d.world_shapes_arg(verb, "shapes", shapes)
    if getattr(type(world), "is_outline", False) is True:  # Polylines, Regions: a world of one part
        world = World(world)
    if not isinstance(world, (TileMap, World)):
        raise TypeError(
            f"{verb}: `world` must be a TileMap or a World (or Polylines, Regions), got {type(world).__name__}"
        )
    data = shapes._data
    shape = data.shape[:-1]
    moved = np.empty(shape + (shapes.width,))
    out = np.empty(shape + (3,))
    n = out.size // 3
    nthreads = _motion_threads(verb, threads, n)
    if n:
        parts, keep = c_parts(verb, world)
        args, ndim, dims = d.arrays(shape, [data, moved, out])
        check_rc(
            verb, call(n * COSTLY, lib.pc_world_depenetrate, parts, len(keep), shapes.kind, *args, ndim, dims, nthreads)
        )
    depth = out[..., 2]
    return Depenetration(
        _moved(verb, type(shapes), moved.reshape(-1, shapes.width), shape), out[..., :2], depth, np.isfinite(depth)
    )


def _check_stuck(verb: str, what: str, codes: np.ndarray, shape: Tuple[int, ...], v: np.ndarray) -> None:
    """Raise for the first negative code of the C motion (-1: it starts inside
    the world deeper than its tolerance; -2: its move overflows).  The results
    are then discarded: nothing the caller holds has changed."""
    if not len(codes) or codes.min() >= 0:
        return
    first = int(np.flatnonzero(codes < 0)[0])
    index = tuple(int(k) for k in np.unravel_index(first, shape))
    if codes[first] == -1:
        raise ValueError(
            f"{verb}: {what} {index} starts inside the solid (its interior overlaps a wall deeper "
            f"than a rounding error; depenetrate moves it out)"
        )
    raise ValueError(
        f"{verb}: {what} {index} would move beyond the range of the doubles (velocity "
        f"{tuple(float(x) for x in np.reshape(v, (-1, 2))[first])} over the time left overflows)"
    )


def _moved(verb: str, cls: Any, rows: np.ndarray, shape: Tuple[int, ...]) -> Any:
    """The moved shapes: valid by construction (the motion keeps them finite),
    so only their magnitude is needed, which validation reports."""
    magnitude, bad = ffi.new("double *"), ffi.new("int64_t *")
    check_rc(verb, lib.pc_validate(cls.kind, double_ptr(rows) if len(rows) else ffi.NULL, len(rows), bad, magnitude))
    rows.flags.writeable = False
    return cls._trusted(rows.reshape(shape + (cls.width,)), float(magnitude[0]))


def _per_circle(
    verb: str,
    name: str,
    value: Any,
    shape: Tuple[int, ...],
    rule: str,
    ok: Callable[[np.ndarray], np.ndarray],
    zero: bool = True,
) -> Tuple[np.ndarray, int]:
    """A value per circle, broadcast to the circles' ``shape`` as numpy
    would: the values (float64, C-contiguous, flat) and their stride in
    doubles for the C core (0: one value for every circle, as given), each
    checked by ``ok`` (a ValueError names ``rule`` and the first bad index).
    A single number is checked by :func:`number` first (>= 0, or > 0 unless
    ``zero``), then by ``ok``."""
    if isinstance(value, (bool, np.bool_, int, float, np.integer, np.floating)):
        v = np.array([number(verb, name, value, 0.0, inclusive=zero)])
        if not ok(v)[0]:
            raise ValueError(f"{verb}: `{name}` must be {rule}, got {v[0]}")
        return v, 0
    what = f"{verb}: `{name}` must be a number or an array of real numbers, got"
    try:
        arr = np.asarray(value)
    except (TypeError, ValueError):
        raise TypeError(f"{what} {type(value).__name__}") from None
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{what} {type(value).__name__ if arr.dtype == object else f'dtype {arr.dtype}'}")
    if arr.ndim == 0:
        return _per_circle(verb, name, float(arr), shape, rule, ok, zero)
    try:
        arr = np.broadcast_to(arr, shape)
    except ValueError:
        raise ValueError(f"{verb}: `{name}` {arr.shape} does not broadcast to the circles' shape {shape}") from None
    flat = np.ascontiguousarray(arr, dtype=np.float64).reshape(-1)
    bad = ~ok(flat)
    if bad.any():
        first = int(np.flatnonzero(bad)[0])
        index = tuple(int(k) for k in np.unravel_index(first, shape))
        raise ValueError(f"{verb}: `{name}` must be {rule}; {name}{list(index)} is {flat[first]}")
    return flat, 1


def _masses(verb: str, masses: Any, circles: Circles, c: np.ndarray) -> Optional[np.ndarray]:
    """Finite positive masses, one per circle, or None for the default
    (proportional to r**2, which the C core computes without overflow)."""
    if masses is None:
        if len(c) and not (c[:, 2] > 0).all():
            point = tuple(int(k) for k in np.unravel_index(int(np.flatnonzero(~(c[:, 2] > 0))[0]), circles.shape))
            raise ValueError(f"{verb}: circle {point} has radius 0, so no area to take a mass from: give `masses`")
        return None
    m, stride = _per_circle(
        verb, "masses", masses, circles.shape, "finite and > 0", lambda x: np.isfinite(x) & (x > 0), zero=False
    )
    return m if stride else np.full(len(c), m[0])


# The first workspace of pc_world_collide, per circle: broad-phase entries
# (each circle's box in every grid cell it covers, and the pairs of circles
# whose boxes met) and queued impacts.  A step that needs more is retried
# from copies with four times as much.
_COLLIDE_ROOM = (8, 8)


def _collide(
    verb: str,
    parts: Any,
    nparts: int,
    c: np.ndarray,
    vel: np.ndarray,
    c0: np.ndarray,
    v0: np.ndarray,
    m: Any,
    bptr: Any,
    n: int,
    dt: float,
    response: Tuple[np.ndarray, int, np.ndarray, int],
    max_bounces: int,
    impacts: Any,
) -> Optional[Tuple[int, int]]:
    """The event-driven step on c and vel (copies of c0 and v0, which the
    caller keeps unchanged), retried from c0 and v0 with more room while the
    workspace is too small (the room needed grows with the impacts); the
    first pair of circles overlapping at the start deeper than a rounding
    error, if any (nothing moved).  response: the restitutions and the
    frictions with their strides (_per_circle); impacts: the rows for the
    impacts, or NULL (each call writes them all anew)."""
    e, se, mu, smu = response
    entries, events = _COLLIDE_ROOM[0] * n + 1024, _COLLIDE_ROOM[1] * n + 1024
    bounces = np.frombuffer(ffi.buffer(bptr, 8 * n), dtype=np.int64)
    while True:
        size = lib.pc_collide_workspace(n, entries, events)
        work = scratch(size)
        pair = ffi.new("int64_t[2]")
        mp = ffi.NULL if m is None else double_ptr(m)  # NULL: the default masses
        rc = call(
            n * COSTLY,
            lib.pc_world_collide,
            parts,
            nparts,
            double_ptr(c),
            double_ptr(vel),
            mp,
            bptr,
            n,
            dt,
            double_ptr(e),
            se,
            double_ptr(mu),
            smu,
            max_bounces,
            impacts,
            work,
            size,
            entries,
            events,
            pair,
        )
        if rc == lib.PC_ERR_OVERLAP:
            return int(pair[0]), int(pair[1])
        if rc != lib.PC_ERR_SPACE:
            check_rc(verb, rc)
            return None
        c[...] = np.reshape(c0, c.shape)
        vel[...] = np.reshape(v0, vel.shape)
        bounces[...] = 0
        entries, events = 4 * entries, 4 * events
