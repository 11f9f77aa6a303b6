"""A player's home: statistics that count each finished game once, take-backs
(never in the daily deal), how to play the rules on the table, the scores as
tally marks, sounds and their mute button, and a backup of everything the
page keeps that restores whole or not at all."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from allfives.web.draw.tally import tally
from allfives.web.table.table import Table

from .browser_helpers import (
    FAST_UNLESS_KEPT,
    FIRST_LOAD_MS,
    TURN_OR_ROUND_OVER,
    go_ahead,
    new_game,
    open_game,
    play_game,
    play_until,
    return_visit,
    saved,
    take_turn,
)
from .test_access import axe

KEPT = ("allfives.save", "allfives.setup", "allfives.settings", "allfives.stats",
        "allfives.daily")


@pytest.fixture
def kept_page(browser: object, server: str) -> Iterator[object]:
    """Like ``page``, but fast settings only when none are kept, so that the
    page's own settings survive a reload; watched the same way."""
    with return_visit(browser, server, init=FAST_UNLESS_KEPT) as pg:
        yield pg


def stat(page, name: str) -> int:
    return int(page.inner_text(f"#stats [data-stat={name}]"))


def open_stats(page) -> tuple[int, int]:
    page.click("#stats-button")
    page.wait_for_selector("#stats[open]")
    return stat(page, "played"), stat(page, "won")


def close(page, dialog: str, button: str) -> None:
    page.click(button)
    page.wait_for_selector(dialog, state="hidden")


def hand(page) -> list[str]:
    return page.eval_on_selector_all("#hand [data-tile]", "ns => ns.map(n => n.dataset.tile)")


def kept(page) -> dict[str, str | None]:
    return page.evaluate("keys => Object.fromEntries(keys.map(k => [k, localStorage.getItem(k)]))",
                         list(KEPT))


def parsed(values: dict[str, str | None]) -> dict[str, object]:
    return {k: None if v is None else json.loads(v) for k, v in values.items()}


def settings(page, **checks: bool) -> None:
    page.click("#settings-button")
    page.wait_for_selector("#settings[open]")
    for name, on in checks.items():
        page.set_checked(f"#set-{name}", on)
    close(page, "#settings", "#settings-done")


def test_a_finished_game_counts_once_and_reset_asks_first(page, server):
    open_game(page, server)
    assert open_stats(page) == (0, 0)
    assert "No finished games yet." in page.inner_text("#stats-body")
    assert axe(page) == [], "empty statistics"
    close(page, "#stats", "#stats-done")
    new_game(page, players=2, target=30)
    play_game(page)
    won = Table.from_save(json.dumps(saved(page))).game.winner == 0
    page.keyboard.press("Escape")  # the game-over panel closes; the header is in reach
    page.wait_for_selector("#game-over", state="hidden")
    assert open_stats(page) == (1, int(won))
    assert page.locator("#stats [data-stats=level] tr[data-level=medium]").count() == 1
    assert page.locator("#stats [data-stats=preset] tr[data-preset=standard]").count() == 1
    assert axe(page) == [], "statistics"
    stored = json.loads(page.evaluate("localStorage.getItem('allfives.stats')"))
    assert len(stored["counted"]) == 1
    # a reload shows the finished game again: it is not counted again
    page.reload()
    page.wait_for_selector("#game-over[open]", timeout=FIRST_LOAD_MS)
    page.keyboard.press("Escape")
    assert open_stats(page) == (1, int(won))
    # reset asks first; "keep them" changes nothing
    page.click("#stats-reset")
    page.wait_for_selector("#stats-confirm:not([hidden])")
    assert page.is_hidden("#stats-reset") and stat(page, "played") == 1
    page.click("#stats-reset-no")
    assert page.is_hidden("#stats-confirm") and stat(page, "played") == 1
    page.click("#stats-reset")
    page.click("#stats-reset-yes")
    page.wait_for_function("document.querySelector('[data-stat=played]').textContent === '0'")
    assert page.is_hidden("#stats-confirm")
    close(page, "#stats", "#stats-done")
    page.reload()  # the finished game on the table still does not count again
    page.wait_for_selector("#game-over[open]", timeout=FIRST_LOAD_MS)
    page.keyboard.press("Escape")
    assert open_stats(page) == (0, 0)


