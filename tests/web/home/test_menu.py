"""The header's menu and the start-up shortcuts (``?do=``) decide in plain
Python: which action a key focuses, when the menu closes, what an address asks."""

from __future__ import annotations

import doctest
from html.parser import HTMLParser
from pathlib import Path

import pytest

from allfives.web.home import launch as launch_module
from allfives.web.home import menu
from allfives.web.home.launch import launch
from allfives.web.home.menu import (
    ACTIONS,
    IN_MENU,
    MENU_KEYS,
    Close,
    Focus,
    button_key,
    clicked,
    in_menu,
    menu_key,
    resolve,
    stepped,
)
from allfives.web.paint.events import Hook
from allfives.web.paint.parts import Effect, Part

ROOT = Path(__file__).resolve().parents[3]


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


class _Menu(HTMLParser):
    """index.html's ``#menu``: the ids of what takes focus in it
    (``#menu > button, #menu input``), in order, and every id in it."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # inside #menu: how deep
        self.actions: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if named.get("id") == "menu":
            self.depth = 1
            self.ids.add("menu")
            return
        if not self.depth:
            return
        if (tag == "button" and self.depth == 1) or tag == "input":
            self.actions.append(named.get("id") or "")
        self.ids.add(named.get("id") or "")
        if tag not in ("input", "br", "img"):
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in ("input", "br", "img"):
            self.depth -= 1


def test_the_menus_actions_are_index_htmls_in_order():
    parser = _Menu()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert parser.actions == list(ACTIONS)
    assert parser.ids - {""} == IN_MENU  # every element in it that may hold the focus named


def test_a_step_writes_aria_expanded_and_moves_the_focus():
    assert stepped(Focus(0)) == ({"#menu-button": Part(attrs=(("aria-expanded", "true"),))},
                                 [Effect("focus", "#daily")])
    assert stepped(Focus(-1))[1] == [Effect("focus", "#keys-button")]
    assert stepped(Close(refocus=True)) == (
        {"#menu-button": Part(attrs=(("aria-expanded", "false"),))},
        [Effect("focus", "#menu-button")])
    assert stepped(Close(refocus=False)) == (
        {"#menu-button": Part(attrs=(("aria-expanded", "false"),))}, [])


def test_an_action_chosen_leaves_focus_to_the_button_only_from_the_menu_or_nothing():
    assert in_menu(Hook("download")) and in_menu(Hook("open-record"))
    assert in_menu(Hook())  # the page's body: nothing has the focus
    assert not in_menu(Hook("stats-close")) and not in_menu(Hook("menu-button"))
    assert not in_menu(Hook("", {"tile": "2-3"}))  # a tile of the hand took it


def test_the_keys_the_page_prevents_in_the_menu_are_those_that_do_something():
    for key in MENU_KEYS:
        assert menu_key(key, 3, len(ACTIONS)) is not None, key
    assert [menu_key(k, 3, len(ACTIONS)) for k in ("Tab", "Enter", " ", "a")] == [None] * 4
