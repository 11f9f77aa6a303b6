"""Whether ending or replacing a game needs a question first, and its
words (``confirm_page`` asks it). A game with no move yet, or over, has
nothing to lose; one in progress is asked about (issue 38)."""

from __future__ import annotations

from ..i18n.catalogs import _
from .table import Table

Question = tuple[str, str, str]  # title, text, the go-ahead's label


def in_progress(table: Table) -> bool:
    """A move made and the game not over."""
    game = table.game
    return not game.over and (len(game.rounds) > 1 or bool(game.round.history))


def end_game() -> Question:
    """Before a game on this device is ended by another one."""
    # Translators: the question's title before a game in progress is ended by a new game
    return (_("End the game in progress?"),
            # Translators: "Download record" is the name of a button on the page: use the same words
            _("Your game in progress will end, and its moves will be lost. "
              "Download record keeps a copy."),
            # Translators: the go-ahead button of "End the game in progress?"
            _("End it and play"))


def end_table_game() -> Question:
    """Before a game kept at a real table is replaced by a new one there."""
    # Translators: the question's title before a new game at a real table replaces the kept one
    return (_("Start a new game at the table?"),
            # Translators: "Download record" is the name of a button on the page: use the same words
            _("The score kept for the game at the real table will be lost. "
              "Download record keeps a copy."),
            # Translators: the go-ahead button before a kept real-table game is replaced
            _("Start a new one"))


def discard_aside() -> Question:
    """Before a game put aside by another window is thrown away."""
    # Translators: the question's title before a game put aside by another window is thrown away
    return (_("Discard this game?"),
            _("The game put aside will be gone for good."),
            # Translators: the go-ahead button that throws a game put aside away
            _("Discard it"))