def person_plays(page) -> None:
    """Wait for the person's turn with a tile that fits (drawing if need be)."""
    for _ in range(20):
        page.wait_for_selector("#status[data-phase=human]")
        if page.locator("#hand [data-playable=true]").count():
            return
        take_turn(page)
    raise AssertionError("no playable tile came")


def bot_pause(page, ms: int) -> None:
    page.click("#settings-button")
    page.eval_on_selector("#set-bot-pause", f"e => {{ e.value = '{ms}';"
                          " e.dispatchEvent(new Event('input', {bubbles: true})); }")
    close(page, "#settings", "#settings-done")


def test_a_take_back_restores_the_position_and_is_never_offered_in_the_daily_deal(page, server):
    open_game(page, server, "?seed=3")  # the person leads
    assert page.is_hidden("#undo")  # off by default
    settings(page, undo=True)
    assert page.is_visible("#undo") and page.is_disabled("#undo")  # nothing to take back yet
    before, tiles = saved(page), hand(page)
    take_turn(page)  # the lead; the bot replies
    page.wait_for_selector("#status[data-phase=human]")
    assert len(saved(page)["rounds"][-1]["moves"]) == 2 and page.is_enabled("#undo")
    page.click("#undo")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('allfives.save'))"
                           ".takebacks === 1")
    page.wait_for_selector("#status[data-phase=human]")
    after = saved(page)
    assert after["rounds"] == before["rounds"] and after["table"] == before["table"]
    assert hand(page) == tiles and page.locator("#log li.move").count() == 0
    assert "takebacks" not in before and page.is_disabled("#undo")
    # while the bot thinks over its reply: the thinking stops, the lead comes back
    bot_pause(page, 2000)
    take_turn(page)
    page.wait_for_selector("#status[data-phase=bot]")
    page.click("#undo")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('allfives.save'))"
                           ".takebacks === 2")
    page.wait_for_selector("#status[data-phase=human]")
    assert saved(page)["rounds"] == before["rounds"] and hand(page) == tiles
    bot_pause(page, 0)
    take_turn(page)  # and play goes on from there, the bot answering once
    page.wait_for_selector("#status[data-phase=human]")
    assert page.locator("#log li.move").count() == 2
    assert len(saved(page)["rounds"][-1]["moves"]) == 2 and saved(page)["takebacks"] == 2
    # the daily deal: the person moves, and still nothing may be taken back
    page.click("#daily")
    go_ahead(page)
    person_plays(page)
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    daily = saved(page)
    assert daily["seed"].startswith("daily:") and "takebacks" not in daily
    assert any(s == 0 for s in moves_by(daily))
    assert page.is_visible("#undo") and page.is_disabled("#undo")


def moves_by(record: dict) -> list[int]:
    """The seat of each move in the record's last round."""
    rnd = Table.from_save(json.dumps(record)).game.round
    return [seat for seat, _, _ in rnd.history]


def spinners(page) -> str:
    return page.inner_text("#rules-help [data-rules=spinners]")


