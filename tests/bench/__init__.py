"""The bench harness (``bench/harness.py``)."""
