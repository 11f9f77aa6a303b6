"""What a finished round is worth, for every judge: points where the game
goes on, the chance of winning the game where the round can end it.

Far from the target a round's worth is its points (``exact.Margin``: the
side's gain minus the others'). Near it "points plus a fixed bonus for a won
game" misjudges the stake (issue 29): 10 points that win are worth more than
30 that do not, and a move that only changes the margin of a game already
decided changes nothing. So where a side can reach the target in this round
(its score at least ``target - reach``, ``reach`` the points a side made in
a round, 99 rounds in 100, in the table's sample: rarer rounds that go
further are valued by points and the bonus), the stake is ``GameChance``: the
side's chance of winning the game after the round, by the match-equity
table of the rules (``bots.equity``, shipped a file per preset in
``equity-tables/``, made by ``bench/match_equity.py``).

**One scale.** A chance is turned into points by the table's own exchange
rate at the start of a game: ``points_per_game`` is what a whole game's
chance is worth in points where the game is young (two steps of score
around 0-0 against the change in the chance they make). So a verdict near
the target reads on the same scale as one far from it: losing 10% of the
game is worth what 10% of the game was worth in points at 0-0.

**Any target.** A game's chance depends on how far each side is from the
target, not on the target itself (``equity.replay`` compares scores with the
target and with each other only), so a preset's table serves a game to
another target with every score moved by the difference
(``GameTable.at``); its exchange rate is taken where that game starts.
Past twice the table's target (less a step) a game's start lies beyond the
table's floor, and the stake is points and the bonus.

Tables exist for 2 players with a preset's own options (any target, as
above); other rules (3-4 players, own options) keep the points and a fixed
``WIN_BONUS`` for the won game (``expert.outcome_stake``).
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, fields, replace
from functools import cache
from pathlib import Path
from typing import Any

from .. import data_files
from ..rules import PRESETS, Rules, Side
from .equity import EquityTable, Grid
from .exact import Margin, Stake

FORMAT = "allfives-equity"
VERSION = 2  # 2: a file per preset (``table``); 1 kept all six in one
SCALE = 10_000  # a chance is kept as a whole number of 1/SCALE (far below its sampling error)


@dataclass(frozen=True)
class GameTable:
    """A preset's match-equity table with what the stake needs from it:
    ``reach`` (the points a side made in a round, 99 rounds in 100, in its
    sample) and
    ``points_per_game`` (module docstring: one scale)."""

    table: EquityTable
    reach: int
    points_per_game: float
    shift: int = 0  # the table's target less the game's (module docstring: any target)

    @property
    def target(self) -> int:
        """The target of the game this table values."""
        return self.table.target - self.shift

    def at(self, target: int) -> GameTable | None:
        """This table for a game to ``target`` (module docstring: any
        target), or None where that game's start lies off its grid."""
        shift = self.table.target - target
        if shift == self.shift:
            return self
        grid = self.table.grid
        if not (grid.floor <= shift - grid.step and shift + grid.step <= grid.top):
            return None
        return replace(self, shift=shift, points_per_game=points_per_game(self.table, shift))

    def chance(self, scores: Sequence[int], side: Side) -> float:
        """``side``'s chance of winning from ``scores`` (2 sides) when the next
        round's starter is not known: the mean over the two. A score off the
        table's grid (the preset's rules give none; a position set up by
        hand, or another target, can) counts as the nearest on it."""
        own, other = (self.table.grid.nearest(scores[s] + self.shift) for s in (side, 1 - side))
        return sum(self.table.win_probability(own, other, s) for s in (0, 1)) / 2

    def can_end(self, scores: Sequence[int]) -> bool:
        """Whether a round from ``scores`` can end the game."""
        return max(scores) >= self.target - self.reach


@dataclass(frozen=True)
class GameChance:
    """The stake near the target: ``side``'s chance of winning the game after
    the round (1 or 0 when the round decided it), less one half, in points
    by ``points_per_game``. Antisymmetric, as the exact solver wants."""

    game: GameTable

    def __call__(self, scores: Sequence[int], winner: Side | None, side: Side) -> float:
        if winner is not None:
            chance = 1.0 if winner == side else 0.0
        else:
            chance = self.game.chance(scores, side)
        return (chance - 0.5) * self.game.points_per_game

    def chance_of(self, value: float) -> float:
        """The chance of winning a value of this stake stands for."""
        return value / self.game.points_per_game + 0.5


def points_per_game(table: EquityTable, start: int = 0) -> float:
    """Points a whole game's chance is worth where a game starts (module
    docstring): at 0-0, or at ``start`` all for a game to another target."""
    step = table.grid.step
    at = table.grid.nearest(start)
    rise = sum(table.win_probability(at + step, at - step, s)
               - table.win_probability(at - step, at + step, s) for s in (0, 1)) / 2
    return 4 * step / rise


