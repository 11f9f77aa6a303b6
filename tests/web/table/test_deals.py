"""Shared deals and the daily deal (``allfives.web.table.deals``)."""

from __future__ import annotations

import base64
import json

import pytest

from allfives.errors import AllFivesError
from allfives.rules import Rules
from allfives.web.table.deals import (
    Deal,
    DealError,
    best_days,
    daily,
    daily_day,
    deal_of,
    margin,
    page_seed,
    read_deal,
    seed_deal,
)
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.takeback import can_take_back, daily_of
from allfives.web.table.words import deal_line


def test_a_deal_goes_into_a_link_and_comes_back_the_same():
    table = Table.new(Setup(players=4, preset="punt", bots=("easy", "expert", "master")), seed=77)
    deal = deal_of(table)
    assert deal == Deal(table.rules, ("easy", "expert", "master"), "77")
    assert read_deal(deal.text()) == deal
    link = deal.link("http://127.0.0.1:8000/all-fives/index.html")
    assert link.startswith("http://127.0.0.1:8000/all-fives/index.html?deal=")
    again = deal.table("Zed", "2026-11-22")
    assert again.names == ("Zed", "Anna", "Ben", "Cara") and again.bots == table.bots
    # the same deal: the same hands, boneyard and starter as the game it came from
    first, copy = table.game.round, again.game.round
    assert (copy.dealt, copy.boneyard, copy.starter) == (first.dealt, first.boneyard,
                                                         first.starter)


