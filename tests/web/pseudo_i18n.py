"""A pseudo-language for tests: every message gettext is asked for comes back
as ``⟦message⟧``, so English left anywhere a person sees it stands out."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape

from allfives.web.i18n import catalogs as i18n


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"


@contextmanager
def pseudo() -> Iterator[None]:
    """Every ``_`` and ``ngettext`` in the pseudo-language while inside."""
    kept = i18n._current
    i18n._current = Pseudo()
    try:
        yield
    finally:
        i18n._current = kept


def untranslated(html: str, allowed: str = "") -> list[str]:
    """The words in ``html``'s text and labels that came through no message
    (beside tile names and ``allowed``, a regular expression)."""
    text = re.sub(r"<[^>]*aria-label=\"([^\"]*)\"[^>]*>", r" \1 ", html)
    text = unescape(re.sub(r"<[^>]+>", " ", text))
    while True:  # innermost first: messages may hold messages
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            break
        text = inner
    left = re.sub(r"\d-\d|" + (allowed or "(?!)"), " ", text)
    return re.findall(r"[^\W\d_]+", left)
