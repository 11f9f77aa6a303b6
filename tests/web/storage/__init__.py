"""What the page keeps (``allfives.web.storage``)."""
