"""The table and its tiles as SVG strings: pure functions, no browser needed.

``board`` draws the layout from a ``TableView`` (what seat 0 may see), with
the lit places of a selected tile, the tile just played and the hint. Every
element a test or a click handler needs carries a ``data-`` hook
(docs/DOM_HOOKS.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ...moves import DRAW, LEAD, Move, move_on, move_text, move_tile
from ...tiles import NAMES
from ..i18n.catalogs import _, ngettext
from ..paint.parts import Part
from ..table import looks
from ..table.table_view import TableView
from .apart import overlap
from .geometry import Box, Placed, Vec, arranged

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
MIN_TARGET_PX = 26  # a lit place's hit area, at least (WCAG 2.5.8 asks 24 CSS px)
MIN_VIEW = 12.0  # the board never zooms in closer than this many tile units across
MIN_VIEW_LARGE = 8.5  # ... with larger tiles (the tiles drawn about 1.4 times as big)
UNIT_PX = 60.0  # nor so close that a tile's short side is drawn wider than this (a laptop)
UNIT_PX_LARGE = 84.0  # ... with larger tiles
NUMERAL_SIZE = 0.62  # a numeral's height, in tile units (a half is 1 by 1)
MARGIN = 0.8
PLAIN = looks.Looks()  # pips, the usual size: what a board is drawn with unless told


def _n(x: float) -> str:
    """A coordinate for SVG: short and stable."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: dict[str, str]) -> str:
    return "".join(f' {k}="{escape(v)}"' for k, v in attrs.items())


# -- tiles --------------------------------------------------------------------


def half_pips(value: int, center: Vec, along: Vec, faces: str = "pips") -> str:
    """One half's face: its pips (with ``faces="colour"`` each pip also carries
    the class ``n1`` ... ``n6`` of its number, which the theme colours), or
    with ``faces="numerals"`` the number itself, upright (a blank is 0)."""
    if faces == "numerals":
        return (f'<text class="numeral n{value}" x="{_n(center[0])}" y="{_n(center[1])}"'
                f' font-size="{NUMERAL_SIZE}" text-anchor="middle"'
                f' dominant-baseline="central">{value}</text>')
    across = (-along[1], along[0])
    cls = f"pip n{value}" if faces == "colour" else "pip"
    out = []
    for s, t in PIP_SPOTS[value]:
        x = center[0] + s * across[0] + t * along[0]
        y = center[1] + s * across[1] + t * along[1]
        out.append(f'<circle class="{cls}" cx="{_n(x)}" cy="{_n(y)}" r="{PIP_R}"/>')
    return "".join(out)


def tile_shape(p: Placed, faces: str = looks.FACES[0]) -> str:
    """The face of a placed tile (rectangle, divider, pips or numerals),
    absolute coordinates; ``faces`` as ``looks.FACES``."""
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
        half_pips(p.near, p.near_at, along, faces),
        # numerals read "3 5" between them, as the tile's name "3-5" says it
        # (a button's visible words are in its name: WCAG 2.5.3, axe checks it)
        " " if faces == "numerals" else "",
        half_pips(p.far, p.far_at, along, faces),
        f'<circle class="rivet" cx="{_n(cx)}" cy="{_n(cy)}" r="0.05"/>',
    ]
    return "".join(parts)


def tile_group(p: Placed, cls: str = "tile", attrs: dict[str, str] | None = None,
               faces: str = looks.FACES[0]) -> str:
    classes = cls + (" spinner" if p.spinner else "")
    extra = _attrs(attrs or {})
    # Translators: a tile on the table that is the spinner (a double played on from all sides)
    title = _("{tile} (spinner)").format(tile=NAMES[p.tile]) if p.spinner else NAMES[p.tile]
    return (f'<g class="{classes}" data-tile="{NAMES[p.tile]}"{extra}>'
            f'<title>{escape(title)}</title>'
            f"{tile_shape(p, faces)}</g>")


