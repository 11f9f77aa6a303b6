"""Review: a game move by move through one seat's eyes (``state``), record
files opened and played on (``records``), the chart (``chart``), and the
Review dialog in the page (``panel_page``); its words are the table room's
(``words_grades``, ``words_reasons``)."""
