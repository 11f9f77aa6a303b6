"""A game at a real table: the entries the table makes, and the page that
takes them (issue 30; the engine is ``allfives.observed``)."""
