"""The hand, the seats, the scores, the log and the end-of-round and
end-of-game panels as HTML strings, from a ``TableView``: pure functions,
testable in CPython. The words come from ``words``; every element a test or
a click handler needs carries a ``data-`` hook (docs/DOM_HOOKS.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ...bots.analysis import Decision, Moment, method_hook
from ...coach.grades import grade, grade_range
from ...moves import Move, move_text, move_tile
from ...tiles import NAMES, mask_of, pips_of
from ..i18n.catalogs import _, ngettext, number
from ..table import words
from ..table.hand import HandState
from ..table.looks import FACES
from ..table.seats import level_shown
from ..table.table_view import TableView
from ..table.words_grades import grade_word, swatch
from ..table.words_reasons import method_mark, move_name
from .board import tile_svg
from .tally import tally_svg


def hand(state: HandState, faces: str = FACES[0]) -> str:
    """The person's tiles as buttons; the hint's tile gets ``data-hint="tile"``;
    ``faces`` as ``board.tile_shape``'s."""
    out = []
    for t in state.tiles:
        can = state.active and t in state.playable
        look = "playable" if can else ("dimmed" if state.active else "waiting")
        cls = f"hand-tile {look}" + (" selected" if t == state.selected else "")
        hint = ""
        if t == state.hinted:
            cls += " hinted"
            hint = ' data-hint="tile"'
        pressed = "true" if t == state.selected else "false"
        out.append(
            f'<button type="button" class="{cls}" data-tile="{NAMES[t]}"{hint}'
            f' data-playable="{"true" if can else "false"}"'
            f' aria-label="{escape(tile_label(t, can, t == state.hinted))}"'
            f' aria-pressed="{pressed}">{tile_svg(t, faces=faces)}</button>')
    return "".join(out)


def tile_label(tile: int, playable: bool, hinted: bool) -> str:
    """A tile in the hand, as a screen reader names it."""
    if playable and hinted:
        # Translators: a tile in the person's hand, as a screen reader names it ({tile} as
        # 3-5); "the hint" is the tile the hint suggests playing
        text = _("{tile}, playable, the hint")
    elif playable:
        # Translators: a tile in the person's hand that can be played now, for screen readers
        text = _("{tile}, playable")
    elif hinted:
        # Translators: the tile in the person's hand that the hint suggests, for screen readers
        text = _("{tile}, the hint")
    else:
        text = "{tile}"
    return text.format(tile=NAMES[tile])


def seat_panel(view: TableView, seat: int, faces: str = FACES[0]) -> str:
    """An opponent's or partner's place: name, level, tiles (backs, or faces
    once the round is over, drawn as ``faces``)."""
    rules = view.rules
    name = escape(view.names[seat])
    bot = view.levels[seat]
    level = escape(level_shown(bot) if bot else "")
    partner = (rules.partnership and not view.screened and seat != view.seat
               and rules.side_of(seat) == rules.side_of(view.seat))
    # Translators: a badge by the name of the person's partner (4 players in partnerships)
    badge = _("partner") if partner else ""
    badge = f'<span class="badge">{escape(badge)}</span>' if partner else ""
    if view.round.revealed:
        shown = view.round.revealed[seat]
        body = "".join(f'<span class="shown">{tile_svg(t, NAMES[t], faces)}</span>'
                       for t in shown)
        count = len(shown)
    else:
        count = view.hand_count(seat)
        body = '<span class="back"></span>' * count
    cls = "seat" + (" to-move" if seat == view.turn else "")
    # Translators: a player's place at the table, for screen readers: name and tiles in hand
    label = ngettext("{name}, {n} tile", "{name}, {n} tiles", count).format(
        name=view.names[seat], n=count)
    return (f'<section class="{cls}" data-seat="{seat}" aria-label="{escape(label)}">'
            f'<header><span class="name" title="{name}">{name}</span>'
            f' <span class="level">{level}</span>'
            f"{badge}</header>"
            f'<div class="tiles">{body}</div>'
            f'<div class="count" data-count="{count}">{words.tiles_count(count)}</div></section>')


