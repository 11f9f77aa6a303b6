"""The master: exact end-of-round search and how it spends its budget."""

from __future__ import annotations

import math
import random

from test_bots import positions

from allfives.bots import master
from allfives.bots.expert import outcome
from allfives.bots.master import MasterBot, solve
from allfives.game import Round
from allfives.rules import Rules
from allfives.view import PlayerView


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

    def counting(rnd: Round) -> None:
        key = rnd.history[-1][1]
        counts[key] = counts.get(key, 0) + 1
        real(rnd)

    monkeypatch.setattr(master, "playout", counting)
    rules = Rules.make("standard", players=2)
    for rnd in positions(rules, 6, 3):
        view = PlayerView.of(rnd, rnd.turn)
        if rnd.boneyard_left == 0 or len(set(view.legal_moves())) < 4:
            continue
        counts.clear()
        MasterBot(1, simulations=240).choose(view)
        spent = sorted(counts.values())
        assert len(spent) >= 4
        assert sum(spent) <= 240 + len(spent)
        assert spent[0] < spent[-1]  # some were cut, the best went on
        return
    raise AssertionError("no position with four candidates")
