"""Review's chart: each side's score through the game, position by position
(as Review steps through it), and below it a bar for the points the reviewed
seat lost at each analysed decision, coloured by its grade. An SVG string
drawn here (no library), with a title and a description, and its figures
round by round in a table that only screen readers hear.

Pure: a ``Track`` is read off a game, the chart drawn from it and the
decisions; the page only puts the string into ``#review-chart``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from html import escape
from typing import Literal

from ...bots.analysis import Decision
from ...coach.grades import BLUNDER, CUTOFFS, grade
from ...played import PlayedGame
from ..i18n.catalogs import _, number

# The drawing's units are CSS pixels: the page draws it at its box's width
# (``width``), so the words keep their size on a phone. Two panels, one above the
# other, each with its own scale and labels on the left: the scores, and the
# points lost hanging from 0.
WIDTH = 600.0  # when the box's width is unknown
NARROWEST = 240.0
HEIGHT = 250.0  # room below LOSS_BOTTOM for the label on it
FONT = 12.0  # the labels' size: readable on a phone (the SVG is not scaled down)
CAPTION_Y = 9.0  # the middle of the scores' caption
SCORE_TOP, SCORE_BOTTOM = 25.0, 145.0  # the top of the scores' scale, its bottom
LOSS_CAPTION_Y = 165.0
LOSS_TOP, LOSS_BOTTOM = 181.0, 237.0  # the bars hang from LOSS_TOP; the biggest reaches the bottom
PAD_RIGHT = 8.0
BAR_WIDTH = 6.0  # at most: narrower when the positions are closer than this
TICKS = 5  # the scores' scale has at most this many steps
LEAST_TOP = 10  # the scores' scale reaches at least this high (a game's start)
NEAR_TARGET = 2 / 3  # a score this far to the target puts the target on the scale
# Colours are the page's (static/style.css): the sides' lines ``side-0`` ... ``side-3``
# (the reviewed seat's side first), the frame ``axis``, the grades ``grade-NAME``.
SIDES_COLOURED = 4


@dataclass(frozen=True)
class Track:
    """A game's positions as Review steps through them (each round's deal,
    then the table after each of its moves): each side's score at each
    position, the position where each round starts, and the target."""

    scores: tuple[tuple[int, ...], ...]
    starts: tuple[int, ...]
    target: int
    divisor: int = 1  # the rules': the grades' cut-offs are in points times this

    def at(self, round_: int, move: int) -> int:
        """The position of round ``round_`` (1-based) after ``move`` moves."""
        return self.starts[round_ - 1] + move


def track(game: PlayedGame) -> Track:
    """The scores at every position of ``game``: a round starts with the
    scores the last one ended with, each move adds its points, and the last
    position of a finished round has the round-end points too."""
    scores: list[tuple[int, ...]] = []
    starts: list[int] = []
    now = [0] * game.rules.sides
    for rnd in game.rounds:
        starts.append(len(scores))
        scores.append(tuple(now))
        for seat, _move, points in rnd.history:
            now[game.rules.side_of(seat)] += points
            scores.append(tuple(now))
        if rnd.over:
            now = list(rnd.scores)
            scores[-1] = tuple(now)
    return Track(tuple(scores), tuple(starts), game.rules.target, game.rules.divisor)


def _f(x: float) -> str:
    return f"{x:.1f}"


def signed(value: float) -> str:
    """A label's number, with a true minus sign."""
    return f"−{number(-value)}" if value < 0 else number(value)


def nice_step(span: float) -> int:
    """The smallest step of 1, 2 or 5 times a power of ten that covers
    ``span`` in ``TICKS`` steps."""
    power = 1
    while True:
        for k in (1, 2, 5):
            if k * power * TICKS >= span:
                return k * power
        power *= 10


