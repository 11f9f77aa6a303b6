"""Frames as values: ``changes`` writes only what differs, and writing the
changes leaves the page as writing the whole frame would (a model of the
page's elements, no browser)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from allfives.web.paint.parts import (
    Effect,
    Part,
    changes,
    copy_link,
    effects_from_json,
    effects_to_json,
    flag,
    frame_from_json,
    frame_to_json,
    merged,
    shown,
    slide_effect,
)


def test_a_first_frame_is_written_whole():
    now = {"#status": Part(html="<b>Your turn</b>"), "#undo": Part(attrs=(shown(False),))}
    assert changes({}, now) == list(now.items())


def test_only_what_differs_is_written():
    last = {"#scores": Part(html="12 : 5", attrs=(("data-x", "1"), ("hidden", None))),
            "#log": Part(text="a")}
    now = {"#scores": Part(html="12 : 5", attrs=(("data-x", "2"), ("hidden", None))),
           "#log": Part(text="a")}
    assert changes(last, now) == [("#scores", Part(attrs=(("data-x", "2"),)))]


def test_a_class_and_a_property_are_written_when_they_change():
    last = {"#hand .t": Part(classes=(("selected", False),), props=(("value", "a"),))}
    now = {"#hand .t": Part(classes=(("selected", True),), props=(("value", "a"),))}
    assert changes(last, now) == [("#hand .t", Part(classes=(("selected", True),)))]


def test_what_lies_inside_a_rewritten_element_is_written_whole():
    last = {"#hand": Part(html="<button class=t></button>"),
            "#hand .t": Part(classes=(("selected", True),))}
    now = {"#hand": Part(html="<button class=t>new</button>"),
           "#hand .t": Part(classes=(("selected", True),))}
    assert changes(last, now) == list(now.items())
    # an element whose name only starts alike is not inside it
    other = {"#handy": Part(text="x")}
    assert changes(other | last, other | now)[0][0] == "#hand"


def test_the_known_page_forgets_what_lay_inside_a_rewritten_element():
    last = {"#hand": Part(html="a"), "#hand .t": Part(classes=(("selected", True),))}
    assert merged(last, {"#hand": Part(html="b")}) == {"#hand": Part(html="b")}
    assert merged(last, {"#hand .t": Part(attrs=(("x", "1"),))})["#hand .t"] == Part(
        classes=(("selected", True),), attrs=(("x", "1"),))


def test_a_part_holds_html_or_text_not_both():
    with pytest.raises(ValueError):
        Part(html="<b>a</b>", text="a")


def test_flags():
    assert flag(True) == "" and flag(False) is None
    assert shown(True) == ("hidden", None) and shown(False) == ("hidden", "")


# -- a model of the page: each selector's element, written part by part ------

Element = dict[str, object]


def blank() -> Element:
    return {"content": None, "attrs": {}, "classes": {}, "props": {}}


def write(page: dict[str, Element], key: str, part: Part) -> None:
    el = page.setdefault(key, blank())
    if part.html is not None:
        el["content"] = ("html", part.html)
    if part.text is not None:
        el["content"] = ("text", part.text)
    el["attrs"] = {**el["attrs"], **{n: v for n, v in part.attrs}}  # type: ignore[dict-item]
    el["classes"] = {**el["classes"], **dict(part.classes)}  # type: ignore[dict-item]
    el["props"] = {**el["props"], **dict(part.props)}  # type: ignore[dict-item]


KEYS = ("#a", "#b", "#c")
names = st.sampled_from(("hidden", "data-x", "aria-label"))
parts = st.builds(
    lambda content, attrs, classes, props: Part(
        html=content[1] if content and content[0] == "html" else None,
        text=content[1] if content and content[0] == "text" else None,
        attrs=tuple(attrs.items()), classes=tuple(classes.items()), props=tuple(props.items())),
    st.none() | st.tuples(st.sampled_from(("html", "text")),
                          st.sampled_from(("", "x", "<b>y</b>"))),
    st.dictionaries(names, st.none() | st.sampled_from(("", "1", "2"))),
    st.dictionaries(st.sampled_from(("on", "off")), st.booleans()),
    st.dictionaries(st.sampled_from(("value", "open")),
                    st.booleans() | st.sampled_from(("a", "b"))))
frames = st.dictionaries(st.sampled_from(KEYS), parts)


@given(st.lists(frames, min_size=1, max_size=4))
def test_writing_the_changes_leaves_the_page_as_writing_each_frame_whole(seq):
    whole: dict[str, Element] = {}
    lean: dict[str, Element] = {}
    known: dict[str, Part] = {}
    for frame in seq:
        for key, part in frame.items():
            write(whole, key, part)
        for key, part in changes(known, frame):
            write(lean, key, part)
        known = merged(known, frame)
        assert {k: whole.get(k, blank()) for k in frame} == {k: lean.get(k, blank()) for k in frame}


@given(frames)
def test_a_frame_crosses_as_json(frame):
    assert frame_from_json(json.loads(json.dumps(frame_to_json(frame)))) == frame


def test_effects_cross_as_json_and_unknown_kinds_are_refused():
    effects = [Effect("focus", "#hand button"), Effect("say", "#announce", "Your turn")]
    assert effects_from_json(json.loads(json.dumps(effects_to_json(effects)))) == effects
    with pytest.raises(ValueError):
        effects_from_json([["explode", "#a", ""]])


def test_a_link_copied_and_the_query_dropped_are_effects_that_cross_as_json():
    effects = [copy_link("#game-over-share-link", "?deal=standard.2.medium.7"),
               Effect("drop-query", "")]
    assert effects[0] == Effect("copy-link", "#game-over-share-link", "?deal=standard.2.medium.7")
    assert json.loads(json.dumps(effects_to_json(effects))) == [
        ["copy-link", "#game-over-share-link", "?deal=standard.2.medium.7"],
        ["drop-query", "", ""]]
    assert effects_from_json(effects_to_json(effects)) == effects


def test_a_slide_names_its_place_where_it_comes_from_and_how_long():
    slide = slide_effect('#board [data-tile="3-5"]', '#hand [data-tile="3-5"]', 350)
    assert (slide.kind, slide.target) == ("slide", '#board [data-tile="3-5"]')
    assert json.loads(slide.text) == {"from": '#hand [data-tile="3-5"]', "ms": 350}
    refocus = Effect("refocus", "#draw", "#hand, #board")
    assert effects_from_json(json.loads(json.dumps(effects_to_json([slide, refocus])))) == [
        slide, refocus]


@pytest.mark.parametrize("data", [
    {"#a": {}}, [["#a"]], [[1, {}]], [["#a", {"html": 3}]], [["#a", {"attrs": [["x", 3]]}]],
    [["#a", {"classes": [["x", "yes"]]}]], [["#a", {"html": "a", "text": "b"}]],
])
def test_a_broken_frame_is_refused_with_a_clear_error(data):
    with pytest.raises(ValueError):
        frame_from_json(data)
