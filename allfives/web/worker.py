"""The bots' PyScript worker: a request (JSON text) in, a move (text) out."""

import json

from allfives.web.decide import decide


def choose(request: str) -> str:
    return decide(json.loads(request))


__export__ = ["choose"]
