"""The hand and moving about it: what the hand shows (``HandState``), its
order, where keyboard focus goes, when a press becomes a drag, and which
tile a move lays. Pure values and functions, used by the controller and the
page's thin modules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import AllFivesError
from ..moves import move_tile, parse_move
from ..tiles import HIGH, NAMES, PIPS

DRAG_START_PX = 8  # a press that moves this far is a drag, not a click
FOCUS_KEYS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}


@dataclass(frozen=True)
class HandState:
    """Everything the hand and its buttons show."""

    tiles: tuple[int, ...]  # in the order shown
    playable: frozenset[int]
    selected: int | None
    active: bool  # the person is to move
    hinted: int | None
    must_draw: bool
    must_pass: bool

    @property
    def can_hint(self) -> bool:
        return self.active and bool(self.playable)

    def focus(self) -> str | None:
        """Where keyboard focus goes when the person is to move: the first
        playable tile, else the Draw or Pass button."""
        if not self.active:
            return None
        if self.must_draw:
            return "#draw"
        if self.must_pass:
            return "#pass"
        first = next((t for t in self.tiles if t in self.playable), None)
        return None if first is None else f'#hand [data-tile="{NAMES[first]}"]'


def next_focus(index: int, count: int, key: str) -> int | None:
    """The element an arrow, Home or End key moves to in a row of ``count``
    (the hand, or the lit places), wrapping round; None for other keys."""
    if count <= 0:
        return None
    if key == "Home":
        return 0
    if key == "End":
        return count - 1
    step = FOCUS_KEYS.get(key)
    return None if step is None else (index + step) % count


def drag_started(dx: float, dy: float) -> bool:
    """A press that has moved this far (CSS px) is a drag."""
    return dx * dx + dy * dy >= DRAG_START_PX * DRAG_START_PX


def hand_order(tiles: Sequence[int], order: str, received: Sequence[int]) -> list[int]:
    """Largest pip total first, or in the order the tiles came to the hand."""
    if order == "received":
        rank = {t: i for i, t in enumerate(received)}
        return sorted(tiles, key=lambda t: rank.get(t, len(rank)))
    return sorted(tiles, key=lambda t: (-PIPS[t], -HIGH[t]))


def played_tile(move: str) -> int | None:
    """The tile a move text lays, or None for a draw or a pass (or bad text)."""
    try:
        m = parse_move(move)
    except AllFivesError:
        return None
    return move_tile(m) if m >= 0 else None
