"""Where focus goes when the table is drawn anew, as ``refocus`` effects:
applied by a model of the page's thread (``static/paint.mjs``: each applies
by where focus was as the message came, the first that applies and finds its
element wins), they land where ``HandState.focus_after`` said when the
page's Python read the focus itself."""

from __future__ import annotations

import pytest

from allfives.moves import parse_move
from allfives.tiles import NAMES
from allfives.web.paint.parts import Effect
from allfives.web.play.controller import Controller
from allfives.web.table.focus import TABLE, at_table, hand_drawn_anew, refocus, step
from allfives.web.table.hand import HandState
from allfives.web.table.settings import Settings

from ..tables import scripted_table


def applied(effects: list[Effect], had: set[str], fallen: bool, present: set[str]) -> str | None:
    """Where focus goes (a selector; None: it stays), as paint.mjs applies
    ``effects``: ``had``, what the focused element matched as the message
    came; ``present``, what exists once its changes are written."""
    for e in effects:
        assert e.kind == "refocus"
        fits = bool(had & set(e.text.split(", "))) or e.text == "*" if e.text else fallen
        if fits and e.target in present:
            return e.target
    return None


def hands() -> list[HandState]:
    ctl = Controller(scripted_table(), Settings())
    turn = ctl.hand(ctl.view())
    ctl.play(parse_move("0-6>0-5"))
    return [turn, ctl.hand(ctl.view())]


def tile(t: int) -> str:
    return f'#hand [data-tile="{NAMES[t]}"]'


@pytest.mark.parametrize("hand", hands(), ids=["the person's turn", "the bots' turn"])
def test_a_hand_drawn_anew_keeps_focus_where_focus_after_says(hand):
    present = {tile(t) for t in hand.tiles} | {"#draw", "#pass", "#hand"}
    effects = hand_drawn_anew(hand)
    gone = next(t for t in range(len(NAMES)) if t not in hand.tiles)  # played, say
    for held in [*hand.tiles, gone]:
        had = {tile(held), "#hand"}
        assert applied(effects, had, False, present) == hand.focus_after(held), NAMES[held]
    for where in ("#board", ".controls"):  # elsewhere at the table: where the turn says
        assert applied(effects, {where}, False, present) == hand.focus_after(None)
    assert applied(effects, set(), True, present) == hand.focus_after(None)  # on the page
    assert applied(effects, {"#new-game-button"}, False, present) is None  # elsewhere: stays


def test_refocus_at_table_and_always():
    assert refocus("#a", None, "#b") == [Effect("refocus", "#a"), Effect("refocus", "#b")]
    assert applied(refocus("#a", "#b"), {"#x"}, False, {"#a", "#b"}) is None  # not lost
    assert applied(refocus("#a", "#b"), set(), True, {"#b"}) == "#b"  # the first there
    assert refocus("#a", always=True) == [Effect("refocus", "#a", "*")]
    assert applied(refocus("#a", always=True), {"#x"}, False, {"#a"}) == "#a"
    assert at_table("#draw") == [Effect("refocus", "#draw", TABLE), Effect("refocus", "#draw")]
    assert at_table(None) == []


def test_a_row_steps_from_where_focus_is():
    assert step(["a", "b", "c"], "b", "ArrowRight") == "c"
    assert step(["a", "b", "c"], "a", "ArrowLeft") == "c"
    assert step(["a", "b", "c"], "x", "ArrowRight") == "b"  # from the first
    assert step(["a", "b", "c"], "b", "End") == "c" and step(["a"], "a", "Enter") is None
    assert step([], "", "ArrowRight") is None
