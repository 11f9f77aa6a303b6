"""Around the game: the new-game and settings dialogs, statistics, how to
play, shared links and the daily deal; pure modules beside their ``*_page``
wiring."""
