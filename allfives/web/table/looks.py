"""How the table looks: the theme, the tiles' faces, larger tiles. Pure:
the names the settings keep and ``static/theme.js`` reads before the first
paint, the ``<html>`` attributes that carry them (``static/style.css`` keys
every colour on them), and ``Looks``, the faces and zoom a board or hand is
drawn with (handed down from the settings; no state here).

The theme ``system`` follows the browser's ``prefers-color-scheme`` (and
``prefers-contrast: more``), live: ``theme.js`` resolves it into
``data-scheme`` (``light``, ``dark`` or ``contrast``) and keeps
``<meta name="theme-color">`` in step.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..paint.parts import Frame, Part

THEMES = ("system", "light", "dark", "contrast")  # the first is the default
FACES = ("pips", "colour", "numerals")  # pips, pips in a colour per number, numerals


@dataclass(frozen=True)
class Looks:
    """What the tiles drawn now look like: their ``faces`` and whether the
    board zooms in closer (``large``)."""

    faces: str = FACES[0]
    large: bool = False


def html_attributes(theme: str, faces: str, large: bool) -> dict[str, str]:
    """The attributes of ``<html>`` that show a look, as ``theme.js`` sets them
    before the first paint.

    >>> html_attributes("dark", "numerals", True)
    {'data-theme': 'dark', 'data-faces': 'numerals', 'data-large': 'true'}
    """
    return {"data-theme": theme if theme in THEMES else THEMES[0],
            "data-faces": faces if faces in FACES else FACES[0],
            "data-large": "true" if large is True else "false"}


def looks_frame(theme: str, faces: str, large: bool) -> Frame:
    """``<html>`` showing a look (``static/style.css`` keys its colours and
    sizes on these attributes; ``static/theme.js`` set them from the stored
    settings before the first paint)."""
    return {"html": Part(attrs=tuple(html_attributes(theme, faces, large).items()))}
