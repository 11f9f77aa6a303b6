"""How to play in the page: the rules of a preset in their dialog (the text
and drawn examples are ``rules_help``'s, in ``dialog_frames.rules_frame``)."""

from __future__ import annotations

from collections.abc import Callable

from ..paint.events import Listen, PageEvent
from ..paint.listening_page import listen
from ..paint.parts import Effect
from ..paint.writer_page import page
from ..table.looks import Looks
from .dialog_frames import rules_frame


def bind(playing: Callable[[], str], chosen: Callable[[PageEvent], str],
         looks: Callable[[], Looks]) -> None:
    """The header's button shows the rules ``playing`` names (the game on the
    table); the new-game dialog's shows the preset ``chosen`` there (read
    from the dialog's form, which the click names); the
    examples' tiles are drawn as the settings draw them (``looks``)."""
    listen(Listen("click", "#rules-button"), lambda _e: show_rules(playing(), looks()))
    listen(Listen("click", "#ng-rules"), lambda e: show_rules(chosen(e), looks()))


def show_rules(preset: str, looks: Looks) -> None:
    # from the top, whatever was read last time
    page.write(rules_frame(preset, looks),
               [Effect("open", "rules-help"), Effect("scroll-start", "#rules-help")])
