"""Scoring as pure functions: the points a count makes (docs/RULES.md
section 6) and round-end scoring (section 7)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from .rules import RoundEndRule, Rules, Seat, Side


def play_points(count: int, divisor: int = 1) -> int:
    """The points a play scores when it leaves ``count`` on the table: the
    count if it is a positive multiple of 5, divided by the rules' divisor.

    >>> [play_points(c) for c in (0, 5, 12, 35)]
    [0, 5, 0, 35]
    >>> play_points(15, 5)
    3
    """
    return count // divisor if count > 0 and count % 5 == 0 else 0


MAX_COUNT = 168  # every pip of the set: no table can count more

# POINTS[count] == play_points(count), undivided, for 0 <= count <= MAX_COUNT:
# the same rule as a lookup for the bots' hot loops. A count that is not a
# real table's (a bot's estimate may go below 0) must not index it.
POINTS: tuple[int, ...] = tuple(play_points(c) for c in range(MAX_COUNT + 1))


def round5(numerator: int, denominator: int = 1) -> int:
    """Round ``numerator / denominator`` to the nearest multiple of 5, halves up.

    >>> [round5(n) for n in (7, 8, 3, 2, 26)]
    [5, 10, 5, 0, 25]
    >>> round5(25, 2)
    15
    """
    return (2 * numerator + 5 * denominator) // (10 * denominator) * 5


@dataclass(frozen=True)
class ScoreLine:
    """One line of the round-end explanation.

    ``seats`` whose ``pips`` (rounded to ``rounded``) give ``points`` to
    ``side`` (after the divisor; negative when subtracted). ``shared_by`` > 1
    when tied players split an amount."""

    seats: tuple[int, ...]
    pips: int
    rounded: int
    side: int
    points: int
    shared_by: int = 1


@dataclass(frozen=True)
class RoundScore:
    """Round-end points per side, with the lines that explain them."""

    points: tuple[int, ...]
    lines: tuple[ScoreLine, ...]


def score_round(rules: Rules, pips: list[int], went_out: int | None) -> RoundScore:
    """Score a finished round from each seat's remaining pips.

    ``went_out`` is the seat that played its last tile, or None when blocked.
    """
    lines = _SCORERS[rules.round_end](rules, pips, went_out)
    points = [0] * rules.sides
    for line in lines:
        points[line.side] += line.points
    return RoundScore(tuple(points), tuple(lines))


def settle_round(rules: Rules, scores: list[int], pips: tuple[int, ...],
                 went_out: Seat | None) -> tuple[RoundScore, Side | None]:
    """Score a finished round from each seat's remaining ``pips`` onto the
    running ``scores`` (per side, changed in place: docs/RULES.md section 7)
    and say which side won the game, if one did (section 8: the sides the
    round end lifted to the target, the highest of them; an exact tie plays
    on). ``game.Round`` ends its rounds so, and so does a game observed at a
    table (``observed``), where only the pips may be known."""
    result = _round_score(rules, pips, went_out)
    lifted = []
    for side, pts in enumerate(result.points):
        scores[side] += pts
        if pts > 0 and scores[side] >= rules.target:
            lifted.append(side)
    if not lifted:
        return result, None
    best = max(scores[s] for s in lifted)
    leaders = [s for s in lifted if scores[s] == best]
    return result, leaders[0] if len(leaders) == 1 else None


@functools.lru_cache(maxsize=1 << 12)
def _round_score(rules: Rules, pips: tuple[int, ...], went_out: Seat | None) -> RoundScore:
    """``score_round``, remembered (its result is immutable): an exact search
    (``bots.exact``) ends many rounds with the same pips left in the hands."""
    return score_round(rules, list(pips), went_out)


def _subtract(rules: Rules, pips: list[int], went_out: int | None) -> list[ScoreLine]:
    """Every player loses their own pips, rounded separately."""
    return [ScoreLine((seat,), p, round5(p), rules.side_of(seat), -round5(p) // rules.divisor)
            for seat, p in enumerate(pips) if p]


def _winner_takes(rules: Rules, pips: list[int], went_out: int | None) -> list[ScoreLine]:
    """Whoever goes out takes the other sides' pips, rounded once; blocked,
    the lightest side takes the rest (tied players share it; tied
    partnerships score nothing)."""
    div = rules.divisor
    if went_out is not None:
        side = rules.side_of(went_out)
        others = tuple(s for s in range(rules.players) if rules.side_of(s) != side)
        total = sum(pips[s] for s in others)
        return [ScoreLine(others, total, round5(total), side, round5(total) // div)]
    block = _Blocked.of(rules, pips)
    k = len(block.winners)
    if (rules.partnership and k > 1) or not block.rest:
        return []
    share = round5(block.rest, k)
    return [ScoreLine(block.loser_seats, block.rest, share, side, share // div, k)
            for side in block.winners]


def _blocked_bonus(rules: Rules, pips: list[int], went_out: int | None) -> list[ScoreLine]:
    """Blocked only: the single lightest side scores the difference to the
    rest, rounded, divided by 5. A domino or a tie for lightest scores nothing."""
    if went_out is not None:
        return []
    block = _Blocked.of(rules, pips)
    if len(block.winners) != 1:
        return []
    diff = block.rest - block.lightest
    return [ScoreLine(block.loser_seats, diff, round5(diff), block.winners[0], round5(diff) // 5)]


@dataclass(frozen=True)
class _Blocked:
    """A blocked round by sides: the lightest side(s) against the rest."""

    winners: tuple[int, ...]  # the sides with the fewest pips
    lightest: int  # their pips, each
    rest: int  # the other sides' pips together
    loser_seats: tuple[int, ...]

    @classmethod
    def of(cls, rules: Rules, pips: list[int]) -> _Blocked:
        side_pips = [0] * rules.sides
        for seat, p in enumerate(pips):
            side_pips[rules.side_of(seat)] += p
        lightest = min(side_pips)
        losers = [s for s in range(rules.sides) if side_pips[s] != lightest]
        return cls(winners=tuple(s for s in range(rules.sides) if side_pips[s] == lightest),
                   lightest=lightest,
                   rest=sum(side_pips[s] for s in losers),
                   loser_seats=tuple(seat for s in losers for seat in rules.seats_of(s)))


_SCORERS: dict[RoundEndRule, Callable[[Rules, list[int], int | None], list[ScoreLine]]] = {
    "subtract": _subtract,
    "winner_takes": _winner_takes,
    "blocked_bonus": _blocked_bonus,
}
