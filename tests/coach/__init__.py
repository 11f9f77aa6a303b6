"""The coach's pure parts (``allfives.coach``): puzzles, their mining and rating."""
