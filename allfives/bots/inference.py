"""Policy-based inference: how likely a sampled world makes the plays the
other seats actually made.

``knowledge`` rules worlds in or out (a draw or pass shows missing values);
this weighs the worlds it lets in. A player who could have scored 20 but
scored 5 probably did not hold the tile that scores 20. Each play of another
seat is modelled as a softmax over the plays its hand then allowed, by points
(``exp(beta * points)``). The chosen play's own term is the same in every
world, so a world's weight is the product, over those plays, of ``1 / Z``:
``Z`` sums ``exp(beta * points)`` over every play the world says the seat
had. Per play and tile those sums are worked out once per decision
(``Evidence``), so weighing a world costs a few additions per play.

Which tiles a seat held at an earlier play follows the slots of
``knowledge.infer``: each slot is born when its tile was dealt or drawn, and
a tile played later was held at a play if the slot it left by was born
before it (the same oldest-slot rule ``infer`` uses).
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass

from ..layout import Layout
from ..moves import DRAW, MOVE_ON, MOVE_TILE, PASS
from ..scoring import POINTS
from ..tiles import PLAYABLE, tiles_of
from ..view import PlayerView
from .knowledge import VALUE_BITS, Knowledge

DEALT = -1  # a slot's birth when its tile was dealt
BETA = 0.2  # the master's: softmax weight per point of a play the others could make


@dataclass(frozen=True)
class Play:
    """One play of another seat, as evidence: its seat, when it was made (a
    history index), the tiles known to be in its hand then (played by it
    later, held since before), and ``offer[t]``: the summed softmax terms of
    every way tile ``t`` could have been played then (0 if it could not)."""

    seat: int
    at: int
    known: float  # the known tiles' summed offers
    offer: tuple[float, ...]


@dataclass(frozen=True)
class Evidence:
    """What the other seats' plays say, ready to weigh worlds with."""

    plays: tuple[Play, ...]
    births: tuple[tuple[int, ...], ...]  # per seat, per slot of ``Knowledge.slots``

    def weight(self, slot_tiles: list[list[int]]) -> float:
        """A world's weight (up to a constant): ``slot_tiles[s][k]`` is the tile
        the world puts in seat ``s``'s slot ``k``."""
        w = 1.0
        for play in self.plays:
            z = play.known
            offer = play.offer
            for tile, born in zip(slot_tiles[play.seat], self.births[play.seat], strict=True):
                if born < play.at:
                    z += offer[tile]
            w /= z
        return w


def gather(view: PlayerView, know: Knowledge, beta: float) -> Evidence:
    """The evidence in the view's history, with slots as ``know`` has them
    (``know`` must come from ``infer(view)``: this is the same replay, with
    births). Leads are left out: some rules force them."""
    rules = view.rules
    layout = Layout(rules.spinners, rules.live_joins)
    lacks: list[list[int]] = [[0] * rules.hand_size for _ in range(rules.players)]
    births: list[list[int]] = [[DEALT] * rules.hand_size for _ in range(rules.players)]
    made: list[tuple[int, int, Layout]] = []  # other seats' plays: seat, index, table before
    # Per seat, the tiles it played: tile, birth of the slot it left by, index.
    left: list[list[tuple[int, int, int]]] = [[] for _ in range(rules.players)]
    last: tuple[int, int] | None = None
    for i, (seat, move, _) in enumerate(view.history):
        own, born = lacks[seat], births[seat]
        if move == DRAW or move == PASS:
            for k in range(len(own)):
                own[k] |= layout.open_values
            if move == DRAW:
                own.append(0)
                born.append(i)
        else:
            tile = MOVE_TILE[move]
            k = len(own) - 1  # the drawn slot, or the newest if nothing fits (unsound history)
            if last != (seat, DRAW):
                bits = VALUE_BITS[tile]
                k = next((j for j, forbidden in enumerate(own) if not forbidden & bits), k)
            if own:
                del own[k]
                left[seat].append((tile, born.pop(k), i))
            if seat != view.seat and layout.placements:
                made.append((seat, i, layout.copy()))
            layout.place(tile, MOVE_ON[move])
        last = (seat, move)
    for s in range(rules.players):
        if s == view.seat or len(births[s]) != len(know.slots[s]):
            births[s] = [DEALT] * len(know.slots[s])  # as ``infer`` gave up on this seat
    plays = []
    for seat, at, before in made:
        played = 0
        for tile, _, _ in left[seat]:
            played |= 1 << tile
        offer = offers(before, know.unseen | played, beta)
        known = sum(offer[t] for t, birth, index in left[seat] if birth < at <= index)
        plays.append(Play(seat, at, known, offer))
    return Evidence(tuple(plays), tuple(tuple(b) for b in births))


def offers(layout: Layout, tiles: int, beta: float) -> tuple[float, ...]:
    """Per tile of ``tiles`` (a mask), the summed ``exp(beta * points)`` of
    its plays on ``layout``.

    >>> from allfives.rules import Rules
    >>> from allfives.tiles import NAMES
    >>> rules = Rules.make("standard")
    >>> table = Layout(rules.spinners, rules.live_joins)
    >>> table.place(NAMES.index("1-4"), -1)  # the lead: a count of 5
    5
    >>> one_six, four_six = NAMES.index("1-6"), NAMES.index("4-6")
    >>> got = offers(table, 1 << one_six | 1 << four_six, beta=0.1)
    >>> round(got[one_six], 4), got[four_six]  # 1-6 on the 1 makes 10; 4-6 makes 7: nothing
    (2.7183, 1.0)
    """
    offer = [0.0] * 28
    for move in layout.plays(tiles):
        t = MOVE_TILE[move]
        offer[t] += math.exp(beta * POINTS[layout.count_after(t, MOVE_ON[move])])
    return tuple(offer)


def sample_slots(know: Knowledge, rng: random.Random,
                 tries: int = 30) -> tuple[list[list[int]], list[int]]:
    """Like ``knowledge.sample``, but per slot: ``tiles[s][k]`` fills seat
    ``s``'s slot ``k``; and the rest of the unseen tiles, shuffled, as the
    boneyard."""
    order = _fill_order(know)
    unseen = know.unseen
    for attempt in range(tries + 1):
        free = unseen
        tiles = [[0] * len(slots) for slots in know.slots]
        ok = True
        for s, k, allowed in order:
            choice = tiles_of(free & allowed) if attempt < tries else tiles_of(free)
            if not choice:
                ok = False
                break
            t = choice[rng.randrange(len(choice))]
            tiles[s][k] = t
            free &= ~(1 << t)
        if ok:
            boneyard = tiles_of(free)
            rng.shuffle(boneyard)
            return tiles, boneyard
    raise AssertionError("unreachable: the last try ignores constraints")


@functools.lru_cache(maxsize=16)
def _fill_order(know: Knowledge) -> tuple[tuple[int, int, int], ...]:
    """The slots ``sample_slots`` fills, most constrained first: (seat, slot,
    the unseen tiles it allows). The same for every world of a decision, so
    worked out once."""
    unseen = know.unseen
    order = [(s, k, unseen & ~PLAYABLE[f]) for s, slots in enumerate(know.slots)
             for k, f in enumerate(slots)]
    order.sort(key=lambda ska: ska[2].bit_count())
    return tuple(order)
