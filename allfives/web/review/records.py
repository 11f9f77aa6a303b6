"""Records for Review: a record file's text read as a review, and a reviewed
game turned into a save that plays on from the review's seat."""

from __future__ import annotations

from typing import Any

from ...bots.names import LEVELS
from ...errors import RecordError
from ...observed import replay as observed_replay
from ...record import is_observed_record, replay
from ..i18n.catalogs import _
from ..storage.bounded_json import UnreadableError, loads
from ..table.save_limits import oversized
from ..table.seats import DEFAULT_LEVEL, HUMAN, clean_name, one_of
from ..table.takeback import daily_of
from .state import Review


def opened(text: str, seat: int = HUMAN) -> Review:
    """A record file's text as a review from ``seat``; RecordError (one line)
    if it cannot be read (read like a save: bounded in size, depth and number
    length, so no file can stop the page), has more rounds or moves than a save
    may, or breaks a rule (the replay command's line)."""
    try:
        data = loads(text)
    except UnreadableError as e:
        raise RecordError(str(e)) from None
    too_long = oversized(data)
    if too_long:
        raise RecordError(too_long)
    if is_observed_record(data):
        return _observed(data)
    game = replay(data)
    n = game.rules.players
    table = data.get("table") if isinstance(data.get("table"), dict) else {}
    names = table.get("names")
    if not (isinstance(names, list) and len(names) == n and all(isinstance(x, str) for x in names)):
        # Translators: a seat's name when an opened record names nobody; {number} is 1 to 4.
        names = [_("Player {number}").format(number=s + 1) for s in range(n)]
    levels = table.get("bots")
    if not (isinstance(levels, list) and len(levels) == n):
        levels = [None] * n
    return Review(game, [clean_name(x) for x in names],
                  [one_of(b, LEVELS, DEFAULT_LEVEL) if b else None for b in levels], seat,
                  daily=daily_of(data), record=data)


def _observed(data: dict[str, Any]) -> Review:
    """A game kept at a real table, reviewed from the seat whose hand was
    entered (seat 0's eyes without one: no decisions, no hand)."""
    game = observed_replay(data)
    known = game.known_seat
    return Review(game, [clean_name(x) for x in game.names], [None] * game.rules.players,
                  0 if known is None else known, record=data)


def seated(review: Review, name: str) -> dict[str, Any]:
    """The reviewed game (its opened record, else the game's own) as a saved
    record in which the person takes the review's seat: every seat is
    renumbered so that one is seat 0 (the engine's person), and the others
    are played by bots at their levels."""
    n = len(review.names)
    turn = [(s + review.seat) % n for s in range(n)]  # new seat -> old seat
    record = {**(review.record or {}), **review.game.seated(review.seat).to_record()}
    levels = [review.levels[old] or DEFAULT_LEVEL for old in turn]
    record["table"] = {"names": [name] + [review.names[old] for old in turn[1:]],
                       "bots": [None] + levels[1:]}
    return record
