"""Review: a game move by move through one seat's eyes (``state``), record
files opened and played on (``records``), its sentences (``sentences``), and
the Review dialog in the page (``panel_page``)."""
