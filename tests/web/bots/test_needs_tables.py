"""The stake's tables the page fetches, a file per preset and player count
(issues 40 and 41):
which requests read which (``decide.needs_table``), and that no bot plays
as if its table were missing: a level said not to read one chooses with
none readable, and a staked level asked before its preset's table is in
place fails instead of playing otherwise (``game_stake.kept``), whatever
other presets' tables are there."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from allfives import data_files
from allfives.bots import BOTS, game_stake
from allfives.bots.analysis import Moment, moments
from allfives.bots.asks import BestAsk, MoveAsk
from allfives.coach.tutor import CoachAsk
from allfives.data_files import DataFileError, described
from allfives.rules import PRESETS, Rules
from allfives.web import worker
from allfives.web.bots.decide import STAKED_LEVELS, decide, needs_table

from ...bots.test_analysis import bot_game

TEXTS = {path: (data_files.PACKAGE / path).read_bytes()
         for path in [*(data_files.table(p) for p in PRESETS),
                      *(data_files.stake_table(name) for name in game_stake.SIDES_NAMES)]}
STANDARD = data_files.table("standard")


@pytest.fixture
def unfetched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """As in the page before the tables are fetched: left out, not in place."""
    entries = {path: described(path, text) for path, text in TEXTS.items()}
    monkeypatch.setattr(data_files, "PACKAGE", tmp_path)
    monkeypatch.setattr(data_files, "left_out", lambda: entries)
    clear()
    yield tmp_path
    clear()


def clear() -> None:
    """Every table read so far forgotten."""
    for cached in (game_stake.shipped, game_stake.shipped_sides, game_stake.rules_table):
        cached.cache_clear()


def views(players: int) -> list[Moment]:
    """Decisions with more than one move, of games to the preset's target."""
    found = [m for seed in (1, 2) for m in moments(bot_game(seed, players=players, rounds=2))
             if len(m.view.legal_moves()) > 1]
    assert len(found) >= 8
    return found[:: len(found) // 8][:8]


@pytest.fixture(scope="module")
def decisions() -> list[Moment]:
    """Two players' decisions, found before any test hides the tables."""
    return views(2)


def test_which_requests_read_which_table(decisions: list[Moment]):
    two, three = decisions[0], views(3)[0]
    assert two.view.rules.preset == "standard"
    for m, table in ((two, STANDARD), (three, "bots/stake-tables/standard-3.json")):
        asks = [m, BestAsk(m.round, m.move, m.view), CoachAsk(1, m.round, m.move, m.view)]
        assert [needs_table(a) for a in asks] == [table] * 3
        assert {level: needs_table(MoveAsk(level, 1, m.view)) for level in BOTS} == {
            level: table if level in ("expert", "master", "master-40") else None
            for level in BOTS}
    cribbage = replace(two.view, rules=Rules.make("cribbage"))  # only its rules are read
    assert needs_table(MoveAsk("master", 1, cribbage)) == "bots/equity-tables/cribbage.json"
    assert needs_table(MoveAsk("hard", 1, cribbage)) is None
    assert [game_stake.table_path(rules) for rules in (
        Rules.make("muggins", players=2, target=100),
        Rules.make("standard", players=2, hand_size=7),  # own options: none read, none amiss
        Rules.make("punt", players=4, partnership=True),
        Rules.make("five_up", players=4, partnership=False, target=150))] == [
        "bots/equity-tables/muggins.json", None,
        "bots/stake-tables/punt-4p.json", "bots/stake-tables/five_up-4.json"]


def test_a_level_that_needs_no_table_chooses_with_none_in_place(decisions: list[Moment],
                                                                 unfetched: Path):
    expected = {}
    for m in decisions:
        for level in set(BOTS) - STAKED_LEVELS:
            ask = MoveAsk(level, 7, m.view)
            assert needs_table(ask) is None
            expected[(m.round, m.move, level)] = decide(ask)  # reads no table: no error
    assert len(expected) >= 8 * (len(BOTS) - len(STAKED_LEVELS))


def test_before_the_tables_are_in_place_a_staked_level_fails_rather_than_play_otherwise(
        decisions: list[Moment], unfetched: Path):
    m = decisions[-1]
    # every other preset's table in place: a standard game reads none of them
    for path, text in TEXTS.items():
        if path != STANDARD:
            assert worker.keep_data(json.dumps([path, text.decode()])) == "kept"
    for level in sorted(STAKED_LEVELS):
        with pytest.raises(DataFileError,
                           match="bots/equity-tables/standard.json has not been fetched"):
            decide(MoveAsk(level, 7, m.view))
    # handed over by the page (the worker's ``keep_data``): the same move as in CPython
    assert worker.keep_data(json.dumps([STANDARD, TEXTS[STANDARD].decode()])) == "kept"
    assert (unfetched / STANDARD).read_bytes() == TEXTS[STANDARD]
    moved = decide(MoveAsk("expert", 7, m.view))
    clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(data_files, "PACKAGE", Path(data_files.__file__).parent)
        mp.setattr(data_files, "left_out", dict)
        assert decide(MoveAsk("expert", 7, m.view)) == moved


def test_a_game_reads_its_own_table_only(unfetched: Path):
    for path in (data_files.table("punt"), data_files.stake_table("muggins-4p")):
        assert worker.keep_data(json.dumps([path, TEXTS[path].decode()])) == "kept"
    assert game_stake.rules_table(Rules.make("punt")) is not None
    assert game_stake.rules_table(Rules.make("muggins", players=4, partnership=True)) is not None
    for preset in set(PRESETS) - {"punt"}:
        with pytest.raises(DataFileError, match=f"{preset}.json has not been fetched"):
            game_stake.rules_table(Rules.make(preset))
    with pytest.raises(DataFileError, match="muggins-4.json has not been fetched"):
        game_stake.rules_table(Rules.make("muggins", players=4, partnership=False))
    assert sorted(p.name for p in unfetched.rglob("*.json")) == ["muggins-4p.json", "punt.json"]


def test_the_worker_refuses_tables_that_are_not_this_builds(unfetched: Path):
    text = json.dumps({**json.loads(TEXTS[STANDARD]), "version": 3})
    with pytest.raises(DataFileError, match="is not this build's"):
        worker.keep_data(json.dumps([STANDARD, text]))
    assert not (unfetched / STANDARD).exists()
