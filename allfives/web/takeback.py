"""Taking a move back, as a rule on game records (pure, no browser).

A take-back undoes the person's last turn and every move made since (the
bots' replies), so the person stands again where that turn began. A turn is
a run of the seat's own moves: one play, or the draws and the play or pass
that ended them (draws are forced and the boneyard's order is fixed, so
starting the turn again loses nothing). A turn still in progress (the seat
has drawn and must move again) is not yet a move: taking back then undoes
the turn before it as well.

Only the current round can be taken back, never a finished round or game,
and never the daily deal (dealt from the seed ``"daily:YYYY-MM-DD"``). A
record that has been taken back carries ``"takebacks": N`` (how many times);
record readers ignore the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..record import replay, to_record

TAKEBACKS_KEY = "takebacks"
# The daily deal is dealt from the seed "daily:" + its date; a game with such
# a seed never allows a take-back.
DAILY_PREFIX = "daily:"
MAX_TAKEBACKS = 1_000_000  # a larger number is not one the page wrote


def takebacks_of(record: Mapping[str, Any]) -> int:
    """How many times the game was taken back: the record's ``"takebacks"``,
    0 when it is missing or not a count."""
    n = record.get(TAKEBACKS_KEY)
    if isinstance(n, bool) or not isinstance(n, int) or not 0 < n <= MAX_TAKEBACKS:
        return 0
    return n


def take_back(record: Mapping[str, Any], seat: int = 0) -> dict[str, Any] | None:
    """The record cut back to the start of ``seat``'s last turn in the
    current round (seat 0: the person), marked with one more take-back; None
    when there is nothing to take back (no turn of the seat yet in this
    round, the round or game is over, or the game is a daily deal).
    Other keys (``seed``, ``table``, ...) are kept. RecordError for a record
    that does not replay."""
    if str(record.get("seed", "")).startswith(DAILY_PREFIX):
        return None
    game = replay(record)
    if not game.rounds or game.round.over:
        return None
    rnd = game.round
    starts = [i for i, (s, _, _) in enumerate(rnd.history)
              if s == seat and (i == 0 or rnd.history[i - 1][0] != seat)]
    in_progress = rnd.turn == seat and bool(rnd.history) and rnd.history[-1][0] == seat
    if in_progress:
        starts.pop()
    if not starts:
        return None
    rounds = to_record(game)["rounds"]
    rounds[-1]["moves"] = rounds[-1]["moves"][:starts[-1]]
    out = dict(record)
    out["rounds"] = rounds
    out[TAKEBACKS_KEY] = takebacks_of(record) + 1
    return out
