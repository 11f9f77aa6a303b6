"""What the Puzzles panel shows, as a frame (``paint.parts``) made from the
progress and the puzzle being solved; ``puzzles_page`` hands it to the
page's one writer, with the board drawn for its box (``board_frame``)."""

from __future__ import annotations

from dataclasses import replace

from ...bots.analysis import method_hook
from ...moves import move_text
from ..draw import render
from ..draw.board import board_part
from ..paint.parts import Frame, Part, flag, shown
from ..table.looks import Looks
from ..table.words import said_html, unbroken
from . import words
from .progress import Progress
from .session import Solving

PANEL_HOOKS = ("data-puzzle-id", "data-puzzle-kind", "data-puzzle-state", "data-puzzle-rules",
               "data-picked")
# While a tile is picked: Escape puts it back, and the page's thread keeps
# the dialog from closing (``Listen.prevent_when``).
PICKED = "#puzzles[data-picked]"


def puzzles_frame(progress: Progress, solving: Solving | None, day: str, faces: str,
                  change: int | None = None, problem: str = "") -> Frame:
    """The panel on ``day``: the rating (``change``: its change at the last
    answer), the puzzles due, the daily puzzle's result, and the puzzle being
    solved (none: ``problem`` says why, the rest is empty): its hooks on
    ``#puzzles``, its words, the mover's tiles, the verdict once answered
    (its "Why" kept open when it comes again with the re-check, with
    ``data-method`` once that is in) and the answer."""
    rating = progress.rating.shown()
    due = len(progress.due(day))
    frame: Frame = {
        "#puzzle-rating": Part(text=words.rating_line(rating, change, progress.provisional),
                               attrs=(("data-rating", str(rating)),
                                      ("data-provisional", str(progress.provisional)))),
        "#puzzle-due": Part(text=words.due_line(due) if due else "",
                            attrs=(("data-due", str(due)), shown(bool(due)))),
        "#puzzle-daily-result": Part(text=words.daily_line(progress.daily_result(day))),
    }
    if solving is None:
        return frame | {
            "#puzzles": Part(attrs=tuple((name, None) for name in PANEL_HOOKS)),
            "#puzzle-task": Part(text=problem),
            "#puzzle-situation": Part(text=""),
            "#puzzle-counts": Part(text=""),
            "#puzzle-source": Part(text=""),
            "#puzzle-verdict": Part(html="", attrs=(("data-method", None),)),
            "#puzzle-board": Part(html=""),
            "#puzzle-hand": Part(html=""),
            "#puzzle-answer": Part(html="", attrs=(shown(False), ("data-puzzle-answer", None))),
        }
    puzzle = solving.puzzle
    state = "solving" if solving.right is None else ("right" if solving.right else "wrong")
    rules = puzzle.view.rules
    answered = solving.chosen is not None
    return frame | {
        "#puzzles": Part(attrs=(("data-puzzle-id", puzzle.id),
                                ("data-puzzle-kind", solving.kind),
                                ("data-puzzle-state", state),
                                ("data-puzzle-rules", f"{rules.preset}/{rules.players}"),
                                ("data-picked", flag(solving.selected is not None)))),
        "#puzzle-task": Part(text=words.task(solving.leads)),
        "#puzzle-situation": Part(text=words.situation(puzzle)),
        "#puzzle-counts": Part(text=words.counts(puzzle)),
        "#puzzle-source": Part(text=words.source(solving.kind, puzzle, day)),
        "#puzzle-verdict": verdict_part(solving),
        "#puzzle-hand": Part(html=render.hand(solving.hand(), faces)),
        "#puzzle-answer": Part(
            html=unbroken(words.answer_line(solving.table(), puzzle.answer)) if answered else "",
            attrs=(shown(answered),
                   ("data-puzzle-answer", move_text(puzzle.answer) if answered else None))),
    }


def board_frame(solving: Solving | None, looks: Looks, box: tuple[int, int] | None) -> Frame:
    """``#puzzle-board``: the puzzle being solved drawn for its ``box`` (whole
    CSS pixels), the tiles as ``looks`` says; nothing while the box is
    unknown or empty (a closed dialog: it is drawn once its size comes)."""
    if solving is None or box is None or min(box) <= 0:
        return {}
    return {"#puzzle-board": board_part(replace(solving.scene(), drawn=looks), *box)}


def focused(solving: Solving | None) -> str:
    """Where focus goes as a puzzle is shown: the first tile that can be
    played, or Next once answered (or with no puzzle)."""
    hand = solving.hand() if solving is not None else None
    if hand is not None and hand.active and any(t in hand.playable for t in hand.tiles):
        return "#puzzle-hand [data-playable=true]"
    return "#puzzle-next"


def verdict_part(solving: Solving) -> Part:
    """``#puzzle-verdict``: empty before an answer, with ``data-method`` once
    the re-check is in."""
    decision = solving.shown()
    html = "" if decision is None or solving.chosen is None else said_html(
        words.verdict(solving.puzzle, solving.chosen, decision))
    checked = decision is not None and solving.checked is not None
    return Part(html=html, keep_open=True,
                attrs=(("data-method", method_hook(decision.method)
                        if checked and decision is not None else None),))
