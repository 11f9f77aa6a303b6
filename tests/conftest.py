"""Fixtures more than one folder of tests uses.

Plain functions the tests call with arguments (tiles, hands, deals, the
checkout's paths) are in ``helpers.py``, imported package-relative."""

from __future__ import annotations

import pytest

from allfives.coach import mining


@pytest.fixture
def small_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A puzzle generator run cheap enough for a test: hard and medium bots
    play, few playouts (the puzzle tests and the ``puzzles`` command's)."""
    monkeypatch.setattr(mining, "LEVELS", ("hard", "medium"))
    monkeypatch.setattr(mining, "REVIEW_PLAYOUTS", 150)
    monkeypatch.setattr(mining, "CHECK_PLAYOUTS", 150)
