"""The hand: what it shows (``HandState``) and its order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...moves import Move, move_tile
from ...tiles import HIGH, NAMES, PIPS


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

    def focus_after(self, held: int | None) -> str | None:
        """Where keyboard focus goes when the hand is drawn anew while focus was
        at the table (``held``: the tile that had it, None if none did): it
        stays on that tile where it can (still here, and playable on the
        person's turn), else ``focus()`` on the person's turn, else the hand's
        first tile, or the empty hand itself: never on the page."""
        if held in self.tiles and (not self.active or held in self.playable):
            return f'#hand [data-tile="{NAMES[held]}"]'
        if self.active:
            return self.focus()
        return f'#hand [data-tile="{NAMES[self.tiles[0]]}"]' if self.tiles else "#hand"


def hand_order(tiles: Sequence[int], order: str, received: Sequence[int]) -> list[int]:
    """Largest pip total first, or in the order the tiles came to the hand."""
    if order == "received":
        rank = {t: i for i, t in enumerate(received)}
        return sorted(tiles, key=lambda t: rank.get(t, len(rank)))
    return sorted(tiles, key=lambda t: (-PIPS[t], -HIGH[t]))


def played_tile(move: Move) -> int | None:
    """The tile a move lays, or None for a draw or a pass."""
    return move_tile(move) if move >= 0 else None
