"""The browser game, in rooms by capability. Each room's pure modules decide
and render in plain Python (tested in CPython); only ``*_page`` modules,
``app`` (the page's entry script: events in, calls out), ``dom`` (DOM
helpers) and ``worker`` (the bots' worker entry) import js, pyscript or
pyodide (tests/web/test_page_boundary.py holds that).

- ``play``: the game at the table: seats, set-up, settings, the controller's
  decisions, the hand, the sentences; the screen, drag, keyboard and sound.
- ``draw``: the table as SVG and the panels as HTML.
- ``review``: a game move by move with the expert's analysis.
- ``home``: around the game: new game, statistics, how to play, shared and
  daily deals.
- ``bots``: a bot's move from a request, and the client of the bots' worker.
- ``i18n``: the languages: catalogs, the page's own texts, names of presets
  and levels.
- ``storage``: what the page keeps in the browser: its keys, the bounded
  JSON reader, the save, the backup file.
"""
