"""The bots (``allfives.bots``): their moves, inference and analysis."""