def tile_svg(tile: int, label: str | None = None, faces: str = looks.FACES[0],
             lying: bool = False) -> str:
    """A standalone tile, upright (for the hand and revealed hands) or
    ``lying`` (its name's first half on the left: in a line of text, as
    Review's move chips); ``faces`` as ``tile_shape``'s."""
    a, b = NAMES[tile].split("-")
    far = (1.5, 0.5) if lying else (0.5, 1.5)
    p = Placed(tile, (0.5, 0.5), far, int(a), int(b))
    title = f"<title>{escape(label)}</title>" if label else ""
    box = "0 0 2 1" if lying else "0 0 1 2"
    return (f'<svg class="tile-svg" viewBox="{box}" aria-hidden="true">{title}'
            f'<g class="tile">{tile_shape(p, faces)}</g></svg>')


# -- the board ----------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """A place the selected tile may go: the move, the tile it joins, its points."""

    move: Move
    on: int
    points: int


@dataclass(frozen=True)
class Board:
    view_box: str
    svg: str


@dataclass(frozen=True)
class BoardScene:
    """What a board shows, whichever board it is (the table's, Review's, a
    puzzle's): ``board``'s arguments but the shape, which is the page's
    (``board_page.draw``)."""

    view: TableView
    targets: tuple[Target, ...] = ()
    selected: int | None = None
    fresh: int | None = None
    fresh_points: int = 0
    hint: Move | None = None
    drawn: looks.Looks = PLAIN  # the tiles' faces and size


def least_view(width_px: float, large: bool) -> float:
    """How many tile units across a board of ``width_px`` CSS pixels shows at
    least: a phone's few tiles as large as ``MIN_VIEW`` allows, a laptop's no
    wider than ``UNIT_PX`` (a board of unknown width: ``MIN_VIEW``)."""
    if large:
        return max(MIN_VIEW_LARGE, width_px / UNIT_PX_LARGE)
    return max(MIN_VIEW, width_px / UNIT_PX)


def view_box(bounds: tuple[float, float, float, float], aspect: float,
             least: float = MIN_VIEW) -> str:
    """A viewBox around ``bounds`` with a margin, at least ``least`` wide
    (``MIN_VIEW``, or ``MIN_VIEW_LARGE`` for larger tiles), stretched to the
    table's ``aspect`` so nothing is cut off."""
    x0, y0, x1, y1 = bounds
    w = max(x1 - x0 + 2 * MARGIN, least)
    h = max(y1 - y0 + 2 * MARGIN, least / max(aspect, 0.3))
    if w / h < aspect:
        w = h * aspect
    else:
        h = w / aspect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return f"{_n(cx - w / 2)} {_n(cy - h / 2)} {_n(w)} {_n(h)}"


def hint_place(ghost: Placed) -> str:
    """The outline of where a hinted tile would lie (it takes no clicks)."""
    x0, y0, x1, y1 = ghost.box()
    return (f'<g class="hint-place" data-hint="place" aria-hidden="true">'
            f'<rect x="{_n(x0 + 0.04)}" y="{_n(y0 + 0.04)}" width="{_n(x1 - x0 - 0.08)}"'
            f' height="{_n(y1 - y0 - 0.08)}" rx="0.13"/></g>')


