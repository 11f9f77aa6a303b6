"""The new-game dialog as pure functions: its options as HTML, and the
values read from it turned into a ``Setup`` (or a message saying what is wrong).
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any

from ...rules import PRESETS, RulesError
from ..i18n.catalogs import _, ngettext, number
from ..i18n.labels import level_name, preset_description, preset_name
from ..table.seats import (
    BOT_NAMES,
    NAME_LIMIT,
    PERSON,
    YOU,
    bot_choices,
    field_text,
    level_of,
    one_of,
    shown_name,
    typed_name,
)
from ..table.setup import ASKED, MODES, NOBODY, Setup
from .rules_help import choice_help

MIN_TARGET, MAX_TARGET = 5, 10000


def preset_options(setup: Setup) -> str:
    """One radio button per preset, with its one-line description."""
    out = []
    for name in PRESETS:
        checked = " checked" if name == setup.preset else ""
        out.append(f'<label><input type="radio" name="preset" value="{name}"{checked}> '
                   f'<b>{escape(preset_name(name))}</b> '
                   f'<span class="desc">{escape(preset_description(name))}</span></label>')
    return "".join(out)


def hand_size_options(setup: Setup) -> str:
    preset = PRESETS[setup.preset]
    default = preset.hand_sizes[setup.players - 2]
    chosen = setup.hand_size if setup.hand_size in setup.hand_sizes() else default
    out = []
    for size in setup.hand_sizes():
        if size == default:
            # Translators: a hand size offered in the new-game dialog, the rule set's own
            label = ngettext("{n} tile (preset)", "{n} tiles (preset)", size)
        else:
            # Translators: a hand size offered in the new-game dialog
            label = ngettext("{n} tile", "{n} tiles", size)
        sel = " selected" if size == chosen else ""
        out.append(f'<option value="{size}"{sel}>{escape(label.format(n=size))}</option>')
    return "".join(out)


def bot_options(setup: Setup) -> str:
    """For each other seat, a bot level described in words, or a person at
    this device (friends at one table) with a field for their name."""
    choices = bot_choices()
    # Translators: the new-game dialog: a seat played by another person at this device
    person = _("a person at this device")
    described = {name: desc for name, desc in choices}
    # Translators: the new-game dialog: what choosing a person for a seat means
    described[PERSON] = _("Friends take turns on this device; every hand is hidden "
                          "between two people's turns.")
    out = []
    for i in range(setup.players - 1):
        chosen = setup.bots[i] if setup.bots[i] == PERSON else level_of(setup.bots[i])
        opts = "".join(
            f'<option value="{name}"{" selected" if name == chosen else ""}'
            f' title="{escape(desc)}">{escape(level_name(name))}</option>'
            for name, desc in choices)
        opts += f'<option value="{PERSON}"{" selected" if chosen == PERSON else ""}>' \
                f"{escape(person)}</option>"
        name = ""
        if chosen == PERSON:
            # Translators: the new-game dialog: the name of a person at a seat ({number}: 2-4)
            label = _("Name of player {number}").format(number=i + 2)
            name = (f' <input name="seatname{i}" maxlength="{NAME_LIMIT}" autocomplete="off"'
                    f' value="{escape(setup.seat_name(i + 1))}" aria-label="{escape(label)}">')
        who = escape(_("Player {number}").format(number=i + 2)) if chosen == PERSON \
            else BOT_NAMES[i]
        out.append(f'<label>{who} <select name="bot{i}" data-bot-seat="{i + 1}">{opts}'
                   f'</select></label>{name} <span class="bot-desc">'
                   f'{escape(described.get(chosen, ""))}</span><br>')
    if PERSON in setup.bots[:setup.players - 1]:
        # Translators: the new-game dialog, when another person plays at this device
        apart = _("Games with other people at the table are not counted in the statistics.")
        out.append(f'<p class="help">{escape(apart)}</p>')
    return "".join(out)


def table_options(setup: Setup) -> str:
    """At a real table: each other player's name, who sets first, whose hand
    is entered and whether calls are played (``#ng-table``)."""
    out = []
    for i in range(setup.players - 1):
        # Translators: the new-game dialog: the name of a person at a seat ({number}: 2-4)
        label = _("Name of player {number}").format(number=i + 2)
        out.append(f'<label class="row"><span>{escape(label)}</span> <input name="seatname{i}"'
                   f' maxlength="{NAME_LIMIT}" autocomplete="off"'
                   f' value="{escape(setup.seat_name(i + 1))}"></label>')
    seats = list(enumerate(seat_labels(setup)))
    # Translators: the new-game dialog at a real table: who sets (plays) the first tile
    first = [(ASKED, _("the table's custom (say who at each deal)"))] + seats
    # Translators: the new-game dialog at a real table: no player's tiles are entered
    known = [(NOBODY, _("nobody's"))] + seats
    calls = [  # Translators: the new-game dialog at a real table: points are not called
        ("off", _("no calls")),
        # Translators: the new-game dialog at a real table: a player scores only what they call
        ("on", _("called: only what is called scores")),
        # Translators: the new-game dialog at a real table: points not called go to the opponents
        ("muggins", _("called, muggins: what is not called goes to the opponents"))]
    # Translators: the new-game dialog at a real table: who sets the first tile of the game
    out.append(_select(_("Who sets first"), "first", first, setup.first))
    # Translators: the new-game dialog at a real table: whose tiles are entered (for Review)
    out.append(_select(_("Hand entered (for Review)"), "known", known, setup.known))
    # Translators: the new-game dialog at a real table: whether points must be called
    out.append(_select(_("Calls"), "calls", calls, setup.calls))
    # Translators: the new-game dialog at a real table
    apart = _("You play with real tiles; this page keeps the score. Games at a real table are "
              "not counted in the statistics.")
    out.append(f'<p class="help">{escape(apart)}</p>')
    return "".join(out)


def seat_labels(setup: Setup) -> list[str]:
    """At a real table, each seat's name as the choices of who sets first and
    whose hand is entered show it (player 1 unnamed: "Player 1"); the page
    writes them again as names are typed."""
    player_1 = _("Player {number}").format(number=1)
    return [(player_1 if setup.name == YOU else setup.name) if s == 0 else setup.seat_name(s)
            for s in range(setup.players)]


def _select(label: str, name: str, choices: list[tuple[Any, str]], chosen: object) -> str:
    opts = "".join(f'<option value="{value}"{" selected" if value == chosen else ""}>'
                   f"{escape(text)}</option>" for value, text in choices)
    return (f'<label class="row"><span>{escape(label)}</span> '
            f'<select name="table_{name}" id="ng-table-{name}">{opts}</select></label>')


def partners_box(setup: Setup) -> tuple[bool, bool]:
    """The Partners box as (ticked, enabled): partnerships need 4 players, so
    with 2 or 3 it is unticked and disabled (the dialog keeps the person's
    choice meanwhile, ``dialogs_page``), and shows it again when 4 are chosen."""
    four = setup.players == 4
    return four and setup.partnership, four


def int_or(text: Any, default: int = 0) -> int:
    """A form field's whole number, or ``default`` when it holds none."""
    try:
        return int(str(text).strip())
    except ValueError:
        return default


def seconds(ms: int) -> str:
    """A pause as the settings dialog shows it: ``700`` -> ``"0.7 s"``."""
    # Translators: a pause in seconds, as "0.7 s", in the settings dialog
    return _("{seconds} s").format(seconds=number(ms / 1000, 1))


def with_friends(setup: Setup) -> bool:
    """Whether another person sits at the table as set up (pass and play)."""
    return PERSON in setup.bots[:setup.players - 1] and not setup.at_table


def name_field(setup: Setup) -> str:
    """The name field's text: empty while no name is chosen (its placeholder
    says what the person is called then)."""
    return "" if setup.name == YOU else field_text(setup.name)


def name_placeholder(setup: Setup) -> str:
    """What the empty name field shows: the person's unchosen name in the
    page's language ("Player 1" at a real table); nothing with friends,
    where a name must be given."""
    if setup.at_table:  # as the table's choices name an unnamed player 1
        return _("Player {number}").format(number=1)
    return "" if with_friends(setup) else shown_name(YOU)


def read_name(text: str) -> str:
    """The name typed in the dialog; nothing typed leaves it unchosen (``YOU``)."""
    return typed_name(text)


def help_lines(setup: Setup) -> dict[str, str]:
    """The dialog's help line per choice (``rules_help.choice_help``), worded
    for the table set up: with friends at this device or at a real table, no
    line says the others are bots, and partners are named as seated; with
    friends, each person's name is asked for."""
    if setup.at_table:
        lines = choice_help(setup.preset, tuple(setup.seat_name(s) for s in (1, 2, 3)),
                            _("Player {number}").format(number=1))
        # Translators: the new-game dialog, how many play, at a real table (no bots there)
        lines["players"] = _("2, 3 or 4: everyone at the table plays with real tiles.")
        return lines
    if not with_friends(setup):
        return choice_help(setup.preset)
    lines = choice_help(setup.preset, tuple(setup.seat_name(s) for s in (1, 2, 3)))
    # Translators: the new-game dialog's name field when friends share the table
    lines["name"] = _("Everyone at the table plays under their own name: give yours too.")
    # Translators: the new-game dialog, how many play, when friends share the table
    lines["players"] = _("2, 3 or 4: each seat below is a person at this device or a bot.")
    return lines


def read_setup(values: dict[str, Any], previous: Setup) -> Setup:
    """The dialog's raw values (strings) as a Setup; sizes not offered for the
    player count fall back to the preset's. Bots not chosen keep their level."""
    players = int_or(values.get("players"), previous.players)
    if players not in (2, 3, 4):
        players = previous.players
    preset = one_of(values.get("preset"), PRESETS, previous.preset)
    bots, names = list(previous.bots), list(previous.names)
    for i in range(3):
        chosen = values.get(f"bot{i}")
        if isinstance(chosen, str) and (chosen in dict(bot_choices()) or chosen == PERSON):
            bots[i] = chosen
        typed = values.get(f"seatname{i}")
        if isinstance(typed, str):
            names[i] = typed_name(typed, BOT_NAMES[i])
    setup = replace(previous, name=read_name(str(values.get("name") or "")), players=players,
                    preset=preset, partnership=bool(values.get("partnership")),
                    bots=tuple(bots), names=tuple(names), hand_size=0, target=0)
    size = int_or(values.get("hand_size"))
    if size in setup.hand_sizes():
        setup = replace(setup, hand_size=size)
    target = int_or(values.get("target"))
    setup = replace(setup, target=target if target != setup.default_target() else 0,
                    mode=one_of(values.get("mode"), MODES, previous.mode))
    first = int_or(values.get("table_first"), previous.first)
    known = int_or(values.get("table_known"), previous.known)
    return replace(setup, first=first if first < players else ASKED,
                   known=known if known < players else NOBODY,
                   calls=one_of(values.get("table_calls"), ("off", "on", "muggins"),
                                previous.calls))


def check(setup: Setup) -> str | None:
    """None if the set-up can be dealt, else a sentence for the dialog."""
    if setup.target and not MIN_TARGET <= setup.target <= MAX_TARGET:
        # Translators: the new-game dialog refuses a target score outside {low} to {high}
        return ngettext("Play to a target between {low} and {high} point.",
                        "Play to a target between {low} and {high} points.",
                        MAX_TARGET).format(low=MIN_TARGET, high=MAX_TARGET)
    if with_friends(setup) and setup.name == YOU and not setup.at_table:
        # Translators: the new-game dialog refuses to deal: friends share the
        # table and the person's own name field is empty
        return _("Give your name too: with friends at the table, each person plays under "
                 "their own name.")
    try:
        setup.rules()
    except RulesError:
        return _("These choices do not make a game that can be played.")
    return None
