"""Scores as tally marks, the way seed 002 (pagat's All Fives page) writes them
down: a big X worth 10, each of its two strokes 5; then a small x in each of
its four wedges, two strokes each, until the figure is worth 50 (ten
strokes), and the next figure begins. Pure functions, no browser.

A stroke is always one 5 on the table. With the cribbage divisor every
point is already divided by 5 (seed 002: "15 on the table counts 3"), so
there one point is one stroke and a full figure is 10 points: the same play
adds the same strokes under both scorings, and the cribbage target 61 is six
figures and a stroke. Points below a stroke, which only Punt's blocked-round
bonus makes (one point per 5), are drawn as dots after the figures. A score
below zero is the same marks for its size after a minus sign.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ...errors import RulesError
from ..i18n.catalogs import ngettext

STROKES_PER_FIGURE = 10
FIGURES_PER_ROW = 5
GAP = 0.35  # between figures, in figure widths
MINUS_WIDTH = 0.5
PATH_UNIT = ' pathLength="1"'  # a new stroke's length as 1, for drawing it in
FIGURE_EM = 1.25  # a figure's size on the page, in em (rows of figures keep their size)
_W = 0.09  # half the size of a small x
_WEDGES = ((0.5, 0.21), (0.79, 0.5), (0.5, 0.79), (0.21, 0.5))  # top, right, bottom, left


Segment = tuple[float, float, float, float]  # x1, y1, x2, y2


def _cross(cx: float, cy: float, half: float) -> tuple[Segment, Segment]:
    """An x centred on (cx, cy): the stroke down to the right, then the other."""
    return ((cx - half, cy - half, cx + half, cy + half),
            (cx + half, cy - half, cx - half, cy + half))


# The ten strokes of a figure, in the order they are drawn, in a unit square:
# the big X, then the small x in the top, right, bottom and left wedges.
STROKES: tuple[Segment, ...] = _cross(0.5, 0.5, 0.45) + tuple(
    stroke for cx, cy in _WEDGES for stroke in _cross(cx, cy, _W))
_DOTS = ((0.12, 0.35), (0.38, 0.35), (0.12, 0.65), (0.38, 0.65))
DOTS_WIDTH = 0.5


@dataclass(frozen=True)
class Tally:
    """A score as marks: ``figures`` holds the strokes of each figure (10 for a
    full one, the last may have fewer), ``dots`` the points left below one
    stroke, ``negative`` whether a minus sign comes first."""

    score: int
    per_stroke: int  # points a stroke is worth: 5, or 1 when points are divided by 5
    negative: bool
    figures: tuple[int, ...]
    dots: int

    @property
    def strokes(self) -> int:
        return sum(self.figures)


def tally(score: int, divisor: int = 1) -> Tally:
    """``score`` (after the rules' ``divisor``, 1 or 5) as tally marks.

    >>> tally(55).figures
    (10, 1)
    >>> t = tally(-61, 5)
    >>> t.negative, t.strokes, t.figures[-1]
    (True, 61, 1)
    """
    if divisor not in (1, 5):
        raise RulesError(f"divisor must be 1 or 5, not {divisor!r}")
    per_stroke = 5 // divisor
    strokes, dots = divmod(abs(score), per_stroke)
    full, part = divmod(strokes, STROKES_PER_FIGURE)
    figures = (STROKES_PER_FIGURE,) * full + ((part,) if part else ())
    return Tally(score, per_stroke, score < 0, figures, dots)


def _n(x: float) -> str:
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _slot(index: int, left: float) -> tuple[float, float]:
    """The top-left corner of the ``index``-th figure's square."""
    row, col = divmod(index, FIGURES_PER_ROW)
    return left + col * (1 + GAP), row * (1 + GAP)


def tally_svg(score: int, divisor: int = 1, since: int | None = None) -> str:
    """One side's score drawn as tally figures, rows of five, stroke by
    stroke in drawing order (``data-stroke`` counts them from 1). The root
    carries ``data-tally`` (the score) and ``data-strokes``; it draws in
    ``currentColor`` without any style sheet. ``since``: the score before
    the points just scored; the strokes they added get the class ``new``
    (the page draws them in)."""
    marks = tally(score, divisor)
    old = marks.strokes
    if since is not None and 0 <= score and since < score:
        old = tally(since, divisor).strokes if since >= 0 else 0
    left = MINUS_WIDTH + GAP if marks.negative else 0.0
    parts = []
    if marks.negative:
        parts.append(f'<line class="minus" x1="0" y1="0.5" x2="{_n(MINUS_WIDTH)}" y2="0.5"/>')
    number = 0
    for index, count in enumerate(marks.figures):
        x, y = _slot(index, left)
        for i, (x1, y1, x2, y2) in enumerate(STROKES[:count]):
            number += 1
            size = "big" if i < 2 else "small"
            fresh = number > old
            parts.append(f'<line class="stroke {size}{" new" if fresh else ""}"'
                         f'{PATH_UNIT if fresh else ""} data-stroke="{number}"'
                         f' x1="{_n(x + x1)}" y1="{_n(y + y1)}"'
                         f' x2="{_n(x + x2)}" y2="{_n(y + y2)}"/>')
    slots = len(marks.figures)
    width = left + min(slots, FIGURES_PER_ROW) * (1 + GAP) - GAP if slots else left
    if marks.dots:
        x, y = _slot(slots, left)
        parts.extend(f'<circle class="dot" cx="{_n(x + dx)}" cy="{_n(y + dy)}" r="0.07"/>'
                     for dx, dy in _DOTS[:marks.dots])
        width = max(width, x + DOTS_WIDTH)
        slots += 1
    rows = max(1, -(-slots // FIGURES_PER_ROW))
    height = rows * (1 + GAP) - GAP
    width = max(width, 1.0)
    # Translators: a score drawn as tally marks, as a screen reader names it
    label = ngettext("{n} point", "{n} points", abs(score)).format(n=score)
    return (f'<svg class="tally" data-tally="{score}" data-strokes="{marks.strokes}"'
            f' viewBox="0 0 {_n(width)} {_n(height)}"'
            f' width="{_n(width * FIGURE_EM)}em" height="{_n(height * FIGURE_EM)}em" role="img"'
            f' aria-label="{escape(label)}" stroke="currentColor" fill="currentColor"'
            f' stroke-width="0.06" stroke-linecap="round">{"".join(parts)}</svg>')
