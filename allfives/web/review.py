"""Review: a game move by move, through one seat's eyes, with the expert's
analysis of that seat's decisions as it arrives from the bots' worker.

A ``Review`` is built from a game record (the game in progress, or a record
file opened in the page). It knows every position (each round's deal, then
the table after each move), which one is shown, and the analysed decisions.
The table at a position is a ``TableView`` of the record cut there, so the
review of the round in progress shows no more than the seat saw.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis import KEPT, LEFT, SCORED, Decision, Reason, biggest_losses, moments
from ..bots import LEVELS
from ..record import loads, replay
from .i18n import _, ngettext, number
from .table import DEFAULT_LEVEL, HUMAN, Table, clean_name, one_of
from .table_view import TableView

REVIEW_KEYS = {"ArrowLeft": -1, "ArrowRight": 1}


@dataclass(frozen=True)
class Spot:
    """A position: round ``round`` (1-based) after its first ``move`` moves."""

    round: int
    move: int


class Review:
    def __init__(self, record: dict[str, Any], names: Sequence[str],
                 levels: Sequence[str | None], seat: int = HUMAN) -> None:
        self.record = record
        self.game = replay(record)
        self.names = tuple(names)
        self.levels = tuple(levels)
        self.seat = seat
        self.spots = [Spot(r, k) for r, rnd in enumerate(self.game.rounds, 1)
                      for k in range(len(rnd.history) + 1)]
        self.at = len(self.spots) - 1  # the latest position first
        self.moments = list(moments(self.game, {seat}))
        self.decisions: dict[tuple[int, int], Decision] = {}

    @classmethod
    def of(cls, table: Table, seat: int = HUMAN) -> Review:
        return cls(json.loads(table.to_save()), table.names, table.bots, seat)

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
        self.at = self.spots.index(Spot(round_, move - 1))

    def round_start(self, delta: int) -> None:
        """Go to the start of the previous (-1) or next (+1) round, or this one's start."""
        r = self.spot.round
        if delta < 0 and self.spot.move == 0 and r > 1:
            r -= 1
        elif delta > 0:
            r = min(r + 1, len(self.game.rounds))
        self.at = self.spots.index(Spot(r, 0))

    def step_text(self) -> str:
        """``#review-step``: "Round 2: move 5 of 23"."""
        spot = self.spot
        total = len(self.game.rounds[spot.round - 1].history)
        # Translators: where the review is: {move} moves of the round's {total} have been made.
        return _("Round {round}: move {move} of {total}").format(
            round=spot.round, move=spot.move, total=total)

    def view(self) -> TableView:
        """The table at the shown position, through the seat's eyes."""
        spot = self.spot
        cut = dict(self.record)
        rounds = list(self.record["rounds"][:spot.round])
        last = dict(rounds[-1])
        last["moves"] = list(last.get("moves", []))[:spot.move]
        cut["rounds"] = rounds[:-1] + [last]
        game = replay(cut)
        return TableView.of(Table(game, self.names, self.levels), self.seat)

    def decision_here(self) -> Decision | None:
        """The analysed decision about to be made at the shown position."""
        spot = self.spot
        return self.decisions.get((spot.round, spot.move + 1))

    # -- the analysis ------------------------------------------------------------

    def pending(self) -> list[dict[str, Any]]:
        """Requests for the worker, one per decision not yet analysed."""
        return [m.to_json() for m in self.moments if (m.round, m.move) not in self.decisions]

    def take(self, answer: dict[str, Any]) -> None:
        decision = Decision.from_json(answer)
        self.decisions[(decision.round, decision.move)] = decision

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


def opened(text: str, seat: int = HUMAN) -> Review:
    """A record file's text as a review from ``seat``; RecordError (the replay
    command's one line) if it cannot be read or breaks a rule."""
    game = loads(text)
    data = json.loads(text)
    n = game.rules.players
    table = data.get("table") if isinstance(data.get("table"), dict) else {}
    names = table.get("names")
    if not (isinstance(names, list) and len(names) == n and all(isinstance(x, str) for x in names)):
        # Translators: a seat's name when an opened record names nobody; {number} is 1 to 4.
        names = [_("Player {number}").format(number=s + 1) for s in range(n)]
    levels = table.get("bots")
    if not (isinstance(levels, list) and len(levels) == n):
        levels = [None] * n
    return Review(data, [clean_name(x) for x in names],
                  [one_of(b, LEVELS, DEFAULT_LEVEL) if b else None for b in levels], seat)


def too_big(name: str, size: int) -> str:
    """A file too big to be a record, refused unread."""
    # Translators: a file opened to review, refused: {name} is its name, {n} its size in bytes.
    return ngettext("{name} could not be opened: {n} byte is too big for a record",
                    "{name} could not be opened: {n} bytes is too big for a record",
                    size).format(name=name, n=number(size))


def seated(review: Review, name: str) -> str:
    """The reviewed game as a save in which the person takes the review's
    seat: every seat is renumbered so that one is seat 0 (the engine's
    person), and the others are played by bots at their levels."""
    n = len(review.names)
    turn = [(s + review.seat) % n for s in range(n)]  # new seat -> old seat
    record = dict(review.record)
    record["rounds"] = [{**rnd, "hands": [rnd["hands"][old] for old in turn],
                         "starter": (rnd["starter"] - review.seat) % n}
                        for rnd in review.record["rounds"]]
    levels = [review.levels[old] or DEFAULT_LEVEL for old in turn]
    record["table"] = {"names": [name] + [review.names[old] for old in turn[1:]],
                       "bots": [None] + levels[1:]}
    return json.dumps(record)


def reason_words(reason: Reason) -> str:
    """Why a reviewed move lost, in the page's language: a clause about the
    move made (it follows "(3 points: " in the review's sentence); in English
    the command line's own words."""
    if reason.kind == KEPT:
        # Translators: why a reviewed move was worse, said of that move after a colon: it kept
        # the heavy tile {tile} (as "6-6") in hand when no tiles were left to draw (the
        # boneyard: the face-down tiles players draw from). {n} is the tile's number of pips.
        return ngettext("kept {tile} ({n} pip) with the boneyard empty",
                        "kept {tile} ({n} pips) with the boneyard empty",
                        reason.made).format(tile=reason.best, n=reason.made)
    if reason.kind == SCORED:
        # Translators: why a reviewed move was worse, said of that move after a colon, as in
        # "the expert prefers 0-5>5-5 (3 points: scored 0 where 0-5>5-5 scored 10)". {points}
        # and {best_points} are points scored; {best} is a move, as "0-5>5-5" (tile 0-5 laid
        # on 5-5) or a lead, as "2-3".
        text = _("scored {points} where {best} scored {best_points}")
    elif reason.kind == LEFT:
        # Translators: why a reviewed move was worse, said of that move after a colon: it let
        # the next player score {points} in reply, where the move {best} (as "4-4>1-4": tile
        # 4-4 laid on 1-4) would have let them score {best_points}.
        text = _("left the next player a chance of {points} ({best} left {best_points})")
    else:
        return reason.english()
    return text.format(points=reason.made, best=reason.best, best_points=reason.other)
