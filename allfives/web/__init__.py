"""The browser game: ``render`` (pure, tested in CPython), ``app`` (page) and
``worker`` (bots in a Web Worker). Only ``app`` and ``worker`` import js/pyscript."""
