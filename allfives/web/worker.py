"""The bots' PyScript worker: a request (JSON text) in, a move or an
analysis (text) out."""

import json

from allfives.bots.analysis import Moment, analyse
from allfives.web.bots.decide import decide


def choose(request: str) -> str:
    """A bot's move for ``{"bot", "seed", "view"}``."""
    return decide(json.loads(request))


def review(request: str) -> str:
    """The expert's analysis of one decision (``Moment`` JSON) as ``Decision`` JSON."""
    return json.dumps(analyse(Moment.from_json(json.loads(request))).to_json())


__export__ = ["choose", "review"]
