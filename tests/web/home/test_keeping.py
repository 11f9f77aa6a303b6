"""When to ask the browser to keep the page's storage, and when to remind
the person to download a backup (``allfives.web.home.keeping``)."""

from __future__ import annotations

import pytest

from allfives.web.home.keeping import ASK_AGAIN_DAYS, REMIND_DAYS, Keeping, days_between


def test_asked_once_at_the_first_finished_game_and_again_a_month_later_if_refused():
    fresh = Keeping()
    assert fresh.ask("2026-01-10")
    refused = fresh.answered("refused", "2026-01-10")
    assert refused == Keeping("refused", "2026-01-10")
    assert not refused.ask("2026-01-11")
    assert not refused.ask("2026-02-08")  # 29 days
    assert refused.ask("2026-02-09") and ASK_AGAIN_DAYS == 30
    assert not Keeping("granted", "2026-01-10").ask("2027-01-01")
    assert not Keeping("missing", "2026-01-10").ask("2027-01-01")
    assert refused.ask("2025-12-01")  # the clock went back: ask


def test_reminded_where_refused_or_missing_at_most_once_a_week():
    assert REMIND_DAYS == 7
    assert not Keeping().remind("2026-01-10")  # not asked yet: nothing known
    assert not Keeping("granted", "2026-01-10").remind("2026-01-10")
    refused = Keeping("refused", "2026-01-10")
    assert refused.remind("2026-01-10")
    assert Keeping("missing", "2026-01-10").remind("2026-01-10")
    reminded = Keeping("refused", "2026-01-10", reminded="2026-01-10")
    assert not reminded.remind("2026-01-16")
    assert reminded.remind("2026-01-17")


def test_a_backup_downloaded_is_as_good_as_a_reminder():
    kept = Keeping("refused", "2026-01-01", reminded="2026-01-01", backed_up="2026-01-20")
    assert not kept.remind("2026-01-26")
    assert kept.remind("2026-01-27")


@pytest.mark.parametrize("data", [None, [], {"answer": "maybe", "asked": "yesterday"},
                                  {"answer": 3, "reminded": "2026-13-01"}])
def test_what_is_kept_reads_tolerantly(data):
    assert Keeping.from_json(data) == Keeping()


def test_what_is_kept_reads_back():
    kept = Keeping("refused", "2026-01-01", "2026-01-02", "2026-01-03")
    assert Keeping.from_json(kept.to_json()) == kept
    assert days_between("2026-01-01", "2026-03-01") == 59
    assert days_between("x", "2026-03-01") is None
