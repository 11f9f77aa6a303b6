"""The page in the visit's language: which language (``?lang=``, the kept
choice, the browser's), the page's marked texts read as values for
``language_frame``, whose frame the page's one writer writes, and the
language choice in Settings (``#set-language``). A language's catalog is
fetched first (``storage.fetch_page``): the visit's before a word is
written, another when chosen; one that cannot be fetched leaves the page as
it was, with a notice. Thin wiring: which text is decided in
``language_frame``, ``page_text`` and ``catalogs``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from ...data_files import DataFileError
from ..dom import found, store, url_param
from ..i18n import catalogs as i18n
from ..i18n import page_text
from ..paint.events import Listen
from ..paint.listening_page import listen
from ..paint.notice_page import notice
from ..paint.writer_page import page
from ..storage.fetch_page import FILES
from ..storage.keys import SETTINGS_KEY
from ..table.settings import Settings, visit_language
from .language_frame import (
    KEPT,
    MARK_ID,
    MARKUP,
    WRITTEN,
    Marked,
    key,
    language_choice,
    language_frame,
    not_shown,
    not_switched,
)

_numbered = [0]  # how many marked elements have a number (``MARK_ID``)


def preferred() -> list[str]:
    """The browser's preferred languages, best first."""
    nav = window.navigator
    languages = getattr(nav, "languages", None)
    if languages:
        return [str(tag) for tag in languages]
    one = getattr(nav, "language", None)
    return [str(one)] if isinstance(one, str) else []


async def fetched(code: str) -> str | None:
    """Why the catalog of ``code`` cannot be had now, or None: it is in place
    (fetched now, or before, or English, which needs none)."""
    path = i18n.data_file(code)
    try:
        if path is not None:
            await FILES.ensure(path)
    except DataFileError as e:
        return str(e)
    return None


async def visit(settings: Settings) -> Settings:
    """Show the page in this visit's language (``?lang=``, the kept choice, the
    browser's; in English with a notice if its catalog cannot be fetched); a
    ``?lang=`` is remembered. Returns the settings to use."""
    code, chosen = visit_language(url_param("lang"), settings, preferred())
    if chosen != settings:
        store(SETTINGS_KEY, json.dumps(chosen.to_json()))
    problem = await fetched(code)
    apply(i18n.ENGLISH if problem else code)
    if problem:
        notice(not_shown(code, problem))
    return chosen


def apply(code: str) -> str:
    """Make ``code`` the page's language (English if we have no such language):
    every later ``_`` and the static text now. Returns the code in use. What
    the page's code wrote is forgotten by the writer: the screens write it
    again, in this language."""
    code = i18n.use(code)
    texts = list(document.querySelectorAll(f"[{page_text.TEXT_MARK}]"))
    marks = [_text(node) for node in texts]
    for node in document.querySelectorAll(f"[{page_text.ATTRIBUTE_MARK}]"):
        names = tuple(str(node.getAttribute(page_text.ATTRIBUTE_MARK)).split())
        marks += [_attribute(node, name, names) for name in names]
    page.forget()
    page.write(language_frame(code, marks, i18n._,
                              found(document.querySelector("link[rel=manifest]")) is not None))
    for node in texts:  # as the page holds it: markup may come back spelled otherwise
        if node.hasAttribute(KEPT):
            now = node.innerHTML if node.hasAttribute(MARKUP) else node.textContent
            node.setAttribute(WRITTEN, page_text.normalize(str(now)))
    return code


def _number(node: Any) -> str:
    """The selector of a marked element, numbered the first time it is met."""
    if not node.hasAttribute(MARK_ID):
        node.setAttribute(MARK_ID, str(_numbered[0]))
        _numbered[0] += 1
    return key(int(str(node.getAttribute(MARK_ID))))


def _kept(node: Any, name: str) -> str | None:
    return str(node.getAttribute(name)) if node.hasAttribute(name) else None


def _text(node: Any) -> Marked:
    markup = node.hasAttribute(MARKUP) or (not node.hasAttribute(KEPT)
                                           and bool(node.childElementCount))
    return Marked(_number(node), str(node.innerHTML if markup else node.textContent),
                  _kept(node, KEPT), _kept(node, WRITTEN), markup)


def _attribute(node: Any, name: str, names: tuple[str, ...]) -> Marked:
    return Marked(_number(node), str(node.getAttribute(name) or ""), _kept(node, f"{KEPT}-{name}"),
                  _kept(node, f"{WRITTEN}-{name}"), attribute=name, marked=names)


class Languages:
    """``#set-language`` in Settings: a choice applies once its catalog is
    in place; ``chosen`` (the page's) keeps it and redraws what the page's
    own code wrote, and the game goes on where it was. A catalog that cannot
    be fetched changes nothing: the choice goes back, with a notice."""

    def __init__(self, chosen: Callable[[str], None]) -> None:
        self.chosen = chosen
        self.wanted = ""  # the last choice: one overtaken while fetched is dropped

    def bind(self) -> None:
        listen(Listen("change", "#set-language"), lambda e: self.switch(e.value or ""))

    async def switch(self, code: str) -> None:
        self.wanted = code
        problem = await fetched(code)
        if code != self.wanted:
            return
        if problem:
            page.forget("#set-language")  # the choice shown again as it is
            page.write({"#set-language": language_choice(i18n.current())})
            notice(not_switched(code, problem))
            return
        self.chosen(apply(code))
