"""The data nobody needs before the first move arrives later (issue 40), used
as a person would: a first visit in English fetches none of it; the
visit's language's catalog comes before its first words, another when it is
chosen in Settings; the puzzles when the panel first opens; the stake's
table of the game's preset and players (a file each) once the bots' worker has
started (so a hint works offline later: test_offline), or before, when the
expert or the master first needs it, and another preset's only when a game
of it is played. Each once a visit (the requests are counted), and a fetch
that fails says so and loses nothing: the page stays as it was, Puzzles
tries again at the next opening, the bots wait and play once the table comes."""

from __future__ import annotations

import json

import pytest

from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from .browser_helpers import (
    HUMAN_LEADS,
    TURN_OR_ROUND_OVER,
    new_game,
    open_game,
    take_turn,
)

DATA = "/static/vendor/data/"
PUZZLES = DATA + "puzzles.json.zlib"

def table(preset: str) -> str:
    return f"{DATA}equity-tables-{preset}.json.zlib"


TABLES = table("standard")  # the default game's
WORKER_MS = 120_000  # the bots' worker loads beside a busy machine's other work
SETTLED_BOTS = "body[data-bots=worker], body[data-bots=page]"


def catalog(code: str) -> str:
    return f"{DATA}allfives-{code}.mo.zlib"


