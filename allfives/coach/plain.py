"""The one plain reason a verdict leads with, for a beginner: of the three
parts a loss adds up to (``bots.analysis.Reason``: points now, the others'
reply, what is kept for later), the one that costs the most; or, where the
game was at stake, that the better move wins it more often. The numbers stay
in the full verdict; this only chooses which plain words come first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ..bots.analysis import Decision, Reason

Part = Literal["now", "reply", "later"]  # the parts of a loss (``Reason``)
Lead = Literal["best", "chance", "now", "reply", "later", "bare"]  # what a verdict leads with
BEST: Final = "best"
CHANCE: Final = "chance"
NOW: Final = "now"
REPLY: Final = "reply"
LATER: Final = "later"
BARE: Final = "bare"


@dataclass(frozen=True)
class Plain:
    """What a verdict leads with: ``kind`` is ``BEST`` (the move made was
    best), ``CHANCE`` (the better move wins the game more often), ``NOW``
    (it scores more now: ``points``, what it scores), ``REPLY`` (it leaves
    the others less in reply), ``LATER`` (it keeps more for the rest of the
    round) or ``BARE`` (a better move, no part known to name)."""

    kind: Lead
    points: int = 0


def costs(reason: Reason) -> tuple[tuple[Part, float], ...]:
    """How much of the loss each part holds, in the order a tie is named in:
    the points now first (the table shows them), then the reply, then later."""
    return ((NOW, reason.best_scored - reason.scored),
            (REPLY, reason.reply - reason.best_reply),
            (LATER, reason.later))


def dominant(reason: Reason) -> Part | Literal["bare"]:
    """The part that costs the move made the most (``NOW``, ``REPLY`` or
    ``LATER``; the first of equals), ``BARE`` when none costs anything.

    Scoring 5 where 10 was there costs 5 now; giving 8.5 in reply where the
    better move gave 2 costs 6.5: the reply is what to say first.

    >>> from allfives.moves import parse_move
    >>> dominant(Reason(parse_move("0-5>5-5"), 5, 10, 8.5, 2.0, 0.0))
    'reply'
    >>> dominant(Reason(parse_move("0-5>5-5"), 5, 10, 2.0, 2.0, 0.0))
    'now'
    """
    kind, cost = max(costs(reason), key=lambda part: part[1])
    return kind if cost > 0 else BARE


def plain(d: Decision) -> Plain:
    """What the verdict on ``d`` leads with."""
    if d.loss == 0 or d.played == d.best:
        return Plain(BEST)
    if d.chances is not None:
        return Plain(CHANCE)
    if d.reason is None:
        return Plain(BARE)
    kind = dominant(d.reason)
    return Plain(kind, d.reason.best_scored if kind == NOW else 0)
