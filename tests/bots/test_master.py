"""The master: exact end-of-round search and how it spends its budget."""

from __future__ import annotations

import math
import random

import pytest

from allfives.bots import make_bot, master
from allfives.bots.expert import EXPERT_POLICY, Policy, outcome, playout, policy_move
from allfives.bots.game_stake import presets_tables_only, table_for
from allfives.bots.master import MASTER_POLICY, MasterBot, solve
from allfives.game import Round
from allfives.moves import LEAD, MOVE_ON, MOVE_TILE, PLAY_MOVE, Move, move_text
from allfives.rules import PRESETS, Rules
from allfives.scoring import POINTS
from allfives.tiles import HIGH, LOW, PIPS, PLAYABLE, mask_of, parse_tile, tiles_of
from allfives.view import PlayerView

from .test_bots import positions


def minimax(rnd: Round, start: list[int], side: int) -> float:
    """``solve`` without pruning or move ordering: the plain definition."""
    if rnd.end is not None:
        return outcome(rnd, start, side)
    values = []
    for move in rnd.legal_moves():
        nxt = rnd.copy()
        nxt.play(move)
        values.append(minimax(nxt, start, side))
    return max(values) if rnd.side_of[rnd.turn] == side else min(values)


def endgames(players: int, most: int) -> list[Round]:
    """Rounds of random play run on until nothing is left to draw and at most
    ``most`` tiles are in the hands."""
    rng = random.Random(players)
    out = []
    for rnd in positions(Rules.make("standard", players=players), 30, 40 + players):
        while rnd.end is None and (rnd.boneyard_left or sum(map(int.bit_count, rnd.hands)) > most):
            moves = rnd.legal_moves()
            rnd.play(moves[rng.randrange(len(moves))])
        if rnd.end is None:
            out.append(rnd)
    return out


def test_alpha_beta_finds_the_minimax_value():
    tried = 0
    for players in (2, 4):
        for rnd in endgames(players, 6):
            for side in (0, 1):
                start = rnd.scores[:]
                assert solve(rnd.copy(), start, side, -math.inf, math.inf) == \
                    minimax(rnd.copy(), start, side)
                tried += 1
    assert tried >= 20


def test_halving_spends_the_budget_on_the_moves_still_in_the_running(monkeypatch):
    """Every candidate is played out on the first worlds; the ones cut then
    get no more; the budget is kept within a world per candidate."""
    counts: dict[int, int] = {}
    real = master.playout

    def counting(rnd: Round, policy: Policy) -> None:
        key = rnd.history[-1][1]
        counts[key] = counts.get(key, 0) + 1
        real(rnd, policy)

    monkeypatch.setattr(master, "playout", counting)
    rules = Rules.make("standard", players=2)
    for rnd in positions(rules, 6, 3):
        view = PlayerView.of(rnd, rnd.turn)
        if rnd.boneyard_left == 0 or len(set(view.legal_moves())) < 4:
            continue
        counts.clear()
        MasterBot(1, simulations=240, extra=0).choose(view)
        spent = sorted(counts.values())
        assert len(spent) >= 4
        assert sum(spent) <= 240 + len(spent)
        assert spent[0] < spent[-1]  # some were cut, the best went on
        return
    raise AssertionError("no position with four candidates")


def playouts_per_move(monkeypatch, view: PlayerView, judge, **options) -> dict[int, int]:
    """How many playouts each candidate got, with ``judge`` valuing them."""
    counts: dict[int, int] = {}

    def counting(rnd: Round, policy: Policy) -> None:
        counts[rnd.history[-1][1]] = counts.get(rnd.history[-1][1], 0) + 1
        playout(rnd, policy)

    monkeypatch.setattr(master, "playout", counting)
    monkeypatch.setattr(master, "outcome", judge)
    MasterBot(1, simulations=240, **options).choose(view)
    return counts


