"""What the page keeps in the browser: every storage key (``keys``), JSON read
with bounded size and depth (``bounded_json``), the backup file (``backup``),
and the save and backup in the page (``*_page``)."""
