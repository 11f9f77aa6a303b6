"""The Puzzles panel as a frame (``puzzles.frame``): which elements, which
text and hooks, from the progress and the puzzle being solved alone."""

from __future__ import annotations

from dataclasses import replace

from allfives.bots.analysis import EXACT
from allfives.moves import move_text
from allfives.web.draw import render
from allfives.web.draw.board import board_part
from allfives.web.paint.parts import Part, changes
from allfives.web.puzzles import words
from allfives.web.puzzles.frame import PICKED, board_frame, focused, puzzles_frame
from allfives.web.puzzles.progress import NEW, Progress
from allfives.web.puzzles.session import Solving
from allfives.web.table.looks import Looks
from allfives.web.table.words import said_html, unbroken

from ...coach.test_puzzles import some_puzzles

DAY = "2026-11-28"
HOOKS = ("data-puzzle-id", "data-puzzle-kind", "data-puzzle-state", "data-puzzle-rules",
         "data-picked")


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
        ("data-puzzle-state", "solving"), ("data-puzzle-rules", f"{rules.preset}/{rules.players}"),
        ("data-picked", None)))
    assert before["#puzzle-task"] == Part(text=words.task(solving.leads))
    assert before["#puzzle-hand"] == Part(html=render.hand(solving.hand(), "pips"))
    assert before["#puzzle-verdict"] == Part(html="", attrs=(("data-method", None),),
                                             keep_open=True)
    assert before["#puzzle-answer"] == Part(html="", attrs=(("hidden", ""),
                                                            ("data-puzzle-answer", None)))
    assert "#puzzle-board" not in before  # drawn for its box: board_frame

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


def test_a_picked_tile_marks_the_panel_so_escape_puts_it_back_rather_than_closing():
    puzzle = some_puzzles()[0]
    solving = Solving(puzzle, NEW)
    tile = next(t for t in puzzle.view.hand if solving.plays_of(t))
    assert PICKED == "#puzzles[data-picked]"
    solving.click(tile)
    picked = puzzles_frame(Progress(), solving, DAY, "pips")
    assert dict(picked["#puzzles"].attrs)["data-picked"] == ""
    assert solving.cancel() == tile
    back = puzzles_frame(Progress(), solving, DAY, "pips")
    assert dict(back["#puzzles"].attrs)["data-picked"] is None
    solving.click(tile)
    assert solving.choose(solving.plays_of(tile)[0])  # answered: nothing picked
    assert dict(puzzles_frame(Progress(), solving, DAY, "pips")["#puzzles"].attrs)[
        "data-picked"] is None


def test_the_board_is_drawn_for_its_box_once_it_has_one():
    puzzle = some_puzzles()[0]
    solving = Solving(puzzle, NEW)
    looks = Looks(faces="numbers", large=False)
    assert board_frame(solving, looks, None) == {}  # its size not known yet
    assert board_frame(solving, looks, (0, 0)) == {}  # the dialog closed
    assert board_frame(None, looks, (358, 288)) == {}  # no puzzle: puzzles_frame empties it
    frame = board_frame(solving, looks, (358, 288))
    assert frame == {"#puzzle-board": board_part(replace(solving.scene(), drawn=looks), 358, 288)}
    part = frame["#puzzle-board"]
    assert part.html is not None and part.html.count("data-tile=") == sum(
        1 for _s, m, _p in puzzle.view.history if m >= 0)
    _x, _y, w, h = map(float, dict(part.attrs)["viewBox"].split())
    assert abs(w / h - 358 / 288) < 1e-3  # the felt's shape
    wide = dict(board_frame(solving, looks, (800, 288))["#puzzle-board"].attrs)["viewBox"]
    _x, _y, w, h = map(float, wide.split())
    assert abs(w / h - 800 / 288) < 1e-3


def test_focus_goes_to_the_first_playable_tile_then_to_next():
    solving = Solving(some_puzzles()[0], NEW)
    assert focused(solving) == "#puzzle-hand [data-playable=true]"
    assert focused(None) == "#puzzle-next"
    assert solving.choose(solving.puzzle.options[0])
    assert focused(solving) == "#puzzle-next"
