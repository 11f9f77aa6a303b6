"""Sharing a deal: the link deals the same game, asks before replacing a saved
game (never silently ignored), and a bad link says so; the daily deal and
its best result."""

from __future__ import annotations

import json
import re

import pytest

from allfives.bots import make_bot
from allfives.view import PlayerView
from allfives.web.table.deals import daily
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from .browser_helpers import (
    FIRST_LOAD_MS,
    go_ahead,
    open_game,
    play_until,
    saved,
    take_turn,
    watched_page,
)

READY = "#status[data-phase=human], #status[data-phase=bot]"


def first_deal(record: dict) -> tuple:
    first = record["rounds"][0]
    return first["hands"], first["boneyard"], first["starter"]


@pytest.mark.first_visit  # the clipboard's permissions are its context's
@pytest.mark.no_snapshot
def test_a_shared_link_deals_the_same_game_and_asks_before_replacing_a_saved_one(page, server):
    open_game(page, server, "?seed=9")
    assert "?" not in page.url  # the address forgets the seed: a reload resumes
    play_until(page, ("round-over",))
    assert page.inner_text("#round-end-deal") == "Deal 9"
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#round-end-share")
    page.wait_for_function("document.querySelector('#round-end-share-link').value !== ''")
    link = page.input_value("#round-end-share-link")
    assert re.match(rf"^{re.escape(server)}index\.html\?deal=[\w-]+$", link), link
    # shown, selected and on the clipboard
    assert page.is_visible("#round-end-share-link")
    assert page.eval_on_selector("#round-end-share-link",
                                 "f => [f.selectionStart, f.selectionEnd]") == [0, len(link)]
    page.wait_for_function("async link => (await navigator.clipboard.readText()) === link",
                           arg=link)
    shared = saved(page)
    page.click("#next-round")
    page.wait_for_selector(READY)
    # with no saved game the link deals at once
    with watched_page(page.context.browser, server, snapshot=False, init=None) as fresh:
        fresh.goto(link)
        fresh.wait_for_selector(READY, timeout=FIRST_LOAD_MS)
        dealt = json.loads(fresh.evaluate("localStorage.getItem('allfives.save')"))
        assert first_deal(dealt) == first_deal(shared)
        assert dealt["rules"] == shared["rules"] and dealt["table"]["bots"] == [None, "medium"]
        assert fresh.is_hidden("#deal-choice")
    # with a saved game it asks: resume keeps the game, play deals the link
    before = saved(page)
    page.goto(link)
    page.wait_for_selector("#deal-choice[open]", timeout=FIRST_LOAD_MS)
    page.click("#deal-resume")
    page.wait_for_selector("#deal-choice", state="hidden")
    assert saved(page) == before and "?" not in page.url
    page.goto(link)
    page.wait_for_selector("#deal-choice[open]", timeout=FIRST_LOAD_MS)
    page.click("#deal-play")
    page.wait_for_selector(READY)
    now = saved(page)
    assert first_deal(now) == first_deal(shared) and len(now["rounds"]) == 1
    take_turn(page)  # a game with a move made is asked about (one without is not)
    # ?seed= is asked about too, and a broken link says so and deals nothing
    page.goto(server + "index.html?seed=12")
    page.wait_for_selector("#deal-choice[open]", timeout=FIRST_LOAD_MS)
    page.click("#deal-resume")
    page.goto(server + "index.html?deal=bm9wZQ")
    page.wait_for_selector("#notice:not([hidden])", timeout=FIRST_LOAD_MS)
    assert "could not be read" in page.inner_text("#notice")
    assert page.is_hidden("#deal-choice") and first_deal(saved(page)) == first_deal(now)


def test_the_daily_deal_is_dealt_in_one_click_and_its_best_result_kept(page, server):
    open_game(page, server)
    page.click("#daily")
    go_ahead(page)
    # the person's turn: on a day the bot leads (2026-12-01), its move landing
    # after the finished game below is written would save the game in play over it
    page.wait_for_selector("#status[data-phase=human]")
    record = saved(page)
    day = page.evaluate("""() => { const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-` +
               `${String(d.getDate()).padStart(2, '0')}`; }""")
    assert record["seed"] == f"daily:{day}"
    assert record["rules"] == {"preset": "standard", "players": 2}
    assert record["table"]["bots"] == [None, "expert"]
    # a finished daily game (played out here by bots) shows and keeps the day's best
    table = daily(day).table("You", day)
    bots = [make_bot("medium", 1), make_bot("medium", 2)]
    game = table.game
    while not game.over:
        if game.round.over:
            game.next_round()
            continue
        rnd = game.round
        rnd.apply(bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn)))
    scores = game.scores
    page.evaluate("text => localStorage.setItem('allfives.save', text)", table.to_save())
    page.reload()
    page.wait_for_selector("#game-over[open]", timeout=FIRST_LOAD_MS)
    best = scores[0] - scores[1]
    kept = json.loads(page.evaluate("localStorage.getItem('allfives.daily')"))
    assert kept == {day: best}
    said = page.inner_text("#game-over-daily")
    assert said.startswith(f"Your best on the daily deal of {day}: ")
    assert page.inner_text("#game-over-deal") == f"Daily deal of {day}"


