"""Nothing lost (issue 38, items 1-3): two windows of one profile never
overwrite each other's game without a word, New game (and the daily deal)
asks before it ends a game in progress, a game kept at a real table
survives a game on this device, and where the browser will not keep the
page's storage, a finished game offers a backup."""

from __future__ import annotations

import json

import pytest

from .browser_helpers import (
    FIRST_LOAD_MS,
    HUMAN_LEADS,
    TURN_OR_ROUND_OVER,
    moves_logged,
    new_game,
    open_game,
    play_game,
    saved,
    take_turn,
)

# First visits, in a context of their own: a second window shares it and its
# scripts. No memory snapshot is made (conftest.py: the tests do not look at one).
pytestmark = [pytest.mark.first_visit, pytest.mark.no_snapshot]


READY = "#status[data-phase=human], #status[data-phase=bot], #status[data-phase=round-over]"


def moves(record: dict) -> list[list[str]]:
    return [r["moves"] for r in record["rounds"]]


def aside(page: object) -> list[dict]:
    return [json.loads(t) for t in json.loads(
        page.evaluate("localStorage.getItem('allfives.aside')") or "[]")]


def deal_anew(page: object) -> None:
    """New game -> Deal, as it is set up, asked and confirmed."""
    page.click("#new-game-button")
    page.wait_for_selector("#new-game[open]")
    page.click("#ng-start")
    page.wait_for_selector("#confirm[open]")
    page.click("#confirm [data-confirm]")
    page.wait_for_selector("#new-game", state="hidden")
    page.wait_for_selector(READY)


def test_two_windows_of_one_profile_never_lose_a_game(page, server):
    a = page
    open_game(a, server, f"?seed={HUMAN_LEADS}")
    take_turn(a)
    # a second window of the same profile resumes the game
    b = a.watch.attach(a.context.new_page())
    b.goto(server + "index.html")
    b.wait_for_selector(READY, timeout=FIRST_LOAD_MS)
    assert moves(saved(b)) == moves(saved(a))
    # the same game, further on in A: B follows it, with a word
    a.wait_for_selector(TURN_OR_ROUND_OVER)
    take_turn(a)
    a.wait_for_selector(TURN_OR_ROUND_OVER)
    game_a = saved(a)
    b.wait_for_function("n => document.querySelectorAll('#log li.move').length === n",
                        arg=moves_logged(a))
    assert "went on in another window" in b.inner_text("#notice")
    # B deals a new game (asked first) and plays in it
    deal_anew(b)
    take_turn(b)
    b.wait_for_selector(TURN_OR_ROUND_OVER)
    # A says its game was replaced elsewhere: its own is put aside, moves intact
    a.wait_for_selector("#tab-changed[open]")
    assert a.locator("#tab-changed [data-confirm]").count() == 1
    assert [moves(g) for g in aside(a)] == [moves(game_a)]
    game_b = saved(b)
    assert moves(game_b) != moves(game_a) and game_b["seed"] != game_a["seed"]
    # A keeps playing its game: B's goes aside, and B says so
    a.click("#tab-keep")
    a.wait_for_selector("#tab-changed", state="hidden")
    take_turn(a)
    a.wait_for_selector(TURN_OR_ROUND_OVER)
    b.wait_for_selector("#tab-changed[open]")
    game_a = saved(a)
    assert moves(game_a)[0][:len(moves(saved(b))[0])] != moves(game_b)[0]
    assert [moves(g) for g in aside(a)] == [moves(game_b)]
    # both reloaded: A's game shown, B's offered back, moves intact
    for window in (a, b):
        window.reload()
        window.wait_for_selector("#aside[open]", timeout=FIRST_LOAD_MS)
        assert moves(saved(window)) == moves(game_a)
        assert window.locator("#aside [data-confirm]").count() == 1
    assert [moves(g) for g in aside(a)] == [moves(game_b)]
    # B takes its game back; A's goes aside in its place
    b.click("#aside-resume")
    b.wait_for_selector("#aside", state="hidden")
    b.wait_for_function("n => document.querySelectorAll('#log li.move').length === n",
                        arg=sum(len(r) for r in moves(game_b)))
    assert moves(saved(b)) == moves(game_b)
    assert [moves(g) for g in aside(b)] == [moves(game_a)]
    a.wait_for_selector("#tab-changed[open]")  # and A, which shows A's game, says so
    a.click("#tab-other")
    a.wait_for_selector("#tab-changed", state="hidden")
    assert moves(saved(a)) == moves(game_b) and [moves(g) for g in aside(a)] == [moves(game_a)]


