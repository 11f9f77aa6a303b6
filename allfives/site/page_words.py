"""The page's own words in every language, written from the compiled catalogs
into the script the shell reads before Python runs (``page_text.page_words``):
the loading line (``static/progress.js``) and ``index.html``'s marked texts
(``static/page-language.js``)."""

from __future__ import annotations

import gettext
from pathlib import Path

from ..web.i18n import catalogs as i18n
from ..web.i18n.page_text import PAGE_WORDS, page_words

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / PAGE_WORDS
PAGE = ROOT / "index.html"


def build(path: Path = FILE, page: Path = PAGE) -> Path:
    """Write the script for the messages of ``page``, every language's words
    translated by its compiled catalog (``make catalogs``; a missing one raises
    ``OSError``)."""
    translators = {code: gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[code]).gettext
                   for code in i18n.LANGUAGES if code != i18n.ENGLISH}
    html = page.read_text(encoding="utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page_words({i18n.ENGLISH: str, **translators}, html), encoding="utf-8")
    return path
