"""One puzzle being solved: the tile picked, the places it may go, the
answer given. Pure: the page (``puzzles_page``) shows what this decides.

Picking a tile only picks it and lights its places (``targets``), even a
tile with one place or a lead: the answer is a second, deliberate act (the
lit place), because only the first answer counts and a slip of a finger on a
phone must not give it.

Once answered, the verdict's move (the runner-up when the answer was found,
else the move chosen) is analysed as Review analyses a decision
(``recheck``): exactly where the puzzle hides nothing, else by the expert's
playouts. The verdict then shows that analysis, its parts and its method,
when it agrees that the puzzle's answer is best; else the puzzle file's own
loss, an estimate (``shown``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...bots.analysis import ESTIMATE, Decision, Moment
from ...coach.puzzles import Puzzle
from ...moves import LEAD, Move, move_on, move_tile
from ...scoring import play_points
from ..draw.board import BoardScene, Target
from ..table.hand import HandState, hand_order
from ..table.table_view import TableView
from .progress import Why


@dataclass
class Solving:
    puzzle: Puzzle
    kind: Why  # why it is shown
    selected: int | None = None
    chosen: Move | None = None
    checked: Decision | None = None  # the verdict's move analysed again (``recheck``)

    @property
    def right(self) -> bool | None:
        """Whether the answer given was the puzzle's (None before one is given)."""
        return None if self.chosen is None else self.chosen == self.puzzle.answer

    @property
    def judged_move(self) -> Move | None:
        """The move the verdict is about: the runner-up when the answer was
        found, else the move chosen (None before an answer)."""
        if self.chosen is None:
            return None
        return self.puzzle.runner_up if self.chosen == self.puzzle.answer else self.chosen

    def recheck(self) -> Moment | None:
        """The verdict's move as a decision for Review's analysis (None before an answer)."""
        move = self.judged_move
        view = self.puzzle.view
        return None if move is None else Moment(self.puzzle.round, len(view.history) + 1,
                                                view, move)

    def shown(self) -> Decision | None:
        """The verdict's decision: the re-check when it is in and calls the
        puzzle's answer best, else what the puzzle file says (its loss, an
        estimate, no parts); None before an answer."""
        move = self.judged_move
        if move is None:
            return None
        checked = self.checked
        if checked is not None and checked.played == move and checked.best == self.puzzle.answer:
            return checked
        view = self.puzzle.view
        return Decision(self.puzzle.round, len(view.history) + 1, view.seat, move,
                        self.puzzle.answer, self.puzzle.loss_of(move) or 0.0,
                        len(self.puzzle.options), None, ESTIMATE)

    def plays_of(self, tile: int) -> list[Move]:
        return [m for m in self.puzzle.options if move_tile(m) == tile]

    def click(self, tile: int) -> None:
        """A tile picked: it is selected and its places lit; picked again, put
        back; another tile picked instead, that one. Never an answer; nothing
        once answered."""
        if self.chosen is None:
            self.selected = tile if self.plays_of(tile) and self.selected != tile else None

    def cancel(self) -> int | None:
        """The picked tile put back (Escape); which it was, if any."""
        tile, self.selected = self.selected, None
        return tile

    def choose(self, move: Move) -> bool:
        """The person's answer (only the first counts); True if it was a new answer."""
        if self.chosen is not None or move not in self.puzzle.options:
            return False
        self.chosen = move
        self.selected = None
        return True

    def targets(self) -> tuple[Target, ...]:
        """The lit places of the picked tile, each with its points (a lead's
        place is the empty table's middle)."""
        if self.selected is None or self.chosen is not None:
            return ()
        layout = self.puzzle.view.layout()
        divisor = self.puzzle.view.rules.divisor
        return tuple(Target(m, move_on(m), play_points(layout.count_after(move_tile(m),
                                                                          move_on(m)), divisor))
                     for m in self.plays_of(self.selected))

    @property
    def leads(self) -> bool:
        """Whether the puzzle is a lead: the table is empty, the person starts it."""
        return any(move_on(m) == LEAD for m in self.puzzle.options)

    def hand(self) -> HandState:
        view = self.puzzle.view
        playable = frozenset(move_tile(m) for m in self.puzzle.options)
        return HandState(tuple(hand_order(view.hand, "pips", ())), playable, self.selected,
                         self.chosen is None, None, False, False)

    def scene(self) -> BoardScene:
        """The puzzle's board: the picked tile's lit places, the last tile
        played before the puzzle (no pop: its points are not the person's
        news), and, once answered, the best move outlined."""
        last = next((m for _seat, m, _points in reversed(self.puzzle.view.history) if m >= 0), None)
        return BoardScene(self.table(), self.targets(), self.selected,
                          move_tile(last) if last is not None else None,
                          hint=self.puzzle.answer if self.chosen is not None else None)

    def table(self) -> TableView:
        """The table to draw: the mover's view alone (``board`` draws its layout)."""
        return TableView(names=(), levels=(), player=self.puzzle.view, rounds=(), winner=None)
