"""The character mover: shapes of every kind moved through a world, sliding
along what they meet, climbing steps and keeping to floors (``move``)."""

from __future__ import annotations

import math
from typing import Any, Dict, Mapping, NamedTuple, Optional, Union, cast

import numpy as np
from numpy.typing import ArrayLike

from . import _dispatch as d
from ._native import COSTLY, call, check_rc, double_ptr, ffi, lib
from .motion import _check_stuck, _motion_threads, _moved
from .shapes import Lines, Shapes
from .tiles import TileMap
from .transform import transform
from .world import OneWay, World, c_parts

__all__ = ["Move", "MoveEvents", "move"]


class MoveEvents(NamedTuple):
    """The impacts of :func:`move` (``events=True``), one entry per impact,
    ordered by mover and then as met."""

    mover: np.ndarray
    """(K) int64: the mover's flat index (``np.unravel_index`` gives its place in the shapes' leading shape)."""
    time: np.ndarray
    """(K): the time within the step, in [0, 1] (each sweep takes the rest of the step)."""
    part: np.ndarray
    """(K) int64: the world's part hit."""
    index: np.ndarray  # type: ignore[assignment]  # shadows tuple.index (see ShapeHit)
    """(K) int64: the shape within that part, or a tile map's flat cell ``row * cols + col``."""
    point: np.ndarray
    """(K, 2): the touching point on what was hit."""
    normal: np.ndarray
    """(K, 2): the surface's unit normal there, toward the mover."""
    lost: np.ndarray
    """(K): the length of the displacement the surface took (the rest's part into it)."""


class Move(NamedTuple):
    """The result of :func:`move`; arrays over the shapes' leading shape ``S``."""

    shapes: Shapes
    """The moved shapes (of the type given)."""
    displacement: np.ndarray
    """(S, 2): the displacement each made (less than asked where it met something)."""
    on_floor: np.ndarray
    """(S) bool: ends standing on a floor (a surface no steeper than
    ``walkable``): touching it, or above it by a hair (a probe down of
    ``2**-20`` of its size and ``2**-40`` of its coordinates finds it: a
    shape placed at a time of impact may stop that far short)."""
    on_wall: np.ndarray
    """(S) bool: met a wall (or a slope too steep to walk) during the move."""
    on_ceiling: np.ndarray
    """(S) bool: met a ceiling during the move."""
    ground_part: np.ndarray
    """(S) int64: the world's part it stands on (-1 when not on a floor)."""
    ground_index: np.ndarray
    """(S) int64: the shape within that part, or a tile map's flat cell
    ``row * cols + col`` (-1 when not on a floor)."""
    ground_normal: np.ndarray
    """(S, 2): the unit normal of the floor it stands on, out of it toward the
    shape; on a tile map's face exactly that face's (:attr:`TileMap.normals`),
    at every seam (NaN when none)."""
    events: Optional[MoveEvents] = None
    """The impacts, with ``events=True`` (else None)."""


def _option(verb: str, name: str, value: Any, lo: float, hi: float = math.inf) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{verb}: `{name}` must be a number, got {value!r}")
    v = float(value)
    if not (math.isfinite(v) and lo <= v <= hi):
        rule = f"in [{lo:g}, {hi:g}]" if math.isfinite(hi) else f"finite and >= {lo:g}"
        raise ValueError(f"{verb}: `{name}` must be {rule}, got {value!r}")
    return v


