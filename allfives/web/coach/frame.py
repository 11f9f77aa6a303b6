"""What the coach shows, as frames (``paint.parts``): its state on the page
(``body[data-coach]``) and the dialog that stops a move (``#coach``, its
hooks and words); ``coach_page`` hands them to the page's one writer."""

from __future__ import annotations

from ...bots.analysis import method_hook, reply_counted
from ...coach.tutor import Verdict
from ...moves import move_text
from ...rules import Rules
from ..paint.parts import Frame, Part
from ..table.words import said_html
from .words import stop_words


def state_frame(state: str) -> Frame:
    """``body[data-coach]``: ``advisor``'s state of the analysis."""
    return {"body": Part(attrs=(("data-coach", state),))}


def stop_frame(verdict: Verdict, rules: Rules) -> Frame:
    """``#coach`` stopping a move: the verdict's grade, loss, moves and
    method as hooks, and why it stopped the move."""
    decision = verdict.decision
    return {
        "#coach": Part(attrs=(("data-grade", verdict.grade),
                              ("data-loss", str(decision.loss)),
                              ("data-played", move_text(decision.played)),
                              ("data-best", move_text(decision.best)),
                              ("data-method", method_hook(decision.method)))),
        "#coach-says": Part(html=said_html(stop_words(verdict, rules.divisor,
                                                      reply_counted(rules)))),
    }
