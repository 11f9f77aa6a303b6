"""Puzzles: what makes a decision a puzzle (``coach.puzzles.refusal``), the
generator (``coach.mining``: deterministic, seeing only the mover's view),
the puzzle file's loader against bad and hostile data, the rating
(Glicko-2), the schedule of missed puzzles, the daily pick, the person's
progress and own puzzles, and the shipped set itself."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from allfives.bots.analysis import ESTIMATE, EXACT, Decision, Moment, Reason
from allfives.bots.greedy import GreedyBot
from allfives.coach import judging, mining, repetition
from allfives.coach import puzzles as pz
from allfives.coach.puzzles import CLOSE, GREEDY, UNSTABLE, Puzzle, PuzzleError
from allfives.coach.rating import Rating, after_puzzle, update
from allfives.game import Round
from allfives.moves import DRAW, LEAD, move_text, parse_move
from allfives.rules import PRESETS, Rules
from allfives.tiles import ALL_TILES, NAMES, mask_of, parse_tile, tiles_of
from allfives.view import PlayerView
from allfives.web.draw import board
from allfives.web.puzzles import collect, words
from allfives.web.puzzles.progress import (
    AGAIN,
    NEW,
    OWN,
    PROVISIONAL,
    Playing,
    Progress,
    choose,
    game_key,
)
from allfives.web.puzzles.session import Solving
from allfives.web.puzzles.words import rating_line
from allfives.web.table.words_reasons import Said, move_name

SHIPPED = Path(pz.__file__).with_name("puzzles.json")
FIGURES = Path(pz.__file__).with_name("puzzles-generation.json")


def round_of(preset: str, hands: list[list[str]], moves: list[str],
             boneyard: list[str] | None = None) -> Round:
    """A round dealt ``hands`` (the rest face down, in ``boneyard``'s order if
    given), with ``moves`` made by the rules."""
    rules = Rules.make(preset, players=len(hands))
    masks = [mask_of(parse_tile(t) for t in h) for h in hands]
    taken = 0
    for m in masks:
        taken |= m
    rest = ([parse_tile(t) for t in boneyard] if boneyard is not None
            else tiles_of(ALL_TILES & ~taken))
    rnd = Round(rules, masks, rest, 0, [0] * rules.sides)
    for text in moves:
        move = parse_move(text)
        assert rnd.why_illegal(move) is None, text
        rnd.play(move)
    return rnd


# A muggins line whose two open ends both show 4: each of seat 1's tiles fits
# both ends alike, so its two best moves are worth exactly the same.
TWIN_ENDS = (["1-4", "4-5", "6-6", "0-0", "0-1"], ["1-5", "2-4", "3-4", "2-2", "3-3"])


def test_a_planted_position_with_two_equal_best_moves_is_refused():
    rnd = round_of("muggins", [*map(list, TWIN_ENDS)], ["1-4", "1-5>1-4", "4-5>1-5"])
    view = PlayerView.of(rnd, 1)
    moves = view.legal_moves()
    assert [move_text(m) for m in moves] == ["2-4>1-4", "2-4>4-5", "3-4>1-4", "3-4>4-5"]
    values = mining.values_of(Moment(1, 4, view, moves[0]), 2000, "review")
    assert values[0] == values[1] and values[2] == values[3]  # the same play at either end
    assert pz.refusal([values], moves, GreedyBot().choose(view)) == CLOSE
    tally = mining.Tally()
    assert mining.examine(Moment(1, 4, view, moves[0]), tally, "muggins/2") is None
    assert tally.refused == {CLOSE: 1} and tally.kept == 0


def test_refusal_wants_a_clear_margin_every_time_the_same_answer_and_not_greedy():
    options = [parse_move(t) for t in ("0-5>5-5", "3-5>5-5", "1-5>5-5")]
    first, other = options[0], options[1]
    assert pz.refusal([[20.0, 12.0, 0.0]], options, other) is None
    assert pz.refusal([[20.0, 13.5, 0.0]], options, other) == CLOSE  # 6.5 < MARGIN
    assert pz.refusal([[20.0, 12.0, 0.0], [20.0, 14.0, 0.0]], options, other) == CLOSE
    assert pz.refusal([[20.0, 12.0, 0.0], [5.0, 20.0, 0.0]], options, other) == UNSTABLE
    assert pz.refusal([[20.0, 12.0, 0.0]], options, first) == GREEDY
    assert pz.refusal([[2.0, 0.0]], options[:2], other, divisor=5) is None  # 2 x 5 = 10
    assert pz.refusal([[20.0]], options[:1], first) == pz.ONE_OPTION


def test_a_position_whose_answer_is_the_greedy_move_is_refused(monkeypatch):
    # Seat 0 leads: 4-6 and 5-5 score 10, and greedy leads the heavier; planted values make
    # it best by far.
    rnd = round_of("standard", [["5-5", "1-2", "0-3", "2-6", "1-1", "4-6", "0-2", "3-3", "1-4"],
                                ["0-0", "0-1", "0-4", "0-5", "0-6", "1-3", "1-5", "1-6", "2-2"]],
                   [])
    view = PlayerView.of(rnd, 0)
    moves = view.legal_moves()
    greedy = GreedyBot().choose(view)
    assert move_text(greedy) == "4-6"
    monkeypatch.setattr(mining, "values_of", lambda m, p, s: [
        30.0 if move == greedy else 0.0 for move in moves])
    tally = mining.Tally()
    # the game's bot made another move, so the position is valued, and then refused
    other = next(m for m in moves if m != greedy)
    assert mining.examine(Moment(1, 1, view, other), tally, "standard/2") is None
    assert tally.refused == {GREEDY: 1} and tally.valued == 1
    # a bot that played greedy's move is not even valued
    assert mining.examine(Moment(1, 1, view, greedy), tally, "standard/2") is None
    assert tally.refused[mining.BOT_MOVE] == 1 and tally.valued == 1


def test_a_puzzle_holds_only_what_the_mover_sees(monkeypatch):
    # Two deals that differ only in the tiles seat 0 cannot see (seat 1's hand
    # and the boneyard's order) give the same view, and so the same puzzle.
    mover = ["0-1", "0-4", "1-1", "1-2", "0-5", "2-2", "3-3"]
    hidden = sorted(set(tiles_of(ALL_TILES)) - {parse_tile(t) for t in mover})
    hidden_names = [NAMES[t] for t in hidden]
    a = round_of("standard", [mover, hidden_names[:7]], [], hidden_names[7:])
    b = round_of("standard", [mover, hidden_names[-7:]], [], list(reversed(hidden_names[:-7])))
    view_a, view_b = PlayerView.of(a, 0), PlayerView.of(b, 0)
    assert view_a == view_b and a.hands[1] != b.hands[1]
    monkeypatch.setattr(mining, "REVIEW_PLAYOUTS", 300)
    monkeypatch.setattr(mining, "CHECK_PLAYOUTS", 300)
    moves = view_a.legal_moves()
    found = [mining.examine(Moment(1, 1, v, moves[0]), mining.Tally(), "standard/2")
             for v in (view_a, view_b)]
    assert found[0] == found[1]
    assert mining.values_of(Moment(1, 1, view_a, moves[0]), 300, "x") == mining.values_of(
        Moment(1, 1, view_b, moves[0]), 300, "x")
    # and a puzzle's JSON names nothing but the view's fields and its own
    puzzle = Puzzle(view_a, 1, moves[0], tuple(0.0 if m == moves[0] else 9.0 for m in moves),
                    9.0, None, 1600)
    assert set(puzzle.to_json()) == {"id", "source", "rules", "round", "seat", "hand", "history",
                                     "hand_counts", "boneyard_left", "starter", "scores",
                                     "answer", "losses", "margin", "reason", "rating",
                                     "method"}
    assert Puzzle.from_json(json.loads(json.dumps(puzzle.to_json()))) == puzzle


def test_a_puzzle_says_how_its_answer_was_judged_and_older_files_read_as_estimated():
    data = puzzle_json()
    assert data["method"] == ESTIMATE
    solved = Puzzle.from_json({**data, "method": EXACT})
    assert solved.method == EXACT and solved.to_json()["method"] == EXACT
    assert solved.id == data["id"]  # the position names it, not how it was judged
    del data["method"]  # a file from before the field
    assert Puzzle.from_json(data).method == ESTIMATE
    assert pz.loads(pz.dumps([solved])) == [solved] and pz.VERSION == 1


def test_generation_is_deterministic_whatever_the_jobs(small_run):
    tasks = mining.tasks(2, "7", [("muggins", 4)])
    one, tally_one = mining.run(tasks, 1)
    two, tally_two = mining.run(tasks, 2)
    assert pz.dumps(one) == pz.dumps(two)
    assert tally_one.to_json() == tally_two.to_json()
    figures = tally_one.to_json()
    assert figures["games"] == 2 and figures["kept"] == len(one) > 0
    assert figures["decisions_tried"] == figures["decisions_valued"] + figures["refused"][
        mining.BOT_MOVE]
    assert figures["decisions_valued"] == figures["kept"] + sum(
        n for why, n in figures["refused"].items() if why != mining.BOT_MOVE)
    for p in one:
        assert move_text(GreedyBot().choose(p.view)) != move_text(p.answer)
        assert p.margin >= pz.MARGIN and p.loss_of(p.answer) == 0.0
        # the judge kept it, and the puzzle carries its method and values
        verdict = judging.judge(p.view, p.answer, mining.CHECK_PLAYOUTS, "generate")
        assert verdict.keep and judging.judged(p, verdict) == p
    assert pz.loads(pz.dumps(one)) == one


def puzzle_json() -> dict:
    rnd = round_of("muggins", [*map(list, TWIN_ENDS)], ["1-4", "1-5>1-4", "4-5>1-5"])
    view = PlayerView.of(rnd, 1)
    moves = view.legal_moves()
    return Puzzle(view, 2, moves[2], (9.0, 9.0, 0.0, 8.0), 8.0, "scored", 1600).to_json()


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(hand=["1-4", "2-4", "3-4", "2-2"]), "cannot be made there"),
    (lambda d: d.update(hand_counts=[5, 4]), "do not add up to 28"),
    (lambda d: d.update(boneyard_left=-3), "out of range"),
    (lambda d: d.update(answer="6-6"), "not a legal move"),
    (lambda d: d.update(answer="6-6>9-9"), "'9-9' is not"),
    (lambda d: d.update(losses=[1, 2]), "losses must give 4 numbers"),
    (lambda d: d.update(losses=[9, 9, 1, 8]), "the answer must lose nothing"),
    (lambda d: d.update(margin=float("nan")), "margin"),
    (lambda d: d.update(margin=True), "margin"),
    (lambda d: d.update(rating=10**9), "rating"),
    (lambda d: d.update(seat=True), "seat"),
    (lambda d: d.update(seat=7), "seat"),
    (lambda d: d.update(scores=[1, 2, 3]), "scores"),
    (lambda d: d.update(scores=["1", 2]), "whole number"),
    (lambda d: d.update(history=[[0, "1-4", 0]] * 500), "more than"),
    (lambda d: d["history"][0].__setitem__(2, 10), "scores 5, not 10"),
    (lambda d: d["history"].__setitem__(1, [1, "2-6>1-4", 0]), "cannot be made there"),
    (lambda d: d["history"].__setitem__(1, "x"), "[seat, move, points]"),
    (lambda d: d.update(rules={"preset": "chess"}), "chess"),
    (lambda d: d.update(source="elsewhere"), "unknown source"),
    (lambda d: d.update(method="guessed"), "unknown method"),
    (lambda d: d.update(reason="lucky"), "unknown reason"),
    (lambda d: d.update(id="0" * 12), "does not match"),
    (lambda d: d.pop("answer"), "'answer' is missing"),
    (lambda d: d.update(played="1-1>1-4"), "1-1"),
    (lambda d: d.update(hand="1-5"), "lists"),
])
def test_the_loader_refuses_a_bad_puzzle_with_one_line(change, words):
    data = puzzle_json()
    assert Puzzle.from_json(json.loads(json.dumps(data))).id == data["id"]
    change(data)
    text = json.dumps({"format": pz.FORMAT, "version": pz.VERSION, "puzzles": [data]})
    with pytest.raises(PuzzleError) as e:
        pz.loads(text)
    message = str(e.value)
    assert message.startswith("puzzle 1: ") and words in message and "\n" not in message


@pytest.mark.parametrize(("text", "words"), [
    ("not json", "not JSON"),
    ("[" * 100_000 + "]" * 100_000, "not JSON"),
    ('{"format": "allfives-record/1"}', "not a puzzle file"),
    ('{"format": "allfives-puzzles", "version": 2, "puzzles": []}', "version 2"),
    ('{"format": "allfives-puzzles", "version": true, "puzzles": []}', "version True"),
    ('{"format": "allfives-puzzles", "version": 1, "puzzles": {}}', "must be a list"),
    ('{"format": "allfives-puzzles", "version": 1, "puzzles": [' + ",".join(["1"] * 5001) + "]}",
     "at most 5000"),
    ('{"format": "allfives-puzzles", "version": 1, "puzzles": [null]}', "JSON object"),
])
def test_the_loader_refuses_a_bad_file_with_one_line(text, words):
    with pytest.raises(PuzzleError, match=words):
        pz.loads(text)


def test_a_file_holding_a_puzzle_twice_is_refused():
    data = puzzle_json()
    with pytest.raises(PuzzleError, match="twice"):
        pz.loads(json.dumps({"format": pz.FORMAT, "version": 1, "puzzles": [data, data]}))


def test_glicko2_ratings_exactly():
    # Glickman's worked example
    r = update(Rating(1500, 200, 0.06), [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)])
    assert (round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 6)) == (
        1464.05, 151.52, 0.059996)
    # a new player solving, and missing, a 1600 puzzle; a sure 1700 missing a 1300
    solved = after_puzzle(Rating(), 1600, True)
    assert (round(solved.rating, 2), round(solved.deviation, 2)) == (1730.97, 255.13)
    missed = after_puzzle(Rating(), 1600, False)
    assert (round(missed.rating, 2), round(missed.deviation, 2)) == (1367.8, 255.13)
    sure = after_puzzle(Rating(1700, 60, 0.06), 1300, False)
    assert (round(sure.rating, 2), round(sure.deviation, 2)) == (1681.5, 60.59)
    assert Rating.from_json(solved.to_json()).shown() == 1731
    for junk in (None, [], {"rating": 1e400}, {"rating": 1500, "deviation": 0, "volatility": .06},
                 {"rating": True, "deviation": 100, "volatility": .06}):
        assert Rating.from_json(junk) == Rating()


def test_missed_puzzles_come_back_by_the_schedule():
    card = repetition.missed("p", "2026-12-30")
    assert card == repetition.Card("p", 0, "2026-12-31")
    days = []
    today = card.due
    while card is not None:
        days.append((card.box, card.due))
        card = repetition.solved(card, card.due)
    assert days == [(0, "2026-12-31"), (1, "2027-01-03"), (2, "2027-01-10"), (3, "2027-01-31")]
    assert repetition.due([repetition.Card("a", 0, "2027-01-02"),
                           repetition.Card("b", 1, "2026-12-31"),
                           repetition.Card("c", 0, "2027-01-05")], today="2027-01-02") == [
        repetition.Card("b", 1, "2026-12-31"), repetition.Card("a", 0, "2027-01-02")]
    assert today == "2026-12-31"
    for junk in (["p", 0, "2026-02-30"], ["p", -1, "2026-01-01"], ["", 0, "2026-01-01"],
                 ["p", True, "2026-01-01"], "p", None):
        assert repetition.Card.from_json(junk) is None


def test_the_daily_puzzle_is_a_fixed_pick_by_the_date():
    items = list(range(10))
    picks = [pz.daily(items, d) for d in ("2026-11-25", "2026-11-26", "2027-01-01")]  # type: ignore[arg-type]
    assert picks == [2, 2, 7]
    assert pz.daily(items, "2026-11-25") == 2  # type: ignore[arg-type]
    assert len({pz.daily(items, f"2026-12-{d:02d}") for d in range(1, 32)}) > 5  # type: ignore[arg-type]


def some_puzzles() -> list[Puzzle]:
    rnd = round_of("muggins", [*map(list, TWIN_ENDS)], ["1-4", "1-5>1-4", "4-5>1-5"])
    view = PlayerView.of(rnd, 1)
    out = []
    for i, rating in enumerate((1300, 1600, 1900)):
        moved = PlayerView(view.rules, view.seat, view.hand, view.history, view.hand_counts,
                           view.boneyard_left, view.turn, view.starter, (i, 0))
        out.append(Puzzle(moved, 1, moved.legal_moves()[2], (9.0, 9.0, 0.0, 8.0), 8.0, None,
                          rating))
    return out


def test_progress_rates_the_first_try_and_schedules_a_miss():
    easy, middle, hard = some_puzzles()
    p = Progress()
    # a new player (1500) starts at the easiest band, not the nearest (1600)
    assert choose(p, [easy, middle, hard], "2026-11-25") == (easy, NEW)
    assert choose(p, [middle, hard], "2026-11-25") == (middle, NEW)  # then the nearest above
    p = p.attempt(middle, False, "2026-11-25")
    assert round(p.rating.rating, 2) == 1367.8 and p.cards == (
        repetition.Card(middle.id, 0, "2026-11-26"),)
    assert choose(p, [easy, middle, hard], "2026-11-25") == (easy, NEW)
    again = p.attempt(middle, True, "2026-11-25")  # tried again the same day: not rated
    assert again.rating == p.rating and again.cards[0].box == 1 and again.tried == 2
    assert choose(p, [easy, middle, hard], "2026-11-26") == (middle, AGAIN)  # due
    assert choose(p, [easy, middle, hard], "2026-11-26", skip=middle.id)[0] == easy
    daily = p.attempt(hard, True, "2026-11-25", daily=True)
    assert daily.daily_result("2026-11-25") is True and daily.daily_result("2026-11-24") is None
    kept = Progress.from_json(json.loads(json.dumps(daily.to_json())))
    assert replace(kept, rating=daily.rating) == daily  # the rating kept to 2 decimals
    assert kept.rating.shown() == daily.rating.shown() == 1684


def test_the_first_puzzles_fit_the_player():
    """Issue 38, item 11: a first puzzle came in rules the person was not
    playing, rated 1600, and cost 132 rating points; another came from the
    round still being played. Now the rules and players being played come
    first, the easiest band before harder ones, an own puzzle waits until its
    game is over, and the rating is not shown as a number for the first 5."""
    shipped = pz.loads(SHIPPED.read_text(encoding="utf-8"))
    fresh = Progress()
    for preset, players in (("standard", 2), ("punt", 3), ("cribbage", 4)):
        first, kind = choose(fresh, shipped, "2026-11-25", playing=Playing(preset, players))
        assert (first.view.rules.preset, first.view.rules.players, first.rating, kind) == (
            preset, players, 1300, NEW)
    # all of the played rules' easy ones tried: their harder ones before other rules
    easy = [p.id for p in shipped if (p.view.rules.preset, p.view.rules.players, p.rating)
            == ("standard", 2, 1300)]
    assert len(easy) == 15
    tried = replace(fresh, seen=tuple(easy))
    nxt, _kind = choose(tried, shipped, "2026-11-25", playing=Playing("standard", 2))
    assert (nxt.view.rules.preset, nxt.view.rules.players, nxt.rating) == ("standard", 2, 1600)
    # an own puzzle from the game still on the table waits until that game is over
    own = replace(some_puzzles()[0], source=OWN)
    mine = fresh.add_own(own, game_key(1234))
    assert mine.from_game(own.id) == "1234"
    playing = Playing("muggins", 2, game_key(1234))
    got, kind = choose(mine, shipped, "2026-11-25", playing=playing)
    assert got.id != own.id and kind == NEW
    assert choose(mine, shipped, "2026-11-25", playing=replace(playing, unfinished=None)) == (
        own, OWN)
    assert choose(mine, shipped, "2026-11-25", playing=replace(playing, unfinished="99")) == (
        own, OWN)
    assert Progress.from_json(json.loads(json.dumps(mine.to_json()))).own_games == (
        (own.id, "1234"),)
    # the rating: provisional for the first 5 first tries, said so instead of the number
    assert fresh.provisional == PROVISIONAL == 5
    missed = fresh.attempt(first, False, "2026-11-25")
    assert missed.provisional == 4 and missed.rating.shown() == 1199  # 1300 missed: unsure
    assert rating_line(1199, -301, missed.provisional) == \
        "Your puzzle rating: shown after 4 more puzzles"
    assert rating_line(1199, -301, 1) == "Your puzzle rating: shown after 1 more puzzle"
    assert rating_line(1402, 12, 0) == "Your puzzle rating: 1402 (+12)"
    assert replace(missed, seen=tuple("abcde")).provisional == 0


def test_progress_read_from_storage_keeps_only_what_is_usable():
    assert Progress.from_json(None) == Progress()
    assert Progress.from_json({"format": "other"}) == Progress()
    own = some_puzzles()[0]
    bad_own = dict(own.to_json(), answer="6-6>6-5")
    p = Progress.from_json({"format": "allfives-puzzle-progress/1", "seen": ["a", 3, "a", "b"],
                            "cards": [["a", 0, "2026-11-25"], ["x", 9, "nope"]],
                            "own": [own.to_json(), bad_own, "junk"],
                            "days": {"2026-11-25": True, "never": False}, "tried": -4,
                            "solved": "many", "rating": {"rating": "high"}})
    assert p.seen == ("a", "b") and p.cards == (repetition.Card("a", 0, "2026-11-25"),)
    assert p.own == (own,) and p.days == (("2026-11-25", True),) and p.tried == p.solved == 0


def test_own_mistakes_become_puzzles_only_when_clearly_answered():
    rnd = round_of("muggins", [*map(list, TWIN_ENDS)], ["1-4", "1-5>1-4", "4-5>1-5"])
    view = PlayerView.of(rnd, 1)
    played = parse_move("2-4>1-4")
    moment = Moment(1, 4, view, played)
    greedy = move_text(GreedyBot().choose(view))
    answer = next(t for t in ("3-4>1-4", "3-4>4-5", "2-4>1-4", "2-4>4-5") if t != greedy
                  and t.split(">")[0] != greedy.split(">")[0])
    twin = answer.split(">")[0] + ">" + ("4-5" if answer.endswith("1-4") else "1-4")
    texts = {t: 9.0 for t in ("2-4>1-4", "2-4>4-5", "3-4>1-4", "3-4>4-5")}
    texts[answer] = 0.0
    losses = {parse_move(t): loss for t, loss in texts.items()}
    puzzle = collect.own_puzzle(moment, losses)
    assert puzzle is not None and move_text(puzzle.answer) == answer
    assert puzzle.source == pz.OWN and puzzle.played == played and puzzle.margin == 9.0
    twin_move, answer_move, greedy_move = map(parse_move, (twin, answer, greedy))
    assert collect.own_puzzle(moment, {**losses, twin_move: 0.0}) is None  # two equal best
    assert collect.own_puzzle(moment, {**losses, answer_move: 9.0,
                                       greedy_move: 0.0}) is None  # greedy's
    assert collect.own_puzzle(moment, {answer_move: 0.0}) is None  # a move not valued
    assert Progress().add_own(puzzle).add_own(puzzle).own == (puzzle,)
    assert choose(Progress().add_own(puzzle), some_puzzles(), "2026-11-25") == (puzzle, OWN)


def test_solving_takes_a_tile_then_a_place_and_only_the_first_answer():
    puzzle = some_puzzles()[0]
    s = Solving(puzzle, NEW)
    s.click(parse_tile("3-4"))
    assert s.selected == parse_tile("3-4")
    assert {move_text(t.move) for t in s.targets()} == {"3-4>1-4", "3-4>4-5"}
    s.click(parse_tile("6-6"))
    assert s.selected is None  # cannot be played
    assert s.hand().playable == frozenset({parse_tile("2-4"), parse_tile("3-4")})
    assert s.choose(parse_move("3-4>1-4")) and s.right is True
    assert not s.choose(parse_move("2-4>1-4")) and s.right is True and s.targets() == ()


def test_a_puzzles_verdict_shows_its_recheck_only_when_that_calls_the_answer_best():
    """The verdict first says the puzzle file's loss (an estimate, no parts);
    the re-check of its move, as Review analyses it, replaces it when it
    agrees that the answer is best, and never when it does not."""
    puzzle = some_puzzles()[0]
    right, missed = Solving(puzzle, NEW), Solving(puzzle, NEW)
    assert missed.recheck() is None and missed.shown() is None
    wrong = next(m for m in puzzle.options if m not in (puzzle.answer, puzzle.runner_up))
    missed.choose(wrong)
    right.choose(puzzle.answer)
    assert right.judged_move == puzzle.runner_up and missed.judged_move == wrong
    assert missed.recheck() == Moment(puzzle.round, len(puzzle.view.history) + 1, puzzle.view,
                                      wrong)
    filed = missed.shown()
    assert filed is not None and (filed.played, filed.best, filed.loss, filed.reason,
                                  filed.method) == (wrong, puzzle.answer, puzzle.loss_of(wrong),
                                                    None, ESTIMATE)
    assert words.verdict(puzzle, wrong, filed) == Said(
        f"Not quite: the best play is {move_name(puzzle.answer)}.", f"{move_name(wrong)} loses "
        f"{puzzle.loss_of(wrong):g} points. Estimated from deals of the hidden tiles.")
    agrees = replace(filed, loss=12.5, method=EXACT,
                     reason=Reason(puzzle.answer, 0, 10, 5.0, 0.0, -2.5))
    missed.checked = agrees
    assert missed.shown() == agrees
    # once its parts are known the plain reason leads (10 now of the 12.5 lost)
    assert words.verdict(puzzle, wrong, agrees).lead == (
        f"Not quite: the best play is {move_name(puzzle.answer)}. It scores 10 points now.")
    assert words.verdict(puzzle, wrong, agrees).why.endswith(
        f"{move_name(puzzle.answer)} scores 10; the others score 5 in reply to {move_name(wrong)}"
        f" and 0 in reply to {move_name(puzzle.answer)}; {move_name(wrong)} keeps 2.5 more for"
        f" later: {move_name(wrong)} loses 12.5 points. Solved exactly: nothing was hidden.")
    missed.checked = replace(agrees, best=puzzle.runner_up)  # another move best: not shown
    assert missed.shown() == filed
    right.checked = agrees  # a re-check of another move than the verdict's: not shown
    assert right.shown() is not None and right.shown().played == puzzle.runner_up
    solved = words.verdict(puzzle, puzzle.answer, right.shown())
    assert solved.lead == f"Right! {move_name(puzzle.answer)} is the best play."
    assert solved.why.startswith(f"The next best is {move_name(puzzle.runner_up)}. ")
    # with partners the reply is the other side's lead over the mover's (here behind)
    four = next(p for p in pz.loads(SHIPPED.read_text(encoding="utf-8"))
                if p.view.rules.partnership)
    other = four.runner_up
    said = words.verdict(four, other, Decision(
        four.round, len(four.view.history) + 1, four.view.seat, other, four.answer, 8.0, 2,
        Reason(four.answer, 0, 0, -1.0, 2.0, 11.0), ESTIMATE))
    assert (f"; your side scores 1 more than the other in reply to {move_name(other)} and the "
            f"other side scores 2 more than yours in reply to {move_name(four.answer)}; "
            ) in said.why
    assert said.lead.endswith(". It leaves you better placed for the rest of the round.")


def test_a_puzzles_board_marks_the_last_tile_laid_and_the_answer_once_given():
    puzzle = some_puzzles()[0]  # ... 4-5>1-5 laid last; the answer 3-4>1-4
    s = Solving(puzzle, NEW)
    assert s.scene() == board.BoardScene(s.table(), fresh=parse_tile("4-5"))
    s.click(parse_tile("3-4"))
    assert s.scene() == board.BoardScene(s.table(), s.targets(), parse_tile("3-4"),
                                         parse_tile("4-5"))
    s.choose(parse_move("2-4>1-4"))
    assert s.scene() == board.BoardScene(s.table(), fresh=parse_tile("4-5"),
                                         hint=parse_move("3-4>1-4"))
    drew = replace(puzzle, view=replace(puzzle.view, history=(*puzzle.view.history,
                                                              (1, DRAW, 0))))
    assert Solving(drew, NEW).scene().fresh == parse_tile("4-5")  # a draw lays no tile


def test_picking_a_tile_never_answers_even_with_one_place_or_a_lead():
    """A slip of a finger must not give the answer: a tile with one place is
    only picked, its one place lit; another tile picked instead replaces it,
    the same one again or Escape puts it back. On an empty table the place is
    the lead, and the task says so."""
    shipped = pz.loads(SHIPPED.read_text(encoding="utf-8"))
    one = next(p for p in shipped if p.id == "5cee139d3920")  # 2-5>1-5 or 5-5>1-5
    s = Solving(one, NEW)
    s.click(parse_tile("2-5"))
    assert s.chosen is None and s.right is None and s.selected == parse_tile("2-5")
    assert [move_text(t.move) for t in s.targets()] == ["2-5>1-5"]
    s.click(parse_tile("5-5"))
    assert s.selected == parse_tile("5-5") and [move_text(t.move) for t in s.targets()] == [
        "5-5>1-5"]
    s.click(parse_tile("5-5"))
    assert s.selected is None and s.targets() == ()
    s.click(parse_tile("2-5"))
    assert s.cancel() == parse_tile("2-5") and s.selected is None and s.cancel() is None
    assert s.chosen is None and not s.leads
    assert words.task(s.leads) == "Your move: find the best play."
    # punt, 2 players: leads 0-5, 1-3, 2-3, 3-5, 3-6, 4-4, 6-6
    lead = next(p for p in shipped if p.id == "92d2eb0bd07b")
    s = Solving(lead, NEW)
    assert s.leads and words.task(s.leads) == (
        "You lead: find the best tile to start the round with.")
    s.click(parse_tile("1-3"))
    (place,) = s.targets()
    assert (move_text(place.move), place.on, place.points) == ("1-3", LEAD, 0)
    s.click(parse_tile("0-5"))
    assert [(t.on, t.points) for t in s.targets()] == [(LEAD, 5)] and s.chosen is None
    drawn = board.board(s.table(), 1.6, targets=s.targets(), selected=s.selected).svg
    assert 'data-target="lead" data-move="0-5" role="button"' in drawn
    assert 'aria-label="Lead 0-5, 5 points"' in drawn


def test_the_shipped_set():
    # Issue 29: every preset with 2, 3 and 4 players, each answer kept by the judge
    # (solved exactly, or best by 7 game points under two estimates)
    shipped = pz.loads(SHIPPED.read_text(encoding="utf-8"))
    figures = json.loads(FIGURES.read_text(encoding="utf-8"))
    # made again for issue 41 (the game's stake by the chance of winning): 334 written, 310 kept
    assert len(shipped) == figures["shipped"] == 310 and figures["kept"] >= len(shipped)
    configs_of = [f"{p.view.rules.preset}/{p.view.rules.players}" for p in shipped]
    assert set(configs_of) == {f"{preset}/{n}" for preset in PRESETS for n in (2, 3, 4)}
    assert figures["shipped_by_config"] == dict(sorted(Counter(configs_of).items()))
    assert figures["decisions_tried"] > figures["decisions_valued"] > figures["kept"]
    methods = Counter(p.method for p in shipped)
    assert set(methods) == {EXACT, ESTIMATE} and methods[EXACT] >= 10
    for p in shipped:
        # the margin is in the rules' points: cribbage's 7 game points are 1.4 of its
        assert p.source == pz.SET and p.margin * p.view.rules.divisor >= pz.MARGIN
        assert GreedyBot().choose(p.view) != p.answer
        assert p.view.turn == p.view.seat
        if p.method == EXACT:
            assert p.view.rules.players == 2 and p.view.boneyard_left == 0


def test_the_panel_names_the_seats_from_the_movers_chair():
    shipped = pz.loads(SHIPPED.read_text(encoding="utf-8"))
    # a four-player puzzle whose mover sits in seat 1 or 3: its side is side 1, said first
    puzzle = next(p for p in shipped if p.view.rules.players == 4 and p.view.seat % 2)
    said = words.situation(puzzle)
    mine, theirs = puzzle.view.scores[1], puzzle.view.scores[0]
    assert f"Scores: your side {mine}, the other side {theirs} (to 200)." in said
    assert words.counts(puzzle).startswith("In hand: the next opponent: ")
    assert "your partner: " in words.counts(puzzle)
    two = next(p for p in shipped if p.view.rules.players == 2)
    assert words.counts(two).startswith("In hand: your opponent: ")


def test_no_shipped_puzzle_comes_from_an_endless_game():
    # Issue 27: muggins with four players subtracted every hand and ran on for
    # hundreds of rounds (tests/engine/test_game_length.py bounds a game by 60); the
    # set made again for issue 29 plays muggins as the old books score it.
    shipped = pz.loads(SHIPPED.read_text(encoding="utf-8"))
    assert max(p.round for p in shipped) <= 60
    muggins = [p for p in shipped if p.view.rules.preset == "muggins"]
    assert len(muggins) == 56
    assert all(p.view.rules == Rules.make("muggins", players=p.view.rules.players)
               for p in muggins)
    # someone who tried and missed a dropped one (round 275) is given another
    dropped = "0090e4f2de1e"
    assert dropped not in {p.id for p in shipped}
    progress = Progress.from_json({"format": "allfives-puzzle-progress/1", "seen": [dropped],
                                   "cards": [[dropped, 0, "2026-11-25"]]})
    assert progress.due("2026-11-26") == [repetition.Card(dropped, 0, "2026-11-25")]
    puzzle, why = choose(progress, shipped, "2026-11-26")
    assert why == NEW and puzzle in shipped
