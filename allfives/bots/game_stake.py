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

**Every table** (issue 41). With 3 or 4 players alone, or 4 as partners,
the table is a ``ChanceTable``: each side's chance by every side's
distance to the target, which serves any target as it is (``SidesGame``);
a file per preset and player count in ``stake-tables/`` (made by
bench/stake_tables.py from the chain of ``game_chances``). With three or
four alone the stake is the side's own chance of winning: a round that lets
the leader win costs every other side its whole chance, however many
points it made. Rules with options of their own other than the target (a
table needs thousands of rounds played under its rules, and their preset's
rounds are not theirs), games so long that their start lies off a 2-player
table's grid, and judges inside ``without_tables`` keep the points and a
fixed ``WIN_BONUS`` for the won game (``expert.outcome_stake``).

**Depth.** A ``ChanceTable`` keeps distances up to its ``depth`` (the
target where its grid fits, else less: 80 points with four alone, 16 in
cribbage, 41 with three in cribbage); a side further off counts as that
far. For the others' chances that overstates a far side a little. For a
side's own chance it made every distance past the depth one: with four
alone, a side at 90 while another neared 200 gained nothing by its own
points near the end, and the master played only to stop the others. So a
side's own chance past the depth falls on geometrically from the depth's,
at the table's own rate at its edge: in games simulated on the tables'
samples (``game_chances.simulate``) the chance falls by about the same
ratio each step there (tests/bots/test_stake_model.py). A side below 0
(standard takes each player's pips left off their side's score) is
further off than the target, so past every table's depth: three players
and partners read the tail too, rarely.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import zlib
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import accumulate
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from .. import data_files
from ..rules import PRESETS, Rules, Side
from .equity import EquityTable, Grid
from .exact import Margin, Stake

FORMAT = "allfives-equity"
VERSION = 2  # 2: a file per preset (``table``); 1 kept all six in one
SIDES_FORMAT = "allfives-stake"  # a ``ChanceTable``'s file
SIDES_VERSION = 1
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

    sides = 2

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
class ChanceTable:
    """Each side's chance of winning by the sides' distances to the target
    (a game's chances depend on how far each side is from the target, not on
    the target: ``equity.replay`` compares scores with it and each other only), with
    side 0 starting the next round: any other starter's state is the same
    turned round the table (``game_chances.turned``). Distances run from ``step``
    to ``depth`` by ``step``: a side further off counts as ``depth`` away, one
    at or past the target (an exact tie there plays on) as ``step``.

    ``columns``: each side's chances by cell but the last side's (its
    chance is the rest), the cell numbering the sides' distances' places in
    turn, side 0's first. ``sweeps`` were made to reach ``tolerance``
    (bench/stake_tables.py builds it)."""

    sides: int
    step: int
    depth: int
    columns: tuple[Sequence[float], ...] = field(repr=False)
    tolerance: float
    sweeps: int

    @property
    def size(self) -> int:
        """Distances per side."""
        return self.depth // self.step

    def place(self, distance: int) -> int:
        """A distance's place: the nearest on the grid (ties to the even
        step), clamped to it."""
        return min(max(round(distance / self.step), 1), self.size) - 1

    def chances(self, scores: Sequence[int], starter: Side, target: int) -> tuple[float, ...]:
        """Each side's chance from ``scores`` in a game to ``target`` when side
        ``starter`` starts the next round."""
        n = self.sides
        cell = 0
        for k in range(n):  # the state turned so that the starter is side 0
            cell = cell * self.size + self.place(target - scores[(starter + k) % n])
        row = [column[cell] for column in self.columns]
        row.append(max(0.0, 1.0 - sum(row)))
        return tuple(row[(side - starter) % n] for side in range(n))

    def chance(self, scores: Sequence[int], side: Side, target: int) -> float:
        """``side``'s chance when the next round's starter is not known: the
        mean over the sides. A side further off than ``depth`` would read the
        same chance at any distance, so that its own points there were worth
        nothing; its chance falls on from the depth's by the ratio of the
        depth's to the step before's, per step (games fall about so: module
        docstring, Depth)."""
        beyond = target - scores[side] - self.depth
        if beyond <= 0:
            return self._mean(scores, side, target)
        edge, inner = (self._mean(_moved(scores, side, target - distance), side, target)
                       for distance in (self.depth, self.depth - self.step))
        ratio = min(1.0, edge / inner) if inner > 0 else 0.0
        return edge * math.pow(ratio, beyond / self.step)

    def _mean(self, scores: Sequence[int], side: Side, target: int) -> float:
        return sum(self.chances(scores, s, target)[side] for s in range(self.sides)) / self.sides


