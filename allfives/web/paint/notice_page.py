"""The notice bar in the page: ``notice`` shows a message (``notice.notice_frame``),
its button runs the action given with it, its close button hides it. A
failure anywhere in the page's Python is told here too (``dom.oops``)."""

from __future__ import annotations

from collections.abc import Callable

from .. import dom
from .events import Listen, PageEvent
from .listening_page import listen
from .notice import closed_notice, notice_frame
from .writer_page import page

Action = Callable[[PageEvent], object]


class _Bar:
    action: Action | None = None  # what the shown notice's button does


def notice(text: str, action: tuple[str, Action] | None = None) -> None:
    """A plain message above the table, with an optional button and a close button."""
    _Bar.action = action[1] if action else None
    page.write(notice_frame(text, action[0] if action else None))


def _act(event: PageEvent) -> object:
    return _Bar.action(event) if _Bar.action is not None else None


listen(Listen("click", "#notice-action"), _act)
listen(Listen("click", "#notice .close"), lambda _e: page.write(closed_notice()))
dom.tell_failures(notice)
