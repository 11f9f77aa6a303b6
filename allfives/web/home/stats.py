"""The person's statistics: finished games played and won per opponents'
level and per rules preset, points per round, the best and worst game, the
winning streaks and the biggest single play. Kept in the browser as JSON
beside the save (``STATS_KEY``). Pure Python, no browser.

Each finished game counts once. Its identity is a digest of its whole record
(rules, seed, every deal and every move), and the digests of the last
``MAX_COUNTED`` games counted are kept, so a reload or a resumed game that is
shown as finished again is not counted again, while the same seed played
again differently is a game of its own.

Games with two or more people at the table (friends playing by turns on one
device) are not counted: these statistics follow one person's play against
the bots, and at a shared table the device's owner may not even be playing.

Games played with take-backs or with the coach count in played, won and
points per round, and each table says how many of them there were; they are
kept out of the streaks (one neither extends nor breaks a streak) and out of
the records (best and worst game, biggest play), which only games played
alone set. Statistics stored before the coach (rows without ``coached``)
read as none coached.

Points are compared in table points: a cribbage point (every point divided
by 5) counts 5, so margins, plays and points per round mean the same under
every preset.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from ...bots.names import LEVELS
from ...errors import AllFivesError
from ...game import Game
from ...moves import move_text, parse_move
from ...record import to_record
from ...rules import PRESETS
from ..i18n.catalogs import _, ngettext, number
from ..storage.backup import BackupError
from ..storage.bounded_json import UnreadableError, loads
from ..storage.keys import STATS_KEY
from ..table.seats import HUMAN, level_of
from ..table.table import Table

FORMAT = "allfives-stats/1"
MIXED = "mixed"  # a table whose opponents play at different levels
GROUPS = (*LEVELS, MIXED)
MAX_COUNTED = 500  # finished games remembered as counted (the latest)
MAX_CHARS = 64_000  # stored statistics are ~12 KB at most
MAX_WHEN = 40
MAX_COUNT = 10**9
MAX_POINTS = 10**12
_ID = re.compile(r"[0-9a-f]{16}")


class StatsError(AllFivesError):
    """Stored statistics that cannot be read; one line for people, in the
    page's language ("statistics: " and what is wrong, naming the field as
    it is stored)."""


@dataclass(frozen=True)
class Row:
    """Games in one group: ``points`` are the person's side's final scores
    added up, in table points, over ``rounds`` rounds."""

    played: int = 0
    won: int = 0
    takebacks: int = 0  # games played with take-backs, of ``played``
    points: int = 0
    rounds: int = 0
    coached: int = 0  # games played with the coach, of ``played``

    def added(self, won: bool, takebacks: bool, points: int, rounds: int,
              coached: bool = False) -> Row:
        return Row(self.played + 1, self.won + won, self.takebacks + takebacks,
                   self.points + points, self.rounds + rounds, self.coached + coached)

    def plus(self, other: Row) -> Row:
        return Row(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(Row)))

    @property
    def per_round(self) -> float | None:
        return self.points / self.rounds if self.rounds else None


@dataclass(frozen=True)
class Finish:
    """A finished game for the records: the person's side's score against the
    best other side's, in the game's own points."""

    mine: int
    theirs: int
    divisor: int
    preset: str
    level: str
    rounds: int
    when: str

    @property
    def margin(self) -> int:
        """How far ahead (or, below zero, behind) the person finished, in table points."""
        return (self.mine - self.theirs) * self.divisor


@dataclass(frozen=True)
class BigPlay:
    """The person's highest-scoring play: its points (the game's own), the
    move, the round (from 1) and the game's preset and date."""

    points: int
    divisor: int
    move: str
    round: int
    preset: str
    when: str

    @property
    def table_points(self) -> int:
        return self.points * self.divisor


