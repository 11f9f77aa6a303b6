"""The page's thread, on a page of its own: the applier (``static/paint.mjs``)
against a model of the page: random frames written through the one writer
(``paint.writer``, which sends only what changed) leave each element's
content, attributes, classes and properties in the browser exactly as
writing every frame whole leaves the model (tests/web/paint/test_parts.py's
model, a second method that shares nothing with the JavaScript); the effects
do what they say; and what a person does arrives as values
(``static/events.mjs``, ``paint.events``)."""

from __future__ import annotations

import json
import random
import re

from allfives.web.paint.events import (
    DOCUMENT,
    DRAG,
    MEDIA,
    SIZE,
    WINDOW,
    Draggable,
    File,
    Hook,
    Listen,
    Size,
    event_from_json,
)
from allfives.web.paint.parts import Effect, Part, slide_effect
from allfives.web.paint.writer import Writer
from allfives.web.storage.mirror import REFUSED

from ..web.paint.test_parts import blank, write

KEYS = ("#a", "#b", "#c")
PAGE = """<!doctype html><html><body>
<div id="a"></div><div id="b"></div><div id="c"></div>
<p id="said" aria-live="polite"></p><button id="go">go</button>
<dialog id="box"><p>in a box</p></dialog>
<form id="form"><input name="players" value="3"><input id="name" name="who" value="Ann">
<label><input type="checkbox" id="tick" name="tick" value="yes"> tick</label>
<input type="file" id="file"><button id="send">send</button></form>
<div id="tall" style="height: 20px; overflow: auto"><p style="height: 200px">long</p></div>
<div id="hand"><button data-tile="3-5"><span id="pips">3|5</span></button></div>
<style>.dragging { pointer-events: none }</style>
<div id="felt" style="width: 400px; height: 200px"><svg id="board" width="400" height="200"
 viewBox="0 0 40 20"><g id="spot" data-target="5-5" data-move="3-5>5-5"><rect x="20" y="5"
 width="10" height="10"/></g></svg></div>
<script type="module" src="/static/paint.mjs"></script>
<script type="module" src="/static/events.mjs"></script>
<script type="module" src="/static/drag.mjs"></script></body></html>"""
# The element as the model keeps it, read from the page.
READ = """([key, names, classes, props]) => {
    const el = document.querySelector(key);
    return {html: el.innerHTML, text: el.textContent,
            attrs: Object.fromEntries(names.map((n) => [n, el.getAttribute(n)])),
            classes: Object.fromEntries(classes.map((c) => [c, el.classList.contains(c)])),
            props: Object.fromEntries(props.map((p) => [p, el[p] ?? null]))};
}"""


def a_part(rng: random.Random) -> Part:
    content = rng.choice([None, ("html", ""), ("html", "x"), ("html", "<b>y</b>"),
                          ("text", "x"), ("text", "<i>z</i>")])
    return Part(
        html=content[1] if content and content[0] == "html" else None,
        text=content[1] if content and content[0] == "text" else None,
        attrs=tuple((n, rng.choice([None, "", "1", "2"]))
                    for n in rng.sample(["hidden", "data-x", "aria-label"], rng.randint(0, 3))),
        classes=tuple((c, rng.random() < 0.5)
                      for c in rng.sample(["on", "off"], rng.randint(0, 2))),
        props=tuple((p, rng.choice([True, False, "a", "b"]))
                    for p in rng.sample(["value", "open"], rng.randint(0, 2))))


