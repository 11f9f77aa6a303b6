"""Review's chart: each side's score through the game, position by position
(as Review steps through it), and below it a bar for the points the reviewed
seat lost at each analysed decision, coloured by its grade. An SVG string
drawn here (no library), with a title and a description, and its figures
round by round in a table that only screen readers hear.

Pure: a ``Track`` is read off a game, the chart drawn from it and the
decisions; the page only puts the string into ``#review-chart``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ...bots.analysis import Decision
from ...coach.grades import BLUNDER, CUTOFFS, grade
from ...game import Game
from ..i18n.catalogs import _, number

# The drawing's own units (the viewBox); the SVG scales to its box.
WIDTH, HEIGHT = 600.0, 200.0
LEFT, RIGHT = 34.0, 594.0  # the x axis: the first position to the last
SCORE_TOP, SCORE_BOTTOM = 8.0, 118.0  # the scores: the top of the scale to 0
LOSS_TOP, LOSS_BOTTOM = 132.0, 192.0  # the bars hang from LOSS_TOP; the biggest reaches the bottom
BAR_WIDTH = 6.0  # at most: narrower when the positions are closer than this
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


def track(game: Game) -> Track:
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


@dataclass(frozen=True)
class Scale:
    """Where a position, a score and a loss are drawn."""

    positions: int
    low: int  # the lowest score on the scale (0, or below if a score went below)
    high: int  # the highest: the target, or a score above it
    most_lost: float  # the loss that reaches LOSS_BOTTOM: at least the blunder's cut-off
    blunder: float  # the blunder's cut-off in the game's points

    def x(self, position: float) -> float:
        return LEFT + (RIGHT - LEFT) * position / max(self.positions - 1, 1)

    def y(self, score: float) -> float:
        return SCORE_BOTTOM - (SCORE_BOTTOM - SCORE_TOP) * (score - self.low) / (
            self.high - self.low)

    def bar(self, loss: float) -> float:
        """A loss's bar length."""
        return (LOSS_BOTTOM - LOSS_TOP) * min(loss, self.most_lost) / self.most_lost


def scale(tracked: Track, decisions: Sequence[Decision]) -> Scale:
    every = [s for scores in tracked.scores for s in scores]
    blunder = CUTOFFS[BLUNDER] / tracked.divisor
    return Scale(len(tracked.scores), min([0, *every]), max([tracked.target, *every]),
                 max([blunder, *(d.loss for d in decisions)]), blunder)


