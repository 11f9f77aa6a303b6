"""Review (``allfives.web.review``)."""
