"""Reading a record file named on the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .. import observed
from ..errors import RecordError
from ..game import Game
from ..record import loads


def read_record(path: str) -> Game | observed.ObservedGame | None:
    """The game in a record file (a game observed at a real table too), or
    None after saying in one line why not."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"record: cannot read {path}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return None
    try:
        return observed.loads(text) if observed_record(text) else loads(text)
    except RecordError as e:
        print(str(e), file=sys.stderr)
        return None


def observed_record(text: str) -> bool:
    """Whether the text is a record of a game observed at a real table."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return False  # the record reader says what is wrong
    return observed.is_observed_record(data)
