"""What the controller answers with, as values: the turn loop's next step
(``Step``), what a click or key means (``Reply``), what a move did
(``Played``), the status line (``Status``), the move just made (``Fresh``)
and a hint asked for (``HintAsk``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...bots.asks import BestAsk, MoveAsk
from ...moves import Move
from ..table.table import Position

Phase = Literal["human", "pass", "bot", "round-over", "game-over"]
AUTO_MOVE_SECONDS = 0.35  # an automatic draw or pass shows its words this long first


@dataclass(frozen=True)
class Status:
    """The status line: ``phase`` is ``#status[data-phase]``."""

    phase: Phase
    text: str


# -- what the turn loop does next ------------------------------------------------


@dataclass(frozen=True)
class AwaitPerson:
    """The person's turn: wait for a click or a key."""


@dataclass(frozen=True)
class AutoMove:
    """The person cannot play and asked to draw and pass automatically."""

    move: Move
    status: Status
    delay: float = AUTO_MOVE_SECONDS


@dataclass(frozen=True)
class BotMove:
    """Ask the bots for ``seat``'s move; let ``pause`` seconds pass in all."""

    seat: int
    request: MoveAsk
    pause: float


@dataclass(frozen=True)
class PassTo:
    """Friends at one table: the privacy screen, until ``seat``'s person asks
    to see their hand."""

    seat: int


@dataclass(frozen=True)
class RoundOver:
    """Show the round-end panel and wait for "Next round"."""


@dataclass(frozen=True)
class GameOver:
    """Show the game-over panel."""


Step = AwaitPerson | AutoMove | BotMove | PassTo | RoundOver | GameOver


# -- what a click or key means ---------------------------------------------------


@dataclass(frozen=True)
class Play:
    move: Move


@dataclass(frozen=True)
class Select:
    """The selection changed: ``tile`` waits for a lit place (None: nothing does)."""

    tile: int | None


@dataclass(frozen=True)
class Refuse:
    """The input cannot be taken; ``text`` says why, on the status line."""

    text: str


@dataclass(frozen=True)
class Say:
    """Words for the screen reader's live region only."""

    text: str


@dataclass(frozen=True)
class Command:
    """A shortcut for a button: ``hint``, ``keys`` (the shortcuts panel),
    ``undo`` (take back, where the setting allows it) or ``review``."""

    name: Literal["hint", "keys", "undo", "review"]


Reply = Play | Select | Refuse | Say | Command | None  # None: nothing to do


@dataclass(frozen=True)
class Played:
    """What a move did, for the page's animation: ``tile`` slides in from
    ``seat``'s place (None for a draw or a pass, which lingers ``linger`` s);
    ``said`` is the move in words for a screen reader."""

    seat: int
    tile: int | None
    points: int
    linger: float
    said: str = ""


@dataclass(frozen=True)
class Fresh:
    """The tile just played, its points and the side that scored them.
    ``flash``: the scores flash them, until the next move or the scores are
    drawn another way (a setting); ``pop``: the board shows them over the
    tile too, until the board changes for another reason (a tile picked, a
    hint). So a redraw never replays either."""

    tile: int
    points: int
    side: int
    pop: bool = True
    flash: bool = True


@dataclass(frozen=True)
class HintAsk:
    """A hint request (the move Review calls best) and the position it was
    asked in: an answer for any other is dropped."""

    position: Position
    request: BestAsk