def seats(view: TableView, faces: str = FACES[0]) -> str:
    """Every seat but the viewer's, whose hand is below (behind the privacy
    screen, every seat: no hand is shown)."""
    return "".join(seat_panel(view, s, faces) for s in range(view.rules.players)
                   if s != view.seat or view.screened)


def scores(view: TableView, scored: int | None = None, tally: bool = False,
           gained: int = 0) -> str:
    """The score per side; ``scored`` is the side that just scored ``gained``
    points (it flashes). With ``tally`` each side's score is also drawn as
    tally marks (``data-tally``), the strokes just gained drawn in."""
    rules = view.rules
    turn = view.turn
    turn_side = None if turn is None else rules.side_of(turn)
    out = []
    for side, score in enumerate(view.scores):
        cls = "side" + (" mine" if side == rules.side_of(0) else "") + \
            (" to-move" if side == turn_side else "") + (" bump" if side == scored else "")
        marks = ""
        if tally:
            since = score - gained if side == scored else None
            # the number beside it says the same: screen readers hear it once
            drawn = tally_svg(score, rules.divisor, since)
            marks = f'<span class="marks" aria-hidden="true">{drawn}</span>'
        named = escape(view.side_name(side))
        out.append(f'<div class="{cls}"><span class="names" title="{named}">{named}</span>'
                   f'<span class="score" data-side="{side}">{score}</span>{marks}</div>')
    # Translators: under the scores: the score the game is played to
    target = ngettext("to {target}", "to {target}", rules.target).format(target=rules.target)
    out.append(f'<div class="target-line">{escape(target)}</div>')
    return "".join(out)


def count_badge(view: TableView) -> str:
    """The count on the table (``#count``): the open ends added up, as
    docs/RULES.md section 6 counts them (0 on an empty table)."""
    # Translators: beside the table: its count, the open ends' numbers added up
    # (the same word as in "Open ends: ... Count ...")
    return _("Count {count}").format(count=view.layout.count)


def log(view: TableView) -> str:
    """The whole game's log: a note per round start and end, an entry per move."""
    out = []
    for round_no, rnd in enumerate(view.rounds, 1):
        out.append(f'<li class="note">{escape(words.round_starts(view, round_no, rnd))}</li>')
        for i, (seat, _move, _points) in enumerate(rnd.history):
            out.append(f'<li class="move" data-seat="{seat}">'
                       f"{words.unbroken(words.move_words(view, rnd, i))}</li>")
        if rnd.over:
            out.append(f'<li class="note">{escape(words.end_words(view, rnd))}</li>')
    return "".join(out)


def round_end_panel(view: TableView, *, headline: bool = True, faces: str = FACES[0]) -> str:
    """The round-end panel: how it ended, every hand, each scoring line, the
    scores; ``headline=False`` leaves out how it ended (the review has said it
    in ``#review-says`` just above)."""
    rnd = view.round
    lines = rnd.score.lines if rnd.score else ()
    items = "".join(f"<li>{escape(words.score_line(view, ln))}</li>" for ln in lines) or \
        f"<li class='none'>{escape(words.no_round_end_points())}</li>"
    hands = "".join(
        f"<div class='reveal' data-seat='{seat}'><b>{escape(view.names[seat])}</b> "
        f"{''.join(tile_svg(t, NAMES[t], faces) for t in tiles)}"
        f"<span class='pips'>{escape(pips(pips_of(mask_of(tiles))))}</span></div>"
        for seat, tiles in enumerate(rnd.revealed))
    said = f"<p>{escape(words.end_words(view, rnd))}</p>" if headline else ""
    return (f"{said}<div class='hands'>{hands}</div>"
            f"<ol class='score-lines'>{items}</ol>"
            f"<p class='totals'>{escape(words.totals(view))}</p>")


