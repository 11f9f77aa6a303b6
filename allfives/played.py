"""What a game's rounds say, for a game dealt here (``game.Game``) and one
kept at a real table (``observed.ObservedGame``) alike: the scores and the
winner (``Rounds``), and what Review and the views read of either
(``PlayedGame``), so they never ask which kind of game they hold.

>>> from allfives.game import Game
>>> from allfives.observed import ObservedGame
>>> from allfives.rules import Rules
>>> games: list[PlayedGame] = [Game(Rules.make("standard"), seed=7),
...                            ObservedGame(Rules.make("standard"))]
>>> [(g.observed, g.seed, g.scores) for g in games]
[(False, 7, [0, 0]), (True, None, [0, 0])]
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, Self, TypeAlias, TypeVar

from .moves import Move
from .rules import Rules, Seat, Side
from .scoring import RoundScore
from .tiles import Tile

if TYPE_CHECKING:  # the view reads a round of game.py, which reads this
    from .view import PlayerView

# How a round ended: a player went out, nobody could play, or a side reached
# the target during play (the game is won and the round is not scored).
RoundEnding = Literal["domino", "blocked", "target"]

# A decision: the round and move (1-based, as records count them), the
# seat's view just before it, and the move made.
Decision: TypeAlias = "tuple[int, int, PlayerView, Move]"


@dataclass(frozen=True)
class Outcome:
    """How a round ended: ``end``; the seat that went out (``domino``); the
    round-end scoring (None when a side reached the target in play and the
    round was not scored); the side that won the game, if it ended.

    >>> from allfives.game import Game
    >>> game = Game(Rules.make("standard", hand_size=1), seed=3)
    >>> outcome = game.apply("3-6").outcome  # seat 0 leads its only tile and goes out
    >>> outcome.end, outcome.went_out, outcome.score.points, outcome.winner
    ('domino', 0, (0, -5), None)
    """

    end: RoundEnding
    went_out: Seat | None
    score: RoundScore | None
    winner: Side | None


@dataclass(frozen=True)
class MoveResult:
    """What one move did, for the UI and logs: who made it, the points it
    scored, the tile drawn (only the mover may see it), and the round's
    ``outcome`` if the move ended the round."""

    seat: Seat
    move: Move
    points: int
    drawn: str | None = None
    outcome: Outcome | None = None

    @property
    def round_over(self) -> bool:
        return self.outcome is not None

    @property
    def game_over(self) -> bool:
        return self.outcome is not None and self.outcome.winner is not None

class Played(Protocol):
    """What a game reads of a round: its scores, and how it ended."""

    scores: list[int]
    winner: Side | None
    end: RoundEnding | None
    went_out: Seat | None


R = TypeVar("R", bound=Played)


class Rounds(Generic[R]):
    """What a game's rounds so far say, for a game dealt here (``Game``) and
    one observed at a real table (``observed.ObservedGame``) alike."""

    rules: Rules
    rounds: list[R]

    @property
    def round(self) -> R:
        return self.rounds[-1]

    @property
    def scores(self) -> list[int]:
        return list(self.round.scores) if self.rounds else [0] * self.rules.sides

    @property
    def winner(self) -> Side | None:
        return self.round.winner if self.rounds else None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def required_starter(self) -> Seat | None:
        """The seat that must start the next round, or None if it is open
        (random, or the table's choice)."""
        if not self.rounds or self.round.end == "blocked":
            return None
        return self.round.went_out


class PlayedRound(Protocol):
    """What Review and the views read of a round: its moves with their
    points, how it ended, and what a seat saw of the hands."""

    @property
    def starter(self) -> Seat: ...

    @property
    def history(self) -> Sequence[tuple[Seat, Move, int]]: ...

    @property
    def scores(self) -> list[int]: ...

    @property
    def over(self) -> bool: ...

    @property
    def end(self) -> RoundEnding | None: ...

    @property
    def went_out(self) -> Seat | None: ...

    @property
    def result(self) -> RoundScore | None: ...

    def dealt_to(self, seat: Seat) -> tuple[Tile, ...]:
        """The seat's dealt tiles, lowest first (``()`` where not known)."""

    def drawn_by(self, seat: Seat) -> tuple[Tile, ...]:
        """The tiles the seat drew, in order (``()`` where not known)."""

    def revealed(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand's tiles left at the round's end, once known, else ``()``."""


class PlayedGame(Protocol):
    """What Review and the views read of a game, dealt here or kept at a
    real table: ``observed`` says which (a property, not a type to test)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def rounds(self) -> Sequence[PlayedRound]: ...

    @property
    def scores(self) -> list[int]: ...

    @property
    def winner(self) -> Side | None: ...

    @property
    def over(self) -> bool: ...

    @property
    def seed(self) -> int | str | None:
        """The seed the game was dealt from (None: kept at a real table)."""

    @property
    def observed(self) -> bool:
        """Kept at a real table: only the known seat's hand is known."""

    def sees(self, seat: Seat) -> bool:
        """Whether ``seat``'s hand is known (Review looks through its eyes)."""

    def seen_by(self, seat: Seat) -> PlayerView:
        """The current round as ``seat`` sees it (no hand where not ``sees``)."""

    def copy(self) -> Self:
        """The same game, kept apart: play on either leaves the other as it was."""

    def rewound(self, round_no: int, moves: int) -> Self:
        """The game as it stood in round ``round_no`` (1-based) after ``moves`` moves."""

    def seated(self, seat: Seat) -> Self:
        """The same game with the seats turned so that ``seat`` is seat 0."""

    def to_record(self) -> dict[str, Any]:
        """The game as a record (docs/RULES.md section 9)."""

    def decisions(self, seats: Collection[Seat] | None = None) -> Iterator[Decision]:
        """Every move ``seats`` made (all if None) that their view is known
        for, in play order."""
