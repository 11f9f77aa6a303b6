"""All Fives dominoes: a pure-Python engine (standard library only).

Start a game with ``Game(Rules.make("standard", players=2), seed=1)``; ask
``game.legal_moves()``; make one with ``game.apply("0-5>5-5")``. Unreadable
text, unplayable rules, illegal moves and bad records raise subclasses of
``AllFivesError`` (a ``ValueError``) with a message for people.
"""

from .errors import AllFivesError, IllegalMoveError, NotationError, RecordError, RulesError
from .game import DRAW, PASS, Game, MoveResult, Round
from .rules import PRESETS, Rules
from .view import PlayerView

__version__ = "0.1.0"

__all__ = ["DRAW", "PASS", "PRESETS", "AllFivesError", "Game", "IllegalMoveError", "MoveResult",
           "NotationError", "PlayerView", "RecordError", "Round", "Rules", "RulesError",
           "__version__"]
