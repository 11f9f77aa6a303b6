"""The exact endgame solver (``bots.exact``): the same values as a plain
minimax over the engine's moves, the values worked out by hand from
docs/RULES.md, and its node budget."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from allfives.bots.exact import Margin, OutOfBudget, Stake, known_round, solve
from allfives.game import Game, Round
from allfives.moves import move_text
from allfives.rules import PRESETS, Rules
from allfives.tiles import parse_tile
from allfives.view import PlayerView

from ..helpers import make_round, play

DOUBLES = {parse_tile(f"{v}-{v}") for v in range(7)}
POSITIONS = 1000  # random small positions of each preset, spread over its player counts


def minimax(rnd: Round, stake: Stake, side: int) -> float:
    """The plain definition, written apart from the solver: no pruning, no
    table, a copy per move, ``side``'s seats maximise and the others minimise."""
    if rnd.end is not None:
        return stake(rnd.scores, rnd.winner, side)
    values = []
    for move in rnd.legal_moves():
        nxt = rnd.copy()
        nxt.apply(move)
        values.append(minimax(nxt, stake, side))
    return max(values) if rnd.rules.side_of(rnd.turn) == side else min(values)


def move_values(rnd: Round, stake: Stake) -> dict[str, float]:
    side = rnd.rules.side_of(rnd.turn)
    out = {}
    for move in rnd.legal_moves():
        nxt = rnd.copy()
        nxt.apply(move)
        out[move_text(move)] = minimax(nxt, stake, side)
    return out


class Decisive:
    """A stake unlike ``Margin``: points count up to 20 each way, a won game
    100, and a side 5 or fewer short of the target 10 more; so the scores
    and the game's end matter to it, not only the round's points."""

    def __init__(self, start: Sequence[int], target: int) -> None:
        self.start = tuple(start)
        self.target = target

    def __call__(self, scores: Sequence[int], winner: int | None, side: int) -> float:
        gains = [a - b for a, b in zip(scores, self.start, strict=True)]
        value = float(max(-20, min(20, 2 * gains[side] - sum(gains))))
        if winner is not None:
            value += 100 if winner == side else -100
        elif scores[side] >= self.target - 5:
            value += 10
        return value


def random_position(rng: random.Random, preset: str, players: int) -> Round:
    """A decision (two or more legal moves) with few tiles left in the hands,
    after some random plays: the boneyard empty, or a tile or two in a known
    order; scores sometimes near the target, so that a play or the round's
    end can reach it."""
    rules = Rules.make(preset, players=players)
    while True:
        size = rng.choice({2: (2, 3, 4, 5), 3: (2, 3), 4: (1, 2)}[players])
        before = rng.randrange(0, 6)
        bones = rng.choice((0, 0, 0, 1, 2))
        deck = rng.sample(range(28), players * size + before + bones)
        if rng.random() < 0.5:  # doubles first: the spinners' rules come into play
            deck.sort(key=lambda t: (t not in DOUBLES, rng.random()))
        hands = [0] * players
        for i, t in enumerate(deck[:players * size + before]):
            hands[i % players] |= 1 << t
        near = rng.random() < 0.5
        scores = [rules.target - rng.randrange(1, 30) if near else rng.randrange(0, 100)
                  for _ in range(rules.sides)]
        rnd = Round(rules, hands, deck[players * size + before:], rng.randrange(players), scores)
        for _ in range(before):
            if rnd.end is None:
                moves = rnd.legal_moves()
                rnd.play(moves[rng.randrange(len(moves))])
        if len(rnd.legal_moves()) > 1:
            return rnd


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_solver_agrees_with_plain_minimax_on_random_positions(preset: str) -> None:
    """Every move's value, exactly, on a thousand positions of the preset with
    2, 3 and 4 players (4 in partnerships and not), by ``Margin`` and by a
    stake that reads the scores and the game's end."""
    rng = random.Random(f"29 {preset}")
    kinds: set[str] = set()
    for i in range(POSITIONS):
        players = (2, 2, 3, 4)[i % 4]
        rnd = random_position(rng, preset, players)
        if players == 4 and i % 3 == 0:
            rnd = Round.from_position(Rules.make(preset, players=4, partnership=False),
                                      rnd.hands, rnd.boneyard[rnd.bone_pos:],
                                      starter=rnd.starter,
                                      scores=[*rnd.scores, *rnd.scores], history=rnd.history,
                                      turn=rnd.turn)
        stake: Stake = (Margin(tuple(rnd.scores)) if i // 4 % 2  # each player count both
                        else Decisive(rnd.scores, rnd.rules.target))
        solution = solve(rnd, stake, budget=None)
        expected = move_values(rnd, stake)
        assert {move_text(m): v for m, v in zip(solution.moves, solution.values,
                                                strict=True)} == expected, (i, preset, players)
        kinds.update(ending_kinds(rnd))
    assert kinds == {"domino", "blocked", "target", "draw", "pass"}