def open_blank(page, server):
    page.route(server + "paint-test.html",
               lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    page.goto(server + "paint-test.html")
    page.wait_for_function("globalThis.allfivesPaint && globalThis.allfivesEvents")


def test_random_frames_leave_the_page_as_the_model(page, server):
    open_blank(page, server)
    rng = random.Random(40)
    for _ in range(12):  # sequences of frames, each on a fresh page
        page.evaluate("document.querySelectorAll('#a,#b,#c').forEach(el => el.outerHTML ="
                      " `<div id=${el.id}></div>`)")
        writer = Writer(lambda text: page.evaluate("(m) => allfivesPaint.paint(m)", text))
        model: dict[str, dict[str, object]] = {}
        for _ in range(rng.randint(1, 5)):
            frame = {key: a_part(rng) for key in rng.sample(KEYS, rng.randint(1, 3))}
            for key, part in frame.items():
                write(model, key, part)
            writer.write(frame)
            for key in KEYS:
                want = model.get(key, blank())
                got = page.evaluate(READ, [key, sorted(want["attrs"]), sorted(want["classes"]),
                                           sorted(want["props"])])
                kind, content = want["content"] or ("html", "")
                assert got["html" if kind == "html" else "text"] == content, (key, frame)
                assert got["attrs"] == want["attrs"], (key, frame)
                assert got["classes"] == want["classes"], (key, frame)
                assert got["props"] == want["props"], (key, frame)


def test_the_effects_do_what_they_say(page, server):
    open_blank(page, server)
    writer = Writer(lambda text: page.evaluate("(m) => allfivesPaint.paint(m)", text))
    writer.write({}, [Effect("say", "#said", "Your turn")])
    assert page.text_content("#said") == "Your turn"
    writer.write({}, [Effect("say", "#said", "Your turn")])  # said again: changed a little
    assert page.text_content("#said") == "Your turn\u00a0"
    writer.write({}, [Effect("hush", "#said")])
    assert page.text_content("#said") == ""
    writer.write({}, [Effect("open", "box")])
    assert page.evaluate("document.getElementById('box').open") is True
    writer.write({}, [Effect("open", "box")])  # opening an open dialog does nothing
    writer.write({}, [Effect("close", "box"), Effect("focus", "#go")])
    assert page.evaluate("document.getElementById('box').open") is False
    assert page.evaluate("document.activeElement.id") == "go"
    writer.write({}, [Effect("scroll-end", "#tall")])
    assert page.evaluate("document.getElementById('tall').scrollTop") > 100
    writer.write({}, [Effect("scroll-start", "#tall")])
    assert page.evaluate("document.getElementById('tall').scrollTop") == 0
    # the part a selector does not find is passed over, with a warning, and the rest written
    writer.write({"#gone": Part(text="x"), "#a": Part(text="here")})
    assert page.text_content("#a") == "here"


def test_focus_comes_back_by_where_it_was_as_the_message_came(page, server):
    open_blank(page, server)
    writer = Writer(lambda text: page.evaluate("(m) => allfivesPaint.paint(m)", text))
    active = "() => document.activeElement.id || document.activeElement.dataset.tile || '-'"
    page.focus("#name")
    writer.write({}, [Effect("refocus", "#go")])  # focus is somewhere: it stays
    assert page.evaluate(active) == "name"
    writer.write({}, [Effect("refocus", "#go", "#hand")])  # not in the hand: it stays
    assert page.evaluate(active) == "name"
    writer.write({}, [Effect("refocus", "#go", "#form")])
    assert page.evaluate(active) == "go"
    page.evaluate("document.activeElement.blur()")  # fallen to the page
    writer.write({}, [Effect("refocus", "#gone"), Effect("refocus", "#send"),
                      Effect("refocus", "#go")])  # the first there that applies
    assert page.evaluate(active) == "send"
    writer.write({}, [Effect("refocus", "#go", "*")])  # wherever focus is
    assert page.evaluate(active) == "go"
    # the hand written anew while a tile had focus: where it was is read before
    page.focus("#hand [data-tile]")
    writer.write({"#hand": Part(html='<button data-tile="3-5">3|5</button>'
                                     '<button data-tile="5-6">5|6</button>')},
                 [Effect("refocus", '#hand [data-tile="5-6"]', "#hand")])
    assert page.evaluate(active) == "5-6"
    writer.write({"#hand": Part(html='<button data-tile="3-5">3|5</button>')},
                 [Effect("refocus", '#hand [data-tile="5-6"]', "#hand"),  # gone: the next one
                  Effect("refocus", '#hand [data-tile="3-5"]', "#hand")])
    assert page.evaluate(active) == "3-5"


def test_a_tile_slides_to_its_place_unless_motion_is_reduced(browser, server):
    for motion, slides in (("no-preference", 1), ("reduce", 0)):
        context = browser.new_context(reduced_motion=motion)
        page = context.new_page()
        open_blank(page, server)
        writer = Writer(lambda text, page=page: page.evaluate(
            "(m) => allfivesPaint.paint(m)", text))
        far = page.evaluate("""() => {  // from the tile's centre, in the board's units
            const t = document.querySelector('#hand [data-tile]').getBoundingClientRect();
            const s = document.getElementById('spot').getBoundingClientRect();
            return [(t.left + t.width / 2 - s.left - s.width / 2) / 10,
                    (t.top + t.height / 2 - s.top - s.height / 2) / 10];
        }""")
        writer.write({}, [slide_effect("#spot", "#hand [data-tile]", 400)])
        sliding = page.wait_for_function(  # from the next frame on, when the board is drawn
            "() => new Promise((done) => requestAnimationFrame(() => done("
            "document.getElementById('spot').getAnimations().map((a) => [a.effect.getTiming()"
            ".duration, a.effect.getKeyframes()[0].transform]))))").json_value()
        assert len(sliding) == slides, motion
        if slides:
            assert sliding[0][0] == 400
            dx, dy = (float(n) for n in re.findall(r"-?[\d.]+", sliding[0][1]))
            assert abs(dx - far[0]) < 0.01 and abs(dy - far[1]) < 0.01, (sliding, far)
        context.close()


def test_a_drag_is_moved_here_and_its_start_and_end_are_sent(page, server):
    open_blank(page, server)
    page.evaluate(HEARD)
    listen(page, Listen(DRAG, "#hand [data-tile]", drag=Draggable(
        "#felt [data-target]", "#felt", "drop", 8)))
    listen(page, Listen("click", "#hand [data-tile]"))
    tile = page.locator("#hand [data-tile]").bounding_box()
    x, y = tile["x"] + tile["width"] / 2, tile["y"] + tile["height"] / 2
    spot = page.locator("#spot").bounding_box()
    looks = ("() => { const b = document.querySelector('#hand [data-tile]');"
             " return [b.className, b.style.transform,"
             " document.getElementById('spot').getAttribute('class')]; }")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 5, y)  # not yet a drag
    assert heard(page) == [] and page.evaluate(looks) == ["", "", None]
    page.mouse.move(x + 10, y)
    (start,) = heard(page)
    assert (start.kind, start.value, start.at) == (DRAG, "start", Hook("", {"tile": "3-5"}))
    assert page.evaluate(looks) == ["dragging", "translate(10px, 0px)", None]
    sx, sy = spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2
    page.mouse.move(sx, sy, steps=3)  # the place under the pointer lights up
    assert page.evaluate(looks)[2] == "drop" and heard(page) == []
    page.mouse.up()
    (drop,) = heard(page)
    assert (drop.value, drop.target, drop.checked) == (
        "drop", Hook("spot", {"target": "5-5", "move": "3-5>5-5"}), True)
    assert page.evaluate(looks) == ["", "", ""]  # back in its place, nothing lit
    # let go where it was: off the table, over nothing; the click it ends with is no click
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y + 30, steps=3)
    page.mouse.move(x, y, steps=3)
    page.mouse.up()
    assert [(e.kind, e.value, e.target, e.checked) for e in heard(page)] == [
        (DRAG, "start", Hook(), None), (DRAG, "drop", Hook(), False)]
    page.click("#pips")  # a click that is no drag's is a click
    assert [(e.kind, e.value) for e in heard(page)] == [("click", None)]
    page.mouse.move(x, y)  # a drag the browser cancels (a touch taken for a scroll)
    page.mouse.down()
    page.mouse.move(x + 20, y, steps=2)
    page.evaluate("document.querySelector('#hand [data-tile]')"
                  ".dispatchEvent(new PointerEvent('pointercancel', {bubbles: true}))")
    page.mouse.up()
    assert [(e.value, e.checked) for e in heard(page)] == [("start", None), ("cancel", False)]
    assert page.evaluate(looks)[:2] == ["", ""]


