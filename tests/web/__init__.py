"""The browser layer in CPython (``allfives.web``), a folder a room; here what crosses rooms."""
