"""Reviewing a game (``allfives.bots.analysis``): deterministic, honest (only what
the seat could see at that moment), and meaningful (weak play loses more)."""

from __future__ import annotations

import copy
import functools
import json
import random
import statistics
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from allfives.bots import analysis, expert, make_bot, master
from allfives.bots.analysis import ESTIMATE, Decision, Moment, analyse, moments, review
from allfives.bots.exact import known_round
from allfives.bots.inference import gather
from allfives.bots.knowledge import infer
from allfives.coach.report import reason_text
from allfives.errors import RecordError
from allfives.game import Game
from allfives.moves import DRAW, move_tile, parse_move
from allfives.record import replay, to_record
from allfives.rules import Rules
from allfives.tiles import NAMES, tiles_of
from allfives.view import PlayerView

from ..helpers import full_deal, hand, tiles

FAST = 60  # playouts per decision in tests (the page and CLI use REVIEW_PLAYOUTS)


def bot_game(seed: int, bots: tuple[str, ...] = ("medium", "expert"), players: int = 2,
             rounds: int = 1, target: int | None = None) -> Game:
    """A game between bots: ``rounds`` rounds, or fewer if a side reaches the target.

    Each caller gets a copy of its own; the game itself is played once per
    process (an expert's round takes seconds, and many tests review the same)."""
    return copy.deepcopy(played_by_bots(seed, tuple(bots), players, rounds, target))


@functools.cache
def played_by_bots(seed: int, bots: tuple[str, ...], players: int, rounds: int,
                   target: int | None) -> Game:
    game = Game(Rules.make("standard", players=players, target=target), seed)
    seated = [make_bot(b, f"{seed}:{i}") for i, b in enumerate(bots)]
    while True:
        rnd = game.round
        if rnd.over:
            if game.over or len(game.rounds) >= rounds:
                return game
            game.next_round()
            continue
        rnd.apply(seated[rnd.turn % len(seated)].choose(PlayerView.of(rnd, rnd.turn)))


def test_every_choice_is_reviewed_once_with_a_legal_best_and_no_negative_loss():
    game = bot_game(1, rounds=2)
    decisions = review(game, playouts=FAST)
    found = list(moments(game))
    assert [(d.round, d.move) for d in decisions] == [(m.round, m.move) for m in found]
    assert {d.round for d in decisions} == {1, 2}
    for m, d in zip(found, decisions, strict=True):
        options = m.view.legal_moves()
        assert d.options == len(options) > 1
        assert d.best in options and d.played in options and d.played == m.played
        assert d.loss >= 0 and (d.loss == 0 or d.best != d.played)
        assert m.view.turn == m.view.seat == d.seat
    # the moves with one option (draws, passes, forced plays) are not decisions
    made = sum(len(r.history) for r in game.rounds)
    assert len(decisions) < made


def test_the_same_record_always_gets_the_same_analysis():
    game = bot_game(2)
    again = replay(json.loads(json.dumps(to_record(game))))
    assert review(game, playouts=FAST) == review(again, playouts=FAST)


def test_a_move_as_good_as_the_best_loses_nothing():
    game = bot_game(3)
    for m in moments(game):
        d = analyse(m, FAST)
        best = Moment(m.round, m.move, m.view, d.best)
        assert analyse(best, FAST).loss == 0.0
        assert analyse(best, FAST).best == d.best


def unseen_by(game: Game, r: int, i: int, seat: int) -> set[str]:
    """Tiles of round ``r`` that ``seat`` could not see before its move ``i``:
    other hands' tiles not yet played, and the boneyard's tiles it did not draw."""
    rnd = game.rounds[r - 1]
    seen = set(tiles_of(rnd.dealt[seat]))
    pos = 0
    for s, m, _ in rnd.history[:i - 1]:
        if m == DRAW:
            if s == seat:
                seen.add(rnd.boneyard[pos])
            pos += 1
        elif m >= 0:
            seen.add(move_tile(m))
    return {NAMES[t] for t in range(28)} - {NAMES[t] for t in seen}


