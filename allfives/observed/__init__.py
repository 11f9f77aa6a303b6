"""A game observed at a real table (docs/RULES.md section 10): the engine is
told what the table shows, move by move, and sees no hand until a round
ends. It says each play's points at once, refuses what cannot be, with the
reason, and scores each round end by the engine's own rules
(``game.settle_round``).

The state is a replay of the entries: ``ObservedGame.entries`` lists
everything entered (round starts, moves, round ends), and undo drops
entries and replays the rest, so undoing and entering again always gives
what entering once gave, and a record read back is the same game.

One seat's hand may be known (its tiles at the deal and its draws): then
``view`` and ``decisions`` give that seat's ``PlayerView`` at its moves,
built from the entries alone (no deal is made up for the unknown hands),
which is what Review needs (``bots.analysis.moments``).

Moves and tiles are values (``Move``, ``Tile``); text is read only at the
edges, by the ``*_text`` twins and the records:

>>> from allfives.rules import Rules
>>> from allfives.tiles import parse_tile
>>> game = ObservedGame(Rules.make("standard"), ["Anna", "Ben"])
>>> game.start_round(starter=0).turn, game.lay(parse_tile("5-5")).points
(0, 10)
>>> loads(dumps(game)).entries == game.entries
True
"""


from ..record import is_observed_record
from .entries import CALL_RULES, CallRule, Entry, Left, LeftEntry, Played, RoundEnd, Start, Turn
from .game import ObservedGame
from .record import dumps, loads, replay, to_record
from .refusals import REASONS, Refusal, RefusedError
from .round import ObservedRound

__all__ = ["CALL_RULES", "REASONS", "CallRule", "Entry", "Left", "LeftEntry", "ObservedGame",
           "ObservedRound", "Played", "RefusedError", "Refusal", "RoundEnd", "Start", "Turn",
           "dumps", "is_observed_record", "loads", "replay", "to_record"]
