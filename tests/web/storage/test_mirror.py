"""The storage's mirror: the page's Python reads what the browser holds from
memory and believes a write kept only when the browser took it."""

from __future__ import annotations

from allfives.web.storage.mirror import Mirror


class Browser:
    """A browser's storage that refuses keys listed in ``full``."""

    def __init__(self, held: dict[str, str], full: tuple[str, ...] = ()) -> None:
        self.held = dict(held)
        self.full = full
        self.asked: list[tuple[str, str | None]] = []

    def keep(self, key: str, value: str | None) -> bool:
        self.asked.append((key, value))
        if key in self.full:
            return False
        if value is None:
            self.held.pop(key, None)
        else:
            self.held[key] = value
        return True


def test_reads_what_was_held_and_only_the_games_keys():
    browser = Browser({})
    mirror = Mirror({"allfives.save": "s", "other.app": "x"}, browser.keep)
    assert mirror.get("allfives.save") == "s"
    assert mirror.get("other.app") is None and mirror.get("allfives.stats") is None
    assert browser.asked == []  # reading asks the browser nothing


def test_a_write_is_kept_when_the_browser_takes_it_and_not_when_it_refuses():
    browser = Browser({}, full=("allfives.save",))
    mirror = Mirror({"allfives.save": "old", "allfives.stats": "1"}, browser.keep)
    assert mirror.set("allfives.stats", "2") is True and mirror.get("allfives.stats") == "2"
    assert mirror.set("allfives.save", "new") is False and mirror.get("allfives.save") == "old"
    assert mirror.remove("allfives.save") is False and mirror.get("allfives.save") == "old"
    assert mirror.remove("allfives.stats") is True and mirror.get("allfives.stats") is None
    assert browser.asked == [("allfives.stats", "2"), ("allfives.save", "new"),
                             ("allfives.save", None), ("allfives.stats", None)]


def test_storage_that_cannot_be_read_refuses_every_write_without_asking():
    browser = Browser({})
    mirror = Mirror(None, browser.keep)
    assert mirror.set("allfives.save", "s") is False and mirror.remove("allfives.save") is False
    assert mirror.get("allfives.save") is None and browser.asked == []


def test_another_windows_writes_removals_and_clearing_are_heard():
    mirror = Mirror({"allfives.save": "s", "allfives.stats": "1"}, Browser({}).keep)
    mirror.heard("allfives.save", "t")
    mirror.heard("allfives.puzzles", "p")
    mirror.heard("other.app", "x")
    assert (mirror.get("allfives.save"), mirror.get("allfives.puzzles")) == ("t", "p")
    assert mirror.get("other.app") is None
    mirror.heard("allfives.stats", None)
    assert mirror.get("allfives.stats") is None and mirror.get("allfives.save") == "t"
    mirror.heard("", None)  # the whole storage cleared
    assert mirror.values == {}
