"""What a seat can infer about hidden hands, and sampling hands consistent with it.

A player who draws or passes holds no tile showing any value then open. That
fact binds the tiles they held at that moment (and the tile just drawn, if
they keep it), not tiles they draw later. So each hidden hand is modelled as
*slots*, one per tile, each with the set of values its tile cannot show.

Slots of one seat are nested: an older slot has seen every lack event a
newer one has, so its forbidden set contains the newer one's. When a known
tile leaves the hand we remove the oldest slot it fits (the drawn slot if
it was just drawn). That keeps the remaining slots at least as loose as the
truth, so sampling never rules out the real deal, and it is the tightest
choice with that property.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..layout import Layout
from ..moves import DRAW, MOVE_ON, MOVE_TILE, PASS, Move
from ..tiles import HIGH, LOW, PLAYABLE, tiles_of
from ..view import PlayerView

VALUE_BITS: tuple[int, ...] = tuple(1 << LOW[t] | 1 << HIGH[t] for t in range(28))


@dataclass(frozen=True)
class Knowledge:
    """Public inferences of one seat. ``slots[s]`` lists, oldest first, the
    forbidden value sets (7-bit) of seat ``s``'s hidden tiles; it is empty for
    the seat itself."""

    seat: int
    unseen: int  # mask: tiles in other hands or the boneyard
    slots: tuple[tuple[int, ...], ...]

    def tile_odds(self, seat: int) -> list[float]:
        """Rough chance per tile that ``seat`` holds it: each slot spreads one
        tile evenly over the unseen tiles it allows."""
        odds = [0.0] * 28
        for forbidden in self.slots[seat]:
            allowed = tiles_of(self.unseen & ~PLAYABLE[forbidden])
            if allowed:
                share = 1.0 / len(allowed)
                for t in allowed:
                    odds[t] += share
        return [min(1.0, p) for p in odds]


def infer(view: PlayerView) -> Knowledge:
    """Replay the view's public history into per-seat slots."""
    rules = view.rules
    layout = Layout(rules.spinners, rules.live_joins)
    slots: list[list[int]] = [[0] * rules.hand_size for _ in range(rules.players)]
    last: tuple[int, Move] | None = None  # (seat, move) of the previous entry
    for seat, move, _ in view.history:
        own = slots[seat]
        if move == DRAW or move == PASS:
            values = layout.open_values
            for k in range(len(own)):
                own[k] |= values
            if move == DRAW:
                # Free until the seat's next draw or pass shows it did not fit.
                own.append(0)
        else:
            tile = MOVE_TILE[move]
            if last == (seat, DRAW):
                own.pop()  # the drawn tile must be the one played
            elif own:
                bits = VALUE_BITS[tile]
                for k, forbidden in enumerate(own):
                    if not forbidden & bits:
                        del own[k]
                        break
                else:  # cannot happen in a legal history; stay sound
                    own.pop()
            layout.place(tile, MOVE_ON[move])
        last = (seat, move)
    slots[view.seat] = []
    for s, count in enumerate(view.hand_counts):
        if s != view.seat and len(slots[s]) != count:
            slots[s] = [0] * count  # inconsistent view: know nothing rather than wrong things
    return Knowledge(view.seat, view.unseen(), tuple(tuple(s) for s in slots))


def sample(know: Knowledge, rng: random.Random, tries: int = 30) -> tuple[list[int], list[int]]:
    """A random deal of the unseen tiles consistent with ``know``: per-seat
    hidden hands as masks (0 for the seat itself) and a boneyard order.

    Most-constrained slots are filled first and a dead end restarts. After
    ``tries`` dead ends the constraints are dropped: a safety net, since the
    real deal always satisfies them."""
    players = len(know.slots)
    order = [(s, f) for s in range(players) for f in know.slots[s]]
    unseen = know.unseen
    allowed = {f: unseen & ~PLAYABLE[f] for f in {f for _, f in order}}
    order.sort(key=lambda sf: allowed[sf[1]].bit_count())
    for attempt in range(tries + 1):
        free = unseen
        hands = [0] * players
        ok = True
        for s, f in order:
            choice = tiles_of(free & allowed[f]) if attempt < tries else tiles_of(free)
            if not choice:
                ok = False
                break
            t = choice[rng.randrange(len(choice))]
            hands[s] |= 1 << t
            free &= ~(1 << t)
        if ok:
            boneyard = tiles_of(free)
            rng.shuffle(boneyard)
            return hands, boneyard
    raise AssertionError("unreachable: the last try ignores constraints")