def score_range(lowest: int, highest: int, target: int) -> tuple[int, int, int]:
    """The scores' scale (low, high, step) for scores from ``lowest`` to
    ``highest``: it fits the scores, so early in a game their lines are not
    flat at the bottom, and reaches the target once a score is near it. 0 is
    always on it."""
    top = max(highest, LEAST_TOP)
    if top >= target * NEAR_TARGET:
        top = max(top, target)
    low = min(lowest, 0)
    step = nice_step(top - low)
    while math.ceil(top / step) - math.floor(low / step) > TICKS:  # the rounding took a step
        step = nice_step(step * TICKS + 1)
    return math.floor(low / step) * step, math.ceil(top / step) * step, step


LabelKind = Literal["caption", "score", "target", "loss"]  # the text's ``data-label``


@dataclass(frozen=True)
class Label:
    """A word on the chart: its text and the middle of its line (``y``)."""

    text: str
    y: float
    kind: LabelKind


def spaced(wanted: Sequence[Label]) -> list[Label]:
    """The labels that keep clear of each other, in order of ``wanted``
    (the first ones matter most): none closer to another than ``FONT``."""
    kept: list[Label] = []
    for label in wanted:
        if all(abs(label.y - other.y) >= FONT for other in kept):
            kept.append(label)
    return kept


@dataclass(frozen=True)
class Scale:
    """Where a position, a score and a loss are drawn, in CSS pixels."""

    positions: int
    low: int  # the lowest score on the scale (0, or below if a score went below)
    high: int  # the highest: a score's step above the scores, or the target
    step: int  # between two of the scale's scores
    target: int
    most_lost: float  # the loss that reaches LOSS_BOTTOM: at least the blunder's cut-off
    blunder: float  # the blunder's cut-off in the game's points
    width: float = WIDTH

    @cached_property
    def left(self) -> float:
        """Where the positions start: right of the widest label."""
        widest = max(len(label.text) for label in self.labels() if label.kind != "caption")
        return round(widest * FONT * 0.62 + 8, 1)

    @property
    def right(self) -> float:
        return self.width - PAD_RIGHT

    def x(self, position: float) -> float:
        return self.left + (self.right - self.left) * position / max(self.positions - 1, 1)

    def y(self, score: float) -> float:
        return SCORE_BOTTOM - (SCORE_BOTTOM - SCORE_TOP) * (score - self.low) / (
            self.high - self.low)

    def bar(self, loss: float) -> float:
        """A loss's bar length."""
        return (LOSS_BOTTOM - LOSS_TOP) * min(loss, self.most_lost) / self.most_lost

    def ticks(self) -> range:
        return range(self.low, self.high + self.step, self.step)

    def on_scale(self, score: int) -> bool:
        return self.low <= score <= self.high

    def labels(self) -> list[Label]:
        """The scales' labels, clear of each other: the scores' 0 and the
        target first, then the other steps; the losses' 0, the blunder's
        cut-off, then the biggest loss on the scale."""
        target = [Label(signed(self.target), self.y(self.target), "target")
                  if self.on_scale(self.target) else None]
        scores = [Label(signed(0), self.y(0), "score"), *filter(None, target),
                  *(Label(signed(t), self.y(t), "score") for t in self.ticks() if t)]
        losses = [Label(signed(0), LOSS_TOP, "loss"),
                  Label(signed(-self.blunder), LOSS_TOP + self.bar(self.blunder), "loss"),
                  Label(signed(-round(self.most_lost, 1)), LOSS_BOTTOM, "loss")]
        return spaced(scores) + spaced(losses)


def scale(tracked: Track, decisions: Sequence[Decision], width: float = WIDTH) -> Scale:
    every = [s for scores in tracked.scores for s in scores]
    low, high, step = score_range(min(every, default=0), max(every, default=0), tracked.target)
    blunder = CUTOFFS[BLUNDER] / tracked.divisor
    return Scale(len(tracked.scores), low, high, step, tracked.target,
                 max([blunder, *(d.loss for d in decisions)]), blunder,
                 max(width, NARROWEST) if width > 0 else WIDTH)


