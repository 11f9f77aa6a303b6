"""The statistics as the browser keeps them, read back: strictly (a field
missing, of the wrong kind or out of range is a ``StatsError`` naming it),
tolerantly for the page (anything unreadable is empty statistics), and
checked for a backup. What they count is ``stats``'."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from typing import Any

from ...errors import AllFivesError
from ...moves import parse_move
from ...rules import PRESETS
from ..i18n.catalogs import _, ngettext, number
from ..storage.backup import BackupError
from ..storage.bounded_json import UnreadableError, loads
from ..storage.keys import STATS_KEY
from .stats import FORMAT, GROUPS, MAX_COUNTED, MAX_WHEN, BigPlay, Finish, Row, Stats

MAX_CHARS = 64_000  # stored statistics are ~12 KB at most
MAX_COUNT = 10**9
MAX_POINTS = 10**12
_ID = re.compile(r"[0-9a-f]{16}")


class StatsError(AllFivesError):
    """Stored statistics that cannot be read; one line for people, in the
    page's language ("statistics: " and what is wrong, naming the field as
    it is stored)."""


def kept_stats(data: Any) -> Stats:
    """Statistics read back tolerantly: anything unreadable is empty statistics."""
    try:
        return parse(data)
    except StatsError:
        return Stats()



def read_stats(text: str) -> Stats:
    """Statistics from stored text; StatsError (one line) if it is not
    statistics this page wrote."""
    if len(text) > MAX_CHARS:
        # Translators: stored statistics that are too long to read; {n} and {limit} are
        # numbers of characters. "statistics:" begins every message about them.
        raise StatsError(ngettext("statistics: {n} character long, more than {limit}",
                                  "statistics: {n} characters long, more than {limit}",
                                  len(text)).format(n=number(len(text)), limit=number(MAX_CHARS)))
    try:
        data = loads(text)
    except UnreadableError as e:
        # Translators: stored statistics that could not be read, and {reason} why not.
        raise StatsError(_("statistics: {reason}").format(reason=e)) from None
    return parse(data)


def parse(data: Any) -> Stats:
    """Statistics from their parsed JSON; StatsError naming the first field
    that is missing, of the wrong kind or out of range."""
    if not isinstance(data, dict):
        # Translators: stored statistics of the wrong kind (JSON is the format they are kept in).
        raise StatsError(_("statistics: expected a JSON object"))
    if data.get("format") != FORMAT:
        # Translators: {format} is the statistics format's name, as 'allfives-stats/1'.
        raise StatsError(_("statistics: format must be {format}").format(format=repr(FORMAT)))
    levels = _rows(data.get("levels"), "levels", GROUPS)
    presets = _rows(data.get("presets"), "presets", tuple(PRESETS))
    stats = Stats(
        levels=levels, presets=presets,
        streak=_int(data.get("streak"), "streak", 0, MAX_COUNT),
        best_streak=_int(data.get("best_streak"), "best_streak", 0, MAX_COUNT),
        best=None if data.get("best") is None else _finish(data["best"], "best"),
        worst=None if data.get("worst") is None else _finish(data["worst"], "worst"),
        biggest=None if data.get("biggest") is None else _big_play(data["biggest"], "biggest"),
        counted=_counted(data.get("counted")))
    total = stats.total
    by_preset = Row()
    for row in presets.values():
        by_preset = by_preset.plus(row)
    if (total.played, total.won, total.takebacks, total.coached) != \
            (by_preset.played, by_preset.won, by_preset.takebacks, by_preset.coached):
        # Translators: stored statistics whose games counted per opponents' level and per rule
        # set (preset) differ.
        raise StatsError(_("statistics: the games by level and by preset do not add up the same"))
    if not stats.streak <= stats.best_streak <= total.won:
        # Translators: stored statistics with more games won in a row than games won.
        raise StatsError(_("statistics: the streaks do not fit the games won"))
    return stats


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        # Translators: {field} is where in the stored statistics, as "levels.hard.won".
        raise StatsError(_("statistics: {field} must be a whole number from {low} to {high}")
                         .format(field=where, low=low, high=high))
    return int(value)


def _text(value: Any, where: str, allowed: tuple[str, ...] | None = None) -> str:
    if not isinstance(value, str) or len(value) > MAX_WHEN or \
            (allowed is not None and value not in allowed):
        # Translators: {field} is where in the stored statistics, as "best.preset"; its value
        # is not one this page writes.
        raise StatsError(_("statistics: {field} is not one of ours").format(field=where))
    return value


def _fields(value: Any, where: str, names: tuple[str, ...],
            optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """``value`` as a dict holding ``names``, and perhaps ``optional``, and nothing else."""
    if not isinstance(value, dict) or not set(names) <= set(value) <= {*names, *optional}:
        # Translators: {field} is where in the stored statistics, as "best"; {names} the
        # stored names it must hold, as "mine, theirs, divisor".
        raise StatsError(_("statistics: {field} must hold {names}").format(
            field=where, names=", ".join(names)))
    return value


def _rows(value: Any, where: str, keys: tuple[str, ...]) -> dict[str, Row]:
    if not isinstance(value, dict) or not set(value) <= set(keys):
        # Translators: {field} is where in the stored statistics, as "levels"; {keys} the
        # stored names it may hold, as "easy, medium, hard, expert, mixed".
        raise StatsError(_("statistics: {field} must be keyed by {keys}").format(
            field=where, keys=", ".join(keys)))
    return {k: _row(value[k], f"{where}.{k}") for k in keys if k in value}


def _row(value: Any, where: str) -> Row:
    # "coached" came with the coach: statistics kept before it have none
    data = _fields(value, where, tuple(f.name for f in fields(Row) if f.name != "coached"),
                   optional=("coached",))
    played = _int(data["played"], f"{where}.played", 0, MAX_COUNT)
    return Row(played, _int(data["won"], f"{where}.won", 0, played),
               _int(data["takebacks"], f"{where}.takebacks", 0, played),
               _int(data["points"], f"{where}.points", -MAX_POINTS, MAX_POINTS),
               _int(data["rounds"], f"{where}.rounds", played, MAX_COUNT * 1000),
               _int(data.get("coached", 0), f"{where}.coached", 0, played))


def _finish(value: Any, where: str) -> Finish:
    data = _fields(value, where, tuple(f.name for f in fields(Finish)))
    return Finish(_int(data["mine"], f"{where}.mine", -MAX_POINTS, MAX_POINTS),
                  _int(data["theirs"], f"{where}.theirs", -MAX_POINTS, MAX_POINTS),
                  _divisor(data["divisor"], where),
                  _text(data["preset"], f"{where}.preset", tuple(PRESETS)),
                  _text(data["level"], f"{where}.level", GROUPS),
                  _int(data["rounds"], f"{where}.rounds", 1, MAX_COUNT),
                  _text(data["when"], f"{where}.when"))


def _big_play(value: Any, where: str) -> BigPlay:
    data = _fields(value, where, tuple(f.name for f in fields(BigPlay)))
    move = _text(data["move"], f"{where}.move")
    try:
        parse_move(move)
    except AllFivesError:
        # Translators: {field} is where in the stored statistics, as "biggest.move".
        raise StatsError(_("statistics: {field} is not a move").format(
            field=f"{where}.move")) from None
    return BigPlay(_int(data["points"], f"{where}.points", 1, MAX_POINTS),
                   _divisor(data["divisor"], where), move,
                   _int(data["round"], f"{where}.round", 1, MAX_COUNT),
                   _text(data["preset"], f"{where}.preset", tuple(PRESETS)),
                   _text(data["when"], f"{where}.when"))


def _divisor(value: Any, where: str) -> int:
    if value not in (1, 5) or isinstance(value, bool):
        # Translators: {field} is where in the stored statistics, as "best.divisor".
        raise StatsError(_("statistics: {field} must be 1 or 5").format(field=f"{where}.divisor"))
    return int(value)


def _counted(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_COUNTED or \
            not all(isinstance(x, str) and _ID.fullmatch(x) for x in value):
        # Translators: "counted" is a stored name (keep it); a game's identity is the digest
        # that tells finished games apart.
        raise StatsError(ngettext("statistics: counted must be at most {n} game identity",
                                  "statistics: counted must be at most {n} game identities",
                                  MAX_COUNTED).format(n=MAX_COUNTED))
    return tuple(value)


def check_stats(text: str) -> str:
    """The statistics as kept, read back from a backup (``storage.backup``)."""
    try:
        stats = read_stats(text)
    except StatsError as e:
        raise BackupError(f"{STATS_KEY}: {e}") from None
    return json.dumps(stats.to_json(), separators=(",", ":"))
