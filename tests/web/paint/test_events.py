"""What a person does, as values: an event crosses from the page's thread as
JSON and is refused when broken; listeners answer the kind and selector they
listen for, in the order they were added, and the page's thread is told of
each place once."""

from __future__ import annotations

import json

import pytest

from allfives.web.paint.events import (
    DRAG,
    Control,
    Draggable,
    File,
    Hook,
    Listen,
    Listeners,
    PageEvent,
    Size,
    event_from_json,
)


def test_an_event_crosses_as_json():
    form = [{"name": "players", "type": "radio", "value": "2", "checked": False},
            {"name": "players", "type": "radio", "value": "3", "checked": True},
            {"name": "target", "type": "number", "value": "61"},
            {"name": "partners", "type": "checkbox", "value": "on", "checked": True,
             "disabled": True, "id": "ng-partnership", "data": {"chosen": "1"}},
            {"name": "teach", "type": "checkbox", "value": "on", "checked": False},
            {"name": "target", "type": "number", "value": "100"}]
    text = json.dumps({"kind": "submit", "selector": "#new-game-form",
                       "at": {"id": "new-game-form", "data": {}}, "form": form,
                       "focus": {"id": "ng-start", "data": {"x": "1"}}})
    event = event_from_json(text)
    assert event.at == Hook("new-game-form") and event.focus == Hook("ng-start", {"x": "1"})
    assert event.form[3] == Control("partners", "checkbox", "on", checked=True, disabled=True,
                                    id="ng-partnership", data={"chosen": "1"})
    # as the form would submit it: the checked radio, no disabled or unchecked box, first value
    assert event.submitted() == {"players": "3", "target": "61"}


def test_a_file_comes_with_its_text_or_its_size_alone():
    event = event_from_json('{"kind": "change", "selector": "#open-record",'
                            ' "file": {"name": "a.json", "size": 2, "text": "{}"}}')
    assert event.file == File("a.json", 2, "{}")
    big = event_from_json('{"kind": "drop", "selector": "body",'
                          ' "file": {"name": "b.json", "size": 9000000, "text": null}}')
    assert big.file == File("b.json", 9000000, None)


def test_a_key_and_a_tile():
    event = event_from_json('{"kind": "keydown", "selector": "#hand [data-tile]",'
                            ' "key": "ArrowLeft", "shift": true,'
                            ' "at": {"id": "", "data": {"tile": "3-5"}}}')
    assert (event.key, event.shift, event.at.data["tile"]) == ("ArrowLeft", True, "3-5")
    assert event.focus == Hook() and event.value is None and event.checked is None


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"kind": "click"}', '{"kind": 1, "selector": "#a"}',
    '{"kind": "input", "selector": "#a", "value": 3}',
    '{"kind": "change", "selector": "#a", "checked": "yes"}',
    '{"kind": "submit", "selector": "#f", "form": [["a"]]}',
    '{"kind": "submit", "selector": "#f", "form": [{"name": "a", "type": "text"}]}',
    '{"kind": "submit", "selector": "#f", "form": {"a": "1"}}',
    '{"kind": "drop", "selector": "body", "file": {"name": "a", "size": -1, "text": null}}',
    '{"kind": "drop", "selector": "body", "file": {"name": "a", "size": 1, "text": 5}}',
    '{"kind": "click", "selector": "#a", "at": {"id": 5}}',
    '{"kind": "click", "selector": "#a", "at": {"id": "a", "data": {"tile": 35}}}',
    '{"kind": "keydown", "selector": "body", "key": null}',
])
def test_a_broken_event_is_refused_with_a_clear_error(text):
    with pytest.raises(ValueError):
        event_from_json(text)


def test_listeners_answer_their_kind_and_place_in_order():
    told: list[Listen] = []
    heard: list[str] = []
    listeners = Listeners(told.append)
    go = Listen("click", "#go")
    listeners.on(go, lambda e: heard.append(f"first {e.at.id}"))
    listeners.on(go, lambda e: heard.append("second"))
    listeners.on(Listen("close", "#go"), lambda e: heard.append("closed"))
    results = listeners.handle(PageEvent("click", "#go", at=Hook("go")))
    assert heard == ["first go", "second"] and results == [None, None]
    assert told == [go, Listen("close", "#go")]  # each place told once
    with pytest.raises(LookupError):
        listeners.handle(PageEvent("click", "#elsewhere"))


