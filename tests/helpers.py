"""Test helpers: write tiles, hands and moves as text, and set up exact deals.

Imported by the engine tests as ``from helpers import ...`` (pytest puts tests/
on sys.path for test files outside a package); the package itself comes from
the editable install that ``make venv`` makes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from allfives.game import Round
from allfives.moves import parse_move
from allfives.rules import Rules
from allfives.tiles import NAMES, mask_of, parse_tile

ROOT = Path(__file__).resolve().parent.parent  # the checkout: cwd for command-line tests


def tiles(*names: str) -> list[int]:
    return [parse_tile(n) for n in names]


def hand(*names: str) -> int:
    return mask_of(tiles(*names))


def make_round(rules: Rules, hands: list[list[str]], boneyard: Sequence[str] = (),
               starter: int = 0, scores: list[int] | None = None) -> Round:
    """A round with exactly these hands and boneyard (not necessarily all 28 tiles)."""
    return Round(rules, [hand(*h) for h in hands], tiles(*boneyard), starter, scores)


def play(rnd: Round, *moves: str) -> list[int]:
    """Apply checked moves; return the points each scored."""
    return [rnd.apply(parse_move(m)) for m in moves]


def full_deal(hands: list[list[str]],
              boneyard_first: Sequence[str] = ()) -> tuple[list[list[str]], list[str]]:
    """Hands as given; the boneyard starts with ``boneyard_first`` and holds every
    other tile after it in id order, so together they are the 28 tiles."""
    used = set(tiles(*[t for h in hands for t in h], *boneyard_first))
    rest = [NAMES[t] for t in range(28) if t not in used]
    return hands, list(boneyard_first) + rest
