"""All Fives dominoes: a pure-Python engine (standard library only).

Start a game with ``Game(Rules.make("standard", players=2), seed=1)``; ask
``game.legal_moves()`` (``Move`` values; ``move_text`` writes one, as
``"0-5>5-5"``); make one with ``game.apply(move)`` or ``game.apply("0-5>5-5")``;
``result.outcome`` says how a round ended. Unreadable
text, unplayable rules, illegal moves and bad records raise subclasses of
``AllFivesError`` (a ``ValueError``) with a message for people.
"""

from .errors import AllFivesError, IllegalMoveError, NotationError, RecordError, RulesError
from .game import DRAW, PASS, Game, MoveResult, Outcome, Round
from .moves import Move, move_text, parse_move
from .rules import PRESETS, Rules
from .view import PlayerView

__version__ = "0.1.0"

__all__ = ["DRAW", "PASS", "PRESETS", "AllFivesError", "Game", "IllegalMoveError", "Move",
           "MoveResult", "NotationError", "Outcome", "PlayerView", "RecordError", "Round", "Rules",
           "RulesError", "__version__", "move_text", "parse_move"]
