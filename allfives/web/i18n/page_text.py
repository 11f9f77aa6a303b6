"""The page's own English: the static text of ``index.html`` as gettext
messages, and which language a visit shows it in. Pure: no ``js``.

index.html marks what a person reads or hears:

- ``data-i18n`` on an element whose own text is one message: the text with
  its whitespace collapsed is the msgid. It may hold inline markup without
  attributes (``Press <kbd>D</kbd> to draw``); the msgid then keeps the
  markup the way a browser writes it back (``innerHTML``), so the page finds
  the same msgid at run time. Anything else inside (a field, a button, a
  marked element) is refused: wrap the text next to it in
  ``<span data-i18n>``.
- ``data-i18n-attr="aria-label title"`` names the attributes of the element
  that are messages (only attributes a person perceives, ``PERCEIVED``).
- ``translate="no"`` (HTML's own attribute) keeps a proper name as it is;
  ``<kbd>``, scripts and styles are never text to translate.
- ``<!-- Translators: ... -->`` just before a message is a note for its
  translators, as ``# Translators:`` is in the Python source.

``messages`` lists the msgids, ``extract`` hands them to Babel
(``babel.cfg``), and ``unmarked`` finds English the marks missed.
``page_words`` writes their translations for the shell's script
(static/page-language.js), which applies them before the first paint;
``language_page`` applies them again when Python runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from html import escape
from html.parser import HTMLParser
from typing import IO, Any

from . import catalogs as i18n
from .catalogs import N_

TEXT_MARK = "data-i18n"
ATTRIBUTE_MARK = "data-i18n-attr"
# Attributes a person perceives (read aloud, shown as a tooltip or in a field).
PERCEIVED = frozenset({"aria-label", "aria-description", "aria-placeholder",
                       "aria-roledescription", "aria-valuetext", "title", "placeholder",
                       "alt", "label"})
# Markup a message may hold (phrasing elements a translator can move about).
INLINE = frozenset({"abbr", "b", "bdi", "br", "cite", "code", "em", "i", "kbd", "mark", "q",
                    "s", "samp", "small", "strong", "sub", "sup", "u", "var", "wbr"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
# Never English to translate: key names, code, and what is not shown as text.
NOT_TEXT = frozenset({"kbd", "script", "style", "noscript", "template"})
NOTE = "Translators:"
_SPACE = re.compile(r"[ \t\n\r\f]+")  # HTML's whitespace; a no-break space is kept
_LETTER = re.compile(r"[^\W\d_]")


def normalize(text: str) -> str:
    """``text`` with each run of whitespace one space, none at either end."""
    return _SPACE.sub(" ", text).strip()


def has_words(text: str) -> bool:
    return _LETTER.search(text) is not None


def _markup_text(text: str) -> str:
    """Text inside a message with markup, escaped the way ``innerHTML`` writes it."""
    return escape(text, quote=False).replace("\u00a0", "&nbsp;")


class PageTextError(ValueError):
    """index.html marks a text in a way the page could not translate."""


@dataclass(frozen=True)
class Message:
    """One msgid of the page: an element's text (``attribute`` empty) or one of
    its attributes, at ``line`` of the file; ``where`` names the element."""

    line: int
    text: str
    attribute: str = ""
    where: str = ""
    note: str = ""  # the page's own "Translators:" comment, if any

    def comments(self) -> list[str]:
        """Notes for translators: the page's own, and what the text is when it
        is not an element's plain text."""
        notes = [self.note] if self.note else []
        if self.attribute:
            notes.append(f"The {self.attribute} attribute of {self.where}")
        elif "<" in self.text:
            notes.append(f"Keep the markup (<...>) of {self.where}")
        return notes


def _where(tag: str, attrs: Mapping[str, str | None]) -> str:
    id_ = attrs.get("id")
    return f'<{tag} id="{id_}">' if id_ else f"<{tag}>"