def test_how_to_play_shows_the_rules_being_played(page, server):
    # a browser without working audio: the page stays silent, and says nothing wrong
    page.add_init_script("window.AudioContext = function () {"
                                 " throw new Error('no audio device'); };")
    open_game(page, server)  # before any game of one's own: the dealt game's rules
    page.click("#rules-button")
    page.wait_for_selector("#rules-help[open] [data-preset=standard]")
    assert "The first double played is the spinner" in spinners(page)
    assert page.evaluate("document.querySelector('#rules-help').scrollTop") == 0
    close(page, "#rules-help", "#rules-done")
    new_game(page, players=2, target=None, preset="muggins")
    page.wait_for_selector("#status[data-phase=human], #status[data-phase=bot]")
    page.click("#rules-button")
    page.wait_for_selector("#rules-help[open] [data-preset=muggins]")
    assert "There is no spinner" in spinners(page)
    assert page.locator("#rules-help svg.rules-board").count() >= 2
    assert axe(page) == [], "rules help"
    close(page, "#rules-help", "#rules-done")
    new_game(page, players=2, target=None, preset="five_up")
    page.click("#rules-button")
    page.wait_for_selector("#rules-help[open] [data-preset=five_up]")
    assert "Every double is a spinner" in spinners(page)
    close(page, "#rules-help", "#rules-done")
    # the new-game dialog explains each choice, and shows the chosen rules
    page.click("#new-game-button")
    page.wait_for_selector("#new-game[open]")
    for key in ("name", "players", "partnership", "hand_size", "target"):
        assert page.inner_text(f"#ng-help-{key}").endswith("."), key
    page.check("#new-game-form input[name=preset][value=cribbage]")
    page.wait_for_function("document.querySelector('#ng-help-target').textContent"
                           ".includes('61 however many play')")
    assert page.locator("#ng-presets .desc").count() == 6
    page.click("#ng-rules")
    page.wait_for_selector("#rules-help[open] [data-preset=cribbage]")
    close(page, "#rules-help", "#rules-done")
    assert page.is_visible("#new-game[open]")  # back in the dialog, as it was
    assert axe(page) == [], "new game with its help"
    close(page, "#new-game", "#ng-cancel")
    page.wait_for_selector("#status[data-phase=human]")
    take_turn(page)
    assert page.get_attribute("#mute", "data-sound") is None


def shown_scores(page) -> list[list[int]]:
    """(number shown, data-tally, strokes drawn) per side."""
    return page.evaluate("""() => [...document.querySelectorAll('#scores .side')].map(s => [
        +s.querySelector('[data-side]').textContent, +s.querySelector('[data-tally]').dataset.tally,
        s.querySelectorAll('[data-tally] line.stroke').length])""")


def test_tally_marks_follow_the_score_and_mute_is_remembered(kept_page, server):
    page = kept_page
    open_game(page, server, "?seed=3")
    assert page.locator("#scores [data-tally]").count() == 0  # off by default
    assert page.get_attribute("#mute", "aria-pressed") == "false"
    settings(page, tally=True)
    assert [s[:2] for s in shown_scores(page)] == [[0, 0], [0, 0]]
    seen = set()
    for _ in range(40):  # until both sides have scored, or the round ends
        if play_until(page, ("human", "round-over", "game-over")) != "human":
            break
        take_turn(page)
        page.wait_for_selector(TURN_OR_ROUND_OVER)
        for number, marked, strokes in shown_scores(page):
            assert marked == number and strokes == tally(number).strokes
            seen.add(number)
        if len(seen - {0}) >= 2:
            break
    assert seen - {0}, "nobody scored"
    # each move made a sound: a tile clicks, a score chimes, a round's end plays a phrase
    assert page.get_attribute("#mute", "data-sound") in ("click", "score", "round")
    page.click("#mute")
    page.wait_for_selector("#mute[aria-pressed=true]")
    assert json.loads(page.evaluate("localStorage.getItem('allfives.settings')"))["mute"] is True
    page.reload()
    page.wait_for_selector(TURN_OR_ROUND_OVER,
                           timeout=FIRST_LOAD_MS)
    assert page.get_attribute("#mute", "aria-pressed") == "true"
    assert page.locator("#scores [data-tally]").count() == 2  # the tally setting too
    assert page.get_attribute("#mute", "data-sound") is None  # muted: silent
    if page.get_attribute("#status", "data-phase") == "human":
        take_turn(page)
        assert page.get_attribute("#mute", "data-sound") is None
    page.click("#mute")
    page.wait_for_selector("#mute[aria-pressed=false]")


