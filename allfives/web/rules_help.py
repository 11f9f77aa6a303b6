"""How to play: the rules of one preset in the page's own words, as HTML for
the rules help panel (docs/RULES.md is the source). The scoring is shown on
small tables drawn by the board's own renderer from scripted positions the
engine plays, so every count and score in the examples is the engine's; the
round end is explained with the round-end panel's own sentences. Pure
Python, no browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ..bots import DESCRIPTIONS, LEVELS
from ..errors import RulesError
from ..game import Game
from ..moves import LEAD, move_on, move_tile, parse_move
from ..rules import HAND_SIZE_CHOICES, PRESETS, Rules
from ..scoring import score_round
from ..tiles import NAMES, mask_of, parse_tile, pips_of
from . import board, words
from .geometry import arranged
from .table import BOT_NAMES, NAME_LIMIT, Table
from .table_view import TableView

TITLES = {
    "standard": "All Fives",
    "winner_takes": "All Fives, the winner takes the pips",
    "cribbage": "All Fives on a cribbage board",
    "punt": "Punt Domino (Alle Vijf)",
    "muggins": "Muggins",
    "five_up": "Five Up",
}
ASPECT = 1.6
PAD = 0.5  # around the tiles, in tile widths
NAMES4 = ("You", *BOT_NAMES)

LEAD_EXAMPLE = ("5-5",)
# Four tiles round a spinner: 4-4, then its two sides, then its two ends.
SPINNER_EXAMPLE = ("4-4", "4-6>4-4", "1-4>4-4", "3-4>4-4", "4-5>4-4")
# Without spinners a double is closed once both its sides are taken.
LINE_EXAMPLE = ("5-5", "0-5>5-5", "5-6>5-5")
# Remaining hands for the round-end examples, seat 0 first.
WENT_OUT_HANDS = ((), ("6-6", "0-1"), ("1-2",))
BLOCKED_HANDS = (("1-2",), ("0-5",), ("5-6",), ("6-6", "0-1"))


@dataclass(frozen=True)
class Step:
    move: str
    count: int
    points: int


def rules_help(preset: str) -> str:
    """The rules of ``preset`` as HTML; RulesError for a preset that is not one."""
    if preset not in PRESETS:
        raise RulesError(f"unknown preset {preset!r} (choose one of {', '.join(PRESETS)})")
    rules = Rules.make(preset)
    sections = [
        ("aim", "The aim", _aim(preset)),
        ("tiles", "Tiles and players", _tiles(preset)),
        ("turn", "Your turn", _turn()),
        ("spinners", "Doubles and spinners", _spinners(rules)),
        ("scoring", "Scoring as you play", _scoring(rules)),
        ("round-end", "The end of a round", _round_end(rules)),
        ("winning", "Winning", _winning()),
        ("choices", "The new-game choices", _choices(preset)),
    ]
    body = "".join(f'<section data-rules="{key}"><h3>{title}</h3>{html}</section>'
                   for key, title, html in sections)
    return (f'<article class="rules-help" data-preset="{preset}">'
            f"<h2>How to play: {escape(TITLES[preset])}</h2>{body}</article>")


# -- the sections ------------------------------------------------------------------


def _players(values: Sequence[int]) -> str:
    """``(9, 7, 5)`` as "9 with 2 players, 7 with 3 and 5 with 4" (equal ones merged)."""
    two, three, four = values
    if two == three == four:
        return f"{two} however many play"
    if three == four:
        return f"{two} with 2 players, {three} with 3 or 4"
    return f"{two} with 2 players, {three} with 3 and {four} with 4"


def _aim(preset: str) -> str:
    p = PRESETS[preset]
    return ("<p>Score points by laying tiles so that the open ends of the layout add up to a "
            "multiple of five. The first side to reach the target wins: "
            f"{_players(p.targets)}.</p>")


def _tiles(preset: str) -> str:
    p = PRESETS[preset]
    return ("<p>A double-six set: 28 tiles, one for each pair of numbers from 0 to 6. Each "
            f"player is dealt a hand of tiles ({_players(p.hand_sizes)}); the rest, face "
            "down, is the boneyard. With 4 players, partners sit opposite each other and "
            "score together.</p>")


def _turn() -> str:
    return ("<p>The first player may lead any tile. After that, lay a tile with a number "
            "matching an open end of the layout. If a tile fits you must play one; if "
            "none fits, draw from the boneyard until one does and play it at once; if the "
            "boneyard is empty too, pass.</p>"
            "<p>The round ends when a player lays their last tile (they went out, and start "
            "the next round), or when nobody can play: the round is blocked, and the next "
            "starter is drawn at random.</p>")


def _spinners(rules: Rules) -> str:
    crosswise = "<p>Doubles are laid crosswise. "
    if rules.spinners == "none":
        return (crosswise + "There is no spinner: every double takes tiles on its two sides "
                "only, so the layout is a line with two ends.</p>")
    if rules.spinners == "all":
        which = ("Every double is a spinner: each takes tiles on all four sides, first on "
                 "its two sides, then on its two ends.")
    else:
        which = ("The first double played is the spinner: it takes tiles on all four "
                 "sides, first on its two sides, then on its two ends. Every later double "
                 "takes tiles on its two sides only.")
    return f"{crosswise}{which}</p>"


def _spinner_counts(rules: Rules) -> str:
    if rules.spinners == "none":
        return ""
    a = "the spinner" if rules.spinners == "first" else "a spinner"
    if rules.spinner_counts == "until_closed":
        return f" {a.capitalize()} counts both its halves until all four of its sides are taken."
    return (f" {a.capitalize()} counts both its halves until tiles lie on both its sides; "
            "after that only the ends of its arms count, although its ends still take tiles.")


def _scoring(rules: Rules) -> str:
    text = ("<p>After every tile, add up the open ends: that is the count. A tile's free "
            "half counts its pips, and a double lying crosswise at the end of a line counts "
            f"both halves (5-5 counts 10).{_spinner_counts(rules)} When the count is a "
            "multiple of 5, whoever laid the tile scores it at once.</p>")
    if rules.divisor == 5:
        text += ("<p>Every point is divided by 5, as when pegging on a cribbage board: a "
                 f"count of 15 scores 3, and the game is played to {rules.target}.</p>")
    out = [text, _example(rules, "lead", LEAD_EXAMPLE, "A lead of 5-5 counts both halves:")]
    if rules.spinners == "none":
        out.append(_example(rules, "line", LINE_EXAMPLE,
                            "A double takes tiles on its two sides, then it is closed:"))
    else:
        out.append(_example(rules, "spinner", SPINNER_EXAMPLE,
                            "Four tiles round a spinner: its two sides, then its two ends."))
    return "".join(out)


def _round_end(rules: Rules) -> str:
    rounding = ("<p>Pips are rounded to the nearest 5: 1 or 2 round down, 3 or 4 round up, "
                "so 7 counts 5 and 8 counts 10.</p>")
    div = " and divided by 5" if rules.divisor == 5 else ""
    if rules.round_end == "winner_takes":
        text = (f"<p>Whoever went out scores the pips left in everyone else's hands, added "
                f"up, then rounded{div}. When the round is blocked, the player with the fewest "
                "pips scores the others' pips; players tied for the fewest share them "
                "(with partners the sides are compared, and a tie scores nothing).</p>")
    elif rules.round_end == "blocked_bonus":
        text = ("<p>After a player goes out nothing is added: everyone keeps what they "
                "scored in play. When the round is blocked, the lightest hand scores a "
                "bonus: the others' pips minus its own, rounded, one point per 5. A tie "
                "for the lightest hand scores nothing.</p>")
    else:
        text = (f"<p>Every player's remaining pips, rounded{div}, come off their side's "
                "score; scores may go below zero.</p>")
    return text + rounding + _breakdown(rules)


def _winning() -> str:
    return ("<p>A side that reaches the target wins at once, even in the middle of a round "
            "(that round is not scored). If the points at the end of a round lift several "
            "sides to the target, the highest score wins; an exact tie plays on.</p>")


def choice_help(preset: str) -> dict[str, str]:
    """One line of plain text per new-game choice that is not a list of
    options (the rules and levels are described where they are chosen), for
    the new-game dialog and the rules' own list of choices."""
    p = PRESETS[preset]
    small = ", ".join(map(str, HAND_SIZE_CHOICES[2][:-1])) + f" or {HAND_SIZE_CHOICES[2][-1]}"
    four = " or ".join(map(str, HAND_SIZE_CHOICES[4]))
    return {
        "name": f"Up to {NAME_LIMIT} characters; left empty, you are called You.",
        "players": "2, 3 or 4: you and one to three bots.",
        "partnership": (f"With 4 players: you and the player opposite ({BOT_NAMES[1]}) against "
                        f"{BOT_NAMES[0]} and {BOT_NAMES[2]}; whatever either of you scores "
                        "counts for both. Switched off, everyone plays for themselves."),
        "hand_size": (f"{small} tiles with 2 or 3 players, {four} with 4, or these rules' "
                      f"own: {_players(p.hand_sizes)}."),
        "target": (f"The score that wins: these rules' own ({_players(p.targets)}), or any "
                   "whole number from 5 to 10000."),
    }


