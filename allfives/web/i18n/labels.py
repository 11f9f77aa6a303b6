"""The rules presets' and the bots' levels' names and one-line descriptions
in the page's language. The engine keeps them in English (``rules.PRESETS``,
``bots.DESCRIPTIONS``) for the command line; here the same English is marked
for the catalogs (a test keeps the two the same) and translated when shown.
Every preset and level has its entry (a KeyError is a preset or level added
to the engine and not here). Pure Python, no browser.
"""

from __future__ import annotations

from .catalogs import N_, _

PRESET_NAMES = {
    # Translators: a rule set's name, as in "Rules: standard".
    "standard": N_("standard"),
    # Translators: a rule set's name: the player who goes out takes the pips left in the others'
    # hands.
    "winner_takes": N_("winner takes"),
    # Translators: a rule set's name: scored as on a cribbage board, every point divided by 5.
    "cribbage": N_("cribbage"),
    # Translators: a rule set's name: the Dutch game Punt Domino (Alle Vijf).
    "punt": N_("punt"),
    # Translators: a rule set's name: Muggins, the usual English name of a domino game (keep it,
    # or use your language's name for it).
    "muggins": N_("muggins"),
    # Translators: a rule set's name: Five Up, the usual English name of a domino game in which
    # every double is a spinner (keep it, or use your language's name for it).
    "five_up": N_("five up"),
}
PRESET_TITLES = {
    # Translators: a rule set's title in How to play; All Fives is the game's name.
    "standard": N_("All Fives"),
    # Translators: a rule set's title in How to play; pips are the spots on the tiles.
    "winner_takes": N_("All Fives, the winner takes the pips"),
    # Translators: a rule set's title in How to play; a cribbage board is a pegging board for
    # keeping score.
    "cribbage": N_("All Fives on a cribbage board"),
    # Translators: a rule set's title in How to play: the Dutch game, by its Dutch names.
    "punt": N_("Punt Domino (Alle Vijf)"),
    # Translators: a rule set's title in How to play: the domino game Muggins.
    "muggins": N_("Muggins"),
    # Translators: a rule set's title in How to play: the domino game Five Up.
    "five_up": N_("Five Up"),
}
PRESET_DESCRIPTIONS = {
    # Translators: a rule set in one line. A spinner is a double that takes tiles on all four
    # sides; hands subtracted: the pips left in hands come off the scores.
    "standard": N_("The classic: one spinner, hands subtracted at round end."),
    # Translators: a rule set in one line. Goes out: lays their last tile; pips are the spots
    # on the tiles.
    "winner_takes": N_("Whoever goes out scores everyone else's pips."),
    # Translators: a rule set in one line. "Pegged to 61": scored with pegs on a cribbage
    # board, the game won at 61.
    "cribbage": N_("Every point divided by five, pegged to 61."),
    # Translators: a rule set in one line. The spinner (the first double, which takes tiles on
    # all four sides) counts until all four are taken; a blocked round is one nobody can play on.
    "punt": N_("Dutch Punt Domino: the spinner counts until closed, a bonus for blocked rounds."),
    # Translators: a rule set in one line. No spinner: no double takes tiles on all four sides,
    # so the tiles form a line; goes out: lays their last tile; pips are the spots on the tiles.
    "muggins": N_("No spinner, and whoever goes out scores everyone else's pips."),
    # Translators: a rule set in one line. A double is a tile with the same number on both
    # halves; a spinner takes tiles on all four sides.
    "five_up": N_("Every double is a spinner."),
}
LEVEL_NAMES = {
    # Translators: a bot's level of play, the weakest.
    "easy": N_("easy"),
    # Translators: a bot's level of play, the second of five.
    "medium": N_("medium"),
    # Translators: a bot's level of play, the third of five.
    "hard": N_("hard"),
    # Translators: a bot's level of play, the fourth of five, below master.
    "expert": N_("expert"),
    # Translators: a bot's level of play, the strongest, above expert: a word your players
    # would use for a master of the game.
    "master": N_("master"),
}
LEVEL_DESCRIPTIONS = {
    # Translators: the easy bot in one line.
    "easy": N_("A beginner: plays legal tiles and often misses the points on the table."),
    # Translators: the medium bot in one line; heavy tiles have many pips (spots).
    "medium": N_("Always takes the most points it can score right now, shedding heavy tiles "
                 "on ties."),
    # Translators: the hard bot in one line; heavy tiles have many pips (spots).
    "hard": N_("Scores, but also denies you points, sheds heavy tiles in time and remembers "
               "which numbers you lack."),
    # Translators: the expert bot in one line. "Plays each option out": plays every possible
    # move through to the end of the round in its imagination, to compare them.
    "expert": N_("Searches: imagines the hidden hands many ways, consistent with everything "
                 "it has seen, and plays each option out to the end of the round."),
    # Translators: the master bot in one line. It searches as the expert does; "reads the
    # others' plays for what they hold": guesses their hidden tiles from the tiles they chose
    # to play; "the moves still in the running": the moves that may still be the best; "solves
    # the last tiles of a round exactly": works out the end of a round exactly, move by move.
    "master": N_("Searches like the expert, but reads the others' plays for what they hold, "
                 "spends its time on the moves still in the running and solves the last "
                 "tiles of a round exactly."),
}
OPPONENTS = {
    # Translators: the opponents a finished game was played against, by their level.
    "easy": N_("easy opponents"),
    # Translators: the opponents a finished game was played against, by their level.
    "medium": N_("medium opponents"),
    # Translators: the opponents a finished game was played against, by their level.
    "hard": N_("hard opponents"),
    # Translators: the opponents a finished game was played against, by their level.
    "expert": N_("expert opponents"),
    # Translators: the opponents a finished game was played against, by their level.
    "master": N_("master opponents"),
    # Translators: the opponents a finished game was played against, at different levels.
    "mixed": N_("opponents of mixed levels"),
}


def preset_name(preset: str) -> str:
    """``"winner_takes"`` as people read it: "winner takes"."""
    return _(PRESET_NAMES[preset])


def preset_title(preset: str) -> str:
    """The heading of a preset's rules: "All Fives on a cribbage board"."""
    return _(PRESET_TITLES[preset])


def preset_description(preset: str) -> str:
    return _(PRESET_DESCRIPTIONS[preset])


def level_name(level: str) -> str:
    return _(LEVEL_NAMES[level])


def level_description(level: str) -> str:
    return _(LEVEL_DESCRIPTIONS[level])


def opponents(level: str) -> str:
    """The opponents of one level, or of mixed levels (``home.stats.MIXED``)."""
    return _(OPPONENTS[level])
