"""What the page keeps in the browser, below every room that keeps something:
every storage key (``keys``), JSON read with bounded size and depth
(``bounded_json``) and the backup file (``backup``), whose values are
checked by the rooms that keep them; and the package's data files the
page's zip leaves out, fetched into the package when first needed
(``fetched``, ``fetch_page``)."""
