"""Engine state to SVG and HTML strings: pure functions, no browser needed.

The page (``app.py``) puts these strings into the static shell's elements;
the tests read them in CPython. Every element a test or a click handler
needs carries a ``data-`` hook (see DESIGN.md, "DOM hooks").
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..game import Round
from ..moves import DRAW, LEAD, PASS, move_on, move_tile, parse_move
from ..rules import Rules
from ..scoring import ScoreLine
from ..tiles import HIGH, NAMES, PIPS, tiles_of
from .geometry import Placed, Vec, arranged
from .table import Table

# Pip spots in a half, as (across, along) offsets from the half's centre.
_A, _B = 0.24, 0.26
PIP_SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((-_A, -_B), (_A, _B)),
    3: ((-_A, -_B), (0, 0), (_A, _B)),
    4: ((-_A, -_B), (_A, -_B), (-_A, _B), (_A, _B)),
    5: ((-_A, -_B), (_A, -_B), (0, 0), (-_A, _B), (_A, _B)),
    6: ((-_A, -_B), (_A, -_B), (-_A, 0), (_A, 0), (-_A, _B), (_A, _B)),
}
PIP_R = 0.085
MIN_VIEW = 15.0  # the board never zooms in closer than this many tile units across
MARGIN = 0.8


def _n(x: float) -> str:
    """A coordinate for SVG: short and stable."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: dict[str, str]) -> str:
    return "".join(f' {k}="{escape(v)}"' for k, v in attrs.items())


# -- tiles --------------------------------------------------------------------


def half_pips(value: int, center: Vec, along: Vec) -> str:
    across = (-along[1], along[0])
    out = []
    for s, t in PIP_SPOTS[value]:
        x = center[0] + s * across[0] + t * along[0]
        y = center[1] + s * across[1] + t * along[1]
        out.append(f'<circle class="pip" cx="{_n(x)}" cy="{_n(y)}" r="{PIP_R}"/>')
    return "".join(out)


def tile_shape(p: Placed) -> str:
    """The face of a placed tile (rectangle, divider, pips), absolute coordinates."""
    x0, y0, x1, y1 = p.box()
    ins = 0.04
    along = (p.far_at[0] - p.near_at[0], p.far_at[1] - p.near_at[1])
    cx, cy = p.center
    if p.horizontal:
        divider = (cx, y0 + 0.12, cx, y1 - 0.12)
    else:
        divider = (x0 + 0.12, cy, x1 - 0.12, cy)
    parts = [
        (f'<rect class="face" x="{_n(x0 + ins)}" y="{_n(y0 + ins)}"'
         f' width="{_n(x1 - x0 - 2 * ins)}" height="{_n(y1 - y0 - 2 * ins)}" rx="0.13"/>'),
        (f'<line class="divider" x1="{_n(divider[0])}" y1="{_n(divider[1])}"'
         f' x2="{_n(divider[2])}" y2="{_n(divider[3])}"/>'),
        half_pips(p.near, p.near_at, along),
        half_pips(p.far, p.far_at, along),
        f'<circle class="rivet" cx="{_n(cx)}" cy="{_n(cy)}" r="0.05"/>',
    ]
    return "".join(parts)


def tile_group(p: Placed, cls: str = "tile", attrs: dict[str, str] | None = None) -> str:
    classes = cls + (" spinner" if p.spinner else "")
    extra = _attrs(attrs or {})
    return (f'<g class="{classes}" data-tile="{NAMES[p.tile]}"{extra}>'
            f'<title>{NAMES[p.tile]}{" (spinner)" if p.spinner else ""}</title>'
            f"{tile_shape(p)}</g>")


def tile_svg(tile: int, label: str | None = None) -> str:
    """A standalone upright tile (for the hand and revealed hands)."""
    a, b = NAMES[tile].split("-")
    p = Placed(tile, (0.5, 0.5), (0.5, 1.5), int(a), int(b))
    title = f"<title>{escape(label)}</title>" if label else ""
    return (f'<svg class="tile-svg" viewBox="0 0 1 2" aria-hidden="true">{title}'
            f'<g class="tile">{tile_shape(p)}</g></svg>')


# -- the board ----------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """A place the selected tile may go: the move, the tile it joins, its points."""

    move: str
    on: int
    points: int


@dataclass(frozen=True)
class Board:
    view_box: str
    svg: str