class _Reader(HTMLParser):
    """Walks the page once: the marked messages, and English left unmarked."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Message] = []
        self.missed: list[tuple[int, str]] = []
        # the marked element being read: its tag, line and name; how deep in it
        self.marked: tuple[str, int, str] | None = None
        self.depth = 0
        self.marked_note = ""
        self.pieces: list[tuple[bool, str]] = []  # (is markup, text)
        self.skipped: tuple[str, int] | None = None  # inside <kbd>, translate="no", ...
        self.note = ""  # a "Translators:" comment for the next element

    # -- tags -------------------------------------------------------------------

    def handle_starttag(self, tag: str, attr_list: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        attrs = dict(attr_list)
        if self.marked is not None:
            self._inner_start(tag, attr_list, line)
            return
        if self.skipped is not None:
            if tag == self.skipped[0]:
                self.skipped = (tag, self.skipped[1] + 1)
            return
        self._attributes(tag, attrs, line)
        if attrs.get("translate") == "no" or tag in NOT_TEXT:
            if tag not in VOID:
                self.skipped = (tag, 1)
            return
        if TEXT_MARK in attrs:
            if attrs[TEXT_MARK]:
                raise PageTextError(f"line {line}: {TEXT_MARK} takes no value; "
                                    "the element's text is the message")
            if tag in VOID:
                raise PageTextError(f"line {line}: <{tag}> has no text for {TEXT_MARK}")
            self.marked = (tag, line, _where(tag, attrs))
            self.depth, self.pieces, self.marked_note = 1, [], self._take_note()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.marked is not None:
            self._inner_end(tag)
        elif self.skipped is not None and tag == self.skipped[0]:
            count = self.skipped[1] - 1
            self.skipped = (tag, count) if count else None

    def _inner_start(self, tag: str, attrs: list[tuple[str, str | None]], line: int) -> None:
        assert self.marked is not None
        if tag not in INLINE or attrs:
            raise PageTextError(
                f"line {line}: <{tag}{' ...' if attrs else ''}> inside the {TEXT_MARK} "
                f"element of line {self.marked[1]}: a message may hold only inline markup "
                f"without attributes; wrap the text beside it in <span {TEXT_MARK}>")
        self.pieces.append((True, f"<{tag}>"))
        if tag == self.marked[0]:
            self.depth += 1

    def _inner_end(self, tag: str) -> None:
        assert self.marked is not None
        name, line, where = self.marked
        if tag == name:
            self.depth -= 1
            if self.depth == 0:
                self._finish(line, where)
                return
        if tag not in VOID:
            self.pieces.append((True, f"</{tag}>"))

    def _finish(self, line: int, where: str) -> None:
        markup = any(is_tag for is_tag, _ in self.pieces)
        text = normalize("".join(piece if is_tag or not markup else _markup_text(piece)
                                 for is_tag, piece in self.pieces))
        if not text:
            raise PageTextError(f"line {line}: {where} is marked {TEXT_MARK} but has no text")
        self.found.append(Message(line, text, "", where, self.marked_note))
        self.marked = None

    # -- text and attributes ------------------------------------------------------------

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.note = ""  # a note is for the message right after it
        if self.marked is not None:
            self.pieces.append((False, data))
        elif self.skipped is None and has_words(data):
            self.missed.append((self.getpos()[0], normalize(data)))

    def handle_comment(self, data: str) -> None:
        if self.marked is not None:
            raise PageTextError(f"line {self.getpos()[0]}: a comment inside a "
                                f"{TEXT_MARK} element would end up in its message")
        if normalize(data).startswith(NOTE):
            self.note = normalize(data)

    def _take_note(self) -> str:
        note, self.note = self.note, ""
        return note

    def _attributes(self, tag: str, attrs: Mapping[str, str | None], line: int) -> None:
        named = (attrs.get(ATTRIBUTE_MARK) or "").split()
        for name in named:
            if name not in PERCEIVED:
                raise PageTextError(f"line {line}: {ATTRIBUTE_MARK} names {name!r}, "
                                    f"not an attribute a person perceives")
            value = normalize(attrs.get(name) or "")
            if not value:
                raise PageTextError(f"line {line}: {ATTRIBUTE_MARK} names {name!r}, "
                                    f"which <{tag}> does not have")
            self.found.append(Message(line, value, name, _where(tag, attrs), self._take_note()))
        if attrs.get("translate") == "no" or tag in NOT_TEXT:
            return
        for name in sorted(PERCEIVED - set(named)):
            value = attrs.get(name) or ""
            if has_words(value):
                self.missed.append((line, f"{name}={normalize(value)!r}"))

    def read(self, html: str) -> _Reader:
        self.feed(html)
        self.close()
        if self.marked is not None:
            raise PageTextError(f"line {self.marked[1]}: {self.marked[2]} is never closed")
        return self


def messages(html: str) -> list[Message]:
    """The page's messages in the order they appear (a text used twice, twice)."""
    return _Reader().read(html).found


def unmarked(html: str) -> list[tuple[int, str]]:
    """English the marks missed: text with letters outside every marked
    element, and perceived attributes not named in ``data-i18n-attr``, each
    with its line (``translate="no"``, ``<kbd>``, scripts and styles aside)."""
    return _Reader().read(html).missed


