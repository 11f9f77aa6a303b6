"""Around the game: the new-game and settings dialogs (the language and the
backup among them), statistics, how to play, shared links and the daily
deal, the phone's menu; pure modules beside their ``*_page`` wiring."""
