"""The header's menu in the page (``#menu-button``, ``#menu``): listens for
clicks and keys through the page's thread, writes ``aria-expanded`` and moves
focus by the page's one writer; ``menu`` decides. Whether the menu is open is
kept here (the page is never read); which keys the browser's default is
prevented for is said in the Listens, decided in the page's thread. The
stylesheet shows the menu as a drop-down only on narrow screens; on wide
ones the button is hidden and the actions stand in the header's row."""

from __future__ import annotations

from ..paint.events import Listen, PageEvent
from ..paint.listening_page import listen
from ..paint.writer_page import page
from .menu import (
    ACTIONS,
    BUTTON_KEYS,
    EXPANDED,
    IN_MENU,
    MENU_KEYS,
    Close,
    Focus,
    button_key,
    clicked,
    in_menu,
    index_of,
    menu_key,
    stepped,
)

# A file the page's thread saves is a link it clicks (static/paint.mjs): in
# the page only while clicked. That click is not the person's.
SAVING = "body > a[download]"


class Menu:
    def __init__(self) -> None:
        self.expanded = False  # as index.html has it
        self.chosen = False  # this click is on one of the menu's actions
        self.inside = False  # this click is in the menu or on its button

    def bind(self) -> None:
        """The clicks are heard nearest their element first: an action's own
        Listen, then the menu's (``on_chosen``), then the page's (``on_page_click``)."""
        listen(Listen("click", "#menu-button"), lambda _e: self.on_button())
        listen(Listen("keydown", "#menu-button", keys=BUTTON_KEYS, prevent=True),
               self.on_button_key)
        listen(Listen("keydown", EXPANDED, keys=("Escape",), prevent=True), self.on_button_key)
        listen(Listen("keydown", "#menu", keys=MENU_KEYS, prevent_when=EXPANDED),
               self.on_menu_key)
        listen(Listen("click", "#menu button, #menu input"), lambda _e: self.on_action())
        listen(Listen("click", "#menu"), self.on_chosen)
        listen(Listen("click", "html", unless=SAVING), lambda _e: self.on_page_click())
        listen(Listen("focusin", "html"), self.on_focus)

    def do(self, step: Focus | Close | None) -> None:
        if step is not None:
            self.expanded = isinstance(step, Focus)
            page.write(*stepped(step))

    def on_button(self) -> None:
        self.inside = True
        self.do(clicked(self.expanded))

    def on_button_key(self, evt: PageEvent) -> None:
        self.do(button_key(evt.key, self.expanded))

    def on_menu_key(self, evt: PageEvent) -> None:
        if self.expanded:  # the wide header: arrows mean nothing here
            self.do(menu_key(evt.key, index_of(evt.focus.id), len(ACTIONS)))

    def on_action(self) -> None:
        self.chosen = True

    def on_chosen(self, evt: PageEvent) -> None:
        """An action was chosen (it has run: its own Listen came first): the
        menu closes, and focus goes back to the button unless a dialog took it.
        A click on the record's label is followed by one on its file field."""
        chosen, self.chosen, self.inside = self.chosen, False, True
        if chosen and self.expanded:
            self.do(Close(refocus=in_menu(evt.focus)))

    def on_focus(self, evt: PageEvent) -> None:
        """Focus went elsewhere than the menu and its button (Tab past the last
        action, a dialog opened): the menu closes. No new focus (the window
        lost it, a file chooser opened) leaves it open."""
        if self.expanded and evt.focus.id not in IN_MENU | {"menu-button"}:
            self.do(Close(refocus=False))

    def on_page_click(self) -> None:
        """A person's click outside the menu and its button closes it (not the
        page's own clicks, such as the link that saves a record)."""
        inside, self.inside = self.inside, False
        if self.expanded and not inside:
            self.do(Close(refocus=False))
