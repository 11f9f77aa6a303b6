"""``allfives review``'s output with grades: the reviewed decisions as a
table with each one's grade and how it was valued (``METHOD_MARKS``), and
each seat's summary (``grades.by_seat``), as text or JSON. English, like the
rest of the command line."""

from __future__ import annotations

from typing import Any

from ..bots.analysis import ESTIMATE, EXACT, KEPT, SCORED, Decision, Reason, biggest_losses
from ..moves import move_text, move_tile
from ..tiles import NAMES
from . import grades

# The table's mark for each way a decision was valued (the JSON's "method").
METHOD_MARKS = {EXACT: "solved", ESTIMATE: "estimate"}


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


def reason_text(reason: Reason | None) -> str:
    """A reason in the command line's English ("" for none); the page's
    ``table.words_reasons.reason_words`` says the same in its language.

    >>> from allfives.moves import parse_move
    >>> reason_text(Reason(KEPT, parse_move("6-6>1-6"), 12))
    'kept 6-6 (12 pips) with the boneyard empty'
    """
    if reason is None:
        return ""
    if reason.kind == SCORED:
        return f"scored {reason.made} where {move_text(reason.best)} scored {reason.other}"
    if reason.kind == KEPT:
        return f"kept {NAMES[move_tile(reason.best)]} ({reason.made} pips) with the boneyard empty"
    return (f"left the next player a chance of {reason.made} ({move_text(reason.best)} left "
            f"{reason.other})")


def format_table(decisions: list[Decision], divisor: int = 1) -> str:
    """The review as a table with each decision's grade and whether its
    values were solved or estimated, then per seat the points lost and the
    worst moves, and the grades' summary.

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
                    f"  {grades.grade(d.loss, divisor):<10}  {METHOD_MARKS[d.method]:<8}"
                    f"  {reason_text(d.reason)}".rstrip())
    for seat, s in grades.by_seat(decisions, divisor).items():
        mine = [d for d in decisions if d.seat == seat]
        worst = ", ".join(f"round {d.round} move {d.move} ({d.loss:.1f})"
                          for d in biggest_losses(mine)[:3])
        rows.append(f"seat {seat}: {len(mine)} decisions, {sum(d.loss for d in mine):.1f} "
                    f"points lost" + (f"; biggest: {worst}" if worst else ""))
        rows.append(summary_line(seat, s))
    return "\n".join(rows)
