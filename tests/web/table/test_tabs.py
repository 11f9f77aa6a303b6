"""Two windows, one save (``allfives.web.table.tabs``): what is put aside
before a write, and what a window does when another wrote."""

from __future__ import annotations

import json

import pytest

from allfives.web.storage.backup import BackupError
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table
from allfives.web.table.tabs import (
    ASIDE_MAX,
    Reaction,
    aside_list,
    before_write,
    check_aside,
    course,
    describe,
    on_change,
    put_aside,
)


def played(seed: str, moves: int, setup: Setup | None = None) -> str:
    """The save of the game dealt by ``seed``, ``moves`` moves in (each the first legal one)."""
    table = Table.new(setup or Setup(), seed)
    for _ in range(moves):
        table.game.apply(table.game.legal_moves()[0])
    return table.to_save()


A0, A1, A2 = played("1", 0), played("1", 1), played("1", 2)
B1, B2 = played("2", 1), played("2", 2)
C1 = played("3", 1)


def test_a_save_reads_back_as_the_same_text():
    """A window that follows another's save writes it back unchanged (no echo)."""
    for text in (A0, A1, A2, B2):
        assert Table.from_save(text).to_save() == text


def test_a_game_is_the_same_game_further_on_or_taken_back_and_nothing_else():
    a0, a1, a2, b1 = (course(t) for t in (A0, A1, A2, B1))
    assert a0 and a1 and a2 and b1
    assert a1.same_game(a2) and a2.same_game(a1) and a0.same_game(a2)
    assert not a1.same_game(b1)
    assert (a0.live, a1.live) == (False, True)
    assert course(None) is None and course("") is None and course("{") is None


def test_the_same_deal_played_differently_is_another_game():
    table = Table.new(Setup(), "1")
    moves = table.game.legal_moves()
    assert len(moves) > 1
    table.game.apply(moves[-1])
    other = course(table.to_save())
    assert other is not None and course(A1) is not None
    assert not other.same_game(course(A1))  # type: ignore[arg-type]


def test_a_window_alone_puts_nothing_aside():
    assert before_write(A2, A1, A1, []) == []
    assert before_write(A1, None, None, []) == []


def test_another_windows_game_in_progress_is_put_aside_before_it_is_written_over():
    assert before_write(B1, A2, A1, []) == [A2]  # this window read A1; the other went on
    assert before_write(B1, A2, None, [C1]) == [A2, C1]


def test_the_game_this_window_was_asked_to_end_is_not_put_aside():
    assert before_write(B1, A2, A2, []) == []


def test_nothing_to_lose_is_not_put_aside():
    assert before_write(B1, A0, None, []) == []  # no move yet
    assert before_write(A2, A1, None, []) == []  # the same game, further on here
    assert before_write(B1, "not a save", None, []) == []


def test_a_game_written_again_leaves_the_aside_list():
    assert before_write(A2, B1, B1, [A1, B2]) == [B2]
    assert before_write(A2, B2, None, [A1]) == [B2]


def test_the_aside_list_is_bounded_newest_first_and_once_each():
    aside = [played(str(s), 1) for s in range(10, 10 + ASIDE_MAX)]
    assert put_aside(A1, aside) == [A1, *aside[:ASIDE_MAX - 1]]
    assert put_aside(aside[2], aside)[0] == aside[2] and len(put_aside(aside[2], aside)) == \
        ASIDE_MAX


@pytest.mark.parametrize(("mine", "now", "reaction"), [
    (A1, A1, Reaction.NONE),
    (A1, None, Reaction.NONE),
    (A1, "{broken", Reaction.NONE),
    (A1, A2, Reaction.FOLLOW),  # went on there
    (A2, A1, Reaction.FOLLOW),  # taken back there
    (A0, B1, Reaction.FOLLOW),  # nothing here to lose
    (None, B1, Reaction.FOLLOW),
    (A1, B1, Reaction.OFFER),  # another game there
])
def test_what_a_window_does_when_another_wrote(mine, now, reaction):
    assert on_change(mine, now) is reaction


def test_the_aside_list_reads_tolerantly():
    assert aside_list(json.dumps([A1, "junk", 3, B1])) == [A1, B1]
    assert aside_list("{") == [] and aside_list(None) == [] and aside_list('{"a": 1}') == []


def test_a_backup_of_the_aside_list_is_checked():
    assert json.loads(check_aside(json.dumps([A1]))) == [A1]
    with pytest.raises(BackupError, match="allfives.aside: expected at most 5 saved games"):
        check_aside(json.dumps([A1, "junk"]))
    with pytest.raises(BackupError):
        check_aside(json.dumps([A1] * (ASIDE_MAX + 1)))


def test_a_game_put_aside_is_named_by_its_players_scores_and_round():
    assert describe(A1) == "You, Anna: 0-0, round 1"