def move(
    shapes: Shapes,
    displacement: ArrayLike,
    world: Union[TileMap, World],
    *,
    walkable: float = math.pi / 4,
    step_height: float = 0.0,
    snap_distance: float = 0.0,
    max_iterations: int = 4,
    platforms: Optional[Mapping[int, ArrayLike]] = None,
    events: bool = False,
    threads: Optional[int] = None,
) -> Move:
    """Move shapes of any kind through a world by their displacements, sliding
    along what they meet: the character mover of a game's frame.

    Each shape sweeps its displacement against the world (exact in whether it
    hits, so however fast it never passes through a wall or a corner), moves
    up to the impact and keeps of the rest the displacement nearest it that
    points into none of the surfaces met in this move: it slides along one
    surface and stops in a corner, for at most ``max_iterations`` sweeps.
    Surfaces are told apart by their normal toward the shape (y up): a floor
    when it is within ``walkable`` of +y, a ceiling within ``walkable`` of
    -y, else a wall.  A slope steeper than ``walkable`` is never climbed (a
    shape falling onto it slides down).  A shape standing on a floor that
    runs into a wall at most ``step_height`` high climbs it as a step; one
    that stood on a floor and does not move up keeps to it when walking down
    slopes and steps up to ``snap_distance`` below.  Faces shared by two
    solid tiles of a tile map are no surface: a shape running over a floor of
    tiles meets one face, the floor's, across every seam.

    Guarantees, exactly: a shape that does not strictly overlap the world
    (see :func:`overlaps` with ``touching=False``) at the start does not at
    the end.  A start that touches the world is fine, and one a rounding
    error deep too (within :func:`depenetrate`'s tolerance, as for
    :func:`advance`): it is moved out first.  Translation only; shapes do
    not hit each other.

    Parameters
    ----------
    shapes : Points, Circles, Boxes, Segments, Triangles, Capsules or Polygons, any leading shape
    displacement : array_like, layout (..., 2), broadcastable to the shapes
        This frame's move of each (velocity times the time step, gravity included).
    world : TileMap or World
    walkable : float, default pi/4
        The steepest slope that counts as floor, in radians in [0, pi/2]
        (inclusive: a 45-degree tile is walkable by default).
    step_height : float >= 0, default 0
    snap_distance : float >= 0, default 0
    max_iterations : int >= 1, default 4
        Sweeps per shape (each impact, and each step climbed, costs one or more).
    platforms : mapping of int to array_like, optional
        Moving platforms: ``{part: displacement}`` for parts of ``world`` that
        are shape collections moving this step, each displacement of layout
        ``(len(part), 2)`` or ``(2,)`` for all of the part's shapes.  The
        platforms move first: a shape standing on one (as a probe at the
        start finds) is carried by its displacement, a shape it moves into
        is pushed out of it by the least translation (:func:`depenetrate`),
        never left inside; then every shape makes its own move against the
        world with the platforms where they moved to.  The world itself is
        not changed: build the next step's World from the platforms' new
        places.
    events : bool, default False
        Also report every impact (:class:`MoveEvents`: which mover, when,
        what it hit, where, the normal, the displacement the surface took) as
        ``Move.events``.
    threads : int, optional
        As for :func:`advance`.  The result never depends on it.

    Returns
    -------
    Move
        ``(shapes, displacement, on_floor, on_wall, on_ceiling, ground_part,
        ground_index, ground_normal)``.

    Raises
    ------
    ValueError
        When a shape starts inside the world deeper than its tolerance or
        would move beyond the range of the doubles (naming the first), for a
        displacement that is not finite, or for options out of range.  The
        caller's arrays are never changed.

    Examples
    --------
    >>> import pycollide as pc
    >>> level = pc.TileMap.from_text('''
    ... #.........
    ... #.........
    ... #....3####
    ... ##########
    ... ''')
    >>> hero = pc.Capsules([2.5, 1.3, 2.5, 1.7, 0.3])       # standing on the floor
    >>> m = pc.move(hero, [4.0, -0.2], level)               # east, and up the slope
    >>> bool(m.on_floor), int(m.ground_index), m.ground_normal.round(6).tolist()   # on the slope's tile
    (True, 15, [-0.707107, 0.707107])
    >>> m.ground_normal.tolist() == level.normals[7].tolist()  # the slope's face, exactly
    True
    >>> m = pc.move(hero, [-5.0, 0.0], level)               # into the west wall: it stops there
    >>> m.displacement.tolist(), bool(m.on_wall)
    ([-1.2, 0.0], True)
    """
    verb = "move"
    if platforms is not None:
        return _with_platforms(
            shapes,
            displacement,
            world,
            platforms,
            walkable,
            step_height,
            snap_distance,
            max_iterations,
            events,
            threads,
        )
    if not isinstance(events, (bool, np.bool_)):
        raise TypeError(f"{verb}: `events` must be True or False, got {events!r}")
    if not isinstance(shapes, Shapes) or isinstance(shapes, Lines):
        raise TypeError(f"{verb}: `shapes` must be a shape array (not Lines), got {type(shapes).__name__}")
    if not isinstance(world, (TileMap, World)):
        raise TypeError(f"{verb}: `world` must be a TileMap or a World, got {type(world).__name__}")
    v = d.vectors(verb, "displacement", displacement)
    try:
        v = np.broadcast_to(v, shapes.shape + (2,))
    except ValueError:
        raise ValueError(
            f"{verb}: `displacement` {v.shape[:-1]} does not broadcast to the shapes' shape {shapes.shape}"
        ) from None
    if not np.isfinite(v).all():
        first = tuple(int(k) for k in np.argwhere(~np.isfinite(v).all(axis=-1))[0])
        raise ValueError(f"{verb}: `displacement` must be finite; shape {first} has {v[first].tolist()}")
    angle = _option(verb, "walkable", walkable, 0.0, math.pi / 2)
    options = ffi.new("pc_move_options *")
    # inclusive: a surface exactly as steep as `walkable` is a floor, whatever the rounding of its normal
    options.floor_y = max(math.cos(angle) - 2.0**-50, 0.0)
    options.step_height = _option(verb, "step_height", step_height, 0.0)
    options.snap_distance = _option(verb, "snap_distance", snap_distance, 0.0)
    if isinstance(max_iterations, (bool, np.bool_)) or not isinstance(max_iterations, (int, np.integer)):
        raise TypeError(f"{verb}: `max_iterations` must be an integer, got {max_iterations!r}")
    if not 1 <= max_iterations <= 2**31 - 1:
        raise ValueError(f"{verb}: `max_iterations` must be >= 1, got {max_iterations}")
    options.max_iterations = int(max_iterations)
    n_rows = int(np.prod(shapes.shape, dtype=np.int64))
    impacts = np.empty((n_rows, int(max_iterations), 8)) if events else None
    options.events = double_ptr(impacts) if impacts is not None and impacts.size else ffi.NULL
    cls = type(shapes)
    rows = np.array(shapes._data, dtype=np.float64, order="C").reshape(-1, cls.width)
    disp = np.array(v, dtype=np.float64, order="C").reshape(-1, 2)
    n = len(rows)
    moved = np.zeros((n, 2))
    ground = np.empty((n, 4))
    flags = np.zeros(n, dtype=np.int8)
    if n:
        parts, keep = c_parts(verb, world)
        check_rc(
            verb,
            call(
                n * COSTLY,
                lib.pc_world_move,
                parts,
                len(keep),
                cls.kind,
                double_ptr(rows),
                double_ptr(disp),
                double_ptr(moved),
                double_ptr(ground),
                ffi.cast("int8_t *", ffi.from_buffer(flags)),
                n,
                options,
                _motion_threads(verb, threads, n),
            ),
        )
        _check_stuck(verb, "shape", flags, shapes.shape, v)
    shape = shapes.shape
    found = None
    if impacts is not None:
        mover, slot = np.nonzero(~np.isnan(impacts[:, :, 0]))
        e = impacts[mover, slot]
        found = MoveEvents(
            mover.astype(np.int64),
            e[:, 0],
            e[:, 1].astype(np.int64),
            e[:, 2].astype(np.int64),
            e[:, 3:5],
            e[:, 5:7],
            e[:, 7],
        )
    return Move(
        _moved(verb, cls, rows, shape),
        moved.reshape(shape + (2,)),
        (flags & lib.PC_MOVE_FLOOR).astype(bool).reshape(shape),
        (flags & lib.PC_MOVE_WALL).astype(bool).reshape(shape),
        (flags & lib.PC_MOVE_CEILING).astype(bool).reshape(shape),
        ground[:, 2].astype(np.int64).reshape(shape),
        ground[:, 3].astype(np.int64).reshape(shape),
        ground[:, :2].reshape(shape + (2,)),
        found,
    )