def test_one_place_is_listened_for_one_way():
    listeners = Listeners(lambda _l: None)
    listeners.on(Listen("keydown", "body", keys=("d",)), lambda _e: None)
    with pytest.raises(ValueError):
        listeners.on(Listen("keydown", "body", keys=("h",)), lambda _e: None)


def test_a_listen_crosses_as_json():
    one = Listen("keydown", "body", keys=("d", "h"), plain=True, unless="dialog[open]",
                 prevent_when="#hand[data-live]")
    assert json.loads(json.dumps(one.to_json())) == {
        "kind": "keydown", "selector": "body", "keys": ["d", "h"], "plain": True,
        "unless": "dialog[open]", "prevent": False, "prevent_when": "#hand[data-live]",
        "file_limit": 0, "send": True}


def test_a_drag_is_listened_for_with_what_it_drags_and_ends_over_a_target():
    one = Listen(DRAG, "#hand [data-tile]", drag=Draggable("#board [data-target]", "#felt",
                                                             "drop", 8))
    assert json.loads(json.dumps(one.to_json()))["drag"] == {
        "targets": "#board [data-target]", "table": "#felt", "light": "drop", "start_px": 8}
    assert "drag" not in Listen("click", "#a").to_json()  # only a drag says what it drags
    dropped = event_from_json('{"kind": "drag", "selector": "#hand [data-tile]",'
                              ' "at": {"id": "", "data": {"tile": "3-5"}}, "value": "drop",'
                              ' "checked": true,'
                              ' "target": {"id": "", "data": {"move": "3-5>5-5"}}}')
    assert (dropped.value, dropped.checked, dropped.target) == (
        "drop", True, Hook("", {"move": "3-5>5-5"}))
    assert event_from_json('{"kind": "click", "selector": "#a"}').target == Hook()
    with pytest.raises(ValueError):
        event_from_json('{"kind": "drag", "selector": "#a", "target": "#b"}')


def test_a_listen_that_only_prevents_has_no_handler():
    told: list[Listen] = []
    listeners = Listeners(told.append)
    quiet = Listen("dragover", "html", prevent=True, send=False)
    listeners.on(quiet)
    assert told == [quiet]
    with pytest.raises(ValueError):
        listeners.on(Listen("cancel", "#a", prevent=True, send=False), lambda _e: None)
    with pytest.raises(ValueError):
        listeners.on(Listen("click", "#a"))


def test_a_size_comes_exact_and_in_whole_pixels():
    event = event_from_json('{"kind": "size", "selector": "#review-chart",'
                            ' "size": [312.5, 80.25, 312, 80]}')
    assert event.size == Size(312.5, 80.25, 312, 80)
    for broken in ('[1, 2, 3]', '[1, 2, 3, -4]', '[1, 2, 3, "4"]', '[true, 2, 3, 4]'):
        with pytest.raises(ValueError):
            event_from_json(f'{{"kind": "size", "selector": "#a", "size": {broken}}}')


def test_a_click_a_key_made_says_so():
    keyed = event_from_json('{"kind": "click", "selector": "#entry-tiles [data-tile]",'
                            ' "keyed": true, "at": {"id": "", "data": {"tile": "3-5"}}}')
    assert keyed.keyed is True
    assert event_from_json('{"kind": "click", "selector": "#go"}').keyed is False
    assert event_from_json('{"kind": "click", "selector": "#go", "keyed": 1}').keyed is False


def test_an_event_says_when_it_happened_on_the_pages_clock():
    at = event_from_json('{"kind": "click", "selector": "#hand [data-tile]",'
                         ' "at_ms": 1764412345678.25}')
    assert at.at_ms == 1764412345678.25
    assert event_from_json('{"kind": "click", "selector": "#a", "at_ms": 12}').at_ms == 12.0
    # not a time: not known (a window's event has none)
    for broken in ('"12"', "true", "null", "[1]", "Infinity", "NaN"):
        assert event_from_json(
            f'{{"kind": "click", "selector": "#a", "at_ms": {broken}}}').at_ms is None
    assert event_from_json('{"kind": "storage", "selector": ":window"}').at_ms is None
