"""One judge where nothing is hidden (issue 29): with 2 players and the
boneyard empty, Review and the coach value every option exactly, by the
expert's own measure of an outcome, say so, and the master (the page's
hint) plays the move they call best."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator

import pytest

from allfives.bots import analysis, make_bot
from allfives.bots.analysis import ESTIMATE, EXACT, Decision, Moment, analyse, estimating, valuing
from allfives.bots.exact import known_round, solve
from allfives.bots.expert import outcome, outcome_stake, solved
from allfives.bots.master import MasterBot
from allfives.bots.worlds import judge
from allfives.coach.tutor import coaching
from allfives.game import Round, deal
from allfives.moves import parse_move
from allfives.rules import PRESETS, Rules
from allfives.view import PlayerView

from .test_bots import positions

FAST = 60  # playouts for an estimate in these tests


def finished(rnd: Round, rng: random.Random) -> Round:
    """``rnd`` played on at random to the end of the round (a copy)."""
    rnd = rnd.copy()
    while rnd.end is None:
        moves = rnd.legal_moves()
        rnd.play(moves[rng.randrange(len(moves))])
    return rnd


def test_the_exact_stake_is_the_playouts_outcome_on_every_finished_round() -> None:
    """Rounds of random play from random scores (some near the target, so
    that some rounds win the game), 2, 3 and 4 players: for every side the
    exact solver's stake gives what ``expert.outcome`` gives a playout."""
    rng = random.Random(29)
    won = unwon = 0
    for preset in sorted(PRESETS):
        for players in (2, 3, 4):
            rules = Rules.make(preset, players=players)
            for start in positions(rules, 6, players):
                near = rng.random() < 0.6
                scores = [rules.target - rng.randrange(1, 40) if near else rng.randrange(0, 150)
                          for _ in range(rules.sides)]
                rnd = Round.from_position(rules, start.hands, start.boneyard[start.bone_pos:],
                                          starter=start.starter, scores=scores,
                                          history=start.history, turn=start.turn)
                end = finished(rnd, rng)
                for side in range(rules.sides):
                    assert outcome_stake(rules, scores)(end.scores, end.winner, side) == \
                        outcome(end, scores, side)
                won += end.winner is not None
                unwon += end.winner is None
    assert won >= 20 and unwon >= 20


def known_views(per_preset: int) -> Iterator[PlayerView]:
    """Decisions of 2 players with the boneyard empty, from rounds the hard
    bot plays against itself in every preset, some from scores near the
    target (the round can end the game)."""
    rng = random.Random(7)
    for preset in sorted(PRESETS):
        rules = Rules.make(preset)
        bots = [make_bot("hard", f"judge:{preset}:{s}") for s in (0, 1)]
        found = 0
        for g in itertools.count():
            hands, boneyard, starter = deal(rules, f"judge:{g}", 0)
            scores = [rules.target - rng.randrange(1, 40) for _ in (0, 1)] \
                if rng.random() < 0.4 else [rng.randrange(0, 100) for _ in (0, 1)]
            rnd = Round(rules, hands, boneyard, starter, scores)
            while rnd.end is None and found < per_preset:
                if not rnd.boneyard_left and len(rnd.legal_moves()) > 1:
                    found += 1
                    yield PlayerView.of(rnd.copy(), rnd.turn)
                rnd.play(bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn)))
            if found >= per_preset:
                break


def test_review_solves_where_nothing_is_hidden_and_says_so() -> None:
    """Every option's value is the exact solver's under ``outcome``'s measure;
    the loss is the difference of two exact values; the decision says
    ``EXACT`` and reads back so from JSON. Past the solver's budget, the
    same decision is the playouts' estimate, as before."""
    solved_here = over_budget = 0
    for view in known_views(6):
        move = view.legal_moves()[-1]
        decision = analyse(Moment(1, 9, view, move), FAST)
        known = known_round(view)
        assert known is not None
        solution = solved(view)
        if solution is None:
            over_budget += 1
            assert decision == estimate(view, move)
            continue
        solved_here += 1
        values = solve(known, outcome_stake(view.rules, view.scores), budget=None)
        assert solution.values == values.values
        assert decision.method == EXACT
        assert decision.loss == round(values.value - values.value_of(move), 1)
        assert values.value_of(decision.best) == values.value
        assert Decision.from_json(json.loads(json.dumps(decision.to_json()))) == decision
    assert solved_here >= 15 and over_budget >= 1