def _choices(preset: str) -> str:
    presets = "".join(
        f"<li><b>{escape(name.replace('_', ' '))}</b>{' (these rules)' if name == preset else ''}"
        f": {escape(other.description)}</li>" for name, other in PRESETS.items())
    levels = "".join(f"<li><b>{level}</b>: {escape(DESCRIPTIONS[level])}</li>"
                     for level in LEVELS)
    lines = {k: escape(v, quote=False) for k, v in choice_help(preset).items()}
    return (
        "<dl>"
        f"<dt>Your name</dt><dd>{lines['name']}</dd>"
        f"<dt>Players</dt><dd>{lines['players']}</dd>"
        f"<dt>Partners</dt><dd>{lines['partnership']}</dd>"
        f"<dt>Rules</dt><dd><ul>{presets}</ul></dd>"
        f"<dt>Hand size</dt><dd>{lines['hand_size']}</dd>"
        f"<dt>Target</dt><dd>{lines['target']}</dd>"
        f"<dt>Opponents</dt><dd>Each bot's level:<ul>{levels}</ul></dd>"
        "</dl>")


# -- the drawn examples --------------------------------------------------------------


def played(rules: Rules, moves: Sequence[str]) -> tuple[TableView, list[Step]]:
    """A 2-player round of ``rules`` that seat 0 starts, in which the seats
    take turns laying ``moves``, as seat 0 sees it, with each move's count
    and points as the engine scored them."""
    tiles = [parse_tile(m.partition(">")[0]) for m in moves]
    own: list[list[int]] = [tiles[0::2], tiles[1::2]]
    rest = [t for t in range(len(NAMES)) if t not in tiles]
    for hand in own:
        while len(hand) < rules.hand_size:
            hand.append(rest.pop(0))
    game = Game(rules, seed=0, deal_first=False)
    game.start_round([mask_of(h) for h in own], rest, starter=0)
    steps = []
    for move in moves:
        result = game.apply(move)
        steps.append(Step(move, game.round.layout.count, result.points))
    return TableView.of(Table(game, NAMES4[:2], (None, LEVELS[1]))), steps