def captions(target: int) -> list[Label]:
    """The panels' names: the scores (and the target), the points lost."""
    # Translators: the caption of the review chart's upper panel: each side's score,
    # in a game played to {target} points
    scores = _("Scores (game to {target})").format(target=number(target))
    return [Label(scores, CAPTION_Y, "caption"), Label(_("Points lost"), LOSS_CAPTION_Y,
                                                       "caption")]


def _text(label: Label, x: float, anchor: str) -> str:
    return (f'<text x="{_f(x)}" y="{_f(label.y)}" text-anchor="{anchor}"'
            f' dominant-baseline="middle" font-size="{FONT:g}" class="axis"'
            f' data-label="{label.kind}">{escape(label.text)}</text>')


def _rule(hook: str, y: float, s: Scale, cls: str = "axis", dash: str = "") -> str:
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line data-scale="{hook}" x1="{_f(s.left)}" x2="{_f(s.right)}" y1="{_f(y)}"'
            f' y2="{_f(y)}" class="{cls}" stroke-width="{1 if hook == "0" else 0.5}"{dashed}/>')


def frame(tracked: Track, s: Scale) -> list[str]:
    """The panels' captions, scales and labels, and the round starts."""
    out = [_text(c, 0, "start") for c in captions(tracked.target)]
    out += [_rule(str(t), s.y(t), s) for t in s.ticks() if t != tracked.target]
    if s.on_scale(tracked.target):
        out.append(_rule("target", s.y(tracked.target), s, dash="4 3"))
    out.append(_rule("loss", LOSS_TOP, s))
    out.append(_rule("blunder", LOSS_TOP + s.bar(s.blunder), s, f"cut grade-{BLUNDER}", "2 3"))
    out += [_text(label, s.left - 4, "end") for label in s.labels()]
    for r, start in enumerate(tracked.starts[1:], 2):
        at = _f(s.x(start))
        out.append(f'<line data-round-start="{r}" x1="{at}" x2="{at}" y1="{_f(SCORE_TOP)}"'
                   f' y2="{_f(LOSS_BOTTOM)}" class="axis" stroke-width="0.5"'
                   f' stroke-dasharray="1 2"/>')
    return out


def chart_svg(tracked: Track, decisions: Sequence[Decision], sides: Sequence[str],
              mine: int, title: str, description: str, width: float = WIDTH) -> str:
    """The chart as an ``svg`` element ``width`` CSS pixels wide: a polyline
    per side (``[data-series=score][data-side]``, the reviewed seat's side
    ``mine`` drawn first and strongest), a bar per decision that lost points
    and a dot per best one (``[data-round][data-move][data-loss]``,
    ``data-bar`` the grade), the round starts, the target and the blunder's
    cut-off, each panel with its own labels."""
    s = scale(tracked, decisions, width)
    out = [f'<svg class="review-chart" viewBox="0 0 {s.width:g} {HEIGHT:g}" role="img"'
           f' aria-labelledby="review-chart-title review-chart-desc">'
           f'<title id="review-chart-title">{escape(title)}</title>'
           f'<desc id="review-chart-desc">{escape(description)}</desc>', *frame(tracked, s)]
    order = [mine] + [side for side in range(len(sides)) if side != mine]
    for rank, side in reversed(list(enumerate(order))):  # the reviewed side on top
        points = " ".join(f"{_f(s.x(i))},{_f(s.y(scores[side]))}"
                          for i, scores in enumerate(tracked.scores))
        out.append(f'<polyline data-series="score" data-side="{side}" points="{points}"'
                   f' fill="none" class="side-{rank % SIDES_COLOURED}"'
                   f' stroke-width="{2 if side == mine else 1.2}" stroke-linejoin="round"/>')
    step = (s.right - s.left) / max(s.positions - 1, 1)
    bar_width = min(BAR_WIDTH, step * 0.8)
    for d in decisions:
        # between the position the decision was made at and the one it made
        x = s.x(tracked.at(d.round, d.move - 1) + 0.5)
        graded = grade(d.loss, tracked.divisor)
        hooks = (f'data-round="{d.round}" data-move="{d.move}" data-loss="{d.loss}"'
                 f' data-bar="{graded}" class="grade-{graded}"')
        if d.loss > 0:
            out.append(f'<rect {hooks} x="{_f(x - bar_width / 2)}" y="{_f(LOSS_TOP)}"'
                       f' width="{_f(bar_width)}" height="{_f(s.bar(d.loss))}"/>')
        else:
            out.append(f'<circle {hooks} cx="{_f(x)}" cy="{_f(LOSS_TOP)}"'
                       f' r="{_f(min(bar_width / 2, 2))}"/>')
    out.append("</svg>")
    return "".join(out)


