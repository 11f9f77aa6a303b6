"""The match-equity tables the page fetches (issue 40): which requests read
them (``decide.needs_tables``), and that no bot plays as if they were
missing: a level said not to read them chooses with them unreadable, and a
staked level asked before they are in place fails instead of playing
otherwise (``game_stake.shipped``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from allfives import data_files
from allfives.bots import BOTS, game_stake
from allfives.bots.analysis import Moment, moments
from allfives.bots.asks import BestAsk, MoveAsk
from allfives.coach.tutor import CoachAsk
from allfives.data_files import DataFileError, described
from allfives.rules import Rules
from allfives.web import worker
from allfives.web.bots.decide import STAKED_LEVELS, decide, needs_tables

from ...bots.test_analysis import bot_game

TABLES_TEXT = game_stake.TABLES.read_bytes()


@pytest.fixture
def unfetched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """As in the page before the tables are fetched: left out, not in place."""
    entry = described(data_files.TABLES, TABLES_TEXT)
    monkeypatch.setattr(data_files, "PACKAGE", tmp_path)
    monkeypatch.setattr(data_files, "left_out", lambda: {data_files.TABLES: entry})
    monkeypatch.setattr(game_stake, "TABLES", tmp_path / data_files.TABLES)
    game_stake.shipped.cache_clear()
    game_stake.preset_table.cache_clear()
    yield tmp_path
    game_stake.shipped.cache_clear()
    game_stake.preset_table.cache_clear()


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


def test_which_requests_read_the_tables(decisions: list[Moment]):
    two, three = decisions[0], views(3)[0]
    for m in (two, three):
        asks = [m, BestAsk(m.round, m.move, m.view), CoachAsk(1, m.round, m.move, m.view)]
        assert [needs_tables(a) for a in asks] == [m.view.rules.players == 2] * 3
        assert {level: needs_tables(MoveAsk(level, 1, m.view)) for level in BOTS} == {
            level: m.view.rules.players == 2 and level in ("expert", "master")
            for level in BOTS}
    assert game_stake.may_use_table(Rules.make("muggins", players=2, target=100))
    assert not game_stake.may_use_table(Rules.make("standard", players=2, hand_size=7))


def test_a_level_that_needs_no_table_chooses_with_none_in_place(decisions: list[Moment],
                                                                 unfetched: Path):
    expected = {}
    for m in decisions:
        for level in set(BOTS) - STAKED_LEVELS:
            ask = MoveAsk(level, 7, m.view)
            assert not needs_tables(ask)
            expected[(m.round, m.move, level)] = decide(ask)  # reads no table: no error
    assert len(expected) >= 8 * (len(BOTS) - len(STAKED_LEVELS))


def test_before_the_tables_are_in_place_a_staked_level_fails_rather_than_play_otherwise(
        decisions: list[Moment], unfetched: Path):
    m = decisions[-1]
    for level in sorted(STAKED_LEVELS):
        with pytest.raises(DataFileError, match="equity-tables.json has not been fetched"):
            decide(MoveAsk(level, 7, m.view))
    # handed over by the page (the worker's ``keep_data``): the same move as in CPython
    assert worker.keep_data(json.dumps([data_files.TABLES, TABLES_TEXT.decode()])) == "kept"
    assert (unfetched / data_files.TABLES).read_bytes() == TABLES_TEXT
    moved = decide(MoveAsk("expert", 7, m.view))
    game_stake.shipped.cache_clear()
    game_stake.preset_table.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(data_files, "left_out", dict)
        mp.setattr(game_stake, "TABLES", Path(game_stake.__file__).with_name(
            "equity-tables.json"))
        assert decide(MoveAsk("expert", 7, m.view)) == moved


def test_the_worker_refuses_tables_that_are_not_this_builds(unfetched: Path):
    text = json.dumps({**json.loads(TABLES_TEXT), "version": 2})
    with pytest.raises(DataFileError, match="is not this build's"):
        worker.keep_data(json.dumps([data_files.TABLES, text]))
    assert not (unfetched / data_files.TABLES).exists()
