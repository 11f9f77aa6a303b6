"""Game records (``allfives-record/1``, docs/RULES.md section 9): write, read, replay.

Reading a record replays it through the engine, so a record that breaks any
rule is refused with a ``RecordError`` naming the round and move (1-based).
Records written here may carry an extra ``"seed"`` so a saved game deals its
later rounds exactly as it would have; readers that do not know it ignore it.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from .errors import IllegalMoveError, NotationError, RecordError, RulesError
from .game import Game
from .moves import move_text, parse_move
from .played import Rounds
from .rules import Rules
from .tiles import NAMES, TILE_COUNT, mask_of, parse_tile, tiles_of

FORMAT = "allfives-record/1"


def to_record(game: Game) -> dict[str, Any]:
    """The game so far, finished or not, as a record."""
    return {
        "format": FORMAT,
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "rounds": [
            {
                "hands": [[NAMES[t] for t in tiles_of(h)] for h in rnd.dealt],
                "boneyard": [NAMES[t] for t in rnd.boneyard],
                "starter": rnd.starter,
                "moves": [move_text(m) for _, m, _ in rnd.history],
            }
            for rnd in game.rounds
        ],
    }


def dumps(game: Game) -> str:
    return json.dumps(to_record(game), separators=(",", ":"))


def loads(text: str) -> Game:
    """Read a record from JSON text and replay it; raise RecordError if bad.

    >>> from allfives import Game, Rules
    >>> game = Game(Rules.make("standard"), seed=7)
    >>> result = game.apply(game.legal_moves()[0])
    >>> to_record(game)["rounds"][0]["moves"]
    ['0-2']
    >>> loads(dumps(game)).round.history == game.round.history
    True
    >>> loads('{"format": "allfives-record/0"}')
    Traceback (most recent call last):
    ...
    allfives.errors.RecordError: record: format must be 'allfives-record/1', not 'allfives-record/0'
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"record: not JSON ({e.msg} at line {e.lineno} column {e.colno})") \
            from None
    except RecursionError:
        raise RecordError("record: nested too deeply to be a game record") from None
    return replay(data)


def is_observed_record(data: object) -> bool:
    """Whether parsed record data is of a game kept at a real table: it has
    an ``"observed"`` entry (``allfives.observed`` reads it, and says what is
    wrong with one that is not an object)."""
    return isinstance(data, dict) and "observed" in data


def replay(data: Any) -> Game:
    """Replay a parsed record into a Game; raise RecordError if it breaks a rule."""
    if not isinstance(data, dict):
        raise RecordError("record: expected a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"record: format must be {FORMAT!r}, not {data.get('format')!r}")
    if is_observed_record(data):
        raise RecordError("record: a game observed at a real table, its hands unknown "
                          "(allfives.observed reads it)")
    try:
        rules = Rules.from_dict(data.get("rules"))
    except RulesError as e:
        raise RecordError(f"record: rules: {e}") from None
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise RecordError("record: seed must be a number or text")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("record: rounds must be a list")
    game = Game(rules, seed, deal_first=False)
    for r, rnd_data in enumerate(rounds, 1):
        _replay_round(game, r, rnd_data)
    return game


def _replay_round(game: Game, r: int, data: Any) -> None:
    where = f"round {r}"
    if game.over:
        raise RecordError(f"{where}: the game was already over (side {game.winner} won)")
    if game.rounds and not game.round.over:
        raise RecordError(f"{where}: round {r - 1} is not finished")
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected an object with hands, boneyard, starter, moves")
    hands, boneyard = _read_deal(game.rules, where, data.get("hands"), data.get("boneyard"))
    starter = data.get("starter")
    if isinstance(starter, bool) or not isinstance(starter, int) \
            or not 0 <= starter < game.rules.players:
        raise RecordError(f"{where}: starter must be a seat from 0 to {game.rules.players - 1}, "
                          f"not {starter!r}")
    try:
        rnd = game.start_round(hands, boneyard, starter)
    except IllegalMoveError as e:
        raise RecordError(f"{where}: {e}") from None
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError(f"{where}: moves must be a list")
    for i, text in enumerate(moves, 1):
        at = f"{where}, move {i}"
        try:
            move = parse_move(text)
        except NotationError as e:
            raise RecordError(f"{at}: {e}") from None
        if rnd.over:
            after = "the game was won" if rnd.end == "target" else f"the round ended ({rnd.end})"
            raise RecordError(f"{at}: {move_text(move)} comes after {after}")
        why = rnd.why_illegal(move)
        if why is not None:
            raise RecordError(f"{at}: illegal {move_text(move)} by seat {rnd.turn}: {why}")
        rnd.play(move)


def _read_deal(rules: Rules, where: str, hands: Any, boneyard: Any) -> tuple[list[int], list[int]]:
    n = rules.players
    if not isinstance(hands, list) or len(hands) != n \
            or not all(isinstance(h, list) for h in hands):
        raise RecordError(f"{where}: hands must be {n} lists of tiles, one per seat")
    if not isinstance(boneyard, list):
        raise RecordError(f"{where}: boneyard must be a list of tiles")
    try:
        parsed = [[parse_tile(t) for t in h] for h in hands]
        bone = [parse_tile(t) for t in boneyard]
    except NotationError as e:
        raise RecordError(f"{where}: {e}") from None
    counts = Counter(t for h in parsed for t in h) + Counter(bone)
    twice = [NAMES[t] for t in range(TILE_COUNT) if counts[t] > 1]
    missing = [NAMES[t] for t in range(TILE_COUNT) if counts[t] == 0]
    if twice or missing:
        problems = ([f"{', '.join(twice)} dealt twice"] if twice else []) + \
                   ([f"{', '.join(missing)} missing"] if missing else [])
        raise RecordError(f"{where}: the deal is not the 28 tiles ({'; '.join(problems)})")
    for seat, h in enumerate(parsed):
        if len(h) != rules.hand_size:
            raise RecordError(f"{where}: seat {seat} was dealt {len(h)} tiles, "
                              f"the rules deal {rules.hand_size}")
    return [mask_of(h) for h in parsed], bone


def summary(game: Rounds[Any]) -> dict[str, Any]:
    """The replay tool's JSON summary (docs/RULES.md section 9) of a game's
    rounds: a game dealt here or one observed at a real table."""
    rounds = []
    for rnd in game.rounds:
        result = rnd.result
        rounds.append({
            "moves": [{"seat": s, "move": move_text(m), "points": p} for s, m, p in rnd.history],
            "end": rnd.end or "unfinished",
            "went_out": rnd.went_out,
            "round_end_points": list(result.points) if result else [0] * game.rules.sides,
            "scores": list(rnd.scores),
        })
    return {"rounds": rounds, "scores": game.scores, "winner": game.winner}


__all__ = ["FORMAT", "RecordError", "dumps", "loads", "replay", "summary", "to_record"]
