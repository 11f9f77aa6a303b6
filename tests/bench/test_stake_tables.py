"""bench/stake_tables.py: the stake's chain solved at every state at once
(issue 41), checked by exact numbers worked by hand, against the 2-player
tables of ``bots.equity`` (another solver: a grid of scores, one state at a
time), round the table, and against games simulated on the same sample
(no grid, no depth); and the command as a person runs it."""

from __future__ import annotations

import importlib
import json
import os
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from allfives.bots import game_stake
from allfives.bots.equity import Trajectory, build
from allfives.bots.game_chances import Sample, simulate
from allfives.bots.game_stake import SIDES_NAMES
from allfives.rules import Rules
from tests.helpers import bot_rounds

ROOT = Path(__file__).parents[2]
BENCH = ROOT / "bench"

# One round: the side that starts it scores 5, and the next starter is drawn
# at random (a blocked round's). Turned round the table, every round is won
# by a side drawn at random.
COIN = Trajectory(0, ((0, 5),), (0, 0, 0), None)


@pytest.fixture(scope="module")
def tables() -> ModuleType:
    """The script's module, imported as it runs (``import harness``: beside it)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(BENCH))
        return importlib.import_module("stake_tables")


def test_three_sides_each_scoring_five_at_random_to_ten(tables: ModuleType) -> None:
    """From 5, 0, 0 side 0 needs one round, the others two: by hand,
    P(5,5,0) = 1/3 + 1/3 * 1/3 = 4/9, P(5,0,0) = 1/3 + 2/3 * 4/9 = 17/27, and
    P(0,5,5) = 1/3 * 1/3 = 1/9 (side 0 must win the next two rounds)."""
    table = tables.build([COIN], 10, 5)
    assert (table.sides, table.size) == (3, 2)
    for scores, side0 in (((5, 0, 0), Fraction(17, 27)), ((5, 5, 0), Fraction(4, 9)),
                          ((5, 5, 5), Fraction(1, 3)), ((0, 5, 5), Fraction(1, 9))):
        chances = [table.chance(scores, side, 10) for side in range(3)]
        assert chances[0] == pytest.approx(float(side0), abs=1e-7)
        assert sum(chances) == pytest.approx(1.0, abs=1e-7)
    assert table.chances((5, 0, 0), 0, 10) == pytest.approx((1.0, 0.0, 0.0), abs=1e-7)
    with pytest.raises(ValueError, match="not a whole number of steps"):
        tables.build([COIN], 12, 5)


def test_a_sample_in_which_games_need_not_end_is_refused(tables: ModuleType) -> None:
    nothing = Trajectory(0, (), (0, 0), None)
    with pytest.raises(ValueError, match="no fixed point"):
        tables.build([nothing], 10, 5, max_sweeps=50)


def standard_rounds(players: int, count: int) -> list[Trajectory]:
    """Rounds between easy bots, standard rules, played to their end."""
    return bot_rounds(Rules.make("standard", players=players, target=10 ** 6), "easy",
                      "stake-tables-test", count)


def test_with_two_sides_the_table_is_the_match_equity_table(tables: ModuleType) -> None:
    """To a depth of twice the target the distances hold every score of the
    equity table's grid (its floor is minus the target)."""
    rounds = standard_rounds(2, 30)
    equity = build(rounds, 60, tolerance=1e-10)
    table = tables.build(rounds, 120, 5)
    for x in range(-55, 60, 5):
        for y in range(-55, 60, 5):
            for s in (0, 1):
                side0, side1 = table.chances((x, y), s, 60)
                assert side0 == pytest.approx(equity.win_probability(x, y, s), abs=1e-6)
                assert side0 + side1 == pytest.approx(1.0, abs=1e-7)


THREE = standard_rounds(3, 60)


@pytest.fixture(scope="module")
def three(tables: ModuleType):
    return tables.build(THREE, 60, 5)


def test_three_players_the_chances_are_symmetric_round_the_table(three) -> None:
    for scores in ((0, 0, 0), (40, 25, 10), (55, 0, 30)):
        for s in range(3):
            here = three.chances(scores, s, 60)
            turned_scores = (scores[2], scores[0], scores[1])  # each side one place on
            there = three.chances(turned_scores, (s + 1) % 3, 60)
            assert there == pytest.approx((here[2], here[0], here[1]), abs=1e-9)
            assert sum(here) == pytest.approx(1.0, abs=1e-7)


