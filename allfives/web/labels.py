"""The rules presets' and the bots' levels' names and one-line descriptions
in the page's language. The engine keeps them in English (``rules.PRESETS``,
``bots.DESCRIPTIONS``) for the command line; here the same English is marked
for the catalogs (a test keeps the two the same) and translated when shown.
Every preset and level has its entry (a KeyError is a preset or level added
to the engine and not here). Pure Python, no browser.
"""

from __future__ import annotations

from .i18n import N_, _

# Translators: the names of the six rule sets a game can be played by, shown as
# "Rules: cribbage". "muggins" and "five up" are the usual English names of domino games
# (keep them, or use your language's name for them); "punt" is the Dutch game Punt Domino.
PRESET_NAMES = {
    "standard": N_("standard"),
    "winner_takes": N_("winner takes"),
    "cribbage": N_("cribbage"),
    "punt": N_("punt"),
    "muggins": N_("muggins"),
    "five_up": N_("five up"),
}
# Translators: one line per rule set. A spinner is a double that takes tiles on all four
# sides; pips are the spots on the tiles; "pegged to 61": scored on a cribbage board, the
# game won at 61.
PRESET_DESCRIPTIONS = {
    "standard": N_("The classic: one spinner, hands subtracted at round end."),
    "winner_takes": N_("Whoever goes out scores everyone else's pips."),
    "cribbage": N_("Every point divided by five, pegged to 61."),
    "punt": N_("Dutch Punt Domino: the spinner counts until closed, a bonus for blocked rounds."),
    "muggins": N_("No spinner: the line has just two ends."),
    "five_up": N_("Every double is a spinner."),
}
# Translators: how well a bot plays, weakest first.
LEVEL_NAMES = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
LEVEL_DESCRIPTIONS = {
    "easy": N_("A beginner: plays legal tiles and often misses the points on the table."),
    "medium": N_("Always takes the most points it can score right now, shedding heavy tiles "
                 "on ties."),
    "hard": N_("Scores, but also denies you points, sheds heavy tiles in time and remembers "
               "which numbers you lack."),
    # Translators: "plays each option out": plays every possible move through to the end of
    # the round in its imagination, to compare them.
    "expert": N_("Searches: imagines the hidden hands many ways, consistent with everything "
                 "it has seen, and plays each option out to the end of the round."),
}
# Translators: the opponents a finished game was played against, by their level.
OPPONENTS = {
    "easy": N_("easy opponents"),
    "medium": N_("medium opponents"),
    "hard": N_("hard opponents"),
    "expert": N_("expert opponents"),
    "mixed": N_("opponents of mixed levels"),
}


def preset_name(preset: str) -> str:
    """``"winner_takes"`` as people read it: "winner takes"."""
    return _(PRESET_NAMES[preset])


def preset_description(preset: str) -> str:
    return _(PRESET_DESCRIPTIONS[preset])


def level_name(level: str) -> str:
    return _(LEVEL_NAMES[level])


def level_description(level: str) -> str:
    return _(LEVEL_DESCRIPTIONS[level])


def opponents(level: str) -> str:
    """The opponents of one level, or of mixed levels (``stats.MIXED``)."""
    return _(OPPONENTS[level])
