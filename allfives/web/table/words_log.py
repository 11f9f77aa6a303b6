"""The game log's sentences (``words`` offers them with the page's other
sentences): each move, each round's start and end. One whole sentence per
case, since German, Dutch, Slovak and Hindi word them differently for the
person ("You drew 3-5.") and for another player, for one player and for a
partnership.
"""

from __future__ import annotations

from ...moves import DRAW, LEAD, PASS, move_on, move_tile
from ...tiles import NAMES
from ..i18n.catalogs import _, ngettext
from .table_view import RoundView, TableView


def move_words(view: TableView, rnd: RoundView, index: int) -> str:
    """One log line for move ``index`` of ``rnd`` (as people read it)."""
    seat, move, points = rnd.history[index]
    you = view.is_you(seat)
    tile = on = ""
    if move == DRAW and seat == rnd.seat:
        text = _drew(you)
        tile = NAMES[rnd.drawn[rnd.drawn_before(index)]]
    elif move == DRAW and you:
        # Translators: the game log: the person drew a tile from the boneyard (not shown)
        text = _("You drew a tile.")
    elif move == DRAW:
        # Translators: the game log: {name} drew a tile from the boneyard (the tile is hidden)
        text = _("{name} drew a tile.")
    elif move == PASS and you:
        # Translators: the game log; the boneyard is the pile of face-down tiles to draw from
        text = _("You passed: nothing fits and the boneyard is empty.")
    elif move == PASS:
        # Translators: the game log; the boneyard is the pile of face-down tiles to draw from
        text = _("{name} passed: nothing fits and the boneyard is empty.")
    else:
        tile = NAMES[move_tile(move)]
        if move_on(move) == LEAD:
            text = _led(you, points)
        else:
            text = _played(you, points)
            on = NAMES[move_on(move)]
    return text.format(name=view.names[seat], tile=tile, on=on, points=points)


def _drew(you: bool) -> str:
    if you:
        # Translators: the game log: the person drew the tile {tile} (as 3-5) from the boneyard
        return _("You drew {tile}.")
    # Translators: the game log: {name} drew the tile {tile} from the boneyard
    return _("{name} drew {tile}.")


def _led(you: bool, points: int) -> str:
    if not points and you:
        # Translators: the game log: the person played the round's first tile, {tile} (as 3-5)
        return _("You led {tile}.")
    if not points:
        # Translators: the game log: {name} played the round's first tile, {tile} (as 3-5)
        return _("{name} led {tile}.")
    if you:
        # Translators: the game log: the person played the round's first tile; {points} scored
        return ngettext("You led {tile} and scored {points}.",
                        "You led {tile} and scored {points}.", points)
    # Translators: the game log: {name} played the round's first tile; {points} scored
    return ngettext("{name} led {tile} and scored {points}.",
                    "{name} led {tile} and scored {points}.", points)


def _played(you: bool, points: int) -> str:
    if not points and you:
        # Translators: the game log: the person laid tile {tile} against tile {on} on the table
        return _("You played {tile} on {on}.")
    if not points:
        # Translators: the game log: {name} laid tile {tile} against tile {on} on the table
        return _("{name} played {tile} on {on}.")
    if you:
        # Translators: the game log: the person laid {tile} against {on}; {points} scored
        return ngettext("You played {tile} on {on} and scored {points}.",
                        "You played {tile} on {on} and scored {points}.", points)
    # Translators: the game log: {name} laid {tile} against {on}; {points} scored
    return ngettext("{name} played {tile} on {on} and scored {points}.",
                    "{name} played {tile} on {on} and scored {points}.", points)


def round_starts(view: TableView, number: int, rnd: RoundView) -> str:
    if view.is_you(rnd.starter):
        # Translators: the game log: round {number} begins and the person plays first
        text = _("Round {number}: You start.")
    else:
        # Translators: the game log: round {number} begins and {name} plays first
        text = _("Round {number}: {name} starts.")
    return text.format(number=number, name=view.names[rnd.starter])


def end_words(view: TableView, rnd: RoundView) -> str:
    """How a finished round ended."""
    if rnd.end == "domino" and rnd.went_out is not None and view.is_you(rnd.went_out):
        # Translators: the round ended: the person played their last tile
        return _("You went out.")
    if rnd.end == "domino" and rnd.went_out is not None:
        # Translators: the round ended: {name} played their last tile
        return _("{name} went out.").format(name=view.names[rnd.went_out])
    if rnd.end == "blocked":
        # Translators: the round ended: no one can play and the boneyard is empty
        return _("The round is blocked: nobody can play.")
    if rnd.end == "target":
        winner = view.winner if view.winner is not None else 0
        target = view.rules.target
        kind = view.side_kind(winner)
        if kind == "you":
            # Translators: {target} is the score the game is played to
            text = ngettext("You reach {target}: the game is over.",
                            "You reach {target}: the game is over.", target)
        elif kind == "one":
            # Translators: {name} is a player's name, {target} the score the game is played to
            text = ngettext("{name} reaches {target}: the game is over.",
                            "{name} reaches {target}: the game is over.", target)
        elif kind == "you+":
            # Translators: {partner} is the person's partner, {target} the game's score to reach
            text = ngettext("You & {partner} reach {target}: the game is over.",
                            "You & {partner} reach {target}: the game is over.", target)
        else:
            # Translators: {first} & {second} are partners, {target} the game's score to reach
            text = ngettext("{first} & {second} reach {target}: the game is over.",
                            "{first} & {second} reach {target}: the game is over.", target)
        return text.format(target=target, **view.side_names(winner))
    return ""
