"""Home (``allfives.web.home``)."""
