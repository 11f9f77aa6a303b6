"""Who sits where and how the page names them: the person's seat, the bots'
names, the person's unchosen name (kept as the English "You", shown in the
page's language) and the bots' levels as the page words them."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from ...bots.names import LEVELS
from ..i18n.catalogs import N_, _
from ..i18n.labels import level_description, level_name

BOT_NAMES = ("Anna", "Ben", "Cara")
HUMAN = 0  # a person always sits in seat 0 (others may: friends at one table)
# A seat the new-game dialog gives to another person at this device, in place
# of a bot level (tables keep such a seat's level as None, like seat 0's).
PERSON = "person"
# The person's name until they choose one. Saves and set-ups keep this English
# word as the mark of "no name chosen" (older saves hold it too); the page shows
# it in the page's language (``shown_name``) and speaks to the person as "you".
YOU = "You"
# A person who types the mark itself as their name has chosen it: it is kept
# apart from the mark by an invisible WORD JOINER, so they are called "You" as
# typed, in every language and at a shared table (saves keep it so, and older
# saves' "You" keeps meaning "no name chosen").
CHOSEN_YOU = YOU + "\u2060"
NAME_LIMIT = 24
DEFAULT_LEVEL = "medium"

# Bot ids kept from older saves that the dialog no longer offers (``labels``
# names the levels it offers).
OLD_LEVELS: dict[str, str] = {
    # Translators: a bot's level at the table: medium's older name, in games saved with it
    "greedy": N_("greedy"),
    # Translators: a bot's level at the table: it plays at random (in older saved games)
    "random": N_("random"),
}


def level_shown(bot: str) -> str:
    """A seat's bot level as the page names it."""
    return _(OLD_LEVELS[bot]) if bot in OLD_LEVELS else level_name(bot)


def shown_name(name: str, shared: bool = False) -> str:
    """A seat's name as the page shows it: the person's unchosen name in the
    page's language ("Player 1" when friends share the table), any chosen
    name as it is."""
    if name == YOU and shared:
        # Translators: a seat's name when an opened record names nobody; {number} is 1 to 4.
        return _("Player {number}").format(number=1)
    # Translators: the person's name at the table until they choose one
    return _("You") if name == YOU else name


def bot_choices() -> list[tuple[str, str]]:
    """(level, one-line description) for the set-up dialog, weakest first."""
    return [(name, level_description(name)) for name in LEVELS]


def level_of(bot: str) -> str:
    """The dialog level standing for a bot name kept from older saves: any
    other name (greedy is medium's first name, random predates the levels)
    shows as medium."""
    return bot if bot in LEVELS else DEFAULT_LEVEL


def one_of(value: Any, allowed: Collection[str], default: str) -> str:
    """``value`` if it is one of the ``allowed`` words, else ``default``."""
    return value if isinstance(value, str) and value in allowed else default


def people(levels: Sequence[str | None]) -> tuple[int, ...]:
    """The seats people sit in (no bot level), seat 0 first."""
    return tuple(s for s, level in enumerate(levels) if level is None)


def clean_name(text: str, default: str = YOU) -> str:
    """A typed name with its spaces tidied and cut to ``NAME_LIMIT``;
    ``default`` (the unchosen name) when nothing is left."""
    name = " ".join(text.split())[:NAME_LIMIT]
    return name or default


def typed_name(text: str, default: str = YOU) -> str:
    """A name typed in the new-game dialog: ``clean_name``'s (``default``
    when nothing is typed); the word "You" typed is a chosen name
    (``CHOSEN_YOU``), never the mark of none."""
    name = clean_name(text, default)
    return CHOSEN_YOU if name == YOU and text.strip() else name


def field_text(name: str) -> str:
    """A chosen name as its field shows it for editing (``typed_name`` reads
    it back the same)."""
    return YOU if name == CHOSEN_YOU else name
