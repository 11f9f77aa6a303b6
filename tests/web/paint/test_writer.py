"""The one writer as values: what it sends to the page's applier
(``static/paint.mjs``) is the parts that changed since it last wrote, then
the moment's effects, as one JSON message; nothing at all when nothing
changed."""

from __future__ import annotations

import json

from allfives.web.paint.parts import Effect, Part, shown
from allfives.web.paint.writer import Writer, message


def sent() -> tuple[Writer, list[dict[str, object]]]:
    out: list[dict[str, object]] = []
    return Writer(lambda text: out.append(json.loads(text))), out


def test_a_first_frame_is_sent_whole_then_only_what_changed():
    writer, out = sent()
    writer.write({"#status": Part(text="Your turn"), "#undo": Part(attrs=(shown(False),))})
    writer.write({"#status": Part(text="Bot 1 is thinking"), "#undo": Part(attrs=(shown(False),))},
                 [Effect("say", "#announce", "Bot 1 is thinking")])
    assert out == [
        {"changes": [["#status", {"text": "Your turn"}], ["#undo", {"attrs": [["hidden", ""]]}]],
         "effects": []},
        {"changes": [["#status", {"text": "Bot 1 is thinking"}]],
         "effects": [["say", "#announce", "Bot 1 is thinking"]]},
    ]


def test_nothing_changed_and_nothing_to_do_sends_nothing():
    writer, out = sent()
    frame = {"#scores": Part(html="<b>12</b>")}
    writer.write(frame)
    writer.write(frame)
    writer.write({}, [])
    assert len(out) == 1
    writer.write(frame, [Effect("focus", "#hand button")])
    assert out[1] == {"changes": [], "effects": [["focus", "#hand button", ""]]}


def test_what_is_forgotten_is_sent_whole_again():
    writer, out = sent()
    frame = {"#log": Part(html="<li>a</li>"), "#log li": Part(classes=(("new", True),)),
             "#hint": Part(text="h")}
    writer.write(frame)
    writer.forget("#log")
    writer.write(frame)
    assert out[1]["changes"] == [["#log", {"html": "<li>a</li>"}],
                                 ["#log li", {"classes": [["new", True]]}]]
    writer.forget()
    writer.write(frame)
    assert len(out[2]["changes"]) == 3  # type: ignore[arg-type]


def test_the_message_keeps_every_script_as_it_is():
    assert json.loads(message({"#status": Part(text="दस्ती ✓ <b>")})) == {
        "changes": [["#status", {"text": "दस्ती ✓ <b>"}]], "effects": []}
    assert "\\u" not in message({"#status": Part(text="दस्ती")})
