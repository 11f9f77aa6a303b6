"""What the coach says: why it stopped a move, and the better move once shown."""

from __future__ import annotations

from ...coach.tutor import Verdict
from ...moves import move_text
from ..i18n.catalogs import _, ngettext, number
from ..table.table_view import TableView
from ..table.words import move_advice, plural_n
from ..table.words_grades import grade_word
from ..table.words_reasons import reason_words


def stop_words(verdict: Verdict) -> str:
    """``#coach-says``: the move about to be played, the better one, the
    points it would lose and why (as Review will say it), and its grade."""
    d = verdict.decision
    n = plural_n(d.loss)
    if d.reason is not None:
        # Translators: the coach stops a move before it is played: {played}
        # (as 1-6, or 0-5>5-5: tile 0-5 laid on 5-5) would lose {loss} expected
        # points against the expert's choice {best}; {reason} says why, of the
        # move about to be played (as "scored 0 where 5-5 scored 10").
        said = ngettext("You are about to play {played}; the expert prefers {best} "
                        "({loss} point: {reason}).",
                        "You are about to play {played}; the expert prefers {best} "
                        "({loss} points: {reason}).", n)
    else:
        # Translators: the coach stops a move before it is played: {played}
        # (as 1-6, or 0-5>5-5: tile 0-5 laid on 5-5) would lose {loss} expected
        # points against the expert's choice {best}.
        said = ngettext("You are about to play {played}; the expert prefers {best} "
                        "({loss} point lost).",
                        "You are about to play {played}; the expert prefers {best} "
                        "({loss} points lost).", n)
    # Translators: after the coach's sentence: the grade Review gives such a
    # move, as "blunder" (grades: best, good, inaccuracy, mistake, blunder).
    graded = _("Review would grade it: {grade}.").format(grade=grade_word(verdict.grade))
    text = said.format(played=move_text(d.played), best=move_text(d.best), loss=number(d.loss),
                       reason=reason_words(d.reason) if d.reason else "")
    return f"{text} {graded}"


def better_words(view: TableView, verdict: Verdict) -> str:
    """``#hint-text`` once the better move is shown: the move and what it scores now."""
    # Translators: the coach's better move, shown on the table; {advice} is a
    # move like "play 0-6 on 0-5 (+10)" or "lead with 5-5 (+10)"
    return _("Coach: {advice}").format(
        advice=move_advice(view, verdict.decision.best))
