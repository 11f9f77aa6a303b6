"""The person's own mistakes as puzzles: a decision of theirs that Review
grades a mistake or a blunder becomes a puzzle for later, when it passes the
same test as the shipped ones (``puzzles.refusal``: the best move ahead of
every other by ``MARGIN``, and not the greedy move), on Review's own
valuation of every legal move (one valuation: the page does not sample the
position again, as the generator does)."""

from __future__ import annotations

from collections.abc import Mapping

from ...bots.analysis import Decision, Moment
from ...bots.greedy import GreedyBot
from ...coach.grades import BLUNDER, MISTAKE, grade
from ...coach.puzzles import OWN, Puzzle, margin_of, refusal
from ...coach.rating import START
from ...moves import Move

OWN_RATING = round(START)  # no bot rates the person's own puzzles in the page


def wanted(decision: Decision, divisor: int = 1) -> bool:
    """Whether a reviewed decision lost enough to become a puzzle."""
    return grade(decision.loss, divisor) in (MISTAKE, BLUNDER)


def still_to_value(moment: Moment, decision: Decision) -> list[Move]:
    """The legal moves whose loss the decision does not give (neither the
    move made nor the best): each needs Review's analysis as if made."""
    known = {decision.played, decision.best}
    return [m for m in moment.view.legal_moves() if m not in known]


def own_puzzle(moment: Moment, losses: Mapping[Move, float]) -> Puzzle | None:
    """The decision as a puzzle, from every legal move's loss (as Review's
    decisions give it), or None when it is no puzzle."""
    view = moment.view
    moves = view.legal_moves()
    if any(m not in losses for m in moves):
        return None
    values = [-losses[m] for m in moves]
    greedy = GreedyBot().choose(view)
    if refusal([values], moves, greedy, view.rules.divisor) is not None:
        return None
    answer = moves[max(range(len(moves)), key=values.__getitem__)]
    found = tuple(round(losses[m], 1) for m in moves)
    runner_up = min((m for m in moves if m != answer), key=lambda m: found[moves.index(m)])
    puzzle = Puzzle(view, moment.round, answer, found, margin_of(values), None, OWN_RATING,
                    OWN, moment.played)
    reason = puzzle.why(runner_up)
    return Puzzle(view, moment.round, answer, found, puzzle.margin,
                  None if reason is None else reason.kind, OWN_RATING, OWN, moment.played)
