"""The pointer on the table (thin): a click on a lit place, and a tile of
the hand dragged onto one. The drag itself is moved on the page's thread
(``static/drag.mjs``: ``pointer.HAND_DRAG``); its start and its end come as
values, and what they mean is the controller's (``pointer.dragged``)."""

from __future__ import annotations

from collections.abc import Callable

from ...moves import parse_move
from ..paint.events import Listen, PageEvent
from ..paint.listening_page import listen
from .controller import Controller
from .pointer import HAND_DRAG, dragged
from .steps import Reply


class Drag:
    def __init__(self, controller: Controller, answer: Callable[[Reply], None]) -> None:
        self.controller = controller
        self.answer = answer

    def bind(self) -> None:
        listen(Listen("click", "#board [data-target]"), self.click)
        listen(HAND_DRAG, lambda e: self.answer(dragged(self.controller, e)))

    def click(self, event: PageEvent) -> None:
        self.answer(self.controller.click_place(parse_move(event.at.data.get("move", ""))))
