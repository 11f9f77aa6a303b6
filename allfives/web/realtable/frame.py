"""What the page shows at a real table, as values and HTML (pure): the
board with its lit places, the entry panel's tile buttons, the names to
tap at a deal, the round-end rows, the boneyard, and the status line; as
the one writer's frame (``parts``), with what shows decided here: Start,
the call field, the draw count's most, the header's Review, the game-over
panel."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ...moves import move_on, move_tile
from ...tiles import NAMES, tile_id, tiles_of
from ..draw import render
from ..draw.board import BoardScene, Target, board, tile_svg
from ..paint.events import Size
from ..paint.parts import Effect, Frame, Part, flag, shown
from ..table import words as table_words
from ..table.looks import Looks
from ..table.played_view import observed_view
from ..table.shared_controls import header, over_panel
from ..table.table_view import TableView
from . import words
from .keeper import Keeper


@dataclass(frozen=True)
class TableFrame:
    """Everything the real table's section shows."""

    phase: str
    status: str  # whose turn, or what is asked
    said: str  # what the last entry did, or why it was refused
    refused: bool
    scene: BoardScene
    seats: str
    scores: str
    log: str
    count: str
    tiles: str  # the entry panel's tile buttons
    starters: str  # the names to tap at a deal
    left: str  # the round-end rows
    boneyard: tuple[str, str] | None  # the tiles left in it and its words (None: no round)
    calls: bool  # the call field is shown
    start: bool  # the Start button is shown (the known hand tapped in at a deal)
    most_drawn: str | None  # the most tiles one draw may take (None: no round played)
    reviewable: bool  # a round entered: Review has something to go through


def frame(keeper: Keeper, looks: Looks, tally: bool) -> TableFrame:
    view = observed_view(keeper.game)
    phase = keeper.phase
    said = keeper.said
    now = status(keeper, view)
    return TableFrame(
        phase=phase, status=now, said=said.text if said and said.text != now else "",
        refused=bool(said and said.refused), scene=scene(keeper, view, looks),
        seats="".join(render.seat_panel(view, s, looks.faces) for s in range(view.rules.players)),
        scores=scores(keeper, view, tally),
        log=render.log(view) if keeper.game.rounds else "",
        count=render.count_badge(view), tiles=tile_buttons(keeper, looks.faces),
        starters=starters(keeper) if phase == "start" else "",
        left=left_fields(keeper, looks.faces) if phase == "left" else "",
        boneyard=boneyard(keeper),
        calls=keeper.game.calls != "off" and phase == "play",
        start=phase == "start" and keeper.game.known_seat is not None,
        most_drawn=str(max(keeper.game.round.boneyard_left, 1)) if phase == "play" else None,
        reviewable=bool(keeper.game.rounds))


def parts(f: TableFrame) -> Frame:
    """The section as the one writer's frame, the header's Review and the
    page's mode (``body[data-mode=table]``: this section shows) with it."""
    out: Frame = {
        "body": Part(attrs=(("data-mode", "table"),)),
        "#real-table": Part(attrs=(("data-phase", f.phase),)),
        "#table-status": Part(text=f.status),
        "#table-said": Part(text=f.said, attrs=(("data-refused", flag(f.refused)),)),
        "#table-seats": Part(html=f.seats),
        "#table-scores": Part(html=f.scores),
        "#table-log": Part(html=f.log),
        "#table-count": Part(text=f.count),
        "#entry-tiles": Part(html=f.tiles),
        "#entry-starters": Part(html=f.starters),
        "#entry-start": Part(attrs=(shown(f.start),)),
        "#entry-call-row": Part(attrs=(shown(f.calls),)),
        "#round-left-fields": Part(html=f.left),
    }
    if not f.calls:  # a call typed is not kept for the next turn
        out["#entry-call"] = Part(props=(("value", ""),))
    if f.boneyard is None:
        out["#table-boneyard"] = Part(attrs=(shown(False),))
    else:
        left, said = f.boneyard
        out["#table-boneyard"] = Part(attrs=(shown(True), ("data-boneyard", left),
                                             ("aria-label", said), ("title", said)))
        out["#table-boneyard .left"] = Part(text=left)
    if f.most_drawn is not None:
        out["#entry-drew-count"] = Part(attrs=(("max", f.most_drawn),))
    return out | header(f.reviewable)


