"""The coach in the page, used as a person would: turned on in Settings, it
stops a blunder before it is played (its numbers the same as Review's in
CPython), and each of its three answers does what it says, by mouse and by
keyboard; the game is marked in its saved record; the daily deal is never
coached."""

from __future__ import annotations

import json

from allfives.coach.tutor import coaching, verdict
from allfives.moves import move_text, parse_move
from allfives.view import PlayerView
from allfives.web.coach.words import stop_words
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.words_reasons import Said

from .browser_helpers import (
    FIRST_LOAD_MS,
    end_the_bots,
    go_ahead,
    moves_logged,
    open_game,
    saved,
)

# Dealt from this seed (the default set-up: you lead, against medium), leading
# 1-6 loses 42.9 points against 5-5 (which scores 10): a blunder.
SEED = "9"
BAD, BEST = "1-6", "5-5"
WORKER_MS = 120_000  # the bots' worker loads beside a busy machine's other work


def expected():
    steps = coaching(1, 1, PlayerView.of(Table.new(Setup(), SEED).game.round, 0))
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return verdict(done.value, parse_move(BAD), "blunders")


def stopped(page) -> dict:
    """Click the bad tile; the coach's dialog opens instead of the move."""
    page.click(f'#hand [data-tile="{BAD}"]')
    page.wait_for_selector("#coach[open]")
    return page.eval_on_selector("#coach", "d => ({...d.dataset, focused: "
                                 "document.activeElement.id, says: "
                                 "d.querySelector('#coach-says .lead').textContent, why: "
                                 "d.querySelector('#coach-says .why p').textContent})")


def closed_unplayed(page) -> None:
    page.wait_for_selector("#coach:not([open])", state="attached")
    assert moves_logged(page) == 0 and page.get_attribute("#status", "data-phase") == "human"


def test_the_coach_asks_before_a_blunder_and_each_answer_works(page, server):
    open_game(page, server, f"?seed={SEED}")
    assert page.get_attribute("body", "data-coach") == "off"  # off by default
    page.click("#settings-button")
    page.wait_for_selector("#settings[open]")
    assert page.input_value("#set-coach") == "off" and page.is_hidden("#set-coach-daily")
    page.select_option("#set-coach", "blunders")
    page.click("#settings-done")
    kept = json.loads(page.evaluate("localStorage.getItem('allfives.settings')"))
    assert kept["coach"] == "blunders"
    page.wait_for_selector("body[data-coach=ready]", state="attached", timeout=WORKER_MS)

    want = expected()
    shown = stopped(page)
    assert (shown["grade"], shown["loss"], shown["played"], shown["best"], shown["method"]) == (
        "blunder", "42.9", BAD, BEST, "estimate") == (
        want.grade, str(want.decision.loss), BAD, move_text(want.decision.best),
        want.decision.method)
    # why, in parts that add up to the loss, as Review will say it: an estimate
    # the plain sentence first; why, in parts that add up to the loss, as Review will say
    # it (an estimate), one tap away
    assert Said(shown["says"], shown["why"]) == stop_words(want) == Said(
        "You are about to play 1-6. Better: 5-5. It leaves you better placed for the rest of"
        " the round.",
        "1-6 scores 0 now, 5-5 scores 10; the"
        " others score 6.6 in reply to 1-6 and 4.8 in reply to 5-5; 5-5 keeps 31.1 more for"
        " later: 1-6 loses 42.9 points. Review would grade it: blunder. Estimated from deals of"
        " the hidden tiles.")
    assert page.is_hidden("#coach-says .why p")
    assert shown["focused"] == "coach-rethink"  # the harmless answer has focus
    page.keyboard.press("Enter")  # Think again
    closed_unplayed(page)

    stopped(page)  # asked again: thinking again is no answer to the question
    page.keyboard.press("Escape")  # Escape thinks again too
    closed_unplayed(page)

    stopped(page)
    page.click("#coach-show")
    closed_unplayed(page)
    assert page.get_attribute("#hand [data-hint=tile]", "data-tile") == BEST
    assert page.inner_text("#hint-text") == "Coach: lead with 5-5 (+10)"
    assert page.evaluate("document.activeElement.dataset.tile") == BEST

    stopped(page)  # the better move shown, the person still chooses
    page.click("#coach-play")
    page.wait_for_function("() => document.querySelectorAll('#log li.move').length > 0")
    record = saved(page)
    assert record["rounds"][0]["moves"][0] == BAD and record["coached"] == 1
    # Review opens with the coach's analysis as its verdict there: its own,
    # not asked of the worker again (that takes it a good part of a second)
    page.wait_for_selector("#status[data-phase=human]")
    page.click("#review-button")
    page.wait_for_selector("#review[open]")
    first = page.locator("#review-moves [data-round='1'][data-move='1']")
    assert first.count() == 1
    assert (float(first.get_attribute("data-loss")), first.get_attribute("data-grade"),
            first.get_attribute("data-best")) == (want.decision.loss, "blunder", BEST)


def test_the_daily_deal_is_never_coached(page, server):
    page.add_init_script("localStorage.setItem('allfives.settings', JSON.stringify("
                         "{bot_pause: 0, speed: 'off', coach: 'inaccuracies'}))")
    open_game(page, server)
    page.click("#daily")
    go_ahead(page)
    page.wait_for_selector("body:has(#status[data-phase=human])[data-coach=off]",
                           state="attached", timeout=FIRST_LOAD_MS)
    page.click("#settings-button")
    page.wait_for_selector("#settings[open]")
    assert page.input_value("#set-coach") == "inaccuracies"  # the setting stays as chosen
    assert page.is_visible("#set-coach-daily")
    assert "coached" not in saved(page)


def test_a_dead_worker_leaves_the_coach_watching_from_the_page(page, server):
    # guards: a click waiting on the analysis of a worker that died (the move never
    # played), and the coach falling silent (data-coach=unavailable) once the bots
    # think on the page, while Settings still said it watched
    page.add_init_script("localStorage.setItem('allfives.settings', JSON.stringify("
                         "{bot_pause: 0, speed: 'off', coach: 'inaccuracies'}))")
    open_game(page, server, f"?seed={SEED}")
    page.wait_for_selector("body[data-bots=worker]", state="attached", timeout=WORKER_MS)
    end_the_bots(page)
    page.click(f'#hand [data-tile="{BEST}"]')  # the best lead: never stopped
    # the bot answers 0-5 on it (from the page, once the dead worker is noticed); then
    # the person has five moves to choose from, analysed on the page
    page.wait_for_selector("body[data-bots=page][data-coach=ready]:has("
                           "#status[data-phase=human])", state="attached")
    assert "did not answer" in page.inner_text("#notice")
    page.click('#hand [data-tile="0-3"]')  # 34.5 points worse than 0-0: a blunder
    page.wait_for_selector("#coach[open]")
    assert (page.get_attribute("#coach", "data-grade"),
            page.get_attribute("#coach", "data-best")) == ("blunder", "0-0>0-5")
    page.click("#coach-rethink")
    page.wait_for_selector("#coach:not([open])", state="attached")
    page.click('#hand [data-tile="0-0"]')  # the best, which fits once
    page.wait_for_function("() => document.querySelectorAll('#log li.move').length >= 3")
    assert not page.is_visible("#coach") and saved(page)["coached"] == 2