# A window that hears no other window's storage events while window.holdStorage
# is set: as a worker's page may, for a moment, between another window's
# write and its storage event reaching the Python.
HOLD_STORAGE_EVENTS = """addEventListener("storage", (e) => {
    if (window.holdStorage) e.stopImmediatePropagation();
}, true);"""


def test_a_game_saved_by_a_window_not_heard_yet_is_put_aside_not_written_over(page, server):
    """The page's thread writes a save only over what the Python believed
    was there (static/storage.mjs): a game another window saved since is
    told back, put aside, and this window's save written after it."""
    a = page
    a.add_init_script(HOLD_STORAGE_EVENTS)
    open_game(a, server, f"?seed={HUMAN_LEADS}")
    take_turn(a)
    a.wait_for_selector(TURN_OR_ROUND_OVER)
    game_a = saved(a)
    a.evaluate("window.holdStorage = true")
    # another window deals a new game, plays in it, and is closed: its game
    # is only in storage, and A has not heard of it
    b = a.watch.attach(a.context.new_page())
    b.goto(server + "index.html")
    b.wait_for_selector(READY, timeout=FIRST_LOAD_MS)
    deal_anew(b)
    take_turn(b)
    b.wait_for_selector(TURN_OR_ROUND_OVER)
    game_b = saved(b)
    b.close()
    assert game_b["seed"] != game_a["seed"] and aside(a) == []
    # A plays on: its save would have gone over B's game
    take_turn(a)
    a.wait_for_function("() => localStorage.getItem('allfives.aside') !== null")
    assert [moves(g) for g in aside(a)] == [moves(game_b)]
    a.wait_for_selector(TURN_OR_ROUND_OVER)
    now = saved(a)
    assert now["seed"] == game_a["seed"] and moves(now)[0][:len(moves(game_a)[0])] == \
        moves(game_a)[0]
    assert a.is_hidden("#tab-changed") and a.is_hidden("#notice")
    # reloaded, A offers B's game back
    a.evaluate("window.holdStorage = false")
    a.reload()
    a.wait_for_selector("#aside[open]", timeout=FIRST_LOAD_MS)
    assert saved(a)["seed"] == game_a["seed"]


def test_new_game_and_the_daily_deal_ask_before_they_end_a_game_in_progress(page, server):
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    # no move yet: nothing to lose, no question
    page.click("#new-game-button")
    page.click("#ng-start")
    assert page.locator("#confirm[open]").count() == 0
    page.wait_for_selector("#new-game", state="hidden")
    page.wait_for_selector(READY)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    before = saved(page)
    # a move made: New game asks, and cancelling changes nothing
    page.click("#new-game-button")
    page.click("#ng-start")
    page.wait_for_selector("#confirm[open]")
    assert page.inner_text("#confirm h2") == "End the game in progress?"
    assert page.inner_text("#confirm [data-confirm]") == "End it and play"
    page.click("#confirm-cancel")
    page.wait_for_selector("#confirm", state="hidden")
    assert saved(page) == before and page.locator("#new-game[open]").count() == 1
    page.click("#ng-cancel")
    # the daily deal asks too, and going ahead deals it
    page.click("#daily")
    page.wait_for_selector("#confirm[open]")
    page.click("#confirm [data-confirm]")
    page.wait_for_selector(READY)
    assert saved(page)["seed"].startswith("daily:")


