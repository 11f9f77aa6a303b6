"""The site: the checkout's files that ``make site`` publishes and ``serve`` serves.

One definition for both, so the local server shows exactly what GitHub Pages
will (never ``.git/``, ``.venv/``, ``node_modules/`` or the tests).
"""

from __future__ import annotations

from pathlib import PurePosixPath

# The page, the offline service worker, static/ (with the vendored Pyodide)
# and the package (the page's worker and the bots' fetch allfives/web/app.py
# and worker.py by path; the rest comes zipped).
CONTENTS = ("index.html", "sw.js", "static", "allfives")
# Left out wherever they appear: Python's caches, and the zips the site sends
# packed (``bundle.packed``: allfives.zip.zst, stdlib.zip.zst), which stay
# beside them in static/vendor/ for the tests and the build to read.
IGNORED = ("__pycache__", "allfives.zip", "stdlib.zip")
# Written into every site scripts/site.py builds: it deletes only folders holding it.
MARKER = ".allfives-site"


def publishes(path: PurePosixPath) -> bool:
    """Whether ``path`` (relative to the checkout or to a built site) is one of the site's."""
    parts = path.parts
    return bool(parts) and parts[0] in CONTENTS and not any(p in IGNORED for p in parts)
