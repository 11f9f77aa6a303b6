"""Helpers for the browser layer's CPython tests: games played out at
random, tables around them, and the view the page renders from."""

from __future__ import annotations

import random

from allfives.game import Game
from allfives.rules import Rules
from allfives.web.table.table import Table
from allfives.web.table.table_view import TableView

from ..helpers import full_deal, hand, tiles

NAMES4 = ("You", "Anna", "Ben", "Cara")


def random_game(preset: str, players: int, seed: int, moves: int | None = None) -> Game:
    """A round played out at random (or ``moves`` random moves of it)."""
    game = Game(Rules.make(preset, players=players, target=10_000), seed)
    rng = random.Random(seed)
    made = 0
    while not game.round.over and (moves is None or made < moves):
        game.apply(rng.choice(game.legal_moves()))
        made += 1
    return game


def table_of(game: Game, bot: str = "medium") -> Table:
    n = game.rules.players
    return Table(game, NAMES4[:n], (None,) + (bot,) * (n - 1))


def view_of(game: Game) -> TableView:
    return TableView.of(table_of(game))


def scripted_table() -> Table:
    """Seat 1 leads 5-5, seat 0 plays 0-5 on it (10 points), seat 1 plays
    5-6 on its other side: seat 0 is to move, and 0-6 fits two places
    (on 0-5 and on 5-6), scoring 0 on either."""
    hands, boneyard = full_deal([
        ["0-5", "0-6", "1-1", "1-2", "1-3", "1-4", "2-2", "2-3", "2-4"],
        ["5-5", "5-6", "3-3", "3-4", "4-4", "1-6", "2-6", "3-6", "4-6"],
    ])
    game = Game(Rules.make("standard"), seed=0, deal_first=False)
    game.start_round([hand(*h) for h in hands], tiles(*boneyard), starter=1)
    for move in ("5-5", "0-5>5-5", "5-6>5-5"):
        game.apply(move)
    return table_of(game)
