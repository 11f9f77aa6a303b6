"""The site and its tools, apart from the engine: which files are published
(``contents``), the package zipped for the page (``bundle``), and the local
server (``serve``)."""
