"""What the coach says: why it stopped a move, and the better move once shown."""

from __future__ import annotations

from ...bots.analysis import ONE
from ...coach.tutor import Verdict
from ..i18n.catalogs import _
from ..table.table_view import TableView
from ..table.words import move_advice
from ..table.words_grades import grade_word
from ..table.words_reasons import Said, method_words, move_name, plain_words, verdict_words


def stop_words(verdict: Verdict, divisor: int = 1, against: str = ONE) -> Said:
    """``#coach-says``: the move about to be played and the plain better move
    (``words_reasons.plain_words``); why and how much it would lose (as Review
    will say it, ``divisor`` the rules', ``against`` as
    ``analysis.reply_counted``), its grade, and whether that was solved or
    estimated are the ``why``."""
    d = verdict.decision
    # Translators: the coach stops a move before it is played: {played} (as "1-6", or
    # "0-5 on 5-5": tile 0-5 laid on 5-5); a plain sentence on the better move follows
    # ("Better: 5-5. It scores 10 now.")
    said = _("You are about to play {played}.").format(played=move_name(d.played))
    # Translators: after the coach's sentence: the grade Review gives such a
    # move, as "blunder" (grades: best, good, inaccuracy, mistake, blunder).
    graded = _("Review would grade it: {grade}.").format(grade=grade_word(verdict.grade))
    return Said(f"{said} {plain_words(d, against)}",
                f"{verdict_words(d, divisor, against)} {graded} {method_words(d.method)}")


def better_words(view: TableView, verdict: Verdict) -> str:
    """``#hint-text`` once the better move is shown: the move and what it scores now."""
    # Translators: the coach's better move, shown on the table; {advice} is a
    # move like "play 0-6 on 0-5 (+10)" or "lead with 5-5 (+10)"
    return _("Coach: {advice}").format(
        advice=move_advice(view, verdict.decision.best))
