"""Where tiles lie on the table (``allfives.web.draw.geometry``)."""

from __future__ import annotations

import pytest

from allfives.moves import LEAD
from allfives.tiles import NAMES
from allfives.web.draw.geometry import Arranger, Placed

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