def figures_table(tracked: Track, decisions: Sequence[Decision], sides: Sequence[str]) -> str:
    """The chart's figures as text, round by round: the scores after the
    round (or so far), and the reviewed seat's decisions and points lost in it."""
    # Translators: the caption of a table only screen readers hear: the review
    # chart's figures, one row per round
    caption = _("The chart in figures, round by round")
    # Translators: a column heading: the round's number
    round_ = _("Round")
    # Translators: a column heading: how many decisions the reviewed player made
    made = _("Decisions")
    # Translators: a column heading: the expected points those decisions lost
    lost = _("Points lost")
    head = (f"<caption>{escape(caption)}</caption><tr><th scope='col'>{escape(round_)}</th>"
            + "".join(f"<th scope='col'>{escape(name)}</th>" for name in sides)
            + f"<th scope='col'>{escape(made)}</th><th scope='col'>{escape(lost)}</th></tr>")
    ends = [start - 1 for start in tracked.starts[1:]] + [len(tracked.scores) - 1]
    rows = []
    for r, end in enumerate(ends, 1):
        mine = [d for d in decisions if d.round == r]
        rows.append(f"<tr data-figures-round='{r}'><th scope='row'>{r}</th>"
                    + "".join(f"<td>{number(score)}</td>" for score in tracked.scores[end])
                    + f"<td>{len(mine)}</td><td>{number(sum(d.loss for d in mine), 1)}</td>"
                    + "</tr>")
    # in a box that hides it: a table is as wide as its cells, whatever its own width and
    # overflow say, and a German one made Review scroll sideways on a phone
    return (f"<div class='sr-only'><table id='review-chart-figures'>{head}{''.join(rows)}"
            "</table></div>")


def legend(sides: Sequence[str], mine: int) -> str:
    """Which line is whose: a swatch of each side's colour and its name."""
    order = [mine] + [side for side in range(len(sides)) if side != mine]
    items = "".join(
        f"<li data-side='{side}'><svg class='swatch' viewBox='0 0 16 4' aria-hidden='true'>"
        f"<rect width='16' height='4' class='side-{rank % SIDES_COLOURED}'/></svg>"
        f" {escape(sides[side])}</li>" for rank, side in enumerate(order))
    return f"<ul class='chart-legend' aria-hidden='true'>{items}</ul>"


def chart(game: PlayedGame, decisions: Sequence[Decision], sides: Sequence[str], mine: int,
          name: str, you: bool = False, width: float = WIDTH) -> str:
    """``#review-chart``'s contents: the chart (``width`` CSS pixels wide), its
    legend and its figures. ``sides`` are the sides' names, ``mine`` the
    reviewed seat's side, ``name`` that seat's name (``you``: the person,
    spoken to)."""
    tracked = track(game)
    # Translators: the title of the review's chart
    title = _("The score and the points lost, move by move")
    if you:
        # Translators: the review chart described for screen readers
        description = _("A line for each side's score after every move, with the rounds "
                        "marked off; below, a bar for the points you lost at each of your "
                        "decisions, coloured by its grade.")
    else:
        # Translators: the review chart described for screen readers; {name} is a player's
        # name
        description = _("A line for each side's score after every move, with the rounds "
                        "marked off; below, a bar for the points {name} lost at each of "
                        "their decisions, coloured by its grade.").format(name=name)
    return (chart_svg(tracked, decisions, sides, mine, title, description, width)
            + legend(sides, mine) + figures_table(tracked, decisions, sides))
