"""The new-game and settings dialogs: filling them from a ``Setup`` or
``Settings`` (``dialog_frames``) and reading them back. What the options are
and what the values mean is decided in ``new_game`` and ``table.setup``; this
only moves values between those and the form fields."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..paint.events import Control
from ..paint.parts import Effect, Frame
from ..paint.writer_page import page
from ..table.settings import Settings
from ..table.setup import Setup
from .dialog_frames import (
    backup_status,
    bot_pause_frame,
    new_game_frame,
    new_game_problem,
    settings_frame,
    table_names_frame,
)
from .form_values import settings_from_form, setup_from_form


def fill_new_game(setup: Setup) -> None:
    put(new_game_frame(setup))


def open_new_game(setup: Setup) -> None:
    """The new-game dialog, in place of a round-end or game-over panel."""
    page.write({}, [Effect("close", "game-over"), Effect("close", "round-end")])
    fill_new_game(setup)
    page.write(new_game_problem(""), [Effect("open", "new-game")])


def refresh_new_game(changed: str, form: Iterable[Control], previous: Setup) -> None:
    """Players or rules changed: offer their hand sizes and target afresh."""
    if changed in ("players", "preset", "mode"):
        fill_new_game(replace(setup_from_form(form, previous), hand_size=0, target=0))
    elif changed.startswith("bot"):
        fill_new_game(setup_from_form(form, previous))


def rename_table_seats(typed: str, form: Iterable[Control], previous: Setup) -> None:
    """A name typed at a real table: who sets first, whose hand is entered
    and the partners' help line follow it at once (the field keeps focus)."""
    if typed != "name" and not typed.startswith("seatname"):
        return
    setup = setup_from_form(form, previous)
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
    """The settings dialog's fields as Settings, the bot pause's line shown for them."""
    settings = settings_from_form(form, previous)
    page.write(bot_pause_frame(settings))
    return settings
