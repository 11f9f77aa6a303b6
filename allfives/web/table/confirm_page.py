"""The one question asked before a game in progress is ended or replaced
(``#confirm``, a ``dialog`` whose go-ahead button carries ``data-confirm``):
the rooms hand over what to do on the go-ahead; cancelling changes nothing.
Whether to ask at all is decided in ``ending``."""

from __future__ import annotations

from collections.abc import Callable

from ..paint.events import Listen
from ..paint.listening_page import listen
from ..paint.parts import Effect
from ..paint.writer_page import page
from .dialog_frames import confirm_frame


class Confirm:
    def __init__(self) -> None:
        self.go: Callable[[], None] | None = None

    def bind(self) -> None:
        listen(Listen("click", "#confirm-go"), lambda _e: self.went())
        listen(Listen("click", "#confirm-cancel"), lambda _e: self.cancel())
        listen(Listen("close", "#confirm"), lambda _e: self.cancel())

    def ask(self, question: tuple[str, str, str], go: Callable[[], None]) -> None:
        """Ask ``question`` (title, text, the go-ahead's label); on the go-ahead, ``go``."""
        self.go = go
        page.write(confirm_frame(question), [Effect("open", "confirm")])

    def went(self) -> None:
        go, self.go = self.go, None
        page.write({}, [Effect("close", "confirm")])
        if go is not None:
            go()

    def cancel(self) -> None:
        self.go = None
        page.write({}, [Effect("close", "confirm")])
