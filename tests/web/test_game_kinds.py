"""The page reads a game dealt here and one kept at a real table alike,
through ``played.PlayedGame`` (issue 39): no module of ``allfives/web``
asks which kind of game it holds (``isinstance(game, Game)``,
``isinstance(game, ObservedGame)``); what differs is the game's to say
(``observed``, ``seed``, ``sees``, ``decisions``)."""

from __future__ import annotations

import ast

import pytest

from .imports import WEB

KINDS = {"Game", "ObservedGame", "ObservedRound", "Round"}


def kinds_tested(source: str) -> list[tuple[int, str]]:
    """Each ``isinstance`` call whose classes name a kind of game or round:
    its line and the kind."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "isinstance" and len(node.args) == 2:
            for name in ast.walk(node.args[1]):
                kind = name.id if isinstance(name, ast.Name) else \
                    name.attr if isinstance(name, ast.Attribute) else None
                if kind in KINDS:
                    found.append((node.lineno, kind))
    return found


def test_the_check_finds_a_branch_on_the_kind_of_game():
    source = ("if isinstance(game, Game): pass\n"
              "x = isinstance(g, (observed.ObservedGame, int))\n"
              "y = isinstance(g, GameChance)\n")
    assert kinds_tested(source) == [(1, "Game"), (2, "ObservedGame")]


@pytest.mark.parametrize("path", sorted(WEB.rglob("*.py")), ids=lambda p: str(p.relative_to(WEB)))
def test_no_page_module_branches_on_the_kind_of_game(path):
    assert kinds_tested(path.read_text(encoding="utf-8")) == []
