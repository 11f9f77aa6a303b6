"""The person's statistics (``allfives.web.home.stats``): finished games counted
once, per opponents' level and preset, streaks, records, take-backs kept
apart, stored as JSON read back tolerantly, and the panel's HTML."""

from __future__ import annotations

import json
import re

import pytest

from allfives.game import Game
from allfives.rules import Rules
from allfives.tiles import NAMES
from allfives.web.home.stats import (
    MAX_COUNTED,
    MIXED,
    BigPlay,
    Finish,
    Row,
    Stats,
    game_id,
    opponents_level,
    record_game,
    reset,
)
from allfives.web.home.stats_kept import StatsError, kept_stats, parse, read_stats
from allfives.web.home.stats_panel import stats_panel
from allfives.web.table.table import Table

from ...helpers import full_deal, hand, tiles
from ..pseudo_i18n import pseudo, untranslated

DAY = "2025-06-01"


def led(starter: int = 0, tile: str = "5-5", preset: str = "standard", target: int = 10,
        bots: tuple[str, ...] = ("medium",), seed: int = 0) -> Table:
    """A game whose first tile, led by ``starter``, reaches the target at once."""
    players = len(bots) + 1
    rules = Rules.make(preset, players=players, target=target)
    rest = [n for n in NAMES if n != tile]
    size = rules.hand_size
    hands = [rest[i * size:(i + 1) * size] for i in range(players)]
    hands[starter] = [tile, *hands[starter][:-1]]
    dealt, boneyard = full_deal(hands)
    game = Game(rules, seed, deal_first=False)
    game.start_round([hand(*h) for h in dealt], tiles(*boneyard), starter)
    game.apply(tile)
    assert game.over
    names = ("You", "Anna", "Ben", "Cara")[:players]
    return Table(game, names, (None, *bots))


def greedy(seed: int) -> Table:
    """2 players, standard to 100, both taking the most points each move.
    Seed 2: won 120 to 40 in 2 rounds, best play 2-6 on 5-6 for 25 in round 2.
    Seed 4: lost 60 to 110 in 3 rounds. Seed 6: lost 90 to 100 in 3 rounds."""
    game = Game(Rules.make("standard", target=100), seed)
    while not game.over:
        if game.round.over:
            game.next_round()
            continue
        rnd = game.round
        game.apply(max(rnd.legal_moves(), key=rnd.points_for))
    return Table(game, ("You", "Anna"), (None, "hard"))


def test_a_finished_game_counts_once_however_it_comes_back():
    table = led()
    stats = record_game(Stats(), table, DAY)
    assert stats.total == Row(played=1, won=1, takebacks=0, points=10, rounds=1)
    assert stats.levels == {"medium": stats.total} and stats.presets == {"standard": stats.total}
    assert stats.counted == (game_id(table.game),)
    assert record_game(stats, table, DAY) is stats
    reloaded = Table.from_save(table.to_save())
    assert record_game(stats, reloaded, DAY) is stats
    assert record_game(stats, json.loads(table.to_save()), DAY) is stats


def test_unfinished_games_do_not_count():
    table = Table(Game(Rules.make("standard"), 3), ("You", "Anna"), (None, "easy"))
    assert record_game(Stats(), table) == Stats()


def test_the_same_seed_played_differently_is_another_game():
    a, b = led(tile="5-5", seed=9), led(tile="4-6", seed=9)
    assert game_id(a.game) != game_id(b.game)
    assert game_id(a.game) == game_id(led(tile="5-5", seed=9).game)
    assert game_id(a.game) != game_id(led(tile="5-5", seed=10).game)
    stats = record_game(record_game(Stats(), a), b)
    assert stats.total.played == 2 and len(stats.counted) == 2


def test_streaks_and_rows_over_wins_and_losses():
    stats = Stats()
    for table in (led(seed=1), led(seed=2), led(starter=1, seed=3), led(seed=4)):
        stats = record_game(stats, table, DAY)
    assert (stats.streak, stats.best_streak) == (1, 2)
    assert stats.total == Row(played=4, won=3, takebacks=0, points=30, rounds=4)
    assert stats.total.per_round == 7.5
    stats = record_game(stats, led(seed=5), DAY)
    stats = record_game(stats, led(seed=6), DAY)
    assert (stats.streak, stats.best_streak) == (3, 3)


