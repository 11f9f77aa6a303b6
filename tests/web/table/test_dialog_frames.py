"""The table's own dialogs as frames (``table.dialog_frames``)."""

from __future__ import annotations

from allfives.web.paint.parts import Part
from allfives.web.table.dialog_frames import aside_frame, confirm_frame
from allfives.web.table.ending import discard_aside


def test_the_question_before_a_game_ends():
    assert confirm_frame(("End the game?", "It is lost.", "End it")) == {
        "#confirm-title": Part(text="End the game?"), "#confirm-text": Part(text="It is lost."),
        "#confirm-go": Part(text="End it")}
    assert confirm_frame(discard_aside())["#confirm-go"] == Part(text=discard_aside()[2])


def test_the_game_put_aside():
    assert aside_frame("Round 2, 35 : 20") == {"#aside-game": Part(text="Round 2, 35 : 20")}
