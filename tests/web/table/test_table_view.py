"""What the page renders from (``TableView``) is what seat 0 may see: two
games that differ only in tiles seat 0 has not seen give the same view, the
same HTML and SVG, and the same hint request."""

from __future__ import annotations

import json
import random

import pytest

from allfives.errors import RecordError
from allfives.game import Game
from allfives.moves import DRAW, move_tile
from allfives.record import replay, to_record
from allfives.tiles import NAMES, tiles_of
from allfives.web.draw import board, render
from allfives.web.play.controller import Controller
from allfives.web.table.seats import HUMAN
from allfives.web.table.settings import Settings
from allfives.web.table.table import Table
from allfives.web.table.table_view import TableView

from ..tables import random_game, table_of


def seen_by_person(game: Game) -> set[str]:
    """The tiles of the last round that seat 0 has seen: its dealt tiles,
    the tiles it drew, every tile played, and every hand once the round is over."""
    rnd = game.round
    seen = set(tiles_of(rnd.dealt[HUMAN])) | {move_tile(m) for _, m, _ in rnd.history if m >= 0}
    pos = 0
    for seat, move, _ in rnd.history:
        if move == DRAW:
            if seat == HUMAN:
                seen.add(rnd.boneyard[pos])
            pos += 1
    if rnd.over:
        seen |= {t for h in rnd.hands for t in tiles_of(h)}
    return {NAMES[t] for t in seen}


def with_hidden_tiles_swapped(game: Game, rng: random.Random) -> Game | None:
    """The same game with two tiles seat 0 has not seen trading places
    (between other hands and the boneyard, or within the boneyard), if the
    recorded moves stay legal; else None."""
    record = to_record(game)
    deal = record["rounds"][-1]
    seen = seen_by_person(game)
    spots = [(where, i) for where, tiles in
             [*((("hands", s), h) for s, h in enumerate(deal["hands"]) if s != HUMAN),
              (("boneyard", 0), deal["boneyard"])]
             for i, t in enumerate(tiles) if t not in seen]
    pairs = [(a, b) for a in spots for b in spots
             if a < b and (a[0] != b[0] or a[0][0] == "boneyard")]  # a hand is a set
    if not pairs:
        return None
    (w1, i1), (w2, i2) = rng.choice(pairs)

    def cell(where: tuple[str, int]) -> list[str]:
        return deal["hands"][where[1]] if where[0] == "hands" else deal["boneyard"]

    cell(w1)[i1], cell(w2)[i2] = cell(w2)[i2], cell(w1)[i1]
    for hand in deal["hands"]:
        hand.sort()
    try:
        return replay(json.loads(json.dumps(record)))
    except RecordError:
        return None  # the swap would have let someone play where they drew


def rendered(view: TableView) -> list[str]:
    return [render.log(view), render.seats(view), render.scores(view),
            render.round_end_panel(view) if view.round.over else "",
            board.board(view, 1.6).svg]


def check_same_for_seat_0(game: Game, other: Game) -> None:
    a, b = table_of(game), table_of(other)
    assert a.to_save() != b.to_save()  # the games really differ
    assert TableView.of(a) == TableView.of(b)
    assert rendered(TableView.of(a)) == rendered(TableView.of(b))
    ca, cb = Controller(a, Settings()), Controller(b, Settings())
    assert ca.status() == cb.status() and ca.hand(ca.view()) == cb.hand(cb.view())
    if ca.can_act():
        assert ca.ask_hint() == cb.ask_hint()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_view_is_the_same_when_only_hidden_tiles_differ(players):
    rng = random.Random(players)
    checked = 0
    for seed in range(60):
        game = random_game("standard", players, seed, moves=rng.randrange(0, 30))
        other = with_hidden_tiles_swapped(game, rng)
        if other is not None:
            check_same_for_seat_0(game, other)
            checked += 1
    assert checked >= 40  # most swaps keep the record legal


def test_a_tile_seat_0_has_seen_changes_the_view():
    game = random_game("standard", 2, 7, moves=4)
    record = to_record(game)
    deal = record["rounds"][-1]
    mine, theirs = deal["hands"]
    unplayed = next(t for t in mine if t not in seen_by_person(game) - set(mine))
    hidden = next(t for t in deal["boneyard"][len(deal["moves"]):] if t not in seen_by_person(game))
    mine[mine.index(unplayed)] = hidden
    deal["boneyard"][deal["boneyard"].index(hidden)] = unplayed
    other = replay(record)
    assert TableView.of(table_of(game)) != TableView.of(table_of(other))


def test_the_round_end_shows_every_hand_and_the_scoring():
    game = random_game("standard", 3, 4)
    view = TableView.of(Table(game, ("You", "Anna", "Ben"), (None, "medium", "easy")))
    assert view.round.over and view.turn is None and not view.human_to_move
    assert view.round.revealed == tuple(tuple(tiles_of(h)) for h in game.round.hands)
    assert view.round.score == game.round.result
    assert view.levels == (None, "medium", "easy")
    assert view.legal_moves == ()
