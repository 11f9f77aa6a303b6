"""How to play's drawn examples: small tables the board's own renderer draws
from scripted positions the engine plays, so every count and score shown is
the engine's, and a round's end worded as the round-end panel words it.
Pure Python, no browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ...bots.names import LEVELS
from ...game import Game
from ...moves import LEAD, move_on, move_tile, parse_move
from ...rules import Rules
from ...scoring import score_round
from ...tiles import NAMES, mask_of, parse_tile, pips_of
from ..draw import board
from ..draw.geometry import arranged
from ..i18n.catalogs import _, ngettext
from ..table import words
from ..table.looks import Looks
from ..table.seats import BOT_NAMES, YOU
from ..table.table import Table
from ..table.table_view import TableView

ASPECT = 1.6
PAD = 0.5  # around the tiles, in tile widths

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
    return TableView.of(Table(game, _names(2), (None, LEVELS[1]))), steps


def _names(players: int) -> tuple[str, ...]:
    """The examples' players: the person (by the unchosen name, which the
    table shows in the page's language), then the bots."""
    return (YOU, *BOT_NAMES)[:players]


def _step_words(step: Step, divisor: int) -> str:
    move = parse_move(step.move)
    tile, on = NAMES[move_tile(move)], move_on(move)
    if on == LEAD:
        # Translators: a move: the tile {tile} (as "5-5") laid first in a round.
        said = _("{tile} led").format(tile=tile)
    else:
        # Translators: a move: the tile {tile} laid against the open end of the tile {end}
        # (tiles are written "2-6").
        said = _("{tile} on {end}").format(tile=tile, end=NAMES[on])
    if step.points and divisor == 5:
        # Translators: cribbage rules: the {points} scored are the {count} divided by 5.
        text = _("{move}: the count is {count}, which scores {points} ({count} ÷ 5).")
    elif step.points:
        # Translators: {move} as "4-5 on 4-4"; the count is the sum of the open ends.
        text = _("{move}: the count is {count}, which scores {points}.")
    elif step.count % 5:
        # Translators: {move} as "1-4 on 4-4"; the count is the sum of the open ends.
        text = _("{move}: the count is {count}, not a multiple of 5: no points.")
    else:
        # Translators: {move} as "1-4 on 4-4"; the count is the sum of the open ends.
        text = _("{move}: the count is {count}, no points.")
    return text.format(move=said, count=step.count, points=step.points)


def _n(x: float) -> str:
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def example(rules: Rules, name: str, moves: Sequence[str], intro: str,
            looks: Looks = board.PLAIN) -> str:
    """A small table after ``moves``, with what each move counted and scored,
    its tiles drawn as ``looks``."""
    view, steps = played(rules, moves)
    drawn = board.board(view, ASPECT, drawn=looks)
    x0, y0, x1, y1 = arranged(tuple(view.layout.placements), rules.spinners, ASPECT).bounds()
    box = f"{_n(x0 - PAD)} {_n(y0 - PAD)} {_n(x1 - x0 + 2 * PAD)} {_n(y1 - y0 + 2 * PAD)}"
    # Translators: describes an example's picture; {moves} are the moves made, as "5-5,
    # 4-6>4-4" (tile 4-6 laid on 4-4).
    label = _("The table after {moves}").format(moves=", ".join(moves))
    items = "".join(f"<li>{escape(_step_words(s, rules.divisor))}</li>" for s in steps)
    return (f'<figure class="rules-example" data-example="{name}">'
            f'<svg class="rules-board" viewBox="{box}" role="img" aria-label="{escape(label)}">'
            f"{drawn.svg}</svg><figcaption><p>{escape(intro, quote=False)}</p><ol>{items}</ol>"
            f"<p>{escape(words.table_words(view))}</p></figcaption></figure>")


def breakdown(rules: Rules, faces: str = board.PLAIN.faces) -> str:
    """A round's end scored under ``rules``: every hand left (drawn as
    ``faces``), and each line as the round-end panel words it."""
    blocked = rules.round_end == "blocked_bonus"
    hands = BLOCKED_HANDS if blocked else WENT_OUT_HANDS
    players = len(hands)
    example = Rules.make(rules.preset, players=players, partnership=False)
    view = TableView.of(Table(Game(example, seed=0), _names(players),
                              (None, *LEVELS[1:2] * (players - 1))))
    masks = [mask_of([parse_tile(t) for t in h]) for h in hands]
    result = score_round(example, [pips_of(m) for m in masks], None if blocked else 0)
    shown = "".join(
        f'<div class="reveal" data-seat="{seat}"><b>{escape(view.names[seat])}</b> '
        f"{''.join(board.tile_svg(parse_tile(t), t, faces) for t in hand)}"
        f'<span class="pips">{escape(_pips(pips_of(mask)))}</span></div>'
        for seat, (hand, mask) in enumerate(zip(hands, masks, strict=True)))
    if blocked:
        # Translators: the example round's end: {n} players, and nobody can play.
        how = ngettext("{n} player. The round is blocked: nobody can play.",
                       "{n} players. The round is blocked: nobody can play.",
                       players).format(n=players)
    else:
        # Translators: the example round's end: {n} players, and the person reading laid
        # their last tile.
        how = ngettext("{n} player. You went out.", "{n} players. You went out.",
                       players).format(n=players)
    lines = "".join(f"<li>{escape(words.score_line(view, line))}</li>" for line in result.lines)
    lines = lines or f"<li>{words.no_round_end_points()}</li>"
    return (f'<figure class="rules-example" data-example="round-end"><figcaption>'
            f"{escape(how)}</figcaption><div class='hands'>{shown}</div>"
            f"<ol class='score-lines'>{lines}</ol></figure>")


def _pips(count: int) -> str:
    # Translators: the pips (spots) left on the tiles of a hand.
    return ngettext("{n} pip", "{n} pips", count).format(n=count)
