"""The Puzzles panel as a frame (``puzzles.frame``): which elements, which
text and hooks, from the progress and the puzzle being solved alone."""

from __future__ import annotations

from dataclasses import replace

from allfives.bots.analysis import EXACT
from allfives.moves import move_text
from allfives.web.draw import render
from allfives.web.paint.parts import Part, changes
from allfives.web.puzzles import words
from allfives.web.puzzles.frame import puzzles_frame
from allfives.web.puzzles.progress import NEW, Progress
from allfives.web.puzzles.session import Solving
from allfives.web.table.words import said_html, unbroken

from ...coach.test_puzzles import some_puzzles

DAY = "2026-11-28"
HOOKS = ("data-puzzle-id", "data-puzzle-kind", "data-puzzle-state", "data-puzzle-rules")


def test_with_no_puzzle_the_panel_says_why_and_holds_nothing_else():
    frame = puzzles_frame(Progress(), None, DAY, "pips", problem="no puzzles")
    assert frame == {
        "#puzzle-rating": Part(text="Your puzzle rating: shown after 5 more puzzles",
                               attrs=(("data-rating", "1500"), ("data-provisional", "5"))),
        "#puzzle-due": Part(text="", attrs=(("data-due", "0"), ("hidden", ""))),
        "#puzzle-daily-result": Part(text=words.daily_line(None)),
        "#puzzles": Part(attrs=tuple((name, None) for name in HOOKS)),
        "#puzzle-task": Part(text="no puzzles"),
        "#puzzle-situation": Part(text=""),
        "#puzzle-counts": Part(text=""),
        "#puzzle-source": Part(text=""),
        "#puzzle-verdict": Part(html="", attrs=(("data-method", None),)),
        "#puzzle-board": Part(html=""),
        "#puzzle-hand": Part(html=""),
        "#puzzle-answer": Part(html="", attrs=(("hidden", ""), ("data-puzzle-answer", None))),
    }


def test_a_puzzle_being_solved_then_answered_then_rechecked():
    puzzle = some_puzzles()[0]
    solving = Solving(puzzle, NEW)
    rules = puzzle.view.rules
    before = puzzles_frame(Progress(), solving, DAY, "pips")
    assert before["#puzzles"] == Part(attrs=(
        ("data-puzzle-id", puzzle.id), ("data-puzzle-kind", NEW),
        ("data-puzzle-state", "solving"), ("data-puzzle-rules", f"{rules.preset}/{rules.players}")))
    assert before["#puzzle-task"] == Part(text=words.task(solving.leads))
    assert before["#puzzle-hand"] == Part(html=render.hand(solving.hand(), "pips"))
    assert before["#puzzle-verdict"] == Part(html="", attrs=(("data-method", None),),
                                             keep_open=True)
    assert before["#puzzle-answer"] == Part(html="", attrs=(("hidden", ""),
                                                            ("data-puzzle-answer", None)))
    assert "#puzzle-board" not in before  # drawn apart

    wrong = next(m for m in puzzle.options if m not in (puzzle.answer, puzzle.runner_up))
    assert solving.choose(wrong)
    answered = puzzles_frame(Progress(), solving, DAY, "pips", change=-12)
    assert dict(answered["#puzzles"].attrs)["data-puzzle-state"] == "wrong"
    assert answered["#puzzle-rating"].text == words.rating_line(1500, -12, 5)
    filed = solving.shown()
    assert filed is not None
    assert answered["#puzzle-verdict"] == Part(
        html=said_html(words.verdict(puzzle, wrong, filed)), attrs=(("data-method", None),),
        keep_open=True)  # no data-method before the re-check
    assert answered["#puzzle-answer"] == Part(
        html=unbroken(words.answer_line(solving.table(), puzzle.answer)),
        attrs=(("hidden", None), ("data-puzzle-answer", move_text(puzzle.answer))))

    solving.checked = replace(filed, loss=12.5, method=EXACT)
    checked = puzzles_frame(Progress(), solving, DAY, "pips", change=-12)
    assert checked["#puzzle-verdict"].attrs == (("data-method", "exact"),)
    # the re-check coming in rewrites the verdict alone
    assert [k for k, _ in changes(answered, checked)] == ["#puzzle-verdict"]
