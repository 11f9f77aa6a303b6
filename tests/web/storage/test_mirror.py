"""The storage's mirror: the page's Python reads what the browser holds from
memory; a write is believed at once and sent with what the mirror held
before it, done by the page's thread only where the storage still holds
that; a write not done comes back, is put right and told."""

from __future__ import annotations

from allfives.web.storage.mirror import Mirror

from .page_thread import PageThread


def test_reads_what_was_held_and_only_the_games_keys():
    browser = PageThread({})
    mirror = browser.attach({"allfives.save": "s", "other.app": "x"})
    assert mirror.get("allfives.save") == "s"
    assert mirror.get("other.app") is None and mirror.get("allfives.stats") is None
    assert browser.sent == []  # reading asks the browser nothing


def test_a_write_is_believed_at_once_and_sent_with_what_was_there():
    browser = PageThread({"allfives.save": "old", "allfives.stats": "1"})
    mirror = browser.attach()
    assert mirror.set("allfives.save", "new") is True and mirror.get("allfives.save") == "new"
    assert mirror.set("allfives.save", "newer") is True
    assert mirror.remove("allfives.stats") is True and mirror.get("allfives.stats") is None
    assert mirror.set("allfives.daily", "d") is True
    assert browser.sent == [("allfives.save", "new", "old"), ("allfives.save", "newer", "new"),
                            ("allfives.stats", None, "1"), ("allfives.daily", "d", None)]
    assert browser.held == {"allfives.save": "old", "allfives.stats": "1"}  # not done yet
    assert browser.settle() == []
    assert browser.held == {"allfives.save": "newer", "allfives.daily": "d"}


def test_a_write_the_browser_refuses_is_put_back_and_told():
    browser = PageThread({"allfives.save": "old", "allfives.stats": "1"}, full=("allfives.save",))
    mirror = browser.attach()
    told: list[tuple[str, str | None, bool]] = []
    mirror.on_refused(lambda *refusal: told.append(refusal))
    mirror.set("allfives.save", "new")
    mirror.set("allfives.stats", "2")
    assert browser.settle() == [("allfives.save", "old", True)]
    assert told == [("allfives.save", "old", True)]
    assert (mirror.get("allfives.save"), mirror.get("allfives.stats")) == ("old", "2")
    assert browser.held == {"allfives.save": "old", "allfives.stats": "2"}


def test_a_write_over_what_another_window_wrote_first_is_not_done_and_told():
    browser = PageThread({"allfives.save": "mine"})
    mirror = browser.attach()
    browser.other_window("allfives.save", "theirs")  # its storage event not heard yet
    told: list[tuple[str, str | None, bool]] = []
    mirror.on_refused(lambda *refusal: told.append(refusal))
    mirror.set("allfives.save", "mine, further on")
    assert mirror.get("allfives.save") == "mine, further on"  # believed, until...
    assert browser.settle() == [("allfives.save", "theirs", False)]
    assert told == [("allfives.save", "theirs", False)]
    assert mirror.get("allfives.save") == "theirs" and browser.held == {"allfives.save": "theirs"}
    # a removal over a key written meanwhile, and one that another window removed
    browser.other_window("allfives.stats", "9")
    mirror.remove("allfives.stats")
    browser.held.pop("allfives.save")
    mirror.set("allfives.save", "mine again")
    browser.settle()
    assert told[1:] == [("allfives.stats", "9", False), ("allfives.save", None, False)]
    assert mirror.values == {"allfives.stats": "9"}


def test_every_subscriber_is_told_in_order_and_only_of_the_games_keys():
    mirror = Mirror({}, PageThread({}).keep)
    told: list[str] = []
    mirror.on_refused(lambda key, now, full: told.append(f"first {key} {now} {full}"))
    mirror.on_refused(lambda key, now, full: told.append(f"second {key} {now} {full}"))
    mirror.refused("allfives.save", "s", False)
    mirror.refused("other.app", "x", True)
    assert told == ["first allfives.save s False", "second allfives.save s False"]
    assert mirror.values == {"allfives.save": "s"}


def test_storage_that_cannot_be_read_refuses_every_write_without_asking():
    browser = PageThread({})
    mirror = Mirror(None, browser.keep)
    assert mirror.set("allfives.save", "s") is False and mirror.remove("allfives.save") is False
    assert mirror.get("allfives.save") is None and browser.sent == []


def test_values_the_page_kept_itself_replace_those_in_memory():
    mirror = Mirror({"allfives.save": "s", "allfives.stats": "1"}, PageThread({}).keep)
    mirror.replaced({"allfives.save": "restored", "allfives.stats": None, "other.app": "x"})
    assert mirror.values == {"allfives.save": "restored"}


def test_another_windows_writes_removals_and_clearing_are_heard():
    mirror = Mirror({"allfives.save": "s", "allfives.stats": "1"}, PageThread({}).keep)
    mirror.heard("allfives.save", "t")
    mirror.heard("allfives.puzzles", "p")
    mirror.heard("other.app", "x")
    assert (mirror.get("allfives.save"), mirror.get("allfives.puzzles")) == ("t", "p")
    assert mirror.get("other.app") is None
    mirror.heard("allfives.stats", None)
    assert mirror.get("allfives.stats") is None and mirror.get("allfives.save") == "t"
    mirror.heard("", None)  # the whole storage cleared
    assert mirror.values == {}
