"""How every screen reaches the page: a frame of values (``parts``) and the
one writer that puts in the page what differs from what it wrote last
(``writer_page``)."""