@dataclass(frozen=True)
class Stats:
    levels: Mapping[str, Row] = field(default_factory=dict)
    presets: Mapping[str, Row] = field(default_factory=dict)
    streak: int = 0  # clean games won in a row, up to the latest
    best_streak: int = 0
    best: Finish | None = None  # the widest margin
    worst: Finish | None = None  # the narrowest (most negative) margin
    biggest: BigPlay | None = None
    counted: tuple[str, ...] = ()  # identities of the latest games counted

    @property
    def total(self) -> Row:
        out = Row()
        for row in self.levels.values():
            out = out.plus(row)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "levels": {k: asdict(v) for k, v in self.levels.items()},
            "presets": {k: asdict(v) for k, v in self.presets.items()},
            "streak": self.streak,
            "best_streak": self.best_streak,
            "best": asdict(self.best) if self.best else None,
            "worst": asdict(self.worst) if self.worst else None,
            "biggest": asdict(self.biggest) if self.biggest else None,
            "counted": list(self.counted),
        }

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Statistics read back tolerantly: anything unreadable is empty statistics."""
        try:
            return parse(data)
        except StatsError:
            return cls()


def reset(stats: Stats) -> Stats:
    """Empty statistics that still know which games were counted, so the
    finished game on the table is not counted again after a reset."""
    return Stats(counted=stats.counted)


# -- counting a game -------------------------------------------------------------


def game_id(game: Game) -> str:
    """A finished game's identity: a digest of its record."""
    text = json.dumps(to_record(game), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def opponents_level(table: Table) -> str:
    """The opponents' level, or ``MIXED`` when they play at different levels."""
    rules = table.rules
    levels = {level_of(table.bots[s] or "") for s in range(rules.players)
              if rules.side_of(s) != rules.side_of(HUMAN)}
    return levels.pop() if len(levels) == 1 else MIXED


def biggest_play(game: Game, when: str = "") -> BigPlay | None:
    """The person's highest-scoring play in ``game`` (the first of equals)."""
    best: BigPlay | None = None
    for round_no, rnd in enumerate(game.rounds, 1):
        for seat, move, points in rnd.history:
            if seat == HUMAN and points > 0 and (best is None or points > best.points):
                best = BigPlay(points, game.rules.divisor, move_text(move), round_no,
                               game.rules.preset, when[:MAX_WHEN])
    return best


def record_game(stats: Stats, game: Table | Mapping[str, Any], when: str = "") -> Stats:
    """The statistics with ``game`` counted, if it is finished, was not
    counted before and was not played by friends sharing the table (else
    ``stats`` as it is). ``game`` is the table (which counts its take-backs
    and the coach's decisions), or, where that is all there is, its saved
    record (read into a table: its ``"takebacks"`` and ``"coached"``);
    ``when`` is the date the page gives it (e.g. ``"2025-06-01"``).
    SaveError for a record that is no readable save."""
    table = game if isinstance(game, Table) else Table.from_record(dict(game))
    played = table.game
    if not played.over or table.shared:
        return stats
    ident = game_id(played)
    if ident in stats.counted:
        return stats
    rules = played.rules
    mine = rules.side_of(HUMAN)
    won = played.winner == mine
    took_back, coached = table.takebacks > 0, table.coached > 0
    marked = took_back or coached
    level = opponents_level(table)
    points, rounds = played.scores[mine] * rules.divisor, len(played.rounds)
    levels = {**stats.levels, level: stats.levels.get(level, Row()).added(
        won, took_back, points, rounds, coached)}
    presets = {**stats.presets, rules.preset: stats.presets.get(rules.preset, Row()).added(
        won, took_back, points, rounds, coached)}
    counted = (*stats.counted, ident)[-MAX_COUNTED:]
    out = replace(stats, levels=levels, presets=presets, counted=counted)
    if marked:
        return out
    theirs = max(s for side, s in enumerate(played.scores) if side != mine)
    finish = Finish(played.scores[mine], theirs, rules.divisor, rules.preset, level, rounds,
                    when[:MAX_WHEN])
    play = biggest_play(played, when)
    streak = stats.streak + 1 if won else 0
    return replace(
        out, streak=streak, best_streak=max(stats.best_streak, streak),
        best=finish if stats.best is None or finish.margin > stats.best.margin else stats.best,
        worst=finish if stats.worst is None or finish.margin < stats.worst.margin
        else stats.worst,
        biggest=play if play and (stats.biggest is None
                                  or play.table_points > stats.biggest.table_points)
        else stats.biggest)


# -- reading stored statistics strictly ------------------------------------------------


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
