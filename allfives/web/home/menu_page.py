"""The header's menu in the page (``#menu-button``, ``#menu``): listens for
clicks and keys, sets ``aria-expanded`` and moves focus; ``menu`` decides.
The stylesheet shows the menu as a drop-down only on narrow screens; on wide
ones the button is hidden and the actions stand in the header's row."""

from __future__ import annotations

from typing import Any

from pyscript import document

from ..dom import el, found, on
from .menu import Close, Focus, button_key, clicked, menu_key, resolve

ACTIONS = "#menu > button, #menu input"  # what takes focus in the menu, in order


class Menu:
    def bind(self) -> None:
        on(el("menu-button"), "click", lambda _e: self.do(clicked(self.expanded())))
        on(el("menu-button"), "keydown", self.on_button_key)
        on(el("menu"), "keydown", self.on_menu_key)
        on(el("menu"), "click", self.on_chosen)
        on(el("menu"), "focusout", self.on_focus_out)
        on(el("menu-button"), "focusout", self.on_focus_out)
        on(document, "click", self.on_page_click)

    def expanded(self) -> bool:
        return str(el("menu-button").getAttribute("aria-expanded")) == "true"

    def actions(self) -> list[Any]:
        return list(document.querySelectorAll(ACTIONS))

    def do(self, step: Focus | Close | None) -> None:
        if isinstance(step, Focus):
            el("menu-button").setAttribute("aria-expanded", "true")
            actions = self.actions()
            index = resolve(step.index, len(actions))
            if index is not None:
                actions[index].focus()
        elif isinstance(step, Close):
            el("menu-button").setAttribute("aria-expanded", "false")
            if step.refocus:
                el("menu-button").focus()

    def on_button_key(self, evt: Any) -> None:
        step = button_key(str(evt.key), self.expanded())
        if step is not None:
            evt.preventDefault()  # no page scrolling, no shortcut
            self.do(step)

    def on_menu_key(self, evt: Any) -> None:
        if not self.expanded():
            return  # the wide header: arrows mean nothing here
        actions = self.actions()
        current = found(document.activeElement)
        index = next((i for i, n in enumerate(actions) if n == current), 0)
        step = menu_key(str(evt.key), index, len(actions))
        if step is not None:
            evt.preventDefault()  # the table's shortcuts (Escape, arrows) stay out of it
            self.do(step)

    def on_chosen(self, evt: Any) -> None:
        """An action was chosen (it has run: its own listener came first): the
        menu closes, and focus goes back to the button unless a dialog took it.
        A click on the record's label is followed by one on its file field."""
        target = found(evt.target)
        if not self.expanded() or target is None or str(target.id) == "open-record-label":
            return
        if found(target.closest("#menu button, #menu input")) is None:
            return
        active = found(document.activeElement)
        in_menu = active is None or bool(el("menu").contains(active)) \
            or active == document.body
        self.do(Close(refocus=in_menu))

    def on_focus_out(self, evt: Any) -> None:
        """Focus left the menu and its button (Tab past the last action, a
        dialog opened): the menu closes. No new focus (the window lost it, a
        file chooser opened) leaves it open."""
        going = found(evt.relatedTarget)
        if going is None or not self.expanded():
            return
        if not (el("menu").contains(going) or going == el("menu-button")):
            self.do(Close(refocus=False))

    def on_page_click(self, evt: Any) -> None:
        """A person's click outside the menu and its button closes it (not the
        page's own clicks, such as the link that downloads a record)."""
        target = found(evt.target)
        if evt.isTrusted and self.expanded() and target is not None and found(
                target.closest("#menu, #menu-button")) is None:
            self.do(Close(refocus=False))
