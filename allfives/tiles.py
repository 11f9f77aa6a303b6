"""Tiles of a double-six set as small integers, with lookup tables.

A tile is an ``int`` id from 0 to 27; ``LOW[t]``/``HIGH[t]`` are its halves.
Ints (not objects) keep the engine fast enough for bots that simulate
thousands of rounds per move; ``tile_name``/``parse_tile`` are the text face.
A set of tiles (a hand) is a 28-bit mask.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

from .errors import NotationError

Tile: TypeAlias = int  # a tile's id, 0 (0-0) to 27 (6-6)
Mask: TypeAlias = int  # a set of tiles: bit t for tile t

TILE_COUNT = 28
ALL_TILES = (1 << TILE_COUNT) - 1

LOW: tuple[int, ...] = tuple(a for a in range(7) for b in range(a, 7))
HIGH: tuple[int, ...] = tuple(b for a in range(7) for b in range(a, 7))
PIPS: tuple[int, ...] = tuple(a + b for a, b in zip(LOW, HIGH, strict=True))
IS_DOUBLE: tuple[bool, ...] = tuple(a == b for a, b in zip(LOW, HIGH, strict=True))
NAMES: tuple[str, ...] = tuple(f"{a}-{b}" for a, b in zip(LOW, HIGH, strict=True))

_ID = {(a, b): t for t, (a, b) in enumerate(zip(LOW, HIGH, strict=True))}


def _value_mask(v: int) -> int:
    return sum(1 << t for t in range(TILE_COUNT) if v in (LOW[t], HIGH[t]))


# VALUE_MASK[v]: the tiles showing v on either half.
VALUE_MASK: tuple[int, ...] = tuple(_value_mask(v) for v in range(7))


def _playable(values: int) -> int:
    mask = 0
    for v in range(7):
        if values >> v & 1:
            mask |= VALUE_MASK[v]
    return mask


# PLAYABLE[m]: the tiles that fit some value in the 7-bit value set m.
PLAYABLE: tuple[int, ...] = tuple(_playable(m) for m in range(128))


def tile_id(a: int, b: int) -> Tile:
    """The id of the tile with halves ``a`` and ``b``, in either order."""
    return _ID[(a, b) if a <= b else (b, a)]


def tile_name(t: Tile) -> str:
    return NAMES[t]


def parse_tile(text: object) -> Tile:
    """Parse ``"3-5"`` or ``"5-3"``; raise NotationError with a readable message.

    ``text`` is typed ``object`` because it often comes straight from JSON."""
    if not isinstance(text, str):
        raise NotationError(f"a tile is written like '3-5', not {text!r}")
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.isdigit() and len(p) == 1 for p in parts):
        raise NotationError(f"{text!r} is not a tile (write it like '3-5')")
    a, b = int(parts[0]), int(parts[1])
    if a > 6 or b > 6:
        raise NotationError(f"{text!r} is not a double-six tile")
    return tile_id(a, b)


# tiles_of by table: the ids in each 7-bit chunk of a mask (a bot's hot path).
_CHUNKS: tuple[tuple[list[Tile], ...], ...] = tuple(
    tuple([c * 7 + i for i in range(7) if v >> i & 1] for v in range(128)) for c in range(4))


def tiles_of(mask: Mask) -> list[Tile]:
    """The tile ids in a mask, lowest id first (a new list).

    >>> hand = mask_of([parse_tile("3-5"), parse_tile("0-0")])
    >>> [NAMES[t] for t in tiles_of(hand)], pips_of(hand)
    (['0-0', '3-5'], 8)
    """
    c0, c1, c2, c3 = _CHUNKS
    return c0[mask & 127] + c1[mask >> 7 & 127] + c2[mask >> 14 & 127] + c3[mask >> 21]


def mask_of(tiles: Iterable[Tile]) -> Mask:
    mask = 0
    for t in tiles:
        mask |= 1 << t
    return mask


def pips_of(mask: Mask) -> int:
    """Total pips of the tiles in a mask."""
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS[low.bit_length() - 1]
        mask ^= low
    return total
