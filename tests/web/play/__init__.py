"""The table room (``allfives.web.play``)."""
