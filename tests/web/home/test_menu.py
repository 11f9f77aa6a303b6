"""The header's menu and the start-up shortcuts (``?do=``) decide in plain
Python: which action a key focuses, when the menu closes, what an address asks."""

from __future__ import annotations

import doctest

import pytest

from allfives.web.home import launch as launch_module
from allfives.web.home import menu
from allfives.web.home.launch import launch
from allfives.web.home.menu import Close, Focus, button_key, clicked, menu_key, resolve


@pytest.mark.parametrize("module", [menu, launch_module])
def test_the_examples_hold(module):
    failed, tried = doctest.testmod(module)
    assert tried and not failed


def test_the_button_opens_on_the_first_or_last_action_and_closes():
    assert clicked(expanded=False) == Focus(0)
    assert clicked(expanded=True) == Close(refocus=True)
    assert button_key("ArrowDown", False) == Focus(0)
    assert button_key("ArrowUp", True) == Focus(-1)
    assert resolve(button_key("ArrowUp", False).index, 9) == 8
    assert button_key("Escape", True) == Close(refocus=True)
    # Enter and Space are the button's click; Tab and letters are left alone
    assert [button_key(k, False) for k in ("Enter", " ", "Tab", "d", "Escape")] == [None] * 5


def test_keys_in_the_menu_move_round_it_and_escape_returns_to_the_button():
    count = 9
    index, seen = 0, [0]
    for _ in range(count):
        step = menu_key("ArrowDown", index, count)
        assert isinstance(step, Focus)
        index = step.index
        seen.append(index)
    assert seen == [*range(count), 0]  # every action once, then round again
    assert menu_key("ArrowUp", 0, count) == Focus(count - 1)
    assert menu_key("ArrowRight", 3, count) == Focus(4)
    assert menu_key("ArrowLeft", 3, count) == Focus(2)
    assert menu_key("Home", 5, count) == Focus(0) and menu_key("End", 5, count) == Focus(8)
    assert menu_key("Escape", 5, count) == Close(refocus=True)
    # Tab leaves the menu its own way (the page closes it once focus is out);
    # Enter and Space choose the focused action (its own click)
    assert [menu_key(k, 5, count) for k in ("Tab", "Enter", " ", "x")] == [None] * 4
    assert menu_key("ArrowDown", 0, 0) is None and resolve(0, 0) is None


@pytest.mark.parametrize("value, wanted", [
    ("new", "new"), ("daily", "daily"), ("puzzles", "puzzles"), ("PUZZLES", "puzzles"),
    (" new ", "new"), ("", None), (None, None), ("stats", None), ("new,daily", None),
    ("<script>", None)])
def test_the_address_asks_for_one_of_three_start_up_actions(value, wanted):
    assert launch(value) == wanted
