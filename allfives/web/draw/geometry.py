"""Where each tile lies on the table: pure geometry, in tile units.

A tile's short side is 1 and its long side 2. The lead sits at the origin and
the line of play runs along x. Every open connection point is a ray (a point
on the line and a direction); a tile laid on it either goes straight on or
turns a corner, so that long arms bend round inside a box of the table's
shape instead of running off it. Doubles lie crosswise; a spinner opens four
rays (its two sides first, then its two ends, RULES.md section 5).

Placement is incremental: earlier tiles keep their places when later ones
are laid, so the picture only grows (the renderer scales it down to fit),
unless a tile could only lie over another; then a small search lays a few
earlier tiles another way (``Arranger.of``).

The box grows with the table (``box_area``): small while few tiles are down,
so the first arms turn early and a phone draws them large, and room for a
full 28-tile layout round the edge by the time it is needed. A tile is laid
in the box of its own turn, so earlier tiles never move when it grows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...moves import LEAD
from ...tiles import HIGH, IS_DOUBLE, LOW
from .apart import apart

Vec = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

EAST: Vec = (1.0, 0.0)
WEST: Vec = (-1.0, 0.0)
NORTH: Vec = (0.0, -1.0)
SOUTH: Vec = (0.0, 1.0)

BOX_AREA = 250.0  # tile units squared: room for a full 28-tile layout round the edge
FIRST_AREA = 90.0  # ... and for the first tiles: 8 on a 390 px phone are >= 28 px wide
GROW_FROM, GROW_BY = 6, 9.0  # the box grows by GROW_BY for each tile past GROW_FROM
MIN_ASPECT, MAX_ASPECT = 0.5, 2.6
REPAIR_BUDGET = 1500  # tiles laid, at most, looking for a layout where none overlap


def _add(a: Vec, b: Vec, k: float = 1.0) -> Vec:
    return (a[0] + k * b[0], a[1] + k * b[1])


def _cw(d: Vec) -> Vec:
    """Turn a direction clockwise on screen (y grows downwards)."""
    return (-d[1], d[0])


def _ccw(d: Vec) -> Vec:
    return (d[1], -d[0])


@dataclass(frozen=True)
class Ray:
    """An open connection point: the next tile's near edge is centred on
    ``at`` and it grows along ``d``; ``value`` is the number it must match."""

    at: Vec
    d: Vec
    value: int


@dataclass(frozen=True)
class Placed:
    """A tile on the table: the centres of its two halves and their numbers.

    ``near`` is the half joined to the table (or the lead's first half)."""

    tile: int
    near_at: Vec
    far_at: Vec
    near: int
    far: int
    spinner: bool = False

    @property
    def center(self) -> Vec:
        return ((self.near_at[0] + self.far_at[0]) / 2, (self.near_at[1] + self.far_at[1]) / 2)

    @property
    def horizontal(self) -> bool:
        return abs(self.near_at[0] - self.far_at[0]) > 0.5

    def box(self) -> Box:
        """(x0, y0, x1, y1) of the tile's rectangle."""
        xs = (self.near_at[0], self.far_at[0])
        ys = (self.near_at[1], self.far_at[1])
        return (min(xs) - 0.5, min(ys) - 0.5, max(xs) + 0.5, max(ys) + 0.5)


def box_area(laid: int) -> float:
    """The area of the box arms stay in once ``laid`` tiles are down."""
    return min(BOX_AREA, FIRST_AREA + GROW_BY * max(0, laid - GROW_FROM))


def box_for(aspect: float, laid: int = 28) -> tuple[float, float]:
    """Half-width and half-height of the box arms should stay in, for a table
    whose width / height is ``aspect``, with ``laid`` tiles down."""
    aspect = min(max(aspect, MIN_ASPECT), MAX_ASPECT)
    width = math.sqrt(box_area(laid) * aspect)
    return width / 2, width / aspect / 2


@dataclass(frozen=True)
class Choice:
    """One way to lay a tile: where it lies, the open end it fills (an index
    into the joined tile's rays; -1 for the lead), the ends it opens, and
    whether it lies clear of every tile already down."""

    placed: Placed
    ray: int
    opens: tuple[Ray, ...]
    clean: bool


@dataclass
class _Run:
    """Tiles laid in play order: the arranger before each tile, the choice
    taken for each, and the first tile that had to overlap another."""

    before: list[Arranger]
    taken: list[Choice]
    last: Arranger
    fail: int | None


class Arranger:
    """Lays tiles one by one; ``placed`` holds them in play order."""

    def __init__(self, spinners: str = "first", aspect: float = 1.6) -> None:
        self.spinners = spinners
        self.aspect = aspect
        self.placed: list[Placed] = []
        self.rays: dict[int, list[Ray]] = {}  # open rays per table tile, in the order they fill
        self.has_spinner = False

    @classmethod
    def of(cls, placements: Sequence[tuple[int, int]], spinners: str = "first",
           aspect: float = 1.6) -> Arranger:
        """Every tile laid in play order, each the first clear way it can.
        When a tile can only lie over another, earlier tiles (the latest
        first) are tried another way, so a clear layout is found if a small
        search finds one; tiles move only then."""
        run = cls(spinners, aspect)._lay(placements, 0, [], [], None)
        budget = REPAIR_BUDGET
        while run.fail is not None and budget > 0:
            further = None
            for i in range(run.fail - 1, -1, -1):
                tile, on = placements[i]
                before = run.before[i]
                for choice in before.choices(tile, on):
                    if not choice.clean or choice == run.taken[i]:
                        continue
                    attempt = before._lay(placements, i, run.before[:i], run.taken[:i], choice)
                    budget -= len(placements) - i
                    if attempt.fail is None:
                        return attempt.last
                    if further is None and attempt.fail > run.fail:
                        further = attempt
                if budget <= 0:
                    break
            if further is None:
                break
            run = further  # it got further: repair from its first overlap
        return run.last

    def _lay(self, placements: Sequence[tuple[int, int]], start: int, before: list[Arranger],
             taken: list[Choice], forced: Choice | None) -> _Run:
        """Lay ``placements[start:]`` on a copy of this arranger, the first
        one as ``forced`` if given, each other the first clear way."""
        now = self.copy()
        before, taken = before[:], taken[:]
        fail = None
        for i in range(start, len(placements)):
            tile, on = placements[i]
            choice = forced if forced is not None and i == start else now.choose(tile, on)
            if not choice.clean and fail is None:
                fail = i
            before.append(now.copy())
            taken.append(choice)
            now.commit(on, choice)
        return _Run(before, taken, now, fail)

    def copy(self) -> Arranger:
        new = Arranger.__new__(Arranger)
        new.spinners = self.spinners
        new.aspect = self.aspect
        new.placed = self.placed[:]
        new.rays = {t: r[:] for t, r in self.rays.items()}
        new.has_spinner = self.has_spinner
        return new

    @property
    def half_w(self) -> float:
        """Half the width of the box the next tile stays in."""
        return box_for(self.aspect, len(self.placed))[0]

    @property
    def half_h(self) -> float:
        return box_for(self.aspect, len(self.placed))[1]

    def preview(self, tile: int, on: int) -> Placed:
        """Where ``tile`` would lie if played on ``on``, without placing it."""
        return self.choose(tile, on).placed

    # -- placing -----------------------------------------------------------

    def place(self, tile: int, on: int) -> Placed:
        """Lay ``tile`` on ``on`` (LEAD for the first tile) the first clear way."""
        choice = self.choose(tile, on)
        self.commit(on, choice)
        return choice.placed

    def choose(self, tile: int, on: int) -> Choice:
        """The first clear way to lay the tile, else the best there is; where
        the tile fits several tiles' open ends, the first clear ways that
        keep its spots on all of them apart. So a tile's lit places never
        cover one another, and each is where the tile then lies."""
        if on == LEAD:
            return self.choices(tile, on)[0]
        ends = self._ends_for(tile)
        ways = []
        for other in ends:
            choices = self.choices(tile, other)
            ways.append([c for c in choices if c.clean] or choices[:1])
        kept = apart(ways, lambda choice: choice.placed.box())
        if kept is not None:
            return kept[ends.index(on)]
        return ways[ends.index(on)][0]

    def _ends_for(self, tile: int) -> list[int]:
        """The table tiles with an open end ``tile`` matches, in play order."""
        ends = (LOW[tile], HIGH[tile])
        return [other for other, rays in self.rays.items() if any(r.value in ends for r in rays)]

    def commit(self, on: int, choice: Choice) -> None:
        if choice.ray >= 0:
            self.rays[on].pop(choice.ray)
        self.rays[choice.placed.tile] = list(choice.opens)
        self.has_spinner = self.has_spinner or choice.placed.spinner
        self.placed.append(choice.placed)

    def choices(self, tile: int, on: int) -> list[Choice]:
        """Every way to lay ``tile`` on ``on``, best first: open ends whose
        next square is clear first (on a spinner, sides before ends), then
        a double crosswise, then lengthwise straight on, then round a corner,
        preferring to stay in the box and to leave other ends' squares free."""
        a, b = LOW[tile], HIGH[tile]
        if on == LEAD:
            return [self._lead(tile, a, b)]
        rays = self.rays.get(on) or []
        fits = [i for i, ray in enumerate(rays) if ray.value in (a, b)]
        if not fits:
            raise ValueError(f"tile {on} has no open end for {a}-{b}")
        fits.sort(key=lambda i: self._collides(_add(rays[i].at, rays[i].d, 0.5)))
        spinner = IS_DOUBLE[tile] and self._becomes_spinner()
        out = []
        for i in fits:
            ray = rays[i]
            along = self._along(tile, i, ray, b if ray.value == a else a, spinner)
            if IS_DOUBLE[tile] and self._cross_fits(ray):
                # crosswise, unless it would stick out of the box where lengthwise lies in it
                cross = self._cross(tile, i, ray, spinner)
                sticks_out = not self._inside(ray.d, _add(ray.at, ray.d, 0.5))
                if sticks_out and self._lies_inside(along[0]):
                    out.append(along.pop(0))
                out.append(cross)
            out += along
        return out

    def _becomes_spinner(self) -> bool:
        return self.spinners == "all" or (self.spinners == "first" and not self.has_spinner)

    def _lead(self, tile: int, a: int, b: int) -> Choice:
        if a != b:
            return Choice(Placed(tile, (-0.5, 0.0), (0.5, 0.0), a, b), -1,
                          (Ray((-1.0, 0.0), WEST, a), Ray((1.0, 0.0), EAST, b)), True)
        spinner = self.spinners != "none"
        rays: tuple[Ray, ...] = (Ray((0.5, 0.0), EAST, a), Ray((-0.5, 0.0), WEST, a))
        if spinner:
            rays += (Ray((0.0, -1.0), NORTH, a), Ray((0.0, 1.0), SOUTH, a))
        return Choice(Placed(tile, (0.0, -0.5), (0.0, 0.5), a, a, spinner), -1, rays, True)

    def _cross(self, tile: int, i: int, ray: Ray, spinner: bool) -> Choice:
        """A double, crosswise to its ray (only offered where it fits)."""
        center = _add(ray.at, ray.d, 0.5)
        p = _cw(ray.d)
        v = ray.value
        rays: tuple[Ray, ...] = (Ray(_add(ray.at, ray.d), ray.d, v),)
        if spinner:
            rays += (Ray(_add(center, p), p, v), Ray(_add(center, p, -1), (-p[0], -p[1]), v))
        placed = Placed(tile, _add(center, p, -0.5), _add(center, p, 0.5), v, v, spinner)
        return Choice(placed, i, rays, True)

    def _cross_fits(self, ray: Ray) -> bool:
        center = _add(ray.at, ray.d, 0.5)
        p = _cw(ray.d)
        return not any(self._collides(c) or self._blocks_a_ray(c, ray)
                       for c in (_add(center, p, -0.5), _add(center, p, 0.5)))

    def _along(self, tile: int, i: int, ray: Ray, far: int, spinner: bool) -> list[Choice]:
        """Lengthwise: straight on or round either corner, best first. (A
        double lies lengthwise only where crosswise it would hit another
        tile; a spinner laid so opens its ends from its long sides.)"""
        d = ray.d
        near_at = _add(ray.at, d, 0.5)
        near_clear = not self._collides(near_at)
        ranked = []
        for nd in (d, _cw(d), _ccw(d)):
            far_at = _add(near_at, nd)
            far_clear = not self._collides(far_at)
            clean = near_clear and far_clear
            inside = clean and self._inside(nd, far_at)
            polite = inside and not self._blocks_a_ray(far_at, ray)
            rays: tuple[Ray, ...] = (Ray(_add(far_at, nd, 0.5), nd, far),)
            if spinner:
                center = _add(near_at, nd, 0.5)
                p = _cw(nd)
                rays += (Ray(_add(center, p, 0.5), p, far),
                         Ray(_add(center, p, -0.5), (-p[0], -p[1]), far))
            choice = Choice(Placed(tile, near_at, far_at, ray.value, far, spinner), i, rays, clean)
            ranked.append(((not clean, not inside, not polite, not far_clear), choice))
        ranked.sort(key=lambda r: r[0])  # stable: straight on before the corners
        return [choice for _, choice in ranked]

    def _lies_inside(self, choice: Choice) -> bool:
        """Does a lengthwise ``choice`` lie clear and in the box along its direction?"""
        p = choice.placed
        d = (p.far_at[0] - p.near_at[0], p.far_at[1] - p.near_at[1])
        return choice.clean and self._inside(d, p.far_at)

    def _blocks_a_ray(self, c: Vec, filling: Ray) -> bool:
        """Would a half at ``c`` cover the square in front of an open end
        (other than ``filling``, the one being filled)?"""
        return any(r is not filling and abs(r.at[0] + r.d[0] / 2 - c[0]) < 0.999
                   and abs(r.at[1] + r.d[1] / 2 - c[1]) < 0.999
                   for rays in self.rays.values() for r in rays)

    def _inside(self, d: Vec, c: Vec) -> bool:
        """Is a tile growing along ``d`` with its far half at ``c`` still in the
        box, along that direction? (Across it, a corner may poke out a little.)"""
        if d[0]:
            return abs(c[0]) <= self.half_w - 0.5
        return abs(c[1]) <= self.half_h - 0.5

    def _collides(self, c: Vec) -> bool:
        """Does the unit square centred on ``c`` overlap a placed tile?
        (``apart.overlap`` written out: this is the layout's inner loop, and the
        call made laying a table 1.4x as slow.)"""
        x0, y0, x1, y1 = c[0] - 0.5, c[1] - 0.5, c[0] + 0.5, c[1] + 0.5
        eps = 1e-6
        for p in self.placed:
            bx0, by0, bx1, by1 = p.box()
            if x0 < bx1 - eps and bx0 < x1 - eps and y0 < by1 - eps and by0 < y1 - eps:
                return True
        return False

    # -- extent ------------------------------------------------------------

    def bounds(self, extra: list[Placed] | None = None) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) around every placed tile (and ``extra``)."""
        boxes = [p.box() for p in self.placed + (extra or [])]
        if not boxes:
            return (-1.0, -0.5, 1.0, 0.5)
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))


@lru_cache(maxsize=8)
def arranged(placements: tuple[tuple[int, int], ...], spinners: str, aspect: float) -> Arranger:
    """``Arranger.of``, remembered: the board is drawn again on every click and
    hover, and a layout that needed the search costs milliseconds. Callers only
    read it (``preview`` lays nothing)."""
    return Arranger.of(placements, spinners, aspect)
