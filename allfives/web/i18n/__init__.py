"""Languages: gettext catalogs and which one a visit gets (``catalogs``),
``index.html``'s own texts as messages (``page_text``), names of presets and
levels (``labels``), and putting a language into the page (``language_page``)."""