def counted(page: object) -> list[str]:
    """The data files the page (and its workers) ask for from now on, by path."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url[r.url.index(DATA):])
                if DATA in r.url else None)
    return asked


def against(page: object, level: str, preset: str = "standard") -> None:
    """Every new game (this visit's first too) against ``level``, of ``preset``."""
    setup = {"bots": [level] * 3, "preset": preset}
    page.add_init_script(f"localStorage.setItem('allfives.setup', {json.dumps(json.dumps(setup))})")


def open_puzzles(page: object) -> None:
    page.click("#puzzles-button")
    page.wait_for_selector("#puzzles[open][data-puzzle-id]")


def close_puzzles(page: object) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("#puzzles", state="hidden")


def choose_language(page: object, code: str) -> None:
    if not page.locator("#settings[open]").count():
        page.click("#settings-button")
        page.wait_for_selector("#settings[open]")
    page.select_option("#set-language", code)


def test_a_first_visit_in_english_fetches_no_data_first_and_the_puzzles_once_opened(page,
                                                                                    server):
    asked = counted(page)
    open_game(page, server, f"?seed={HUMAN_LEADS}&lang=en")
    assert asked == []  # the table is playable with none of it
    # the tables once the bots' worker has started: hints and Review work offline later
    with page.expect_request(lambda r: TABLES in r.url, timeout=WORKER_MS):
        take_turn(page)  # the medium bot answers, reading no table
        page.wait_for_selector(TURN_OR_ROUND_OVER)
        page.wait_for_selector(SETTLED_BOTS, timeout=WORKER_MS)
    assert asked == [TABLES]
    open_puzzles(page)
    assert asked == [TABLES, PUZZLES]
    page.click("#puzzle-daily")
    page.wait_for_selector("#puzzles[data-puzzle-kind=daily]")
    close_puzzles(page)
    open_puzzles(page)  # the daily puzzle again, from the puzzles read once
    assert page.get_attribute("#puzzles", "data-puzzle-kind") == "daily"
    assert asked == [TABLES, PUZZLES]


def test_the_visits_language_comes_before_its_words_and_another_once_chosen(page, server):
    asked = counted(page)
    open_game(page, server, f"?seed={HUMAN_LEADS}&lang=nl")
    assert page.get_attribute("html", "lang") == "nl"
    assert page.inner_text("#status") == "Jij begint: kies een steen."
    assert page.inner_text("#settings-button") == "Instellingen"
    assert [a for a in asked if a != TABLES] == [catalog("nl")]
    choose_language(page, "de")
    page.wait_for_selector("html[lang=de]")
    page.wait_for_function("document.querySelector('#status').textContent === "
                           "'Du eröffnest: Leg einen beliebigen Stein.'")
    choose_language(page, "en")
    page.wait_for_selector("html[lang=en]")
    choose_language(page, "nl")
    page.wait_for_selector("html[lang=nl]")
    assert page.inner_text("#status") == "Jij begint: kies een steen."
    # (the tables come too once the bots' worker has started, whenever that is)
    assert [a for a in asked if a != TABLES] == [catalog("nl"), catalog("de")]
    kept = json.loads(page.evaluate("localStorage.getItem('allfives.settings')"))
    assert kept["language"] == "nl"


@pytest.mark.parametrize("level", ["expert", "master"])
def test_the_tables_come_once_when_the_bot_first_needs_them(page, server, level):
    against(page, level)
    asked = counted(page)
    open_game(page, server, f"?seed={HUMAN_LEADS}&lang=en")
    assert asked == []  # the person leads: nobody has needed them yet
    for _ in range(3):
        take_turn(page)
        page.wait_for_selector(TURN_OR_ROUND_OVER)
        assert asked == [TABLES]
    # the worker thinks now (handed the page's tables, not fetched again), or, on a
    # machine too busy for it to start in time, the page still
    page.wait_for_selector(SETTLED_BOTS, timeout=WORKER_MS)
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert asked == [TABLES]


def test_another_presets_table_comes_only_when_a_game_of_it_is_played(page, server):
    against(page, "expert", preset="punt")
    seed = next(s for s in range(100)
                if Table.new(Setup(preset="punt"), str(s)).game.round.starter == 0)
    asked = counted(page)
    open_game(page, server, f"?seed={seed}&lang=en")
    assert asked == []  # the person leads: nobody has needed it yet
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert asked == [table("punt")]  # the game's own, not standard's nor any other
    page.wait_for_selector(SETTLED_BOTS, timeout=WORKER_MS)
    take_turn(page)  # the worker thinks now (handed punt's table), or still the page
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert asked == [table("punt")]
    new_game(page, players=2, target=None, preset="cribbage")
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert asked == [table("punt"), table("cribbage")]
    new_game(page, players=2, target=None, preset="punt")  # had: not fetched again
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert asked == [table("punt"), table("cribbage")]
    new_game(page, players=3, target=None, preset="punt")  # 3 players: a table of their own
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    take_turn(page)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert asked == [table("punt"), table("cribbage"), f"{DATA}stake-tables-punt-3.json.zlib"]


def test_puzzles_that_cannot_be_fetched_say_so_and_come_at_the_next_opening(page, server):
    page.watch.allow_errors = ("status of 404",)
    page.route("**" + PUZZLES, lambda route: route.fulfill(status=404, body=""))
    open_game(page, server, f"?seed={HUMAN_LEADS}&lang=en")
    page.click("#puzzles-button")
    page.wait_for_function("document.querySelector('#puzzle-task').textContent.length > 0")
    assert page.inner_text("#puzzle-task") == (
        "The puzzles could not be loaded (static/vendor/data/puzzles.json.zlib: status 404).")
    assert page.locator("#puzzle-hand [data-tile]").count() == 0
    page.unroute("**" + PUZZLES)
    close_puzzles(page)
    open_puzzles(page)
    assert page.locator("#puzzle-hand [data-tile]").count() > 0


def test_a_language_that_cannot_be_fetched_leaves_the_page_as_it_was(page, server):
    page.watch.allow_errors = ("status of 404",)
    page.route("**" + catalog("de"), lambda route: route.fulfill(status=404, body=""))
    open_game(page, server, f"?seed={HUMAN_LEADS}&lang=en")
    choose_language(page, "de")
    page.wait_for_selector("#notice:not(:empty)")
    assert page.inner_text("#notice span") == (
        "Deutsch could not be loaded now (static/vendor/data/allfives-de.mo.zlib: status 404); "
        "the page stays as it was.")
    assert page.get_attribute("html", "lang") == "en"
    assert page.input_value("#set-language") == "en"
    assert page.inner_text("#status") == "Your lead: play any tile."
    kept = json.loads(page.evaluate("localStorage.getItem('allfives.settings')"))
    assert kept.get("language") in (None, "en")


def test_a_visit_whose_language_cannot_be_fetched_is_in_english_and_says_so(page, server):
    page.watch.allow_errors = ("status of 404",)
    page.route("**" + catalog("sk"), lambda route: route.fulfill(status=404, body=""))
    open_game(page, server, f"?seed={HUMAN_LEADS}&lang=sk")
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("#status") == "Your lead: play any tile."
    assert page.inner_text("#notice span") == (
        "The page could not be shown in Slovenčina now (static/vendor/data/allfives-sk.mo.zlib: "
        "status 404), so it is in English.")
    take_turn(page)  # the game plays on
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    kept = json.loads(page.evaluate("localStorage.getItem('allfives.settings')"))
    assert kept["language"] == "sk"  # tried again at the next visit


def test_the_bots_wait_for_tables_that_cannot_be_fetched_and_play_once_they_come(page, server):
    page.watch.allow_errors = ("status of 404",)
    against(page, "expert")
    page.route("**" + TABLES, lambda route: route.fulfill(status=404, body=""))
    asked = counted(page)
    open_game(page, server, f"?seed={HUMAN_LEADS}&lang=en")
    moves = page.locator("#log li.move").count()
    take_turn(page)
    page.wait_for_selector("#notice:not(:empty)")
    assert page.inner_text("#notice span") == (
        "The bots could not download what they need to think "
        "(static/vendor/data/equity-tables-standard.json.zlib: status 404). "
        "They try again every few seconds; the game waits.")
    assert page.get_attribute("#status", "data-phase") == "bot"
    assert page.locator("#log li.move").count() == moves + 1  # the person's move, kept
    page.unroute("**" + TABLES)
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    assert page.locator("#log li.move").count() >= moves + 2
    assert asked.count(TABLES) >= 2 and len(set(asked)) == 1

