"""Any game, dealt here or kept at a real table (``played.PlayedGame``), as a
``TableView`` through one seat's eyes, so the board, the scores, the seats
and the log are drawn alike: a seat whose hand is not known (every seat of
a game kept at a table but the one whose hand was entered) sees through
nobody's eyes (no hand, no drawn tile). A round's hands are shown once they
are known: at its end, or for a game kept at a table once its round-end
entry named their tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...observed import ObservedGame
from ...played import PlayedGame
from .seats import HUMAN, YOU, people, shown_name
from .table_view import NOBODY, RoundView, TableView


def played_view(game: PlayedGame, names: Sequence[str], levels: Sequence[str | None],
                seat: int) -> TableView:
    """The game as it stands through ``seat``'s eyes (as ``TableView.of``
    shows a table from a seat): every round so far, the current one last
    (before the first round, an empty one)."""
    eyes = seat if game.sees(seat) else NOBODY
    rounds = tuple(RoundView.of(r, eyes) for r in game.rounds)
    if not rounds:
        rounds = (RoundView(seat=eyes, starter=0, history=(), dealt=(), drawn=(), end=None,
                            went_out=None, score=None, revealed=()),)
    shared = len(people(levels)) > 1
    return TableView(names=tuple(shown_name(n, shared) if s == HUMAN else n
                                 for s, n in enumerate(names)),
                     levels=tuple(levels), player=game.seen_by(seat), rounds=rounds,
                     winner=game.winner, you=names[HUMAN] == YOU and not shared,
                     screened=eyes == NOBODY)


def observed_view(game: ObservedGame) -> TableView:
    """A game kept at a real table as it stands, through the eyes of the
    seat whose hand is entered (nobody's without one)."""
    seat = 0 if game.known_seat is None else game.known_seat
    return played_view(game, game.names, (None,) * game.rules.players, seat)
