"""A bot that makes the play scoring most now; ties shed the heaviest tile."""

from __future__ import annotations

from ..layout import Layout
from ..moves import Move
from ..tiles import PIPS
from ..view import PlayerView


def score_now(layout: Layout, move: Move, divisor: int) -> int:
    """Points ``move`` would score on ``layout``."""
    count = layout.count_after(move >> 5, (move & 31) - 1)
    return count // divisor if count and count % 5 == 0 else 0


class GreedyBot:
    def __init__(self, seed: int | str = 0) -> None:
        """Greedy needs no randomness; the seed keeps the bots' signature uniform."""

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1 or moves[0] < 0:
            return moves[0]
        layout = view.layout()
        div = view.rules.divisor
        return max(moves, key=lambda m: (score_now(layout, m, div), PIPS[m >> 5]))
