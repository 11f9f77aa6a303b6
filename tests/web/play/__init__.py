"""The play room (``allfives.web.play``)."""