@pytest.mark.parametrize("scores,starter", [((50, 30, 20), 1), ((35, 45, 0), 0),
                                            ((55, 55, 40), 2), ((10, 0, 5), 0)])
def test_three_players_the_table_agrees_with_games_simulated_on_its_sample(
        three, scores, starter) -> None:
    estimate = simulate(Sample.of(THREE), scores, starter, 60, 3000, random.Random(7))
    for side, chance in enumerate(three.chances(scores, starter, 60)):
        assert abs(estimate.chances[side] - chance) < 3 * estimate.errors[side] + 1e-9


def test_a_table_is_as_deep_as_it_fits(tables: ModuleType) -> None:
    assert tables.depth_for(2, 250, 5) == 250
    assert tables.depth_for(3, 200, 5) == 200  # 40 ** 3 states
    assert tables.depth_for(3, 61, 1) == 41  # 41 ** 3
    assert tables.depth_for(4, 200, 5) == 80  # 16 ** 4
    assert tables.depth_for(2, 61, 5) == 65  # a whole number of steps past the target


def test_the_command_line_refuses_an_unknown_table() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(BENCH / "stake_tables.py"), "--only", "chess-3"],
                          capture_output=True, text=True, timeout=120, check=False, cwd=ROOT,
                          env=env)
    assert done.returncode == 2 and "invalid choice: 'chess-3'" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_figures_name_every_shipped_table_with_its_checks() -> None:
    """bench/stake_tables.json: every table agrees with games simulated on
    its sample at the named points within three of their errors, where
    every side is within the table's depth; a side further off counts as
    at the depth, so its chance is overstated, never understated."""
    figures = json.loads((BENCH / "stake_tables.json").read_text())
    assert sorted(figures["tables"]) == sorted(SIDES_NAMES)
    for name, entry in figures["tables"].items():
        preset, players = name.rstrip("p").rsplit("-", 1)
        target = Rules.make(preset, players=int(players)).target
        for point in entry["points"].values():
            within = max(target - score for score in point["scores"]) <= entry["depth"]
            for score, table, simulated, error in zip(point["scores"], point["table"],
                                                      point["simulated"], point["error"],
                                                      strict=True):
                if within:
                    assert abs(table - simulated) < 3 * error + 0.002, (name, point)
                elif target - score > entry["depth"]:
                    assert table > simulated - 3 * error, (name, point)


@pytest.mark.parametrize("preset", ["standard", "punt"])
def test_from_the_2_player_rounds_it_makes_the_shipped_2_player_table(
        tables: ModuleType, preset: str) -> None:
    """The shipped 2-player tables (``bots.equity``, the master's rounds in
    bench/match_equity-rounds.json) made again from the same rounds by this
    solver, to the depth of their floor: the same chances within their
    rounding (1/SCALE) and the solvers' tolerances, at every score of the
    grid but the clamped top. Punt's blocked rounds score off the grid."""
    kept = json.loads((BENCH / "match_equity-rounds.json").read_text())
    rounds = [tables.from_row(row) for row in kept["presets"][preset]]
    shipped = game_stake.shipped()[preset].table
    grid, target = shipped.grid, shipped.target
    table = tables.build(rounds, target - grid.floor, grid.step)
    worst = max(abs(table.chances((x, y), s, target)[0] - shipped.win_probability(x, y, s))
                for x in range(grid.floor, target, grid.step)
                for y in range(grid.floor, target, grid.step) for s in (0, 1))
    assert worst < 1e-3


def test_a_table_without_its_rounds_is_left_as_it_is_and_said(
        tables: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(tables, "SAMPLES", tmp_path / "none")
    monkeypatch.setattr(tables, "OUT", tmp_path / "figures.json")
    assert tables.main(["--only", "punt-4p"]) == 0
    said = capsys.readouterr().err
    assert said == ("stake_tables: punt-4p: no rounds kept in punt-4p.json "
                    "(bench/round_samples.py plays them); its table is left as it is\n")
    assert json.loads((tmp_path / "figures.json").read_text())["tables"] == {}
