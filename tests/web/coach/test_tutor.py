"""The coach (``allfives.coach.tutor`` and the page's ``web.coach.advisor``):
when it stops a move, with exact numbers from Review's own analysis, what it
asks the worker (the person's view only), and how games with it are marked."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

import pytest

from allfives.bots.analysis import Moment, analyse
from allfives.coach.tutor import (
    CHOICES,
    OFF,
    CoachAsk,
    Coaching,
    coached_of,
    coaching,
    stops,
    verdict,
)
from allfives.moves import move_text, parse_move
from allfives.record import loads
from allfives.view import PlayerView
from allfives.web import worker
from allfives.web.bots import decide
from allfives.web.coach.advisor import WAIT_SECONDS, Advisor, wait_left, watches
from allfives.web.coach.words import better_words, stop_words
from allfives.web.play.controller import Controller
from allfives.web.play.steps import Played, Refuse
from allfives.web.table.deals import daily
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.table_view import TableView
from allfives.web.table.words_reasons import Said

from ..bots.test_bot_answers import run as run_async

ON = Settings(coach="blunders")


def run(steps):
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def first_decision(seed: str) -> Coaching:
    """The person's lead in the default set-up dealt from ``seed``, every move judged."""
    table = Table.new(Setup(), seed)
    return run(coaching(1, 1, PlayerView.of(table.game.round, 0)))


@pytest.fixture(scope="module")
def seed3() -> Coaching:
    return first_decision("3")


@pytest.mark.parametrize(("loss", "threshold", "divisor", "stopped"), [
    (10.0, "blunders", 1, True), (9.9, "blunders", 1, False),
    (7.0, "mistakes", 1, True), (6.9, "mistakes", 1, False), (12.0, "mistakes", 1, True),
    (4.0, "inaccuracies", 1, True), (3.9, "inaccuracies", 1, False),
    (0.0, "inaccuracies", 1, False), (50.0, OFF, 1, False), (50.0, "sometimes", 1, False),
    (2.0, "blunders", 5, True), (1.9, "blunders", 5, False),  # cribbage: a point counts 5
])
def test_the_threshold_words_stop_from_their_grade(loss, threshold, divisor, stopped):
    assert stops(loss, threshold, divisor) is stopped


def test_every_move_is_judged_as_review_judges_it(seed3):
    view = PlayerView.of(Table.new(Setup(), "3").game.round, 0)
    assert [move_text(d.played) for d in seed3.decisions] == [
        "0-5", "0-6", "1-3", "1-4", "1-5", "1-6", "2-4", "3-6", "4-4"]
    assert [d.played for d in seed3.decisions] == view.legal_moves()
    assert [d.loss for d in seed3.decisions] == [12.9, 13.1, 10.9, 2.2, 11.3, 10.2, 16.7, 17.9, 0.0]
    assert {d.best for d in seed3.decisions} == {parse_move("4-4")}
    for played in ("2-4", "1-3", "4-4"):
        assert seed3.judged(parse_move(played)) == analyse(Moment(1, 1, view, parse_move(played)))
    assert Coaching.from_json(json.loads(json.dumps(seed3.to_json()))) == seed3


def test_each_threshold_stops_its_moves():
    """The lead dealt from seed 13: losses 9.8 (0-3), 12.8, 2.1, 4.5, 2.7,
    0 (2-2, the best), 6.4, 8.4 and 11.7."""
    seed13 = first_decision("13")
    stopped = {t: [move_text(d.played) for d in seed13.decisions
                   if verdict(seed13, d.played, t) is not None] for t in CHOICES}
    assert stopped == {OFF: [], "blunders": ["0-5", "4-5"],
                       "mistakes": ["0-3", "0-5", "3-3", "4-5"],
                       "inaccuracies": ["0-3", "0-5", "1-2", "2-5", "3-3", "4-5"]}
    found = verdict(seed13, parse_move("0-3"), "mistakes")
    assert found is not None and found.grade == "mistake" and found.decision.loss == 9.8
    assert verdict(seed13, parse_move("0-4>4-4"), "inaccuracies") is None  # not a legal move