def test_a_close_decision_gets_more_worlds_and_a_clear_one_none(monkeypatch):
    rules = Rules.make("standard", players=2)
    view = next(PlayerView.of(rnd, rnd.turn) for rnd in positions(rules, 6, 3)
                if rnd.boneyard_left and len(set(rnd.legal_moves())) >= 4)
    noise = random.Random(5)

    def coin(rnd: Round, start: list[int], side: int) -> float:
        return noise.choice((-10.0, 10.0))  # every move alike: never decided

    def clear(rnd: Round, start: list[int], side: int) -> float:
        return float(rnd.history[len(view.history)][1])  # the same order in every world

    plain = playouts_per_move(monkeypatch, view, coin, extra=0)
    noise.seed(5)
    more = playouts_per_move(monkeypatch, view, coin, extra=100)
    grown = {m: more[m] - plain[m] for m in plain}
    # the last two got 25 more worlds each, twice (100 playouts), no other more
    assert sorted(grown.values()) == [0] * (len(plain) - 2) + [50, 50]
    assert playouts_per_move(monkeypatch, view, clear, extra=100) == \
        playouts_per_move(monkeypatch, view, clear, extra=0)


def open_round(table: list[str], hands: list[list[str]]) -> Round:
    """A two-player round where seat 0 has led ``table[0]`` (if given), seat
    1's turn then; the unlisted tiles are the boneyard."""
    masks = [mask_of(map(parse_tile, hand)) for hand in hands]
    masks[0] |= mask_of(map(parse_tile, table))
    boneyard = [t for t in range(28) if not (masks[0] | masks[1]) >> t & 1]
    rnd = Round(Rules.make("standard"), masks, boneyard, 0)
    for tile in table:
        rnd.play(PLAY_MOVE[parse_tile(tile)][LEAD])
    return rnd


def plain_policy_move(rnd: Round, moves: list[Move], policy: Policy) -> Move:
    """``policy_move`` as its docstring says it, by the layout's own
    ``count_after`` and ``joint`` (the fast one writes them out)."""
    layout = rnd.layout
    mine = rnd.hands[rnd.turn]
    nxt = rnd.hands[(rnd.turn + 1) % rnd.players]
    best, best_key = moves[0], -1e9
    for move in moves:
        tile, on = MOVE_TILE[move], MOVE_ON[move]
        a, b = LOW[tile], HIGH[tile]
        count = layout.count_after(tile, on)
        if on == LEAD:
            opened = 1 << a | 1 << b
        else:
            opened = layout.open_values | 1 << (b if layout.joint(tile, on) == a else a)
        replies = nxt & PLAYABLE[opened]
        estimates = [count + x if x == y else count - x + y
                     for r in tiles_of(replies) for x, y in ((LOW[r], HIGH[r]), (HIGH[r], LOW[r]))
                     if opened >> x & 1]
        threat = max([c for c in estimates if c > 0 and POINTS[c]], default=0)
        key = POINTS[count] - policy.deny * threat + policy.shed * PIPS[tile]
        extra = policy.double if a == b else 0.0
        if not replies:
            extra += policy.block
        left = mine & ~(1 << tile)
        if left and not left & PLAYABLE[opened]:
            extra -= policy.stranded
        key += extra
        if key > best_key:
            best, best_key = move, key
    return best


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_playout_policy_chooses_as_its_plain_statement_does(preset):
    """The fast ``policy_move`` (the count written out) against the plain
    one, at every decision of random rounds of each preset's table (its
    spinners and how they count), for both policies."""
    compared = 0
    for players in (2, 3, 4):
        for rnd in positions(Rules.make(preset, players=players), 20, players):
            moves = rnd.legal_moves()
            for policy in (EXPERT_POLICY, MASTER_POLICY):
                assert policy_move(rnd, moves, policy) == plain_policy_move(rnd, moves, policy)
                compared += 1
    assert compared > 100


