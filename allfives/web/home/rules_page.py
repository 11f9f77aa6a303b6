"""How to play in the page: the rules of a preset in their dialog (the text
and drawn examples are ``rules_help``'s)."""

from __future__ import annotations

from collections.abc import Callable

from ..dom import el, on, show_dialog
from .rules_help import rules_help


def bind(playing: Callable[[], str], chosen: Callable[[], str]) -> None:
    """The header's button shows the rules ``playing`` names (the game on the
    table); the new-game dialog's shows the preset ``chosen`` there."""
    on(el("rules-button"), "click", lambda _e: show_rules(playing()))
    on(el("ng-rules"), "click", lambda _e: show_rules(chosen()))


def show_rules(preset: str) -> None:
    el("rules-help-body").innerHTML = rules_help(preset)
    show_dialog("rules-help")
    el("rules-help").scrollTop = 0
