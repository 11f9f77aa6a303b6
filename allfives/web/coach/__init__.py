"""The coach at the table: which decision of the person's is analysed and
what a move clicked makes of it (``advisor``), its words (``words``),
and its dialog and the worker's analysis in the page (``coach_page``)."""