def extract(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method for the page (``babel.cfg``): for each message
    its line, no function name, the msgid and a note for translators."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    for message in messages(text):
        yield message.line, "", message.text, message.comments()


# -- the language of a visit ----------------------------------------------------------


def language_options() -> str:
    """The options of ``#set-language``: each language named in itself, in
    its own language (``lang``), never translated."""
    return "".join(f'<option value="{code}" lang="{code}" translate="no">{escape(name)}</option>'
                   for code, name in i18n.LANGUAGES.items())


# -- the page's words, before Python runs ---------------------------------------------

# What the loading line says (static/progress.js): the first words before
# the page's worker starts, then one per step of its (progress.js STEPS).
LOADING = (
    # Translators: the loading line on the empty table, the page's first words
    N_("Starting Python in your browser…"),
    # Translators: the loading line: Python (the program that runs the game) is downloading
    N_("Loading Python…"),
    # Translators: the loading line: Python has downloaded and starts
    N_("Starting Python…"),
    # Translators: the loading line: the game's own files are downloading, the last step
    N_("Loading the game…"),
)
# What the loading line and the status say when the game could not start
# (static/main.mjs when the page's worker fails before Python can say it;
# app.py when Python can).
NOT_STARTED = N_("The game could not start in this browser. Reloading the page may help.")
NOT_STARTED_STATUS = N_("Not started.")
# The page is shown in the visit's language from the first paint, before any
# Python runs: the build writes, for every language, the loading line's words
# and the translation of each of the page's messages (``messages``) into
# PAGE_WORDS (allfives/site/page_words.py), a script the page loads in <head>.
# static/progress.js says the loading line with them, and static/page-language.js
# puts the page's static words in the language before the first paint.
# Every language in one file: all five are 10.2 kB gzipped, one language and
# the English it is looked up by 3.6 to 4.2 kB. The 6 kB a first visit would
# save (of its 5 MB) would cost a second request, chosen at run time, before
# the first paint, and a file per language for the service worker to keep.
PAGE_WORDS = "static/vendor/page-words.js"
WORDS_GLOBAL = "ALLFIVES_PAGE_WORDS"  # static/progress.js and page-language.js read it


def page_words(translators: Mapping[str, Callable[[str], str]], html: str) -> str:
    """The script of ``PAGE_WORDS``: for each language code of ``translators``
    its loading line (``loading``), what the line and the status say when the
    game could not start (``failed``), each distinct message of the page ``html``
    in the page's order (``page``: English's are the msgids, which
    static/page-language.js looks the others up by), and the app's manifest
    (``manifest``)."""
    msgids = list(dict.fromkeys(message.text for message in messages(html)))
    words = {code: {"loading": [translate(text) for text in LOADING],
                    "failed": [translate(NOT_STARTED), translate(NOT_STARTED_STATUS)],
                    "page": [translate(text) for text in msgids],
                    "manifest": manifest_href(code)}
             for code, translate in translators.items()}
    return ("// The page's own words in each language, for the shell before Python runs\n"
            "// (static/progress.js, static/page-language.js), written by the build from\n"
            "// the catalogs (allfives/web/i18n/page_text.py page_words).\n"
            f"self.{WORDS_GLOBAL} = {json.dumps(words, ensure_ascii=False)};\n")


# The installed app's manifest in each language: English is the template in
# static/; the build writes the others (allfives/site/manifests.py).
MANIFEST = "static/manifest.webmanifest"
MANIFESTS = "static/vendor/manifests"


def manifest_href(code: str) -> str:
    """The page's ``<link rel=manifest>`` in ``code``, relative to the page."""
    if code == i18n.ENGLISH or code not in i18n.LANGUAGES:
        return "./" + MANIFEST
    return f"./{MANIFESTS}/{code}.webmanifest"


def shown(kept: str | None, now: str, written: str | None,
          translate: Callable[[str], str]) -> tuple[str, str] | None:
    """What a marked text shows next: ``(original, translation)``.

    ``kept`` is its English as first read (None the first time, when ``now``
    is it), ``now`` what the page shows, ``written`` what the last translation
    left there. When the page's own code has since written something else (a
    status line, an error), the text is no longer the page's static English:
    None, leave it alone."""
    if kept is None:
        original = normalize(now)
        return original, translate(original)
    if normalize(now) != normalize(written if written is not None else kept):
        return None
    return kept, translate(kept)
