"""Drawing (``allfives.web.draw``)."""
