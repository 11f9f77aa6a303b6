"""Questions only the page's thread can answer (``static/paint.mjs``'s
``QUESTIONS``: will the browser keep this page's storage?), asked as an
effect and answered as an event, so the Python that asks may run in a worker
and still ``await`` the answer. Each question has its own number; an answer
to none that waits is dropped."""

from __future__ import annotations

import asyncio
import json

from .parts import Effect

ANSWER = "allfives-answer"  # the event that brings an answer (at the document)
Question = str  # a name of static/paint.mjs's QUESTIONS


class Asks:
    def __init__(self) -> None:
        self.waiting: dict[str, asyncio.Future[str]] = {}
        self.asked = 0

    def ask(self, question: Question, argument: str = "") -> tuple[Effect, asyncio.Future[str]]:
        """The effect that asks ``question`` and the future its answer fulfils."""
        self.asked += 1
        number = str(self.asked)
        answer: asyncio.Future[str] = asyncio.get_event_loop().create_future()
        self.waiting[number] = answer
        return Effect("ask", question, json.dumps({"id": number, "arg": argument})), answer

    def answered(self, number: str, value: str | None) -> None:
        answer = self.waiting.pop(number, None)
        if answer is not None and not answer.done():
            answer.set_result(value or "")
