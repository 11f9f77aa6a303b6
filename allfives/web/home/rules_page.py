"""How to play in the page: the rules of a preset in their dialog (the text
and drawn examples are ``rules_help``'s)."""

from __future__ import annotations

from collections.abc import Callable

from ..dom import el, on, show_dialog
from ..table.looks import Looks
from .rules_help import rules_help


def bind(playing: Callable[[], str], chosen: Callable[[], str],
         looks: Callable[[], Looks]) -> None:
    """The header's button shows the rules ``playing`` names (the game on the
    table); the new-game dialog's shows the preset ``chosen`` there; the
    examples' tiles are drawn as the settings draw them (``looks``)."""
    on(el("rules-button"), "click", lambda _e: show_rules(playing(), looks()))
    on(el("ng-rules"), "click", lambda _e: show_rules(chosen(), looks()))


def show_rules(preset: str, looks: Looks) -> None:
    el("rules-help-body").innerHTML = rules_help(preset, looks)
    show_dialog("rules-help")
    el("rules-help").scrollTop = 0
