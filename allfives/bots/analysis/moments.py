"""The decisions of a game to review, in play order: a ``Moment`` each, seen
from its mover's view."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from ...played import PlayedGame
from .decisions import Moment


def moments(game: PlayedGame, seats: Collection[int] | None = None) -> Iterator[Moment]:
    """Every move of ``seats`` (all seats if None) that had a choice, in play
    order, from the seat's view (``PlayedGame.decisions``: of a game kept at
    a real table, only the known seat's, the others' hands unknown to it)."""
    for r, i, view, move in game.decisions(seats):
        if len(view.legal_moves()) > 1:
            yield Moment(r, i, view, move)
