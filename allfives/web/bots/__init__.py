"""The bots for the page: a move (or an analysis) from a JSON request
(``decide``, run in the worker and, until it is ready, in the page), and the
page's client of the bots' worker (``client_page``). The worker's entry is
``allfives/web/worker.py``, fetched by that path."""
