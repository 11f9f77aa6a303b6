"""The page's one writer (``writer.Writer``), sending what it writes to the
page's applier (``static/paint.mjs``, which index.html loads before Python
starts). Screens never put HTML or text in the page themselves
(``tests/web/test_one_writer.py``)."""

from __future__ import annotations

import js

from .writer import Writer

page = Writer(js.allfivesPaint.paint)  # the page's one writer
