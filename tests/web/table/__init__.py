"""The shared table room (``allfives.web.table``)."""