def board_parts(scene: BoardScene, size: Size) -> Frame:
    """The board drawn for the box ``#table-board`` has (its exact size, as
    a ``SIZE`` Listen tells it): its view box and its tiles."""
    width, height = size.width, size.height
    drawn = board(scene.view, max(width, 1) / max(height, 1), targets=scene.targets,
                  selected=scene.selected, fresh=scene.fresh, fresh_points=scene.fresh_points,
                  hint=scene.hint, width_px=width, drawn=scene.drawn)
    return {"#table-board": Part(html=drawn.svg, attrs=(("viewBox", drawn.view_box),))}


def over(keeper: Keeper) -> tuple[Frame, list[Effect]]:
    """The game-over panel at the game's end (none before): who won, the
    final scores and the last words said; no deal to share."""
    if keeper.phase != "over":
        return {}, []
    said = keeper.said.text if keeper.said else ""
    return over_panel("game-over", game_over_html(keeper), "", said, shareable=False)


def boneyard(keeper: Keeper) -> tuple[str, str] | None:
    """How many tiles the boneyard holds, as a number and in words, while a
    round is played or its end entered (every draw is entered, so it is
    always known then)."""
    if keeper.phase not in ("play", "left"):
        return None
    left = keeper.game.round.boneyard_left
    return str(left), table_words.boneyard(left)


def scores(keeper: Keeper, view: TableView, tally: bool) -> str:
    """The scores, the side just scored flashing, its new tally strokes drawn in."""
    played = keeper.fresh
    if played is None or not played.points:
        return render.scores(view, None, tally, 0)
    return render.scores(view, view.rules.side_of(played.seat), tally, played.points)


def scene(keeper: Keeper, view: TableView, looks: Looks) -> BoardScene:
    """The table, the selected tile's places lit (each with its points), or
    the tile just laid with its points' pop."""
    tile = keeper.selected
    if tile is None or keeper.phase != "play":
        played = keeper.fresh
        if played is None:
            return BoardScene(view, drawn=looks)
        return BoardScene(view, fresh=move_tile(played.move), fresh_points=played.points,
                          drawn=looks)
    targets = tuple(Target(m, move_on(m), view.points_for(m))
                    for m in keeper.game.round.places(tile))
    return BoardScene(view, targets=targets, selected=tile, drawn=looks)


def status(keeper: Keeper, view: TableView) -> str:
    phase = keeper.phase
    if phase == "over":
        return words.winner(view)
    if phase == "left":  # how it ended (a domino, or blocked), then what is asked
        return f"{table_words.end_words(view, view.round)} {words.enter_left()}"
    if phase == "start":
        if keeper.game.known_seat is not None and (keeper.named_starter() is not None
                                                   or keeper.starter is not None):
            return keeper.deal_words()
        return words.who_starts()
    rnd = keeper.game.round
    if keeper.drawing:
        return words.which_drawn(keeper.names[rnd.turn])
    if keeper.selected is not None:
        return words.choose_place(keeper.selected)
    return words.turn(keeper.names[rnd.turn])


# The picker's 7 x 4 grid, by suit: row r runs from the double r-r through
# r-6, and the row's last cells hold the suit whose run is that much shorter
# (6-6; 5-5 5-6; 4-4 4-5 4-6), so every suit is one unbroken run from its double.
PICKER_ROWS = tuple(
    tuple(tile_id(r, b) for b in range(r, 7)) + tuple(tile_id(7 - r, b) for b in range(7 - r, 7))
    for r in range(4))


