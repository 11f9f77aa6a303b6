"""The header's menu: on a phone the actions after New game fold into a
disclosure button (``#menu-button``, ``aria-expanded``, ``aria-controls="menu"``)
whose list drops down below the header. What a key or a click means for it is
decided here; ``menu_page`` listens and moves focus.

Keys on the button: Enter, Space (a click) and Down open the menu on its first
action, Up on its last. Keys in the menu: Down and Up (Right and Left too) move
from action to action, wrapping round, Home and End to the first and the last,
Escape closes it and puts focus back on the button; Tab goes on through the
actions and out, and the menu closes once focus has left it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..paint.events import Hook
from ..paint.parts import Effect, Frame, Part
from ..table.focus import FOCUS_KEYS, next_focus

FIRST, LAST = 0, -1  # where focus goes as the menu opens
# What takes focus in the menu (``#menu > button, #menu input``), in order.
ACTIONS = ("daily", "download", "review-button", "open-record", "stats-button",
           "puzzles-button", "rules-button", "settings-button", "keys-button")
IN_MENU = frozenset({"menu", "open-record-label", *ACTIONS})  # every id in #menu
EXPANDED = "#menu-button[aria-expanded=true]"  # while the menu is open
BUTTON_KEYS = ("ArrowDown", "ArrowUp")  # the button's keys (with Escape while open)
MENU_KEYS = ("Escape", "Home", "End", *FOCUS_KEYS)  # the keys that do something in the menu


@dataclass(frozen=True)
class Focus:
    """Focus the menu's action at ``index`` (``LAST``: the last one)."""

    index: int


@dataclass(frozen=True)
class Close:
    """Close the menu; ``refocus``: put focus back on the menu button."""

    refocus: bool


MenuStep = Focus | Close | None


def button_key(key: str, expanded: bool) -> Focus | Close | None:
    """What a key on the menu button does (Enter and Space click it: see ``clicked``).

    >>> button_key("ArrowDown", False), button_key("ArrowUp", False)
    (Focus(index=0), Focus(index=-1))
    >>> button_key("Escape", True), button_key("Escape", False), button_key("x", False)
    (Close(refocus=True), None, None)
    """
    if key == "ArrowDown":
        return Focus(FIRST)
    if key == "ArrowUp":
        return Focus(LAST)
    if key == "Escape" and expanded:
        return Close(refocus=True)
    return None


def clicked(expanded: bool) -> Focus | Close:
    """A click on the menu button (or Enter, Space): open on the first action, or close.

    >>> clicked(False), clicked(True)
    (Focus(index=0), Close(refocus=True))
    """
    return Close(refocus=True) if expanded else Focus(FIRST)


def menu_key(key: str, index: int, count: int) -> MenuStep:
    """What a key does with focus on the menu's action at ``index`` of ``count``.

    >>> menu_key("ArrowDown", 8, 9), menu_key("ArrowUp", 0, 9), menu_key("End", 2, 9)
    (Focus(index=0), Focus(index=8), Focus(index=8))
    >>> menu_key("Escape", 3, 9), menu_key("Tab", 3, 9), menu_key("Enter", 3, 9)
    (Close(refocus=True), None, None)
    """
    if key == "Escape":
        return Close(refocus=True)
    to = next_focus(index, count, key)
    return None if to is None else Focus(to)


def resolve(index: int, count: int) -> int | None:
    """``Focus.index`` as a position in a menu of ``count`` actions (None if empty).

    >>> resolve(-1, 9), resolve(0, 9), resolve(0, 0)
    (8, 0, None)
    """
    return None if count <= 0 else index % count


def index_of(focused: str) -> int:
    """Where in the menu the action with id ``focused`` is (the first: none of them).

    >>> index_of("stats-button"), index_of("open-record"), index_of("mute")
    (4, 3, 0)
    """
    return ACTIONS.index(focused) if focused in ACTIONS else 0


def in_menu(focus: Hook) -> bool:
    """Whether the focus is in the menu, or on nothing (the page's body, an
    empty hook): an action chosen there leaves focus to the menu button."""
    return focus.id in IN_MENU or (not focus.id and not focus.data)


def stepped(step: Focus | Close) -> tuple[Frame, list[Effect]]:
    """What a step shows: the button's ``aria-expanded``, and where focus goes."""
    if isinstance(step, Focus):
        index = resolve(step.index, len(ACTIONS))
        return expanded(True), [] if index is None else [Effect("focus", f"#{ACTIONS[index]}")]
    return expanded(False), [Effect("focus", "#menu-button")] if step.refocus else []


def expanded(now: bool) -> Frame:
    return {"#menu-button": Part(attrs=(("aria-expanded", "true" if now else "false"),))}