def view_box(bounds: tuple[float, float, float, float], aspect: float) -> str:
    """A viewBox around ``bounds`` with a margin, at least ``MIN_VIEW`` wide,
    stretched to the table's ``aspect`` so nothing is cut off."""
    x0, y0, x1, y1 = bounds
    w = max(x1 - x0 + 2 * MARGIN, MIN_VIEW)
    h = max(y1 - y0 + 2 * MARGIN, MIN_VIEW / max(aspect, 0.3))
    if w / h < aspect:
        w = h * aspect
    else:
        h = w / aspect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return f"{_n(cx - w / 2)} {_n(cy - h / 2)} {_n(w)} {_n(h)}"


def hinted_tile(hint: str | None) -> int | None:
    """The tile a hinted move plays, or None for a draw, a pass or no hint."""
    move = parse_move(hint) if hint else DRAW
    return move_tile(move) if move >= 0 else None


def hint_place(ghost: Placed) -> str:
    """The outline of where a hinted tile would lie (it takes no clicks)."""
    x0, y0, x1, y1 = ghost.box()
    return (f'<g class="hint-place" data-hint="place" aria-hidden="true">'
            f'<rect x="{_n(x0 + 0.04)}" y="{_n(y0 + 0.04)}" width="{_n(x1 - x0 - 0.08)}"'
            f' height="{_n(y1 - y0 - 0.08)}" rx="0.13"/></g>')


def board(rnd: Round, aspect: float, targets: tuple[Target, ...] = (),
          selected: int | None = None, fresh: int | None = None,
          fresh_points: int = 0, hint: str | None = None) -> Board:
    """The layout as SVG content. ``targets`` light up where ``selected`` could
    go, each with its points; ``fresh`` is the tile just played, marked with
    ``+points`` when it scored. ``hint`` (a move) outlines the tile it joins
    (``data-hint="target"``) and the place the tile would take
    (``data-hint="place"``)."""
    arranger = arranged(tuple(rnd.layout.placements), rnd.rules.spinners, aspect)
    hinted = parse_move(hint) if hint else DRAW
    joins = move_on(hinted) if hinted >= 0 else None
    parts = []
    for p in arranger.placed:
        cls = ("tile fresh" if p.tile == fresh else "tile") + (" hinted" if p.tile == joins else "")
        parts.append(tile_group(p, cls, {"data-hint": "target"} if p.tile == joins else None))
    ghosts = []
    if hinted >= 0:
        ghosts.append(arranger.preview(move_tile(hinted), move_on(hinted)))
        parts.append(hint_place(ghosts[0]))
    for t in targets:
        if selected is None:
            continue
        ghost = arranger.preview(selected, t.on)
        ghosts.append(ghost)
        gx, gy = ghost.center
        label = f"+{t.points}" if t.points else "0"
        x0, y0, x1, y1 = ghost.box()
        parts.append(
            f'<g class="target{" scores" if t.points else ""}" data-target="{NAMES[t.on]}"'
            f' data-move="{t.move}" role="button" tabindex="0"'
            f' aria-label="Play {NAMES[selected]} on {NAMES[t.on]}, {t.points} points">'
            f'<rect x="{_n(x0 + 0.04)}" y="{_n(y0 + 0.04)}" width="{_n(x1 - x0 - 0.08)}"'
            f' height="{_n(y1 - y0 - 0.08)}" rx="0.13"/>'
            f'<text x="{_n(gx)}" y="{_n(gy)}">{label}</text></g>')
    if fresh is not None and fresh_points:
        for p in arranger.placed:
            if p.tile == fresh:
                fx, fy = p.far_at
                parts.append(f'<text class="score-pop" x="{_n(fx)}" y="{_n(fy - 0.7)}">'
                             f"+{fresh_points}</text>")
    return Board(view_box(arranger.bounds(ghosts), aspect), "".join(parts))


def targets_for(rnd: Round, tile: int) -> tuple[Target, ...]:
    """Every legal play of ``tile`` now, with the points each would score."""
    out = []
    for m in rnd.legal_moves():
        if m >= 0 and move_tile(m) == tile and move_on(m) != LEAD:
            on = move_on(m)
            out.append(Target(f"{NAMES[tile]}>{NAMES[on]}", on, rnd.points_for(m)))
    return tuple(out)


def turn_prompt(rnd: Round) -> str:
    """What the status line tells the person whose turn it is."""
    moves = rnd.legal_moves()
    if moves == [DRAW]:
        return "No tile fits: draw from the boneyard."
    if moves == [PASS]:
        return "No tile fits and the boneyard is empty: you must pass."
    if not rnd.layout.placements:
        return "Your lead: play any tile."
    return "Your turn: play a highlighted tile."


