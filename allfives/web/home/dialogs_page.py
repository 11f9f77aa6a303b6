"""The new-game and settings dialogs: filling them from a ``Setup`` or
``Settings`` and reading them back. What the options are and what the
values mean is decided in ``new_game`` and ``table.setup``; this only moves values
between those and the form fields."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyscript import document

from ..dom import close_dialogs, el, toggle
from ..table.settings import Settings
from ..table.setup import Setup
from . import new_game as forms


def fill_new_game(setup: Setup) -> None:
    for key, line in forms.help_lines(setup).items():
        el(f"ng-help-{key}").textContent = line
    el("ng-name").value = forms.name_field(setup)
    el("ng-name").placeholder = forms.name_placeholder(setup)
    friends = forms.with_friends(setup)
    toggle(el("ng-opponents"), "hidden", friends)  # the fieldset's legend, worded for the table
    toggle(el("ng-others"), "hidden", not friends)
    for radio in document.querySelectorAll('#new-game-form input[name="players"]'):
        radio.checked = str(radio.value) == str(setup.players)
    box = el("ng-partnership")
    box.checked, enabled = forms.partners_box(setup)
    box.disabled = not enabled
    box.dataset.chosen = "true" if setup.partnership else ""  # read back while disabled
    el("ng-presets").innerHTML = forms.preset_options(setup)
    el("ng-hand-size").innerHTML = forms.hand_size_options(setup)
    el("ng-target").value = str(setup.target or setup.default_target())
    el("ng-bots").innerHTML = forms.bot_options(setup)
    for radio in document.querySelectorAll('#new-game-form input[name="mode"]'):
        radio.checked = str(radio.value) == setup.mode
    toggle(el("ng-seats"), "hidden", setup.at_table)  # bots or friends, or people at a real table
    toggle(el("ng-table"), "hidden", not setup.at_table)
    el("ng-table-options").innerHTML = forms.table_options(setup) if setup.at_table else ""


def open_new_game(setup: Setup) -> None:
    """The new-game dialog, in place of a round-end or game-over panel."""
    close_dialogs("game-over", "round-end")
    fill_new_game(setup)
    el("ng-error").textContent = ""
    el("new-game").showModal()


def read_new_game(previous: Setup) -> Setup:
    """The dialog's fields as a Setup (``new_game.read_setup`` decides what they mean)."""
    values: dict[str, Any] = {}
    for node in el("new-game-form").querySelectorAll("input, select"):
        name = str(node.name or "")
        if not name:
            continue
        if node.id == "ng-partnership" and node.disabled:  # the choice, kept unshown
            values[name] = bool(node.dataset.chosen)
        elif str(node.type) in ("radio", "checkbox"):
            if node.checked:
                values[name] = str(node.value) if str(node.type) == "radio" else True
        else:
            values[name] = str(node.value)
    return forms.read_setup(values, previous)


def refresh_new_game(changed: str, previous: Setup) -> None:
    """Players or rules changed: offer their hand sizes and target afresh."""
    if changed in ("players", "preset", "mode"):
        fill_new_game(replace(read_new_game(previous), hand_size=0, target=0))
    elif changed.startswith("bot"):
        fill_new_game(read_new_game(previous))


def rename_table_seats(typed: str, previous: Setup) -> None:
    """A name typed at a real table: who sets first, whose hand is entered
    and the partners' help line follow it at once (the field keeps focus)."""
    if typed != "name" and not typed.startswith("seatname"):
        return
    setup = read_new_game(previous)
    if not setup.at_table:
        return
    labels = forms.seat_labels(setup)
    for option in document.querySelectorAll("#ng-table-first option, #ng-table-known option"):
        seat = forms.int_or(option.value, -1)
        if 0 <= seat < len(labels):
            option.textContent = labels[seat]
    el("ng-help-partnership").textContent = forms.help_lines(setup)["partnership"]


def show_new_game_problem(text: str) -> None:
    el("ng-error").textContent = text


def fill_settings(settings: Settings) -> None:
    el("set-bot-pause").value = str(settings.bot_pause)
    el("set-bot-pause-out").textContent = forms.seconds(settings.bot_pause)
    el("set-speed").value = settings.speed
    el("set-hand-order").value = settings.hand_order
    el("set-auto-draw").checked = settings.auto_draw
    el("set-undo").checked = settings.undo
    el("set-tally").checked = settings.tally
    el("set-count").checked = settings.count
    el("set-coach").value = settings.coach
    el("set-theme").value = settings.theme
    el("set-faces").value = settings.faces
    el("set-large-tiles").checked = settings.large_tiles


def open_settings(settings: Settings) -> None:
    fill_settings(settings)
    el("backup-status").textContent = ""
    el("settings").showModal()


def read_settings(previous: Settings) -> Settings:
    """The dialog's fields as Settings; what the dialog does not show (mute) is kept."""
    settings = Settings.from_json({
        **previous.to_json(),
        "bot_pause": forms.int_or(el("set-bot-pause").value, -1),
        "speed": str(el("set-speed").value),
        "hand_order": str(el("set-hand-order").value),
        "auto_draw": bool(el("set-auto-draw").checked),
        "undo": bool(el("set-undo").checked),
        "tally": bool(el("set-tally").checked),
        "count": bool(el("set-count").checked),
        "coach": str(el("set-coach").value),
        "theme": str(el("set-theme").value),
        "faces": str(el("set-faces").value),
        "large_tiles": bool(el("set-large-tiles").checked),
    })
    el("set-bot-pause-out").textContent = forms.seconds(settings.bot_pause)
    return settings
