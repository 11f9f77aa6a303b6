"""Where tiles lie on the table (``allfives.web.draw.geometry``)."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator
from itertools import product

import pytest

from allfives.game import Game
from allfives.moves import LEAD, move_on, move_tile
from allfives.rules import Rules
from allfives.tiles import NAMES
from allfives.web.draw.geometry import Arranger, Placed, arranged

from ..tables import random_game


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def overlaps(placed: list[Placed]) -> int:
    boxes = [p.box() for p in placed]
    return sum(overlap(boxes[i], boxes[j]) > 1e-6 for i in range(len(boxes)) for j in range(i))


def laid_greedily(placements: list[tuple[int, int]], spinners: str) -> tuple[Arranger, int | None]:
    """Each tile the first clear way, nothing moved: the arranger and the
    first tile that found no clear way."""
    arranger = Arranger(spinners, 1.0)
    fail = None
    for i, (tile, on) in enumerate(placements):
        if fail is None and not arranger.choose(tile, on).clean:
            fail = i
        arranger.place(tile, on)
    return arranger, fail


@pytest.mark.parametrize("preset", ["standard", "muggins", "five_up"])
@pytest.mark.parametrize("aspect", [0.6, 1.0, 1.8])
def test_tiles_never_overlap_and_each_joins_its_neighbour(preset, aspect):
    for seed in range(40):
        rnd = random_game(preset, 2, seed).round
        arranger = Arranger.of(rnd.layout.placements, rnd.rules.spinners, aspect)
        placed = arranger.placed
        assert [p.tile for p in placed] == [t for t, _ in rnd.layout.placements]
        assert overlaps(placed) == 0, seed
        # every non-double touches the tile it joins, number against number
        where = {p.tile: p for p in placed}
        for tile, on in rnd.layout.placements[1:]:
            p, q = where[tile], where[on]
            assert p.near in (q.near, q.far)


def test_where_a_tile_could_only_overlap_earlier_tiles_are_laid_another_way():
    # Five Up, seed 24: laid one by one, each the first clear way, the 15th
    # tile finds every way covered; the search lays an earlier tile otherwise.
    placements = random_game("five_up", 2, 24).round.layout.placements
    greedy, fail = laid_greedily(placements, "all")
    assert fail == 16 and overlaps(greedy.placed) > 0
    repaired = Arranger.of(placements, "all", 1.0)
    assert overlaps(repaired.placed) == 0
    changed = [i for i, (p, q) in enumerate(zip(greedy.placed, repaired.placed, strict=True))
               if p != q]
    assert 0 < changed[0] < fail  # tiles before the change keep their places
    # and a layout that lies clear as it grows is exactly the greedy one
    clean = random_game("standard", 2, 1).round.layout.placements
    greedy, fail = laid_greedily(clean, "first")
    assert fail is None
    assert Arranger.of(clean, "first", 1.0).placed == greedy.placed


def test_a_long_arm_turns_inside_the_box():
    rnd = random_game("muggins", 2, 5).round
    arranger = Arranger.of(rnd.layout.placements, "none", 1.0)
    x0, _, x1, _ = arranger.bounds()
    assert x1 - x0 <= 2 * arranger.half_w + 4  # it bent rather than running off
    directions = {p.horizontal for p in arranger.placed if p.near != p.far}
    assert directions == {True, False}


def test_a_spinner_lead_grows_four_arms_sides_first():
    five_five = NAMES.index("5-5")
    arranger = Arranger.of([(five_five, LEAD)], "first")
    lead = arranger.placed[0]
    assert lead.spinner and not lead.horizontal  # crosswise to the line
    joins = [NAMES.index(n) for n in ("0-5", "1-5", "2-5", "3-5")]
    spots = [arranger.place(t, five_five).center for t in joins]
    assert spots[0][1] == spots[1][1] == 0  # sides: along the line
    assert spots[2][0] == spots[3][0] == 0  # ends: across it
    assert spots[0][0] > 0 > spots[1][0] and spots[2][1] < 0 < spots[3][1]


def several_ends(preset: str, players: int, seeds: range, aspect: float
                 ) -> Iterator[tuple[Arranger, tuple[tuple[int, int], ...], int, list[int]]]:
    """In rounds played at random, every tile that fits two or more tiles'
    open ends: the arranger, the layout, the tile and the tiles it may join."""
    for seed in seeds:
        game = Game(Rules.make(preset, players=players, target=10_000), seed)
        rng = random.Random(seed)
        while not game.round.over:
            placements = tuple(game.round.layout.placements)
            ends: dict[int, list[int]] = defaultdict(list)
            for move in game.legal_moves():
                if move >= 0 and move_on(move) != LEAD:
                    ends[move_tile(move)].append(move_on(move))
            arranger = arranged(placements, game.rules.spinners, aspect)
            for tile, ons in ends.items():
                if len(ons) > 1:
                    yield arranger, placements, tile, ons
            game.apply(rng.choice(game.legal_moves()))


def test_a_tiles_places_on_several_ends_keep_apart_where_any_clear_ways_can():
    # Standard, seed 4, 12 moves in: 2-3 fits 0-2, 1-2, 2-6 and 3-3. On 1-2 it
    # would turn left, over its place on 2-6; it goes straight down instead.
    game = random_game("standard", 2, 4, moves=12)
    arranger = Arranger.of(game.round.layout.placements, "first", 0.95)
    two_three, one_two, two_six = (NAMES.index(n) for n in ("2-3", "1-2", "2-6"))
    assert arranger.choices(two_three, one_two)[0].placed.box() == (3.0, 5.5, 5.0, 6.5)
    assert arranger.preview(two_three, one_two).box() == (4.0, 5.5, 5.0, 7.5)
    assert arranger.preview(two_three, two_six).box() == (2.0, 5.0, 4.0, 6.0)
    # Seed 181, 18 moves in: 3-5 and 3-6 end facing one square, so 3-3 lies on
    # it either way (the page halves that lit place, ``board.apart``).
    game = random_game("standard", 2, 181, moves=18)
    arranger = Arranger.of(game.round.layout.placements, "first", 0.95)
    three_three = NAMES.index("3-3")
    spots = {arranger.preview(three_three, NAMES.index(n)).box() for n in ("3-5", "3-6")}
    assert spots == {(5.0, -0.5, 6.0, 1.5)}
    # Everywhere: where some pick of clear ways keeps a tile's places apart
    # (tried every way, by brute force), the places the arranger lights are apart.
    checked = 0
    for preset, players, aspect in (("standard", 2, 0.95), ("five_up", 4, 1.6)):
        for arranger, _, tile, ons in several_ends(preset, players, range(12), aspect):
            ways = [[c.placed for c in arranger.choices(tile, on) if c.clean] for on in ons]
            possible = any(overlaps(list(pick)) == 0 for pick in product(*ways))
            lit = [arranger.preview(tile, on) for on in ons]
            assert overlaps(lit) == 0 or not possible, (preset, tile, ons)
            checked += possible
    assert checked > 150


def test_a_tile_lies_where_its_place_was_lit():
    for preset, players, aspect in (("standard", 4, 0.95), ("muggins", 2, 1.6)):
        for arranger, placements, tile, ons in several_ends(preset, players, range(8), aspect):
            for on in ons:
                lit = arranger.choose(tile, on)
                laid = Arranger.of(placements + ((tile, on),), arranger.spinners, aspect)
                # (where the tile has no clear way, earlier tiles are laid anew)
                assert laid.placed[-1] == lit.placed or not lit.clean, (preset, tile, on)
