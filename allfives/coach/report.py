"""``allfives review``'s output with grades: the reviewed decisions as a
table with each one's grade and how it was valued (``method_mark``), and
each seat's summary (``grades.by_seat``), as text or JSON. English, like the
rest of the command line."""

from __future__ import annotations

from typing import Any

from ..bots.analysis import EACH, EXACT, ONE, SIDE, Decision, Reason, biggest_losses
from ..moves import DRAW, LEAD, PASS, Move, move_on, move_text, move_tile
from ..tiles import NAMES
from . import grades


def grading(divisor: int = 1) -> dict[str, Any]:
    """How decisions are graded: each grade's first loss, the accuracy's
    formula, and the rules' divisor (a loss counts ``divisor`` times against both)."""
    return {"cutoffs": {g: grades.CUTOFFS[g] for g in grades.GRADES[1:]},
            "best": "a loss of 0",
            "accuracy": f"100 * exp(-average_loss * divisor / {grades.ACCURACY_SCALE})",
            "divisor": divisor}


def to_json(decisions: list[Decision], divisor: int = 1) -> dict[str, Any]:
    """``allfives review --json``: every decision with its grade (and its
    ``method``: exact or estimate), each seat's summary, and the cut-offs
    and formula used (``divisor``: the rules', as ``grades.grade`` takes it)."""
    return {"decisions": [{**d.to_json(), "grade": grades.grade(d.loss, divisor)}
                          for d in decisions],
            "seats": [{"seat": seat, **s.to_json()}
                      for seat, s in grades.by_seat(decisions, divisor).items()],
            "grading": grading(divisor)}


def summary_line(seat: int, s: grades.Summary) -> str:
    """One seat's grades in a line: "seat 0: accuracy 87.5, 0.42 points lost a
    decision on average; best 20, good 5, inaccuracy 3, mistake 1, blunder 0"."""
    counts = ", ".join(f"{g} {n}" for g, n in zip(grades.GRADES, s.counts, strict=True))
    return (f"seat {seat}: accuracy {s.accuracy}, {s.average:.2f} points lost a decision "
            f"on average; {counts}")


def move_words(move: Move) -> str:
    """A move as the game log names it: "2-5 on 0-5", a lead as its tile, "draw", "pass"."""
    if move == DRAW:
        return "draw"
    if move == PASS:
        return "pass"
    tile = NAMES[move_tile(move)]
    return tile if move_on(move) == LEAD else f"{tile} on {NAMES[move_on(move)]}"


def reason_text(played: Move, reason: Reason | None, against: str = ONE) -> str:
    """Why ``played`` lost, in the command line's English, in three parts that
    add up to the loss ("" for no reason; the reply as ``against`` counts
    it, ``analysis.reply_counted``); the page's
    ``table.words_reasons.parts_words`` says the same in its language.

    >>> from allfives.moves import parse_move as m
    >>> print(reason_text(m("3-3>0-3"), Reason(m("5-5>0-5"), 0, 10, 8.2, 1.0, 11.6)))
    3-3 on 0-3 scores 0 now, 5-5 on 0-5 scores 10; the others score 8.2 in reply to 3-3 on 0-3 \
and 1 in reply to 5-5 on 0-5; 5-5 on 0-5 keeps 11.6 more for later
    """
    if reason is None:
        return ""
    a, b = move_words(played), move_words(reason.best)
    if reason.later == 0:
        later = f"{a} and {b} keep as much for later"
    else:
        later = f"{b if reason.later > 0 else a} keeps {abs(reason.later):g} more for later"
    now = (f"Both moves score {reason.scored} now" if reason.scored == reason.best_scored else
           f"{a} scores {reason.scored} now, {b} scores {reason.best_scored}")
    if against == SIDE:
        reply = side_reply_text(reason.reply, reason.best_reply, a, b)
    elif against == EACH and reason.reply == reason.best_reply:
        reply = f"each other player scores {reason.reply:g} on average in reply either way"
    elif against == EACH:
        reply = (f"each other player scores {reason.reply:g} on average in reply to {a} and "
                 f"{reason.best_reply:g} in reply to {b}")
    elif reason.reply == reason.best_reply:
        reply = f"the others score {reason.reply:g} in reply either way"
    else:
        reply = (f"the others score {reason.reply:g} in reply to {a} and "
                 f"{reason.best_reply:g} in reply to {b}")
    return f"{now}; {reply}; {later}"


