"""The Puzzles panel: "find the best play" positions, the daily puzzle, the
person's puzzle rating and the missed ones coming back (``allfives.coach``
holds the puzzles, the rating and the schedule)."""
