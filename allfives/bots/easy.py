"""The beginner level: legal moves, and it notices a scoring play only sometimes."""

from __future__ import annotations

import random

from ..moves import Move
from ..view import PlayerView
from .greedy import score_now

NOTICE = 0.35  # chance that easy sees its best scoring play on a turn


class EasyBot:
    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if self.rng.random() < NOTICE:
            layout = view.layout()
            div = view.rules.divisor
            best = max(score_now(layout, m, div) for m in moves)
            moves = [m for m in moves if score_now(layout, m, div) == best]
        return moves[self.rng.randrange(len(moves))]
