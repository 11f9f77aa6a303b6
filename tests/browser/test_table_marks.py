"""What the table draws, measured on the screen (issue 27): the focus ring of a
lit place a few pixels wide (not Chromium's ``outline: auto`` scaled by the
board into a blob), a score's pop shown once (not again at every redraw), the
count on the table, and a phone's hand with larger tiles all in view."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import pytest

from allfives.coach import puzzles as pz
from allfives.moves import DRAW, PASS, move_tile, parse_move
from allfives.tiles import NAMES
from allfives.web import worker
from allfives.web.play.controller import Controller
from allfives.web.play.steps import AwaitPerson, BotMove
from allfives.web.table.settings import Settings
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.table_view import TableView

from ..web.tables import random_game, table_of
from .browser_helpers import (
    FIRST_LOAD_MS,
    HUMAN_LEADS,
    TURN_OR_ROUND_OVER,
    UNREACHABLE,
    moves_logged,
    return_visit,
    saved,
    take_turn,
)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
MOST_PX = 8  # the widest a focus ring may be on the screen
LEAST_PLACE_PX = 24  # a lit place's side, at the least (WCAG 2.5.8)

# The focused element's ring as drawn on the screen, in CSS pixels: its
# outline (if any) and its lit place's stroke, each times the board's scale
# unless it is drawn with vector-effect: non-scaling-stroke.
RING = """() => {
    const a = document.activeElement;
    const svg = a.ownerSVGElement;
    const scale = (a.getScreenCTM() || svg.getScreenCTM()).a;
    const own = getComputedStyle(a);
    const outline = own.outlineStyle === 'none' ? 0 : parseFloat(own.outlineWidth) * scale;
    const strokes = [...a.querySelectorAll('rect.place')].map((r) => {
        const s = getComputedStyle(r);
        const w = s.stroke === 'none' ? 0 : parseFloat(s.strokeWidth);
        return s.vectorEffect === 'non-scaling-stroke' ? w : w * scale;
    });
    return {board: svg.id, move: a.dataset.move || '', keyboard: a.matches(':focus-visible'),
            outline, stroke: Math.max(0, ...strokes)};
}"""


def settings(**values: object) -> str:
    """An init script keeping ``values`` as the settings (fast play unless told)."""
    kept = {"bot_pause": 0, "speed": "off", **values}
    return f"localStorage.setItem('allfives.settings', {json.dumps(json.dumps(kept))})"


def view_now(page) -> TableView:
    """The table as the person sees it now, from the page's save."""
    return TableView.of(Table.from_record(saved(page)))


def several_places(view: TableView) -> list[str]:
    """The tiles of the person's hand that fit in two places or more."""
    fits = Counter(move_tile(m) for m in view.legal_moves if m >= 0)
    return [NAMES[t] for t, n in fits.items() if n >= 2]


def play_until(page, wanted, turns: int = 15) -> TableView:
    """Take the person's turns until ``wanted(view)`` holds on their turn."""
    for _ in range(turns):
        page.wait_for_selector("#status[data-phase=human]")
        view = view_now(page)
        if wanted(view):
            return view
        take_turn(page)
    raise AssertionError(f"not met in {turns} turns")


def pick_by_mouse(page, tile: str) -> None:
    """Click elsewhere first (focus by mouse, as a person who has clicked
    about), then the tile: its places light up and focus goes to the first."""
    page.click("#scores")
    page.click(f'#hand [data-tile="{tile}"]')
    page.wait_for_selector("#board [data-target]")