def encode(table: EquityTable, reach: int) -> dict[str, Any]:
    """A table as kept in its preset's file (``table_file``): its grid, and its chances
    as whole numbers of 1/SCALE, each as its difference from the one before
    (a table is smooth: the differences are small), high bytes then low
    bytes, compressed."""
    whole = [round(v * SCALE) for v in table.values]
    steps = [(now - before) % 65536 for before, now in zip([0, *whole[:-1]], whole, strict=True)]
    packed = bytes(d >> 8 for d in steps) + bytes(d & 255 for d in steps)
    return {"target": table.target, "floor": table.grid.floor, "top": table.grid.top,
            "step": table.grid.step, "reach": reach, "tolerance": table.tolerance,
            "sweeps": table.sweeps,
            "chances": base64.b64encode(zlib.compress(packed, 9)).decode()}


def decode(data: Mapping[str, Any]) -> GameTable:
    """``encode``'s inverse (chances to within 1/SCALE). ValueError for a
    table that is not whole."""
    grid = Grid(int(data["floor"]), int(data["top"]), int(data["step"]))
    packed = zlib.decompress(base64.b64decode(data["chances"]))
    count = len(packed) // 2
    if count != 2 * grid.size ** 2:
        raise ValueError(f"a table of {count} chances for a grid of {grid.size}")
    chances: list[float] = []
    now = 0
    for high, low in zip(packed[:count], packed[count:], strict=True):
        now = (now + (high << 8 | low)) % 65536
        chances.append(now / SCALE)
    table = EquityTable(int(data["target"]), grid, tuple(chances), float(data["tolerance"]),
                        int(data["sweeps"]))
    return GameTable(table, int(data["reach"]), points_per_game(table))


def table_file(preset: str) -> Path:
    """Where a preset's table is kept (``data_files.table``)."""
    return data_files.PACKAGE / data_files.table(preset)


def kept(preset: str) -> dict[str, Any]:
    """A preset's table as its file keeps it (``encode``), with how it was
    made. In the page the file is fetched when first needed (``data_files``);
    asked for before, DataFileError, so that no bot plays as if there were
    no table."""
    if data_files.missing(data_files.table(preset)) is not None:
        raise data_files.DataFileError(f"{data_files.table(preset)} has not been fetched")
    file = table_file(preset)
    data = json.loads(file.read_text(encoding="utf-8"))
    if (data.get("format"), data.get("version"), data.get("preset")) != (FORMAT, VERSION, preset):
        raise ValueError(f"{file.name} is not an {FORMAT} file of version {VERSION} "
                         f"for {preset}")
    table: dict[str, Any] = data["table"]
    return table


class Shipped(Mapping[str, GameTable]):
    """The shipped tables by preset, each read and decoded when its preset
    is first asked for (a game needs one of six; ``kept``)."""

    def __init__(self) -> None:
        self.decoded: dict[str, GameTable] = {}

    def __getitem__(self, preset: str) -> GameTable:
        if preset not in PRESETS:
            raise KeyError(preset)
        if preset not in self.decoded:
            self.decoded[preset] = decode(kept(preset))
        return self.decoded[preset]

    def __iter__(self) -> Iterator[str]:
        return iter(PRESETS)

    def __len__(self) -> int:
        return len(PRESETS)


@cache
def shipped() -> Mapping[str, GameTable]:
    """The tables by preset, each read when first asked for (``Shipped``)."""
    return Shipped()


# False inside ``without_tables``: a bot that plays as before the tables.
_TABLES: ContextVar[bool] = ContextVar("tables", default=True)


@contextmanager
def without_tables() -> Iterator[None]:
    """Within: no rules have a table (points and the fixed bonus everywhere),
    as every judge valued a round before the game's stake was known."""
    token = _TABLES.set(False)
    try:
        yield
    finally:
        _TABLES.reset(token)


def may_use_table(rules: Rules) -> bool:
    """Whether a judge of these rules reads the tables: a preset's own
    rules for 2 players (``preset_table``), whatever their target."""
    return rules.players == 2 and _as_preset(rules)


def table_for(rules: Rules) -> GameTable | None:
    """The table of these rules: a preset's own, 2 players, for the rules'
    target (``GameTable.at``; none inside ``without_tables``)."""
    return preset_table(rules) if _TABLES.get() else None


@cache
def preset_table(rules: Rules) -> GameTable | None:
    """``table_for``'s answer outside ``without_tables`` (kept per rules)."""
    if not may_use_table(rules):
        return None
    game = shipped().get(rules.preset)
    return None if game is None else game.at(rules.target)


def _as_preset(rules: Rules) -> bool:
    own = Rules.make(rules.preset, players=rules.players, target=rules.target)
    return all(getattr(rules, f.name) == getattr(own, f.name) for f in fields(Rules))


def stake_for(rules: Rules, start: Sequence[int], bonus: float) -> Stake:
    """The stake of a round played from scores ``start``: ``GameChance``
    where the rules have a table and the round can end the game, else the
    points since ``start`` with ``bonus`` for a won game.

    >>> stake_for(Rules.make("standard", players=3), (200, 240, 10), 60.0)  # no table
    Margin(start=(200, 240, 10), bonus=60.0)
    """
    game = table_for(rules)
    if game is not None and game.can_end(start):
        return GameChance(game)
    return Margin(tuple(start), bonus)
