"""Languages, the lowest room: gettext catalogs and which one a visit gets
(``catalogs``), ``index.html``'s own texts as messages (``page_text``),
names of presets and levels (``labels``). The page puts a language in with
``home.language_page``."""