def pick_by_keyboard(page, tile: str) -> None:
    page.keyboard.press("Escape")
    page.focus(f'#hand [data-tile="{tile}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#board [data-target]")


def assert_thin(ring: dict, keyboard: bool) -> None:
    print(ring)  # the ring's widths for the note
    assert ring["keyboard"] == keyboard
    assert ring["outline"] <= MOST_PX and ring["stroke"] <= MOST_PX, ring
    if keyboard:  # the keyboard's own ring is there, a few pixels
        assert ring["stroke"] >= 2, ring


# The count lies below the board's drawing, inside the felt: it covers no tile.
BESIDE_THE_BOARD = """() => {
    const count = document.querySelector('#count').getBoundingClientRect();
    const board = document.querySelector('#board').getBoundingClientRect();
    const felt = document.querySelector('#felt').getBoundingClientRect();
    return count.top >= board.bottom && count.bottom <= felt.bottom && count.width > 0;
}"""


def a_puzzle_with_several_places() -> tuple[pz.Puzzle, str]:
    shipped = pz.loads(Path(pz.__file__).with_name("puzzles.json").read_text(encoding="utf-8"))
    for puzzle in shipped:
        fits = Counter(move_tile(m) for m in puzzle.options if m >= 0)
        tiles = [NAMES[t] for t, n in fits.items() if n >= 2]
        if tiles:
            return puzzle, tiles[0]
    raise AssertionError("no shipped puzzle has a tile with two places")


# Standard, seed 181, 18 moves in, the person to play: 3-5 and 3-6 end facing
# one square, and 3-3 lies on it on either (``board.apart`` halves the place).
ONE_SPOT = table_of(random_game("standard", 2, 181, moves=18)).to_save()

# Each lit place's rectangle on the screen, and the tile its text names.
PLACES = """() => [...document.querySelectorAll('#board [data-target]')].map((g) => {
    const b = g.querySelector('rect.place').getBoundingClientRect();
    return {move: g.dataset.move, joins: g.querySelector('text.joins')?.textContent,
            box: [b.left, b.top, b.right, b.bottom]};
})"""


def two_places_on_one_spot(page) -> None:
    """The tile's two places are both drawn whole enough to reach, apart, each
    naming the tile it joins; the one drawn second plays where it says."""
    page.evaluate("text => localStorage.setItem('allfives.save', text)", ONE_SPOT)
    page.reload()
    page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
    page.click('#hand [data-tile="3-3"]')
    page.wait_for_selector("#board [data-target]")
    assert page.evaluate(UNREACHABLE) == []
    first, second = sorted(page.evaluate(PLACES), key=lambda p: p["move"])
    assert (first["move"], first["joins"]) == ("3-3>3-5", "3-5")
    assert (second["move"], second["joins"]) == ("3-3>3-6", "3-6")
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = first["box"], second["box"]
    assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (first, second)
    assert min(ax1 - ax0, ay1 - ay0, bx1 - bx0, by1 - by0) >= LEAST_PLACE_PX
    before = moves_logged(page)
    page.click('#board [data-move="3-3>3-6"]')
    # the status may still say "your turn" from before the click: wait for the move
    page.wait_for_function(f"document.querySelectorAll('#log li.move').length > {before}")
    page.wait_for_selector(TURN_OR_ROUND_OVER)
    laid = view_now(page).layout.placements
    assert (NAMES.index("3-3"), NAMES.index("3-6")) in laid


@pytest.mark.parametrize(("size", "theme"), [(DESKTOP, "light"), (PHONE, "contrast")],
                         ids=["desktop-light", "phone-contrast"])
def test_a_lit_places_focus_ring_is_a_few_pixels_after_a_mouse_or_keyboard_pick(
        browser, server, size, theme):
    with return_visit(browser, server, init=settings(theme=theme), viewport=size) as page:
        page.goto(server + "index.html?seed=4")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        tile = several_places(play_until(page, several_places))[0]
        pick_by_mouse(page, tile)
        ring = page.evaluate(RING)
        assert ring["board"] == "board"
        assert_thin(ring, keyboard=False)
        pick_by_keyboard(page, tile)
        assert_thin(page.evaluate(RING), keyboard=True)
        if size is PHONE:
            two_places_on_one_spot(page)
            return
        # the puzzle's table: its places are focused the same way
        puzzle, tile = a_puzzle_with_several_places()
        yesterday = (date.today() - timedelta(days=1)).isoformat()
        page.evaluate(f"""localStorage.setItem('allfives.puzzles', JSON.stringify({{
            format: 'allfives-puzzle-progress/1', seen: ['{puzzle.id}'],
            cards: [['{puzzle.id}', 0, '{yesterday}']]}}))""")
        page.reload()
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        page.click("#puzzles-button")
        page.wait_for_selector(f"#puzzles[open][data-puzzle-id='{puzzle.id}']")
        page.click(f'#puzzle-hand [data-tile="{tile}"]')
        page.wait_for_selector("#puzzle-board [data-target]")
        ring = page.evaluate(RING)
        assert ring["board"] == "puzzle-board"
        assert_thin(ring, keyboard=False)


def test_a_score_pops_once_and_the_count_shows_until_settings_hide_it(browser, server):
    with return_visit(browser, server) as page:
        page.goto(server + "index.html?seed=2")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)

        def after_a_bots_score(view: TableView) -> bool:
            history = view.round.history
            return bool(history and history[-1][0] != 0 and history[-1][2]
                        and several_places(view))

        view = play_until(page, after_a_bots_score)
        _seat, _move, points = view.round.history[-1]
        # the bot's score pops, and the table's count is shown
        assert page.locator("#board .score-pop").evaluate_all(
            "ns => ns.map(n => n.textContent)") == [f"+{points}"]
        assert page.get_attribute("#count", "data-count") == str(view.layout.count)
        assert page.inner_text("#count") == f"Count {view.layout.count}"
        assert "Open ends:" in page.get_attribute("#count", "title")
        assert page.evaluate(BESIDE_THE_BOARD)
        # redrawn for a tile picked, and for a setting changed: no pop nor flash again
        pick_by_mouse(page, several_places(view)[0])
        assert page.locator("#board .score-pop").count() == 0
        page.keyboard.press("Escape")
        page.click("#settings-button")
        page.check("#set-tally")
        assert page.locator("#board .score-pop, #scores .bump, #scores .new").count() == 0
        # the setting hides the count, and is kept
        assert page.is_checked("#set-count")
        page.uncheck("#set-count")
        assert page.is_hidden("#count")
        assert json.loads(page.evaluate("localStorage.getItem('allfives.settings')"))[
            "count"] is False
        page.check("#set-count")
        page.click("#settings-done")
        assert page.is_visible("#count")
        # a move changes it
        take_turn(page)
        page.wait_for_selector(TURN_OR_ROUND_OVER)
        assert page.get_attribute("#count", "data-count") == str(view_now(page).layout.count)


