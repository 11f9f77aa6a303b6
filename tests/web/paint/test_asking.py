"""Questions for the page's thread: each asked with its own number as an
effect, its answer fulfilling the one that asked; an answer to nothing
waiting changes nothing."""

from __future__ import annotations

import json

from allfives.web.paint.asking import Asks
from allfives.web.paint.parts import Effect

from ..bots.test_bot_answers import run as run_alone


def test_answers_reach_the_question_they_answer_in_any_order():
    async def run() -> tuple[str, str, Effect, Effect]:
        asks = Asks()
        first, persisted = asks.ask("persist")
        second, copied = asks.ask("copy", "https://example.org/?deal=x")
        asks.answered("2", "copied")
        asks.answered("1", "granted")
        asks.answered("1", "refused")  # answered already: dropped
        asks.answered("7", "granted")  # no such question: dropped
        return await persisted, await copied, first, second

    persisted, copied, first, second = run_alone(run())
    assert (persisted, copied) == ("granted", "copied")
    assert (first.kind, first.target, json.loads(first.text)) == (
        "ask", "persist", {"id": "1", "arg": ""})
    assert (second.target, json.loads(second.text)) == (
        "copy", {"id": "2", "arg": "https://example.org/?deal=x"})


def test_an_answer_without_a_value_is_empty_text():
    async def run() -> str:
        asks = Asks()
        _effect, answer = asks.ask("persist")
        asks.answered("1", None)
        return await answer

    assert run_alone(run()) == ""
