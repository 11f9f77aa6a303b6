"""Bots by name. Every bot decides from a ``PlayerView`` alone and takes a
seed, so games between bots are reproducible."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..errors import AllFivesError
from ..moves import Move
from ..view import PlayerView
from .easy import EasyBot
from .expert import ExpertBot
from .greedy import GreedyBot
from .hard import HardBot
from .master import MasterBot, master_28, master_40
from .names import LEVELS as LEVELS
from .random_bot import RandomBot


class Bot(Protocol):
    def choose(self, view: PlayerView) -> Move:
        """The move to make; ``view.turn == view.seat``."""
        ...


BOTS: dict[str, Callable[[int | str], Bot]] = {
    "easy": EasyBot,
    "medium": GreedyBot,
    "hard": HardBot,
    "expert": ExpertBot,
    "master": MasterBot,
    "greedy": GreedyBot,  # medium's original name, kept for scripts and saved games
    "random": RandomBot,
    "master-28": master_28,  # a yardstick for bench/strength.py, not offered to players
    "master-40": master_40,  # another
}


# One sentence per bot, for set-up dialogs and help texts.
DESCRIPTIONS: dict[str, str] = {
    "easy": "A beginner: plays legal tiles and often misses the points on the table.",
    "medium": "Always takes the most points it can score right now, shedding heavy tiles on ties.",
    "greedy": "Always takes the most points it can score right now (the same player as medium).",
    "hard": "Scores, but also denies you points, sheds heavy tiles in time and remembers "
            "which numbers you lack.",
    "expert": "Searches: imagines the hidden hands many ways, consistent with everything "
              "it has seen, and plays each option out to the end of the round.",
    "master": "Searches like the expert, but reads the others' plays for what they hold, "
              "spends its time on the moves still in the running and solves the last "
              "tiles of a round exactly.",
    "random": "Plays any legal move at random.",
    "master-28": "The master as it played before exact endgames and the game's stake: "
                 "kept to measure the master against.",
    "master-40": "The master as it played before the game's stake with 3 or 4 players "
                 "or to a target not the preset's: "
                 "kept to measure the master against.",
}


def make_bot(name: str, seed: int | str = 0) -> Bot:
    if name not in BOTS:
        raise AllFivesError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})")
    return BOTS[name](seed)