def move_advice(rnd: Round, move: str) -> str:
    """A suggested move in words, with what it would score now."""
    if move in ("draw", "pass"):
        return move
    tile, _, on = move.partition(">")
    points = rnd.points_for(parse_move(move))
    words = f"play {tile} on {on}" if on else f"lead with {tile}"
    return words + (f" (+{points})" if points else "")


# -- the hand and the other seats ---------------------------------------------


def hand_order(tiles: list[int], order: str, received: list[int]) -> list[int]:
    """Largest pip total first, or in the order the tiles came to the hand."""
    if order == "received":
        rank = {t: i for i, t in enumerate(received)}
        return sorted(tiles, key=lambda t: rank.get(t, len(rank)))
    return sorted(tiles, key=lambda t: (-PIPS[t], -HIGH[t]))


def received_order(rnd: Round, seat: int) -> list[int]:
    """The seat's dealt tiles, then the tiles it drew, in draw order."""
    order = tiles_of(rnd.dealt[seat])
    pos = 0
    for s, m, _ in rnd.history:
        if m == DRAW:
            if s == seat:
                order.append(rnd.boneyard[pos])
            pos += 1
    return order


def hand(tiles: list[int], playable: set[int], selected: int | None, active: bool,
         hinted: int | None = None) -> str:
    """The human's tiles as buttons; ``hinted`` (the hint's tile) gets ``data-hint="tile"``."""
    out = []
    for t in tiles:
        can = active and t in playable
        state = "playable" if can else ("dimmed" if active else "waiting")
        cls = f"hand-tile {state}" + (" selected" if t == selected else "")
        label = f"{NAMES[t]}{', playable' if can else ''}"
        hint = ""
        if t == hinted:
            cls += " hinted"
            label += ", the hint"
            hint = ' data-hint="tile"'
        out.append(
            f'<button type="button" class="{cls}" data-tile="{NAMES[t]}"{hint}'
            f' data-playable="{"true" if can else "false"}" aria-label="{label}"'
            f' aria-pressed="{"true" if t == selected else "false"}">{tile_svg(t)}</button>')
    return "".join(out)


def seat_panel(table: Table, seat: int, turn: int | None, reveal: bool) -> str:
    rnd = table.game.round
    rules = table.rules
    tiles = tiles_of(rnd.hands[seat])
    name = escape(table.names[seat])
    level = escape(table.bots[seat] or "")
    partner = rules.partnership and rules.side_of(seat) == rules.side_of(0)
    badge = '<span class="badge">partner</span>' if partner else ""
    if reveal:
        body = "".join(f'<span class="shown">{tile_svg(t, NAMES[t])}</span>' for t in tiles)
    else:
        body = '<span class="back"></span>' * len(tiles)
    count = len(tiles)
    cls = "seat" + (" to-move" if seat == turn else "")
    return (f'<section class="{cls}" data-seat="{seat}" aria-label="{name}, {count} tiles">'
            f'<header><span class="name">{name}</span> <span class="level">{level}</span>'
            f"{badge}</header>"
            f'<div class="tiles">{body}</div>'
            f'<div class="count" data-count="{count}">{count} tile{"" if count == 1 else "s"}'
            f"</div></section>")


def seats(table: Table, reveal: bool = False) -> str:
    rnd = table.game.round
    turn = None if rnd.over else rnd.turn
    return "".join(seat_panel(table, s, turn, reveal) for s in range(1, table.rules.players))


def scores(table: Table, scored: int | None = None) -> str:
    """The score per side; ``scored`` is the side that just scored (it flashes)."""
    game = table.game
    rules = table.rules
    turn_side = None if game.round.over else rules.side_of(game.round.turn)
    out = []
    for side, score in enumerate(game.scores):
        cls = "side" + (" mine" if side == rules.side_of(0) else "") + \
            (" to-move" if side == turn_side else "") + (" bump" if side == scored else "")
        out.append(f'<div class="{cls}"><span class="names">{escape(table.side_name(side))}</span>'
                   f'<span class="score" data-side="{side}">{score}</span></div>')
    out.append(f'<div class="target-line">to {rules.target}</div>')
    return "".join(out)


# -- words: the log, the round end, the game end --------------------------------


def move_words(table: Table, rnd: Round, index: int) -> str:
    """One log line for move ``index`` of ``rnd`` (as people read it)."""
    seat, move, points = rnd.history[index]
    who = table.names[seat]
    if move == DRAW:
        if seat == 0:
            drawn = sum(1 for s, m, _ in rnd.history[:index] if m == DRAW)
            return f"{who} drew {NAMES[rnd.boneyard[drawn]]}."
        return f"{who} drew a tile."
    if move == PASS:
        return f"{who} passed: nothing fits and the boneyard is empty."
    tile, on = move_tile(move), move_on(move)
    if on == LEAD:
        text = f"{who} led {NAMES[tile]}"
    else:
        text = f"{who} played {NAMES[tile]} on {NAMES[on]}"
    return text + (f" and scored {points}." if points else ".")


