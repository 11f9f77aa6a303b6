"""What the page says at a real table, in the visit's language: whose turn
it is, what an entry did ("Anna: 15"), and why an entry is refused (the
engine's ``Refusal``, its code and values, put into words with the seats'
names)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...observed import Played, Refusal
from ...tiles import NAMES
from ..i18n.catalogs import _, ngettext
from ..table import words
from ..table.table_view import RoundView, TableView


def winner(view: TableView) -> str:
    """The game-over heading at a real table: nobody there is "you"."""
    side = view.winner if view.winner is not None else 0
    if len(view.rules.seats_of(side)) > 1:
        # Translators: the game-over heading; {first} & {second} are two partners' names
        return _("{first} & {second} win!").format(**view.side_names(side))
    # Translators: the game-over heading; {name} is the winner's name
    return _("{name} wins.").format(**view.side_names(side))


def round_scored(view: TableView, rnd: RoundView) -> str:
    """A round's end, scored: how it ended and the scores."""
    return f"{words.end_words(view, rnd)} {words.totals(view)}"


def turn(name: str) -> str:
    # Translators: at a real table: whose turn it is to lay a tile, draw or pass
    return _("{name} to play").format(name=name)


def played(names: Sequence[str], p: Played, calls: str, next_name: str) -> str:
    """What a play did, at once: its player and points, the count; with
    calls, what was called and missed."""
    name = names[p.seat]
    if p.called is not None and p.missed:
        if calls == "muggins":
            # Translators: at a real table with calls, muggins: {name} called {called} of the
            # play's points; the {missed} not called go to {other}
            return _("{name}: {called}, called short: {missed} to {other}").format(
                name=name, called=p.called, missed=p.missed, other=next_name)
        # Translators: at a real table with calls: {name} called {called}, {missed} not called
        return _("{name}: {called}, called short ({missed} missed)").format(
            name=name, called=p.called, missed=p.missed)
    if p.points:
        # Translators: at a real table: the points a play scored, said at once ("Anna: 15")
        return _("{name}: {points}").format(name=name, points=p.points)
    # Translators: at a real table: a play that scored nothing; {count} is the open ends' sum
    return _("{name}: no points (count {count})").format(name=name, count=p.count)


def drew(name: str, count: int, tile: int | None = None) -> str:
    if tile is not None:
        # Translators: at a real table: the player whose hand is entered drew {tile}
        return _("{name} drew {tile}.").format(name=name, tile=NAMES[tile])
    # Translators: at a real table: {name} drew {n} tiles from the boneyard
    return ngettext("{name} drew {n} tile.", "{name} drew {n} tiles.", count).format(
        name=name, n=count)


def passed(name: str) -> str:
    # Translators: at a real table: {name} could not play and passed
    return _("{name} passed.").format(name=name)


def took_back(entry: str) -> str:
    """What Undo took back: ``entry`` is a sentence of the game log's
    ("Anna played 3-5 on 5-5.") or of ``deal_of`` and ``end_of``."""
    # Translators: at a real table: Undo took back the entry {entry}, a sentence such as
    # "Anna played 3-5 on 5-5." or "Ben drew a tile."
    return _("Took back: {entry}").format(entry=entry)


def deal_of(round_no: int) -> str:
    # Translators: at a real table, after "Took back:": the deal of round {number} (who set
    # first, the hand entered)
    return _("the deal of round {number}.").format(number=round_no)


def end_of(round_no: int) -> str:
    # Translators: at a real table, after "Took back:": the end of round {number} (what each
    # player held, and its score)
    return _("the end of round {number}.").format(number=round_no)


def nothing_to_undo() -> str:
    # Translators: at a real table: Undo with nothing entered yet
    return _("Nothing to take back.")


def choose_place(tile: int) -> str:
    # Translators: at a real table: a tile fits in several places, which light up on the table
    return _("{tile} fits in several places: tap where it went.").format(tile=NAMES[tile])


def which_drawn(name: str) -> str:
    # Translators: at a real table: {name}'s hand is entered; tap the tile they drew
    return _("Which tile did {name} draw? Tap it.").format(name=name)


def who_starts() -> str:
    # Translators: at a real table, at a deal: who sets (plays) the first tile of the round
    return _("Who sets first? Tap their name.")


def enter_hand(name: str, chosen: int, size: int) -> str:
    # Translators: at a real table, at a deal: {name}'s tiles are entered, {chosen} of {size}
    return _("Tap {name}'s tiles as dealt: {chosen} of {size}.").format(
        name=name, chosen=chosen, size=size)


