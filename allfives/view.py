"""What one seat may know: the ``PlayerView`` bots and the UI decide from.

It holds the seat's own hand and everything public (the table, every move
made this round with draws shown as ``draw`` only, tile counts, boneyard
size, scores), never another hand or the boneyard order. It turns into
JSON-like data and back, because it crosses into a Web Worker.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from .game import Round
from .layout import Layout
from .moves import MOVE_ON, MOVE_TILE, Move, move_text, parse_move
from .rules import Rules, Seat
from .tiles import ALL_TILES, Mask, Tile, mask_of, parse_tile, tile_name, tiles_of


class PlayerViewJSON(TypedDict):
    """``PlayerView.to_json``: tiles and moves as text, ``history`` as
    ``[seat, move, points]`` entries."""

    rules: dict[str, Any]
    seat: int
    hand: list[str]
    history: list[list[int | str]]
    hand_counts: list[int]
    boneyard_left: int
    turn: int
    starter: int
    scores: list[int]


@dataclass(frozen=True)
class PlayerView:
    """One seat's view of a round.

    >>> from allfives import Game, Rules
    >>> game = Game(Rules.make("standard"), seed=7)  # seat 1 leads
    >>> view = PlayerView.of(game.round, seat=1)
    >>> len(view.hand), view.hand_counts, view.boneyard_left
    (9, (9, 9), 10)
    >>> view.legal_moves() == game.legal_moves()  # its turn: the same moves
    True
    >>> PlayerView.of(game.round, seat=0).legal_moves()  # not seat 0's turn
    []
    >>> PlayerView.from_json(view.to_json()) == view  # across to the worker and back
    True
    """

    rules: Rules
    seat: Seat
    hand: tuple[Tile, ...]  # lowest first
    history: tuple[tuple[Seat, Move, int], ...]  # (seat, move, points) this round
    hand_counts: tuple[int, ...]
    boneyard_left: int
    turn: Seat
    starter: Seat
    scores: tuple[int, ...]

    @classmethod
    def of(cls, rnd: Round, seat: Seat) -> PlayerView:
        return cls(
            rules=rnd.rules,
            seat=seat,
            hand=tuple(tiles_of(rnd.hands[seat])),
            history=tuple(rnd.history),
            hand_counts=tuple(h.bit_count() for h in rnd.hands),
            boneyard_left=rnd.boneyard_left,
            turn=rnd.turn,
            starter=rnd.starter,
            scores=tuple(rnd.scores),
        )

    # -- derived knowledge -------------------------------------------------

    @property
    def hand_mask(self) -> Mask:
        return mask_of(self.hand)

    @property
    def placements(self) -> list[tuple[Tile, Tile]]:
        return [(MOVE_TILE[m], MOVE_ON[m]) for _, m, _ in self.history if m >= 0]

    def layout(self) -> Layout:
        layout = Layout(self.rules.spinners, self.rules.live_joins)
        for tile, on in self.placements:
            layout.place(tile, on)
        return layout

    def unseen(self) -> Mask:
        """Mask of the tiles this seat has not seen: other hands and the boneyard."""
        return ALL_TILES & ~self.hand_mask & ~mask_of(t for t, _ in self.placements)

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves if it is to move, else [] (``Round.legal_moves``'s rule)."""
        if self.turn != self.seat:
            return []
        return self.round_seen().legal_moves()

    def round_seen(self) -> Round:
        """The round as far as this seat sees it: the table, its own hand, the
        scores and turn; the other hands and the face-down tiles, which it
        cannot see, are left out (the hands empty, the boneyard as many
        unknown tiles, -1). For asking the rules about the seat's own move;
        never to be played on."""
        hands = [self.hand_mask if s == self.seat else 0 for s in range(self.rules.players)]
        return Round.from_position(self.rules, hands, [-1] * self.boneyard_left,
                                   starter=self.starter, scores=list(self.scores),
                                   history=list(self.history), turn=self.turn)

    # -- JSON --------------------------------------------------------------

    def to_json(self) -> PlayerViewJSON:
        return {
            "rules": self.rules.to_dict(),
            "seat": self.seat,
            "hand": [tile_name(t) for t in self.hand],
            "history": [[s, move_text(m), p] for s, m, p in self.history],
            "hand_counts": list(self.hand_counts),
            "boneyard_left": self.boneyard_left,
            "turn": self.turn,
            "starter": self.starter,
            "scores": list(self.scores),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlayerView:
        return cls(
            rules=Rules.from_dict(data["rules"]),
            seat=int(data["seat"]),
            hand=tuple(sorted(parse_tile(t) for t in data["hand"])),
            history=tuple((int(s), parse_move(m), int(p)) for s, m, p in data["history"]),
            hand_counts=tuple(int(c) for c in data["hand_counts"]),
            boneyard_left=int(data["boneyard_left"]),
            turn=int(data["turn"]),
            starter=int(data["starter"]),
            scores=tuple(int(s) for s in data["scores"]),
        )
