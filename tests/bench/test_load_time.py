"""bench/load_time.py's pure parts: where a run's figures are written, and
how the think times asked in turn of two trees' bots compare."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).parents[2] / "bench"


@pytest.fixture(scope="module")
def load_time() -> ModuleType:
    """The script's module, imported as it runs (``import harness``: beside it)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(BENCH))
        return importlib.import_module("load_time")


def test_a_run_of_some_parts_never_replaces_a_whole_runs_file(load_time: ModuleType) -> None:
    assert load_time.out_path(set(load_time.MEASURES)) == BENCH / "load_time.json"
    assert load_time.out_path({"think"}) == BENCH / "load_time.think.json"
    # named in the measures' own order, whatever order --only gave them
    assert load_time.out_path({"repeat", "cold"}).name == "load_time.cold+repeat.json"


def test_paired_think_times_compare_in_all_and_request_by_request(
        load_time: ModuleType) -> None:
    # one slow request weighs in the sums, not in the median of the ratios
    pairs = [(10.0, 10.0), (12.0, 10.0), (30.0, 60.0)]
    assert load_time.paired_ratios(pairs) == {"ratio of sums": round(52 / 80, 3),
                                             "median ratio": 1.0}
