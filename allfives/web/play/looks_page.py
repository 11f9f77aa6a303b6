"""The look the settings choose, shown: the ``<html>`` attributes that
``static/style.css`` keys its colours and sizes on (``static/theme.js`` set
them from the stored settings before the first paint, and resolves the
theme ``system`` and the ``theme-color`` as they change). The boards and
tiles are drawn with the settings' looks, handed to them. Thin: ``table.looks``
decides."""

from __future__ import annotations

from pyscript import document

from ..table.settings import Settings


def apply(settings: Settings) -> None:
    root = document.documentElement
    for name, value in settings.html_attributes().items():
        if root.getAttribute(name) != value:
            root.setAttribute(name, value)