def ending_kinds(rnd: Round) -> set[str]:
    """How the rounds of random play on from ``rnd`` end, and whether they
    draw or pass on the way (that the random positions try them all)."""
    out: set[str] = set()
    rng = random.Random(0)
    for _ in range(4):
        nxt = rnd.copy()
        while nxt.end is None:
            moves = nxt.legal_moves()
            nxt.play(moves[rng.randrange(len(moves))])
        out.add(str(nxt.end))
        out.update(move_text(m) for _, m, _ in nxt.history[len(rnd.history):]
                   if m < 0)
    return out


def values(rnd: Round, stake: Stake | None = None) -> dict[str, float]:
    solution = solve(rnd, stake)
    return {move_text(m): v for m, v in zip(solution.moves, solution.values, strict=True)}


def led_3_4(preset: str = "standard", scores: tuple[int, int] = (0, 0)) -> Round:
    """Seat 1 has led 3-4 (count 7, no score); seat 0 holds 4-5 and 3-3,
    seat 1 5-6 and 1-1; nothing left to draw."""
    rnd = make_round(Rules.make(preset), [["4-5", "3-3"], ["3-4", "5-6", "1-1"]], starter=1,
                     scores=list(scores))
    play(rnd, "3-4")
    return rnd


def test_domino_endings_worked_out_by_hand() -> None:
    """docs/RULES.md sections 4-7, standard rules, from 0-0:

    - 4-5>3-4: 3 + 5 = 8, no score; seat 1 must play 5-6>4-5 (3 + 6 = 9);
      seat 0 plays 3-3>3-4, the first double, a spinner with one side taken
      (6 + 6 = 12) and goes out. Seat 1 keeps 1-1, 2 pips, rounded 0: 0.
    - 3-3>3-4: 4 + 6 = 10, seat 0 scores 10; seat 1 has no 3 or 4 and
      passes (the boneyard is empty); seat 0 plays 4-5>3-4 (6 + 5 = 11) and
      goes out. Seat 1 keeps 5-6 and 1-1, 13 pips, rounded 15: -15.
      10 - (-15) = 25.
    """
    assert values(led_3_4()) == {"3-3>3-4": 25.0, "4-5>3-4": 0.0}


def test_reaching_the_target_in_play_ends_the_game_unscored() -> None:
    """The same table from 245-0 with the target 250 (RULES.md section 8):
    3-3>3-4 scores 10 and wins on the spot, so the round is not scored and
    seat 1's 15 pips are never taken off: 10, not 25. A stake that values
    the won game sees who won it."""
    rnd = led_3_4(scores=(245, 0))
    assert values(rnd) == {"3-3>3-4": 10.0, "4-5>3-4": 0.0}

    def won(scores: Sequence[int], winner: int | None, side: int) -> float:
        return 1.0 if winner == side else 0.0

    assert values(rnd, won) == {"3-3>3-4": 1.0, "4-5>3-4": 0.0}


@pytest.mark.parametrize(("preset", "expected"), [
    ("standard", {"1-2>1-3": -5.0, "3-5>1-3": -10.0}),
    ("winner_takes", {"1-2>1-3": -5.0, "3-5>1-3": -10.0}),
    ("punt", {"1-2>1-3": 3.0, "3-5>1-3": -2.0}),
])
def test_blocked_endings_worked_out_by_hand(preset: str, expected: dict[str, float]) -> None:
    """Seat 1 has led 1-3 (count 4); seat 0 holds 1-2, 3-5 and 4-4, seat 1
    0-0, which never fits.

    - 1-2>1-3: 3 + 2 = 5, seat 0 scores 5; seat 1 passes; seat 0 must play
      3-5>1-3 (2 + 5 = 7): nobody can play, blocked, seat 0 holding 4-4
      (8 pips), seat 1 0-0 (0 pips).
    - 3-5>1-3: 1 + 5 = 6, no score; seat 1 passes; 1-2>1-3 (5 + 2 = 7):
      blocked the same way, with no points in play.

    Blocked, 8 pips against 0 (RULES.md section 7): ``subtract`` takes 10
    (8 rounded) off seat 0; ``winner_takes`` gives seat 1, the lightest,
    the 10; ``blocked_bonus`` gives seat 1 round(8 - 0) / 5 = 2.
    """
    rnd = make_round(Rules.make(preset), [["1-2", "3-5", "4-4"], ["1-3", "0-0"]], starter=1)
    play(rnd, "1-3")
    assert values(rnd) == expected


