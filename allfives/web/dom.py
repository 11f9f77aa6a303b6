"""What every page module uses and no page element: a task whose failure is
reported (and who tells it), the browser's storage as the page's thread
hands it over (``storage.mirror``), what the address asks, the visit's
language and the browser's. Thin wiring over ``js``: nothing here decides
anything about the game, and nothing here reaches an element (a worker has
none)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from typing import Any
from urllib.parse import parse_qs

import js

from .i18n.catalogs import _
from .storage.bounded_json import UnreadableError, loads
from .storage.mirror import Mirror


def spawn(coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
    """Run ``coro`` as a task whose failure is reported (cancelling is no failure)."""
    return asyncio.ensure_future(_reported(coro))


async def _reported(coro: Coroutine[Any, Any, Any]) -> None:
    try:
        await coro
    except asyncio.CancelledError:
        raise
    except Exception as e:  # noqa: BLE001
        oops(e)


def oops(error: Exception) -> None:
    js.console.error(f"allfives: {type(error).__name__}: {error}")
    # Translators: {error} is the program's own English about what failed.
    _Failures.tell(_("Something went wrong ({error}). The game is saved; reloading the page "
                     "resumes it.").format(error=error))


class _Failures:
    """Who tells a person that something failed: the notice bar
    (``paint.notice_page``, a room above this one, says so when it loads)."""

    tell: Callable[[str], object] = js.console.warn


def tell_failures(tell: Callable[[str], object]) -> None:
    _Failures.tell = tell


def _held() -> dict[str, str] | None:
    text = js.allfivesStorage.held()
    return json.loads(str(text)) if isinstance(text, str) else None


def _keep(key: str, value: str | None, was: str | None) -> None:
    js.allfivesStorage.keep(key, value, was)


# The browser's storage, read once (static/storage.mjs) and kept in memory;
# a write not done comes back as an event (paint.listening_page).
STORAGE = Mirror(_held(), _keep)


def stored(key: str) -> str | None:
    return STORAGE.get(key)


def store(key: str, value: str) -> bool:
    """Keep ``value`` under ``key`` (``Mirror.set``: a write not done is
    told later); False when storage cannot be used at all."""
    return STORAGE.set(key, value)


def unstore(key: str) -> bool:
    """Keep nothing under ``key``; False when storage cannot be used."""
    return STORAGE.remove(key)


def stored_json(key: str) -> Any:
    """The JSON value kept under ``key``, or None when there is none or it is
    refused (``storage.bounded_json.loads``: too long, too deep, not JSON)."""
    text = stored(key)
    if not text:
        return None
    try:
        return loads(text)
    except UnreadableError as e:
        js.console.warn(f"allfives: {key} ignored: {e}")
        return None


# The page's address and languages (static/page.mjs), read once.
FACTS: dict[str, Any] = json.loads(str(js.allfivesPage.facts()))


def url_param(name: str) -> str | None:
    """The address's ``?name=`` value; None when it has none or an empty one."""
    values = parse_qs(FACTS["search"].lstrip("?")).get(name)
    return values[0] if values else None


def page_language() -> str:
    """The visit's language, as ``<html lang>`` has it."""
    return str(FACTS["lang"])


def preferred_languages() -> list[str]:
    """The browser's preferred languages, best first (``navigator.languages``)."""
    languages = FACTS.get("languages")
    return [tag for tag in languages if isinstance(tag, str)] if isinstance(languages, list) else []
