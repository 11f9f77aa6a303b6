"""The page's marked texts as its thread reports them (``static/paint.mjs``'s
question "marks") read into ``language_frame.Marked`` values, and the page's
thread and the Python agreeing on the marks' names and on what a text's
words are (``page_text.normalize``), which the thread writes back
("mark-shown") and the Python compares with."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from allfives.web.home.language_frame import (
    KEPT,
    MARK_ID,
    MARK_SHOWN,
    MARKUP,
    WRITTEN,
    Marked,
    read_marks,
)
from allfives.web.i18n import page_text
from allfives.web.paint.parts import Effect

from ...helpers import ROOT

# As static/paint.mjs answers for a text read the first time, one already
# kept with markup, and an element's two marked attributes.
ANSWER = {
    "marks": [
        {"id": 0, "now": " New  game ", "kept": None, "written": None, "markup": False},
        {"id": 1, "now": "Press <kbd>D</kbd>", "kept": "Press <kbd>D</kbd>",
         "written": "Press <kbd>D</kbd>", "markup": True},
        {"id": 2, "now": "Close", "kept": None, "written": None, "attribute": "aria-label",
         "marked": ["aria-label", "title"]},
        {"id": 2, "now": "", "kept": "Shut", "written": "Zu", "attribute": "title",
         "marked": ["aria-label", "title"]},
    ],
    "manifest": True,
}


def test_the_threads_answer_reads_as_marked_values():
    assert read_marks(json.dumps(ANSWER)) == ([
        Marked('[data-i18n-id="0"]', " New  game "),
        Marked('[data-i18n-id="1"]', "Press <kbd>D</kbd>", "Press <kbd>D</kbd>",
               "Press <kbd>D</kbd>", markup=True),
        Marked('[data-i18n-id="2"]', "Close", attribute="aria-label",
               marked=("aria-label", "title")),
        Marked('[data-i18n-id="2"]', "", "Shut", "Zu", attribute="title",
               marked=("aria-label", "title")),
    ], True)
    assert read_marks('{"marks": [], "manifest": false}') == ([], False)


def _broken(mark: dict[str, object]) -> str:
    return json.dumps({"marks": [ANSWER["marks"][0], mark], "manifest": True})


@pytest.mark.parametrize(("text", "said"), [
    ("", "the page's marked texts are not JSON: Expecting value: line 1 column 1 (char 0)"),
    ("[]", "the page's marked texts come as marks and whether it has a manifest"),
    ('{"marks": []}', "the page's marked texts come as marks and whether it has a manifest"),
    ('{"marks": {}, "manifest": true}',
     "the page's marked texts come as marks and whether it has a manifest"),
    (_broken({"id": "1", "now": "x"}), "the page's marked text 1: its id is not a number of an "
                                        "element"),
    (_broken({"id": -1, "now": "x"}), "the page's marked text 1: its id is not a number of an "
                                       "element"),
    (_broken({"id": True, "now": "x"}), "the page's marked text 1: its id is not a number of an "
                                         "element"),
    (_broken({"id": 1}), "the page's marked text 1: what it shows is not text"),
    (_broken({"id": 1, "now": "x", "kept": 3}),
     "the page's marked text 1: kept, written and attribute are text or null"),
    (_broken({"id": 1, "now": "x", "markup": "yes"}),
     "the page's marked text 1: markup is true or false"),
    (_broken({"id": 1, "now": "x", "attribute": "title", "marked": "title"}),
     "the page's marked text 1: marked is a list of attribute names"),
    ('{"marks": [7], "manifest": true}', "the page's marked text 0: not an object"),
])
def test_an_answer_of_any_other_shape_is_refused_saying_what_is_wrong(text, said):
    # language_page then reports it and writes no text (the page's words stay)
    with pytest.raises(ValueError) as refused:
        read_marks(text)
    assert str(refused.value) == said


def test_after_the_frame_the_texts_it_kept_note_what_they_show():
    assert MARK_SHOWN == Effect("mark-shown", "[data-i18n][data-i18n-en]")


# Every character Python's str.strip() takes, and some it keeps that
# JavaScript's trim() or \s would take or a browser might put in a text.
SPACES = [chr(c) for c in range(0x3001) if chr(c).isspace()] + ["\ufeff", "\u200b", "x"]
STRINGS = [" New \t\n game ", "\u00a0Deal\u00a0", "a\u00a0 \u00a0b", "\r\nline\fbreak\r\n",
           "", "   ", "<b>Hi</b>\n  there", *(f"{c}a {c} b{c}" for c in SPACES),
           *(f"{c}{c}" for c in SPACES)]

NODE_SCRIPT = """
import { MARKS, normalize } from %s;
let text = "";
for await (const chunk of process.stdin) text += chunk;
console.log(JSON.stringify({ marks: MARKS, normalized: JSON.parse(text).map(normalize) }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run static/paint.mjs")
def test_the_pages_thread_and_the_python_agree_on_the_marks_and_their_words():
    script = NODE_SCRIPT % json.dumps((ROOT / "static" / "paint.mjs").as_uri())
    ran = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(STRINGS),
                         capture_output=True, text=True, encoding="utf-8", timeout=30,
                         check=False)
    assert ran.returncode == 0, ran.stderr
    said = json.loads(ran.stdout)
    assert said["marks"] == {"text": page_text.TEXT_MARK, "attribute": page_text.ATTRIBUTE_MARK,
                             "kept": KEPT, "written": WRITTEN, "markup": MARKUP, "id": MARK_ID}
    assert said["normalized"] == [page_text.normalize(s) for s in STRINGS]
    assert page_text.normalize("\ufeffa\u2003") == "\ufeffa"  # not JavaScript's trim()
