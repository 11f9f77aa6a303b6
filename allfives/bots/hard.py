"""The hard level: a one-ply heuristic that looks at the opponent's reply.

Each play is worth its points now, minus the points the next player is
expected to score in reply (from the tiles they may hold, given what they
are known to lack), plus terms for shedding pips when the round may end
soon, keeping playable tiles for the next turn and going out.
"""

from __future__ import annotations

import random

from ..layout import Layout
from ..moves import Move
from ..tiles import IS_DOUBLE, PIPS, PLAYABLE, tiles_of
from ..view import PlayerView
from .knowledge import Knowledge, infer

WIN = 1000.0  # reaching the target outweighs anything else


def reply_points(layout: Layout, tile: int, div: int) -> int:
    """The most ``tile`` could score on ``layout`` (0 if it cannot be played)."""
    best = 0
    for move in layout.plays(1 << tile):
        count = layout.count_after(move >> 5, (move & 31) - 1)
        if count % 5 == 0 and count > best:
            best = count
    return best // div


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


class HardBot:
    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        scored = rank(view, infer(view), moves)
        best = max(v for v, _ in scored)
        top = [m for v, m in scored if v >= best - 1e-9]
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]


def rank(view: PlayerView, know: Knowledge, moves: list[Move]) -> list[tuple[float, Move]]:
    """``(value, move)`` for each play in ``moves`` under the hard heuristic."""
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
    their_score = view.scores[rules.side_of(nxt)]
    threat_weight = 0.8 if rules.side_of(nxt) != side else -0.3
    if their_score + 35 // div >= rules.target and threat_weight > 0:
        threat_weight = 2.0  # a reply could end the game
    # Shedding pips matters more when the round may end soon.
    fewest = min(c for s, c in enumerate(view.hand_counts) if s != seat)
    shed = 0.15
    if view.boneyard_left == 0:
        shed += 0.2
    if fewest <= 2:
        shed += 0.35 if fewest == 2 else 0.7
    if rules.round_end == "blocked_bonus":
        shed *= 0.5
    opp_tiles = sum(c for s, c in enumerate(view.hand_counts)
                    if rules.side_of(s) != side)

    out: list[tuple[float, Move]] = []
    for move in moves:
        tile, on = move >> 5, (move & 31) - 1
        after = layout.copy()
        count = after.place(tile, on)
        points = count // div if count and count % 5 == 0 else 0
        if my_score + points >= rules.target:
            out.append((WIN + points, move))
            continue
        value = float(points)
        rest = hand & ~(1 << tile)
        if not rest:
            value += 4.0 * opp_tiles + 10.0  # going out: their pips count against them
        else:
            offers = [(reply_points(after, t, div), odds[t]) for t in candidates]
            value -= threat_weight * expected_best(offers)
            # chance the next player has nothing to play: they must draw
            stuck = 1.0
            playable = PLAYABLE[after.open_values]
            for t in candidates:
                if playable >> t & 1:
                    stuck *= 1.0 - odds[t]
            value += 3.0 * stuck * (1 if threat_weight > 0 else -1)
            mine = (rest & playable).bit_count()
            value += 0.8 * min(mine, 3) - (4.0 if mine == 0 else 0.0)
            value += shed * PIPS[tile] + (1.5 if IS_DOUBLE[tile] else 0.0)
        out.append((value, move))
    return out
