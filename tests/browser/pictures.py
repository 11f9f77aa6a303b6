"""Picture tests' comparison: a screenshot against its reference picture in
``tests/browser/pictures/``, pixel by pixel.

Identical pictures pass at once. Where they differ, pixelmatch (the Python
port of mapbox's) compares the region that differs: pixels it finds
antialiased (a glyph's or a curve's edge drawn a shade differently) are
tolerated, any other pixel is a change of shape or colour and fails, with the
new picture and a diff image (changes red, antialiasing yellow) written to
``test-results/pictures/``. ``ALLFIVES_PICTURES=update`` (``make pictures``)
writes the screenshots as the new references instead: look at each before
committing it.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops
from pixelmatch.contrib.PIL import pixelmatch

REFERENCES = Path(__file__).with_name("pictures")
RESULTS = Path(__file__).parents[2] / "test-results" / "pictures"
UPDATE = os.environ.get("ALLFIVES_PICTURES") == "update"
# pixelmatch's colour distance below which two pixels count as the same (0-1)
THRESHOLD = 0.1
# changed pixels tolerated beyond antialiasing: none, a moved line is a change
TOLERATED = 0
# pixelmatch tells antialiasing from its neighbours: the region it compares
# keeps this many pixels around the differing box
MARGIN = 2


def difference(actual: Image.Image, reference: Image.Image) -> tuple[int, Image.Image | None]:
    """How many pixels differ beyond antialiasing, and the diff image of the
    region that differs (None when the pictures are identical)."""
    a, r = actual.convert("RGBA"), reference.convert("RGBA")
    if a.size != r.size:
        raise ValueError(f"the picture is {a.size[0]}x{a.size[1]}, "
                         f"its reference {r.size[0]}x{r.size[1]}")
    box = ImageChops.difference(a.convert("RGB"), r.convert("RGB")).getbbox()
    if box is None:
        return 0, None
    left, top, right, bottom = box
    grown = (max(0, left - MARGIN), max(0, top - MARGIN),
             min(a.width, right + MARGIN), min(a.height, bottom + MARGIN))
    ca, cr = a.crop(grown), r.crop(grown)
    diff = Image.new("RGBA", ca.size)
    changed = pixelmatch(ca, cr, diff, threshold=THRESHOLD, includeAA=False)
    return changed, diff


def check(png: bytes, name: str) -> str | None:
    """Compare a screenshot with reference ``name``; None when it matches (or
    was written as the reference), else what is wrong, in one line."""
    reference = REFERENCES / f"{name}.png"
    if UPDATE:
        REFERENCES.mkdir(exist_ok=True)
        Image.open(io.BytesIO(png)).save(reference, optimize=True)  # the same pixels, smaller
        return None
    if not reference.exists():
        return f"{name}: no reference picture; make pictures writes it (look at it first)"
    actual = Image.open(io.BytesIO(png))
    try:
        changed, diff = difference(actual, Image.open(reference))
    except ValueError as e:
        return f"{name}: {e}"
    if changed <= TOLERATED:
        return None
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{name}.png").write_bytes(png)
    assert diff is not None
    diff.save(RESULTS / f"{name}-diff.png")
    return (f"{name}: {changed} pixels changed (beyond antialiasing): see "
            f"{RESULTS / name}.png and its -diff.png")
