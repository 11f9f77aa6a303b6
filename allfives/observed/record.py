"""Records of games kept at a real table (docs/RULES.md section 9,
"Records with unknown hands"): written, read back and replayed."""

from __future__ import annotations

import json
from typing import Any

from ..errors import AllFivesError, RecordError, RulesError
from ..moves import DRAW, move_text, parse_move
from ..record import FORMAT
from ..rules import Rules
from ..tiles import NAMES, parse_tile, tiles_of
from .entries import Turn
from .game import ObservedGame
from .round import ObservedRound


def to_record(game: ObservedGame) -> dict[str, Any]:
    """The game so far as a record with unknown hands.

    >>> game = ObservedGame(Rules.make("standard"), ["Anna", "Ben"])
    >>> game.start_round(starter=1).turn
    1
    >>> to_record(game)["rounds"]
    [{'hands': [None, None], 'starter': 1, 'moves': []}]
    """
    return {
        "format": FORMAT,
        "rules": game.rules.to_dict(),
        "observed": {"names": list(game.names), "known_seat": game.known_seat,
                     "calls": game.calls},
        "rounds": [_round_record(game, rnd) for rnd in game.rounds],
    }


def _round_record(game: ObservedGame, rnd: ObservedRound) -> dict[str, Any]:
    out: dict[str, Any] = {
        "hands": [[NAMES[t] for t in tiles_of(rnd.dealt)]
                  if s == game.known_seat and rnd.dealt is not None else None
                  for s in range(game.rules.players)],
        "starter": rnd.starter,
        "moves": [move_text(p.move) for p in rnd.played],
    }
    if game.known_seat is not None:
        out["drawn"] = [NAMES[t] for t in rnd.drawn]
    if game.calls != "off":
        out["calls"] = [p.called for p in rnd.played]
    if rnd.left is not None:
        out["left"] = [v if isinstance(v, int) else [NAMES[t] for t in v] for v in rnd.left]
    return out


def dumps(game: ObservedGame) -> str:
    return json.dumps(to_record(game), separators=(",", ":"))


def loads(text: str) -> ObservedGame:
    """Read a record with unknown hands from JSON text; RecordError if bad."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise RecordError("record: not JSON") from None
    return replay(data)


def replay(data: Any) -> ObservedGame:
    """Replay a parsed record with unknown hands; RecordError naming the
    round and move (1-based) where it breaks a rule."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"record: format must be {FORMAT!r}")
    observed = data.get("observed")
    if not isinstance(observed, dict):
        raise RecordError("record: not a game observed at a table (\"observed\" must be an "
                          "object with names, known_seat, calls)")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("record: rounds must be a list")
    try:
        game = ObservedGame(Rules.from_dict(data.get("rules")), observed.get("names"),
                            known_seat=observed.get("known_seat"),
                            calls=observed.get("calls", "off"))
    except (RulesError, TypeError) as e:
        raise RecordError(f"record: {e}") from None
    for r, rnd in enumerate(rounds, 1):
        _replay_round(game, r, rnd)
    return game


def _replay_round(game: ObservedGame, r: int, data: Any) -> None:
    where = f"round {r}"
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        raise RecordError(f"{where}: expected an object with hands, starter, moves")
    known, hands = game.known_seat, data["hands"]
    if len(hands) != game.rules.players:
        raise RecordError(f"{where}: hands must be {game.rules.players} entries, one per seat")
    for seat, hand in enumerate(hands):
        if seat != known and hand is not None:
            raise RecordError(f"{where}: seat {seat}'s hand was not entered at the table "
                              f"(write null)")
    try:
        game.start_round_text(data.get("starter"), None if known is None else hands[known])
    except AllFivesError as e:
        raise RecordError(f"{where}: {e}") from None
    moves, drawn, calls = (_list(data, key, where) for key in ("moves", "drawn", "calls"))
    draws = iter(drawn)
    for i, text in enumerate(moves, 1):
        try:
            move = parse_move(text)
            tile = None
            if move == DRAW and game.round.turn == known:
                tile = parse_tile(next(draws, None))
            game.enter(Turn(move, tile, calls[i - 1] if i <= len(calls) else None))
        except AllFivesError as e:
            raise RecordError(f"{where}, move {i}: {e}") from None
    if "left" in data:
        try:
            game.settle_text(data["left"])
        except AllFivesError as e:
            raise RecordError(f"{where}: {e}") from None


def _list(data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise RecordError(f"{where}: {key} must be a list")
    return value
