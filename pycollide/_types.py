"""Type aliases for the public signatures (what a type checker sees)."""

from __future__ import annotations

from typing import Union

from numpy.typing import ArrayLike

from .compound import Placed
from .shapes import Shapes
from .tiles import TileMap
from .world import World

__all__ = ["ArrayLike", "Body", "Solid", "Anything"]

#: a shape array or placed compounds: what pairs with another body
Body = Union[Shapes, Placed]
#: a body or a tile map: what a contact is measured with
Solid = Union[Shapes, Placed, TileMap]
#: anything overlaps takes on either side
Anything = Union[Shapes, Placed, TileMap, World]