# Each event's JSON kept in the page, and whether its default was prevented.
HEARD = """() => {
    window.heard = [];
    allfivesEvents.connect((text) => window.heard.push(text));
    window.prevented = [];
    for (const kind of ["click", "keydown", "submit"]) {
        addEventListener(kind, (e) => window.prevented.push([kind, e.defaultPrevented]));
    }
}"""


def listen(page, one: Listen) -> None:
    page.evaluate("(t) => allfivesEvents.listen(t)", json.dumps(one.to_json()))


def heard(page):
    return [event_from_json(text) for text in page.evaluate("window.heard.splice(0)")]


def test_what_a_person_does_arrives_as_values(page, server):
    open_blank(page, server)
    page.evaluate(HEARD)
    listen(page, Listen("click", "#hand"))
    listen(page, Listen("click", "#hand [data-tile]"))
    listen(page, Listen("submit", "#form", prevent=True))
    listen(page, Listen("change", "#tick"))
    listen(page, Listen("change", "#file", file_limit=10))
    listen(page, Listen("close", "#box"))
    listen(page, Listen("keydown", "body", keys=("d",), plain=True, unless="dialog[open]",
                        prevent_when="#a[data-live]"))
    # the nearest element answers first, as in the event's bubbling; its data comes along
    before = page.evaluate("performance.timeOrigin + performance.now()")
    page.click("#pips")
    events = heard(page)
    assert [(e.selector, e.at, e.keyed) for e in events] == [
        ("#hand [data-tile]", Hook("", {"tile": "3-5"}), False), ("#hand", Hook("hand"), False)]
    # when the click happened, on the clock a worker of the page reads too (the coach
    # waits from it): one event, one time, after the time read before it
    after = page.evaluate("performance.timeOrigin + performance.now()")
    assert events[0].at_ms == events[1].at_ms and before <= events[0].at_ms <= after
    # a click a key made says so
    page.focus("#hand [data-tile]")
    page.keyboard.press("Enter")
    assert [(e.selector, e.keyed) for e in heard(page)] == [
        ("#hand [data-tile]", True), ("#hand", True)]
    # a form's fields, and its default prevented (the page stays)
    page.fill("#name", "Bea")
    page.click("#send")
    (sent,) = heard(page)
    assert sent.submitted() == {"players": "3", "who": "Bea"} and sent.focus == Hook("send")
    assert [c.name or f"#{c.id}" for c in sent.form] == ["players", "who", "tick", "#file"]
    assert ["submit", True] in page.evaluate("window.prevented")
    page.check("#tick")
    assert [(e.kind, e.checked, e.value) for e in heard(page)] == [("change", True, "yes")]
    # a file: its text when small enough, else its name and size; the field emptied
    page.set_input_files("#file", files=[{"name": "r.json", "mimeType": "application/json",
                                          "buffer": b'{"a": 1}'}])
    page.wait_for_function("window.heard.length > 0")
    page.set_input_files("#file", files=[{"name": "big.json", "mimeType": "application/json",
                                          "buffer": b"x" * 11}])
    page.wait_for_function("window.heard.length > 1")
    assert [e.file for e in heard(page)] == [File("r.json", 8, '{"a": 1}'),
                                             File("big.json", 11, None)]
    assert page.evaluate("document.getElementById('file').value") == ""
    # a key: only the keys asked for, not while typing or with a modifier, nor
    # while a dialog is open; prevented only while the page says so
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("d")
    page.keyboard.press("x")
    page.keyboard.press("Control+d")
    page.focus("#name")
    page.keyboard.press("d")
    assert [(e.key, e.focus) for e in heard(page)] == [("d", Hook())]
    page.evaluate("document.getElementById('name').blur(); window.prevented = [];"
                  "document.getElementById('a').dataset.live = ''")
    page.keyboard.press("d")
    assert len(heard(page)) == 1 and page.evaluate("window.prevented") == [["keydown", True]]
    page.evaluate("document.getElementById('box').showModal()")
    page.keyboard.press("d")
    assert heard(page) == []
    # a dialog's close does not bubble (and comes as a task of its own): heard all the same
    page.evaluate("document.getElementById('box').close()")
    page.wait_for_function("window.heard.length > 0")
    assert [(e.kind, e.at.id) for e in heard(page)] == [("close", "box")]


