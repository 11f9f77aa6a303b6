"""A game kept at a real table (``observed.ObservedGame``) as a ``TableView``,
so the board, the scores, the seats and the log are drawn as in a game:
through the known seat's eyes when one hand is entered, else through
nobody's (no hand, no drawn tile). A round's hands are shown once its
round-end entry named their tiles; where only pips were entered, none is.
"""

from __future__ import annotations

from ...observed import ObservedGame, ObservedRound, Start, Turn
from ...rules import Rules
from ...tiles import tiles_of
from ...view import PlayerView
from .table_view import NOBODY, RoundView, TableView


def round_view(rnd: ObservedRound, eyes: int) -> RoundView:
    """One observed round as ``eyes`` saw it (``NOBODY``: no seat's tiles)."""
    revealed: tuple[tuple[int, ...], ...] = ()
    if rnd.left is not None and all(not isinstance(v, int) for v in rnd.left):
        revealed = tuple(tuple(v) for v in rnd.left if not isinstance(v, int))
    known = eyes != NOBODY and rnd.dealt is not None
    return RoundView(seat=eyes, starter=rnd.starter, history=rnd.history,
                     dealt=tuple(tiles_of(rnd.dealt or 0)) if known else (),
                     drawn=tuple(rnd.drawn) if known else (), end=rnd.end,
                     went_out=rnd.went_out, score=rnd.result, revealed=revealed)


def _player(rules: Rules, rnd: ObservedRound | None, eyes: int, scores: list[int]) -> PlayerView:
    seat = max(eyes, 0)
    if rnd is None:  # no round yet: an empty table, everyone's deal still to come
        return PlayerView(rules=rules, seat=seat, hand=(), history=(),
                          hand_counts=(rules.hand_size,) * rules.players,
                          boneyard_left=28 - rules.players * rules.hand_size, turn=0, starter=0,
                          scores=tuple(scores))
    hand = tuple(tiles_of(rnd.known)) if eyes != NOBODY else ()
    return PlayerView(rules=rules, seat=seat, hand=hand, history=rnd.history,
                      hand_counts=tuple(rnd.counts), boneyard_left=rnd.boneyard_left,
                      turn=rnd.turn, starter=rnd.starter, scores=tuple(rnd.scores))


def observed_view(game: ObservedGame, names: tuple[str, ...] | None = None) -> TableView:
    """The table as it stands: every round so far, the current one last
    (before the first round, an empty one). ``names``: as shown (the game's own)."""
    eyes = NOBODY if game.known_seat is None else game.known_seat
    rounds = tuple(round_view(r, eyes) for r in game.rounds)
    if not rounds:
        rounds = (RoundView(seat=eyes, starter=0, history=(), dealt=(), drawn=(), end=None,
                            went_out=None, score=None, revealed=()),)
    rules = game.rules
    return TableView(names=names or game.names, levels=(None,) * rules.players,
                     player=_player(rules, game.round if game.rounds else None, eyes, game.scores),
                     rounds=rounds, winner=game.winner, screened=eyes == NOBODY)


def rewound(game: ObservedGame, round_no: int, moves: int) -> ObservedGame:
    """The game as it stood in round ``round_no`` (1-based) after its first
    ``moves`` moves: its entries replayed up to there (after a round's
    last move, with its round end)."""
    again = ObservedGame(game.rules, game.names, known_seat=game.known_seat, calls=game.calls)
    for entry in game.entries:
        if isinstance(entry, Start) and len(again.rounds) == round_no:
            break
        if isinstance(entry, Turn) and len(again.rounds) == round_no \
                and len(again.round.played) == moves:
            break
        again.enter(entry)
    return again
