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
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from ...bots.names import LEVELS
from ...game import Game
from ...moves import move_text
from ...record import to_record
from ..table.seats import HUMAN, level_of
from ..table.table import Table

FORMAT = "allfives-stats/1"
MIXED = "mixed"  # a table whose opponents play at different levels
GROUPS = (*LEVELS, MIXED)
MAX_COUNTED = 500  # finished games remembered as counted (the latest)
MAX_WHEN = 40


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
