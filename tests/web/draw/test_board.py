"""The table as SVG (``allfives.web.draw.board``): tiles, lit places, the hint."""

from __future__ import annotations

import re

import pytest

from allfives.game import Game
from allfives.moves import DRAW, parse_move
from allfives.rules import Rules
from allfives.tiles import NAMES
from allfives.web.draw import board
from allfives.web.draw.board import Target
from allfives.web.draw.geometry import Arranger, Placed
from allfives.web.table.table_view import TableView

from ..tables import random_game, scripted_table, view_of


def test_board_has_one_element_per_placed_tile_and_a_view_box_round_them():
    game = random_game("standard", 2, 1)
    drawn = board.board(view_of(game), 1.5)
    placements = game.round.layout.placements
    tiles = re.findall(r'<g class="tile[^"]*" data-tile="(\d-\d)"', drawn.svg)
    assert tiles == [NAMES[t] for t, _ in placements]
    _, _, w, h = map(float, drawn.view_box.split())
    assert w / h == pytest.approx(1.5, rel=1e-2)
    assert drawn.svg.count('class="pip"') == sum(
        int(a) + int(b) for t, _ in placements for a, b in [NAMES[t].split("-")])


def test_lit_places_carry_their_move_and_points():
    view = TableView.of(scripted_table())
    five_five, zero_five = NAMES.index("5-5"), NAMES.index("0-5")
    svg = board.board(view, 1.6, targets=(Target(parse_move("0-5>5-5"), five_five, 10),),
                      selected=zero_five).svg
    assert 'data-target="5-5"' in svg and 'data-move="0-5>5-5"' in svg and ">+10<" in svg
    assert 'aria-label="Play 0-5 on 5-5, 10 points"' in svg
    assert svg.count('role="button"') == 1


def test_a_hint_outlines_the_tile_it_joins_and_the_place_it_takes():
    game = random_game("standard", 2, 1)
    tile, on = game.round.layout.placements[-1]
    played = board.board(view_of(game), 1.6).svg
    before = random_game("standard", 2, 1, moves=len(game.round.history) - 1)
    assert before.round.layout.placements == game.round.layout.placements[:-1]
    move = f"{NAMES[tile]}>{NAMES[on]}"
    svg = board.board(view_of(before), 1.6, hint=parse_move(move)).svg
    assert re.findall(r'data-tile="(\d-\d)" data-hint="target"', svg) == [NAMES[on]]
    place = re.search(r'data-hint="place"[^>]*><rect (x="[^"]*" y="[^"]*")', svg)
    face = re.search(rf'data-tile="{NAMES[tile]}">.*?<rect class="face" (x="[^"]*" y="[^"]*")',
                     played)
    assert place and face and place.group(1) == face.group(1)  # where the tile would lie
    assert 'data-hint="place" data-tile' not in svg  # the place is no tile on the table
    assert "data-hint" not in board.board(view_of(before), 1.6, hint=DRAW).svg
    assert "data-hint" not in board.board(view_of(before), 1.6).svg
    lead = view_of(Game(Rules.make("standard"), 1))
    lead_svg = board.board(lead, 1.6, hint=parse_move("4-4")).svg
    assert lead_svg.count('data-hint="place"') == 1 and 'data-hint="target"' not in lead_svg


def test_the_tile_just_played_is_marked_with_its_points():
    view = TableView.of(scripted_table())
    zero_five = NAMES.index("0-5")
    svg = board.board(view, 1.6, fresh=zero_five, fresh_points=10).svg
    assert 'class="tile fresh" data-tile="0-5"' in svg
    assert re.findall(r'class="score-pop"[^>]*>([^<]*)<', svg) == ["+10"]
    assert "score-pop" not in board.board(view, 1.6, fresh=zero_five).svg


def test_a_small_lit_place_gets_a_hit_area_of_at_least_26_screen_pixels():
    view = TableView.of(scripted_table())
    zero_six = NAMES.index("0-6")
    targets = (Target(parse_move("0-6>0-5"), NAMES.index("0-5"), 0),
               Target(parse_move("0-6>5-6"), NAMES.index("5-6"), 0))
    wide = board.board(view, 1.6, targets=targets, selected=zero_six, width_px=1200).svg
    assert 'class="hit"' not in wide  # a tile is ~80 px across there: big enough
    narrow = board.board(view, 0.5, targets=targets, selected=zero_six, width_px=150)
    box_w = float(narrow.view_box.split()[2])
    hits = re.findall(r'class="hit" x="[^"]*" y="[^"]*" width="([^"]*)" height="([^"]*)"',
                      narrow.svg)
    assert len(hits) == 2
    for w, h in hits:  # in screen pixels: board units times 150 px / box width
        assert min(float(w), float(h)) * 150 / box_w == pytest.approx(26, abs=0.01)