def board(view: TableView, aspect: float, *, targets: tuple[Target, ...] = (),
          selected: int | None = None, fresh: int | None = None,
          fresh_points: int = 0, hint: Move | None = None, width_px: float = 0.0,
          drawn: looks.Looks = PLAIN) -> Board:
    """The layout as SVG content. ``targets`` light up where ``selected`` could
    go, each with its points; ``fresh`` is the tile just played, marked with
    ``+points`` when it scored. ``hint`` (a move) outlines the tile it joins
    (``data-hint="target"``) and the place the tile would take
    (``data-hint="place"``). With the board's width in CSS pixels, a lit place
    drawn smaller than ``MIN_TARGET_PX`` gets a larger invisible hit area.
    ``drawn``: the tiles' faces and size (the settings')."""
    arranger = arranged(tuple(view.layout.placements), view.rules.spinners, aspect)
    hinted = DRAW if hint is None else hint
    joins = move_on(hinted) if hinted >= 0 else None
    parts = []
    for p in arranger.placed:
        cls = ("tile fresh" if p.tile == fresh else "tile") + (" hinted" if p.tile == joins else "")
        parts.append(tile_group(p, cls, {"data-hint": "target"} if p.tile == joins else None,
                                drawn.faces))
    hint_ghost = arranger.preview(move_tile(hinted), move_on(hinted)) if hinted >= 0 else None
    lit = [(t, arranger.preview(selected, t.on)) for t in targets] if selected is not None else []
    ghosts = ([hint_ghost] if hint_ghost else []) + [g for _t, g in lit]
    box = view_box(arranger.bounds(ghosts), aspect, least_view(width_px, drawn.large))
    if hint_ghost:
        parts.append(hint_place(hint_ghost))
    width = float(box.split()[2])
    least = MIN_TARGET_PX * width / width_px if width_px > 0 else 0.0
    boxes = apart([ghost.box() for _t, ghost in lit])
    hits = hit_areas(boxes, least)
    alike = same_labels(tuple(t for t, _g in lit))
    for (t, ghost), place, hit in zip(lit, boxes, hits, strict=True):
        assert selected is not None
        cut = place != ghost.box()  # shares its spot: smaller, and says which tile it joins
        parts.append(lit_place(selected, t, place, hit, named=t.move in alike or cut, cut=cut))
    if fresh is not None and fresh_points:
        for p in arranger.placed:
            if p.tile == fresh:
                fx, fy = p.far_at
                parts.append(f'<text class="score-pop" x="{_n(fx)}" y="{_n(fy - 0.7)}">'
                             f"+{fresh_points}</text>")
    return Board(box, "".join(parts))


def scene_board(scene: BoardScene, width: float, height: float) -> Board:
    """``scene`` drawn for a box of ``width`` by ``height`` CSS pixels."""
    return board(scene.view, max(width, 1) / max(height, 1), targets=scene.targets,
                 selected=scene.selected, fresh=scene.fresh, fresh_points=scene.fresh_points,
                 hint=scene.hint, width_px=width, drawn=scene.drawn)


def board_part(scene: BoardScene, width: float, height: float) -> Part:
    """The SVG element of a board ``width`` by ``height`` pixels, as a part:
    its content and its ``viewBox``."""
    drawn = scene_board(scene, width, height)
    return Part(html=drawn.svg, attrs=(("viewBox", drawn.view_box),))


def _centre(box: Box) -> Vec:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def apart(boxes: list[Box]) -> list[Box]:
    """The lit places' rectangles, each cut back where it overlaps another
    one: at the midpoint between their centres, across the axis on which they
    lie further apart. Where two lie on one spot (two open ends facing one
    square, and no other way to lay the tile), it is halved along its length,
    the earlier place first. So no two places overlap, and a pointer at a
    place's centre gets that place."""
    out = []
    for i, box in enumerate(boxes):
        cut = list(box)
        cx, cy = _centre(box)
        for j, other in enumerate(boxes):
            if j == i or not overlap(box, other):
                continue
            ox, oy = _centre(other)
            dx, dy = ox - cx, oy - cy
            if abs(dx) < 1e-9 and abs(dy) < 1e-9:  # one spot: the earlier takes the first half
                step = 1.0 if j > i else -1.0
                dx, dy = (step, 0.0) if box[2] - box[0] >= box[3] - box[1] else (0.0, step)
                ox, oy = cx, cy
            if abs(dx) >= abs(dy) and dx > 0:
                cut[2] = min(cut[2], (cx + ox) / 2)
            elif abs(dx) >= abs(dy):
                cut[0] = max(cut[0], (cx + ox) / 2)
            elif dy > 0:
                cut[3] = min(cut[3], (cy + oy) / 2)
            else:
                cut[1] = max(cut[1], (cy + oy) / 2)
        out.append((cut[0], cut[1], cut[2], cut[3]))
    return out


