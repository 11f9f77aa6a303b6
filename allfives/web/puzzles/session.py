"""One puzzle being solved: the tile picked, the places it may go, the
answer given. Pure: the page (``puzzles_page``) shows what this decides.

A tile with one place is played at once; with several, it is picked and
its places light up (``targets``), as at the table. The first move given
is the answer that counts."""

from __future__ import annotations

from dataclasses import dataclass

from ...coach.puzzles import Puzzle
from ...moves import LEAD, Move, move_on, move_tile
from ...scoring import play_points
from ..draw.board import Target
from ..play.hand import HandState, hand_order
from ..play.table_view import TableView


@dataclass
class Solving:
    puzzle: Puzzle
    kind: str  # why it is shown: progress.DAILY, AGAIN, OWN or NEW
    selected: int | None = None
    chosen: Move | None = None

    @property
    def right(self) -> bool | None:
        """Whether the answer given was the puzzle's (None before one is given)."""
        return None if self.chosen is None else self.chosen == self.puzzle.answer

    def plays_of(self, tile: int) -> list[Move]:
        return [m for m in self.puzzle.options if move_tile(m) == tile]

    def click(self, tile: int) -> Move | None:
        """A tile clicked: its move when it has one place, else None (picked,
        or put back when it was picked already; nothing once answered)."""
        if self.chosen is not None:
            return None
        plays = self.plays_of(tile)
        if len(plays) == 1:
            return plays[0]
        self.selected = tile if plays and self.selected != tile else None
        return None

    def choose(self, move: Move) -> bool:
        """The person's answer (only the first counts); True if it was a new answer."""
        if self.chosen is not None or move not in self.puzzle.options:
            return False
        self.chosen = move
        self.selected = None
        return True

    def targets(self) -> tuple[Target, ...]:
        """The lit places of the picked tile, each with its points."""
        if self.selected is None or self.chosen is not None:
            return ()
        layout = self.puzzle.view.layout()
        divisor = self.puzzle.view.rules.divisor
        return tuple(Target(m, move_on(m), play_points(layout.count_after(move_tile(m),
                                                                          move_on(m)), divisor))
                     for m in self.plays_of(self.selected) if move_on(m) != LEAD)

    def hand(self) -> HandState:
        view = self.puzzle.view
        playable = frozenset(move_tile(m) for m in self.puzzle.options)
        return HandState(tuple(hand_order(view.hand, "pips", ())), playable, self.selected,
                         self.chosen is None, None, False, False)

    def table(self) -> TableView:
        """The table to draw: the mover's view alone (``board`` draws its layout)."""
        return TableView(names=(), levels=(), player=self.puzzle.view, rounds=(), winner=None)