def test_best_and_worst_game_by_margin_and_the_biggest_play():
    stats = Stats()
    for seed in (2, 4, 6):
        stats = record_game(stats, greedy(seed), DAY)
    assert stats.best == Finish(120, 40, 1, "standard", "hard", 2, DAY)
    assert stats.worst == Finish(60, 110, 1, "standard", "hard", 3, DAY)
    assert (stats.best.margin, stats.worst.margin) == (80, -50)
    assert stats.biggest == BigPlay(30, 1, "6-6>5-6", 2, "standard", DAY)  # seed 6
    assert stats.total == Row(played=3, won=1, takebacks=0, points=270, rounds=8)
    assert (stats.streak, stats.best_streak) == (0, 1)


def test_cribbage_points_compare_as_table_points():
    crib = led(preset="cribbage", target=2, seed=1)  # 5-5 scores 10 / 5 = 2
    stats = record_game(Stats(), crib, DAY)
    assert stats.best == Finish(2, 0, 5, "cribbage", "medium", 1, DAY)
    assert stats.best.margin == 10 and stats.presets["cribbage"].points == 10
    assert stats.biggest == BigPlay(2, 5, "5-5", 1, "cribbage", DAY)
    plain = record_game(stats, led(seed=2), DAY)  # standard 5-5: 10, the same as the 2
    assert plain.best == stats.best and plain.biggest == stats.biggest  # not larger
    assert stats_panel(stats).count("a cribbage point counts 5") == 1


def test_take_back_games_count_but_stay_out_of_streaks_and_records():
    stats = record_game(Stats(), led(seed=1), DAY)
    marked = json.loads(greedy(2).to_save())
    marked["takebacks"] = 2
    after = record_game(stats, marked, DAY)
    assert after.total == Row(played=2, won=2, takebacks=1, points=130, rounds=3)
    assert after.levels == {"medium": Row(1, 1, 0, 10, 1), "hard": Row(1, 1, 1, 120, 2)}
    assert (after.streak, after.best_streak) == (1, 1)
    assert after.best == stats.best and after.biggest == stats.biggest
    assert record_game(after, marked, DAY) is after
    table = greedy(2)  # the page counts its table: a take-back made there marks it too
    table.takebacks = 1
    assert record_game(stats, table, DAY).total.takebacks == 1
    html = stats_panel(after)
    assert re.search(r'data-stat="takebacks">1<', html)
    assert re.search(r'<tr data-level="hard">.*?<td>1</td><td>1</td><td>100%</td><td>1</td>'
                     r"<td>0</td><td>60\.0</td></tr>", html)
    assert "data-stat=\"coached\"" not in html  # no game with the coach: no line for it


def test_the_table_is_counted_from_its_own_marks_not_its_record(monkeypatch):
    """A table counts as it stands: its take-backs and the coach's decisions
    are read from it, and its saved form is never written to learn them."""
    def unwritten(_self: Table) -> dict[str, object]:
        raise AssertionError("the statistics wrote the table's record")

    monkeypatch.setattr(Table, "to_record", unwritten)
    table = greedy(2)
    table.takebacks, table.coached = 1, 3
    counted = record_game(Stats(), table, DAY)
    assert counted.total == Row(played=1, won=1, takebacks=1, points=120, rounds=2, coached=1)


def test_coached_games_are_counted_apart_and_stay_out_of_streaks_and_records():
    stats = record_game(Stats(), led(seed=1), DAY)
    coached = json.loads(greedy(2).to_save())
    coached["coached"] = 5
    after = record_game(stats, coached, DAY)
    assert after.total == Row(played=2, won=2, takebacks=0, points=130, rounds=3, coached=1)
    assert after.levels["hard"] == Row(1, 1, 0, 120, 2, 1)
    assert (after.streak, after.best_streak) == (1, 1)
    assert after.best == stats.best and after.biggest == stats.biggest
    table = greedy(2)  # the page counts its table: the coach watching there marks it
    table.coached = 3
    assert record_game(stats, table, DAY).total.coached == 1
    html = stats_panel(after)
    assert re.search(r'data-stat="coached">1<', html) and "Played with the coach" in html
    assert re.search(r'<tr data-level="hard">.*?<td>1</td><td>1</td><td>100%</td><td>0</td>'
                     r"<td>1</td><td>60\.0</td></tr>", html)
    assert "<th scope='col'>With the coach</th>" in html
    assert kept_stats(after.to_json()) == after