def hit_areas(boxes: list[Box], least: float) -> list[Box | None]:
    """Each lit place's enlarged hit area, or None where it is drawn big
    enough: ``least`` board units on each side around the place, but never
    past the midpoint towards another lit place, so that no place's hit area
    covers another one's centre (a pointer there gets the place it is on)."""
    areas: list[Box | None] = []
    centres = [_centre(box) for box in boxes]
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        if min(x1 - x0, y1 - y0) >= least:
            areas.append(None)
            continue
        (cx, cy), half_w, half_h = centres[i], max(x1 - x0, least) / 2, max(y1 - y0, least) / 2
        area = [cx - half_w, cy - half_h, cx + half_w, cy + half_h]
        for j, (ox, oy) in enumerate(centres):
            dx, dy = ox - cx, oy - cy
            sideways = abs(dx) >= abs(dy)  # then the width is split, else the height
            if j == i:
                continue
            if sideways and dx > 0:
                area[2] = min(area[2], cx + dx / 2)
            elif sideways and dx < 0:
                area[0] = max(area[0], cx + dx / 2)
            elif dy > 0:
                area[3] = min(area[3], cy + dy / 2)
            elif dy < 0:
                area[1] = max(area[1], cy + dy / 2)
        areas.append((area[0], area[1], area[2], area[3]))
    return areas


def lead_said(tile: int, points: int) -> str:
    """The lit place on an empty table, as a screen reader names it."""
    # Translators: the lit place on an empty table (a puzzle where the person leads), as a
    # screen reader names it: leading the tile {tile} there scores {points}
    return ngettext("Lead {tile}, {points} point", "Lead {tile}, {points} points",
                    points).format(tile=NAMES[tile], points=points)


def place_label(target: Target) -> str:
    """What a lit place shows: the points its play would score."""
    return f"+{target.points}" if target.points else "0"


def same_labels(targets: tuple[Target, ...]) -> frozenset[Move]:
    """The lit places whose label another one shows too ("0" and "0"):
    each of them also names the tile it joins, so they can be told apart."""
    labels = [place_label(t) for t in targets]
    return frozenset(t.move for t, label in zip(targets, labels, strict=True)
                     if labels.count(label) > 1 and t.on != LEAD)


def lit_place(tile: int, target: Target, place: Box, hit_area: Box | None,
              named: bool = False, cut: bool = False) -> str:
    """A place ``tile`` may go, as a button drawn as ``place``, with its
    enlarged ``hit_area`` if any; ``named``: under its points, the tile it
    joins ("3-4"); ``cut``: a place cut to share its spot, its text smaller."""
    gx, gy = _centre(place)
    label = place_label(target)
    x0, y0, x1, y1 = place
    hit = ""
    if hit_area is not None:
        hx0, hy0, hx1, hy1 = hit_area
        hit = (f'<rect class="hit" x="{_n(hx0)}" y="{_n(hy0)}" width="{_n(hx1 - hx0)}"'
               f' height="{_n(hy1 - hy0)}"/>')
    scores = (" scores" if target.points else "") + (" cut" if cut else "")
    # Translators: a lit place on the table, as a screen reader names it: playing the tile
    # {tile} on {on} there scores {points}
    said = ngettext("Play {tile} on {on}, {points} point", "Play {tile} on {on}, {points} points",
                    target.points).format(tile=NAMES[tile], on=NAMES[target.on],
                                          points=target.points)
    if target.on == LEAD:  # a puzzle's lead: the empty table's middle
        said = lead_said(tile, target.points)
    return (f'<g class="target{scores}"'
            f' data-target="{"lead" if target.on == LEAD else NAMES[target.on]}"'
            f' data-move="{move_text(target.move)}" role="button" tabindex="0"'
            f' aria-label="{escape(said)}">'
            f'{hit}<rect class="place" x="{_n(x0 + 0.04)}" y="{_n(y0 + 0.04)}"'
            f' width="{_n(x1 - x0 - 0.08)}" height="{_n(y1 - y0 - 0.08)}" rx="0.13"/>'
            f"{_place_text(gx, gy, label, NAMES[target.on] if named else '', cut)}</g>")


def _place_text(x: float, y: float, label: str, joins: str, cut: bool = False) -> str:
    """A lit place's points, and under them the tile it joins where named
    (closer together in a cut place, whose text is smaller: style.css)."""
    if not joins:
        return f'<text x="{_n(x)}" y="{_n(y)}">{label}</text>'
    above, below = (0.16, 0.26) if cut else (0.22, 0.34)
    return (f'<text x="{_n(x)}" y="{_n(y - above)}">{label}</text>'
            f'<text class="joins" x="{_n(x)}" y="{_n(y + below)}">{joins}</text>')
