"""A user's script exercising every verb, checked by ``mypy --strict``
(tests/test_typing.py): what a type checker infers from pycollide's
annotations must be the precise result type, never ``Any``.  It also runs.
"""

from __future__ import annotations

import numpy as np
from typing_extensions import assert_type

import pycollide as pc

balls = pc.Circles(center=[[3.0, 1.5], [4.0, 1.5], [5.0, 2.0], [6.0, 2.5]], radius=0.5)
boxes = pc.Boxes(mins=[[0.0, 0.0], [2.0, 0.0]], maxs=[[1.0, 1.0], [3.0, 1.0]])
points = pc.Points([[0.5, 0.5], [5.0, 5.0]])
segments = pc.Segments([0.0, 0.0, 1.0, 1.0])
triangles = pc.Triangles([0.0, 0.0, 1.0, 0.0, 0.0, 1.0])
capsules = pc.Capsules(start=[0.0, 1.0], end=[0.0, 2.0], radius=0.5)
polygons = pc.Polygons.from_box(center=[0.0, 0.0], half_size=[1.0, 1.0], angle=0.3)
lines = pc.Lines([0.0, 0.0, 1.0, 0.0])
assert_type(balls, pc.Circles)
assert_type(polygons, pc.Polygons)
assert_type(balls.center, np.ndarray)
assert_type(balls[0], pc.Circles)

# transform keeps the type (boxes stay boxes only at exact quarter turns: Boxes | Polygons)
assert_type(pc.transform(balls, translation=[1.0, 0.0]), pc.Circles)
assert_type(pc.transform(capsules, angle=np.pi / 2), pc.Capsules)
assert_type(pc.transform(polygons, angle=0.1), pc.Polygons)
assert_type(pc.transform(boxes, translation=[1.0, 0.0]), pc.Boxes)  # a translation keeps boxes
turned = pc.transform(boxes, angle=0.3)
assert_type(turned, "pc.Boxes | pc.Polygons")
assert isinstance(turned, pc.Polygons)

hit = pc.overlaps(balls[:, None], boxes[None, :])
assert_type(hit, np.ndarray)
assert_type(pc.contains(boxes, points), np.ndarray)

c = pc.contact(balls, boxes[0])
assert_type(c, pc.Contact)
assert_type(c.separation, np.ndarray)
assert_type(pc.distance(balls, boxes[0]), np.ndarray)
m = pc.manifold(boxes, triangles)
assert_type(m, pc.Manifold)
where, count = pc.intersections(segments, lines)
assert_type(where, np.ndarray)

assert_type(pc.pairs(balls, boxes), np.ndarray)
near = pc.nearest(points, boxes)
assert_type(near, pc.Nearest)

level = pc.TileMap.from_text("#......\n#......\n#######")
world = pc.World(level, boxes)
assert_type(pc.raycast([0.0, 5.0], [1.0, -1.0], level), pc.RayHit)
assert_type(pc.raycast([0.0, 5.0], [1.0, -1.0], boxes), pc.ShapeHit)
assert_type(pc.raycast([0.0, 5.0], [1.0, -1.0], world), pc.WorldHit)
assert_type(pc.contact(balls, level), pc.Contact)
assert_type(pc.contact(balls, world), pc.WorldContact)
assert_type(pc.manifold(boxes, level), pc.Manifold)
assert_type(pc.manifold(boxes, world), pc.WorldManifold)
assert_type(pc.manifold(world, boxes, margin=0.5), pc.WorldManifold)

s = pc.sweep(balls, [10.0, 0.0], boxes[0])
assert_type(s, pc.Sweep)
assert_type(pc.sweep(balls, [10.0, 0.0], level), pc.Sweep)
assert_type(pc.sweep(balls, [10.0, 0.0], world), pc.WorldSweep)
bounced = pc.reflect([10.0, 0.0], s.normal)
assert_type(bounced, np.ndarray)
va, vb = pc.impulse([1.0, 0.0], [-1.0, 0.0], 1.0, 2.0, [1.0, 0.0])
assert_type(va, np.ndarray)

moved, velocity = pc.advance(balls, [1.0, 0.0], level, 0.1)
assert_type(moved, pc.Circles)
moved, velocity, bounces = pc.advance(balls, [1.0, 0.0], level, 0.1, return_bounces=True)
assert_type(bounces, np.ndarray)
moved, velocity, events = pc.advance(balls, [1.0, 0.0], level, 0.1, events=True)
assert_type(events, pc.AdvanceEvents)
moved, velocity, bounces, events = pc.advance(balls, [1.0, 0.0], level, 0.1, return_bounces=True, events=True)
assert_type(events.impulse, np.ndarray)
player = pc.Boxes([3.0, 1.0, 4.0, 2.0])
step = pc.slide(player, [5.0, -3.0], level, 0.1)
assert_type(step, pc.Slide)
assert_type(step.boxes, pc.Boxes)

out = pc.depenetrate(pc.Boxes([3.0, 0.75, 4.0, 1.75]), level)
assert_type(out, pc.Depenetration)
assert_type(out.translation, np.ndarray)
tiles = level.tiles()
assert_type(tiles.boxes, pc.Boxes)

body = pc.Compound([boxes, balls])
placed = body.at([[0.0, 0.0], [10.0, 0.0]])
assert_type(placed, pc.Placed)
assert_type(pc.overlaps(placed, placed), np.ndarray)