def pips(n: int) -> str:
    # Translators: the pips (dots) on the tiles left in a hand at a round's end
    return ngettext("{n} pip", "{n} pips", n).format(n=n)


def game_over(view: TableView, heading: str | None = None) -> str:
    """The game-over panel: ``heading`` (by default who won, as the table
    says it) and the final scores."""
    heading = words.winner_heading(view) if heading is None else heading
    winner = view.winner
    rows = "".join(
        f"<tr{' class=winner' if s == winner else ''}><th>{escape(view.side_name(s))}</th>"
        f"<td>{score}</td></tr>" for s, score in enumerate(view.scores))
    return (f"<h2 id='game-over-title'>{escape(heading)}</h2>"
            f"<table class='final'>{rows}</table><p>{escape(words.rounds_played(view))}</p>")


def review_moves(decisions: list[Decision], divisor: int = 1, faces: str = FACES[0],
                 current: tuple[int, int] | None = None, pending: Sequence[Moment] = ()) -> str:
    """``#review-moves``: one button per analysed decision, with the move made
    (its tile drawn, then named as the log names it), the points it lost and
    its grade (``data-grade``, the grade's English key; ``divisor``: the
    rules', as ``grades.grade`` takes it), "solved" when exact
    (``data-method``), and the loss's spread when that spans grades; a
    click shows it. The decision at ``current`` (round, move) carries
    ``aria-current``. Each decision still ``pending`` holds its place in
    play order (the move made, its verdict to come: ``li.pending``), so the
    list is about as long from the start and each verdict fills its place."""
    chips = [((d.round, d.move), verdict_chip(d, divisor, faces, current)) for d in decisions]
    chips += [((m.round, m.move), pending_chip(m, faces)) for m in pending]
    return "".join(chip for _where, chip in sorted(chips))


def move_drawn(round_: int, move: int, played: Move, faces: str) -> str:
    """A chip's start: where the move was made, its tile and its name."""
    tile = move_tile(played) if played >= 0 else None
    drawn = tile_svg(tile, None, faces, lying=True) if tile is not None else ""
    return (f"<span class='where'>{round_}.{move}</span> {drawn}"
            f"<span class='move'>{escape(move_name(played))}</span> ")


def verdict_chip(d: Decision, divisor: int, faces: str, current: tuple[int, int] | None) -> str:
    graded = grade(d.loss, divisor)
    low, high = grade_range(d.loss, d.error, divisor)
    spread = f" ± {number(round(2 * d.error, 1))}" if low != high else ""
    lost = f"<span class='loss'>−{number(d.loss)}{spread}</span> " if d.loss else ""
    mark = method_mark(d.method)
    solved = f" <span class='method'>{escape(mark)}</span>" if mark else ""
    here = ' aria-current="true"' if (d.round, d.move) == current else ""
    return (f'<li><button type="button" class="{"lost" if d.loss else "best"}"'
            f' data-round="{d.round}" data-move="{d.move}"{here}'
            f' data-played="{escape(move_text(d.played))}"'
            f' data-best="{escape(move_text(d.best))}" data-loss="{d.loss}" data-grade="{graded}"'
            f' data-method="{method_hook(d.method)}">'
            f"{move_drawn(d.round, d.move, d.played, faces)}{lost}"
            f"<span class='grade'>{swatch(graded)}{escape(grade_word(graded))}</span>{solved}"
            "</button></li>")


def pending_chip(m: Moment, faces: str) -> str:
    return (f"<li class='pending'>{move_drawn(m.round, m.move, m.played, faces)}"
            "<span class='wait' aria-hidden='true'>…</span></li>")


def review_hand(view: TableView, faces: str = FACES[0]) -> str:
    """The reviewed seat's tiles at the shown position, face up."""
    return "".join(tile_svg(t, NAMES[t], faces) for t in view.player.hand)
