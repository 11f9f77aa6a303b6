"""Review's grades in the page's words: each grade's name and colour, and
the reviewed seat's summary of the game (``#review-grades``): accuracy,
average loss, and how many decisions of each grade. The grades themselves
are ``allfives.coach.grades``'s, the same as ``allfives review`` gives."""

from __future__ import annotations

from html import escape

from ...coach.grades import BEST, BLUNDER, GOOD, GRADES, INACCURACY, MISTAKE, Summary
from ..i18n.catalogs import N_, _, ngettext, number, plural_n

GRADE_WORDS = {
    # Translators: marks a reviewed move that was the best one (others show points lost);
    # also the best of the grades a reviewed move gets (good, inaccuracy, mistake, blunder)
    BEST: N_("best"),
    # Translators: the grade of a reviewed move that lost a little against the best, less
    # than an inaccuracy (grades: best, good, inaccuracy, mistake, blunder)
    GOOD: N_("good"),
    # Translators: the grade of a reviewed move that lost a few points against the best
    # (grades: best, good, inaccuracy, mistake, blunder; the words chess programs use)
    INACCURACY: N_("inaccuracy"),
    # Translators: the grade of a reviewed move that lost clearly against the best
    # (grades: best, good, inaccuracy, mistake, blunder; the words chess programs use)
    MISTAKE: N_("mistake"),
    # Translators: the grade of a reviewed move that lost a lot against the best, the
    # worst grade (grades: best, good, inaccuracy, mistake, blunder; as chess programs say)
    BLUNDER: N_("blunder"),
}
# Each grade's colour is the page's (static/style.css, ``svg .grade-NAME``, from
# --grade-best to --grade-blunder); the words always go with them.


def grade_word(name: str) -> str:
    """A grade (``coach.grades.GRADES``) in the page's language."""
    return _(GRADE_WORDS[name])


def swatch(name: str) -> str:
    """A small square of a grade's colour (no meaning of its own: the word follows)."""
    return (f"<svg class='swatch' viewBox='0 0 8 8' aria-hidden='true'>"
            f"<rect width='8' height='8' rx='2' class='grade-{name}'/></svg>")


def summary_html(summary: Summary) -> str:
    """``#review-grades``: the accuracy and the average loss
    (``[data-accuracy][data-average-loss]``), then the number of decisions of
    each grade (``[data-grade-count=G]``, the number in ``data-count``); empty
    before any decision is analysed."""
    if summary.average is None or summary.accuracy is None:
        return ""
    # Translators: the review's accuracy figure of a player's game, from 0 to 100 (100:
    # every decision the best); {accuracy} is a number like 87.5
    accuracy = _("Accuracy: {accuracy} of 100.").format(accuracy=number(summary.accuracy))
    # Translators: the review: the expected points a player's decisions lost on average,
    # {average} a number like 0.42
    average = ngettext("On average {average} point lost a decision.",
                       "On average {average} points lost a decision.",
                       plural_n(summary.average)).format(average=number(summary.average))
    counts = "".join(
        f"<li data-grade-count='{g}' data-count='{n}'>{swatch(g)} "
        f"<span class='grade-name'>{escape(grade_word(g))}</span> <b>{n}</b></li>"
        for g, n in zip(GRADES, summary.counts, strict=True))
    # Translators: names the list of how many decisions got each grade, for screen readers
    label = _("Decisions by grade")
    return (f"<p data-accuracy='{summary.accuracy}' data-average-loss='{summary.average}'>"
            f"<b>{escape(accuracy)}</b> {escape(average)}</p>"
            f"<ul class='grade-counts' aria-label=\"{escape(label)}\">{counts}</ul>")
