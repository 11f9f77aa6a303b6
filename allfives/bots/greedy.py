"""A bot that makes the play scoring most now; ties shed the heaviest tile."""

from __future__ import annotations

from ..layout import Layout
from ..moves import MOVE_ON, MOVE_TILE, Move
from ..scoring import play_points
from ..tiles import PIPS
from ..view import PlayerView


def score_now(layout: Layout, move: Move, divisor: int) -> int:
    """Points the play ``move`` would score on ``layout``."""
    return play_points(layout.count_after(MOVE_TILE[move], MOVE_ON[move]), divisor)


class GreedyBot:
    def __init__(self, seed: int | str = 0) -> None:
        """Greedy needs no randomness; the seed keeps the bots' signature uniform."""

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1 or moves[0] < 0:
            return moves[0]
        layout = view.layout()
        div = view.rules.divisor
        return max(moves, key=lambda m: (score_now(layout, m, div), PIPS[MOVE_TILE[m]]))
