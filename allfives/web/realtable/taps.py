"""What a tap or a typed field at a real table says, from the event as a
value (``paint.events.PageEvent``): the tiles drawn from the entry form, a
call, a round-end row's seat and step. Pure: the page's Python reads
nothing of the page."""

from __future__ import annotations

from collections.abc import Mapping

from ..paint.events import Hook, PageEvent


def drew_count(submitted: Mapping[str, str]) -> int:
    """How many tiles were drawn, as the entry form's ``drew`` field says
    (anything but a whole number above 0: one, the usual draw)."""
    text = submitted.get("drew", "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else 1


def called(value: str | None) -> int | None:
    """The points called, as typed (nothing, or not a number: none)."""
    text = (value or "").strip()
    return int(text) if text.isdigit() else None


def seat_of(at: Hook, name: str = "seat") -> int | None:
    """The seat an element names in ``data-{name}`` (none when it names none)."""
    text = at.data.get(name, "")
    return int(text) if text.isdigit() else None


def pips_step(at: Hook) -> tuple[int, int] | None:
    """A pip stepper's seat and step (``-1`` or ``1``)."""
    seat, by = seat_of(at), at.data.get("pipsStep", "")
    if seat is None or by not in ("-1", "1"):
        return None
    return seat, int(by)


def pips_typed(e: PageEvent) -> tuple[int, str] | None:
    """A round-end row's pips as typed: its seat and the field's text."""
    seat = seat_of(e.at)
    return None if seat is None or e.value is None else (seat, e.value)
