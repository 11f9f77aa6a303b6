"""The match-equity table (``bots.equity``): rounds replayed by docs/RULES.md
section 8 with the numbers of its examples, tables small enough to work out
by hand, and the properties a real table must have."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from allfives.bots import make_bot
from allfives.bots.equity import (
    EquityTable,
    Trajectory,
    build,
    equations,
    grid_for,
    mirrored,
    replay,
    trajectory_of,
)
from allfives.game import Round, deal
from allfives.rules import Rules
from allfives.view import PlayerView
from tests.helpers import bot_rounds

TOLERANCE = 1e-9


def table(*rounds: Trajectory, target: int = 50) -> EquityTable:
    return build(rounds, target, tolerance=TOLERANCE)


# -- replay: the rules of the target, with RULES.md section 8's numbers ------

def test_a_side_reaching_the_target_in_play_wins_and_the_round_is_not_scored() -> None:
    # 236; 5-5 (10), 3-5>5-5 (0), 2-5>5-5 (5, seat 0's last tile); seat 1's 6-6 (-10)
    rnd = Trajectory(0, ((0, 10), (0, 5)), (0, -10), 0)
    assert replay(rnd, (236, 0), 250) == (0, (251, 0))
    assert replay(rnd, (0, 0), 250) == (None, (15, -10))


def test_the_first_side_to_the_target_in_play_wins() -> None:
    rnd = Trajectory(1, ((1, 10), (0, 15)), (0, 0), None)
    assert replay(rnd, (240, 240), 250) == (1, (240, 250))
    assert replay(rnd, (240, 230), 250) == (0, (255, 240))


def test_round_end_points_that_lift_a_side_win() -> None:
    # winner_takes: 230, 5-5 (10), then out; seat 1's 12 pips round to 10
    assert replay(Trajectory(0, ((0, 10),), (10, 0), 0), (230, 0), 250) == (0, (250, 0))


def test_an_exact_tie_over_the_target_plays_on_and_a_higher_score_wins() -> None:
    # winner_takes, 3 players, target 100: 95, 95, 0 and 5 each to the tied seats
    blocked = Trajectory(0, (), (5, 5, 0), None)
    assert replay(blocked, (95, 95, 0), 100) == (None, (100, 100, 0))
    assert replay(blocked, (96, 95, 0), 100) == (0, (101, 100, 0))


def test_after_a_tie_a_score_over_the_target_wins_only_when_it_grows() -> None:
    lost_pips = Trajectory(0, (), (-5, 0), None)  # subtract: no side gains
    assert replay(lost_pips, (255, 255), 250) == (None, (250, 255))
    assert replay(Trajectory(0, ((1, 5),), (0, 0), 1), (260, 255), 250) == (1, (260, 260))


def test_a_round_is_recorded_from_the_engine() -> None:
    rules = Rules.make("standard", players=2, target=10 ** 6)
    hands, boneyard, starter = deal(rules, "equity", 0)
    rnd = Round(rules, hands, boneyard, starter)
    bot = make_bot("medium")
    while not rnd.over:
        rnd.play(bot.choose(PlayerView.of(rnd, rnd.turn)))
    t = trajectory_of(rnd)
    assert replay(t, (0, 0), 10 ** 6) == (None, tuple(rnd.scores))
    assert t.starter == starter and len(t.events) == sum(1 for *_, p in rnd.history if p)


# -- tables worked out by hand (target 50) -------------------------------------

def test_one_round_that_gives_the_starter_ten_points() -> None:
    # mirrored, the other side scores its 10 when it starts: the starter wins
    t = table(Trajectory(0, ((0, 10),), (0, 0), 0))
    assert t.win_probability(40, 0, 0) == 1.0
    assert t.win_probability(40, 40, 0) == 1.0
    assert t.win_probability(40, 40, 1) == 0.0
    # side 0 needs 3 rounds, side 1 (starting every round) 1
    assert t.win_probability(20, 40, 1) == 0.0


def test_a_fair_coin_for_ten_points() -> None:
    """Each round one side or the other scores 10, whoever starts: side 0 wins
    if it takes k rounds before side 1 takes m, as with a fair coin."""
    t = table(Trajectory(0, ((0, 10),), (0, 0), 0), Trajectory(0, ((1, 10),), (0, 0), 1))
    for s in (0, 1):
        assert t.win_probability(40, 40, s) == pytest.approx(1 / 2, abs=1e-8)
        assert t.win_probability(40, 30, s) == pytest.approx(3 / 4, abs=1e-8)
        assert t.win_probability(20, 40, s) == pytest.approx(1 / 8, abs=1e-8)
        assert t.win_probability(30, 30, s) == pytest.approx(1 / 2, abs=1e-8)


def test_a_game_going_on_from_a_score_off_the_grid_goes_on_from_the_nearest() -> None:
    """Punt's blocked rounds score a point or two: on a 5-point grid a game
    that goes on from 7 goes on from 5. Here 2 extra points never decide
    the game (it is won in play, at 50), so the table is the one without
    them; the points' own grid (step 2) holds the game as it is."""
    coin = [Trajectory(0, ((0, 10),), (0, 0), 0), Trajectory(0, ((1, 10),), (0, 0), 1)]
    odd = [Trajectory(0, ((0, 10),), (2, 0), 0), Trajectory(0, ((1, 10),), (0, 2), 1)]
    snapped, plain = build(odd, 50, step=5), build(coin, 50, step=5)
    scores = range(-50, 50, 5)
    assert all(snapped.win_probability(x, y, s) == plain.win_probability(x, y, s)
               for x in scores for y in scores for s in (0, 1))
    fine = build(odd, 50)
    assert fine.grid.step == 2
    assert fine.win_probability(40, 30, 0) == pytest.approx(3 / 4, abs=1e-6)
    assert fine.win_probability(38, 38, 0) == pytest.approx(1 / 2, abs=1e-6)


