"""Round-end scoring (RULES.md section 7) as pure functions."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rules


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
class RoundEnd:
    """Round-end points per side, with the lines that explain them."""

    points: tuple[int, ...]
    lines: tuple[ScoreLine, ...]


def round_end(rules: Rules, pips: list[int], went_out: int | None) -> RoundEnd:
    """Score a finished round from each seat's remaining pips.

    ``went_out`` is the seat that played its last tile, or None when blocked.
    """
    points = [0] * rules.sides
    lines: list[ScoreLine] = []
    div = rules.divisor

    def add(seats: tuple[int, ...], amount: int, rounded: int, side: int, sign: int = 1,
            shared_by: int = 1) -> None:
        value = sign * rounded // div
        points[side] += value
        lines.append(ScoreLine(seats, amount, rounded, side, value, shared_by))

    if rules.round_end == "subtract":
        for seat, p in enumerate(pips):
            if p:
                add((seat,), p, round5(p), rules.side_of(seat), -1)
        return RoundEnd(tuple(points), tuple(lines))

    side_pips = [0] * rules.sides
    for seat, p in enumerate(pips):
        side_pips[rules.side_of(seat)] += p

    if went_out is not None:
        if rules.round_end == "winner_takes":
            side = rules.side_of(went_out)
            others = tuple(s for s in range(rules.players) if rules.side_of(s) != side)
            total = sum(pips[s] for s in others)
            add(others, total, round5(total), side)
        return RoundEnd(tuple(points), tuple(lines))

    # Blocked: the lightest side (or sides, when tied) against the rest.
    lightest = min(side_pips)
    winners = [s for s in range(rules.sides) if side_pips[s] == lightest]
    losers = [s for s in range(rules.sides) if side_pips[s] != lightest]
    rest = sum(side_pips[s] for s in losers)
    loser_seats = tuple(seat for s in losers for seat in rules.seats_of(s))
    if rules.round_end == "winner_takes":
        if rules.partnership and len(winners) > 1:
            return RoundEnd(tuple(points), tuple(lines))  # tied sides score nothing
        k = len(winners)
        for side in winners:
            if rest:
                add(loser_seats, rest, round5(rest, k), side, shared_by=k)
    elif len(winners) == 1:  # blocked_bonus; a tie for lightest gets nothing
        side = winners[0]
        diff = rest - lightest
        bonus = round5(diff) // 5
        points[side] += bonus
        lines.append(ScoreLine(loser_seats, diff, round5(diff), side, bonus))
    return RoundEnd(tuple(points), tuple(lines))
