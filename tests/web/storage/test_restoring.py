"""A backup kept whole or not at all (``allfives.web.storage.restoring``):
the page's thread is asked to keep every key, and only its answer decides
what the mirror holds, whether the page reopens, and what is said."""

from __future__ import annotations

import json

from allfives.web.storage.backup import not_kept, restored
from allfives.web.storage.keys import KEYS, SAVE_KEY, STATS_KEY
from allfives.web.storage.mirror import Mirror
from allfives.web.storage.restoring import KEEP_ALL, restore

from ..bots.test_bot_answers import run as run_alone
from .page_thread import PageThread

HELD = {SAVE_KEY: "old save", STATS_KEY: "old stats", "allfives.unreadable-save": "u"}


def restoring(answer: str, mirror: Mirror) -> tuple[str, list[tuple[str, str]], list[str]]:
    asked: list[tuple[str, str]] = []
    reopened: list[str] = []

    async def ask(question: str, argument: str) -> str:
        asked.append((question, argument))
        return answer

    said = run_alone(restore("backup.json", {SAVE_KEY: "new save"}, ask, mirror,
                             lambda: reopened.append(str(mirror.get(SAVE_KEY)))))
    return said, asked, reopened


def test_a_backup_kept_whole_is_believed_then_the_page_reopens_on_it():
    browser = PageThread(HELD)
    mirror = browser.attach()
    said, asked, reopened = restoring("kept", mirror)
    assert said == restored("backup.json")
    assert [q for q, _ in asked] == [KEEP_ALL]
    assert json.loads(asked[0][1]) == {key: "new save" if key == SAVE_KEY else None
                                       for key in KEYS}
    assert list(json.loads(asked[0][1])) == list(KEYS)
    assert reopened == ["new save"]  # the mirror took the values before the page reopened
    assert mirror.values == {SAVE_KEY: "new save", "allfives.unreadable-save": "u"}
    assert browser.sent == []  # the page's thread wrote them itself


def test_a_backup_the_browser_refused_changes_nothing_and_says_so():
    mirror = PageThread(HELD).attach()
    said, asked, reopened = restoring("refused", mirror)
    assert said == not_kept() and len(asked) == 1 and reopened == []
    assert mirror.values == HELD


def test_without_storage_nothing_is_asked():
    said, asked, reopened = restoring("kept", Mirror(None, PageThread({}).keep))
    assert (said, asked, reopened) == (not_kept(), [], [])
