"""Languages (``allfives.web.i18n``) and the catalogs."""
