"""One redraw (``allfives.web.play.frame``): the table as a ``Frame`` made
from the controller's state, and the parts that differ from the last one:
what is drawn follows from what changed, never from which handler asked."""

from __future__ import annotations

import json
from dataclasses import replace

from allfives.bots.analysis import WORLDS, Best
from allfives.moves import parse_move
from allfives.tiles import NAMES
from allfives.web import worker
from allfives.web.play.controller import Controller
from allfives.web.play.frame import Frame, changed, frame
from allfives.web.play.steps import BotMove, Played, Select
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from ..tables import scripted_table
from .test_controller import person_moves

PARTS = {"status", "hint", "scores", "seats", "log", "boneyard", "hand", "selected", "board",
         "count", "undo", "muted"}


def settled(ctl: Controller, last: Frame | None = None) -> Frame:
    return frame(ctl, last, settled=True)


def test_the_first_frame_is_written_whole_and_the_same_state_writes_nothing():
    ctl = Controller(scripted_table(), Settings())
    first = settled(ctl)
    assert changed(None, first) == PARTS
    assert first.status is not None and first.status.phase == "human"
    again = settled(ctl, first)
    assert changed(first, again) == set()


def test_a_tile_picked_lights_its_places_and_leaves_the_hand_as_drawn():
    ctl = Controller(scripted_table(), Settings())
    first = settled(ctl)
    assert isinstance(ctl.click_tile(NAMES.index("0-6")), Select)
    picked = settled(ctl, first)
    assert changed(first, picked) == {"selected", "board", "status"}
    assert picked.board.selected == NAMES.index("0-6") and len(picked.board.targets) == 2
    assert picked.hand == first.hand  # marked in place: a focused tile keeps its focus
    assert picked.status is not None and picked.status.text.startswith("Where should")
    ctl.escape()
    assert changed(picked, settled(ctl, picked)) == {"selected", "board", "status"}


def test_a_moves_score_flashes_and_pops_in_its_first_frame_and_plays_on_after():
    """The news is the first frame of a position; a later frame of it (the
    turn loop at rest, a hint) keeps the flash and the pop as written."""
    ctl = Controller(Table.new(Setup(), seed=4), Settings())
    before = settled(ctl)
    assert before.board.fresh_points == 0
    step = ctl.next_step()
    assert isinstance(step, BotMove)
    led = ctl.play(parse_move(worker.choose(json.dumps(step.request.to_json()))))
    assert isinstance(led, Played) and led.points == 10  # Anna's lead scores
    news = frame(ctl, before, settled=False)
    assert news.board.fresh_points == 10 and "bump" in news.scores
    assert {"scores", "board", "log", "hand"} <= changed(before, news)
    rest = settled(ctl, news)
    assert rest.board == news.board and rest.scores == news.scores  # nothing replays
    assert changed(news, rest) <= {"status", "undo"}
    ctl.select(next(iter(ctl.hand(ctl.view()).playable)))  # a tile picked: the board redrawn
    picked = settled(ctl, rest)
    assert picked.board.fresh_points == 0 and picked.scores == rest.scores
    # a change of how the scores are drawn is drawn, without the flash
    ctl.settings = replace(ctl.settings, tally=True)
    tallied = settled(ctl, picked)
    assert "scores" in changed(picked, tallied) and "bump" not in tallied.scores


def test_the_persons_turn_shows_once_the_turn_loop_is_at_rest():
    ctl = Controller(Table.new(Setup(), seed=9), Settings())
    assert frame(ctl, None, settled=False).status is None  # the line stays as the shell wrote it
    first = settled(ctl)
    person_moves(ctl)
    moving = frame(ctl, first, settled=False)
    now = ctl.status()
    assert moving.status == (now if now.phase != "human" else first.status)


def test_a_refusal_is_said_until_a_tile_is_picked_or_play_moves_on():
    ctl = Controller(scripted_table(), Settings())
    first = settled(ctl)
    ctl.say("2-4 does not fit.")
    said = frame(ctl, first, settled=False)  # shown even while the loop runs
    assert said.status is not None and said.status.text == "2-4 does not fit."
    assert changed(first, said) == {"status"}
    ctl.click_tile(NAMES.index("0-6"))
    assert settled(ctl, said).status.text.startswith("Where should")  # type: ignore[union-attr]


def test_the_hints_words_stay_until_play_moves_on():
    ctl = Controller(scripted_table(), Settings())
    ask = ctl.ask_hint()
    assert ask is not None
    words = ctl.take_hint(ask, Best(parse_move("0-6>0-5"), WORLDS))
    hinted = settled(ctl)
    # #hint-text's words and data-method: worlds are an estimate on the page
    assert words and hinted.hint == (words, "estimate")
    assert hinted.board.hint == parse_move("0-6>0-5")
    ctl.play(parse_move("0-6>0-5"))
    assert settled(ctl, hinted).hint == ("", "")


def test_tiles_drawn_another_way_redraw_the_hand_and_the_board():
    ctl = Controller(scripted_table(), Settings())
    first = settled(ctl)
    ctl.settings = replace(ctl.settings, faces="numerals")
    assert changed(first, settled(ctl, first)) == {"hand", "board"}


def test_a_new_games_status_shows_at_once():
    ctl = Controller(Table.new(Setup(), seed=9), Settings())
    last = settled(ctl)
    ctl.take_over(Table.new(Setup(), seed=4))  # Anna leads: her turn at once
    assert frame(ctl, last, settled=False).status == ctl.status()
    ctl.take_over(Table.new(Setup(), seed=9))  # the person leads: their turn at once too
    assert frame(ctl, last, settled=False).status == ctl.status()