def test_statistics_kept_before_the_coach_still_read():
    stats = record_game(Stats(), greedy(2), DAY).to_json()
    for row in (*stats["levels"].values(), *stats["presets"].values()):
        del row["coached"]  # as a page before the coach kept them
    old = parse(stats)
    assert old.total == Row(played=1, won=1, takebacks=0, points=120, rounds=2, coached=0)
    with pytest.raises(StatsError):  # more coached games than played is no page's
        parse({**stats, "levels": {"hard": {**stats["levels"]["hard"], "coached": 2}}})


def test_opponents_level():
    four = led(bots=("easy", "expert", "easy"))  # seat 2 is the person's partner
    assert opponents_level(four) == "easy"
    assert opponents_level(led(bots=("easy", "medium", "hard"))) == MIXED
    assert opponents_level(led(bots=("hard", "hard"))) == "hard"
    assert opponents_level(led(bots=("greedy",))) == "medium"  # an older save's name
    stats = record_game(Stats(), four)
    assert list(stats.levels) == ["easy"] and stats.total.points == 10
    master = record_game(Stats(), led(bots=("master", "master")))  # the strongest level
    assert list(master.levels) == ["master"] and master.best.level == "master"
    assert '<tr data-level="master"><th scope="row">master</th>' in stats_panel(master)
    assert "master opponents" in stats_panel(master)


def test_reset_empties_but_remembers_what_was_counted():
    table = led()
    stats = record_game(Stats(), table)
    cleared = reset(stats)
    assert cleared.total == Row() and cleared.best is None and cleared.streak == 0
    assert record_game(cleared, table) is cleared


def test_only_the_latest_games_are_remembered():
    old = tuple(f"{i:016x}" for i in range(MAX_COUNTED))
    stats = record_game(Stats(counted=old), led())
    assert len(stats.counted) == MAX_COUNTED
    assert stats.counted[0] == old[1] and stats.counted[-1] == game_id(led().game)


def test_json_round_trip():
    stats = Stats()
    for table in (greedy(2), greedy(4), led(preset="cribbage", target=2)):
        stats = record_game(stats, table, DAY)
    text = json.dumps(stats.to_json())
    assert read_stats(text) == stats == kept_stats(json.loads(text))
    assert len(text) < 2000
    assert kept_stats(Stats().to_json()) == Stats()


def hostile() -> list[object]:
    good = record_game(Stats(), greedy(2), DAY).to_json()

    def edit(path: str, value: object) -> dict[str, object]:
        data = json.loads(json.dumps(good))
        *keys, last = path.split(".")
        node = data
        for key in keys:
            node = node[key]
        node[last] = value
        return data

    return [
        None, [], "text", 7, {"format": "allfives-stats/2"}, {**good, "format": None},
        edit("levels.hard.won", 2), edit("levels.hard.played", -1),
        edit("levels.hard.points", True), edit("levels.hard.rounds", "2"),
        edit("levels.hard.extra", 1), edit("levels.champion", good["levels"]["hard"]),
        edit("presets.standard.played", 2), edit("streak", 2), edit("best_streak", 5),
        edit("best.preset", "poker"), edit("best.divisor", 3), edit("best.when", "x" * 41),
        edit("biggest.move", "7-7"), edit("biggest.points", 0), edit("worst", []),
        edit("counted", ["not a digest"]), edit("counted", ["0" * 16] * (MAX_COUNTED + 1)),
        edit("levels", None),
    ]


@pytest.mark.parametrize("data", hostile())
def test_bad_content_reads_as_empty_and_never_raises(data):
    assert kept_stats(data) == Stats()
    with pytest.raises(StatsError):
        parse(data)


