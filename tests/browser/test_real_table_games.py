"""At a real table, every preset (issue 30): a whole game recorded by seeded
bots tapped in through the page as a person enters it, to a target of 100
where the preset's own would make a long test (cribbage keeps its 61); the
scores after every round are the engine's, and the game ends with the
game-over panel. A game half entered is downloaded, opened again, and its
score kept on from its record."""

from __future__ import annotations

import json

import pytest

from .browser_helpers import go_ahead
from .test_access import axe
from .test_real_table import Enterer, bot_game, open_page, scores_shown, start_table

# preset, players, options, calls, seed: of the seeds below 60, those whose games
# between greedy and random bots are the shortest (muggins' among those with a
# blocked round: its first, then the target reached in the second round's first
# play; punt's and five-up's reach it within the first round).
GAMES = [
    ("winner_takes", 3, {"target": 100}, "off", 28),
    ("cribbage", 2, {}, "on", 3),
    ("punt", 4, {"partnership": True, "target": 100}, "off", 23),
    ("muggins", 4, {"partnership": False, "target": 100}, "muggins", 33),
    ("five_up", 2, {"target": 100}, "off", 51),
]


@pytest.mark.parametrize(("preset", "players", "options", "calls", "seed"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_a_whole_game_of_every_preset_gives_the_engines_scores(page, server, preset, players,
                                                               options, calls, seed):
    game = bot_game(preset, players, seed, **options)
    assert game.over
    open_page(page, server, (1280, 800))
    start_table(page, game, calls=calls)
    at = Enterer(page, game, calls=calls)
    for r in range(len(game.rounds)):
        at.round(r)  # the scores after each round, checked
    page.wait_for_selector("#game-over[open]")
    assert scores_shown(page) == game.scores
    assert page.get_attribute("#real-table", "data-phase") == "over"


def test_a_record_half_entered_is_opened_again_and_its_score_kept_on(page, server):
    game = bot_game("standard", 2, seed=68)  # rounds of 17 and 26 moves
    open_page(page, server, (1280, 800))
    start_table(page, game)
    at = Enterer(page, game)
    at.round(0)
    at.deal(1)
    half = len(game.rounds[1].history) // 2
    at.moves(1, 0, half)
    assert axe(page) == [], "a table game in play"
    logged, scores = page.inner_text("#table-log"), scores_shown(page)
    with page.expect_download() as got:
        page.click("#download")
    record = json.loads(open(got.value.path()).read())
    assert "observed" in record and len(record["rounds"]) == 2
    # another game takes the device; the record file brings the table game back
    page.click("#new-game-button")
    page.check("#ng-mode-bots")
    page.click("#ng-start")
    go_ahead(page)
    page.wait_for_selector("body:not([data-mode=table]) #status[data-phase=human]")
    page.set_input_files("#open-record", got.value.path())
    page.wait_for_selector("#review[open]")
    page.click("#review-play-on")
    go_ahead(page)  # it replaces the table game kept aside
    page.wait_for_selector("body[data-mode=table] #real-table[data-phase=play]")
    assert page.inner_text("#table-log") == logged
    assert scores_shown(page) == scores
    at.moves(1, half)
    at.settle(1)
    assert scores_shown(page) == game.rounds[1].scores
