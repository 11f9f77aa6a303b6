"""The look the settings choose, shown: the ``<html>`` attributes that
``static/style.css`` keys its colours and sizes on (``static/theme.js`` set
them from the stored settings before the first paint, and resolves the
theme ``system`` and the ``theme-color`` as they change), and the faces and
zoom the boards are drawn with. Thin: ``table.looks`` decides."""

from __future__ import annotations

from pyscript import document

from ..table import looks
from ..table.settings import Settings


def apply(settings: Settings) -> None:
    root = document.documentElement
    for name, value in settings.html_attributes().items():
        if root.getAttribute(name) != value:
            root.setAttribute(name, value)
    looks.use(settings.looks)