def _step_words(step: Step, divisor: int) -> str:
    move = parse_move(step.move)
    tile, on = NAMES[move_tile(move)], move_on(move)
    said = f"{tile} led" if on == LEAD else f"{tile} on {NAMES[on]}"
    if step.points:
        shown = f" ({step.count} ÷ 5)" if divisor == 5 else ""
        scored = f"which scores {step.points}{shown}"
    elif step.count % 5:
        scored = "not a multiple of 5: no points"
    else:
        scored = "no points"
    return f"{said}: the count is {step.count}, {scored}."


def _n(x: float) -> str:
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _example(rules: Rules, name: str, moves: Sequence[str], intro: str) -> str:
    """A small table after ``moves``, with what each move counted and scored."""
    view, steps = played(rules, moves)
    drawn = board.board(view, ASPECT)
    x0, y0, x1, y1 = arranged(tuple(view.layout.placements), rules.spinners, ASPECT).bounds()
    box = f"{_n(x0 - PAD)} {_n(y0 - PAD)} {_n(x1 - x0 + 2 * PAD)} {_n(y1 - y0 + 2 * PAD)}"
    label = f"The table after {', '.join(moves)}"
    items = "".join(f"<li>{escape(_step_words(s, rules.divisor))}</li>" for s in steps)
    return (f'<figure class="rules-example" data-example="{name}">'
            f'<svg class="rules-board" viewBox="{box}" role="img" aria-label="{escape(label)}">'
            f"{drawn.svg}</svg><figcaption><p>{escape(intro)}</p><ol>{items}</ol>"
            f"<p>{escape(words.table_words(view))}</p></figcaption></figure>")


def _breakdown(rules: Rules) -> str:
    """A round's end scored under ``rules``: every hand left, and each line
    as the round-end panel words it."""
    blocked = rules.round_end == "blocked_bonus"
    hands = BLOCKED_HANDS if blocked else WENT_OUT_HANDS
    players = len(hands)
    example = Rules.make(rules.preset, players=players, partnership=False)
    view = TableView.of(Table(Game(example, seed=0), NAMES4[:players],
                              (None, *LEVELS[1:2] * (players - 1))))
    masks = [mask_of([parse_tile(t) for t in h]) for h in hands]
    result = score_round(example, [pips_of(m) for m in masks], None if blocked else 0)
    shown = "".join(
        f'<div class="reveal" data-seat="{seat}"><b>{escape(view.names[seat])}</b> '
        f"{''.join(board.tile_svg(parse_tile(t), t) for t in hand)}"
        f'<span class="pips">{pips_of(mask)} pips</span></div>'
        for seat, (hand, mask) in enumerate(zip(hands, masks, strict=True)))
    how = (f"{players} players. The round is blocked: nobody can play." if blocked
           else f"{players} players. {view.names[0]} went out.")
    lines = "".join(f"<li>{escape(words.score_line(view, line))}</li>" for line in result.lines)
    lines = lines or f"<li>{words.no_round_end_points()}</li>"
    return (f'<figure class="rules-example" data-example="round-end"><figcaption>'
            f"{escape(how)}</figcaption><div class='hands'>{shown}</div>"
            f"<ol class='score-lines'>{lines}</ol></figure>")
