"""The stake's model against the games it stands for (issue 41): each
side's chance of winning from a named point's scores by the chain over a
sample of whole rounds (``bots.game_chances.simulate``, rounds played to
their end with the target out of sight: bench/round_samples.py) and by
games played on from those scores by the same bot with the target in sight
(bench/stake_check.py), within two standard errors of the two together.
Each file of games is checked against the sample at the same place under
bench/round-samples/.

One known gap, kept here with its numbers until the model closes it: with
three players alone, a side far behind two close ones wins more real games
than the chain says (from 130 against 175 and 175 to 200: the expert's 19
of 400 against 2.5%, the master's 15 of 400 against 2.1%), because the
rounds near the target are not the rounds of the sample: there the two
leaders play against each other, not against the side behind. With two
sides (four players as partners) there is no third side to gain, and the
chain agrees at every point."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from allfives.bots import game_stake
from allfives.bots.equity import Trajectory
from allfives.bots.game_chances import Sample, simulate
from allfives.rules import PRESETS, Rules

BENCH = Path(__file__).parents[2] / "bench"
CHECKS = sorted((BENCH / "stake-check").rglob("*.json"))
MODEL_GAMES = 20_000
# (file, point, side) where the games and the chain disagree (module docstring)
KNOWN_GAPS = {("expert/standard-3.json", "behind", 0), ("standard-3.json", "behind", 0)}
# The same for the shipped table, made from the expert's rounds: it gives the side behind 2.6%
# there, and the master's 15 of 400 games are 1.4 errors from that.
TABLE_GAPS = {("expert/standard-3.json", "behind", 0)}


def name_of(check: Path) -> str:
    return check.relative_to(BENCH / "stake-check").as_posix()


def sample_of(check: Path) -> Sample:
    return sample_at(name_of(check))


def sample_at(name: str) -> Sample:
    """The rounds kept in bench/round-samples/``name``."""
    kept = json.loads((BENCH / "round-samples" / name).read_text(encoding="utf-8"))
    return Sample.of([Trajectory(starter, tuple(map(tuple, events)), tuple(points), then)
                      for starter, events, points, then in kept["rounds"]])


def test_there_are_games_to_check_against() -> None:
    assert {"expert/standard-3.json", "expert/standard-4p.json",
            "standard-3.json"} <= {name_of(p) for p in CHECKS}


@pytest.mark.parametrize("check", CHECKS, ids=name_of)
def test_the_chain_agrees_with_games_played_on_from_each_point(check: Path) -> None:
    kept = json.loads(check.read_text(encoding="utf-8"))
    sample = sample_of(check)
    gaps = set()
    for point, entry in kept["points"].items():
        games = entry["games"]
        assert games == len(entry["winners"]) >= 400
        model = simulate(sample, entry["scores"], None, entry["target"], MODEL_GAMES,
                         random.Random(point))
        for side, chance in enumerate(model.chances):
            direct = entry["winners"].count(str(side)) / games
            # the direct count's error if the model is right, and the simulation's own
            error = math.hypot(math.sqrt(chance * (1 - chance) / games), model.errors[side])
            if abs(direct - chance) >= 2 * error:
                gaps.add((name_of(check), point, side, "more" if direct > chance else "fewer"))
    assert gaps == {(*gap, "more") for gap in KNOWN_GAPS if gap[0] == name_of(check)}


def shipped_for(check: Path, target: int) -> game_stake.SidesGame:
    """The shipped table of the check's rules (named by its file), for ``target``."""
    preset, players = check.stem.rsplit("-", 1)
    rules = Rules.make(preset, players=int(players.rstrip("p")),
                       partnership=players.endswith("p"), target=target)
    game = game_stake.table_for(rules)
    assert isinstance(game, game_stake.SidesGame)
    return game


