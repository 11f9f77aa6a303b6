"""A game at a real table kept in the browser and in a file: its record with
unknown hands (docs/RULES.md section 9, the ``"observed"`` object), plus
``"table_game"``: who sets first in round 1 when the set-up chose it. The
saved text and the downloaded record are the same text; a record read back
replays every entry, so a reload resumes exactly."""

from __future__ import annotations

import json
from typing import Any

from ...errors import AllFivesError
from ...observed import ObservedGame, replay, to_record
from ..i18n.catalogs import _
from ..storage.backup import BackupError
from ..storage.bounded_json import UnreadableError, loads
from ..storage.keys import TABLE_GAME_KEY
from ..table.seats import YOU
from ..table.setup import ASKED, Setup
from .keeper import Keeper


def new(setup: Setup) -> Keeper:
    """A game at a real table as set up in the new-game dialog."""
    # Translators: a seat's name at a real table when the person gave none; {number} is 1
    first = _("Player {number}").format(number=1) if setup.name == YOU else setup.name
    names = [first] + [setup.seat_name(s) for s in range(1, setup.players)]
    game = ObservedGame(setup.rules(), names, known_seat=None if setup.known < 0 else setup.known,
                        calls=setup.calls)  # type: ignore[arg-type]  # Setup reads CALL_RULES only
    return Keeper(game, setup.first)


def in_progress(keeper: Keeper | None) -> bool:
    """Whether a kept game has something to lose: a round begun, the game not over."""
    return keeper is not None and bool(keeper.game.rounds) and not keeper.game.over


def to_save(keeper: Keeper) -> str:
    data: dict[str, Any] = to_record(keeper.game)
    data["table_game"] = {"first": keeper.first}
    return json.dumps(data, separators=(",", ":"))


def from_save(text: str) -> Keeper:
    """The kept game; AllFivesError (a RecordError) if it cannot be read."""
    try:
        data = loads(text)
    except UnreadableError as e:
        raise AllFivesError(str(e)) from None
    return from_record(data)


def from_record(data: Any) -> Keeper:
    """The game of a parsed record (a save, or a record file opened to keep
    score on from where it stops); RecordError if it cannot be replayed."""
    game = replay(data)
    extra = data.get("table_game") if isinstance(data, dict) else None
    first = extra.get("first") if isinstance(extra, dict) else ASKED
    if not isinstance(first, int) or isinstance(first, bool) \
            or not ASKED <= first < game.rules.players:
        first = ASKED
    return Keeper(game, first)


def unreadable() -> str:
    return _("Your game at a real table could not be read. It is kept, so nothing is lost.")


def download_unreadable() -> str:
    # Translators: a button under the notice that a saved game could not be read
    return _("Download the saved game")


def check_table_game(text: str) -> str:
    """A backup's table game, as the page reads it back."""
    try:
        return to_save(from_save(text))
    except AllFivesError as e:
        # Translators: {key} is a storage name ('allfives.table-game'); {reason} says why the
        # game at a real table kept in the backup cannot be read.
        raise BackupError(_("{key}: the game at a real table cannot be read ({reason})").format(
            key=TABLE_GAME_KEY, reason=e)) from None
