"""After a page crashes (Chromium's renderer dies: seen once in six full runs
on a busy machine, after which that browser crashed every page), its test
fails saying so, and the next test gets a browser launched again."""

from __future__ import annotations

from types import SimpleNamespace

from .browser_helpers import CRASHED, CRASHES, Watch
from .conftest import Chromium


class FakeBrowser:
    def __init__(self, number: int) -> None:
        self.number, self.closed = number, False

    def close(self) -> None:
        self.closed = True


def test_a_crash_is_a_problem_of_its_test_and_is_noted_for_a_new_browser():
    watch = Watch("http://127.0.0.1:1")
    watch.crash(SimpleNamespace(url="http://127.0.0.1:1/index.html"))
    assert watch.crashed and watch.problems == [CRASHED]
    assert CRASHES == ["http://127.0.0.1:1/index.html"]
    CRASHES.clear()


def test_the_browser_is_launched_again_and_tests_use_the_new_one():
    launched: list[FakeBrowser] = []

    def launch(**_options: object) -> FakeBrowser:
        launched.append(FakeBrowser(len(launched)))
        return launched[-1]

    chromium = Chromium(SimpleNamespace(chromium=SimpleNamespace(launch=launch)))
    assert chromium.number == 0  # what tests ask of the browser goes to the current one
    chromium.returned[True] = "the old browser's context of return visits on a phone"
    chromium.relaunch()
    assert launched[0].closed and not launched[1].closed and chromium.number == 1
    assert chromium.returned == {}  # made again in the new browser when next asked