def test_the_coachs_words():
    seed9 = first_decision("9")
    found = verdict(seed9, parse_move("1-6"), "blunders")
    assert found is not None
    # the plain lead first (what is kept for later costs the most: 31.1 of 42.9), the parts
    # and numbers in the why
    assert stop_words(found) == Said(
        "You are about to play 1-6. Better: 5-5. It leaves you better placed for the rest of"
        " the round.",
        "1-6 scores 0 now, 5-5 scores 10; the"
        " others score 6.6 in reply to 1-6 and 4.8 in reply to 5-5; 5-5 keeps 31.1 more for"
        " later: 1-6 loses 42.9 points. Review would grade it: blunder. Estimated from deals of"
        " the hidden tiles.")
    quiet = verdict(first_decision("3"), parse_move("1-3"), "inaccuracies")
    assert quiet is not None and stop_words(quiet) == Said(
        "You are about to play 1-3. Better: 4-4. It leaves you better placed for the rest of"
        " the round.",
        "Both moves score 0 now; the others"
        " score 3.7 in reply to 1-3 and 0 in reply to 4-4; 4-4 keeps 7.2 more for later: 1-3"
        " loses about 10.9 ± 4.9 points (inaccuracy to blunder). Review would grade it:"
        " blunder. Estimated from deals of the hidden tiles.")
    view = TableView.of(Table.new(Setup(), "9"))
    assert better_words(view, found) == "Coach: lead with 5-5 (+10)"


def test_the_coach_is_off_by_default_and_its_setting_is_kept():
    assert Settings().coach == OFF and Settings.from_json({}).coach == OFF
    assert Settings.from_json({"coach": "always"}).coach == OFF
    assert Settings.from_json(json.loads(json.dumps(ON.to_json()))) == ON


def test_a_click_waits_for_the_coach_from_the_click_itself():
    assert WAIT_SECONDS == 0.075
    clicked = 1_764_412_345_000.0  # ms on the page's shared clock
    assert wait_left(clicked, clicked) == 0.075
    # the click took 30 ms to reach the page's Python: 45 ms are left
    assert wait_left(clicked, clicked + 30) == pytest.approx(0.045)
    assert wait_left(clicked, clicked + 75) == 0.0
    assert wait_left(clicked, clicked + 400) == 0.0  # never less than nothing
    # not known, or later than now (another clock's): the whole wait
    assert wait_left(None, clicked) == 0.075
    assert wait_left(clicked + 5, clicked) == 0.075


def test_the_advisor_asks_once_per_decision_from_the_persons_view():
    table = Table.new(Setup(), "9")
    advisor = Advisor()
    ctl = Controller(table, Settings())
    assert not watches(ctl) and advisor.request(ctl) is None
    ctl.settings = ON
    request = advisor.request(ctl)
    assert request is not None and (request.round, request.move) == (1, 1)
    assert request.view == PlayerView.of(table.game.round, 0)  # no hidden tile
    assert CoachAsk.from_json(json.loads(json.dumps(request.to_json()))) == request  # to the worker
    assert advisor.request(ctl) is None  # asked already
    assert advisor.verdict(ctl, parse_move("1-6")) is None  # nothing in yet
    assert not advisor.take(request, None)  # stale
    found = first_decision("9")
    assert not advisor.take(replace(request, id=request.id - 1), found)  # an older request
    assert advisor.take(request, found) and advisor.ready(ctl)
    stopped = advisor.verdict(ctl, parse_move("1-6"))
    assert stopped is not None and stopped.grade == "blunder"
    assert advisor.verdict(ctl, parse_move("5-5")) is None
    ctl.settings = Settings()
    assert advisor.verdict(ctl, parse_move("1-6")) is None  # switched off
    ctl.settings = ON
    assert advisor.verdict(ctl, parse_move("1-6")) is not None  # asked every time ...
    advisor.allow(parse_move("1-6"))
    assert advisor.verdict(ctl, parse_move("1-6")) is None  # ... until played anyway
    assert isinstance(ctl.play(parse_move("1-6")), Played)
    assert table.coached == 1 and not advisor.ready(ctl)
    ctl.play(table.game.legal_moves()[0])  # the bot's turn: not the person's decision
    assert table.coached == 1


def test_only_a_move_played_counts_as_coached():
    # guards: a coached move counted before it was known to be refused
    ctl = Controller(Table.new(Setup(), "9"), ON)
    assert isinstance(ctl.play(parse_move("0-0>5-5")), Refuse)  # nothing on the table yet
    assert ctl.table.coached == 0 and not ctl.table.game.round.history
    assert isinstance(ctl.play(parse_move("5-5")), Played) and ctl.table.coached == 1


