"""The hand, seats, scores, log and panels as HTML (``allfives.web.draw.render``)
and the sentences in them (``allfives.web.table.words``)."""

from __future__ import annotations

import re
from html import escape

from allfives.game import Game
from allfives.moves import DRAW, parse_move
from allfives.rules import Rules
from allfives.tiles import NAMES, mask_of
from allfives.web.draw import render
from allfives.web.i18n import catalogs as i18n
from allfives.web.play.controller import Controller
from allfives.web.table import words
from allfives.web.table.hand import HandState
from allfives.web.table.settings import Settings
from allfives.web.table.table import Table
from allfives.web.table.table_view import TableView

from ..tables import random_game, scripted_table, view_of


def tiles(*names: str) -> tuple[int, ...]:
    return tuple(NAMES.index(n) for n in names)


def test_hand_marks_playable_selected_and_hinted_tiles():
    state = HandState(tiles=tiles("6-6", "2-3", "0-1"), playable=frozenset(tiles("6-6", "0-1")),
                      selected=NAMES.index("0-1"), active=True, hinted=NAMES.index("6-6"),
                      must_draw=False, must_pass=False)
    html = render.hand(state)
    assert re.findall(r'data-tile="(\d-\d)"', html) == ["6-6", "2-3", "0-1"]
    assert html.count("<button") == 3 and html.count('data-playable="true"') == 2
    assert 'aria-label="6-6, playable, the hint"' in html
    assert re.findall(r'data-tile="(\d-\d)" data-hint="tile"', html) == ["6-6"]
    assert re.findall(r'class="hand-tile (\w+)', html) == ["playable", "dimmed", "playable"]
    assert re.findall(r'data-tile="(\d-\d)"[^>]*aria-pressed="true"', html) == ["0-1"]
    waiting = render.hand(HandState(tiles("6-6"), frozenset(), None, False, None, False, False))
    assert 'class="hand-tile waiting"' in waiting and 'data-playable="false"' in waiting


def person_leads(*hand: str) -> TableView:
    """A 2-player round that seat 0 starts, holding ``hand`` (and the lowest other tiles)."""
    rest = [n for n in NAMES if n not in hand]
    mine = [*hand, *rest[:9 - len(hand)]]
    game = Game(Rules.make("standard"), seed=0, deal_first=False)
    game.start_round([mask_of(tiles(*mine)), mask_of(tiles(*rest[9 - len(hand):18 - len(hand)]))],
                     list(tiles(*rest[18 - len(hand):])), starter=0)
    return view_of(game)


def test_turn_prompts_and_hint_words():
    lead = person_leads("5-5")
    assert words.turn_prompt(lead) == "Your lead: play any tile."
    assert words.move_advice(lead, parse_move("5-5")) == "lead with 5-5 (+10)"
    assert words.move_advice(lead, parse_move("2-4")) == "lead with 2-4"
    view = TableView.of(scripted_table())
    assert words.turn_prompt(view) == "Your turn: play a highlighted tile."
    assert words.move_advice(view, parse_move("0-6>0-5")) == "play 0-6 on 0-5"
    assert words.move_advice(view, DRAW) == "draw"
    table = scripted_table()
    table.game.round.hands[0] = 1 << NAMES.index("3-3")
    assert words.turn_prompt(TableView.of(table)) == "No tile fits: draw from the boneyard."
    table.game.round.bone_pos = len(table.game.round.boneyard)
    assert words.turn_prompt(TableView.of(table)) == \
        "No tile fits and the boneyard is empty: you must pass."


def test_log_has_an_entry_per_move_and_names_only_the_persons_draws():
    game = random_game("standard", 3, 4)
    view = view_of(game)
    log = render.log(view)
    assert log.count('class="move"') == len(game.round.history)
    draws = [(s, m) for s, m, _ in game.round.history if m == -1]
    named = re.findall(r'You drew <span class="tile-name">(\d-\d)</span>\.', log)
    assert len(named) == sum(1 for s, _ in draws if s == 0)
    assert log.count("drew a tile.") == sum(1 for s, _ in draws if s != 0)
    assert log.startswith('<li class="note">Round 1: ')


def test_round_end_explains_each_line_and_shows_every_hand():
    game = random_game("standard", 3, 4)
    view = view_of(game)
    end = render.round_end_panel(view)
    for line in game.round.result.lines:
        assert f"{line.points:+d} for" in end
    assert "rounded to" in end and end.count("class='reveal'") == 3
    you, anna, ben = game.scores
    assert f"<p class='totals'>Scores: You {you}, Anna {anna}, Ben {ben}.</p>" in end