def _moved(scores: Sequence[int], side: Side, score: int) -> list[int]:
    """The scores with ``side``'s set to ``score``."""
    moved = list(scores)
    moved[side] = score
    return moved


@dataclass(frozen=True)
class SidesGame:
    """A ``ChanceTable`` for a game to ``target``, with what the stake
    needs from it (as ``GameTable``): ``reach`` and ``points_per_game``."""

    table: ChanceTable
    reach: int
    target: int
    points_per_game: float

    @property
    def sides(self) -> int:
        return self.table.sides

    @classmethod
    def of(cls, table: ChanceTable, reach: int, target: int) -> SidesGame:
        return cls(table, reach, target, sides_points_per_game(table, target))

    def at(self, target: int) -> SidesGame:
        """This table for a game to ``target``: distances serve any."""
        return self if target == self.target else SidesGame.of(self.table, self.reach, target)

    def chance(self, scores: Sequence[int], side: Side) -> float:
        """``side``'s chance of winning from ``scores``, the next starter not known."""
        return self.table.chance(scores, side, self.target)

    def can_end(self, scores: Sequence[int]) -> bool:
        """Whether a round from ``scores`` can end the game."""
        return max(scores) >= self.target - self.reach


Game = GameTable | SidesGame


@dataclass(frozen=True)
class GameChance:
    """The stake near the target: ``side``'s chance of winning the game after
    the round (1 or 0 when the round decided it), less an even share (one
    half with two sides), in points by ``points_per_game``. Antisymmetric
    with two sides, as the exact solver wants; with more, the solver's
    cautious value is the side's own chance against all the others."""

    game: Game

    def __call__(self, scores: Sequence[int], winner: Side | None, side: Side) -> float:
        if winner is not None:
            chance = 1.0 if winner == side else 0.0
        else:
            chance = self.game.chance(scores, side)
        return (chance - 1 / self.game.sides) * self.game.points_per_game

    def chance_of(self, value: float) -> float:
        """The chance of winning a value of this stake stands for, within
        0 and 1 (a mean of sure wins can come back 1.0000000000000002,
        which a verdict read from its JSON would refuse)."""
        return min(1.0, max(0.0, value / self.game.points_per_game + 1 / self.game.sides))


def points_per_game(table: EquityTable, start: int = 0) -> float:
    """Points a whole game's chance is worth where a game starts (module
    docstring): at 0-0, or at ``start`` all for a game to another target."""
    step = table.grid.step
    at = table.grid.nearest(start)
    rise = sum(table.win_probability(at + step, at - step, s)
               - table.win_probability(at - step, at + step, s) for s in (0, 1)) / 2
    return 4 * step / rise


def sides_points_per_game(table: ChanceTable, target: int) -> float:
    """``points_per_game`` of a ``ChanceTable`` in a game to ``target``:
    where it starts (every side at the target's distance, or the table's
    depth), two steps of one side's distance against the change in its
    chance they make (its margin over the others moves by as much)."""
    step = table.step
    start = min(target, table.depth)
    near, far = (start - step, start + step) if start + step <= table.depth \
        else (start - 2 * step, start)

    def own(distance: int) -> float:
        return table.chance([target - distance] + [target - start] * (table.sides - 1), 0, target)

    return (far - near) / (own(near) - own(far))


def _packed(values: Sequence[float]) -> str:
    """Chances as whole numbers of 1/SCALE, each as its difference from the
    one before (a table is smooth: the differences are small), high bytes
    then low bytes, compressed, in base64."""
    whole = [round(v * SCALE) for v in values]
    steps = [(now - before) % 65536 for before, now in zip([0, *whole[:-1]], whole, strict=True)]
    packed = bytes(d >> 8 for d in steps) + bytes(d & 255 for d in steps)
    return base64.b64encode(zlib.compress(packed, 9)).decode()


def _unpacked(text: str) -> list[float]:
    """``_packed``'s inverse (chances to within 1/SCALE)."""
    packed = zlib.decompress(base64.b64decode(text))
    count = len(packed) // 2
    pairs = bytearray(2 * count)  # low byte first, as ``array`` reads them here
    pairs[0::2], pairs[1::2] = packed[count:], packed[:count]
    steps = array("H", bytes(pairs))
    if array("H", b"\x01\x00")[0] != 1:  # a machine that keeps the high byte first
        steps.byteswap()
    return [(now % 65536) / SCALE for now in accumulate(steps)]


