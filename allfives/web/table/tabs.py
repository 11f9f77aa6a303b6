"""Two windows, one save: what a window does when another window of the
same browser profile (a second tab, the installed app beside a tab) writes
the game in progress (``allfives.save``). Pure: the page module
(``tabs_page``) only passes texts in and carries the decision out.

The semantics, which docs/DOM_HOOKS.md repeats:

- Each window remembers the save text it last read or wrote (``mine``).
- *The same game* is a save with the same deal, seats and rules whose moves
  are the other's moves with more after them (or fewer: a take-back).
- Before a window writes, if storage holds a game in progress that it did
  not write itself (not ``mine``) and that is not the same game as the one
  written, that game is put aside (``allfives.aside``, newest first, at most
  ``ASIDE_MAX``) rather than overwritten. A game the window itself showed and
  was asked to end (New game, confirmed) is not put aside; one put aside
  that is the same game as the one written leaves the aside list (it is the
  save again). A game with no move yet, or over, is nothing to lose.
- When another window writes (the ``storage`` event, or on coming back to
  a window): the same game, further on or taken back there, is followed
  (``FOLLOW``: shown as it stands, with a word); another game (or the same
  deal played differently) is offered (``OFFER``): this window's game is
  put aside first, and the person chooses which to play. Keeping this one
  puts the other window's aside at the next save, so both stay reachable.
- On loading, a game put aside is offered back (resume, download, discard).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..i18n.catalogs import _
from ..storage.backup import BackupError
from ..storage.bounded_json import UnreadableError, loads
from ..storage.keys import ASIDE_KEY
from .seats import shown_name
from .table import SaveError, Table

ASIDE_MAX = 5  # games put aside; beyond, the oldest goes (a sixth window's game, at most)


class Reaction(Enum):
    NONE = "none"  # nothing changed that this window holds
    FOLLOW = "follow"  # the same game went on elsewhere: show it as it stands
    OFFER = "offer"  # another game: this one put aside, the person chooses


@dataclass(frozen=True)
class Course:
    """A save as this module compares it: its deal and seats, and its moves."""

    deal: str
    moves: tuple[str, ...]
    live: bool  # in progress: a move made and the game not over

    def same_game(self, other: Course) -> bool:
        """The same deal, and one's moves start with all of the other's."""
        short, long = sorted((self.moves, other.moves), key=len)
        return self.deal == other.deal and long[:len(short)] == short


def course(text: str | None) -> Course | None:
    """The save ``text`` as a ``Course``; None for nothing or an unreadable save."""
    if not text:
        return None
    try:
        table = Table.from_save(text)
    except SaveError:
        return None
    record = table.to_record()
    rounds = record["rounds"]
    moves = tuple(f"{i}:{move}" for i, rnd in enumerate(rounds) for move in rnd["moves"])
    first = {k: v for k, v in rounds[0].items() if k != "moves"}
    seats = record.get("table", {})
    deal = json.dumps([record.get("rules"), record.get("seed"), first,
                       seats.get("names"), seats.get("bots")], sort_keys=True)
    return Course(deal, moves, bool(moves) and not table.game.over)


def aside_list(text: str | None) -> list[str]:
    """The games put aside, as kept (anything unreadable in it is dropped)."""
    try:
        data = loads(text) if text else []
    except UnreadableError:
        return []
    return [t for t in data if isinstance(t, str) and course(t) is not None][:ASIDE_MAX] \
        if isinstance(data, list) else []


def put_aside(text: str, aside: list[str]) -> list[str]:
    """``aside`` with the game ``text`` first (once)."""
    return ([text] + [t for t in aside if t != text])[:ASIDE_MAX]


def before_write(new: str, now: str | None, mine: str | None, aside: list[str]) -> list[str]:
    """The aside list once ``new`` is written over ``now`` by the window
    that last read or wrote ``mine``."""
    ours = not now or now in (mine, new)
    if ours and not aside:
        return aside  # every move of a window alone: nothing to read
    written = course(new)
    kept = [t for t in aside if written is None or not _same(course(t), written)]
    if ours or now is None:
        return kept
    there = course(now)
    if there is None or not there.live or (written is not None and there.same_game(written)):
        return kept
    return put_aside(now, kept)


def on_change(mine: str | None, now: str | None) -> Reaction:
    """What a window that holds ``mine`` does when another wrote ``now``."""
    if not now or now == mine:
        return Reaction.NONE
    there, here = course(now), course(mine)
    if there is None:
        return Reaction.NONE  # unreadable: the next save writes over it, it was not a game
    if here is None or not here.live or here.same_game(there):
        return Reaction.FOLLOW
    return Reaction.OFFER


def _same(a: Course | None, b: Course) -> bool:
    return a is not None and a.same_game(b)


def describe(text: str) -> str:
    """One line naming a saved game: who plays, and how far it went."""
    table = Table.from_save(text)
    # Translators: a game put aside, named in one line: {names} are its players ("You, Anna"),
    # {scores} its scores ("12-5"), {round} the number of the round being played.
    return _("{names}: {scores}, round {round}").format(
        names=", ".join(shown_name(n, table.shared) for n in table.names),
        round=len(table.game.rounds),
        scores="-".join(str(s) for s in table.game.scores))


def check_aside(text: str) -> str:
    """A backup's games put aside: a list of readable saves."""
    try:
        data: Any = loads(text)
    except UnreadableError:
        data = None
    if not isinstance(data, list) or len(data) > ASIDE_MAX or \
            not all(isinstance(t, str) and course(t) is not None for t in data):
        # Translators: {key} is a storage name ('allfives.aside'); {n} a number.
        raise BackupError(_("{key}: expected at most {n} saved games").format(
            key=ASIDE_KEY, n=ASIDE_MAX))
    return json.dumps(data)