def test_hit_areas_of_close_lit_places_split_the_space_between_them():
    # two places for one tile, 1.2 units apart side by side, on a board drawn small
    left = Placed(tile=5, near_at=(0.0, -0.5), far_at=(0.0, 0.5), near=0, far=5)
    right = Placed(tile=5, near_at=(1.2, -0.5), far_at=(1.2, 0.5), near=5, far=0)
    far = Placed(tile=5, near_at=(9.0, 0.0), far_at=(10.0, 0.0), near=5, far=0)
    areas = board.hit_areas([left.box(), right.box(), far.box()], least=3.0)
    assert areas[0] == (-1.5, -1.5, 0.6, 1.5) and areas[1] == (0.6, -1.5, 2.7, 1.5)
    assert areas[2] == (8.0, -1.5, 11.0, 1.5)  # alone: the whole 3 units around it

    def inside(area, point):
        return area[0] <= point[0] <= area[2] and area[1] <= point[1] <= area[3]

    for i, area in enumerate(areas):
        for j, ghost in enumerate((left, right, far)):
            assert inside(area, ghost.center) == (i == j)
    assert board.hit_areas([left.box(), right.box()], least=1.0) == [None, None]  # big enough


def test_lit_places_that_would_overlap_are_cut_apart_and_name_the_tile_they_join():
    # one spot: halved along its length, the first place first
    assert board.apart([(5.0, -0.5, 6.0, 1.5)] * 2) == [(5.0, -0.5, 6.0, 0.5), (5.0, 0.5, 6.0, 1.5)]
    # half a square apart: cut at the midpoint of their centres; one clear of both is whole
    assert board.apart([(2.0, 3.0, 4.0, 4.0), (2.0, 3.5, 4.0, 4.5), (9.0, 0.0, 10.0, 2.0)]) == [
        (2.0, 3.0, 4.0, 3.75), (2.0, 3.75, 4.0, 4.5), (9.0, 0.0, 10.0, 2.0)]
    # Standard, seed 181, 18 moves in: 3-3 lies on one spot on 3-5 or on 3-6
    game = random_game("standard", 2, 181, moves=18)
    targets = (Target(parse_move("3-3>3-5"), NAMES.index("3-5"), 10),
               Target(parse_move("3-3>3-6"), NAMES.index("3-6"), 0))
    svg = board.board(view_of(game), 0.95, targets=targets, selected=NAMES.index("3-3"),
                      width_px=370).svg
    places = re.findall(r'data-target="([^"]*)".*?<rect class="place" x="([^"]*)" y="([^"]*)"'
                        r' width="([^"]*)" height="([^"]*)".*?<text class="joins"[^>]*>([^<]*)<',
                        svg)
    boxes = {on: (float(x), float(y), float(x) + float(w), float(y) + float(h))
             for on, x, y, w, h, joins in places if on == joins}
    assert list(boxes) == ["3-5", "3-6"]  # each names the tile it joins, in smaller text
    assert re.findall(r'class="target( scores)? cut" data-target="([^"]*)"', svg) == [
        (" scores", "3-5"), ("", "3-6")]
    top, bottom = boxes["3-5"], boxes["3-6"]
    assert top == pytest.approx((5.04, -0.46, 5.96, 0.46)) and top[3] < bottom[1]


PHONE_BOARD = (370.4, 390.7)  # the board's box on a 390x844 phone, in CSS pixels


@pytest.mark.parametrize("preset", ["standard", "muggins", "five_up", "punt"])
def test_a_phone_draws_a_table_of_up_to_8_tiles_and_its_lit_places_at_least_28_px(preset):
    width, height = PHONE_BOARD
    smallest = []
    for players in (2, 4):
        for seed in range(30):
            game = random_game(preset, players, seed)
            laid = game.round.layout.placements
            for n in range(1, min(8, len(laid) - 1) + 1):
                arranger = Arranger.of(tuple(laid[:n]), game.rules.spinners, width / height)
                tile, on = laid[n]  # the next tile's place, lit
                box = board.view_box(arranger.bounds([arranger.preview(tile, on)]),
                                     width / height, board.least_view(width, False))
                smallest.append(width / float(box.split()[2]))
    assert min(smallest) >= 28, min(smallest)


def test_a_wide_board_zooms_in_no_further_than_60_px_a_tile():
    assert board.least_view(370, False) == board.MIN_VIEW == 12
    assert board.least_view(1200, False) == 20  # 60 px a unit
    assert board.least_view(370, True) == board.MIN_VIEW_LARGE
    assert board.least_view(1200, True) == pytest.approx(1200 / 84)
