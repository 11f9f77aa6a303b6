"""The page layer's rooms in layers, read from the source (AST): a module
imports from its own room or from a room in a lower layer, never up a layer
and never across to a room beside its own; the feature rooms (play, review, realtable,
coach, puzzles, home) never import each other, and only ``app.py`` (and the
bots' ``worker.py``) stand on them. The engine imports no room at all."""

from __future__ import annotations

import pytest

from .imports import MODULES, imported, imported_in

# Lowest first. A room's name is its folder in allfives/web, or a module at
# its top (dom, app, worker).
LAYERS = (
    ("i18n",),  # the catalogs, labels and the page's static text
    ("storage",),  # bounded JSON, the storage keys, backups
    ("dom",),  # the DOM helpers every page module uses
    ("paint",),  # frames as values and the one writer that puts them in the page
    ("table",),  # the shared room: the table, its view, seats, set-up, settings, words, deals
    ("draw", "bots"),  # the table drawn; the bots' worker and its answers
    ("play", "review", "coach", "puzzles", "home", "realtable"),  # the features
    ("app", "worker"),  # the wiring
)
LAYER = {room: level for level, rooms in enumerate(LAYERS) for room in rooms}
WEB = "allfives.web"


def room(name: str) -> str | None:
    """The room of a module of the page layer (None: not in it)."""
    parts = name.split(".")
    return parts[2] if parts[:2] == WEB.split(".") and len(parts) > 2 else None


def wrong_imports(name: str, imports: set[str]) -> list[str]:
    """The imports of module ``name`` that run up a layer or across to a room
    beside its own (for the engine: any room at all)."""
    here = room(name)
    wrong = []
    modules = {m for m in imports if m in MODULES and room(m) is not None}
    # ``from ..play import controller`` names the package and the module: once
    modules -= {m for m in modules if any(n.startswith(f"{m}.") for n in modules)}
    for target in sorted(modules):
        there = room(target)
        if here is None:
            if name.startswith("allfives.") and not name.startswith(("allfives.site", WEB)):
                wrong.append(f"{name} -> {target}: the engine imports the page layer")
        elif there != here and LAYER[there] >= LAYER[here]:
            way = "across" if LAYER[there] == LAYER[here] else "up"
            wrong.append(f"{name} -> {target}: {way} from {here} to {there}")
    return wrong


def test_every_room_has_a_layer():
    rooms = {room(n) for n in MODULES} - {None}
    assert rooms == set(LAYER), rooms ^ set(LAYER)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_only_look_down(name):
    assert wrong_imports(name, imported(MODULES[name])) == []


@pytest.mark.parametrize(("name", "source", "wrong"), [
    ("allfives.web.table.words", "from ..play import controller", "up from table to play"),
    ("allfives.web.review.state", "from ..play.controller import Controller",
     "across from review to play"),
    ("allfives.web.draw.board", "from ..bots import client_page", "across from draw to bots"),
    ("allfives.web.i18n.catalogs", "from ..dom import el", "up from i18n to dom"),
    ("allfives.game", "from .web.table.seats import names", "the engine imports the page layer"),
])
def test_a_planted_import_up_or_across_is_found(name, source, wrong):
    found = wrong_imports(name, imported_in(name, source))
    assert len(found) == 1 and found[0].endswith(wrong), found


def test_imports_down_and_within_a_room_are_fine():
    assert wrong_imports("allfives.web.play.controller", imported_in(
        "allfives.web.play.controller",
        "from ..table.table import Table\nfrom ..draw import board\nfrom . import cues\n"
        "from ...game import Game")) == []