def test_the_review_leaves_out_how_the_round_ended_and_no_points_is_not_a_step():
    """The review's panel under ``#review-says`` (which says how the round
    ended) does not say it again; a round without round-end points has no
    numbered line "1. No round-end points."."""
    game = random_game("standard", 2, 4)  # a blocked round whose pips round to nothing
    view = view_of(game)
    assert game.round.over and not game.round.result.lines
    ended = words.end_words(view, view.round)
    assert render.round_end_panel(view).count(escape(ended)) == 1
    in_review = render.round_end_panel(view, headline=False)
    assert escape(ended) not in in_review and in_review.startswith("<div class='hands'>")
    assert "<li class='none'>No round-end points.</li>" in in_review


def test_a_hand_rounded_to_nothing_scores_0_not_plus_0():
    game = random_game("standard", 4, 18)  # Anna's 2 pips round to 0; the others' do not
    view = view_of(game)
    assert [words.score_line(view, ln) for ln in game.round.result.lines] == [
        "You hold 6 pips, rounded to 5: -5 for You & Ben.",
        "Anna holds 2 pips, rounded to 0: 0 for Anna & Cara.",
        "Ben holds 34 pips, rounded to 35: -35 for You & Ben."]


def test_score_lines_in_words():
    game = random_game("winner_takes", 4, 2)
    view = view_of(game)
    said = [words.score_line(view, ln) for ln in game.round.result.lines]
    assert all(w.endswith(".") and " pips" in w for w in said)
    assert render.scores(view).count("data-side=") == 2
    assert "You &amp; Ben" in render.scores(view)
    assert render.scores(view, scored=1).count("bump") == 1
    assert "data-tally" not in render.scores(view)


def test_scores_as_tally_marks_draw_in_the_points_just_scored():
    table = scripted_table()  # You 10 (0-5 on 5-5), Anna 10 (5-5 led)
    view = TableView.of(table)
    html = render.scores(view, scored=0, tally=True, gained=10)
    marks = re.findall(r'data-tally="(-?\d+)" data-strokes="(\d+)"', html)
    assert marks == [("10", "2"), ("10", "2")]
    assert html.count(" new") == 2  # only the side that scored: its two strokes draw in
    assert html.count('<span class="marks" aria-hidden="true"><svg') == 2
    crib = Table(Game(Rules.make("cribbage"), 1), ("You", "Anna"), (None, "medium"))
    crib.game.round.scores[0] = 7
    assert 'data-tally="7" data-strokes="7"' in render.scores(TableView.of(crib), tally=True)


def test_seats_show_backs_or_faces_and_partners():
    game = Game(Rules.make("standard", players=4), 3)
    hidden = render.seats(view_of(game))
    assert hidden.count('class="back"') == 15 and "partner" in hidden
    assert hidden.count('class="shown"') == 0
    finished = random_game("standard", 4, 3)
    shown = render.seats(view_of(finished))
    left = sum(bin(h).count("1") for h in finished.round.hands[1:])
    assert shown.count('class="shown"') == left and 'class="back"' not in shown


def test_game_over_names_the_winner_and_is_labelled():
    game = Game(Rules.make("standard", target=10), 5)
    while not game.over:
        game.next_round() if game.round.over else game.apply(game.legal_moves()[0])
    view = view_of(game)
    html = render.game_over(view)
    assert "id='game-over-title'" in html  # the dialog's aria-labelledby points here
    heading = re.search(r"<h2[^>]*>([^<]*)</h2>", html).group(1)
    assert heading == ("You win!" if game.winner == 0 else "Anna wins.")
    rounds = len(game.rounds)
    assert f"<p>{rounds} round{'s' if rounds > 1 else ''} played, to 10.</p>" in html
    assert Controller(Table(game, ("You", "Anna"), (None, "medium")), Settings()).status().phase \
        == "game-over"


def test_screen_reader_words_for_turns_and_round_ends():
    assert words.your_turn(person_leads("5-5")) == "Your lead."
    assert words.your_turn(TableView.of(scripted_table())) == "Your turn."
    table = scripted_table()
    table.game.round.hands[0] = 1 << NAMES.index("3-3")
    assert words.your_turn(TableView.of(table)) == "Your turn: nothing fits, draw."
    game = random_game("standard", 3, 4)
    view = view_of(game)
    you, anna, ben = game.scores
    assert words.round_summary(view) == (f"Round over. {words.end_words(view, view.round)} "
                                         f"Scores: You {you}, Anna {anna}, Ben {ben}.")
    assert words.boneyard(1) == "Boneyard: 1 tile" and words.boneyard(7) == "Boneyard: 7 tiles"
    assert words.table_words(person_leads("5-5")) == "The table is empty."


def test_the_count_on_the_table_in_the_pages_language():
    view = TableView.of(scripted_table())
    # 5-5 led (a spinner), 0-5 and 5-6 on its sides: 0 + 6, as the T key says
    assert render.count_badge(view) == "Count 6"
    assert render.count_badge(view_of(Game(Rules.make("standard"), seed=1))) == "Count 0"
    try:
        i18n.use("de")
        assert render.count_badge(view) == "Summe 6"
    finally:
        i18n.use("en")
