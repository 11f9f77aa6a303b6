"""Bots by name. Every bot decides from a ``PlayerView`` alone and takes a
seed, so games between bots are reproducible."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..moves import Move
from ..view import PlayerView
from .greedy import GreedyBot
from .random_bot import RandomBot


class Bot(Protocol):
    def choose(self, view: PlayerView) -> Move:
        """The move to make; ``view.turn == view.seat``."""
        ...


BOTS: dict[str, Callable[[int | str], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}

# One sentence per bot, for set-up dialogs and help texts.
DESCRIPTIONS: dict[str, str] = {
    "random": "Plays any legal move at random.",
    "greedy": "Always takes the most points it can score right now.",
}


def make_bot(name: str, seed: int | str = 0) -> Bot:
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})")
    return BOTS[name](seed)
