"""The hard level: a one-ply heuristic that looks at the opponent's reply.

Each play is worth its points now, minus the points the next player is
expected to score in reply (from the tiles they may hold, given what they
are known to lack), plus terms for shedding pips when the round may end
soon, keeping playable tiles for the next turn and going out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..layout import Layout
from ..moves import MOVE_ON, MOVE_TILE, Move
from ..scoring import POINTS
from ..tiles import IS_DOUBLE, PIPS, PLAYABLE, tiles_of
from ..view import PlayerView
from .knowledge import Knowledge, infer

WIN = 1000.0  # reaching the target outweighs anything else


def reply_points(layout: Layout, tile: int) -> int:
    """The most ``tile`` could score on ``layout``, undivided (0 if it cannot
    be played)."""
    best = 0
    for move in layout.plays(1 << tile):
        points = POINTS[layout.count_after(MOVE_TILE[move], MOVE_ON[move])]
        if points > best:
            best = points
    return best


def expected_best(values: list[tuple[int, float]]) -> float:
    """E[max] of independent offers ``(points, chance held)``."""
    total = 0.0
    none_yet = 1.0
    for points, p in sorted(values, reverse=True):
        if points <= 0:
            break
        total += none_yet * p * points
        none_yet *= 1.0 - p
    return total


@dataclass(frozen=True)
class Weights:
    """The heuristic's weights, in points (before any divisor)."""

    threat: float = 0.8  # per expected point of the next player's best reply
    threat_near_target: float = 2.0  # when such a reply could end the game
    stuck: float = 3.0  # times the chance the next player must draw or pass
    mobility: float = 0.8  # per own tile playable next turn, up to 3
    no_move: float = 4.0  # penalty for keeping no playable tile
    shed: float = 0.15  # per pip shed, always
    shed_bare_boneyard: float = 0.2  # more per pip once the boneyard is empty
    shed_two_left: float = 0.35  # more per pip when an opponent holds two tiles
    shed_one_left: float = 0.7  # more per pip when an opponent holds one tile
    double: float = 1.5  # doubles fit fewer places: play them while they do
    out_per_tile: float = 4.0  # going out: per tile the other side still holds
    out: float = 10.0


class HardBot:
    def __init__(self, seed: int | str = 0, weights: Weights = Weights()) -> None:
        self.rng = random.Random(seed)
        self.weights = weights

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        scored = rank(view, infer(view), moves, self.weights)
        best = max(v for v, _ in scored)
        top = [m for v, m in scored if v >= best - 1e-9]
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]


def rank(view: PlayerView, know: Knowledge, moves: list[Move],
         w: Weights = Weights()) -> list[tuple[float, Move]]:
    """``(value, move)`` for each play in ``moves`` under the hard heuristic.
    Values are in undivided points; a play reaching the target is worth ``WIN``."""
    rules = view.rules
    div = rules.divisor
    seat = view.seat
    side = rules.side_of(seat)
    nxt = (seat + 1) % rules.players
    layout = view.layout()
    hand = view.hand_mask
    odds = know.tile_odds(nxt)
    candidates = [t for t in tiles_of(know.unseen) if odds[t] > 0.0]
    my_score = view.scores[side]
    threat = w.threat  # the next seat is always on another side, partners sit opposite
    if view.scores[rules.side_of(nxt)] + 35 // div >= rules.target:
        threat = w.threat_near_target
    # Shedding pips matters more when the round may end soon.
    fewest = min(c for s, c in enumerate(view.hand_counts) if s != seat)
    shed = w.shed
    if view.boneyard_left == 0:
        shed += w.shed_bare_boneyard
    if fewest == 2:
        shed += w.shed_two_left
    elif fewest <= 1:
        shed += w.shed_one_left
    if rules.round_end == "blocked_bonus":
        shed *= 0.5  # pips only matter in blocked rounds
    opp_tiles = sum(c for s, c in enumerate(view.hand_counts) if rules.side_of(s) != side)

    out: list[tuple[float, Move]] = []
    for move in moves:
        tile = MOVE_TILE[move]
        after = layout.copy()
        points = POINTS[after.place(tile, MOVE_ON[move])]
        if my_score + points // div >= rules.target:
            out.append((WIN + points, move))
            continue
        value = float(points)
        rest = hand & ~(1 << tile)
        if not rest:
            value += w.out_per_tile * opp_tiles + w.out
        else:
            offers = [(reply_points(after, t), odds[t]) for t in candidates]
            value -= threat * expected_best(offers)
            stuck = 1.0  # chance the next player has nothing to play
            playable = PLAYABLE[after.open_values]
            for t in candidates:
                if playable >> t & 1:
                    stuck *= 1.0 - odds[t]
            value += w.stuck * stuck
            mine = (rest & playable).bit_count()
            value += w.mobility * min(mine, 3) - (w.no_move if mine == 0 else 0.0)
            value += shed * PIPS[tile] + (w.double if IS_DOUBLE[tile] else 0.0)
        out.append((value, move))
    return out
