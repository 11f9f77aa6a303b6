"""The tests, laid out like the code: ``engine``, ``bots``, ``coach``, ``cli``,
``site``, ``bench``, ``web/<room>`` for ``allfives/web/<room>`` (``web`` itself
for what crosses rooms) and ``browser`` for the page in Chromium."""