def tile_buttons(keeper: Keeper, faces: str) -> str:
    """A button per tile on offer, in a fixed grid by suit (a tile laid
    leaves its cell empty, so the others never move); at a deal, the tiles
    tapped into the hand are pressed, at a round's end those tapped into
    the hand being entered. The first cell of a row's second suit
    is marked (``fold``) where the picker draws a divider."""
    offered = set(keeper.tiles())
    if not offered:
        return ""
    picking = keeper.picking()
    held = keeper.left_tiles.get(picking, []) if picking is not None else []
    out = []
    for r, row in enumerate(PICKER_ROWS):
        for i, t in enumerate(row):
            fold = " fold" if i == 7 - r else ""  # row r's own suit has 7 - r tiles
            if t not in offered:
                out.append(f'<span class="gone{fold}" aria-hidden="true"></span>')
                continue
            pressed = "true" if t in keeper.dealt or t == keeper.selected or t in held else "false"
            out.append(f'<button type="button" class="entry-tile{fold}" data-tile="{NAMES[t]}"'
                       f' aria-pressed="{pressed}" aria-label="{NAMES[t]}">'
                       f"{tile_svg(t, faces=faces)}</button>")
    return "".join(out)


def starters(keeper: Keeper) -> str:
    """At a deal the table decides: one button per player (pressed: chosen)."""
    if keeper.named_starter() is not None:
        return ""
    return "".join(
        f'<button type="button" data-starter="{s}"'
        f' aria-pressed="{"true" if s == keeper.starter else "false"}"'
        f' title="{escape(name)}">{escape(name)}</button>'
        for s, name in enumerate(keeper.names))


def left_fields(keeper: Keeper, faces: str) -> str:
    """One row per player: what they hold. A hand the page knows (the known
    one, the one that went out) is shown; any other is entered by tapping
    its tiles on the picker (its button pressed while the picker enters it,
    the tiles tapped drawn in it) or by stepping its pips (``left{s}``, a
    number field too, the tiles' pips added up there as they are tapped)."""
    rnd = keeper.game.round
    asked, picking = keeper.to_enter(), keeper.picking()
    out = []
    for s, name in enumerate(keeper.names):
        shown = escape(name)
        head = f'<span class="name" title="{shown}">{shown}</span>'
        if s not in asked:
            known = " ".join(NAMES[t] for t in tiles_of(rnd.known)) if s == rnd.known_seat else "0"
            out.append(f'<div class="left-row" data-seat="{s}">{head}'
                       f'<span class="left-known">{known}</span></div>')
            continue
        said = words.left_labels(name)
        tiles = "".join(tile_svg(t, faces=faces) for t in keeper.left_tiles.get(s, []))
        pressed = "true" if s == picking else "false"
        out.append(
            f'<div class="left-row" data-seat="{s}">{head}'
            f'<button type="button" class="left-tiles" data-left-seat="{s}"'
            f' aria-pressed="{pressed}" aria-label="{escape(said["tiles"])}">'
            f'{tiles or escape(said["word"])}</button>'
            f'<span class="stepper"><button type="button" data-pips-step="-1" data-seat="{s}"'
            f' aria-label="{escape(said["fewer"])}">\u2212</button>'
            f'<input name="left{s}" data-seat="{s}" type="number" min="0" inputmode="numeric"'
            f' value="{keeper.left_shown(s)}" autocomplete="off"'
            f' aria-label="{escape(said["pips"])}">'
            f'<button type="button" data-pips-step="1" data-seat="{s}"'
            f' aria-label="{escape(said["more"])}">+</button></span></div>')
    return "".join(out)


def game_over_html(keeper: Keeper) -> str:
    """The game-over panel's heading and final scores (``#game-over-body``)."""
    view = observed_view(keeper.game)
    return render.game_over(view, words.winner(view))