def end_words(rnd: Round, table: Table) -> str:
    if rnd.end == "domino":
        return f"{table.names[rnd.went_out]} went out."
    if rnd.end == "blocked":
        return "The round is blocked: nobody can play."
    if rnd.end == "target":
        winner = table.game.winner if table.game.winner is not None else 0
        reach = _verb(table, table.rules.seats_of(winner), "reaches", "reach")
        return f"{table.side_name(winner)} {reach} {table.rules.target}: the game is over."
    return ""


def log(table: Table) -> str:
    """The whole game's log: a note per round start and end, an entry per move."""
    out = []
    for r, rnd in enumerate(table.game.rounds, 1):
        starts = _verb(table, (rnd.starter,), "starts", "start")
        out.append(f'<li class="note">Round {r}: {escape(table.names[rnd.starter])} {starts}.</li>')
        for i in range(len(rnd.history)):
            seat = rnd.history[i][0]
            out.append(f'<li class="move" data-seat="{seat}">'
                       f"{escape(move_words(table, rnd, i))}</li>")
        if rnd.over:
            out.append(f'<li class="note">{escape(end_words(rnd, table))}</li>')
    return "".join(out)


def _verb(table: Table, seats: tuple[int, ...], one: str, many: str) -> str:
    """``one`` for a single third person, ``many`` for several or for "You"."""
    you = len(seats) == 1 and seats[0] == 0 and table.names[0] == "You"
    return one if len(seats) == 1 and not you else many


def _names(table: Table, seats: tuple[int, ...]) -> str:
    names = [table.names[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def score_line(table: Table, line: ScoreLine) -> str:
    """One round-end scoring line, in words."""
    rules: Rules = table.rules
    side = table.side_name(line.side)
    who = _names(table, line.seats)
    div = " ÷ 5" if rules.divisor == 5 else ""
    if rules.round_end == "blocked_bonus":
        return (f"{side} had the lightest hand: {line.pips} pips fewer than {who}, rounded to "
                f"{line.rounded}, one point per 5: {line.points:+d} for {side}.")
    holds = _verb(table, line.seats, "holds", "hold")
    if line.shared_by > 1:
        return (f"{who} {holds} {line.pips} pips, shared {line.shared_by} ways and rounded to "
                f"{line.rounded}{div}: {line.points:+d} for {side}.")
    return (f"{who} {holds} {line.pips} pips, rounded to {line.rounded}{div}: "
            f"{line.points:+d} for {side}.")


def round_end(table: Table) -> str:
    """The round-end panel: how it ended, each scoring line, the scores after."""
    rnd = table.game.round
    lines = rnd.result.lines if rnd.result else ()
    items = "".join(f"<li>{escape(score_line(table, ln))}</li>" for ln in lines) or \
        "<li>No round-end points.</li>"
    totals = ", ".join(f"{escape(table.side_name(s))} {score}"
                       for s, score in enumerate(table.game.scores))
    hands = "".join(
        f"<div class='reveal' data-seat='{seat}'><b>{escape(table.names[seat])}</b> "
        f"{''.join(tile_svg(t, NAMES[t]) for t in tiles_of(mask))}"
        f"<span class='pips'>{pips} pips</span></div>"
        for seat, (mask, pips) in enumerate(zip(rnd.hands, rnd.pips(), strict=True)))
    return (f"<p>{escape(end_words(rnd, table))}</p><div class='hands'>{hands}</div>"
            f"<ol class='score-lines'>{items}</ol>"
            f"<p class='totals'>Scores: {totals}.</p>")


def game_over(table: Table) -> str:
    game = table.game
    winner = game.winner if game.winner is not None else 0
    you = table.rules.side_of(0) == winner
    head = "You win!" if you and not table.rules.partnership else (
        f"{escape(table.side_name(winner))} win!" if table.rules.partnership
        else f"{escape(table.side_name(winner))} wins.")
    rows = "".join(
        f"<tr{' class=winner' if s == winner else ''}><th>{escape(table.side_name(s))}</th>"
        f"<td>{score}</td></tr>" for s, score in enumerate(game.scores))
    return (f"<h2>{head}</h2><table class='final'>{rows}</table>"
            f"<p>{len(game.rounds)} round{'s' if len(game.rounds) != 1 else ''} played, "
            f"to {table.rules.target}.</p>")
