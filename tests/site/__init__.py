"""The site (``allfives.site``): the bundle, serve, the manifest and what index.html loads."""