def enter_left() -> str:
    # Translators: at a real table, a round's end: what each player still holds is entered,
    # by tapping their tiles on the picker or stepping their pips up and down
    return _("The round is over: tap the tiles each player holds, or set their pips.")


def tap_held(name: str, chosen: int, count: int) -> str:
    """At a round's end, the tiles tapped into a player's hand so far."""
    # Translators: at a real table, a round's end: {name} holds {count} tiles, {chosen} of
    # them tapped so far on the picker
    return ngettext("Tap the tile {name} holds: {chosen} of {count}.",
                    "Tap the tiles {name} holds: {chosen} of {count}.", count).format(
        name=name, chosen=chosen, count=count)


def left_labels(name: str) -> dict[str, str]:
    """A round-end row's controls as a screen reader names them, and the
    picker's button's own word."""
    return {
        # Translators: at a real table, a round's end: the button that lets the picker
        # below enter {name}'s tiles
        "tiles": _("Enter {name}'s tiles on the picker").format(name=name),
        # Translators: at a real table, a round's end: the button beside a player's name
        # that lets the picker enter their tiles (short: it sits in a narrow row)
        "word": _("Tiles"),
        # Translators: at a real table, a round's end: the pips {name} holds (a number field)
        "pips": _("{name}'s pips").format(name=name),
        # Translators: at a real table, a round's end: the stepper's button: one pip fewer
        "fewer": _("{name}: one pip fewer").format(name=name),
        # Translators: at a real table, a round's end: the stepper's button: one pip more
        "more": _("{name}: one pip more").format(name=name),
    }


# The engine's reasons (``observed.REASONS``) the page can meet, in words:
# each a function of the refusal's values and the seats' names.
Says = Callable[[dict[str, object], Sequence[str]], str]


def _seat(values: dict[str, object], names: Sequence[str], key: str = "seat") -> str:
    seat = values.get(key)
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def _tiles(values: dict[str, object], key: str = "count") -> str:
    n = values.get(key)
    n = n if isinstance(n, int) else 0
    # Translators: a number of tiles, inside a sentence at a real table
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