def test_a_game_kept_at_a_real_table_survives_a_game_on_this_device(page, server):
    open_game(page, server, f"?seed={HUMAN_LEADS}")
    page.click("#new-game-button")
    page.check("#ng-mode-table")
    page.wait_for_selector("#ng-table-options select")
    page.fill("#ng-name", "Ada")
    page.select_option("#ng-table-first", "0")
    page.click("#ng-start")
    assert page.locator("#confirm[open]").count() == 0  # the device's game is not ended
    page.wait_for_selector("body[data-mode=table] #real-table[data-phase=play]")
    page.locator("#entry-tiles [data-tile]").first.click()  # Ada sets the first tile
    page.wait_for_function("document.querySelector('#table-log').textContent.includes('Ada')")
    logged = page.inner_text("#table-log")
    # a game on this device, and a reload: the table's game is kept aside
    page.click("#new-game-button")
    page.check("#ng-mode-bots")
    page.click("#ng-start")
    assert page.locator("#confirm[open]").count() == 0  # nothing moved on this device yet
    page.wait_for_selector("body:not([data-mode=table]) #status[data-phase=human]")
    kept = page.evaluate("localStorage.getItem('allfives.table-kept')")
    assert kept and json.loads(kept)["rounds"][0]["moves"]
    page.reload()
    page.wait_for_selector(READY, timeout=FIRST_LOAD_MS)
    assert page.locator("body[data-mode=table]").count() == 0
    # New game -> at a real table offers it back
    page.click("#new-game-button")
    page.check("#ng-mode-table")
    page.click("#ng-table-resume")
    page.wait_for_selector("body[data-mode=table] #real-table[data-phase=play]")
    assert page.inner_text("#table-log") == logged
    # a new game at the table over it asks first
    page.click("#new-game-button")
    page.check("#ng-mode-table")
    page.click("#ng-start")
    page.wait_for_selector("#confirm[open]")
    assert page.inner_text("#confirm h2") == "Start a new game at the table?"
    page.click("#confirm [data-confirm]")
    page.wait_for_selector("#new-game", state="hidden")
    table = json.loads(page.evaluate("localStorage.getItem('allfives.table-game')"))
    assert all(not r["moves"] for r in table["rounds"])
    assert not page.evaluate("localStorage.getItem('allfives.table-kept')")


REFUSED = """localStorage.getItem('allfives.settings') ||
localStorage.setItem('allfives.settings', JSON.stringify({bot_pause: 0, speed: 'off'}));
window.__persistAsked = 0;
navigator.storage.persist = async () => { window.__persistAsked += 1; return false; };
navigator.storage.persisted = async () => false;"""


def test_where_storage_is_not_kept_a_finished_game_offers_a_backup(page, server):
    page.add_init_script(REFUSED)
    open_game(page, server)
    assert page.evaluate("window.__persistAsked") == 0  # not on the first paint
    new_game(page, players=2, target=5)
    play_game(page)
    page.wait_for_selector("#game-over[open] #keep-reminder:not([hidden])")
    assert page.evaluate("window.__persistAsked") == 1
    with page.expect_download() as got:
        page.click("#keep-reminder-download")
    assert got.value.suggested_filename.startswith("allfives-backup-")
    backup = json.loads(open(got.value.path(), encoding="utf-8").read())
    assert backup["format"] == "allfives-backup" and "allfives.stats" in backup["values"]
    keeping = json.loads(page.evaluate("localStorage.getItem('allfives.keeping')"))
    assert keeping["answer"] == "refused" and keeping["backed_up"] == keeping["reminded"]
    # the next game's end, the same week: no reminder, and not asked again
    page.click("#play-again")
    page.wait_for_selector("#new-game[open]")
    page.click("#ng-start")
    page.wait_for_selector("#new-game", state="hidden")
    # to 5, a bot's scoring lead can end the game at once (one deal in four)
    page.wait_for_selector(f"{READY}, #status[data-phase=game-over]")
    play_game(page)
    page.wait_for_selector("#game-over[open]")
    assert page.is_hidden("#keep-reminder") and page.evaluate("window.__persistAsked") == 1
