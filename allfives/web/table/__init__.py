"""The shared room every feature room builds on: the live ``Table`` and its
``TableView`` (what the person may see), seats, set-up, settings and looks,
the deals, the clock, the hand's order, take-backs, the table's words (log,
scores, grades, reasons) and its save (``saves_page``)."""
