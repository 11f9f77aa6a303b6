"""The page's coach (``allfives.web.coach``)."""
