"""The engine's errors: one base, ``AllFivesError``, so a caller can catch
everything the engine refuses with one clause. Every message is one line
written for people (the replay tool and the page show it as it is).

They are ``ValueError``s, as the engine's errors were before the base existed.
"""

from __future__ import annotations


class AllFivesError(ValueError):
    """Something the engine refuses: bad text, rules, moves or records."""


class NotationError(AllFivesError):
    """Tile or move text that cannot be read (``"7-1"``, ``"0-5>"``, ``"fold"``)."""


class RulesError(AllFivesError):
    """A rule set that cannot be played."""


class IllegalMoveError(AllFivesError):
    """A move (or a new round) the rules do not allow now; the message says why."""


class RecordError(AllFivesError):
    """A record that cannot be read or breaks a rule."""


__all__ = ["AllFivesError", "IllegalMoveError", "NotationError", "RecordError", "RulesError"]
