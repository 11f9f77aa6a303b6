"""The expert level: determinised Monte Carlo search over sampled hidden hands.

Each decision samples ``worlds`` deals of the unseen tiles consistent with
what the seat knows (``knowledge``), and in every world plays each candidate
move followed by a fast playout to the end of the round (``playout``: points
now, minus the best reply it leaves the next hand). The same worlds serve
every candidate, so their differences are not drowned in deal luck. A
move's value is the mean, over worlds, of what the finished round is worth
to its side (``outcome``): its points minus the other sides' (play and
round-end scoring) plus a bonus for winning the game in the playout, or,
where the round can end the game and the rules have a match-equity table,
its chance of winning the game (``game_stake``). Many candidates are first
cut to the best few by the ``hard`` heuristic, which also breaks ties.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..game import Round
from ..moves import LEAD, MOVE_ON, MOVE_TILE, Move, move_text
from ..rules import Rules
from ..scoring import POINTS
from ..tiles import HIGH, IS_DOUBLE, LOW, PIPS, PLAYABLE
from ..view import PlayerView
from .exact import OutOfBudget, Solution, Stake, known_round, solve
from .game_stake import GameChance, stake_for, table_for
from .hard import WIN, rank
from .knowledge import Knowledge, infer, sample
from .pulse import beat

SIMULATIONS = 480  # default budget: playouts per decision (candidates x worlds)
MAX_CANDIDATES = 6
WIN_BONUS = 60.0  # points a won game is worth beyond the round's score
DENY = 0.8  # playout players give up this much per point they leave the next player


@dataclass(frozen=True)
class Policy:
    """The playout's weights, in points: each seat plays the move with the most
    points now, minus ``deny`` per point of the best reply it leaves the next
    hand, plus ``shed`` per pip it sheds, ``double`` for a double, ``block``
    when the next hand is left no reply, minus ``stranded`` when its own
    remaining tiles fit none of the ends it leaves."""

    deny: float = DENY
    shed: float = 0.1
    double: float = 0.0
    block: float = 0.0
    stranded: float = 0.0


EXPERT_POLICY = Policy()


def playout(rnd: Round, policy: Policy = EXPERT_POLICY) -> None:
    """Finish the round with a quick ``policy`` for every seat (the expert's
    by default)."""
    while rnd.end is None:
        moves = rnd.legal_moves()
        rnd.play(moves[0] if len(moves) == 1 else policy_move(rnd, moves, policy))


def policy_move(rnd: Round, moves: list[Move], policy: Policy) -> Move:  # noqa: C901 - inlined
    """The move of ``moves`` (the legal ones) that ``policy`` prefers for the
    seat to move, seeing the next hand as this round holds it.

    The reply is estimated without building the next layout: a tile joining
    an open end showing ``x`` takes ``x`` off the count and adds its other half
    (a double adds ``x``). That ignores doubles and spinners already on the
    table, which is good enough to steer a playout and several times cheaper
    than copying the layout. This is the playouts' innermost loop (a third of
    a Review's time), so ``Layout.count_after`` and the policy's extra terms
    are written out in it (tests/bots/test_master.py checks the count)."""
    layout = rnd.layout
    ends = layout.ends
    table_count = layout.count
    spinner_tiles, joined, free, live_joins = (layout.spinner_tiles, layout.joined, layout.free,
                                               layout.live_joins)
    open_values = layout.open_values
    seat = rnd.turn
    mine = rnd.hands[seat]
    nxt = rnd.hands[seat + 1 if seat + 1 < rnd.players else 0]
    deny, shed = policy.deny, policy.shed
    double, block, stranded = policy.double, policy.block, policy.stranded
    extras = double or block or stranded
    best = moves[0]
    best_key = -1e9
    for m in moves:
        tile = MOVE_TILE[m]
        on = MOVE_ON[m]
        a = LOW[tile]
        b = HIGH[tile]
        if on == LEAD:
            count = a + b
            opened = 1 << a | 1 << b
        else:  # Layout.count_after, written out
            if on in ends[a]:
                v, other = a, b
            else:
                v, other = b, a
            count = table_count
            if not IS_DOUBLE[on]:
                count -= v  # the end showing v is covered
            elif on in spinner_tiles:
                if joined[on] + 1 == live_joins:
                    count -= v + v  # the spinner stops counting
            elif free[on] == 1:
                count -= v + v  # the double is no longer exposed
            count += a + a if a == b else other
            opened = open_values | 1 << other
        threat = 0
        replies = nxt & PLAYABLE[opened]
        answered = replies
        while replies:
            low = replies & -replies
            replies ^= low
            r = low.bit_length() - 1
            x = LOW[r]
            y = HIGH[r]
            if opened >> x & 1:
                c = count + x if x == y else count - x + y
                if c > threat and POINTS[c]:  # c > 0 first: estimates can be < 0
                    threat = c
            if x != y and opened >> y & 1:
                c = count - y + x
                if c > threat and POINTS[c]:
                    threat = c
        key = POINTS[count] - deny * threat + shed * PIPS[tile]
        if extras:
            # a double played, the next hand left no reply, the tiles left fitting no end
            extra = double if a == b else 0.0
            if not answered:
                extra += block
            left = mine & ~(1 << tile)
            if left and not left & PLAYABLE[opened]:
                extra -= stranded
            key += extra
        if key > best_key:
            best_key = key
            best = m
    return best


def outcome(rnd: Round, start: list[int], side: int) -> float:
    """Value of a finished playout for ``side`` (``outcome_stake``'s)."""
    game = table_for(rnd.rules)
    if game is not None and game.can_end(start):
        return GameChance(game)(rnd.scores, rnd.winner, side)
    gains = [now - before for now, before in zip(rnd.scores, start, strict=True)]
    others = (sum(gains) - gains[side]) / (len(gains) - 1)
    value = gains[side] - others
    if rnd.winner is not None:
        value += WIN_BONUS if rnd.winner == side else -WIN_BONUS
    return value


def outcome_stake(rules: Rules, start: Sequence[int]) -> Stake:
    """What a finished round played from the scores ``start`` is worth, as
    the exact solver's stake: its gain minus the mean gain of the other
    sides, plus ``WIN_BONUS`` if someone won the game; where the round can
    end the game and the rules have a table, the chance of winning it
    (``game_stake.stake_for``)."""
    return stake_for(rules, start, WIN_BONUS)


def solved(view: PlayerView) -> Solution | None:
    """Every legal move's exact value by ``outcome``'s measure when ``view``
    hides nothing (``exact.known_round``) and the solve fits the solver's
    budget, else None. Review and the master both judge by it there, so the
    master's move is the move Review calls best."""
    known = known_round(view)
    if known is None:
        return None
    try:
        return solve(known, outcome_stake(known.rules, known.scores))
    except OutOfBudget:
        return None


def view_key(view: PlayerView) -> str:
    """Text naming everything the view shows, to seed a per-decision generator
    (the same view and seed always give the same move)."""
    moves = ",".join(f"{s}{move_text(m)}" for s, m, _ in view.history)
    return f"{view.seat}|{view.hand}|{view.scores}|{view.starter}|{moves}"


class ExpertBot:
    def __init__(self, seed: int | str = 0, simulations: int = SIMULATIONS) -> None:
        self.seed = seed
        self.simulations = simulations

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        know = infer(view)
        ranked = sorted(rank(view, know, moves), key=lambda vm: -vm[0])
        candidates = [m for _, m in ranked[:MAX_CANDIDATES]]
        if ranked[0][0] >= WIN:  # a play reaches the target: nothing to search
            return candidates[0]
        rng = random.Random(f"expert:{self.seed}:{view_key(view)}")
        worlds = max(1, self.simulations // len(candidates))
        totals = playout_totals(view, know, candidates, worlds, rng)
        best = max(range(len(candidates)), key=lambda i: totals[i])  # first = hard's order
        return candidates[best]


def playout_totals(view: PlayerView, know: Knowledge, moves: list[Move], worlds: int,
                   rng: random.Random) -> list[float]:
    """Each move's summed ``outcome`` for its side over the same ``worlds``
    deals of the hidden tiles, sampled from what the view shows (``know``)."""
    totals = [0.0] * len(moves)
    for _ in playout_worlds(view, know, moves, worlds, rng, totals):
        beat()
    return totals


def playout_worlds(view: PlayerView, know: Knowledge, moves: list[Move], worlds: int,
                   rng: random.Random, totals: list[float]) -> Iterator[None]:
    """``playout_totals`` one world at a time: adds each world's outcomes to
    ``totals`` and yields, so a caller can pause between worlds (the page's
    worker answers between them) with the same sums in the same order."""
    rules = view.rules
    side = rules.side_of(view.seat)
    history = list(view.history)
    for _ in range(worlds):
        hands, boneyard = sample(know, rng)
        hands[view.seat] = view.hand_mask
        base = Round.from_position(rules, hands, boneyard, starter=view.starter,
                                   scores=list(view.scores), history=history, turn=view.turn)
        start = base.scores[:]
        for i, move in enumerate(moves):
            rnd = base.copy()
            rnd.play(move)
            playout(rnd)
            totals[i] += outcome(rnd, start, side)
        yield
