"""A bot that plays any legal move, uniformly at random."""

from __future__ import annotations

import random

from ..moves import Move
from ..view import PlayerView


class RandomBot:
    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        return self.rng.choice(view.legal_moves())
