"""The worker's answers read by the page (``allfives.web.bots.answers``):
a stopped analysis is None in its 1-tuple, anything that is not an answer raises."""

from __future__ import annotations

import json

import pytest

from allfives.web.bots.answers import read_best, read_coaching, read_review, read_share

STALE = json.dumps({"stale": True})


def test_a_stopped_analysis_reads_as_none_and_a_share_as_its_outcomes():
    assert read_review(STALE) == (None,)
    assert read_share(STALE) == (None,)
    assert read_coaching(STALE) == (None,)
    assert read_share(json.dumps({"outcomes": [[[1.5, 0.0], [-2, 3]], [[0, 0]]]})) == (
        [[(1.5, 0.0), (-2.0, 3.0)], [(0.0, 0.0)]],)


@pytest.mark.parametrize("text", ["[]", "3", '"stale"', "not json"])
@pytest.mark.parametrize("read", [read_best, read_review, read_share, read_coaching])
def test_what_is_not_an_answer_raises(read, text):
    with pytest.raises((TypeError, ValueError)):
        read(text)
