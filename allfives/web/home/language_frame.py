"""The page in a language, as a frame (``paint.parts``): ``<html lang>``,
the static English of index.html (``[data-i18n]`` texts, ``[data-i18n-attr]``
attributes) through gettext, the installed app's names and the language
choice in Settings. The page's thread reports the marked texts
(``static/paint.mjs``'s question "marks"), ``read_marks`` reads them as
``Marked`` values, and ``language_page`` hands the frame to the page's one
writer, with ``MARK_SHOWN`` after it.

Each marked text keeps its English in ``data-i18n-en`` from the first pass,
so the page can switch back and forth; a text the page's own code has since
rewritten (the status line) is left to that code (``page_text.shown``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..i18n import page_text
from ..i18n.catalogs import LANGUAGES, _
from ..paint.parts import Attr, Effect, Frame, Part

KEPT = "data-i18n-en"  # the English, as first read
# Set once Python has applied a language (static/progress.js then leaves the
# loading line to the page).
READY = "data-language"
# The language the page's static words are in: set before the first paint by
# the shell (static/page-language.js) and by every language applied. Until
# then the style sheet hides every marked text, so nobody sees the shell's
# English before their own language.
WORDS = "data-words"
WRITTEN = "data-i18n-shown"  # what the last pass left there
MARKUP = "data-i18n-html"  # the text holds inline markup: set as innerHTML
MARK_ID = "data-i18n-id"  # the marked element's number, its selector in a frame


def key(number: int) -> str:
    """The selector of the marked element numbered ``number`` (``MARK_ID``)."""
    return f'[{MARK_ID}="{number}"]'


@dataclass(frozen=True)
class Marked:
    """A marked text (``attribute`` None) or attribute as the page holds it:
    its element's selector, what it shows ``now`` (HTML when ``markup``), its
    English ``kept`` and what the last pass ``written`` (None before the
    first pass); an attribute's element's ``marked`` attributes, all of them."""

    key: str
    now: str
    kept: str | None = None
    written: str | None = None
    markup: bool = False
    attribute: str | None = None
    marked: tuple[str, ...] = ()


def read_marks(text: str) -> tuple[list[Marked], bool]:
    """The page's marked texts and attributes as the page's thread reports
    them (``static/paint.mjs`` ``marks``: JSON ``{"marks": [...], "manifest":
    bool}``, each mark its element's number ``id`` and ``Marked``'s other
    fields), and whether the page links a manifest. Anything else is refused
    with ``ValueError`` saying what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"the page's marked texts are not JSON: {e}") from e
    if not isinstance(data, dict) or not isinstance(data.get("marks"), list) or \
            not isinstance(data.get("manifest"), bool):
        raise ValueError("the page's marked texts come as marks and whether it has a manifest")
    return [_mark(i, one) for i, one in enumerate(data["marks"])], data["manifest"]


def _mark(index: int, data: Any) -> Marked:
    def wrong(what: str) -> ValueError:
        return ValueError(f"the page's marked text {index}: {what}")

    if not isinstance(data, dict):
        raise wrong("not an object")
    number = data.get("id")
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        raise wrong("its id is not a number of an element")
    if not isinstance(data.get("now"), str):
        raise wrong("what it shows is not text")
    if not all(data.get(name) is None or isinstance(data[name], str)
               for name in ("kept", "written", "attribute")):
        raise wrong("kept, written and attribute are text or null")
    markup, marked = data.get("markup", False), data.get("marked", [])
    if not isinstance(markup, bool):
        raise wrong("markup is true or false")
    if not isinstance(marked, list) or not all(isinstance(n, str) for n in marked):
        raise wrong("marked is a list of attribute names")
    return Marked(key(number), data["now"], data.get("kept"), data.get("written"), markup,
                  data.get("attribute"), tuple(marked))


# After a language's frame, each text it kept notes what it shows now, as the
# page holds it (``static/paint.mjs`` "mark-shown"): markup may come back
# spelled otherwise, and the next language compares with it (``page_text.shown``).
MARK_SHOWN = Effect("mark-shown", f"[{page_text.TEXT_MARK}][{KEPT}]")


def language_frame(code: str, marks: Iterable[Marked], translate: Callable[[str], str],
                   manifest: bool = True) -> Frame:
    """The page in the language ``code`` (``translate``: its gettext): each
    marked text and attribute translated from its English, or unmarked when
    the page's code wrote it since; ``manifest``: the page links one. A
    text's ``WRITTEN`` is left to the page, read back once written
    (``MARK_SHOWN``)."""
    frame: Frame = {"html": Part(attrs=(("lang", code), ("dir", "ltr"), (READY, code),
                                        (WORDS, code)))}
    attrs: dict[str, list[Attr]] = {}
    dropped: dict[str, list[str]] = {}
    for mark in marks:
        shown = page_text.shown(mark.kept, mark.now, mark.written, translate)
        at = attrs.setdefault(mark.key, [])
        if mark.attribute is None:
            if shown is None:  # the page's code writes this text now
                at += [(page_text.TEXT_MARK, None), (KEPT, None), (WRITTEN, None),
                       (MARKUP, None)]
                continue
            original, text = shown
            at += [(KEPT, original), (MARKUP, "" if mark.markup else None)]
            if page_text.normalize(mark.now) != text:
                frame[mark.key] = Part(html=text) if mark.markup else Part(text=text)
            continue
        name = mark.attribute
        if shown is None:  # the page's code writes this attribute now
            gone = dropped.setdefault(mark.key, [])
            gone.append(name)
            at.append((page_text.ATTRIBUTE_MARK,
                       " ".join(n for n in mark.marked if n not in gone)))
            continue
        original, text = shown
        at += [(f"{KEPT}-{name}", original), (name, text), (f"{WRITTEN}-{name}", text)]
    for where, pairs in attrs.items():
        before = frame.get(where, Part())
        frame[where] = Part(html=before.html, text=before.text, attrs=tuple(pairs))
    if manifest:  # the installed app's names in this language too
        frame["link[rel=manifest]"] = Part(attrs=(("href", page_text.manifest_href(code)),))
    frame["#set-language"] = language_choice(code)
    return frame


def language_choice(code: str) -> Part:
    """``#set-language``: every language, ``code`` chosen."""
    return Part(html=page_text.language_options(), props=(("value", code),))


def not_shown(code: str, reason: str) -> str:
    """The visit's language could not be fetched: the page is in English."""
    # Translators: {language} is a language named in itself ("Deutsch"); {reason} an English detail
    return _("The page could not be shown in {language} now ({reason}), so it is in "
             "English.").format(language=LANGUAGES[code], reason=reason)


def not_switched(code: str, reason: str) -> str:
    """A language chosen in Settings could not be fetched: nothing changed."""
    # Translators: {language} is a language named in itself ("Deutsch"); {reason} an English detail
    return _("{language} could not be loaded now ({reason}); the page stays as it "
             "was.").format(language=LANGUAGES[code], reason=reason)