def test_each_term_of_the_master_playout_policy_turns_a_choice_of_the_experts():
    def chosen(rnd: Round, policy: Policy) -> str:
        return move_text(policy_move(rnd, rnd.legal_moves(), policy))

    # 1-5 led (6 on the table); 1-4, 1-1 and 2-5 all score nothing and leave
    # the next hand (2-4 1-3 0-1) nothing; the expert sheds the 1-4's pips,
    # the double bonus sheds the double instead
    shed = open_round(["1-5"], [["2-4", "1-3", "0-1"], ["2-5", "1-4", "1-1"]])
    assert chosen(shed, EXPERT_POLICY) == "1-4>1-5"
    assert chosen(shed, Policy(double=4.0)) == "1-1>1-5"
    # 1-2 led: 1-6 leaves a 6, which the next hand (4-6 0-5 5-5) can join;
    # 1-1 leaves it no tile to play at all
    block = open_round(["1-2"], [["4-6", "0-5", "5-5"], ["1-6", "1-1", "0-6"]])
    assert chosen(block, EXPERT_POLICY) == "1-6>1-2"
    assert chosen(block, Policy(block=2.0)) == "1-1>1-2"
    # the lead: 5-5 scores 10 but leaves 0-5 a 5 in reply (key 10 - 0.8 x 5
    # + 1.0 = 7.0) and none of the leader's other tiles shows a 5 (-2: 5.0);
    # 1-4 scores 5 and leaves no reply (5.5)
    lead = Round(Rules.make("standard"), [
        mask_of(map(parse_tile, "1-4 1-6 2-2 2-4 2-6 3-6 4-4 5-5 6-6".split())),
        mask_of(map(parse_tile, "0-0 0-1 0-2 0-5 1-2 3-3 4-5 4-6 5-6".split()))],
        [parse_tile(t) for t in "0-3 0-4 0-6 1-1 1-3 1-5 2-3 2-5 3-4 3-5".split()], 0)
    assert chosen(lead, EXPERT_POLICY) == "5-5"
    assert chosen(lead, Policy(stranded=2.0)) == "1-4"
    assert MASTER_POLICY == Policy(double=4.0, block=2.0, stranded=2.0)


def test_master_28_is_the_search_alone_with_points_and_the_bonus(monkeypatch):
    """The yardstick plays the master's search where nothing is hidden (no
    solve, no judge) and values rounds by points and the fixed bonus; the
    master itself sees the game's table (standard's is shipped)."""
    rnd = next(r for r in endgames(2, 10) if len(r.legal_moves()) >= 2)
    view = PlayerView.of(rnd, rnd.turn)
    seen = []

    def search(bot, view, moves):
        seen.append(table_for(view.rules))
        return moves[0]

    monkeypatch.setattr(MasterBot, "search", search)
    monkeypatch.setattr(master, "solved", lambda view: None)  # the master's own: past budget
    monkeypatch.setattr(master, "judge", lambda view: None)
    MasterBot(1).choose(view)
    assert seen.pop() is not None
    monkeypatch.setattr(master, "solved", lambda view: pytest.fail("the yardstick solved"))
    monkeypatch.setattr(master, "judge", lambda view: pytest.fail("the yardstick judged"))
    assert make_bot("master-28", 1).choose(view) == rnd.legal_moves()[0]
    assert seen == [None]


def test_master_40_reads_only_the_2_player_tables_of_a_presets_own_rules(monkeypatch):
    """The yardstick of issue 41: with 3 or 4 players the game's stake is
    points and the fixed bonus again; with 2 players of a preset's own rules
    it reads the same table as the master."""
    seen = []

    def search(bot, view, moves):
        seen.append(table_for(view.rules))
        return moves[0]

    monkeypatch.setattr(MasterBot, "search", search)
    monkeypatch.setattr(master, "solved", lambda view: None)
    monkeypatch.setattr(master, "judge", lambda view: None)
    for players in (2, 3):
        rnd = next(r for r in endgames(players, 10) if len(r.legal_moves()) >= 2)
        view = PlayerView.of(rnd, rnd.turn)
        MasterBot(1).choose(view)
        make_bot("master-40", 1).choose(view)
    two, two_then, three, three_then = seen
    assert two is not None and two_then is two
    assert three is not None and three.sides == 3 and three_then is None
    partners = Rules.make("standard", players=4)
    to_150 = Rules.make("standard", target=150)  # 2 players, a target no preset has
    with presets_tables_only():
        assert table_for(partners) is None and table_for(Rules.make("standard")) is two
        assert table_for(to_150) is None  # before issue 41: points and the bonus
    assert table_for(partners) is not None and table_for(to_150) is not None
