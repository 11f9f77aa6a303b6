"""The clock: the person's date, as the browser's ``Date`` gives it in their
time zone (the daily deal, the daily puzzle and the statistics' days)."""

from __future__ import annotations

from typing import Any

import js


def today() -> str:
    """The person's date, as YYYY-MM-DD."""
    now: Any = js.Date.new()
    return f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"