def estimate(view: PlayerView, move: int) -> Decision:
    """The decision by the playouts alone (Review before the exact judge)."""
    steps = estimating(1, 9, view, FAST)
    with pytest.raises(StopIteration) as done:
        while True:
            next(steps)
    return analysis.judged(Moment(1, 9, view, move), analysis.at_stake(view, done.value.value))


def test_with_something_hidden_review_still_estimates() -> None:
    """The boneyard not empty, or 3 players past the worlds judge
    (``worlds.judge``): the playouts, as before."""
    two = next(r for r in positions(Rules.make("standard"), 4, 5) if r.boneyard_left)
    three = next(r for r in positions(Rules.make("standard", players=3), 60, 5)
                 if not r.boneyard_left and judge(PlayerView.of(r, r.turn)) is None)
    for rnd in (two, three):
        view = PlayerView.of(rnd, rnd.turn)
        decision = analyse(Moment(1, 9, view, view.legal_moves()[0]), FAST)
        assert decision.method == ESTIMATE
        assert decision == estimate(view, view.legal_moves()[0])


def test_an_answer_without_a_method_reads_as_an_estimate() -> None:
    """The worker's and ``allfives review --json``'s answers before the
    method was sent; an unknown method is an estimate too."""
    old = {"round": 1, "move": 2, "seat": 0, "played": "4-5>4-6", "best": "2-4>4-6",
           "loss": 10.5, "options": 5, "reason": None}
    assert Decision.from_json(old).method == ESTIMATE
    assert Decision.from_json({**old, "method": "guess"}).method == ESTIMATE
    exact = Decision(1, 2, 0, parse_move("4-5>4-6"), parse_move("2-4>4-6"), 10.5, 5,
                     method=EXACT)
    assert exact.to_json()["method"] == EXACT
    assert Decision.from_json(json.loads(json.dumps(exact.to_json()))) == exact


def test_the_coach_judges_a_solved_decision_as_review_does() -> None:
    view = next(known_views(1))
    assert solved(view) is not None
    steps = coaching(1, 9, view, FAST)
    with pytest.raises(StopIteration) as done:
        next(steps)  # solved at once: no deal to sample, no step
    found = done.value.value
    for move in view.legal_moves():
        judged = found.judged(move)
        assert judged is not None and judged.method == EXACT
        assert judged == analyse(Moment(1, 9, view, move), FAST)


def test_the_masters_move_is_the_move_review_calls_best_where_nothing_is_hidden() -> None:
    """The master's move in decisions of 2 players with the
    boneyard empty, every preset: of the best value by Review's analysis,
    wherever the solve fits the budget."""
    checked = 0
    for view in known_views(12):
        if solved(view) is None:
            continue
        steps = valuing(1, 9, view, FAST)
        with pytest.raises(StopIteration) as done:
            next(steps)
        values = done.value.value.values
        chosen = MasterBot(seed=3).choose(view)
        assert values[view.legal_moves().index(chosen)] == max(values)
        checked += 1
    assert checked >= 50


def test_the_master_searches_as_before_where_the_solve_does_not_decide(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Something hidden (past the worlds judge with 3 players), or past the
    budget (the solver made to give up): the master's move is its search's."""
    hidden = [r for r in positions(Rules.make("standard"), 6, 9) if r.boneyard_left][:3]
    hidden += [r for r in positions(Rules.make("standard", players=3), 60, 9)
               if not r.boneyard_left and judge(PlayerView.of(r, r.turn)) is None][:2]
    assert len(hidden) == 5
    bot = MasterBot(seed=2, simulations=120, extra=0)
    for rnd in hidden:
        view = PlayerView.of(rnd, rnd.turn)
        assert bot.choose(view) == bot.search(view, view.legal_moves())
    known = next(known_views(1))
    monkeypatch.setattr("allfives.bots.master.solved", lambda view: None)
    assert bot.choose(known) == bot.search(known, known.legal_moves())