def test_only_todays_daily_link_deals_the_daily_deal(page, server):
    # guards: any ?seed=daily:... link taken for the daily deal (the coach and
    # take-backs off, labelled "Daily deal"), though it was another day's
    page.add_init_script(
        "localStorage.setItem('allfives.settings', JSON.stringify({bot_pause: 0, speed: 'off',"
        " undo: true, coach: 'inaccuracies'}));"
        f"localStorage.setItem('allfives.setup', {json.dumps(json.dumps(EXPERT))})")
    open_game(page, server, "?seed=daily:2020-01-02")  # you lead that day's deal
    page.wait_for_selector("body[data-coach=analysing], body[data-coach=ready]",
                           state="attached")  # the coach watches a shared deal
    record = saved(page)
    assert (record["seed"], record["daily"]) == ("daily:2020-01-02", False)
    assert deal_shown(page) == (True, "Shared deal: the daily deal of 2020-01-02")
    day = page.evaluate("""() => { const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-` +
               `${String(d.getDate()).padStart(2, '0')}`; }""")
    page.goto(f"{server}index.html?seed=daily:{day}")  # today's: the daily deal
    # dealt at once: the saved game had no move yet, nothing to lose
    page.wait_for_selector("body[data-coach=off]:has(#status[data-phase=human])",
                           state="attached", timeout=FIRST_LOAD_MS)
    assert page.is_hidden("#deal-choice")
    assert saved(page)["daily"] is True
    assert deal_shown(page) == (False, f"Daily deal of {day}")


EXPERT = {"players": 2, "preset": "standard", "bots": ["expert", "expert", "expert"]}


def deal_shown(page) -> tuple[bool, str]:
    """Whether Settings hides its "the coach does not watch the daily deal"
    line, and the deal's name in Review."""
    page.click("#settings-button")
    page.wait_for_selector("#settings[open]")
    hidden = page.is_hidden("#set-coach-daily")
    page.click("#settings-done")
    page.click("#review-button")
    page.wait_for_selector("#review[open]")
    shown = page.inner_text("#review-deal")
    page.click("#review-close")
    page.wait_for_selector("#review", state="hidden")
    return hidden, shown


def finished_game() -> str:
    """A saved game against medium played to its end (by bots, here)."""
    table = Table.new(Setup(), seed=5)
    game = table.game
    bots = [make_bot("medium", 1), make_bot("medium", 2)]
    while not game.over:
        if game.round.over:
            game.next_round()
            continue
        game.round.apply(bots[game.round.turn].choose(PlayerView.of(game.round, game.round.turn)))
    return table.to_save()


def test_a_link_after_a_finished_game_asks_nothing_and_a_junk_seed_says_so(page, server):
    # guards: a junk ?seed= with a finished game saved opened the game-over panel
    # over the shared-deal question, which said a game was in progress
    open_game(page, server)
    page.evaluate("text => localStorage.setItem('allfives.save', text)", finished_game())
    over = saved(page)
    page.goto(server + "index.html?seed=hello")
    page.wait_for_selector("#game-over[open]", timeout=FIRST_LOAD_MS)
    page.wait_for_selector("#notice:not([hidden])")
    assert page.inner_text("#notice span") == (
        "The link's deal could not be read, so it was not dealt. "
        "\u201chello\u201d is not a deal number: a deal number has digits only.")
    assert page.is_hidden("#deal-choice") and saved(page) == over and "?" not in page.url
    # a deal number: the finished game is in no one's way, the link deals at once
    page.goto(server + "index.html?seed=12")
    page.wait_for_selector(READY, timeout=FIRST_LOAD_MS)
    assert page.is_hidden("#deal-choice") and page.is_hidden("#game-over")
    dealt = saved(page)
    assert str(dealt["seed"]) == "12" and len(dealt["rounds"]) == 1
