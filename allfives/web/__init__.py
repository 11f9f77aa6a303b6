"""The browser game, in rooms by capability. Each room's pure modules decide
and render in plain Python (tested in CPython); only ``*_page`` modules,
``app`` (the page's entry script: events in, calls out), ``dom`` (DOM
helpers) and ``worker`` (the bots' worker entry) import js, pyscript or
pyodide (tests/web/test_page_boundary.py holds that).

The rooms stand in layers, lowest first; a module imports from its own room
or a lower layer, never up and never across (tests/web/test_layers.py holds
the list, docs/ARCHITECTURE.md draws who imports whom):

- ``i18n``: the languages: catalogs, the page's own texts, names of presets
  and levels.
- ``storage``: every browser storage key, the bounded JSON reader, the backup
  file.
- ``dom``: the DOM helpers every page module uses.
- ``paint``: a screen as values (a frame: selectors to parts; effects) and
  the page's one writer, which writes only what differs (with ``dom`` and the
  board's SVG, the only code that puts HTML or text in the page:
  tests/web/test_one_writer.py).
- ``table``: the shared room: the live table and its view, seats, set-up,
  settings, looks, deals, take-backs, the save, the table's words.
- ``draw``: the table as SVG and the panels as HTML. ``bots``: a bot's move
  or an analysis from a request, and the client of the bots' worker.
- The features, which never import each other: ``play`` (the game at the
  table as the person plays it: the controller, the frame and the screen,
  drag, keyboard, sound), ``review`` (a game move by move with the expert's
  analysis, record files), ``coach`` (the coach's question before a move),
  ``puzzles`` (the Puzzles panel), ``home`` (new game, settings, statistics,
  how to play, sharing, the phone's menu, the backup), ``realtable`` (a game
  kept at a real table, its tiles entered as they are played).
- ``app`` and ``worker``: the wiring of the page and of the bots' worker.
"""
