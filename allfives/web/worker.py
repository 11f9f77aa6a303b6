"""The bots' worker (``static/bots-worker.mjs`` runs this script): a
request (JSON text) in, a move or an analysis (text) out: a bot's move, the
hint's (the move Review calls best), Review's analysis of one decision
or a share of its estimate while the page plays out the rest
(``drop_reviews`` stops those under way), or the coach's of the person's
decision under way (``drop`` stops it). While it works it beats
(``bots.pulse``; ``static/bots-worker.mjs`` posts the beats to the page), so
the page can tell a busy worker from a dead one.

This and ``client_page`` are the only places requests and answers are JSON:
``decide`` works on values. The stake's tables (left out of the page's zip,
a file per preset and player count: ``allfives.data_files``) come from the page, which
fetched them, each before the first request that reads it (``keep_data``)."""

import json

from allfives import data_files
from allfives.bots.analysis import Moment, MomentShare
from allfives.bots.asks import BestAsk, MoveAsk
from allfives.coach.tutor import CoachAsk
from allfives.moves import move_text
from allfives.web.bots.decide import STALE, CoachWork, ReviewWork, best, decide

COACH = CoachWork()  # the coach's analysis this worker runs
REVIEWS = ReviewWork()  # Review's


def choose(request: str) -> str:
    """A bot's move (as text) for ``MoveAsk`` JSON."""
    return move_text(decide(MoveAsk.from_json(json.loads(request))))


async def hint(request: str) -> str:
    """The move Review calls best and how it was valued (``analysis.Best``
    JSON) for ``BestAsk`` JSON: the hint."""
    found = await best(BestAsk.from_json(json.loads(request)))
    assert found is not None  # always wanted here
    return json.dumps(found.to_json())


async def review(request: str) -> str:
    """The expert's analysis of one decision (``Moment`` JSON) as ``Decision``
    JSON, or ``STALE`` once ``drop_reviews`` stopped it."""
    found = await REVIEWS.analyse(Moment.from_json(json.loads(request)))
    return json.dumps((STALE if found is None else found).to_json())


async def review_share(request: str) -> str:
    """The outcomes of a share of one decision's estimate (``MomentShare``
    JSON in, ``{"outcomes": ...}`` out), while the page plays out another,
    or ``STALE`` once ``drop_reviews`` stopped it."""
    found = await REVIEWS.share(MomentShare.from_json(json.loads(request)))
    if found is None:
        return json.dumps(STALE.to_json())
    return json.dumps({"outcomes": found})


async def coach(request: str) -> str:
    """Every move of the person's decision judged (``CoachAsk`` JSON in,
    ``tutor.Coaching`` JSON out), or ``STALE`` once a newer request or
    ``drop`` stopped it."""
    found = await COACH.analyse(CoachAsk.from_json(json.loads(request)))
    return json.dumps((STALE if found is None else found).to_json())


def keep_data(request: str) -> str:
    """A data file the page fetched (JSON ``[path, text]``: the package's
    path, the file as text), put in place here too, once checked; the worker
    never fetches one itself."""
    path, text = json.loads(request)
    data_files.place(data_files.left_out()[path], text.encode())
    return "kept"


def drop(_request: str = "") -> str:
    COACH.drop()
    return "dropped"


def drop_reviews(_request: str = "") -> str:
    REVIEWS.drop()
    return "dropped"


# What the page may call (bots-worker.mjs answers no other name), named as
# the requests name them (``decide.REQUESTS``' ``call``), then
# ``decide.CONTROLS``: tests/web/bots/test_worker_calls.py holds both sides together.
__export__ = ["choose", "hint", "review", "review_share", "coach", "keep_data", "drop",
              "drop_reviews"]
