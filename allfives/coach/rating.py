"""The person's puzzle rating: Glicko-2 (Glickman, "Example of the Glicko-2
system", 2013), each puzzle solved or missed a game against the puzzle's
own rating.

A rating is a number (1500 to start), its deviation (how unsure it is: 350
to start, shrinking with every puzzle) and its volatility. A puzzle's
rating comes with the set (``mining.rating``) and a fixed deviation
(``PUZZLE_RD``): puzzles are not rated by the people who solve them here.

The paper's worked example, a 1500 player (deviation 200) beating a 1400
(30) and losing to a 1550 (100) and a 1700 (300):

>>> r = update(Rating(1500, 200, 0.06), [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)])
>>> round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 6)
(1464.05, 151.52, 0.059996)

(The paper, rounding as it goes, prints 1464.06, 151.52 and 0.05999.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

SCALE = 173.7178  # Glicko-2's scale: 400 / ln(10)
TAU = 0.5  # how much the volatility may change
START, START_RD, START_VOLATILITY = 1500.0, 350.0, 0.06
MIN_RD = 45.0  # a deviation never shrinks below this, so a rating keeps moving
PUZZLE_RD = 80.0  # a puzzle's rating, as sure as a regular player's
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    rating: float = START
    deviation: float = START_RD
    volatility: float = START_VOLATILITY

    def shown(self) -> int:
        """The rating as the page shows it: a whole number."""
        return round(self.rating)

    def to_json(self) -> dict[str, float]:
        return {"rating": round(self.rating, 2), "deviation": round(self.deviation, 2),
                "volatility": round(self.volatility, 6)}

    @classmethod
    def from_json(cls, data: Any) -> Rating:
        """A stored rating; anything unusable is a new player's rating.

        >>> Rating.from_json({"rating": "x"}) == Rating()
        True
        """
        if not isinstance(data, dict):
            return cls()
        values = [data.get(k) for k in ("rating", "deviation", "volatility")]
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                   for v in values):
            return cls()
        rating, deviation, volatility = (float(v) for v in values)  # type: ignore[arg-type]
        if not (0 < rating < 5000 and MIN_RD <= deviation <= START_RD and 0 < volatility < 1):
            return cls()
        return cls(rating, deviation, volatility)


def update(player: Rating, games: Sequence[tuple[float, float, float]]) -> Rating:
    """The rating after ``games`` (each the opponent's rating, its deviation,
    and the score: 1 won, 0 lost), Glicko-2's steps 2 to 8."""
    mu = (player.rating - START) / SCALE
    phi = player.deviation / SCALE
    if not games:
        return Rating(player.rating, min(START_RD, math.hypot(phi, player.volatility) * SCALE),
                      player.volatility)
    v_inv = 0.0
    delta_sum = 0.0
    for rating, deviation, score in games:
        mu_j = (rating - START) / SCALE
        g = 1 / math.sqrt(1 + 3 * (deviation / SCALE) ** 2 / math.pi ** 2)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1 / v_inv
    delta = v * delta_sum
    sigma = _volatility(phi, v, delta, player.volatility)
    phi_star = math.hypot(phi, sigma)
    phi_new = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    mu_new = mu + phi_new ** 2 * delta_sum
    return Rating(mu_new * SCALE + START, max(MIN_RD, phi_new * SCALE), sigma)


def _volatility(phi: float, v: float, delta: float, sigma: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2)
                - (x - a) / TAU ** 2)

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def after_puzzle(player: Rating, puzzle_rating: int, solved: bool) -> Rating:
    """The person's rating after one puzzle."""
    return update(player, [(float(puzzle_rating), PUZZLE_RD, 1.0 if solved else 0.0)])