def test_a_tie_over_the_target_plays_on() -> None:
    """Half the rounds block with 10 to each side, half the starter scores 5.
    From 50-50 the starter wins at once half the time; else a tie at 60 plays
    on, with a random starter: 1/2 + 1/2 * 1/2."""
    t = table(Trajectory(0, (), (10, 10), None), Trajectory(0, ((0, 5),), (0, 0), 0))
    assert t.win_probability(50, 50, 0) == pytest.approx(3 / 4, abs=1e-8)
    assert t.win_probability(50, 50, 1) == pytest.approx(1 / 4, abs=1e-8)


def test_a_win_in_play_skips_the_round_end_points() -> None:
    """Side 0 reaches 50 with its play; the round end would have cost it 20
    and given side 1 the 50 it needs."""
    t = table(Trajectory(0, ((0, 10),), (-20, 50), 0))
    assert t.win_probability(40, 0, 0) == 1.0
    assert t.win_probability(30, 0, 0) == 0.0  # 40 - 20, and side 1 is lifted to 50


# -- a real sample ---------------------------------------------------------------

# Rounds between two medium bots, standard rules, played to their end.
ROUNDS = bot_rounds(Rules.make("standard", players=2, target=10 ** 6), "medium",
                    "equity-test", 40)
REAL = build(ROUNDS, 100, tolerance=TOLERANCE)


def test_the_table_is_symmetric() -> None:
    scores = range(REAL.grid.floor, REAL.grid.top + 1, 5)
    for x in scores:
        for y in scores:
            for s in (0, 1):
                total = REAL.win_probability(x, y, s) + REAL.win_probability(y, x, 1 - s)
                assert total == pytest.approx(1, abs=1e-7)


def test_more_points_never_hurt() -> None:
    scores = range(REAL.grid.floor, 100, 5)  # below the target: above it ties only
    for y in scores:
        for s in (0, 1):
            row = [REAL.win_probability(x, y, s) for x in scores]
            assert all(a <= b + 1e-7 for a, b in zip(row, row[1:], strict=False))


@settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.lists(st.tuples(st.integers(0, 1),
                                                                 st.sampled_from((5, 10, 15))),
                                                       max_size=3),
                          st.tuples(st.sampled_from((-10, -5, 0, 5, 10)),
                                    st.sampled_from((-10, -5, 0, 5, 10))),
                          st.sampled_from((0, 1, None))),
                min_size=1, max_size=4),
       st.sampled_from((20, 30)))
def test_the_table_solves_its_own_equation(
        rounds: list[tuple[int, list[tuple[int, int]], tuple[int, int], int | None]],
        target: int) -> None:
    sample = [Trajectory(s, tuple(e), p, n) for s, e, p, n in rounds
              if e or any(x > 0 for x in p)]  # a sample in which the games end
    if not sample:
        return
    t = build(sample, target, tolerance=1e-6)
    for i, (won, states, weights) in enumerate(equations(sample, target, t.grid)):
        then = sum(t.values[j] * w for j, w in zip(states, weights, strict=True))
        assert abs(won + then - t.values[i]) < 1e-6


def plain_equations(trajectories, target, grid):
    """``equations`` by its definition: every trajectory replayed from every state."""
    size = grid.size
    by_starter = [[], []]
    for t in trajectories:
        by_starter[t.starter].append(t)
        by_starter[1 - t.starter].append(mirrored(t))
    out = []
    for sample in by_starter:
        for xi in range(size):
            for yi in range(size):
                won, goes_on = 0.0, {}
                for t in sample:
                    winner, (x, y) = replay(t, (grid.score(xi), grid.score(yi)), target)
                    if winner is not None:
                        won += (winner == 0) / len(sample)
                        continue
                    cell = grid.index(grid.nearest(x)) * size + grid.index(grid.nearest(y))
                    starters = (0, 1) if t.next_starter is None else (t.next_starter,)
                    for s in starters:
                        state = s * size * size + cell
                        goes_on[state] = goes_on.get(state, 0.0) + 1 / len(sample) / len(starters)
                out.append((won, goes_on))
    return out


def test_far_from_the_target_a_state_takes_alike_rounds_at_once_and_the_equations_hold():
    """Rounds that cannot lift a side to the target from a state are taken
    together by their net points: the equations are the plain ones (every
    round replayed from every state), subtracted hands and blocks included."""
    rng = random.Random(29)
    sample = []
    for _ in range(60):
        events = tuple((rng.randrange(2), rng.choice((5, 10, 15, 20)))
                       for _ in range(rng.randrange(4)))
        end = (rng.choice((0, 5, 10, -5, -10)), rng.choice((0, 5, -15)))
        sample.append(Trajectory(rng.randrange(2), events, end, rng.choice((0, 1, None))))
    grid = grid_for(sample, 50)
    fast = equations(sample, 50, grid)
    plain = plain_equations(sample, 50, grid)
    assert len(fast) == len(plain)
    for (won, states, weights), (p_won, p_goes) in zip(fast, plain, strict=True):
        assert won == pytest.approx(p_won, abs=1e-12)
        assert dict(zip(states, weights, strict=True)) == pytest.approx(p_goes, abs=1e-12)