def test_the_daily_deal_is_never_coached():
    table = daily("2026-11-25").table("You", "2026-11-25")
    while table.game.round.turn != 0:
        table.game.apply(table.game.legal_moves()[0])
    assert len(table.game.legal_moves()) > 1  # a decision the coach would watch elsewhere
    assert not table.coach_watches("inaccuracies")
    advisor = Advisor()
    assert advisor.request(Controller(table, Settings(coach="inaccuracies"))) is None
    Controller(table, Settings(coach="inaccuracies")).play(table.game.legal_moves()[0])
    assert table.coached == 0 and "coached" not in table.to_record()


def test_coached_games_are_marked_in_their_record_and_old_records_still_read():
    table = Table.new(Setup(), "9")
    table.game.apply("5-5")
    old = table.to_record()
    assert "coached" not in old and Table.from_record(old).coached == 0
    table.coached = 4
    record = table.to_record()
    assert record["coached"] == 4 and Table.from_record(record).coached == 4
    assert loads(json.dumps(record)).round.history == table.game.round.history  # ignored
    for bad in (True, -1, 0, "4", 4.0, 10**7):
        assert coached_of({**old, "coached": bad}) == 0


def test_the_worker_drops_a_stale_analysis():
    work = decide.CoachWork()
    table = Table.new(Setup(), "9")
    view = PlayerView.of(table.game.round, 0)

    async def both() -> tuple[Coaching | None, Coaching | None]:
        first = asyncio.ensure_future(work.analyse(CoachAsk(1, 1, 1, view), decide.Pace(0.0)))
        await asyncio.sleep(0)  # the first runs a slice, then a newer request comes
        second = await work.analyse(CoachAsk(2, 1, 1, view))
        return await first, second

    stale, found = run_async(both())
    assert stale is None
    assert found == first_decision("9")

    async def dropped() -> Coaching | None:
        asked = asyncio.ensure_future(work.analyse(CoachAsk(3, 1, 1, view), decide.Pace(0.0)))
        await asyncio.sleep(0)
        work.drop()
        return await asked

    assert run_async(dropped()) is None


def test_the_worker_answers_in_json_and_says_stale():
    view = PlayerView.of(Table.new(Setup(), "9").game.round, 0)

    async def both() -> tuple[str, str]:
        first = asyncio.ensure_future(worker.coach(json.dumps(CoachAsk(1, 1, 1, view).to_json())))
        await asyncio.sleep(0)
        second = await worker.coach(json.dumps(CoachAsk(2, 1, 1, view).to_json()))
        return await first, second

    stale, found = run_async(both())
    assert json.loads(stale) == decide.STALE.to_json() == {"stale": True}
    assert Coaching.from_json(json.loads(found)) == first_decision("9")


def test_without_a_worker_the_coach_keeps_watching_from_the_page():
    work = decide.CoachWork()
    # guards: the coach falling silent once the bots think on the page, while
    # Settings still said it watched
    ctl = Controller(Table.new(Setup(), "9"), ON)
    advisor = Advisor()
    request = advisor.request(ctl)
    assert request is not None
    ticks = []

    async def page() -> Coaching | None:
        async def clicks_meanwhile() -> None:
            while True:
                ticks.append(1)
                await asyncio.sleep(0)

        ticker = asyncio.ensure_future(clicks_meanwhile())
        try:
            return await work.analyse(request, decide.PAGE_PACE)
        finally:
            ticker.cancel()

    assert advisor.take(request, run_async(page()))
    stopped = advisor.verdict(ctl, parse_move("1-6"))
    assert stopped is not None and stopped.grade == "blunder"
    assert len(ticks) > 1  # the page went on between slices
    assert decide.PAGE_PACE.slice < decide.WORKER_PACE.slice


def test_the_coach_asks_again_in_a_new_game_that_looks_alike():
    # one position key for the hint, the coach and the view: the controller's
    # game serial tells two deals of the same seed apart
    ctl = Controller(Table.new(Setup(), "9"), ON)
    advisor = Advisor()
    first = advisor.request(ctl)
    assert first is not None and advisor.take(first, first_decision("9")) and advisor.ready(ctl)
    ctl.take_over(Table.new(Setup(), "9"))  # the same deal again: another game
    assert not advisor.ready(ctl) and advisor.verdict(ctl, parse_move("1-6")) is None
    again = advisor.request(ctl)
    assert again is not None and again.id == first.id + 1 and again.view == first.view
