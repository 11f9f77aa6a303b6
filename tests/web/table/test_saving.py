"""The save after every move (``allfives.web.table.saving``) through the
storage's mirror, against a fake of the page's thread: a write refused by
the browser is said once and ``mine`` goes back; a write that another
window's came before puts that game aside and is written once more; nothing
is ever written over unseen, and no refusal makes writes without end."""

from __future__ import annotations

import json

from allfives.web.storage.keys import ASIDE_KEY, SAVE_KEY
from allfives.web.storage.mirror import Mirror
from allfives.web.table.saving import Saver
from allfives.web.table.setup import Setup
from allfives.web.table.table import Table

from ..storage.page_thread import PageThread
from .test_tabs import A1, A2, B1, C1


def saver(held: dict[str, str], full: tuple[str, ...] = ()) -> tuple[PageThread, Saver, list[str]]:
    browser = PageThread(held, full)
    warned: list[str] = []
    return browser, Saver(browser.attach(), lambda: warned.append("would not save")), warned


def saves(browser: PageThread) -> list[tuple[str | None, str | None]]:
    """The saves the page's thread was asked to write: (the save, over what)."""
    return [(value, was) for key, value, was in browser.sent if key == SAVE_KEY]


def aside(browser: PageThread) -> list[str]:
    return json.loads(browser.held.get(ASIDE_KEY, "[]"))


def test_a_window_alone_writes_each_save_once_and_reads_nothing_back():
    browser, save, warned = saver({SAVE_KEY: A1})
    assert save.mine == A1
    save.write(A2)
    assert save.mine == A2  # believed at once
    assert browser.settle() == []
    table = Table.new(Setup(), "3")
    save.save(table)
    browser.settle()
    assert saves(browser) == [(A2, A1), (table.to_save(), A2)]
    assert browser.held == {SAVE_KEY: table.to_save()} and warned == []


def test_a_full_storage_is_said_once_and_mine_goes_back_to_what_it_was():
    browser, save, warned = saver({}, full=(SAVE_KEY,))
    assert save.mine is None
    save.write(A1)
    assert save.mine == A1
    assert browser.settle() == [(SAVE_KEY, None, True)]
    assert warned == ["would not save"] and save.mine is None
    save.write(A2)
    assert browser.settle() == [(SAVE_KEY, None, True)]
    assert warned == ["would not save"] and save.mine is None  # once, not after every move
    assert saves(browser) == [(A1, None), (A2, None)]  # never written again
    assert browser.held == {}


def test_storage_that_cannot_be_used_is_said_once_too():
    warned: list[str] = []
    browser = PageThread({})
    save = Saver(Mirror(None, browser.keep), lambda: warned.append("would not save"))
    save.write(A1)
    save.write(A2)
    assert warned == ["would not save"] and save.mine is None and browser.sent == []


def test_another_windows_game_written_first_is_put_aside_and_the_save_written_once_more():
    browser, save, warned = saver({SAVE_KEY: A1})
    browser.other_window(SAVE_KEY, B1)  # another game there; its storage event not heard yet
    save.write(A2)
    assert browser.settle() == [(SAVE_KEY, B1, False)]
    assert saves(browser) == [(A2, A1), (A2, B1)]
    assert browser.held[SAVE_KEY] == A2 and aside(browser) == [B1]
    assert save.mine == A2 and warned == []


def test_each_refusal_brings_one_write_more_while_another_window_writes_first():
    browser, save, warned = saver({SAVE_KEY: A1})
    save.write(A2)
    for other in (B1, C1):  # the other window writes again before each write is done
        browser.other_window(SAVE_KEY, other)
        assert browser.step() == [(SAVE_KEY, other, False)]
    assert browser.settle() == []
    assert saves(browser) == [(A2, A1), (A2, B1), (A2, C1)]
    assert browser.held[SAVE_KEY] == A2 and aside(browser) == [C1, B1]
    assert save.mine == A2 and warned == []


def test_this_windows_own_game_taken_back_elsewhere_is_written_over_without_a_copy():
    browser, save, warned = saver({SAVE_KEY: A2})
    browser.other_window(SAVE_KEY, A1)  # the other window took a move back
    save.write(A2)  # unchanged here: the mirror holds A2, storage A1
    assert browser.settle() == [(SAVE_KEY, A1, False)]
    assert saves(browser) == [(A2, A2), (A2, A1)]
    assert browser.held == {SAVE_KEY: A2}  # the same game: nothing put aside
    assert save.mine == A2 and warned == []


def test_a_save_refused_again_after_a_conflict_stops_with_the_warning():
    browser, save, warned = saver({SAVE_KEY: A1}, full=(SAVE_KEY,))
    browser.other_window(SAVE_KEY, B1)
    save.write(A2)
    assert browser.settle() == [(SAVE_KEY, B1, False), (SAVE_KEY, B1, True)]
    assert saves(browser) == [(A2, A1), (A2, B1)]
    assert warned == ["would not save"] and save.mine == A1
    assert browser.held[SAVE_KEY] == B1 and aside(browser) == [B1]  # nothing lost


def test_a_refusal_that_finds_this_windows_save_there_writes_nothing():
    browser, save, _warned = saver({SAVE_KEY: A1})
    save.write(A2)
    save.refused(SAVE_KEY, A2, False)
    assert save.mine == A2 and saves(browser) == [(A2, A1)]


def test_games_put_aside_meanwhile_by_another_window_keep_this_saves_too():
    browser, save, _warned = saver({SAVE_KEY: A1})
    browser.other_window(SAVE_KEY, B1)
    browser.other_window(ASIDE_KEY, json.dumps([C1]))
    save.write(A2)
    assert browser.settle() == [(SAVE_KEY, B1, False), (ASIDE_KEY, json.dumps([C1]), False)]
    assert browser.held[SAVE_KEY] == A2 and aside(browser) == [B1, C1]
    assert saves(browser) == [(A2, A1), (A2, B1)]
