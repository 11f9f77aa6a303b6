"""Moves as small integers, and their text form (docs/RULES.md section 9).

A play is ``tile << 5 | (on + 1)`` where ``on`` is the tile it joins (or
``LEAD``); ``DRAW`` and ``PASS`` are negative, so ``move >= 0`` means a play.
Text: ``"5-5"`` (a lead), ``"0-5>5-5"``, ``"draw"``, ``"pass"``.

This module is the only one that knows the encoding. Elsewhere, use
``play_move``/``move_tile``/``move_on``, or in hot loops the tables
``PLAY_MOVE[tile][on]``, ``MOVE_TILE[move]`` and ``MOVE_ON[move]`` (a tuple
lookup costs what the bit arithmetic did; a function call costs more).
"""

from __future__ import annotations

from typing import NewType

from .errors import NotationError
from .tiles import NAMES, TILE_COUNT, Tile, parse_tile

Move = NewType("Move", int)
LEAD = -1  # the "on" of the first tile played
DRAW = Move(-1)
PASS = Move(-2)


def play_move(tile: Tile, on: Tile = LEAD) -> Move:
    """The move placing ``tile`` against table tile ``on`` (or leading it)."""
    return Move(tile << 5 | (on + 1))


def move_tile(move: Move) -> Tile:
    """The tile a play places."""
    return move >> 5


def move_on(move: Move) -> Tile:
    """The table tile a play joins, or ``LEAD``."""
    return (move & 31) - 1


# PLAY_MOVE[tile][on] == play_move(tile, on). The lead is each row's last
# entry, so ``on == LEAD`` (-1) indexes it like any other ``on``.
PLAY_MOVE: tuple[tuple[Move, ...], ...] = tuple(
    tuple(play_move(t, on) for on in (*range(TILE_COUNT), LEAD)) for t in range(TILE_COUNT))

# Indexed by a play (never DRAW or PASS; every play is below 28 << 5): its
# tile, and the tile it joins.
MOVE_TILE: tuple[int, ...] = tuple(move_tile(Move(m)) for m in range(TILE_COUNT << 5))
MOVE_ON: tuple[int, ...] = tuple(move_on(Move(m)) for m in range(TILE_COUNT << 5))


def move_text(move: Move) -> str:
    if move == DRAW:
        return "draw"
    if move == PASS:
        return "pass"
    on = move_on(move)
    tile = NAMES[move_tile(move)]
    return tile if on == LEAD else f"{tile}>{NAMES[on]}"


def parse_move(text: object) -> Move:
    """Parse move text; raise NotationError naming what is wrong.

    >>> move_text(parse_move("5-0>5-5")), parse_move("draw") == DRAW
    ('0-5>5-5', True)
    >>> parse_move("6-6>6-6")
    Traceback (most recent call last):
    ...
    allfives.errors.NotationError: '6-6>6-6' plays a tile against itself
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text like '0-5>5-5', 'draw' or 'pass', not {text!r}")
    word = text.strip().lower()
    if word == "draw":
        return DRAW
    if word == "pass":
        return PASS
    if ">" in word:
        tile, _, on = word.partition(">")
        t, o = parse_tile(tile), parse_tile(on)
        if t == o:
            raise NotationError(f"{text!r} plays a tile against itself")
        return play_move(t, o)
    return play_move(parse_tile(word))