def side_reply_text(reply: float, best_reply: float, a: str, b: str) -> str:
    """The reply with partners: how far the other side outscores the mover's.

    >>> print(side_reply_text(13.8, -1.0, "1-3 on 1-5", "2-2 on 2-4"))
    the other side scores 13.8 more than yours in reply to 1-3 on 1-5 and your side \
scores 1 more than the other in reply to 2-2 on 2-4
    """
    def ahead(points: float) -> str:
        return (f"the other side scores {points:g} more than yours" if points >= 0 else
                f"your side scores {-points:g} more than the other")
    if reply == best_reply:
        return f"{ahead(reply)} in reply either way"
    return f"{ahead(reply)} in reply to {a} and {ahead(best_reply)} in reply to {b}"


def chance_text(d: Decision) -> str:
    """Where the game was at stake, the chance of winning it each move left
    ("" elsewhere); the page's ``table.words_reasons.chance_words`` says the
    same in its language.

    >>> from allfives.moves import parse_move as m
    >>> d = Decision(9, 4, 0, m("3-3>0-3"), m("5-5>0-5"), 65.2, 3, chances=(0.412, 0.644))
    >>> print(chance_text(d))
    the game is at stake: 3-3 on 0-3 wins it 41 times in 100, 5-5 on 0-5 64 times
    """
    if d.chances is None or d.played == d.best:
        return ""
    made, best = (round(100 * c) for c in d.chances)
    return (f"the game is at stake: {move_words(d.played)} wins it {made} times in 100, "
            f"{move_words(d.best)} {best} times")


def method_mark(d: Decision, divisor: int = 1) -> str:
    """The table's method column: "solved", or "estimate" with the loss's
    spread ("±2.9", two standard errors) when that spans grades."""
    if d.method == EXACT:
        return "solved"
    low, high = grades.grade_range(d.loss, d.error, divisor)
    return "estimate" + (f" ±{2 * d.error:.1f}" if low != high else "")


def format_table(decisions: list[Decision], divisor: int = 1, against: str = ONE) -> str:
    """The review as a table with each decision's grade and whether its
    values were solved or estimated, then per seat the points lost and the
    worst moves, and the grades' summary; ``divisor`` the rules', ``against``
    as ``analysis.reply_counted``.

    >>> from allfives.moves import parse_move as m
    >>> print(format_table([Decision(1, 2, 0, m("0-5>5-5"), m("0-5>5-5"), 0.0, 3),
    ...                     Decision(1, 4, 0, m("6-6>1-6"), m("3-6>1-6"), 4.5, 2,
    ...                              method=EXACT)]))
    round move seat  played   best      loss options  grade       method    reason
        1    2    0  0-5>5-5  0-5>5-5    0.0       3  best        estimate
        1    4    0  6-6>1-6  3-6>1-6    4.5       2  inaccuracy  solved
    seat 0: 2 decisions, 4.5 points lost; biggest: round 1 move 4 (4.5)
    seat 0: accuracy 63.8, 2.25 points lost a decision on average; best 1, good 0, \
inaccuracy 1, mistake 0, blunder 0
    """
    if not decisions:
        return "No decisions: every move in the record was forced."
    rows = [f"{'round':>5} {'move':>4} {'seat':>4}  {'played':<8} {'best':<8} {'loss':>5}"
            f" {'options':>7}  {'grade':<10}  {'method':<8}  reason"]
    for d in decisions:
        rows.append(f"{d.round:>5} {d.move:>4} {d.seat:>4}  {move_text(d.played):<8}"
                    f" {move_text(d.best):<8} {d.loss:>5.1f} {d.options:>7}"
                    f"  {grades.grade(d.loss, divisor):<10}  {method_mark(d, divisor):<8}"
                    f"  {chance_text(d) or reason_text(d.played, d.reason, against)}".rstrip())
    for seat, s in grades.by_seat(decisions, divisor).items():
        mine = [d for d in decisions if d.seat == seat]
        worst = ", ".join(f"round {d.round} move {d.move} ({d.loss:.1f})"
                          for d in biggest_losses(mine)[:3])
        rows.append(f"seat {seat}: {len(mine)} decisions, {sum(d.loss for d in mine):.1f} "
                    f"points lost" + (f"; biggest: {worst}" if worst else ""))
        rows.append(summary_line(seat, s))
    return "\n".join(rows)