def encoded(data: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def test_a_muggins_link_shared_before_the_round_end_changed_deals_the_same_game():
    # docs/RULES.md section 9: a link written while muggins subtracted the hands
    old = read_deal(encoded({"r": {"preset": "muggins", "players": 2}, "b": ["hard"], "s": "5"}))
    assert old.rules.round_end == "subtract"
    new = deal_of(Table.new(Setup(preset="muggins"), seed=5))
    assert new.rules.round_end == "winner_takes" and read_deal(new.text()) == new
    text = new.text()
    sent = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    assert sent["r"] == {"preset": "muggins", "players": 2, "round_end": "winner_takes"}


@pytest.mark.parametrize(("text", "says"), [
    ("!!!", "not readable"),
    (encoded([1, 2]), "not readable"),
    (encoded({"r": {"preset": "chess"}, "b": ["easy"], "s": "1"}), "unknown preset 'chess'"),
    (encoded({"r": {"preset": "standard", "players": 3}, "b": ["easy"], "s": "1"}),
     "needs 2 opponent levels"),
    (encoded({"r": {"preset": "standard"}, "b": ["random"], "s": "1"}), "needs 1 opponent level "),
    (encoded({"r": {"preset": "standard"}, "b": ["easy"], "s": "9" * 41}), "too long"),
    (encoded({"r": {"preset": "standard"}, "b": ["easy"], "s": 5}), "seed is missing"),
    ("A" * 601, "too long"),
    (encoded({"r": {"preset": "standard"}, "b": ["easy"], "s": "1"})[:-6], "not readable"),
])
def test_a_link_that_cannot_be_read_says_why(text, says):
    with pytest.raises(AllFivesError, match=says):
        read_deal(text)


def test_a_seed_in_the_address_deals_the_games_set_up_from_that_seed():
    table = Table.new(Setup(players=3, bots=("hard", "easy", "medium")), seed=1)
    assert seed_deal("42", table) == Deal(table.rules, ("hard", "easy"), "42")
    with pytest.raises(DealError):
        seed_deal("1" * 41, table)


@pytest.mark.parametrize("seed", ["hello", "12a", "-3", "1.5", " 7", "\u0661\u0662",
                                  "daily:2026-13-01", "daily:tomorrow", "daily:", "<b>"])
def test_a_seed_the_page_never_names_deals_nothing_and_says_why(seed):
    # guards: any text in ?seed= dealt a game no deal line could ever name
    with pytest.raises(DealError) as refused:
        seed_deal(seed, Table.new(Setup(), seed=1))
    assert str(refused.value) == f"\u201c{seed}\u201d is not a deal number: a deal number " \
        "has digits only."
    assert not page_seed(seed)


def test_the_seeds_the_page_deals_from_are_links_it_reads():
    assert all(page_seed(s) for s in ("0", "007", "4294967295", "daily:2026-11-22"))
    assert seed_deal(str(Table.new(Setup()).game.seed), Table.new(Setup())).seed.isdigit()


def test_the_daily_deal_is_the_same_for_everyone_on_a_day():
    today = daily("2026-11-22")
    assert today == Deal(Rules.make("standard", players=2), ("expert",), "daily:2026-11-22")
    day = "2026-11-22"
    assert today.table("A", day).game.round.dealt == daily(day).table("B", day).game.round.dealt
    assert today.table("A", day).game.round.dealt != \
        daily("2026-11-23").table("A", "2026-11-23").game.round.dealt
    assert daily_day(today.table("Zed", day)) == day
    assert daily_day(Table.new(Setup(), seed="daily:2026-11-22")) is None  # medium: not it


def test_only_todays_daily_link_is_the_daily_deal():
    # guards: any ?seed=daily:... link taken for the daily deal (take-backs and the
    # coach off, labelled "Daily deal"), another day's or another set-up's too
    yesterday = daily("2026-11-21").table("Zed", "2026-11-22")
    assert not yesterday.daily and daily_day(yesterday) is None
    shared_then = daily("2026-11-21").table("Zed", "2026-11-21")
    assert yesterday.game.round.dealt == shared_then.game.round.dealt and shared_then.daily
    four = seed_deal("daily:2026-11-22", Table.new(Setup(players=4))).table("Zed", "2026-11-22")
    assert not four.daily  # today's seed, but not the daily deal's set-up
    today = daily("2026-11-22").table("Zed", "2026-11-22")
    assert today.daily and daily_day(today) == "2026-11-22"
    # what each is called, and the mark its saved record keeps
    assert deal_line(str(yesterday.game.seed), yesterday.daily) == \
        "Shared deal: the daily deal of 2026-11-21"
    assert deal_line(str(today.game.seed), today.daily) == "Daily deal of 2026-11-22"
    for table in (yesterday, today):
        game = table.game
        while not any(s == 0 for s, _, _ in game.round.history) or game.round.turn == 0:
            game.apply(game.legal_moves()[0])  # until the person has a turn to take back
        record = table.to_record()
        assert record["daily"] is table.daily and daily_of(record) is table.daily
        assert Table.from_record(record).daily is table.daily
        assert can_take_back(game, daily=table.daily) is not table.daily
        assert (table.taken_back() is None) is table.daily
        assert (Table.from_record(record).taken_back() is None) is table.daily
    old = {k: v for k, v in today.to_record().items() if k != "daily"}  # saved before the mark
    assert Table.from_record(old).daily and daily_of(old)
    assert "daily" not in Table.new(Setup(), seed=5).to_record()


def test_the_best_result_of_a_day_is_kept():
    table = daily("2026-11-22").table("Zed", "2026-11-22")
    table.game.round.scores[:] = [40, 25]
    assert margin(table) == 15
    assert best_days(None, "2026-11-22", 15) == {"2026-11-22": 15}
    assert best_days({"2026-11-22": 30}, "2026-11-22", 15) == {"2026-11-22": 30}
    assert best_days({"2026-11-22": -5, "x": 1, "2026-11-21": True}, "2026-11-22", 15) == \
        {"2026-11-22": 15}
    many = {f"{y}-{m:02d}-{d:02d}": d for y in (2024, 2025) for m in range(1, 13)
            for d in range(1, 29)}  # 672 days
    kept = best_days(many, "2026-11-22", 1)
    assert len(kept) == 400 and max(kept) == "2026-11-22" and "2024-01-01" not in kept