def test_a_backup_restores_everything_and_a_bad_file_changes_nothing(page, server, tmp_path):
    # a daily best kept by an earlier visit (the page reads its storage once, at the start)
    page.add_init_script("localStorage.getItem('allfives.daily') || localStorage.setItem("
                         "'allfives.daily', JSON.stringify({'2025-06-01': 7}))")
    open_game(page, server, "?seed=5")
    take_turn(page)
    settings(page, tally=True)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    backed = kept(page)
    page.click("#settings-button")
    with page.expect_download() as download:
        page.click("#backup-download")
    assert download.value.suggested_filename.startswith("allfives-backup-")
    file = Path(download.value.path())
    values = json.loads(file.read_text(encoding="utf-8"))["values"]
    assert values == {k: v for k, v in backed.items() if v is not None}
    close(page, "#settings", "#settings-done")
    # change things: another game, other settings, no daily bests
    new_game(page, players=3, target=100, preset="punt")
    settings(page, tally=False, undo=True)
    page.evaluate("localStorage.removeItem('allfives.daily')")
    changed = kept(page)
    assert changed["allfives.save"] != backed["allfives.save"]
    # a bad file changes nothing and says why, in one line
    bad = tmp_path / "broken.json"
    for text, why in (("{nope", "not a backup file"),
                      (json.dumps({"format": "allfives-backup", "version": 1,
                                   "values": {"allfives.stats": "{}"}}), "allfives.stats: ")):
        bad.write_text(text, encoding="utf-8")
        page.click("#settings-button")
        page.set_input_files("#backup-restore", str(bad))
        page.wait_for_selector("#backup-status:not(:empty)")
        said = page.inner_text("#backup-status")
        assert said.startswith(f"broken.json was not restored, nothing has changed: {why}")
        assert "\n" not in said and kept(page) == changed
        close(page, "#settings", "#settings-done")
    assert page.locator("#scores .side").count() == 3
    # the good file brings every value back, and the page plays on from it
    page.click("#settings-button")
    page.set_input_files("#backup-restore", str(file))
    # the game in progress is asked about first (once the file is read)
    page.wait_for_selector("#confirm[open], #backup-status:has-text('Restored from')")
    go_ahead(page)
    page.wait_for_selector("#backup-status:has-text('Restored from')")
    assert parsed(kept(page)) == parsed(backed)
    assert not page.is_checked("#set-undo") and page.is_checked("#set-tally")
    close(page, "#settings", "#settings-done")
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert page.locator("#scores .side").count() == 2
    assert page.locator("#log li.move").count() == len(saved(page)["rounds"][-1]["moves"])
    assert page.locator("#scores [data-tally]").count() == 2 and page.is_hidden("#undo")


def test_a_backup_the_browser_will_not_keep_changes_nothing_and_says_so(page, server, tmp_path):
    # a storage that refuses the settings (as a full one would) once told to
    page.add_init_script("""
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (window.refuseSettings && key === 'allfives.settings') {
                throw new DOMException('full', 'QuotaExceededError');
            }
            return setItem.call(this, key, value);
        };""")
    open_game(page, server, "?seed=5")
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    page.click("#settings-button")
    with page.expect_download() as download:
        page.click("#backup-download")
    file = Path(download.value.path())
    close(page, "#settings", "#settings-done")
    new_game(page, players=3, target=100, preset="punt")
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    changed = kept(page)
    assert changed["allfives.save"] != json.loads(file.read_text())["values"]["allfives.save"]
    # the save and the set-up go in before the settings are refused: all put back
    page.evaluate("window.refuseSettings = true")
    page.click("#settings-button")
    page.set_input_files("#backup-restore", str(file))
    page.wait_for_selector("#confirm[open], #backup-status:not(:empty)")
    go_ahead(page)
    page.wait_for_selector("#backup-status:not(:empty)")
    assert page.inner_text("#backup-status") == (
        "This browser would not keep the backup's values (its storage may be full or "
        "switched off); nothing has changed.")
    assert kept(page) == changed
    close(page, "#settings", "#settings-done")
    assert page.locator("#scores .side").count() == 3  # the game goes on as it was
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert saved(page)["seed"] == json.loads(changed["allfives.save"] or "{}")["seed"]
