"""Where each tile lies on the table: pure geometry, in tile units.

A tile's short side is 1 and its long side 2. The lead sits at the origin and
the line of play runs along x. Every open connection point is a ray (a point
on the line and a direction); a tile laid on it either goes straight on or
turns a corner, so that long arms bend round inside a box of the table's
shape instead of running off it. Doubles lie crosswise; a spinner opens four
rays (its two sides first, then its two ends, RULES.md section 5).

Placement is incremental: earlier tiles never move when later ones are laid,
so the picture only grows (the renderer scales it down to fit).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..moves import LEAD
from ..tiles import HIGH, IS_DOUBLE, LOW

Vec = tuple[float, float]

EAST: Vec = (1.0, 0.0)
WEST: Vec = (-1.0, 0.0)
NORTH: Vec = (0.0, -1.0)
SOUTH: Vec = (0.0, 1.0)

BOX_AREA = 250.0  # tile units squared: room for a full 28-tile layout round the edge
MIN_ASPECT, MAX_ASPECT = 0.5, 2.6


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

    def box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the tile's rectangle."""
        xs = (self.near_at[0], self.far_at[0])
        ys = (self.near_at[1], self.far_at[1])
        return (min(xs) - 0.5, min(ys) - 0.5, max(xs) + 0.5, max(ys) + 0.5)


def box_for(aspect: float) -> tuple[float, float]:
    """Half-width and half-height of the box arms should stay in, for a table
    whose width / height is ``aspect``."""
    aspect = min(max(aspect, MIN_ASPECT), MAX_ASPECT)
    width = math.sqrt(BOX_AREA * aspect)
    return width / 2, width / aspect / 2


