"""The page in the visit's language: ``<html lang>``, the static English of
index.html (``[data-i18n]`` texts, ``[data-i18n-attr]`` attributes) through
gettext, and the language choice in Settings (``#set-language``).

Thin wiring: which language and which text are decided in ``page_text`` and
``catalogs``. Each marked text keeps its English in ``data-i18n-en`` from the
first pass, so the page can switch back and forth; a text the page's own code
has since rewritten (the status line) is left to that code.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from ..dom import el, on, store, url_param
from ..i18n import catalogs as i18n
from ..i18n import page_text
from ..storage.keys import SETTINGS_KEY
from ..table.settings import Settings, visit_language

KEPT = "data-i18n-en"  # the English, as first read
# Set once a language is applied: until then the stylesheet hides every marked
# text, so nobody sees the shell's English before their own language.
READY = "data-language"
WRITTEN = "data-i18n-shown"  # what the last pass left there
MARKUP = "data-i18n-html"  # the text holds inline markup: set as innerHTML


def preferred() -> list[str]:
    """The browser's preferred languages, best first."""
    nav = window.navigator
    languages = getattr(nav, "languages", None)
    if languages:
        return [str(tag) for tag in languages]
    one = getattr(nav, "language", None)
    return [str(one)] if isinstance(one, str) else []


def visit(settings: Settings) -> Settings:
    """Show the page in this visit's language (``?lang=``, the kept choice, the
    browser's); a ``?lang=`` is remembered. Returns the settings to use."""
    code, chosen = visit_language(url_param("lang"), settings, preferred())
    if chosen != settings:
        store(SETTINGS_KEY, json.dumps(chosen.to_json()))
    apply(code)
    return chosen


def apply(code: str) -> str:
    """Make ``code`` the page's language (English if we have no such language):
    every later ``_`` and the static text now. Returns the code in use."""
    code = i18n.use(code)
    root = document.documentElement
    root.lang = code
    root.dir = "ltr"
    root.setAttribute(READY, code)
    for node in document.querySelectorAll(f"[{page_text.TEXT_MARK}]"):
        _text(node)
    for node in document.querySelectorAll(f"[{page_text.ATTRIBUTE_MARK}]"):
        for name in str(node.getAttribute(page_text.ATTRIBUTE_MARK)).split():
            _attribute(node, name)
    manifest = document.querySelector("link[rel=manifest]")
    if manifest:  # the installed app's names in this language too
        manifest.setAttribute("href", page_text.manifest_href(code))
    choice = el("set-language")
    if not choice.options.length:
        choice.innerHTML = page_text.language_options()
    choice.value = code
    return code


def _kept(node: Any, name: str) -> str | None:
    return str(node.getAttribute(name)) if node.hasAttribute(name) else None


def _text(node: Any) -> None:
    if not node.hasAttribute(KEPT) and node.childElementCount:
        node.setAttribute(MARKUP, "")
    markup = node.hasAttribute(MARKUP)
    now = str(node.innerHTML if markup else node.textContent)
    shown = page_text.shown(_kept(node, KEPT), now, _kept(node, WRITTEN), i18n._)
    if shown is None:  # the page's code writes this text now
        for name in (page_text.TEXT_MARK, KEPT, WRITTEN, MARKUP):
            node.removeAttribute(name)
        return
    original, text = shown
    node.setAttribute(KEPT, original)
    if page_text.normalize(now) != text:
        if markup:
            node.innerHTML = text
        else:
            node.textContent = text
    node.setAttribute(WRITTEN, page_text.normalize(
        str(node.innerHTML if markup else node.textContent)))


def _attribute(node: Any, name: str) -> None:
    kept, written = f"{KEPT}-{name}", f"{WRITTEN}-{name}"
    now = str(node.getAttribute(name) or "")
    shown = page_text.shown(_kept(node, kept), now, _kept(node, written), i18n._)
    if shown is None:  # the page's code writes this attribute now
        names = str(node.getAttribute(page_text.ATTRIBUTE_MARK)).split()
        node.setAttribute(page_text.ATTRIBUTE_MARK, " ".join(n for n in names if n != name))
        return
    original, text = shown
    node.setAttribute(kept, original)
    node.setAttribute(name, text)
    node.setAttribute(written, text)


class Languages:
    """``#set-language`` in Settings: a choice applies at once; ``chosen``
    (the page's) keeps it and redraws what the page's own code wrote, and the
    game goes on where it was."""

    def __init__(self, chosen: Callable[[str], None]) -> None:
        self.chosen = chosen

    def bind(self) -> None:
        # on the select itself, so it runs before the settings form's own
        # listener, which then reads the settings with the new language
        on(el("set-language"), "change", lambda e: self.chosen(apply(str(e.target.value))))
