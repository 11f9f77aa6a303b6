"""One redraw (``allfives.web.play.frame``): the table as a frame made from
the controller's state alone, and what the one writer writes of it
(``paint.parts.changes``): what is drawn follows from state, never from which
handler asked; what is news (the move just made) is state too."""

from __future__ import annotations

import json
from dataclasses import replace

from allfives.bots.analysis import WORLDS, Best
from allfives.moves import parse_move
from allfives.tiles import NAMES
from allfives.web import worker
from allfives.web.paint.parts import Effect, Part, changes
from allfives.web.play.controller import Controller
from allfives.web.play.frame import TableFrame, frame, over, privacy
from allfives.web.play.steps import BotMove, Played, Select
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.words import unbroken

from ..tables import scripted_table

ZERO_SIX = '#hand [data-tile="0-6"]'


def settled(ctl: Controller) -> TableFrame:
    return frame(ctl, settled=True)


def written(last: TableFrame, now: TableFrame) -> set[str]:
    return {key for key, _ in changes(last.parts, now.parts)}


def test_the_first_frame_names_every_element_and_the_same_state_writes_nothing():
    ctl = Controller(scripted_table(), Settings())
    first = settled(ctl)
    assert list(first.parts)[:5] == ["#status", "#hint-text", "#scores", "#seats", "#log"]
    assert {"#boneyard", "#boneyard .left", "#hand", ZERO_SIX, "#draw", "#pass", "#hint",
            "#count", "#undo", "#mute", "#review-button", "body"} <= set(first.parts)
    assert first.parts["#status"].attrs == (("data-phase", "human"),)
    assert first.parts["#review-button"] == Part(attrs=(("disabled", None),))
    assert first.parts["body"] == Part(attrs=(("data-mode", None),))
    assert first.parts["#mute"] == Part(attrs=(("aria-pressed", "false"),))
    assert first.parts[ZERO_SIX] == Part(classes=(("selected", False),),
                                         attrs=(("aria-pressed", "false"),))
    assert written(first, settled(ctl)) == set()
    assert settled(ctl).scene == first.scene


def test_a_table_behind_a_game_at_a_real_table_leaves_the_shared_controls_alone():
    ctl = Controller(scripted_table(), Settings())
    behind = frame(ctl, settled=True, active=False)
    assert "#review-button" not in behind.parts and "body" not in behind.parts


def test_a_tile_picked_lights_its_places_and_marks_the_tile_in_place():
    ctl = Controller(scripted_table(), Settings())
    first = settled(ctl)
    assert isinstance(ctl.click_tile(NAMES.index("0-6")), Select)
    picked = settled(ctl)
    assert written(first, picked) == {"#status", ZERO_SIX}  # the hand is not drawn anew
    assert picked.parts[ZERO_SIX] == Part(classes=(("selected", True),),
                                          attrs=(("aria-pressed", "true"),))
    assert picked.scene.selected == NAMES.index("0-6") and len(picked.scene.targets) == 2
    assert picked.parts["#status"].html is not None
    assert picked.parts["#status"].html.startswith("Where should")
    ctl.escape()
    assert written(picked, settled(ctl)) == {"#status", ZERO_SIX}
    assert settled(ctl).scene == first.scene


def test_a_moves_score_flashes_and_pops_and_a_redraw_replays_neither():
    """The move just made is state: the scores flash it until the next move,
    the board pops it until the board changes for another reason."""
    ctl = Controller(Table.new(Setup(), seed=4), Settings())
    before = settled(ctl)
    assert before.scene.fresh_points == 0
    step = ctl.next_step()
    assert isinstance(step, BotMove)
    led = ctl.play(parse_move(worker.choose(json.dumps(step.request.to_json()))))
    assert isinstance(led, Played) and led.points == 10  # Anna's lead scores
    news = frame(ctl, settled=False)
    assert news.scene.fresh_points == 10 and "bump" in (news.parts["#scores"].html or "")
    assert {"#scores", "#log", "#hand"} <= written(before, news)
    rest = settled(ctl)
    assert rest.scene == news.scene  # the board is not drawn again: the pop plays on
    assert written(news, rest) <= {"#status", "#undo", "#hint"}
    ctl.select(next(iter(ctl.hand(ctl.view()).playable)))  # a tile picked: the board redrawn
    picked = settled(ctl)
    assert picked.scene.fresh_points == 0 and "#scores" not in written(rest, picked)
    ctl.select(None)
    assert settled(ctl).scene.fresh_points == 0  # the pop is over for good
    ctl.restyle(replace(ctl.settings, tally=True))  # the scores drawn another way
    tallied = settled(ctl)
    assert "#scores" in written(picked, tallied)
    assert "bump" not in (tallied.parts["#scores"].html or "")  # the flash is not replayed