def encode(table: EquityTable, reach: int) -> dict[str, Any]:
    """A table as kept in its preset's file (``table_file``): its grid, and its chances
    as whole numbers of 1/SCALE, each as its difference from the one before
    (``_packed``)."""
    return {"target": table.target, "floor": table.grid.floor, "top": table.grid.top,
            "step": table.grid.step, "reach": reach, "tolerance": table.tolerance,
            "sweeps": table.sweeps, "chances": _packed(table.values)}


def decode(data: Mapping[str, Any]) -> GameTable:
    """``encode``'s inverse (chances to within 1/SCALE). ValueError for a
    table that is not whole."""
    grid = Grid(int(data["floor"]), int(data["top"]), int(data["step"]))
    chances = _unpacked(data["chances"])
    if len(chances) != 2 * grid.size ** 2:
        raise ValueError(f"a table of {len(chances)} chances for a grid of {grid.size}")
    table = EquityTable(int(data["target"]), grid, tuple(chances), float(data["tolerance"]),
                        int(data["sweeps"]))
    return GameTable(table, int(data["reach"]), points_per_game(table))


def encode_sides(table: ChanceTable, reach: int) -> dict[str, Any]:
    """A ``ChanceTable`` as its file keeps it (as ``encode``): its columns
    one after another (a side's chances are smooth from cell to cell)."""
    return {"sides": table.sides, "step": table.step, "depth": table.depth, "reach": reach,
            "tolerance": table.tolerance, "sweeps": table.sweeps,
            "chances": _packed([v for column in table.columns for v in column])}


