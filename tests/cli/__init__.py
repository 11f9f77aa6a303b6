"""The command line (``python -m allfives``)."""