@pytest.mark.parametrize("text", ["", "{", "[" * 100_000, "1" * 5000,
                                  json.dumps({"format": "allfives-stats/1", "pad": "x" * 70_000})])
def test_unreadable_text_is_one_line(text):
    with pytest.raises(StatsError) as caught:
        read_stats(text)
    assert "\n" not in str(caught.value) and str(caught.value).startswith("statistics: ")


def test_panel_hooks_and_numbers():
    stats = Stats()
    for table in (greedy(2), greedy(4), led(bots=("easy",)), led(preset="muggins")):
        stats = record_game(stats, table, DAY)
    html = stats_panel(stats)
    assert re.search(r'data-stat="played">4<', html) and re.search(r'data-stat="won">3<', html)
    assert re.search(r'data-stat="streak">2<', html) and re.search(r'data-stat="best-streak">2<',
                                                                    html)
    assert re.findall(r'data-level="(\w+)"', html) == ["easy", "medium", "hard"]
    assert re.findall(r'data-preset="(\w+)"', html) == ["standard", "muggins"]
    assert ('<tr data-level="hard"><th scope="row">hard</th><td>2</td><td>1</td><td>50%</td>'
            "<td>0</td><td>0</td><td>36.0</td></tr>") in html  # (120 + 60) / 5 rounds
    assert ("<b>Best game:</b> won 120 to 40, by 80 (standard, hard opponents, 2 rounds, "
            "2025-06-01).") in html
    assert ("<b>Worst game:</b> lost 60 to 110, by 50 (standard, hard opponents, 3 rounds, "
            "2025-06-01).") in html
    assert ("<b>Biggest play:</b> 25 points: 2-6 on 5-6, round 2 (standard, 2025-06-01).") in html
    assert "take-backs:" not in html and "cribbage point" not in html


def test_empty_panel():
    html = stats_panel(Stats())
    assert re.search(r'data-stat="played">0<', html) and re.search(r'data-stat="won">0<', html)
    assert "No finished games yet." in html and "<table" not in html


def test_the_panel_escapes_what_it_shows():
    stats = record_game(Stats(), led(), "<b>day</b>")
    html = stats_panel(stats)
    assert "&lt;b&gt;day&lt;/b&gt;" in html and "<b>day</b>" not in html


def test_every_word_of_the_panel_goes_through_gettext_and_the_hooks_stay():
    stats = Stats()
    for table in (greedy(2), led(bots=("easy", "hard")), led(preset="cribbage", target=2)):
        stats = record_game(stats, table, DAY)
    stats = record_game(stats, {**json.loads(led(seed=3).to_save()), "takebacks": 1}, DAY)
    with pseudo():
        html = stats_panel(stats)
    assert untranslated(html) == []
    assert re.findall(r'data-stat="([\w-]+)"', html) == ["played", "won", "takebacks", "streak",
                                                        "best-streak", "best", "worst",
                                                        "biggest"]
    assert '<tr data-level="mixed"><th scope="row">⟦mixed levels⟧</th>' in html
    assert "⟦Games played: {played}, won: {won} ({percent}).⟧" not in html  # filled in
    assert '⟦Games played: <b data-stat="played">4</b>, won: <b data-stat="won">' in html
    assert "⟦⟦25 points⟧: ⟦2-6 on 5-6⟧, round 2 (⟦standard⟧, 2025-06-01)⟧" in html
    with pseudo():
        crib = stats_panel(record_game(Stats(), led(preset="cribbage", target=2), DAY))
    assert "⟦⟦2 points (10 on the table)⟧: ⟦5-5 led⟧, round 1 (⟦cribbage⟧, 2025-06-01)⟧" in crib


@pytest.mark.parametrize("data", hostile())
def test_what_is_wrong_with_stored_statistics_is_said_in_the_pages_language(data):
    with pseudo(), pytest.raises(StatsError) as caught:
        parse(data)
    assert untranslated(str(caught.value), r"\w+\.[\w.]+|allfives|stats|best|worst|counted"
                                           r"|levels|presets|streak|best_streak") == []
    assert str(caught.value).startswith("⟦statistics: ")
