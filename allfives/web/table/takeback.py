"""Taking a move back, as a rule on games (pure, no browser).

A take-back undoes the person's last turn and every move made since (the
bots' replies), so the person stands again where that turn began. A turn is
a run of the seat's own moves: one play, or the draws and the play or pass
that ended them (draws are forced and the boneyard's order is fixed, so
starting the turn again loses nothing). A turn still in progress (the seat
has drawn and must move again) is not yet a move: taking back then undoes
the turn before it as well.

Only the current round can be taken back, never a finished round or game,
and never the daily deal (dealt from the seed ``"daily:YYYY-MM-DD"`` on that
day: ``daily_of``; another day's link to it deals a shared deal). The
table counts its take-backs (``Table.taken_back``) and its record carries
``"takebacks": N`` (how many times); record readers ignore the key.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ...game import Game

TAKEBACKS_KEY = "takebacks"
# The daily deal is dealt from the seed "daily:" + its date; played on that
# day it never allows a take-back. Its record says so under DAILY_KEY (true,
# or false for such a deal shared on another day); a record written before
# the key is the daily deal by its seed alone.
DAILY_PREFIX = "daily:"
DAILY_KEY = "daily"
MAX_TAKEBACKS = 1_000_000  # a larger number is not one the page wrote


def takebacks_of(record: Mapping[str, Any]) -> int:
    """How many times the game was taken back: the record's ``"takebacks"``,
    0 when it is missing or not a count."""
    n = record.get(TAKEBACKS_KEY)
    if isinstance(n, bool) or not isinstance(n, int) or not 0 < n <= MAX_TAKEBACKS:
        return 0
    return n


def is_daily(seed: object) -> bool:
    """Whether ``seed`` deals a daily deal (on its day, or shared later)."""
    return str(seed).startswith(DAILY_PREFIX)


def daily_of(record: Mapping[str, Any]) -> bool:
    """Whether a record's game is the daily deal, played as such: its
    ``"daily"`` mark, or for a record without one, its seed."""
    marked = record.get(DAILY_KEY)
    return marked if isinstance(marked, bool) else is_daily(record.get("seed", ""))


def last_turn(game: Game, seat: int = 0, others: Collection[int] = ()) -> int | None:
    """Where ``seat``'s last complete turn in the current round began (an
    index into the round's moves), or None: no such turn, the round or the
    game is over, or one of the ``others`` (the other people at the table)
    has moved since: a person never takes back another's move."""
    if not game.rounds or game.round.over:
        return None
    history = game.round.history
    starts = [i for i, (s, _, _) in enumerate(history)
              if s == seat and (i == 0 or history[i - 1][0] != seat)]
    if game.round.turn == seat and history and history[-1][0] == seat:
        starts.pop()  # a turn in progress is not yet a move
    if not starts or any(s in others for s, _, _ in history[starts[-1]:]):
        return None
    return starts[-1]


def can_take_back(game: Game, seat: int = 0, others: Collection[int] = (),
                  daily: bool | None = None) -> bool:
    """Whether ``take_back`` would take something back (the page asks after
    every move); ``daily``: whether the game is the daily deal (None: by its
    seed)."""
    return not _daily(game, daily) and last_turn(game, seat, others) is not None


def take_back(game: Game, seat: int = 0, others: Collection[int] = (),
              daily: bool | None = None) -> Game | None:
    """A new game rewound to the start of ``seat``'s last turn in the current
    round (seat 0: the person); None when there is nothing to take back (no
    turn of the seat yet in this round, another of the people at the table
    moved since, the round or game is over, or the game is a daily deal:
    ``daily`` as for ``can_take_back``). ``game`` itself is unchanged;
    ``Table.taken_back`` counts the take-back."""
    start = None if _daily(game, daily) else last_turn(game, seat, others)
    return None if start is None else game.rewound(len(game.rounds), start)


def _daily(game: Game, daily: bool | None) -> bool:
    return is_daily(game.seed) if daily is None else daily
