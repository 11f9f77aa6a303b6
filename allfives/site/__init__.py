"""The site and its tools, apart from the engine: which files are published
(``contents``), the package zipped for the page (``bundle``), the local
server (``serve``), and the browser the tests and benches drive it with
(``chromium``)."""