def a_big_hand() -> str:
    """A save in which the person, to move, holds a hand grown by draws: the
    bots play as the page's do, the person plays their lightest playable tile."""
    ctl = Controller(Table.new(Setup(), "30"), Settings())
    for _ in range(300):
        step = ctl.next_step()
        if isinstance(step, BotMove):
            ctl.play(parse_move(worker.choose(json.dumps(step.request.to_json()))))
            continue
        assert isinstance(step, AwaitPerson)
        hand = ctl.hand(ctl.view())
        if len(hand.tiles) >= 18:
            return ctl.table.to_save()
        if hand.must_draw or hand.must_pass:
            ctl.play(DRAW if hand.must_draw else PASS)
        else:
            tile = next(t for t in reversed(hand.tiles) if t in hand.playable)
            ctl.play(ctl.plays_of(tile)[0])
    raise AssertionError("the hand never grew to 18 tiles")


# Where each hand tile is, and the window it must be inside.
HAND_BOXES = """() => [...document.querySelectorAll('#hand [data-tile]')].map((t) => {
    const r = t.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
            innerWidth, innerHeight};
})"""


def assert_in_view(boxes: list[dict], tiles: int) -> None:
    assert len(boxes) == tiles
    print(f"{tiles} tiles, {boxes[0]['width']:.1f} px wide, bottom {boxes[0]['bottom']:.0f}")
    tops = [b["top"] for b in boxes]
    assert max(tops) - min(tops) < 2, "the hand takes one row"  # narrowed tiles: sub-pixels
    for b in boxes:
        assert b["bottom"] <= b["innerHeight"] and b["left"] >= 0 and b["right"] <= b["innerWidth"]
        assert b["width"] >= 16  # narrowed, still a tile to tap


def test_a_phones_hand_with_larger_tiles_stays_on_the_screen(browser, server):
    with return_visit(browser, server, phone=True, init=settings(large_tiles=True)) as page:
        page.goto(server + f"index.html?seed={HUMAN_LEADS}")
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        assert page.get_attribute("html", "data-large") == "true"
        assert_in_view(page.evaluate(HAND_BOXES), 9)
        big = a_big_hand()
        page.evaluate("save => localStorage.setItem('allfives.save', save)", big)
        page.reload()
        page.wait_for_selector("#status[data-phase=human]", timeout=FIRST_LOAD_MS)
        held = len(TableView.of(Table.from_save(big)).player.hand)
        assert held >= 18
        assert_in_view(page.evaluate(HAND_BOXES), held)
