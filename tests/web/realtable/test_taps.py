"""What a tap or a typed field at a real table says, from the event as a
value (``realtable.taps``): the tiles drawn from the entry form's ``drew``
field, a call, a row's seat and pip step, pips typed."""

from __future__ import annotations

import pytest

from allfives.web.paint.events import Control, Hook, PageEvent
from allfives.web.realtable import taps


def drew_click(count: str) -> PageEvent:
    """A click on Drew as the page's thread sends it: the entry form's fields."""
    return PageEvent("click", "#entry-drew", at=Hook("entry-drew"), form=(
        Control("drew", "number", count, id="entry-drew-count"),))


@pytest.mark.parametrize(("typed", "count"), [
    ("1", 1), ("3", 3), (" 12 ", 12), ("", 1), ("0", 1), ("-2", 1), ("2.5", 1), ("x", 1)])
def test_the_tiles_drawn_come_from_the_entry_form(typed, count):
    assert taps.drew_count(drew_click(typed).submitted()) == count


def test_a_form_without_the_count_is_the_usual_draw():
    assert taps.drew_count({}) == 1


@pytest.mark.parametrize(("value", "call"), [
    ("15", 15), (" 5", 5), ("0", 0), ("", None), (None, None), ("-5", None), ("1e2", None)])
def test_a_call_as_typed(value, call):
    assert taps.called(value) == call


def test_a_row_names_its_seat_and_its_step():
    assert taps.seat_of(Hook("", {"leftSeat": "2"}), "leftSeat") == 2
    assert taps.seat_of(Hook("", {"starter": "0"}), "starter") == 0
    assert taps.seat_of(Hook("", {"seat": "x"})) is None and taps.seat_of(Hook()) is None
    assert taps.pips_step(Hook("", {"pipsStep": "-1", "seat": "3"})) == (3, -1)
    assert taps.pips_step(Hook("", {"pipsStep": "1", "seat": "0"})) == (0, 1)
    assert taps.pips_step(Hook("", {"pipsStep": "2", "seat": "0"})) is None
    assert taps.pips_step(Hook("", {"pipsStep": "1"})) is None


def test_pips_typed_keep_their_text_and_seat():
    typed = PageEvent("input", "#round-left input[data-seat]",
                      at=Hook("", {"seat": "1"}), value="1 2")
    assert taps.pips_typed(typed) == (1, "1 2")  # kept as typed: the keeper reads it
    assert taps.pips_typed(PageEvent("input", "#round-left input[data-seat]",
                                     at=Hook("", {"seat": "1"}))) is None
    assert taps.pips_typed(PageEvent("input", "#round-left input[data-seat]",
                                     at=Hook(), value="3")) is None
