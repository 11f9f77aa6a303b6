"""The new-game and settings dialogs' fields, as an event brings them
(``paint.events.Control``), read back as a ``Setup`` or ``Settings``. What
the values mean is decided in ``new_game.read_setup`` and ``Settings``; this
only takes each field's value the way the browser's form would."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..paint.events import Control
from ..table.settings import Settings
from ..table.setup import Setup
from .new_game import int_or, read_setup


def setup_from_form(form: Iterable[Control], previous: Setup) -> Setup:
    """The new-game dialog's named fields: a radio's value when checked, a
    check box as True when checked, any other field's value. The partners'
    box, disabled while it cannot be chosen, keeps the choice it shows."""
    values: dict[str, Any] = {}
    for field in form:
        if not field.name:
            continue
        if field.id == "ng-partnership" and field.disabled:
            values[field.name] = bool(field.data.get("chosen"))
        elif field.type in ("radio", "checkbox"):
            if field.checked:
                values[field.name] = field.value if field.type == "radio" else True
        else:
            values[field.name] = field.value
    return read_setup(values, previous)


def settings_from_form(form: Iterable[Control], previous: Settings) -> Settings:
    """The settings dialog's fields (by id) as Settings; what the dialog does
    not show (mute, the language) is kept from ``previous``."""
    field = {c.id: c for c in form}
    return Settings.from_json({
        **previous.to_json(),
        "bot_pause": int_or(field["set-bot-pause"].value, -1),
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