def test_a_setting_ends_the_moves_flash_and_pop_but_mute_leaves_them():
    ctl = Controller(Table.new(Setup(), seed=4), Settings())
    step = ctl.next_step()
    assert isinstance(step, BotMove)
    ctl.play(parse_move(worker.choose(json.dumps(step.request.to_json()))))
    assert ctl.fresh is not None and ctl.fresh.flash and ctl.fresh.pop
    ctl.restyle(replace(ctl.settings, mute=True))
    assert ctl.settings.mute and ctl.fresh.flash and ctl.fresh.pop
    assert "bump" in (settled(ctl).parts["#scores"].html or "")
    ctl.restyle(replace(ctl.settings, faces="numerals"))
    assert ctl.settings.faces == "numerals" and not (ctl.fresh.flash or ctl.fresh.pop)
    now = settled(ctl)
    assert "bump" not in (now.parts["#scores"].html or "") and now.scene.fresh_points == 0


def test_the_persons_turn_shows_once_the_turn_loop_is_at_rest_within_a_round():
    ctl = Controller(Table.new(Setup(), seed=4), Settings())
    assert frame(ctl, settled=False).parts["#status"].attrs == (("data-phase", "bot"),)
    step = ctl.next_step()
    assert isinstance(step, BotMove)
    ctl.play(parse_move(worker.choose(json.dumps(step.request.to_json()))))
    assert ctl.status().phase == "human"
    assert "#status" not in frame(ctl, settled=False).parts  # Anna's tile slides in: it stays
    assert settled(ctl).parts["#status"].attrs == (("data-phase", "human"),)
    ctl.take_over(Table.new(Setup(), seed=9))  # a round's first turn: at once
    assert frame(ctl, settled=False).parts["#status"].attrs == (("data-phase", "human"),)


def test_a_refusal_is_said_until_a_tile_is_picked_or_play_moves_on():
    ctl = Controller(scripted_table(), Settings())
    first = settled(ctl)
    ctl.say("2-4 does not fit.")
    said = frame(ctl, settled=False)  # shown even while the loop runs
    assert said.parts["#status"] == Part(html=unbroken("2-4 does not fit."),
                                         attrs=(("data-phase", "human"),))
    assert written(first, said) == {"#status"}
    ctl.click_tile(NAMES.index("0-6"))
    assert (settled(ctl).parts["#status"].html or "").startswith("Where should")


def test_the_hints_words_stay_until_play_moves_on():
    ctl = Controller(scripted_table(), Settings())
    ask = ctl.ask_hint()
    assert ask is not None
    words = ctl.take_hint(ask, Best(parse_move("0-6>0-5"), WORLDS))
    hinted = settled(ctl)
    # #hint-text's words and data-method: worlds are an estimate on the page
    assert words and hinted.parts["#hint-text"].attrs == (("data-method", "estimate"),)
    assert hinted.scene.hint == parse_move("0-6>0-5")
    ctl.play(parse_move("0-6>0-5"))
    assert settled(ctl).parts["#hint-text"] == Part(html="", attrs=(("data-method", None),))


def test_tiles_drawn_another_way_redraw_the_hand_and_the_board():
    ctl = Controller(scripted_table(), Settings())
    first = settled(ctl)
    ctl.settings = replace(ctl.settings, faces="numerals")
    again = settled(ctl)
    hand = {k for k in again.parts if k.startswith("#hand [")}  # inside it: written whole
    assert written(first, again) == {"#hand"} | hand and again.scene != first.scene


def test_settings_show_and_hide_the_count_and_take_back():
    ctl = Controller(scripted_table(), Settings(count=False, undo=False, mute=True))
    now = settled(ctl)
    assert ("hidden", "") in now.parts["#count"].attrs
    assert now.parts["#undo"] == Part(attrs=(("hidden", ""), ("disabled", "")))
    assert now.parts["#mute"] == Part(attrs=(("aria-pressed", "true"),))


def test_a_new_games_status_shows_at_once():
    ctl = Controller(Table.new(Setup(), seed=9), Settings())
    ctl.take_over(Table.new(Setup(), seed=4))  # Anna leads: her turn at once
    assert frame(ctl, settled=False).parts["#status"].attrs == (("data-phase", "bot"),)
    ctl.take_over(Table.new(Setup(), seed=9))  # the person leads: their turn at once too
    assert frame(ctl, settled=False).parts["#status"].attrs == (("data-phase", "human"),)


def test_the_privacy_screen_and_the_panels_are_frames_and_effects():
    ctl = Controller(scripted_table(), Settings())
    view = ctl.view()
    assert privacy(view, None) == ({}, [Effect("close", "privacy")])
    up, opened = privacy(view, 1)
    assert list(up) == ["#privacy-title", "#privacy-says", "#privacy-show"]
    assert opened == [Effect("open", "privacy")]
    panel, effects = over(ctl, round_only=True)
    assert panel["#round-end-deal"] == Part(text=f"Deal {ctl.table.game.seed}")
    assert panel["#round-end-share-link"] == Part(attrs=(("hidden", ""),))
    assert effects == [Effect("open", "round-end")]
    panel, effects = over(ctl, round_only=False, daily="Best today: +5")
    assert panel["#game-over-daily"] == Part(text="Best today: +5")
    assert panel["#game-over-share"] == Part(attrs=(("hidden", None),))