def _with_platforms(
    shapes: Shapes,
    displacement: ArrayLike,
    world: Union[TileMap, World],
    platforms: Mapping[int, ArrayLike],
    walkable: float,
    step_height: float,
    snap_distance: float,
    max_iterations: int,
    events: bool,
    threads: Optional[int],
) -> Move:
    """move with moving platforms: carry, push, then each shape's own move."""
    from .motion import depenetrate
    from .overlap import overlaps

    verb = "move"
    if not isinstance(world, World):
        raise TypeError(f"{verb}: `platforms` are parts of a World, got `world` {type(world).__name__}")
    if not isinstance(platforms, Mapping):
        raise TypeError(f"{verb}: `platforms` must be a mapping of part index to displacement, got {platforms!r}")
    moves: Dict[int, np.ndarray] = {}
    for k, disp in platforms.items():
        if isinstance(k, (bool, np.bool_)) or not isinstance(k, (int, np.integer)) or not 0 <= k < len(world):
            raise ValueError(f"{verb}: `platforms` names part {k!r}; the world has parts 0 to {len(world) - 1}")
        part = world.parts[int(k)]
        if not isinstance(part, Shapes):
            raise ValueError(f"{verb}: platform part {k} is a {type(part).__name__}; only shape collections move")
        v = d.vectors(verb, f"platforms[{k}]", disp)
        try:
            v = np.broadcast_to(v, (len(part), 2))
        except ValueError:
            raise ValueError(
                f"{verb}: the displacement of platform part {k} has shape {v.shape}; its part holds "
                f"{len(part)} shapes: give ({len(part)}, 2) or (2,)"
            ) from None
        if not np.isfinite(v).all():
            raise ValueError(f"{verb}: the displacement of platform part {k} must be finite")
        moves[int(k)] = np.array(v, dtype=np.float64)
    # where each shape stands before the platforms move (a move of nothing: the probe)
    still = move(
        shapes,
        np.zeros(2),
        world,
        walkable=walkable,
        step_height=step_height,
        snap_distance=snap_distance,
        max_iterations=1,
        threads=threads,
    )
    flat_part, flat_index = still.ground_part.reshape(-1), still.ground_index.reshape(-1)
    carry = np.zeros((flat_part.size, 2))
    for k, v in moves.items():
        on = flat_part == k
        carry[on] = v[flat_index[on]]
    carry = carry.reshape(shapes.shape + (2,))
    ups = world.one_way
    parts = [transform(cast(Shapes, p), moves[k]) if k in moves else p for k, p in enumerate(world.parts)]
    moved_world = World(*(p if u is None else OneWay(p, u) for p, u in zip(parts, ups)))
    here = transform(still.shapes, carry)  # the carried ride along
    platform_world = World(*(parts[k] for k in moves)) if moves else None
    pushed = np.zeros(shapes.shape + (2,))
    if platform_world is not None:
        hit = overlaps(here, moved_world, touching=False)
        if hit.any():
            out = depenetrate(here[hit], moved_world, threads=threads)
            if not out.resolved.all():
                first = tuple(int(i) for i in np.argwhere(hit)[np.flatnonzero(~out.resolved)[0]])
                raise ValueError(f"{verb}: shape {first} is crushed by a platform (no way out of the world found)")
            pushed[hit] = out.translation
            here = _replace(here, hit, out.shapes)
    m = move(
        here,
        displacement,
        moved_world,
        walkable=walkable,
        step_height=step_height,
        snap_distance=snap_distance,
        max_iterations=max_iterations,
        events=events,
        threads=threads,
    )
    return m._replace(displacement=m.displacement + carry + pushed + still.displacement)


def _replace(shapes: Shapes, where: np.ndarray, new: Shapes) -> Shapes:
    rows = np.array(shapes, dtype=np.float64).reshape(shapes.shape + (-1,))
    rows[where] = np.asarray(new, dtype=np.float64).reshape(int(where.sum()), -1)
    return type(shapes)(rows)