def test_the_window_and_the_document_are_heard_too(page, server):
    open_blank(page, server)
    page.evaluate(HEARD)
    listen(page, Listen("storage", WINDOW))
    listen(page, Listen("visibilitychange", DOCUMENT))
    listen(page, Listen("click", "#go", prevent=True, send=False))  # prevented, never sent
    page.click("#go")
    page.evaluate("""() => {
        dispatchEvent(new StorageEvent("storage", {key: "allfives.save"}));
        dispatchEvent(new StorageEvent("storage", {key: null}));
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.wait_for_function("window.heard.length === 3")
    assert [(e.kind, e.selector, e.key, e.value) for e in heard(page)] == [
        ("storage", WINDOW, "allfives.save", None), ("storage", WINDOW, "", None),
        ("visibilitychange", DOCUMENT, "", "visible")]


def test_a_write_is_done_only_over_what_the_python_believed_else_told_back(page, server):
    """static/storage.mjs's keep (one-way, as from a worker): compare and
    set; a write not done comes back as the window's event, heard as a value."""
    open_blank(page, server)
    page.evaluate(HEARD)
    listen(page, Listen(REFUSED, WINDOW))
    page.evaluate("""async () => {
        const { keep } = await import("/static/storage.mjs");
        localStorage.setItem("allfives.x", "theirs");
        keep("allfives.x", "mine", "what I read");  // another window wrote meanwhile
        keep("allfives.x", "mine", "theirs");
        keep("allfives.y", "new", null);
        keep("allfives.y", null, "new");
        keep("allfives.z", "z", "gone");  // removed meanwhile
        keep("allfives.w", "w", "stale");
        localStorage.setItem("allfives.w", "later");  // told as it stands when told
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = () => { throw new DOMException("full", "QuotaExceededError"); };
        keep("allfives.x", "more of mine", "mine");
        Storage.prototype.setItem = setItem;
    }""")
    page.wait_for_function("window.heard.length === 4")
    assert [(e.kind, e.selector, e.key, e.value, e.checked) for e in heard(page)] == [
        (REFUSED, WINDOW, "allfives.x", "mine", False),  # as it stands when told: the 2nd keep's
        (REFUSED, WINDOW, "allfives.z", None, False),
        (REFUSED, WINDOW, "allfives.w", "later", False),
        (REFUSED, WINDOW, "allfives.x", "mine", True)]
    assert page.evaluate("[localStorage.getItem('allfives.x'), localStorage.getItem('allfives.y'),"
                         " localStorage.getItem('allfives.z')]") == ["mine", None, None]


def test_a_box_is_watched_for_its_size(page, server):
    open_blank(page, server)
    page.evaluate(HEARD)
    page.evaluate("document.getElementById('a').style.cssText = 'width: 100.5px; height: 20px'")
    listen(page, Listen(SIZE, "#a"))
    page.wait_for_function("window.heard.length === 1")  # once at first
    page.evaluate("document.getElementById('a').style.width = '60px'")
    page.wait_for_function("window.heard.length === 2")  # and when it changes
    assert [(e.at.id, e.size) for e in heard(page)] == [
        ("a", Size(100.5, 20.0, 101, 20)), ("a", Size(60.0, 20.0, 60, 20))]  # whole: rounded


def test_a_media_query_is_heard_at_first_and_when_it_changes(page, server):
    open_blank(page, server)
    page.evaluate(HEARD)
    page.emulate_media(reduced_motion="no-preference")
    listen(page, Listen(MEDIA, "(prefers-reduced-motion: reduce)"))
    page.wait_for_function("window.heard.length === 1")  # at first
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function("window.heard.length === 2")  # and when it changes
    assert [(e.kind, e.selector, e.checked) for e in heard(page)] == [
        (MEDIA, "(prefers-reduced-motion: reduce)", False),
        (MEDIA, "(prefers-reduced-motion: reduce)", True)]
