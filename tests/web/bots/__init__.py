"""The page's bots (``allfives.web.bots``)."""
