"""JSON read back from browser storage, bounded before it is parsed.

Anything at all may sit under the page's storage keys (an old version's
save, a hand edit, another program), and two kinds of text would stop the
page on every load: a number thousands of digits long (``json.loads``
raises ValueError past 4300 digits) and arrays nested ~100,000 deep (the
parser's recursion overflows Pyodide's WebAssembly stack, a fatal error
Python cannot catch). So the text is measured first, without recursion, and
refused with a reason a person can read. Pure Python, no browser.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from ...errors import AllFivesError
from ..i18n.catalogs import _, ngettext, number

# A save is ~450 characters a round (a game of 20 rounds is under 10 KB; the
# longest a save may hold, table.MAX_ROUNDS, under 100 KB). A megabyte leaves
# room for all of that and is scanned and parsed in Pyodide in 0.1 to 0.3 s.
MAX_CHARS = 1_000_000
# A record nests 5 levels (record, rounds, round, hands, hand); setup and
# settings 2. Far below where Pyodide's stack gives out (thousands).
MAX_DEPTH = 32
# Numbers kept are seeds (at most 10 digits), targets, seats, pauses.
MAX_NUMBER_CHARS = 40

# A JSON string, or an unterminated one running to the end of the text:
# brackets and digits inside strings are text, not structure.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_LONG_NUMBER = re.compile(rf"[-+.0-9eE]{{{MAX_NUMBER_CHARS + 1},}}")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class UnreadableError(AllFivesError):
    """Stored text that is not JSON, or not JSON the page will parse; one line
    for people, in the page's language."""


def refusal(text: str) -> str | None:
    """Why ``text`` is refused before parsing (too long, too deep, a number too
    long), or None. Linear in the text, no recursion."""
    if len(text) > MAX_CHARS:
        # Translators: why stored text (a saved game, a backup file) is refused: it is {n}
        # characters long, more than the {limit} characters read.
        return ngettext("{n} character long, more than {limit}",
                        "{n} characters long, more than {limit}",
                        len(text)).format(n=number(len(text)), limit=number(MAX_CHARS))
    bare = _STRING.sub('""', text)
    brackets = _NOT_BRACKET.sub("", bare)
    depth = max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)
    if depth > MAX_DEPTH:
        # Translators: why stored text is refused: its brackets nest {n} levels deep, more
        # than the {limit} levels read.
        return ngettext("nested {n} level deep, more than {limit}",
                        "nested {n} levels deep, more than {limit}",
                        depth).format(n=number(depth), limit=number(MAX_DEPTH))
    long_number = _LONG_NUMBER.search(bare)
    if long_number:
        digits = len(long_number.group())
        # Translators: why stored text is refused: it holds a number written with {n} characters.
        return ngettext("a number {n} character long", "a number {n} characters long",
                        digits).format(n=number(digits))
    return None


def loads(text: str) -> Any:
    """The JSON value in ``text``; UnreadableError if it is refused or not JSON."""
    why = refusal(text)
    if why is not None:
        raise UnreadableError(why)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        # Translators: why stored text is refused: it is not JSON (the format the page keeps
        # things in). {error} is Python's own English, as "Expecting value", at {line} and
        # {column} of the text.
        raise UnreadableError(_("not JSON ({error} at line {line} column {column})").format(
            error=e.msg, line=e.lineno, column=e.colno)) from None
    except (ValueError, RecursionError) as e:  # not expected after the checks, but never fatal
        # Translators: why stored text is refused; {error} is the name of Python's error.
        raise UnreadableError(_("not JSON the page can read ({error})").format(
            error=type(e).__name__)) from None
