"""What the person's screen may show: the viewer's ``PlayerView`` (seat 0's,
or with friends at one table the person whose hand is shown) plus what the
table shows openly (names, levels, every round's public moves, the tiles the
viewer drew, and every hand once its round is over). Behind the privacy
screen it is nobody's view: no hand and no drawn tile at all.

The page renders from this and the controller decides from it, so nothing
drawn can depend on another hand or the boneyard's order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from ...layout import Layout
from ...moves import DRAW, Move, move_on, move_tile
from ...played import PlayedRound
from ...rules import Rules
from ...scoring import RoundScore, play_points
from ...view import PlayerView
from ..i18n.catalogs import _
from .seats import HUMAN, YOU, people, shown_name
from .table import Table

HistoryEntry = tuple[int, Move, int]
NOBODY = -1  # the eyes behind the privacy screen: no seat's


@dataclass(frozen=True)
class RoundView:
    """One round as one seat saw it. ``revealed`` holds every seat's remaining
    tiles once the round is over (they are turned face up), else ``()``."""

    seat: int  # whose eyes: the viewer's, or the seat a review looks from; NOBODY: none
    starter: int
    history: tuple[HistoryEntry, ...]
    dealt: tuple[int, ...]  # the seat's dealt tiles, lowest id first
    drawn: tuple[int, ...]  # the tiles the seat drew, in draw order
    end: str | None
    went_out: int | None
    score: RoundScore | None  # the round-end scoring, once scored
    revealed: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, rnd: PlayedRound, seat: int = HUMAN) -> RoundView:
        """The round through ``seat``'s eyes (``NOBODY``: no seat's tiles),
        a round dealt here or kept at a real table."""
        return cls(
            seat=seat,
            starter=rnd.starter,
            history=tuple(rnd.history),
            dealt=rnd.dealt_to(seat) if seat != NOBODY else (),
            drawn=rnd.drawn_by(seat) if seat != NOBODY else (),
            end=rnd.end,
            went_out=rnd.went_out,
            score=rnd.result,
            revealed=rnd.revealed(),
        )

    @property
    def over(self) -> bool:
        return self.end is not None

    def drawn_before(self, index: int) -> int:
        """How many tiles the seat drew in moves before ``index``."""
        return sum(1 for s, m, _points in self.history[:index] if s == self.seat and m == DRAW)


@dataclass(frozen=True)
class TableView:
    """The table as the person sees it. ``player`` is the viewer's view of
    the current round (with an empty hand behind the privacy screen);
    ``rounds`` are all rounds so far, the current one last. ``names`` are as
    shown (``shown_name``); ``you`` is whether the page speaks to seat 0 as
    "you": its person chose no name and plays alone with bots."""

    names: tuple[str, ...]
    levels: tuple[str | None, ...]  # the bot level per seat, None for a person
    player: PlayerView
    rounds: tuple[RoundView, ...]
    winner: int | None  # the side that won the game, once it is over
    you: bool = False
    # no hand is shown: the privacy screen is up, or bots lead a new deal at a
    # shared table before its first person has looked (``Table.hidden``)
    screened: bool = False

    @classmethod
    def of(cls, table: Table, seat: int | None = None) -> TableView:
        """The table through the viewer's eyes (or ``seat``'s, when a review
        looks from another seat); nobody's behind the privacy screen."""
        game = table.game
        screened = seat is None and table.hidden
        eyes = NOBODY if screened else table.viewer if seat is None else seat
        names = tuple(shown_name(n, table.shared) if s == HUMAN else n
                      for s, n in enumerate(table.names))
        player = PlayerView.of(game.round, table.viewer if screened else eyes)
        if screened:
            player = replace(player, hand=())
        return cls(names=names, levels=table.bots, player=player,
                   rounds=tuple(RoundView.of(r, eyes) for r in game.rounds), winner=game.winner,
                   you=table.names[HUMAN] == YOU and not table.shared, screened=screened)

    # -- what the table shows --------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.player.rules

    @property
    def round(self) -> RoundView:
        return self.rounds[-1]

    @property
    def scores(self) -> tuple[int, ...]:
        return self.player.scores

    @property
    def game_over(self) -> bool:
        return self.winner is not None

    @property
    def turn(self) -> int | None:
        """The seat to move, or None between rounds and after the game."""
        return None if self.round.over else self.player.turn

    @property
    def seat(self) -> int:
        """The viewer's seat: whose hand is shown (the privacy screen's
        viewer is the last person who looked)."""
        return self.player.seat

    @property
    def people(self) -> tuple[int, ...]:
        return people(self.levels)

    @property
    def shared(self) -> bool:
        """Whether two or more people share the table."""
        return len(self.people) > 1

    @property
    def human_to_move(self) -> bool:
        """Whether the viewer is to move, with their hand shown."""
        return (self.turn == self.seat and self.levels[self.seat] is None
                and not self.screened and not self.game_over)

    def side_name(self, side: int) -> str:
        return " & ".join(self.names[s] for s in self.rules.seats_of(side))

    def is_you(self, seat: int) -> bool:
        """Whether sentences about ``seat`` speak to the person ("You win!")."""
        return seat == HUMAN and self.you

    def side_kind(self, side: int) -> str:
        """Which sentence is said of a side: "you" (the person alone), "one"
        (another player), "you+" (the person and partner) or "two" (another
        partnership)."""
        seats = self.rules.seats_of(side)
        you = any(self.is_you(s) for s in seats)
        if len(seats) == 1:
            return "you" if you else "one"
        return "you+" if you else "two"

    def side_names(self, side: int) -> dict[str, str]:
        """The placeholders of sentences about a side: ``name`` (the side's
        name), ``partner`` (the person's partner), ``first`` and ``second``."""
        names = [self.names[s] for s in self.rules.seats_of(side)]
        return {"name": self.side_name(side), "partner": names[-1], "first": names[0],
                "second": names[-1]}

    def listed(self, seats: tuple[int, ...]) -> str:
        """The names of ``seats`` as a list in a sentence ("Anna and Ben")."""
        names = [self.names[s] for s in seats]
        if len(names) == 1:
            return names[0]
        if len(names) == 2:
            # Translators: two players' names, in a sentence
            return _("{first} and {second}").format(first=names[0], second=names[1])
        # Translators: three players' names, in a sentence
        return _("{first}, {second} and {third}").format(
            first=", ".join(names[:-2]), second=names[-2], third=names[-1])

    def hand_count(self, seat: int) -> int:
        return self.player.hand_counts[seat]

    @cached_property
    def layout(self) -> Layout:
        """The table's layout, rebuilt from the public moves (read it, never change it)."""
        return self.player.layout()

    @cached_property
    def legal_moves(self) -> tuple[Move, ...]:
        """The viewer's legal moves now (empty when it is not their turn)."""
        if not self.human_to_move:
            return ()
        return tuple(self.player.legal_moves())

    @property
    def received(self) -> list[int]:
        """The viewer's tiles this round in the order they came: dealt, then drawn."""
        return [*self.round.dealt, *self.round.drawn]

    def points_for(self, move: Move) -> int:
        """The points a play would score now."""
        count = self.layout.count_after(move_tile(move), move_on(move))
        return play_points(count, self.rules.divisor)