class Arranger:
    """Lays tiles one by one; ``placed`` holds them in play order."""

    def __init__(self, spinners: str = "first", aspect: float = 1.6) -> None:
        self.spinners = spinners
        self.half_w, self.half_h = box_for(aspect)
        self.placed: list[Placed] = []
        self.rays: dict[int, list[Ray]] = {}  # open rays per table tile, in the order they fill
        self.has_spinner = False

    @classmethod
    def of(cls, placements: list[tuple[int, int]], spinners: str = "first",
           aspect: float = 1.6) -> Arranger:
        arranger = cls(spinners, aspect)
        for tile, on in placements:
            arranger.place(tile, on)
        return arranger

    def copy(self) -> Arranger:
        new = Arranger.__new__(Arranger)
        new.spinners = self.spinners
        new.half_w, new.half_h = self.half_w, self.half_h
        new.placed = self.placed[:]
        new.rays = {t: r[:] for t, r in self.rays.items()}
        new.has_spinner = self.has_spinner
        return new

    def preview(self, tile: int, on: int) -> Placed:
        """Where ``tile`` would lie if played on ``on``, without placing it."""
        return self.copy().place(tile, on)

    # -- placing -----------------------------------------------------------

    def _becomes_spinner(self) -> bool:
        return self.spinners == "all" or (self.spinners == "first" and not self.has_spinner)

    def place(self, tile: int, on: int) -> Placed:
        a, b = LOW[tile], HIGH[tile]
        if on == LEAD:
            placed = self._lead(tile, a, b)
        else:
            ray = self._take_ray(on, a, b)
            far = b if ray.value == a else a
            spinner = IS_DOUBLE[tile] and self._becomes_spinner()
            if IS_DOUBLE[tile] and self._cross_fits(ray):
                placed = self._cross(tile, ray, spinner)
            else:
                placed = self._along(tile, ray, far, spinner)
        self.placed.append(placed)
        return placed

    def _lead(self, tile: int, a: int, b: int) -> Placed:
        if a != b:
            self.rays[tile] = [Ray((-1.0, 0.0), WEST, a), Ray((1.0, 0.0), EAST, b)]
            return Placed(tile, (-0.5, 0.0), (0.5, 0.0), a, b)
        spinner = self.spinners != "none"
        rays = [Ray((0.5, 0.0), EAST, a), Ray((-0.5, 0.0), WEST, a)]
        if spinner:
            self.has_spinner = True
            rays += [Ray((0.0, -1.0), NORTH, a), Ray((0.0, 1.0), SOUTH, a)]
        self.rays[tile] = rays
        return Placed(tile, (0.0, -0.5), (0.0, 0.5), a, a, spinner)

    def _take_ray(self, on: int, a: int, b: int) -> Ray:
        """The open end of ``on`` the tile goes to: the first that matches,
        skipping (on a spinner) ends another arm has since grown across."""
        rays = self.rays.get(on)
        fits = [i for i, ray in enumerate(rays or []) if ray.value in (a, b)]
        if not fits:
            raise ValueError(f"tile {on} has no open end for {a}-{b}")
        clear = [i for i in fits if not self._collides(_add(rays[i].at, rays[i].d, 0.5))]
        return rays.pop((clear or fits)[0])

    def _cross(self, tile: int, ray: Ray, spinner: bool) -> Placed:
        """A double, crosswise to its ray."""
        center = _add(ray.at, ray.d, 0.5)
        p = _cw(ray.d)
        v = ray.value
        rays = [Ray(_add(ray.at, ray.d), ray.d, v)]
        if spinner:
            self.has_spinner = True
            rays += [Ray(_add(center, p), p, v), Ray(_add(center, p, -1), (-p[0], -p[1]), v)]
        self.rays[tile] = rays
        return Placed(tile, _add(center, p, -0.5), _add(center, p, 0.5), v, v, spinner)

    def _cross_fits(self, ray: Ray) -> bool:
        center = _add(ray.at, ray.d, 0.5)
        p = _cw(ray.d)
        return not any(self._collides(c) or self._blocks_a_ray(c)
                       for c in (_add(center, p, -0.5), _add(center, p, 0.5)))

    def _along(self, tile: int, ray: Ray, far: int, spinner: bool = False) -> Placed:
        """Lengthwise: straight on if it fits, else round a corner. (A double
        lies lengthwise only where crosswise it would hit another tile; a
        spinner laid so opens its ends from its long sides.)"""
        d = ray.d
        near_at = _add(ray.at, d, 0.5)
        options = [(d, _add(near_at, d))]
        for turn in (_cw(d), _ccw(d)):
            options.append((turn, _add(near_at, turn)))
        free = [o for o in options if not self._collides(near_at) and not self._collides(o[1])]
        inside = [o for o in free if self._inside(*o)]
        # best not to cover the spot where another open end's next tile must go
        polite = [o for o in inside if not self._blocks_a_ray(o[1])]
        # with every way blocked, at least keep the far half clear
        clear = [o for o in options if not self._collides(o[1])]
        nd, far_at = (polite or inside or free or clear or options)[0]
        rays = [Ray(_add(far_at, nd, 0.5), nd, far)]
        if spinner:
            self.has_spinner = True
            center = _add(near_at, nd, 0.5)
            p = _cw(nd)
            rays += [Ray(_add(center, p, 0.5), p, far),
                     Ray(_add(center, p, -0.5), (-p[0], -p[1]), far)]
        self.rays[tile] = rays
        return Placed(tile, near_at, far_at, ray.value, far, spinner)

    def _blocks_a_ray(self, c: Vec) -> bool:
        """Would a half at ``c`` cover the square in front of an open end?"""
        return any(abs(r.at[0] + r.d[0] / 2 - c[0]) < 0.999
                   and abs(r.at[1] + r.d[1] / 2 - c[1]) < 0.999
                   for rays in self.rays.values() for r in rays)

    def _inside(self, d: Vec, c: Vec) -> bool:
        """Is a tile growing along ``d`` with its far half at ``c`` still in the
        box, along that direction? (Across it, a corner may poke out a little.)"""
        if d[0]:
            return abs(c[0]) <= self.half_w - 0.5
        return abs(c[1]) <= self.half_h - 0.5

    def _collides(self, c: Vec) -> bool:
        """Does the unit square centred on ``c`` overlap a placed tile?"""
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
