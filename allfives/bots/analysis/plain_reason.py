"""The plain reason a puzzle file gives (``why``): fewer points now, a big
reply left to the next player, or a heavy tile kept."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ...moves import Move, move_on, move_tile
from ...scoring import play_points
from ...tiles import PIPS
from ...view import PlayerView
from ..hard import reply_points
from ..knowledge import infer

THREAT = 10  # a reply this big left to the next player is worth naming
Why = Literal["scored", "left", "kept"]  # the kinds of plain reason (``why``)
SCORED: Final = "scored"
LEFT: Final = "left"
KEPT: Final = "kept"


@dataclass(frozen=True)
class PlainWhy:
    """The plain kind of reason why ``best`` beats the move made, as puzzle
    files name it (``why``):

    - SCORED: the move made scored ``made`` where ``best`` scored ``other``;
    - LEFT: it left the next player a chance of ``made`` where ``best`` left ``other``;
    - KEPT: it kept the tile of ``best`` (``made`` pips) with the boneyard empty.

    Points are the game's own (divided by the divisor).
    """

    kind: Why
    best: Move
    made: int
    other: int = 0


def why(view: PlayerView, played: Move, best: Move) -> PlainWhy | None:
    """A short reason when one is plain, its kind named in puzzle files:
    fewer points now, a big reply left to the next player, or a heavy tile
    kept with the boneyard empty."""
    layout = view.layout()
    divisor = view.rules.divisor
    scored = {m: play_points(layout.count_after(move_tile(m), move_on(m)), divisor)
              for m in (played, best)}
    if scored[best] > scored[played]:
        return PlainWhy(SCORED, best, scored[played], scored[best])
    left = {m: threat_after(view, m) for m in (played, best)}
    if left[played] >= THREAT and left[played] > left[best]:
        return PlainWhy(LEFT, best, left[played] // divisor, left[best] // divisor)
    heavier = PIPS[move_tile(best)] - PIPS[move_tile(played)]
    if view.boneyard_left == 0 and heavier >= 4:
        return PlainWhy(KEPT, best, PIPS[move_tile(best)])
    return None


def threat_after(view: PlayerView, move: Move) -> int:
    """The most (undivided) the next player could score in reply to ``move``
    with any tile they might hold, as far as this seat knows."""
    odds = infer(view).tile_odds((view.seat + 1) % view.rules.players)
    after = view.layout()
    after.place(move_tile(move), move_on(move))
    return max((reply_points(after, t) for t in range(28) if odds[t] > 0.0), default=0)