def decode_sides(data: Mapping[str, Any]) -> tuple[ChanceTable, int]:
    """``encode_sides``' inverse: the table and its reach. ValueError for a
    table that is not whole."""
    n, step, depth = int(data["sides"]), int(data["step"]), int(data["depth"])
    chances = _unpacked(data["chances"])
    if n < 2 or step < 1 or depth % step or len(chances) != (n - 1) * (depth // step) ** n:
        raise ValueError(f"a table of {len(chances)} chances for {n} sides "
                         f"to a depth of {depth} by {step}")
    cells = (depth // step) ** n
    columns = tuple(chances[side * cells:(side + 1) * cells] for side in range(n - 1))
    table = ChanceTable(n, step, depth, columns, float(data["tolerance"]), int(data["sweeps"]))
    return table, int(data["reach"])


def fingerprint(game: Game) -> str:
    """A short hash of a table's chances: what names the stake a judge used."""
    chances = game.table.values if isinstance(game, GameTable) else game.table.columns
    return hashlib.sha256(repr(chances).encode()).hexdigest()[:12]


def sides_name(rules: Rules) -> str:
    """The name of the table of 3- or 4-player rules: its preset and
    players, ``p`` for partners (``standard-4p``)."""
    return f"{rules.preset}-{rules.players}{'p' if rules.partnership else ''}"


SIDES_NAMES = tuple(sides_name(Rules.make(preset, players=players, partnership=partners))
                    for preset in PRESETS
                    for players, partners in ((3, False), (4, False), (4, True)))


def table_path(rules: Rules) -> str | None:
    """The data file the table of these rules is kept in, in the package
    (None: rules of their own options have none, ``table_for``)."""
    if not _as_preset(rules):
        return None
    if rules.players == 2:
        return data_files.table(rules.preset)
    return data_files.stake_table(sides_name(rules))


def table_file(preset: str) -> Path:
    """Where a preset's 2-player table is kept (``data_files.table``)."""
    return data_files.PACKAGE / data_files.table(preset)


def _kept(path: str, kind: str, version: int, key: str, name: str) -> dict[str, Any]:
    """A table as its file keeps it, after checking the file is of ``kind``
    and ``version`` for ``name``. In the page the file is fetched when first
    needed (``data_files``); asked for before, DataFileError, so that no bot
    plays as if there were no table."""
    if data_files.missing(path) is not None:
        raise data_files.DataFileError(f"{path} has not been fetched")
    file = data_files.PACKAGE / path
    data = json.loads(file.read_text(encoding="utf-8"))
    if (data.get("format"), data.get("version"), data.get(key)) != (kind, version, name):
        raise ValueError(f"{file.name} is not an {kind} file of version {version} for {name}")
    table: dict[str, Any] = data["table"]
    return table


def kept(preset: str) -> dict[str, Any]:
    """A preset's 2-player table as its file keeps it (``encode``)."""
    return _kept(data_files.table(preset), FORMAT, VERSION, "preset", preset)


def kept_sides(name: str) -> dict[str, Any]:
    """A table of 3 or 4 players (``sides_name``) as its file keeps it
    (``encode_sides``)."""
    return _kept(data_files.stake_table(name), SIDES_FORMAT, SIDES_VERSION, "name", name)


T = TypeVar("T")


class Shipped(Mapping[str, T], Generic[T]):
    """The shipped tables by name, each read and decoded (``load``) when it
    is first asked for (a game needs one)."""

    def __init__(self, names: Sequence[str], load: Callable[[str], T]) -> None:
        self.names = tuple(names)
        self.load = load
        self.decoded: dict[str, T] = {}

    def __getitem__(self, name: str) -> T:
        if name not in self.names:
            raise KeyError(name)
        if name not in self.decoded:
            self.decoded[name] = self.load(name)
        return self.decoded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


@cache
def shipped() -> Mapping[str, GameTable]:
    """The 2-player tables by preset, each read when first asked for."""
    return Shipped(tuple(PRESETS), lambda preset: decode(kept(preset)))


def _sides_game(name: str) -> SidesGame:
    table, reach = decode_sides(kept_sides(name))
    preset, players = name.rstrip("p").rsplit("-", 1)
    return SidesGame.of(table, reach, Rules.make(preset, players=int(players)).target)


@cache
def shipped_sides() -> Mapping[str, SidesGame]:
    """The tables of 3 and 4 players by ``sides_name``, each read when first
    asked for, for their preset's target."""
    return Shipped(SIDES_NAMES, _sides_game)


# Which rules have a table: every rules (issue 41), a preset's own rules for 2 players and
# its own target only (inside ``presets_tables_only``, as before issue 41), or none (inside
# ``without_tables``, as before issue 29): bots that play as the master did then.
Tables = Literal["every", "presets", "none"]
_TABLES: ContextVar[Tables] = ContextVar("tables", default="every")


@contextmanager
def _tables(which: Tables) -> Iterator[None]:
    token = _TABLES.set(which)
    try:
        yield
    finally:
        _TABLES.reset(token)


def without_tables() -> AbstractContextManager[None]:
    """Within: no rules have a table (points and the fixed bonus everywhere),
    as every judge valued a round before the game's stake was known."""
    return _tables("none")


def presets_tables_only() -> AbstractContextManager[None]:
    """Within: only a preset's own rules for 2 players, to its own target,
    have a table, as before issue 41 (points and the fixed bonus with 3 or
    4 players and at any other target)."""
    return _tables("presets")


def table_for(rules: Rules) -> Game | None:
    """The table of these rules, for their target: a preset's own rules,
    whatever the players and the target (module docstring; none inside
    ``without_tables``, only a preset's own 2-player rules and target inside
    ``presets_tables_only``)."""
    which = _TABLES.get()
    if which == "none" or not _as_preset(rules) or which == "presets" and not _own(rules):
        return None
    return rules_table(rules)


@cache
def _as_preset(rules: Rules) -> bool:
    """Whether the rules are a preset's own but for the players, partners and
    target (kept per rules: ``table_for`` asks at every playout's end)."""
    return rules == Rules.make(rules.preset, players=rules.players,
                               partnership=rules.partnership, target=rules.target)


@cache
def _own(rules: Rules) -> bool:
    """Whether the rules are a preset's own for 2 players, target and all."""
    return rules == Rules.make(rules.preset, players=2)


@cache
def rules_table(rules: Rules) -> Game | None:
    """``table_for``'s answer for a preset's own rules (kept per rules): the
    table of the preset and players for the rules' target; None where a
    2-player game's start lies off its table's grid (``GameTable.at``)."""
    game: Game | None = (shipped().get(rules.preset) if rules.players == 2
                         else shipped_sides().get(sides_name(rules)))
    return None if game is None else game.at(rules.target)


def stake_for(rules: Rules, start: Sequence[int], bonus: float) -> Stake:
    """The stake of a round played from scores ``start``: ``GameChance``
    where the rules have a table and the round can end the game, else the
    points since ``start`` with ``bonus`` for a won game.

    >>> stake_for(Rules.make("standard", players=3), (20, 40, 10), 60.0)  # far from 200
    Margin(start=(20, 40, 10), bonus=60.0)
    """
    game = table_for(rules)
    if game is not None and game.can_end(start):
        return GameChance(game)
    return Margin(tuple(start), bonus)