def chart_svg(tracked: Track, decisions: Sequence[Decision], sides: Sequence[str],
              mine: int, title: str, description: str) -> str:
    """The chart as an ``svg`` element: a polyline per side
    (``[data-series=score][data-side]``, the reviewed seat's side ``mine``
    drawn first and strongest), a bar per decision that lost points and a dot
    per best one (``[data-round][data-move][data-loss]``, ``data-bar`` the
    grade), the round starts, the target and the blunder's cut-off."""
    s = scale(tracked, decisions)
    out = [f'<svg class="review-chart" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" role="img"'
           f' aria-labelledby="review-chart-title review-chart-desc">'
           f'<title id="review-chart-title">{escape(title)}</title>'
           f'<desc id="review-chart-desc">{escape(description)}</desc>']
    # the frame: 0 and the top of the scale, the loss bars' base and the blunder line
    for score in sorted({0, s.low, s.high}):
        y = _f(s.y(score))
        dash = ' stroke-dasharray="4 3"' if score == tracked.target else ""
        out.append(f'<line data-scale="{score}" x1="{_f(LEFT)}" x2="{_f(RIGHT)}" y1="{y}"'
                   f' y2="{y}" class="axis" stroke-width="0.5"{dash}/>'
                   f'<text x="{_f(LEFT - 3)}" y="{y}" text-anchor="end"'
                   f' dominant-baseline="middle" font-size="9" class="axis">'
                   f"{number(score)}</text>")
    blunder_y = _f(LOSS_TOP + s.bar(s.blunder))
    out.append(f'<line data-scale="loss" x1="{_f(LEFT)}" x2="{_f(RIGHT)}" y1="{_f(LOSS_TOP)}"'
               f' y2="{_f(LOSS_TOP)}" class="axis" stroke-width="0.5"/>'
               f'<line data-scale="blunder" x1="{_f(LEFT)}" x2="{_f(RIGHT)}" y1="{blunder_y}"'
               f' y2="{blunder_y}" class="cut grade-{BLUNDER}" stroke-width="0.5"'
               f' stroke-dasharray="2 3"/>'
               f'<text x="{_f(LEFT - 3)}" y="{blunder_y}" text-anchor="end"'
               f' dominant-baseline="middle" font-size="9" class="axis">'
               f"−{number(s.blunder)}</text>")
    for r, start in enumerate(tracked.starts[1:], 2):
        at = _f(s.x(start))
        out.append(f'<line data-round-start="{r}" x1="{at}" x2="{at}" y1="{_f(SCORE_TOP)}"'
                   f' y2="{_f(LOSS_BOTTOM)}" class="axis" stroke-width="0.5"'
                   f' stroke-dasharray="1 2"/>')
    order = [mine] + [side for side in range(len(sides)) if side != mine]
    for rank, side in reversed(list(enumerate(order))):  # the reviewed side on top
        points = " ".join(f"{_f(s.x(i))},{_f(s.y(scores[side]))}"
                          for i, scores in enumerate(tracked.scores))
        out.append(f'<polyline data-series="score" data-side="{side}" points="{points}"'
                   f' fill="none" class="side-{rank % SIDES_COLOURED}"'
                   f' stroke-width="{2 if side == mine else 1.2}" stroke-linejoin="round"/>')
    step = (RIGHT - LEFT) / max(s.positions - 1, 1)
    width = min(BAR_WIDTH, step * 0.8)
    for d in decisions:
        # between the position the decision was made at and the one it made
        x = s.x(tracked.at(d.round, d.move - 1) + 0.5)
        graded = grade(d.loss, tracked.divisor)
        hooks = (f'data-round="{d.round}" data-move="{d.move}" data-loss="{d.loss}"'
                 f' data-bar="{graded}" class="grade-{graded}"')
        if d.loss > 0:
            out.append(f'<rect {hooks} x="{_f(x - width / 2)}" y="{_f(LOSS_TOP)}"'
                       f' width="{_f(width)}" height="{_f(s.bar(d.loss))}"/>')
        else:
            out.append(f'<circle {hooks} cx="{_f(x)}" cy="{_f(LOSS_TOP)}"'
                       f' r="{_f(min(width / 2, 2))}"/>')
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
    return f"<table class='sr-only' id='review-chart-figures'>{head}{''.join(rows)}</table>"


def legend(sides: Sequence[str], mine: int) -> str:
    """Which line is whose: a swatch of each side's colour and its name."""
    order = [mine] + [side for side in range(len(sides)) if side != mine]
    items = "".join(
        f"<li data-side='{side}'><svg class='swatch' viewBox='0 0 16 4' aria-hidden='true'>"
        f"<rect width='16' height='4' class='side-{rank % SIDES_COLOURED}'/></svg>"
        f" {escape(sides[side])}</li>" for rank, side in enumerate(order))
    return f"<ul class='chart-legend' aria-hidden='true'>{items}</ul>"


def chart(game: Game, decisions: Sequence[Decision], sides: Sequence[str], mine: int,
          name: str, you: bool = False) -> str:
    """``#review-chart``'s contents: the chart, its legend and its figures.
    ``sides`` are the sides' names, ``mine`` the reviewed seat's side,
    ``name`` that seat's name (``you``: the person, spoken to)."""
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
    return (chart_svg(tracked, decisions, sides, mine, title, description)
            + legend(sides, mine) + figures_table(tracked, decisions, sides))
