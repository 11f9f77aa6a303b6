"""Review: a game move by move, through one seat's eyes, with the expert's
analysis of that seat's decisions as it arrives from the bots' worker.

A ``Review`` is built from a game (a copy of the game on the table, or a
record file opened in the page, parsed once). It knows every position (each
round's deal, then the table after each move), which one is shown, and the
analysed decisions. The table at a position is a ``TableView`` of the game
rewound there (``PlayedGame.rewound``), so the review of the round in
progress shows no more than the seat saw. A game dealt here and one kept at
a real table are read alike (``played.PlayedGame``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...bots.analysis import Decision, Moment, biggest_losses, moments
from ...coach.grades import Summary, summary
from ...moves import move_tile
from ...played import PlayedGame
from ..draw.board import BoardScene
from ..i18n.catalogs import _
from ..table.played_view import played_view
from ..table.seats import HUMAN
from ..table.table import Table
from ..table.table_view import TableView
from .chart import chart

REVIEW_KEYS = {"ArrowLeft": -1, "ArrowRight": 1}


@dataclass(frozen=True)
class Spot:
    """A position: round ``round`` (1-based) after its first ``move`` moves."""

    round: int
    move: int


class Review:
    def __init__(self, game: PlayedGame, names: Sequence[str],
                 levels: Sequence[str | None], seat: int = HUMAN, *, daily: bool = False,
                 record: Mapping[str, Any] | None = None) -> None:
        """``game`` is kept as it is (never played on); ``daily``: whether it
        is played as the daily deal; ``record``: the opened record file it
        was read from (``records.opened``: kept to play on from it), None
        for the game on the table. A game kept at a real table is reviewed
        from its known seat, the others' hands unknown as they were to it
        (no decisions without one)."""
        self.game = game
        self.names = tuple(names)
        self.levels = tuple(levels)
        self.seat = seat
        self.daily = daily
        self.record = record
        self.spots = [Spot(r, k) for r, rnd in enumerate(game.rounds, 1)
                      for k in range(len(rnd.history) + 1)]
        self.at = len(self.spots) - 1  # the latest position first
        self.spot_at = {spot: i for i, spot in enumerate(self.spots)}  # each spot's index
        self.moments = list(moments(game, {seat}))
        self.decisions: dict[tuple[int, int], Decision] = {}

    @classmethod
    def of(cls, table: Table, seat: int = HUMAN) -> Review:
        """The game on ``table`` reviewed from ``seat``: a copy, so play on
        the table leaves the review as it opened."""
        return cls(table.game.copy(), table.names, table.bots, seat, daily=table.daily)

    @property
    def seed(self) -> int | str | None:
        """The seed the game was dealt from, as its record names it (None:
        an opened record without one)."""
        if self.record is not None:
            return self.record.get("seed")
        return self.game.seed

    @property
    def observed(self) -> bool:
        """Whether the game was kept at a real table (seen from one seat only)."""
        return self.game.observed

    # -- where we are ---------------------------------------------------------

    @property
    def spot(self) -> Spot:
        return self.spots[self.at]

    def step(self, delta: int) -> None:
        self.at = min(max(self.at + delta, 0), len(self.spots) - 1)

    def key(self, key: str) -> bool:
        """Arrows step back and forth; True if the key was the review's."""
        delta = REVIEW_KEYS.get(key)
        if delta is not None:
            self.step(delta)
        return delta is not None

    def jump(self, round_: int, move: int) -> None:
        """Show round ``round_`` just before its move ``move`` (1-based) was made."""
        self.at = self.spot_at[Spot(round_, move - 1)]

    def round_start(self, delta: int) -> None:
        """Go to the start of the previous (-1) or next (+1) round, or this one's start."""
        r = self.spot.round
        if delta < 0 and self.spot.move == 0 and r > 1:
            r -= 1
        elif delta > 0:
            r = min(r + 1, len(self.game.rounds))
        self.at = self.spot_at[Spot(r, 0)]

    def step_text(self) -> str:
        """``#review-step``, named by the move about to be made, as a decision
        is (``data-move``, "1.16"): "Round 2: before move 5 of 23"; at a
        round's last position "Round 2: after move 23 of 23"."""
        spot = self.spot
        total = len(self.game.rounds[spot.round - 1].history)
        if total == 0:
            # Translators: where the review is: round {round} dealt, no move made yet
            return _("Round {round}: the deal").format(round=spot.round)
        if spot.move == total:
            # Translators: where the review is: after the last of the {total} moves made in the
            # round (so far), {move} is the same number
            return _("Round {round}: after move {move} of {total}").format(
                round=spot.round, move=total, total=total)
        # Translators: where the review is: the table just before move {move} of the round's
        # {total} (1-based; move 1 is played on the deal)
        return _("Round {round}: before move {move} of {total}").format(
            round=spot.round, move=spot.move + 1, total=total)

    def view(self) -> TableView:
        """The table at the shown position, through the seat's eyes."""
        game = self.game.rewound(self.spot.round, self.spot.move)
        return played_view(game, self.names, self.levels, self.seat)

    def scene(self, view: TableView) -> BoardScene:
        """The board at the shown position (``view``): the tile just played
        with its points' pop, and the better move outlined when the decision
        about to be made here lost points."""
        last = view.round.history[-1] if view.round.history else None
        fresh = move_tile(last[1]) if last is not None and last[1] >= 0 else None
        here = self.decision_here()
        return BoardScene(view, fresh=fresh, fresh_points=last[2] if last else 0,
                          hint=here.best if here and here.loss else None)

    def decision_here(self) -> Decision | None:
        """The analysed decision about to be made at the shown position."""
        spot = self.spot
        return self.decisions.get((spot.round, spot.move + 1))

    # -- the analysis ------------------------------------------------------------

    def pending(self) -> list[Moment]:
        """The moments to analyse, one per decision not yet analysed."""
        return [m for m in self.moments if (m.round, m.move) not in self.decisions]

    def nearest_pending(self) -> list[Moment]:
        """``pending``, nearest the shown position first: the decision about
        to be made there, then outwards, the earlier of two as near first.
        The verdict a person looks at comes first; and a game opens at its
        end, where the decisions' playouts are the shortest (the last
        decision of a 3-player game to 150 took 0.09 CPU-s at the median of
        10 games in CPython, its first 0.25)."""
        def distance(moment: Moment) -> tuple[int, bool]:
            at = self.spot_at[Spot(moment.round, moment.move - 1)]
            return (abs(at - self.at), at > self.at)
        return sorted(self.pending(), key=distance)

    def here(self, moment: Moment) -> bool:
        """Whether ``moment`` is the decision about to be made at the shown position."""
        return (moment.round, moment.move) == (self.spot.round, self.spot.move + 1)

    def take(self, decision: Decision) -> Decision:
        self.decisions[(decision.round, decision.move)] = decision
        return decision

    def moment(self, decision: Decision) -> Moment:
        """The reviewed moment ``decision`` analyses."""
        return next(m for m in self.moments if (m.round, m.move) == (decision.round,
                                                                     decision.move))

    @property
    def done(self) -> int:
        return len(self.decisions)

    @property
    def total(self) -> int:
        return len(self.moments)

    def analysed(self) -> list[Decision]:
        """The decisions analysed so far, in play order."""
        return [self.decisions[(m.round, m.move)] for m in self.moments
                if (m.round, m.move) in self.decisions]

    def worst(self) -> list[Decision]:
        return biggest_losses(self.analysed())

    def graded(self) -> Summary:
        """The reviewed seat's summary of the decisions analysed so far."""
        return summary((d.loss for d in self.analysed()), self.game.rules.divisor)

    def chart(self, width: float = 0.0) -> str:
        """``#review-chart``: the scores through the whole game and the points
        the reviewed seat lost at each decision analysed so far, ``width`` CSS
        pixels wide (0: unknown)."""
        whole = played_view(self.game, self.names, self.levels, self.seat)
        rules = self.game.rules
        return chart(self.game, self.analysed(), [whole.side_name(s) for s in range(rules.sides)],
                     rules.side_of(self.seat), whole.names[self.seat], whole.is_you(self.seat),
                     width)
