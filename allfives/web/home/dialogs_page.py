"""The new-game and settings dialogs: filling them from a ``Setup`` or
``Settings`` (``dialog_frames``) and reading them back. What the options are
and what the values mean is decided in ``new_game`` and ``table.setup``; this
only moves values between those and the form fields."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..paint.events import Control
from ..paint.parts import Effect, Frame
from ..paint.writer_page import page
from ..table.settings import Settings
from ..table.setup import Setup
from . import new_game as forms
from .dialog_frames import (
    backup_status,
    bot_pause_frame,
    new_game_frame,
    new_game_problem,
    settings_frame,
    table_names_frame,
)


def fill_new_game(setup: Setup) -> None:
    put(new_game_frame(setup))


def open_new_game(setup: Setup) -> None:
    """The new-game dialog, in place of a round-end or game-over panel."""
    page.write({}, [Effect("close", "game-over"), Effect("close", "round-end")])
    fill_new_game(setup)
    page.write(new_game_problem(""), [Effect("open", "new-game")])


def read_new_game(form: Iterable[Control], previous: Setup) -> Setup:
    """The dialog's fields (an event's ``form``) as a Setup
    (``new_game.read_setup`` decides what they mean)."""
    values: dict[str, Any] = {}
    for field in form:
        if not field.name:
            continue
        if field.id == "ng-partnership" and field.disabled:  # the choice, kept unshown
            values[field.name] = bool(field.data.get("chosen"))
        elif field.type in ("radio", "checkbox"):
            if field.checked:
                values[field.name] = field.value if field.type == "radio" else True
        else:
            values[field.name] = field.value
    return forms.read_setup(values, previous)


def refresh_new_game(changed: str, form: Iterable[Control], previous: Setup) -> None:
    """Players or rules changed: offer their hand sizes and target afresh."""
    if changed in ("players", "preset", "mode"):
        fill_new_game(replace(read_new_game(form, previous), hand_size=0, target=0))
    elif changed.startswith("bot"):
        fill_new_game(read_new_game(form, previous))


def rename_table_seats(typed: str, form: Iterable[Control], previous: Setup) -> None:
    """A name typed at a real table: who sets first, whose hand is entered
    and the partners' help line follow it at once (the field keeps focus)."""
    if typed != "name" and not typed.startswith("seatname"):
        return
    setup = read_new_game(form, previous)
    if not setup.at_table:
        return
    put(table_names_frame(setup))


def show_new_game_problem(text: str) -> None:
    page.write(new_game_problem(text))


def fill_settings(settings: Settings) -> None:
    put(settings_frame(settings))


def open_settings(settings: Settings) -> None:
    fill_settings(settings)
    page.write(backup_status(""), [Effect("open", "settings")])


def put(frame: Frame) -> None:
    """A frame of form fields written whole: the person changes the fields,
    so what the writer wrote last is no guide to what they hold."""
    page.forget(*frame)
    page.write(frame)


def read_settings(form: Iterable[Control], previous: Settings) -> Settings:
    """The dialog's fields (an event's ``form``) as Settings; what the dialog
    does not show (mute) is kept."""
    field = {c.id: c for c in form}
    settings = Settings.from_json({
        **previous.to_json(),
        "bot_pause": forms.int_or(field["set-bot-pause"].value, -1),
        "speed": field["set-speed"].value,
        "hand_order": field["set-hand-order"].value,
        "auto_draw": field["set-auto-draw"].checked,
        "undo": field["set-undo"].checked,
        "tally": field["set-tally"].checked,
        "count": field["set-count"].checked,
        "coach": field["set-coach"].value,
        "theme": field["set-theme"].value,
        "faces": field["set-faces"].value,
        "large_tiles": field["set-large-tiles"].checked,
    })
    page.write(bot_pause_frame(settings))
    return settings