def swapped_before(game: Game, moment: Moment, rng: random.Random) -> Game | None:
    """The record cut after ``moment``'s move, with two tiles the mover could
    not see trading places (hands and boneyard), if it still replays."""
    record = to_record(game)
    record["rounds"] = record["rounds"][:moment.round]
    deal = record["rounds"][-1]
    deal["moves"] = deal["moves"][:moment.move]
    hidden = unseen_by(game, moment.round, moment.move, moment.seat)
    cells = [("h", s, k) for s, h in enumerate(deal["hands"]) for k, t in enumerate(h)
             if t in hidden] + [("b", 0, k) for k, t in enumerate(deal["boneyard"]) if t in hidden]
    pairs = [(a, b) for a in cells for b in cells if a < b and (a[:2] != b[:2] or a[0] == "b")]
    if not pairs:
        return None
    a, b = rng.choice(pairs)

    def box(c: tuple[str, int, int]) -> list[str]:
        return deal["hands"][c[1]] if c[0] == "h" else deal["boneyard"]

    box(a)[a[2]], box(b)[b[2]] = box(b)[b[2]], box(a)[a[2]]
    try:
        return replay(record)
    except RecordError:
        return None


def test_tiles_the_seat_could_not_see_never_change_its_analysis():
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        game = bot_game(seed, ("easy", "medium", "hard")[seed % 3:] + ("easy",), players=2 +
                        seed % 3)
        found = list(moments(game))
        moment = found[rng.randrange(len(found))]
        other = swapped_before(game, moment, rng)
        if other is None:
            continue
        before, after = (to_record(g)["rounds"][moment.round - 1] for g in (game, other))
        assert (before["hands"], before["boneyard"]) != (after["hands"], after["boneyard"])
        twin = next(m for m in moments(other) if (m.round, m.move) == (moment.round, moment.move))
        assert twin.view == moment.view and twin.played == moment.played
        assert analyse(twin, FAST) == analyse(moment, FAST)
        checked += 1
    assert checked >= 25


def test_weak_play_loses_more_than_strong_play_on_the_same_deals():
    medium, expert = [], []
    for seed in range(3):
        for d in review(bot_game(seed), playouts=400):
            (medium if d.seat == 0 else expert).append(d.loss)
    assert statistics.mean(medium) > 2 * statistics.mean(expert)


def test_a_plain_reason_names_its_kind_for_puzzle_files():
    # seat 0 leads 5-5 (10 points) or 1-2 (nothing): leading 1-2 scored less
    hands, boneyard = full_deal([["5-5", "2-3", "0-1", "0-2", "0-3", "0-4", "0-6", "1-1", "1-2"],
                                 ["6-6", "4-6", "3-6", "2-6", "1-6", "4-4", "3-4", "2-4", "1-4"]])
    game = Game(Rules.make("standard"), seed=0, deal_first=False)
    game.start_round([hand(*h) for h in hands], tiles(*boneyard), starter=0)
    view = PlayerView.of(game.round, 0)
    assert analysis.why(view, parse_move("1-2"), parse_move("5-5")) == analysis.PlainWhy(
        "scored", parse_move("5-5"), 0, 10)


def solved_endgame() -> Moment:
    """Seed 7's game of two hard bots, round 1 move 36: seat 0 holds 3-3 and
    3-6, seat 1 only 6-6, the boneyard is empty; the table counts 24 with
    ends 3 (on 3-4), 5, 5 and 6 (on 2-6)."""
    return next(m for m in moments(bot_game(7, ("hard", "hard")))
                if (m.round, m.move) == (1, 36))


def test_an_exact_loss_in_parts_known_by_hand():
    moment = solved_endgame()
    assert [NAMES[t] for t in moment.view.hand] == ["3-3", "3-6"]
    # 3-3 on 3-4: the count goes 24 - 3 + 6 = 27 (nothing now); 6-6 on 2-6 makes 33
    # (nothing) and goes out with 3-6's 9 pips left: 10 to seat 1 in reply, nothing later.
    # 3-6 on 2-6: 24 - 6 + 3 = 21 (nothing); 6-6 fits no end, seat 1 passes (no reply);
    # then 3-3 goes out (24, nothing) with 6-6's 12 pips: 10 for later.
    d = analyse(Moment(1, 36, moment.view, parse_move("3-3>3-4")))
    assert (d.method, d.best, d.loss, d.error) == (analysis.EXACT, parse_move("3-6>2-6"), 20.0,
                                                   0.0)
    assert d.reason == analysis.Reason(parse_move("3-6>2-6"), 0, 0, 10.0, 0.0, 10.0)
    assert reason_text(d.played, d.reason) == (
        "Both moves score 0 now; the others score 10 in reply to 3-3 on 3-4 and 0 in reply to "
        "3-6 on 2-6; 3-6 on 2-6 keeps 10 more for later")


