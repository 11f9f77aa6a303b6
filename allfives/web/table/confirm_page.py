"""The one question asked before a game in progress is ended or replaced
(``#confirm``, a ``dialog`` whose go-ahead button carries ``data-confirm``):
the rooms hand over what to do on the go-ahead; cancelling changes nothing.
Whether to ask at all is decided in ``ending``."""

from __future__ import annotations

from collections.abc import Callable

from ..dom import el, on


class Confirm:
    def __init__(self) -> None:
        self.go: Callable[[], None] | None = None

    def bind(self) -> None:
        on(el("confirm-go"), "click", lambda _e: self.went())
        on(el("confirm-cancel"), "click", lambda _e: self.cancel())
        on(el("confirm"), "close", lambda _e: self.cancel())

    def ask(self, question: tuple[str, str, str], go: Callable[[], None]) -> None:
        """Ask ``question`` (title, text, the go-ahead's label); on the go-ahead, ``go``."""
        title, text, label = question
        el("confirm-title").textContent = title
        el("confirm-text").textContent = text
        el("confirm-go").textContent = label
        self.go = go
        if not el("confirm").open:
            el("confirm").showModal()

    def went(self) -> None:
        go, self.go = self.go, None
        el("confirm").close()
        if go is not None:
            go()

    def cancel(self) -> None:
        self.go = None
        if el("confirm").open:
            el("confirm").close()
