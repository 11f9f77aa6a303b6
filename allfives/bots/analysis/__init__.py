"""Reviewing a game: every decision a seat made with more than one legal
option, each option valued from that seat's ``PlayerView`` at that moment
(what it could see then, never a hidden tile): exactly where the view hides
nothing and the solve fits its budget (``expert.solved``: 2 players, the
boneyard empty); over every deal of the hidden hands, each solved exactly,
where the boneyard is empty with 3 or 4 players and the deals fit their
budget (``worlds.judge``); the master plays the best move of the same judge
where either decides. Else by the master's search with every option valued
(``estimating``: the master's worlds, weighed by the others' plays, and its
playouts; none cut, as the master's own search cuts the weaker ones). A
decision says which (``EXACT``, ``WORLDS`` or ``ESTIMATE``),
how sure an estimate is (``Decision.error``) and why the move lost, in three
parts that add up to the loss (``Parts``, ``Reason``); where the round can
end the game and the values are chances of winning it (``game_stake``), the
chance each move leaves instead (``Decision.chances``): points scored now or
given away are not what decides there.

A decision's generator is seeded from its place in the record and the view
alone, so the same record always gets the same analysis, in the page's
worker and on the command line, and tiles the seat could not see cannot
change it. Values are ``expert.outcome``'s: the side's expected
points in the rest of the round minus the other sides' mean, with a won
game worth ``WIN_BONUS`` more (docs/RULES.md section 6 for the points), or
where the round can end the game and the rules have a match-equity table,
the chance of winning the game on the same scale (``game_stake``).

In three rooms: the values and their JSON (``decisions``), the decisions of a
game (``moments``), the valuing and judging (``valuing``); the plain reason a
puzzle file gives (``plain_reason``). Re-exported here, where callers take them.
"""

from .decisions import (
    EACH,
    ESTIMATE,
    EXACT,
    ONE,
    SIDE,
    WHOLE,
    WORLDS,
    Best,
    Decision,
    DecisionJSON,
    Exactness,
    Method,
    Moment,
    MomentShare,
    Reason,
    ReplyCount,
    Share,
    Valuation,
    biggest_losses,
    method_hook,
    reply_counted,
)
from .moments import moments
from .plain_reason import PlainWhy, Why, why
from .valuing import (
    MIN_WORLDS,
    REASON_FROM,
    REVIEW_PLAYOUTS,
    Outcomes,
    analyse,
    analysing,
    at_stake,
    best_move,
    best_of,
    estimated,
    estimating,
    judged,
    outcomes,
    review,
    shared_decision,
    valuing,
)

__all__ = [
    "EACH", "ESTIMATE", "EXACT", "MIN_WORLDS", "ONE", "REASON_FROM", "REVIEW_PLAYOUTS", "SIDE",
    "WHOLE", "WORLDS", "Best", "Decision", "DecisionJSON", "Exactness", "Method", "Moment",
    "MomentShare", "Outcomes", "PlainWhy", "Reason", "ReplyCount", "Share", "Valuation", "Why",
    "analyse", "analysing", "at_stake", "best_move", "best_of", "biggest_losses", "estimated",
    "estimating", "judged", "method_hook", "moments", "outcomes", "reply_counted", "review",
    "shared_decision", "valuing", "why",
]
