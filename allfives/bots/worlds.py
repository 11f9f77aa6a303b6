"""Exact values over the deals a seat cannot tell apart (issue 29).

Once the boneyard is empty with 3 or 4 players the mover still does not see
the other hands, but every unseen tile is in one of them, and what the seat
saw narrows the deals down: each hand's size, and the values it could not
show when it drew or passed (``knowledge``: a hand is slots, each with the
values its tile cannot show). ``deals`` lists every deal consistent with
that, each with the master's weight for it (``inference``: how likely the
deal makes the plays the others made); ``judge`` solves each deal exactly
(every hand open, ``exact.solve``) and gives each legal move's weighted
mean value.

**The weight of a deal.** Dealing and drawing are uniformly random, so
before the evidence every filling of the hidden slots with the unseen tiles
is equally likely; the plays seen weigh a filling by ``Evidence.weight``
(which depends on the filling, not only on the hands: a tile held since the
deal was held at every play, one drawn later not). A deal's weight is the
sum over the fillings that give it. Slots of one seat with the same
forbidden values and the same birth (the tiles dealt) are interchangeable:
their fillings are listed once, as sets (the same factor for every deal).

**Enumerated or sampled.** With at most ``ENUMERATE`` deals each is solved
and the values are the exact weighted means (no error). With more, up to
``FILLINGS`` fillings listed, ``SAMPLES`` deals are drawn with replacement
by weight (seeded by the view: the same view, the same values) and each
value is the mean over them, given with its standard error (the sample's
standard deviation over the square root of ``SAMPLES``); a sample decides
only if its best move leads every other by ``CLEAR`` standard errors of
their difference (over the same deals). Past ``FILLINGS`` fillings (or
``STEPS`` choices in listing them, dead ends included), once the solves
together pass the node budget (``NODES``), or with a sample that does not
tell the best, there is no judgement (None): the caller falls back to its
estimate (the master's search, with far more worlds than a sample here).

**Solved exactly, with 3 sides.** Each deal is solved as ``exact.solve``
solves it: the mover's side maximises ``expert.outcome``'s measure (its
points minus the others' mean, a won game ``WIN_BONUS``), every other seat
minimises it. With 2 sides (4 players in partnerships) that is the game
itself. With 3 sides or 4 (3 players, 4 without partners) it is the cautious
value (paranoid). The other choice, each side maximising its own measure
(max-n, ``solve_maxn`` in bench/worlds_time.py), was measured against it on
every decision of seeded expert games that both decide
(bench/worlds_time.json, ``ways``): they pick the same move in most; where
they differ, the master's move by its playouts sides with each about as
often, and playing the rest of the round either way from there made no
difference beyond its standard error. So neither plays or agrees better
measurably, and paranoid stays: it is the solver Review already trusts where
nothing is hidden (tested against plain minimax), its alpha-beta prunes
where max-n cannot (max-n passed the budget on decisions paranoid solved),
and it needs no rule for a side torn between two moves that differ only for
the others.

Each deal is solved with every hand open: after the move judged, every seat
plays as if it knew the deal. That is the known limit of solving deals one
by one (no seat can in fact play one way per deal it cannot tell apart), the
same the master's search has where it solves its worlds exactly.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..game import Round
from ..moves import Move
from ..tiles import PLAYABLE, tiles_of
from ..view import PlayerView
from .exact import OutOfBudget, Solution, Stake, solve
from .expert import outcome_stake, view_key
from .inference import BETA, DEALT, Evidence, gather
from .knowledge import Knowledge, infer

# The limits (bench/worlds_time.json has the judgement's times under them
# and how many decisions the game meets they let it decide).
NODES = 10_000  # positions searched by all of a judgement's solves together
ENUMERATE = 40  # deals every one of which is solved
SAMPLES = 24  # deals drawn by weight when there are more
FILLINGS = 1_500  # fillings of the hidden slots listed, at most
# Choices (tiles given to a group of slots) in listing them, at most, dead
# ends included: a game of 4 alone met a listing that went on for minutes.
STEPS = 50_000
CLEAR = 2.0  # standard errors by which a sampled best must lead every other move

# What solves one open deal: each legal move's value for the mover's side by
# the stake, within a node budget (``exact.solve``; the bench tries another).
Solver = Callable[[Round, Stake, int], Solution]


@dataclass(frozen=True)
class Deal:
    """One deal of the unseen tiles: each seat's hand (0 for the mover's own
    seat) and its weight (the deals' weights sum to 1)."""

    hands: tuple[int, ...]
    weight: float


@dataclass(frozen=True)
class Judgement:
    """Each legal move's weighted mean value over the deals solved, in the
    order of ``PlayerView.legal_moves``; where the deals were sampled, each
    move's value in every deal drawn (``samples``, the same deals for every
    move; empty when every deal was solved); how many deals there were, how
    many were solved, and the positions searched; ``worlds``: each deal the
    values are the mean over, with its weight in it (a deal drawn twice, twice)."""

    moves: tuple[Move, ...]
    values: tuple[float, ...]
    samples: tuple[tuple[float, ...], ...]
    deals: int
    solved: int
    nodes: int
    worlds: tuple[tuple[tuple[int, ...], float], ...]

    @property
    def sampled(self) -> bool:
        return bool(self.samples)

    @property
    def errors(self) -> tuple[float, ...]:
        """Each value's standard error (0 when every deal was solved)."""
        if not self.samples:
            return (0.0,) * len(self.values)
        return tuple(_error(list(xs)) for xs in self.samples)

    @property
    def best(self) -> Move:
        """The best move (of equal ones, the first)."""
        return self.moves[self.values.index(max(self.values))]


def deals(know: Knowledge, evidence: Evidence | None,
          most: int = FILLINGS, steps: int = STEPS) -> list[Deal] | None:
    """Every deal of ``know.unseen`` into the hidden hands that ``know``
    allows, weighted by ``evidence`` (None: every filling alike), largest
    weight first (ties by hands); None if there are more than ``most``
    fillings to list, or if listing them takes more than ``steps`` (tiles
    given to a group of slots). The boneyard must be empty: every unseen
    tile is in a hand.

    Seat 0 hides two tiles; seat 1 one tile, which showed no 4 when it drew
    (its slot forbids the value 4); 3-3, 4-4 and 5-6 are unseen:

    >>> from allfives.tiles import mask_of, parse_tile, tile_name
    >>> unseen = mask_of(parse_tile(t) for t in ("3-3", "4-4", "5-6"))
    >>> found = deals(Knowledge(2, unseen, ((0, 0), (1 << 4,), ())), None)
    >>> [([tile_name(t) for t in tiles_of(d.hands[0])], tile_name(tiles_of(d.hands[1])[0]),
    ...   d.weight) for d in found]
    [(['3-3', '4-4'], '5-6', 0.5), (['4-4', '5-6'], '3-3', 0.5)]
    """
    seats = len(know.slots)
    if sum(len(s) for s in know.slots) != know.unseen.bit_count():
        raise ValueError("the unseen tiles are not all in the hidden hands")
    births = evidence.births if evidence is not None else tuple(
        (DEALT,) * len(s) for s in know.slots)
    groups = _groups(know, births)
    totals: dict[tuple[int, ...], float] = {}
    count = 0
    slot_tiles = [[0] * len(s) for s in know.slots]
    try:
        for filling in _fillings(groups, know.unseen, 0, _reach(groups), [steps]):
            count += 1
            if count > most:
                return None
            hands = [0] * seats
            for (seat, places, _), tiles in zip(groups, filling, strict=True):
                for k, t in zip(places, tiles, strict=True):
                    slot_tiles[seat][k] = t
                    hands[seat] |= 1 << t
            weight = evidence.weight(slot_tiles) if evidence is not None else 1.0
            key = tuple(hands)
            totals[key] = totals.get(key, 0.0) + weight
    except _TooLong:
        return None
    whole = math.fsum(totals.values())
    return sorted((Deal(h, w / whole) for h, w in totals.items()),
                  key=lambda d: (-d.weight, d.hands))


Group = tuple[int, tuple[int, ...], int]  # seat, its slots, the tiles they allow (mask)


def _groups(know: Knowledge, births: tuple[tuple[int, ...], ...]) -> list[Group]:
    """The hidden slots in groups of interchangeable ones (one seat, the same
    forbidden values and birth), the fewest tiles allowed first."""
    found: dict[tuple[int, int, int], list[int]] = {}
    for seat, slots in enumerate(know.slots):
        for k, forbidden in enumerate(slots):
            found.setdefault((seat, forbidden, births[seat][k]), []).append(k)
    groups = [(seat, tuple(places), know.unseen & ~PLAYABLE[forbidden])
              for (seat, forbidden, _), places in found.items()]
    return sorted(groups, key=lambda g: (g[2].bit_count() - len(g[1]), g[0], g[1]))


def _reach(groups: list[Group]) -> list[int]:
    """For each ``j``, the tiles some group from the ``j``-th on allows (0 past
    the last)."""
    reach = [0] * (len(groups) + 1)
    for j in range(len(groups) - 1, -1, -1):
        reach[j] = reach[j + 1] | groups[j][2]
    return reach


class _TooLong(Exception):
    """A listing of fillings past its steps."""


def _fillings(groups: list[Group], free: int, i: int, reach: list[int],
              left: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Each way to give every group from the ``i``-th on as many tiles of
    ``free`` as it has slots, tiles it allows (as sets: sorted).

    ``reach[j]``: the tiles some group from the ``j``-th on allows. A choice
    that leaves a tile no later group takes, or a later group fewer tiles
    than it has slots, is a dead end and goes no deeper (the fillings and
    their order are the same). ``left[0]``: the choices still allowed
    (_TooLong past them)."""
    if i == len(groups):
        yield []
        return
    _, places, allowed = groups[i]
    later = groups[i + 1:]
    for tiles in itertools.combinations(tiles_of(free & allowed), len(places)):
        left[0] -= 1
        if left[0] < 0:
            raise _TooLong
        rest = free
        for t in tiles:
            rest &= ~(1 << t)
        if rest & ~reach[i + 1] or any((rest & a).bit_count() < len(p) for _, p, a in later):
            continue
        for more in _fillings(groups, rest, i + 1, reach, left):
            yield [tiles, *more]


def judge(view: PlayerView, budget: int = NODES, beta: float = BETA,
          solver: Solver = solve) -> Judgement | None:
    """Each legal move's value over the deals of the hidden hands (see the
    module's docstring) when the boneyard is empty and some hand is hidden
    (3 or 4 players), within ``budget`` positions searched; else None."""
    if view.boneyard_left or view.rules.players == 2 or len(view.legal_moves()) < 2:
        return None
    know = infer(view)
    evidence = gather(view, know, beta) if beta > 0 else None
    found = deals(know, evidence if evidence is not None and evidence.plays else None)
    if not found:
        return None
    if len(found) <= ENUMERATE:
        chosen = [(d, d.weight) for d in found]
    else:
        rng = random.Random(f"worlds:{view_key(view)}")
        picks = rng.choices(found, weights=[d.weight for d in found], k=SAMPLES)
        chosen = [(d, 1.0 / SAMPLES) for d in picks]
    try:
        return _solved(view, chosen, len(found), len(found) > ENUMERATE, budget, solver)
    except OutOfBudget:
        return None


def _solved(view: PlayerView, chosen: list[tuple[Deal, float]], count: int, sampled: bool,
            budget: int, solver: Solver) -> Judgement | None:
    """The weighted values of ``chosen`` deals (a deal drawn twice is solved
    once); None for a sample that does not tell the best move (``_clear``)."""
    moves = view.legal_moves()
    table = bare_round(view)
    stake = outcome_stake(view.rules, view.scores)
    nodes = 0
    memo: dict[tuple[int, ...], list[float]] = {}
    rows = []
    for deal, weight in chosen:
        if deal.hands not in memo:
            solution = solver(dealt(view, table, deal.hands), stake, budget - nodes)
            nodes += solution.nodes
            memo[deal.hands] = [solution.value_of(m) for m in moves]
        rows.append((memo[deal.hands], weight))
    values = [math.fsum(w * row[i] for row, w in rows) for i in range(len(moves))]
    if sampled and not _clear([row for row, _ in rows], values.index(max(values))):
        return None
    samples = tuple(tuple(row[i] for row, _ in rows) for i in range(len(moves))) \
        if sampled else ()
    return Judgement(tuple(moves), tuple(values), samples, count, len(memo), nodes,
                     tuple((deal.hands, weight) for deal, weight in chosen))


def bare_round(view: PlayerView) -> Round:
    """The round ``view`` sees, every hand empty (for ``dealt``)."""
    return Round.from_position(view.rules, [0] * view.rules.players, [], starter=view.starter,
                               scores=list(view.scores), history=list(view.history),
                               turn=view.turn)


def dealt(view: PlayerView, table: Round, hands: tuple[int, ...]) -> Round:
    """``table`` (``bare_round(view)``) with the deal's ``hands`` and the
    seat's own: a round with nothing hidden."""
    rnd = table.copy()
    rnd.hands = list(hands)
    rnd.hands[view.seat] = view.hand_mask
    return rnd


def _clear(rows: list[list[float]], best: int) -> bool:
    """Whether move ``best`` leads every other by ``CLEAR`` standard errors of
    the difference over the deals drawn (the same deals for every move)."""
    for i in range(len(rows[0])):
        diffs = [row[best] - row[i] for row in rows]
        if i != best and math.fsum(diffs) / len(diffs) < CLEAR * _error(diffs):
            return False
    return True


def _error(xs: list[float]) -> float:
    """The standard error of the mean of ``xs`` (independent draws)."""
    n = len(xs)
    mean = math.fsum(xs) / n
    return math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1) / n)