def test_past_its_budget_the_solver_gives_up() -> None:
    """A solve that needs N positions succeeds with a budget of N and raises
    ``OutOfBudget`` with one fewer; the round is left as it was."""
    rnd = make_round(Rules.make("standard"), [["0-0", "1-2", "2-5", "3-3", "4-6"],
                                              ["0-5", "1-1", "2-3", "3-6", "5-5"]])
    before = (rnd.hands[:], len(rnd.history), rnd.layout.count, rnd.turn)
    needed = solve(rnd, budget=None).nodes
    assert needed > 10
    assert solve(rnd, budget=needed).nodes == needed
    with pytest.raises(OutOfBudget):
        solve(rnd, budget=needed - 1)
    assert (rnd.hands, len(rnd.history), rnd.layout.count, rnd.turn) == before


def test_known_round_is_the_real_round_once_nothing_is_hidden() -> None:
    """With 2 players and the boneyard empty, the other hand is every tile a
    seat has not seen: the round a view knows is the real one, and its
    values are the real round's. Before that, or with 3 players, None."""
    game = Game(Rules.make("standard"), seed=6)
    rnd = game.round
    assert known_round(PlayerView.of(rnd, rnd.turn)) is None
    while rnd.boneyard_left or len(rnd.legal_moves()) < 2:
        game.apply(rnd.legal_moves()[-1])
    view = PlayerView.of(rnd, rnd.turn)
    known = known_round(view)
    assert known is not None and known.hands == rnd.hands
    assert values(known) == values(rnd)
    three = Game(Rules.make("standard", players=3), seed=11).round
    assert known_round(PlayerView.of(three, three.turn)) is None


def test_a_transposition_that_only_the_seat_to_move_tells_apart() -> None:
    """4 players in partnerships, near the target of 200, few of the tiles
    fitting: the search meets the same hands, table and scores with
    different seats to move (after passes), which must not share a value.
    Found by random positions beyond the ones above."""
    rnd = make_round(Rules.make("standard", players=4),
                     [["1-2", "2-4", "2-6", "5-5", "3-6"], ["1-3", "1-4", "2-2", "2-5"],
                      ["3-5", "4-5", "4-6", "1-5"], ["0-3", "0-4", "2-3", "0-5"]],
                     ["6-6"], starter=1, scores=[195, 188])
    play(rnd, "1-3", "1-5>1-3", "0-5>1-5", "3-6>1-3", "draw")
    assert values(rnd) == move_values(rnd, Margin(tuple(rnd.scores))) == {"6-6>3-6": 10.0}


def test_a_transposition_that_only_the_spinner_tells_apart() -> None:
    """Cribbage near 61, seat 0 to lead, two doubles in each hand: the search
    meets one table reached with a different first double, so a different
    spinner (RULES.md section 5), which must not share a value. Found by
    random positions beyond the ones above."""
    rnd = make_round(Rules.make("cribbage"), [["1-6", "2-4", "3-3", "5-5", "5-6"],
                                              ["0-2", "2-2", "2-3", "2-6", "4-6"]],
                     scores=[54, 45])
    expected = {"1-6": -6.0, "2-4": -5.0, "3-3": 4.0, "5-5": 0.0, "5-6": -2.0}
    assert values(rnd) == move_values(rnd, Margin(tuple(rnd.scores))) == expected


def test_a_cutoff_on_the_window_edge_is_kept_as_a_bound() -> None:
    """Cribbage, a stake with many equal values (``Decisive``): the search
    cuts off at a value equal to its window's edge, which says only that the
    true value is at least that much; kept as exact, it would change a
    move's value. Found by random positions beyond the ones above."""
    rnd = make_round(Rules.make("cribbage"), [["0-2", "0-4", "1-3", "1-5", "2-5", "5-5"],
                                              ["0-3", "0-5", "3-4", "4-5", "4-6", "5-6"]],
                     scores=[20, 15])
    play(rnd, "5-5", "0-5>5-5", "2-5>5-5", "0-3>0-5")
    stake = Decisive(rnd.scores, rnd.rules.target)
    expected = {"0-2>2-5": 1.0, "1-3>0-3": 2.0, "1-5>5-5": 1.0}
    assert values(rnd, stake) == move_values(rnd, stake) == expected
