"""The loading line's words in every language of the page, written by the
build (``scripts/vendor.py``) from the compiled catalogs into the script
``static/progress.js`` reads before Python runs (``page_text.loading_words``)."""

from __future__ import annotations

import gettext
from pathlib import Path

from ..web.i18n import catalogs as i18n
from ..web.i18n.page_text import LOADING_WORDS, loading_words

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / LOADING_WORDS


def build(path: Path = FILE) -> Path:
    """Write the script, every language's words translated by its compiled
    catalog (``make catalogs``; a missing one raises ``OSError``)."""
    translators = {code: gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[code]).gettext
                   for code in i18n.LANGUAGES if code != i18n.ENGLISH}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(loading_words({i18n.ENGLISH: str, **translators}), encoding="utf-8")
    return path