def drive(steps):
    """A generator's return value, its steps taken."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def test_an_estimate_is_the_masters_playouts_on_its_worlds_split_into_parts():
    """Every option on the same worlds, drawn as the master draws them, each
    played out by the master's policy: the same numbers done again here
    with the engine's rounds alone."""
    game = bot_game(5, ("easy", "hard"))
    for m in list(moments(game))[:6]:
        options = m.view.legal_moves()
        valuation = drive(analysis.estimating(m.round, m.move, m.view, FAST))
        count = max(analysis.MIN_WORLDS, FAST // len(options))
        rng = random.Random(f"review:{m.round}:{m.move}:{expert.view_key(m.view)}")
        know = infer(m.view)
        evidence = gather(m.view, know, master.BETA)
        worlds = master.Worlds(m.view, know, evidence if evidence.plays else None, master.POOL,
                               rng)
        totals = [0.0] * len(options)
        for _ in range(count):
            base = worlds.draw()
            for i, move in enumerate(options):
                rnd = base.copy()
                rnd.play(move)
                expert.playout(rnd, master.MASTER_POLICY)
                totals[i] += expert.outcome(rnd, base.scores, m.view.rules.side_of(m.seat))
        assert valuation.values == [t / count for t in totals]  # the very same numbers
        assert valuation.parts is not None and len(valuation.samples) == len(options)
        for value, part, sampled in zip(valuation.values, valuation.parts, valuation.samples,
                                        strict=True):
            assert part.now - part.reply + part.later == pytest.approx(value, abs=1e-9)
            assert len(sampled) == count


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(seed=st.integers(0, 100_000), players=st.sampled_from([2, 3, 4]),
       late=st.integers(0, 40), solved=st.booleans())
def test_the_parts_add_up_to_the_loss(seed, players, late, solved):
    """On random positions, estimated or (``solved``: 2 players, the boneyard
    empty) exact, every move's reason adds up to its loss as shown, to 0.1."""
    found = list(moments(bot_game(seed, ("easy", "hard") * 2, players=2 if solved else players,
                                  rounds=2)))
    if solved:
        found = [m for m in found if known_round(m.view) is not None]
        assume(found)
    m = found[max(0, len(found) - 1 - late)]
    valuation = drive(analysis.valuing(m.round, m.move, m.view, FAST))
    if valuation.chances is not None:  # the game at stake: chances, not parts
        assert valuation.parts is None
        assert all(analysis.judged(Moment(m.round, m.move, m.view, move), valuation).reason
                   is None for move in m.view.legal_moves())
        return
    assert valuation.parts is not None or valuation.method == analysis.EXACT  # budget
    for move in m.view.legal_moves():
        d = analysis.judged(Moment(m.round, m.move, m.view, move), valuation)
        if d.loss < analysis.REASON_FROM:
            assert d.reason is None
            continue
        r = d.reason
        assert r is not None and r.best == d.best
        assert (r.best_scored - r.scored) + (r.reply - r.best_reply) + r.later == \
            pytest.approx(d.loss, abs=1e-9)
        assert all(round(x, 1) == x for x in (r.reply, r.best_reply, r.later))
        assert d.error >= 0.0 and (d.error == 0.0 or d.method != analysis.EXACT)


def test_a_loss_error_is_the_paired_standard_error():
    valuation = analysis.Valuation([2.5, 0.0], analysis.ESTIMATE, None,
                                   ((1.0, 2.0, 3.0, 4.0), (0.0, 0.0, 0.0, 0.0)))
    assert valuation.loss_error(0, 1) == pytest.approx(statistics.stdev([1, 2, 3, 4]) / 2)
    assert valuation.loss_error(0, 0) == 0.0
    # two options that rise and fall together over the shared deals: their difference is sure
    together = analysis.Valuation([20.0, 19.0], analysis.ESTIMATE, None,
                                  ((10.0, 20.0, 30.0), (9.0, 19.0, 29.0)))
    assert together.loss_error(0, 1) == 0.0
    assert analysis.Valuation([1.0, 0.0], analysis.EXACT).loss_error(0, 1) == 0.0


def test_a_reason_and_an_error_travel_as_json_and_old_answers_still_read():
    reason = analysis.Reason(parse_move("5-5>0-5"), 0, 10, 8.2, 1.0, 11.6)
    decision = Decision(2, 7, 0, parse_move("3-3>0-3"), parse_move("5-5>0-5"), 13.4, 3, reason,
                        analysis.ESTIMATE, 1.25)
    sent = json.loads(json.dumps(decision.to_json()))
    assert sent["reason"] == {"best": "5-5>0-5", "scored": [0, 10], "reply": [8.2, 1.0],
                              "later": 11.6}
    assert sent["error"] == 1.25 and Decision.from_json(sent) == decision
    # what the worker and ``allfives review --json`` sent before: a reason of one kind (a
    # sentence, or its parts) cannot be split; no error: 0
    bare = {k: v for k, v in sent.items() if k != "error"}
    for old in ("scored 0 where 5-5>0-5 scored 10",
                {"kind": "scored", "best": "5-5>0-5", "made": 0, "other": 10},
                "played badly", 7, {"best": "9-9", "scored": [0, 10], "reply": [1, 0], "later": 1},
                {"best": "5-5", "scored": [True, 10], "reply": [1, 0], "later": 1},
                {"best": "5-5", "scored": [0, 10], "reply": [1, 0], "later": float("nan")}):
        assert Decision.from_json({**bare, "reason": old}) == replace(decision, reason=None,
                                                                      error=0.0)
    assert set(sent) == {"round", "move", "seat", "played", "best", "loss", "options",
                         "reason", "method", "error", "chances"}


# Real answers of the worker before reasons were split (main at a7ce2f0, FAST
# playouts, the first and second games of bot_game(seed, ("easy", "hard"))),
# and the decisions they read as.
OLD_ANSWERS = [
    ('{"round": 1, "move": 2, "seat": 0, "played": "4-5>4-6", "best": "2-4>4-6", "loss": 10.5,'
     ' "options": 5, "reason": "left the next player a chance of 10 (2-4>4-6 left 0)"}',
     (1, 2, 0, "4-5>4-6", "2-4>4-6", 10.5, 5)),
    ('{"round": 1, "move": 10, "seat": 0, "played": "0-0>0-6", "best": "3-6>6-6", "loss": 17.0,'
     ' "options": 4, "reason": "scored 0 where 3-6>6-6 scored 5"}',
     (1, 10, 0, "0-0>0-6", "3-6>6-6", 17.0, 4)),
]


@pytest.mark.parametrize(("old", "fields"), OLD_ANSWERS)
def test_an_answer_the_old_worker_sent_reads_as_the_same_decision(old, fields):
    """Everything but its one-kind reason (which cannot be split in parts)
    reads back; an estimate, with no error known."""
    r, move, seat, played, best, loss, options = fields
    assert Decision.from_json(json.loads(old)) == Decision(
        r, move, seat, parse_move(played), parse_move(best), loss, options, None, ESTIMATE, 0.0)


@pytest.mark.parametrize("seat", [0, 1])
def test_only_the_seats_asked_for(seat):
    game = bot_game(4)
    assert {m.seat for m in moments(game, {seat})} == {seat}
    a, b = parse_move("5-5"), parse_move("0-5>5-5")
    assert analysis.biggest_losses([Decision(1, 1, 0, a, b, 1.0, 2),
                                    Decision(1, 2, 0, a, a, 0.0, 2),
                                    Decision(1, 3, 0, a, b, 3.5, 2)]) == [
        Decision(1, 3, 0, a, b, 3.5, 2), Decision(1, 1, 0, a, b, 1.0, 2)]
