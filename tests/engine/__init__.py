"""The engine: tiles, moves, rules, games, records, scoring, tournaments."""
