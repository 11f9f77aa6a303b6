"""What the page does on start when the address asks (``?do=``): the
installed app's shortcuts (``static/manifest.webmanifest``) open
``index.html?do=new`` (the new-game dialog), ``?do=daily`` (the daily deal)
and ``?do=puzzles`` (the Puzzles panel). Anything else is ignored.
"""

from __future__ import annotations

from typing import Literal

Launch = Literal["new", "daily", "puzzles"]
LAUNCHES: tuple[Launch, ...] = ("new", "daily", "puzzles")


def launch(value: str | None) -> Launch | None:
    """The start-up action ``?do=VALUE`` asks for, or None.

    >>> launch("new"), launch(" Daily "), launch("puzzles"), launch("stats"), launch(None)
    ('new', 'daily', 'puzzles', None, None)
    """
    wanted = (value or "").strip().lower()
    return next((name for name in LAUNCHES if name == wanted), None)
