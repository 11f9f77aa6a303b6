"""Puzzles: "find the best play" positions from real games, and their file.

A puzzle is one decision as the mover saw it (a ``PlayerView``: the rules,
the seat, its hand, the round's public history, every hand's count, the
boneyard's size, the scores; never a hidden tile), its answer, and what
each legal move loses against it. A decision is a puzzle only when
(``refusal``):

- it has at least two legal plays;
- its best move is best by at least ``MARGIN`` points (7: every other move
  would be graded a mistake or worse; the game's own points times the rules'
  divisor, as grades count) in every independent valuation
  asked of it (an "only move", as lichess demands of its puzzles; which
  valuations, and the game not decided, is ``coach.judging``'s);
- it is not trivial: the greedy (medium) bot's move is not the answer.

Puzzles travel as versioned JSON (``FORMAT``, ``VERSION``); ``loads`` checks
every field and every play of the history against the rules, and refuses
anything else with one line (``PuzzleError``).

>>> a, b, c = parse_move("0-5>5-5"), parse_move("3-5>5-5"), parse_move("1-5>5-5")
>>> refusal([[10.0, 3.0, 1.0]], [a, b, c], b)
>>> refusal([[10.0, 4.0]], [a, b], b)
'close'
>>> refusal([[10.0, 3.0]], [a, b], a)
'greedy'
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from ..bots.analysis import ESTIMATE, Exactness, PlainWhy, Why, why
from ..errors import AllFivesError
from ..layout import Layout
from ..moves import LEAD, Move, move_on, move_text, move_tile, parse_move
from ..rules import Rules
from ..scoring import play_points
from ..tiles import TILE_COUNT
from ..view import PlayerView
from .grades import CUTOFFS, MISTAKE

FORMAT = "allfives-puzzles"
VERSION = 1
# Points (times the divisor) by which the answer must beat every other move:
# the mistake's cut-off, so any other move would be graded a mistake or worse.
MARGIN = CUTOFFS[MISTAKE]
Source = Literal["set", "own"]  # shipped with the page, or from the person's own reviewed game
SET: Final = "set"
OWN: Final = "own"
# Why a decision is refused (``refusal``), as the generator counts them.
Refusal = Literal["one option", "greedy", "close", "unstable"]
ONE_OPTION: Final = "one option"
GREEDY: Final = "greedy"
CLOSE: Final = "close"
UNSTABLE: Final = "unstable"
MAX_PUZZLES = 5000
MAX_HISTORY = 120  # a round holds 28 tiles; its draws and passes stay well below this
MAX_SCORE = 100_000
RATINGS = (100, 3000)  # a puzzle's rating stays within these


class PuzzleError(AllFivesError):
    """A puzzle file, or a puzzle in it, that cannot be used; one line."""


def refusal(valuations: Sequence[Sequence[float]], options: Sequence[Move], greedy: Move,
            divisor: int = 1) -> Refusal | None:
    """Why a decision is not a puzzle, or None when it is: ``valuations`` holds
    one value per option (in ``options``' order) for each independent
    valuation of the decision, ``greedy`` the greedy bot's move."""
    if len(options) < 2:
        return ONE_OPTION
    answers = set()
    for values in valuations:
        order = sorted(range(len(options)), key=lambda i: -values[i])
        if (values[order[0]] - values[order[1]]) * divisor < MARGIN:
            return CLOSE
        answers.add(order[0])
    if len(answers) > 1:
        return UNSTABLE
    if options[answers.pop()] == greedy:
        return GREEDY
    return None


def margin_of(values: Sequence[float]) -> float:
    """How much the best value beats the next (the runner-up's margin)."""
    top = sorted(values, reverse=True)
    return round(top[0] - top[1], 1)


@dataclass(frozen=True)
class Puzzle:
    """A decision to solve: ``view`` is the mover's, ``round`` its round's
    number in its game (1-based; it seeds the analysis as Review's does),
    ``losses`` what each legal move loses against ``answer`` (in
    ``view.legal_moves()``' order), ``margin`` the smallest lead of the answer
    over the next best move in any valuation, ``reason`` the kind of Review's
    reason why the next best is worse (None when none is plain), ``rating``
    the puzzle's difficulty, ``source`` ``SET`` or ``OWN`` (then ``played``
    is the move the person made in their game), ``method`` how the answer
    was judged: ``EXACT`` (solved) or ``ESTIMATE`` (``coach.judging``; a file
    without it, from before, reads as estimated, and a reader from before
    ignores it: the format's version stays)."""

    view: PlayerView
    round: int
    answer: Move
    losses: tuple[float, ...]
    margin: float
    reason: Why | None
    rating: int
    source: Source = SET
    played: Move | None = None
    method: Exactness = ESTIMATE

    @property
    def id(self) -> str:
        """A name from the position alone: the same decision found twice is one puzzle."""
        text = json.dumps(self.view.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    @property
    def options(self) -> list[Move]:
        return self.view.legal_moves()

    @property
    def runner_up(self) -> Move:
        """The next best move."""
        options = self.options
        return min((m for m in options if m != self.answer),
                   key=lambda m: self.losses[options.index(m)])

    def loss_of(self, move: Move) -> float | None:
        """What ``move`` loses against the answer (None: not a legal move here)."""
        options = self.options
        return self.losses[options.index(move)] if move in options else None

    def why(self, move: Move) -> PlainWhy | None:
        """The plain kind of reason why ``move`` loses to the answer (the file's ``reason``)."""
        return why(self.view, move, self.answer) if move != self.answer else None

    def to_json(self) -> dict[str, Any]:
        view = self.view.to_json()
        data: dict[str, Any] = {
            "id": self.id, "source": self.source, "rules": view["rules"],
            "round": self.round, **{k: v for k, v in view.items() if k not in ("rules", "turn")},
            "answer": move_text(self.answer), "losses": list(self.losses),
            "margin": self.margin, "reason": self.reason, "rating": self.rating,
            "method": self.method}
        if self.played is not None:
            data["played"] = move_text(self.played)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        """A puzzle from ``to_json``'s form, every part checked; PuzzleError says what is wrong."""
        try:
            return _read(data)
        except PuzzleError:
            raise
        except (AllFivesError, KeyError, TypeError, ValueError, IndexError) as e:
            raise PuzzleError(_detail(e)) from None


def _detail(e: Exception) -> str:
    if isinstance(e, KeyError):
        return f"the field {e.args[0]!r} is missing"
    return str(e) or type(e).__name__


def _read(data: Any) -> Puzzle:
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle must be a JSON object")
    view = _read_view(data)
    round_ = _int(data, "round", 1, MAX_SCORE)
    options = view.legal_moves()
    if len(options) < 2:
        raise PuzzleError("the mover has no choice to make here")
    answer = parse_move(data["answer"])
    if answer not in options:
        raise PuzzleError(f"the answer {move_text(answer)} is not a legal move here")
    losses = _read_losses(data, options, answer)
    margin = data["margin"]
    if not _is_number(margin) or not 0 < margin <= MAX_SCORE:
        raise PuzzleError("the margin must be a number above 0")
    reason = data.get("reason")
    if reason not in (None, *get_args(Why)):
        raise PuzzleError(f"unknown reason {str(reason)[:20]!r}")
    source = data.get("source", SET)
    if source not in get_args(Source):
        raise PuzzleError(f"unknown source {str(source)[:20]!r}")
    played = None if data.get("played") is None else parse_move(data["played"])
    if played is not None and played not in options:
        raise PuzzleError(f"the move played, {move_text(played)}, is not a legal move here")
    method = data.get("method", ESTIMATE)
    if method not in get_args(Exactness):
        raise PuzzleError(f"unknown method {str(method)[:20]!r}")
    puzzle = Puzzle(view, round_, answer, losses, float(margin), reason,
                    _int(data, "rating", *RATINGS), source, played, method)
    if "id" in data and data["id"] != puzzle.id:
        raise PuzzleError("its id does not match its position")
    return puzzle


def _read_view(data: dict[str, Any]) -> PlayerView:
    rules = Rules.from_dict(data["rules"])
    seat = _int(data, "seat", 0, rules.players - 1)
    hand, history = data["hand"], data["history"]
    if not isinstance(hand, list) or not isinstance(history, list):
        raise PuzzleError("hand and history must be lists")
    if len(history) > MAX_HISTORY:
        raise PuzzleError(f"a history of {len(history)} moves, more than {MAX_HISTORY}")
    counts, scores = data["hand_counts"], data["scores"]
    if not isinstance(counts, list) or len(counts) != rules.players:
        raise PuzzleError(f"hand_counts must list {rules.players} counts")
    if not isinstance(scores, list) or len(scores) != rules.sides:
        raise PuzzleError(f"scores must list {rules.sides} scores")
    for value in (*counts, *scores, data["boneyard_left"], data["starter"]):
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_SCORE:
            raise PuzzleError(f"{str(value)[:20]!r} is not a whole number the puzzle can hold")
    if not all(isinstance(entry, list) and len(entry) == 3 for entry in history):
        raise PuzzleError("each history entry must be [seat, move, points]")
    view = PlayerView.from_json({**data, "rules": rules.to_dict(), "turn": seat})
    _check_view(view, len(hand))
    return view


def _read_losses(data: dict[str, Any], options: list[Move], answer: Move) -> tuple[float, ...]:
    losses = data["losses"]
    if not isinstance(losses, list) or len(losses) != len(options) or not all(
            _is_number(x) and 0 <= x <= MAX_SCORE for x in losses):
        raise PuzzleError(f"losses must give {len(options)} numbers from 0, one per legal move")
    if losses[options.index(answer)] != 0 or min(
            x for m, x in zip(options, losses, strict=True) if m != answer) <= 0:
        raise PuzzleError("the answer must lose nothing and every other move something")
    return tuple(float(x) for x in losses)


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise PuzzleError(f"{key} must be a whole number from {low} to {high}")
    return value


def _is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _check_view(view: PlayerView, hand_size: int) -> None:
    """The view is one a real round can show: its tiles all different, its
    counts adding up to the 28 tiles, every play of its history legal where
    it was made and scoring what it says."""
    rules = view.rules
    if len(view.hand) != hand_size or view.hand_counts[view.seat] != hand_size:
        raise PuzzleError("the hand's tiles, its count and the hand_counts disagree")
    if not 0 <= view.starter < rules.players or view.boneyard_left < 0 or min(
            view.hand_counts) < 0:
        raise PuzzleError("a seat, a count or the boneyard is out of range")
    layout = Layout(rules.spinners, rules.live_joins)
    seen = set(view.hand)
    for seat, move, points in view.history:
        if not 0 <= seat < rules.players:
            raise PuzzleError(f"the history names seat {seat}")
        if move < 0:
            continue
        tile, on = move_tile(move), move_on(move)
        if tile in seen or (on == LEAD) != (not layout.placements) or (
                on != LEAD and layout.joint(tile, on) < 0):
            raise PuzzleError(f"the history's play {move_text(move)} cannot be made there")
        if points != play_points(layout.count_after(tile, on), rules.divisor):
            raise PuzzleError(f"the history's play {move_text(move)} scores "
                              f"{play_points(layout.count_after(tile, on), rules.divisor)}, "
                              f"not {points}")
        layout.place(tile, on)
        seen.add(tile)
    if sum(view.hand_counts) - hand_size + len(seen) + view.boneyard_left != TILE_COUNT:
        raise PuzzleError("the hands, the table and the boneyard do not add up to 28 tiles")


def loads(text: str) -> list[Puzzle]:
    """The puzzles of a puzzle file; PuzzleError naming the first problem."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise PuzzleError(f"not JSON ({type(e).__name__})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleError(f'not a puzzle file (its "format" must be "{FORMAT}")')
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise PuzzleError(f"a puzzle file of version {data.get('version')!r}; "
                          f"this reads version {VERSION}")
    items = data.get("puzzles")
    if not isinstance(items, list) or len(items) > MAX_PUZZLES:
        raise PuzzleError(f'"puzzles" must be a list of at most {MAX_PUZZLES}')
    out = []
    for i, item in enumerate(items, 1):
        try:
            out.append(Puzzle.from_json(item))
        except PuzzleError as e:
            raise PuzzleError(f"puzzle {i}: {e}") from None
    if len({p.id for p in out}) != len(out):
        raise PuzzleError("the file holds a puzzle twice")
    return out


def dumps(puzzles: Sequence[Puzzle]) -> str:
    """A puzzle file: one puzzle a line, so the shipped set diffs well."""
    lines = ",\n".join(json.dumps(p.to_json(), separators=(",", ":")) for p in puzzles)
    return (f'{{"format":"{FORMAT}","version":{VERSION},"puzzles":[\n{lines}\n]}}\n')


def daily(puzzles: Sequence[Puzzle], day: str) -> Puzzle:
    """The day's puzzle (``day`` as YYYY-MM-DD, the person's own date, as the
    daily deal's): the same for everyone with the same set, from a hash of
    the day, so days do not walk through the set in order."""
    digest = hashlib.sha256(f"puzzle:{day}".encode()).digest()
    return puzzles[int.from_bytes(digest[:8], "big") % len(puzzles)]
