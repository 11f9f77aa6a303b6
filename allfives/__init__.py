"""All Fives dominoes: a pure-Python engine (standard library only).

Start a game with ``Game(Rules.make("standard", players=2), seed=1)``; ask
``game.legal_moves()``; make one with ``game.apply("0-5>5-5")``.
"""

from .game import DRAW, PASS, Game, IllegalMoveError, MoveResult, Round
from .record import RecordError
from .rules import PRESETS, Rules, RulesError
from .view import PlayerView

__version__ = "0.1.0"

__all__ = ["DRAW", "PASS", "Game", "IllegalMoveError", "MoveResult", "PRESETS", "PlayerView",
           "RecordError", "Round", "Rules", "RulesError", "__version__"]
