"""The worker's answers read by the page (``allfives.web.bots.answers``):
a stopped analysis is None in its 1-tuple, anything that is not an answer raises."""

from __future__ import annotations

import json

import pytest

from allfives.web.bots.answers import read_best, read_coaching, read_from_end, read_review

STALE = json.dumps({"stale": True})


def test_a_stopped_analysis_reads_as_none_and_deals_from_the_end_as_their_outcomes():
    assert read_review(STALE) == (None,)
    assert read_from_end(STALE) == (None,)
    assert read_coaching(STALE) == (None,)
    deals = {"from": 7, "deals": [[[1.5, 0.0], [-2, 3]], [[0, 0], [1, 1]]]}
    assert read_from_end(json.dumps(deals)) == (
        (7, [[(1.5, 0.0), (-2.0, 3.0)], [(0.0, 0.0), (1.0, 1.0)]]),)


@pytest.mark.parametrize("text", ["[]", "3", '"stale"', "not json"])
@pytest.mark.parametrize("read", [read_best, read_from_end, read_review, read_coaching])
def test_what_is_not_an_answer_raises(read, text):
    with pytest.raises((TypeError, ValueError)):
        read(text)
