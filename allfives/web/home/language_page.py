"""The page in the visit's language: which language (``?lang=``, the kept
choice, the browser's), the page's marked texts (as the page's thread
reports them: ``static/paint.mjs``'s question "marks") read as values for
``language_frame``, whose frame the page's one writer writes, and the
language choice in Settings (``#set-language``). A language's catalog is
fetched first (``storage.fetch_page``): the visit's before a word is
written, another when chosen; one that cannot be fetched leaves the page as
it was, with a notice. Thin wiring: which text is decided in
``language_frame``, ``page_text`` and ``catalogs``; no element is reached
from here (issue 40)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from ...data_files import DataFileError
from ..dom import oops, preferred_languages, store, url_param
from ..i18n import catalogs as i18n
from ..paint.events import Listen
from ..paint.listening_page import ask, listen
from ..paint.notice_page import notice
from ..paint.writer_page import page
from ..storage.fetch_page import FILES
from ..storage.keys import SETTINGS_KEY
from ..table.settings import Settings, visit_language
from .language_frame import (
    MARK_SHOWN,
    Marked,
    language_choice,
    language_frame,
    not_shown,
    not_switched,
    read_marks,
)

# One language applied at a time: each reads the marks the one before left.
_applying = asyncio.Lock()


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
    code, chosen = visit_language(url_param("lang"), settings, preferred_languages())
    if chosen != settings:
        store(SETTINGS_KEY, json.dumps(chosen.to_json()))
    problem = await fetched(code)
    await apply(i18n.ENGLISH if problem else code)
    if problem:
        notice(not_shown(code, problem))
    return chosen


async def apply(code: str) -> str:
    """Make ``code`` the page's language (English if we have no such language):
    every later ``_`` and the static text now. Returns the code in use. What
    the page's code wrote is forgotten by the writer: the screens write it
    again, in this language."""
    async with _applying:
        marks, manifest = await _marks()
        code = i18n.use(code)
        page.forget()
        page.write(language_frame(code, marks, i18n._, manifest), [MARK_SHOWN])
    return code


async def _marks() -> tuple[list[Marked], bool]:
    """The page's marked texts, and whether it links a manifest; none when its
    thread's answer cannot be read (told: the page's words stay as they are)."""
    try:
        return read_marks(await ask("marks"))
    except ValueError as e:
        oops(e)
        return [], False


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
        self.chosen(await apply(code))
