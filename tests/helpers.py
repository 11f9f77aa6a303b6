"""Test helpers: tiles, hands and moves written as text, exact deals, the
checkout's paths and the script that builds the site.

Imported with a package-relative import (``from ..helpers import tiles``: the
tests are packages); the package itself comes from the editable install that
``make venv`` makes.
"""

from __future__ import annotations

import importlib.util
import signal
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from allfives.bots import make_bot
from allfives.bots.equity import Trajectory, trajectory_of
from allfives.game import Round, deal
from allfives.moves import parse_move
from allfives.rules import Rules
from allfives.tiles import NAMES, mask_of, parse_tile
from allfives.view import PlayerView

ROOT = Path(__file__).resolve().parent.parent  # the checkout: cwd for command-line tests
DATA = Path(__file__).resolve().parent / "data"  # records and saves the tests read


def interruptible() -> None:
    """A child's ``preexec_fn``: Ctrl-C (SIGINT) handled as a terminal's job would be.

    A shell starts a background job with SIGINT ignored and a child inherits
    that, so Python would install no KeyboardInterrupt handler and the tests
    that send Ctrl-C would see nothing happen under ``make test &``."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


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


def load_site_builder() -> ModuleType:
    """``scripts/site.py``, the script that builds the site to publish (a script,
    not a module of the package)."""
    spec = importlib.util.spec_from_file_location("site_builder", ROOT / "scripts" / "site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bot_rounds(rules: Rules, bot: str, seed: str, count: int) -> list[Trajectory]:
    """Rounds ``0..count-1`` of ``seed`` under ``rules``, ``bot`` in every
    seat, each played to its end (the rules' target out of reach)."""
    bots = [make_bot(bot, seat) for seat in range(rules.players)]
    out = []
    for index in range(count):
        hands, boneyard, starter = deal(rules, seed, index)
        rnd = Round(rules, hands, boneyard, starter)
        while not rnd.over:
            rnd.play(bots[rnd.turn].choose(PlayerView.of(rnd, rnd.turn)))
        out.append(trajectory_of(rnd))
    return out
