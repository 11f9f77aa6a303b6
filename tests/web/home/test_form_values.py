"""The dialogs' fields read back as the browser's form holds them: a radio
counts only when checked, a check box is True only when checked, a disabled
partners' box keeps the choice it shows; the settings keep what the dialog
does not show."""

from __future__ import annotations

from allfives.web.home.form_values import settings_from_form, setup_from_form
from allfives.web.paint.events import Control
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup


def radios(name: str, values: tuple[str, ...], checked: str) -> list[Control]:
    return [Control(name, "radio", v, checked=v == checked) for v in values]


def new_game_form(*, partnership: Control, players: str = "4") -> list[Control]:
    return [*radios("mode", ("bots", "table"), "bots"),
            Control("name", "text", "  Zoë  ", id="ng-name"),
            *radios("players", ("2", "3", "4"), players),
            partnership,
            *radios("preset", ("standard", "punt"), "punt"),
            Control("hand_size", "select-one", "5", id="ng-hand-size"),
            Control("target", "number", "150", id="ng-target"),
            Control("bot0", "select-one", "expert"), Control("bot1", "select-one", "easy"),
            Control("bot2", "select-one", "master"),
            Control("", "button", "", id="ng-rules")]


def test_the_new_game_form_read_as_a_setup():
    form = new_game_form(partnership=Control("partnership", "checkbox", "on", checked=False,
                                             id="ng-partnership"))
    setup = setup_from_form(form, Setup())
    assert (setup.mode, setup.name, setup.players, setup.partnership, setup.preset) == (
        "bots", "Zoë", 4, False, "punt")
    assert (setup.hand_size, setup.target, setup.bots) == (5, 150, ("expert", "easy", "master"))
    checked = setup_from_form(new_game_form(partnership=Control(
        "partnership", "checkbox", "on", checked=True, id="ng-partnership")), Setup())
    assert checked.partnership is True


def test_a_disabled_partners_box_keeps_the_choice_it_shows():
    for chosen, expected in (("true", True), ("", False)):
        box = Control("partnership", "checkbox", "on", checked=False, disabled=True,
                      id="ng-partnership", data={"chosen": chosen} if chosen else {})
        assert setup_from_form(new_game_form(partnership=box, players="2"),
                               Setup()).partnership is expected


def test_the_settings_form_read_as_settings_keeping_mute_and_language():
    form = [Control("", "range", "1200", id="set-bot-pause"),
            Control("", "select-one", "fast", id="set-speed"),
            Control("", "select-one", "received", id="set-hand-order"),
            Control("", "checkbox", "on", checked=True, id="set-auto-draw"),
            Control("", "checkbox", "on", checked=False, id="set-undo"),
            Control("", "checkbox", "on", checked=True, id="set-tally"),
            Control("", "checkbox", "on", checked=False, id="set-count"),
            Control("", "select-one", "off", id="set-coach"),
            Control("", "select-one", "dark", id="set-theme"),
            Control("", "select-one", "numerals", id="set-faces"),
            Control("", "checkbox", "on", checked=True, id="set-large-tiles"),
            Control("", "select-one", "de", id="set-language")]
    previous = Settings(mute=True, language="nl", undo=True)
    assert settings_from_form(form, previous) == Settings(
        bot_pause=1200, speed="fast", hand_order="received", auto_draw=True, undo=False,
        tally=True, count=False, mute=True, language="nl", coach="off", theme="dark",
        faces="numerals", large_tiles=True)
