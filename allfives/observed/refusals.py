"""Why an entry at a real table cannot be: a code and the values it names,
as data (the page words it in every language), with the English sentence."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalMoveError

# Why an entry cannot be, by code: the sentence in English, naming values a
# refusal gives (seats as numbers, tiles and moves as text; ``{tiles}`` is
# ``count`` tiles: "1 tile", "9 tiles"). The page puts each into words in
# every language from the code and the values.
REASONS: dict[str, str] = {
    "game_over": "the game is over",
    "no_round": "no round has started",
    "round_not_finished": "round {round} is not finished",
    "say_starter": "say who starts: the rules leave it to the table",
    "starter_range": "the starter must be a seat from 0 to {last}, not {starter}",
    "must_start": "seat {seat} went out last round and must start, not seat {starter}",
    "no_known_seat": "no seat's hand is entered in this game",
    "enter_dealt": "enter the {tiles} dealt to seat {seat}",
    "dealt_count": "seat {seat} is dealt {tiles}, not {entered}",
    "round_over": "the round is over ({end})",
    "table_empty": "the table is empty: seat {seat} leads any tile",
    "already_led": "the round is already led: name the tile it joins",
    "lead_alone": "the first tile is led on its own (write just {tile})",
    "on_table": "{tile} is already on the table",
    "not_on_table": "{on} is not on the table",
    "no_fit_on": "{tile} does not fit an open end of {on}",
    "fits_nowhere": "{tile} fits no open end (they show {values})",
    "fits_several": "{tile} fits in {places} places ({moves}): name one",
    "not_held": "seat {seat} does not hold {tile}",
    "in_known_hand": "{tile} is in seat {seat}'s hand",
    "passed_with": "seat {seat} cannot hold {tile}: they passed when it would have fit",
    "hands_cannot": "seat {seat} cannot lay {tile}: the other hands could not then hold the "
                    "tiles still off the table, by who passed when",
    "boneyard_empty": "the boneyard is empty",
    "draw_count": "a draw takes 1 tile or more, not {asked}",
    "draw_too_many": "only {tiles} left to draw, not {asked}",
    "draw_holding_fit": "seat {seat} may not draw: they hold {tile}, which fits",
    "draw_tile_missing": "enter the tile seat {seat} drew",
    "draw_tile_unknown_hand": "seat {seat}'s hand is not entered: enter the draw without its tile",
    "drawn_in_hand": "{tile} is already in seat {seat}'s hand",
    "pass_boneyard": "seat {seat} may not pass: the boneyard still holds {tiles} (draw)",
    "pass_holding_fit": "seat {seat} may not pass: they hold {tile}, which fits",
    "pass_must_hold_fit": "seat {seat} may not pass: they must hold a tile that fits (the other "
                          "hands cannot hold every tile that fits, by who passed when)",
    "calls_off": "calls are off in this game",
    "call_not_a_play": "only a tile laid is called",
    "call_not_a_number": "a call is a number of points from 0, not {call}",
    "call_not_a_score": "a call of {call} is not a score: points come in fives",
    "call_too_high": "seat {seat} called {call}, but {tile} scores {points}",
    "still_playing": "the round is still being played",
    "already_scored": "this round's end is already scored",
    "left_per_player": "enter what is left for each of the {players} players",
    "enter_hand": "enter what seat {seat} holds",
    "holds": "seat {seat} holds {hand}",
    "holds_nothing": "seat {seat} holds nothing",
    "count_mismatch": "seat {seat} holds {tiles}, not {entered}",
    "on_table_not_hand": "{tile} is on the table, not in seat {seat}'s hand",
    "two_hands": "{tile} is entered for two hands",
    "pips_range": "seat {seat}'s {tiles} cannot hold {pips} pips (from {low} to {high})",
    "left_unreadable": "seat {seat}: enter tiles like ['3-5'] or a number of pips, not {value}",
    "tile_unreadable": "seat {seat}: {error}",
    "tile_twice": "seat {seat}: a tile is entered twice",
    "undo_too_many": "there are {entries} entries to undo, not {asked}",
}


@dataclass(frozen=True)
class Refusal:
    """Why an entry cannot be: a code of ``REASONS`` and the values it names;
    ``str()`` is the English sentence.

    >>> str(Refusal("pass_boneyard", {"seat": 1, "count": 1}))
    'seat 1 may not pass: the boneyard still holds 1 tile (draw)'
    """

    code: str
    values: dict[str, object]

    def __str__(self) -> str:
        values = dict(self.values)
        count = values.get("count")
        if isinstance(count, int):
            values["tiles"] = f"{count} tile" if count == 1 else f"{count} tiles"
        return REASONS[self.code].format(**values)


def no(code: str, **values: object) -> Refusal:
    return Refusal(code, values)


class RefusedError(IllegalMoveError):
    """An entry the table cannot have made; ``refusal`` says why, as data."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal

