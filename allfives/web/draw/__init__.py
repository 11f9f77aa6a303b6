"""Drawing, as strings: the table as SVG (``board``, tiles placed by
``geometry``), the hand, seats, scores, log and panels as HTML (``render``),
scores as tally marks (``tally``)."""