REFUSED: dict[str, Says] = {
    # Translators: at a real table, refused: {tile} was laid before
    "on_table": lambda v, n: _("{tile} is already on the table.").format(tile=v["tile"]),
    # Translators: at a real table, refused: {tile} fits no open end; {values} are the ends
    "fits_nowhere": lambda v, n: _("{tile} fits no open end (they show {values}).").format(
        tile=v["tile"], values=v["values"]),
    # Translators: at a real table, refused: {name} cannot lay {tile}: it is not in their hand
    "not_held": lambda v, n: _("{name} does not hold {tile}.").format(
        name=_seat(v, n), tile=v["tile"]),
    # Translators: at a real table, refused: {tile} is in {name}'s entered hand
    "in_known_hand": lambda v, n: _("{tile} is in {name}'s hand.").format(
        name=_seat(v, n), tile=v["tile"]),
    # Translators: at a real table, refused: {name} passed earlier when {tile} would have fit
    "passed_with": lambda v, n: _("{name} cannot hold {tile}: they passed when it would "
                                  "have fit.").format(name=_seat(v, n), tile=v["tile"]),
    # Translators: at a real table, refused: by who passed when, the hands cannot work out
    "hands_cannot": lambda v, n: _("{name} cannot lay {tile}: the other hands could not then "
                                   "hold the tiles still off the table, by who passed "
                                   "when.").format(name=_seat(v, n), tile=v["tile"]),
    # Translators: at a real table, refused: a draw with no tiles left to draw
    "boneyard_empty": lambda v, n: _("The boneyard is empty."),
    # Translators: at a real table, refused: more tiles drawn than the boneyard holds
    "draw_too_many": lambda v, n: _("Only {tiles} left to draw.").format(tiles=_tiles(v)),
    # Translators: at a real table, refused: {name} holds {tile}, which fits, so cannot draw
    "draw_holding_fit": lambda v, n: _("{name} may not draw: they hold {tile}, which "
                                       "fits.").format(name=_seat(v, n), tile=v["tile"]),
    # Translators: at a real table, refused: the drawn tile is already in the entered hand
    "drawn_in_hand": lambda v, n: _("{tile} is already in {name}'s hand.").format(
        name=_seat(v, n), tile=v["tile"]),
    # Translators: at a real table, refused: no pass while the boneyard holds tiles
    "pass_boneyard": lambda v, n: _("{name} may not pass: the boneyard still holds {tiles}, "
                                    "so they draw.").format(name=_seat(v, n), tiles=_tiles(v)),
    # Translators: at a real table, refused: {name} holds {tile}, which fits, so cannot pass
    "pass_holding_fit": lambda v, n: _("{name} may not pass: they hold {tile}, which "
                                       "fits.").format(name=_seat(v, n), tile=v["tile"]),
    # Translators: at a real table, refused: by who passed when, {name} must hold a fitting tile
    "pass_must_hold_fit": lambda v, n: _("{name} may not pass: by who passed when, they must "
                                         "hold a tile that fits.").format(name=_seat(v, n)),
    # Translators: at a real table, refused: nothing laid yet, the starter leads any tile
    "table_empty": lambda v, n: _("The table is empty: {name} leads any tile.").format(
        name=_seat(v, n)),
    # Translators: at a real table, refused: a call that is not a multiple of five
    "call_not_a_score": lambda v, n: _("A call of {call} is not a score: points come in "
                                       "fives.").format(call=v["call"]),
    # Translators: at a real table, refused: {name} called more than the play makes
    "call_too_high": lambda v, n: _("{name} called {call}, but {tile} scores {points}.").format(
        name=_seat(v, n), call=v["call"], tile=v["tile"], points=v["points"]),
    # Translators: at a real table, refused: a round-end field left empty
    "enter_hand": lambda v, n: _("Enter what {name} holds.").format(name=_seat(v, n)),
    # Translators: at a real table, refused: {name}'s hand is known to be {hand}
    "holds": lambda v, n: _("{name} holds {hand}.").format(name=_seat(v, n), hand=v["hand"]),
    # Translators: at a real table, refused: {name} went out and holds no tile
    "holds_nothing": lambda v, n: _("{name} holds nothing.").format(name=_seat(v, n)),
    # Translators: at a real table, refused: {name} holds {tiles} (a count), not {entered}
    "count_mismatch": lambda v, n: _("{name} holds {tiles}, not {entered}.").format(
        name=_seat(v, n), tiles=_tiles(v), entered=v["entered"]),
    # Translators: at a real table, refused: a tile entered as left in a hand is on the table
    "on_table_not_hand": lambda v, n: _("{tile} is on the table, not in {name}'s hand.").format(
        name=_seat(v, n), tile=v["tile"]),
    # Translators: at a real table, refused: one tile entered for two players
    "two_hands": lambda v, n: _("{tile} is entered for two hands.").format(tile=v["tile"]),
    # Translators: at a real table, refused: pips outside what {name}'s tiles could make
    "pips_range": lambda v, n: _("{name}'s {tiles} cannot hold {pips} pips (from {low} to "
                                 "{high}).").format(name=_seat(v, n), tiles=_tiles(v),
                                                    pips=v["pips"], low=v["low"],
                                                    high=v["high"]),
    # Translators: at a real table, refused: a round-end field that reads as neither
    "tile_unreadable": lambda v, n: _("{name}: enter tiles like 3-5 6-6, or a number of "
                                      "pips.").format(name=_seat(v, n)),
    # Translators: at a real table, refused: a tile written twice in one round-end field
    "tile_twice": lambda v, n: _("{name}: a tile is entered twice.").format(name=_seat(v, n)),
    # Translators: at a real table, refused: the known seat's tile drawn was not tapped
    "draw_tile_missing": lambda v, n: _("Tap the tile {name} drew.").format(name=_seat(v, n)),
    # Translators: at a real table, refused: {name} went out last round and starts this one
    "must_start": lambda v, n: _("{name} went out last round and sets first.").format(
        name=_seat(v, n)),
    # Translators: at a real table, refused: the known hand at the deal has the wrong size
    "dealt_count": lambda v, n: _("{name} is dealt {tiles}, not {entered}.").format(
        name=_seat(v, n), tiles=_tiles(v), entered=v["entered"]),
}


def refused(refusal: Refusal, names: Sequence[str]) -> str:
    """Why an entry cannot be, in words (a reason the page never meets: in
    general words, the engine's English in the console)."""
    says = REFUSED.get(refusal.code)
    if says is None:
        # Translators: at a real table: an entry refused for a reason not put in words
        return _("That cannot be entered now.")
    return says(refusal.values, names)
