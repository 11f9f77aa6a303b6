"""The page's language: gettext catalogs from ``allfives/locale``, and which
language a visit gets.

Every sentence a person sees is written in English in the source and goes
through ``_`` (or ``ngettext`` where a number decides the form) when it is
shown, so a language change applies at the next render. Texts fixed at import
time are marked with ``N_`` and translated where they are used.

The catalogs are ``.po`` files kept in the package; the build compiles them to
``.mo`` (``make catalogs``, Babel). A language whose ``.mo`` is missing falls
back to English rather than failing. The page's zip leaves the ``.mo`` out:
the page fetches the one of the visit's language before it writes a word,
another when it is chosen (``data_file``; ``allfives.data_files``).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from pathlib import Path

from ... import data_files

LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"  # allfives/locale
DOMAIN = "allfives"
ENGLISH = "en"
# Each language named in itself, as the settings list them.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "nl": "Nederlands",
    "sk": "Slovenčina",
    "hi": "हिन्दी",
}

# How each language writes 1234567.5: its thousands mark, decimal mark, and
# whether it groups by two above the thousands (CLDR: Hindi writes 12,34,567.5).
NUMBERS: dict[str, tuple[str, str, bool]] = {
    "en": (",", ".", False),
    "de": (".", ",", False),
    "nl": (".", ",", False),
    "sk": ("\u00a0", ",", False),
    "hi": (",", ".", True),
}

_current: gettext.NullTranslations = gettext.NullTranslations()
_code = ENGLISH


def use(code: str) -> str:
    """Make ``code`` the language of every later ``_``; returns the code in use
    (English when ``code`` is not one of ``LANGUAGES``)."""
    global _current, _code
    code = code if code in LANGUAGES else ENGLISH
    _current = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    _code = code
    return code


def data_file(code: str) -> str | None:
    """The package's file the catalog of ``code`` is, for the page to fetch
    before ``use`` (None for English, which needs none, or no such language)."""
    return data_files.catalog(code) if code in LANGUAGES and code != ENGLISH else None


def current() -> str:
    return _code


def _(message: str) -> str:
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet."""
    return message


def number(value: float, places: int | None = None) -> str:
    """``value`` as the page's language writes it: ``places`` decimals, or as
    few as it needs (``1.5``, ``36``), with the language's marks."""
    text = f"{value:.{places}f}" if places is not None else f"{value:g}"
    if "e" in text:  # too big or small for 'g' to write in full
        text = f"{value:f}".rstrip("0").rstrip(".")
    sign, text = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, _dot, fraction = text.partition(".")
    thousands, decimal, by_two = NUMBERS[_code]
    groups = [whole[-3:]]
    rest = whole[:-3]
    step = 2 if by_two else 3
    while rest:
        groups.insert(0, rest[-step:])
        rest = rest[:-step]
    return sign + thousands.join(groups) + (decimal + fraction if fraction else "")



def plural_n(x: float) -> int:
    """The number that picks a plural form for ``x``: itself when whole, else
    one that takes the general plural (fractions are never singular)."""
    return int(x) if x == int(x) else 5

def supported(tag: str | None) -> str | None:
    """The language of a tag like ``de-AT`` or ``hi``, if we have it."""
    if not tag:
        return None
    code = tag.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def choose(asked: str | None, kept: str | None, preferred: Iterable[str]) -> str:
    """The language for this visit: ``?lang=`` first, then the one the person
    chose before, then the browser's preferred languages in order, else English."""
    for tag in (asked, kept, *preferred):
        code = supported(tag)
        if code:
            return code
    return ENGLISH
