"""The decisions of a game to review, in play order: a ``Moment`` each, seen
from its mover's view."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from ...game import Game, Round
from ...observed import ObservedGame
from ...view import PlayerView
from .decisions import Moment


def moments(game: Game, seats: Collection[int] | None = None) -> Iterator[Moment]:
    """Every move of ``seats`` (all seats if None) that had a choice, in play order."""
    scores = [0] * game.rules.sides
    for r, played_round in enumerate(game.rounds, 1):
        rnd = Round(game.rules, list(played_round.dealt), played_round.boneyard,
                    played_round.starter, scores)
        for i, (seat, move, _) in enumerate(played_round.history, 1):
            if (seats is None or seat in seats) and len(rnd.legal_moves()) > 1:
                yield Moment(r, i, PlayerView.of(rnd, seat), move)
            rnd.play(move)
        scores = list(played_round.scores)


def observed_moments(game: ObservedGame) -> Iterator[Moment]:
    """Every move of a table game's known seat that had a choice, in play
    order, from that seat's view (``ObservedGame.decisions``): the others'
    hands stay unknown, as they were to it (docs/RULES.md section 10)."""
    for r, i, view, move in game.decisions():
        if len(view.legal_moves()) > 1:
            yield Moment(r, i, view, move)