@pytest.mark.parametrize("check", CHECKS, ids=name_of)
def test_the_shipped_table_agrees_with_the_same_games(check: Path) -> None:
    """The stake as the bots read it (the chain solved on a grid of distances
    from the expert's sample: bench/stake_tables.py), against the same games:
    the same gap where the games are the expert's, and no other."""
    kept = json.loads(check.read_text(encoding="utf-8"))
    gaps = set()
    for point, entry in kept["points"].items():
        games = entry["games"]
        game = shipped_for(check, entry["target"])
        for side in range(game.sides):
            chance = game.chance(entry["scores"], side)
            direct = entry["winners"].count(str(side)) / games
            if abs(direct - chance) >= 2 * math.sqrt(chance * (1 - chance) / games):
                gaps.add((name_of(check), point, side, "more" if direct > chance else "fewer"))
    assert gaps == {(*gap, "more") for gap in TABLE_GAPS if gap[0] == name_of(check)}


def target_of(name: str) -> int:
    """The target of a table's preset and players (``game_stake.sides_name``)."""
    preset, players = name.rstrip("p").rsplit("-", 1)
    return Rules.make(preset, players=int(players)).target


# the tables not as deep as their preset's target, read without decoding them all
SHALLOW = [name for name in game_stake.SIDES_NAMES
           if game_stake.kept_sides(name)["depth"] < target_of(name)]


def test_the_tables_short_of_their_target_are_four_alone_and_cribbage_with_three() -> None:
    assert set(SHALLOW) == {f"{preset}-4" for preset in PRESETS} | {"cribbage-3"}


def side_1_far(name: str, points: list[tuple[int, ...]]) -> Iterator[tuple[float, ...]]:
    """At each point, side 1's chance by the shipped table (``ours``), by
    the depth's cell it read before this reading past the depth, and in
    20,000 games simulated on the table's sample, with their error."""
    game = game_stake.shipped_sides()[name]
    sample = sample_at(f"expert/{name}.json")
    rng = random.Random(name)
    for scores in points:
        games = simulate(sample, scores, None, game.target, 20_000, rng)
        before = sum(game.table.chances(scores, s, game.target)[1]
                     for s in range(game.sides)) / game.sides
        yield game.chance(scores, 1), before, games.chances[1], games.errors[1]


@pytest.mark.parametrize("name", SHALLOW)
def test_past_the_depth_a_sides_chance_falls_as_games_played_on_fall(name: str) -> None:
    """A side past its table's depth (game_stake's docstring, Depth), the
    others within it, against games simulated on the table's own sample (no
    grid, no depth): 2 and 4 steps past the depth, within half of the games'
    chance, and at most half as far from it as the depth's chance that every
    distance past it read before."""
    game = game_stake.shipped_sides()[name]
    table, target = game.table, game.target
    points = []
    for fractions in ((0.3, 0.6, 0.9), (0.5, 0.5, 0.5), (0.2, 0.8, 1.0)):
        others = [target - max(1, round(f * table.depth / table.step)) * table.step
                  for f in fractions[:game.sides - 1]]
        points += [(others[0], target - table.depth - steps * table.step, *others[1:])
                   for steps in (2, 4)]
    for scores, (ours, before, direct, error) in zip(points, side_1_far(name, points),
                                                     strict=True):
        assert abs(ours - direct) <= 0.5 * direct + 2 * error, (scores, ours, direct)
        assert 2 * abs(ours - direct) <= abs(before - direct), (scores, ours, before, direct)


@pytest.mark.parametrize(("name", "points"), [
    ("standard-4p", [(170, -10), (170, -20), (150, -30), (185, -5)]),
    ("standard-3", [(130, -20, 110), (120, -40, 120), (140, -30, 100)]),
])
def test_a_side_below_zero_is_past_the_depth_of_any_table(
        name: str, points: list[tuple[int, ...]]) -> None:
    """Standard subtracts the hands left, so side 1 below 0 is past a table
    200 deep: its chance by the table is nearer to games simulated on the
    sample than the depth's chance it read before, and within a quarter."""
    for scores, (ours, before, direct, error) in zip(points, side_1_far(name, points),
                                                     strict=True):
        assert abs(ours - direct) <= 0.25 * direct + 2 * error, (scores, ours, direct)
        assert abs(ours - direct) < abs(before - direct), (scores, ours, before, direct)
