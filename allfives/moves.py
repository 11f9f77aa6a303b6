"""Moves as small integers, and their text form (RULES.md section 9).

A play is ``tile << 5 | (on + 1)`` where ``on`` is the tile it joins (or
``LEAD``); ``DRAW`` and ``PASS`` are negative. Text: ``"5-5"`` (a lead),
``"0-5>5-5"``, ``"draw"``, ``"pass"``.
"""

from __future__ import annotations

from .tiles import NAMES, parse_tile

Move = int
LEAD = -1  # the "on" of the first tile played
DRAW: Move = -1
PASS: Move = -2


def play_move(tile: int, on: int = LEAD) -> Move:
    return tile << 5 | (on + 1)


def move_tile(move: Move) -> int:
    return move >> 5


def move_on(move: Move) -> int:
    return (move & 31) - 1


def move_text(move: Move) -> str:
    if move == DRAW:
        return "draw"
    if move == PASS:
        return "pass"
    on = (move & 31) - 1
    tile = NAMES[move >> 5]
    return tile if on == LEAD else f"{tile}>{NAMES[on]}"


def parse_move(text: str) -> Move:
    """Parse move text; raise ValueError naming what is wrong."""
    if not isinstance(text, str):
        raise ValueError(f"a move is text like '0-5>5-5', 'draw' or 'pass', not {text!r}")
    word = text.strip().lower()
    if word == "draw":
        return DRAW
    if word == "pass":
        return PASS
    if ">" in word:
        tile, _, on = word.partition(">")
        t, o = parse_tile(tile), parse_tile(on)
        if t == o:
            raise ValueError(f"{text!r} plays a tile against itself")
        return play_move(t, o)
    return play_move(parse_tile(word))
