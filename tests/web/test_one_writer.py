"""One writer puts HTML and text in the page: ``paint.writer`` sends the
parts that changed and ``static/paint.mjs`` applies them. Read from the
source (AST): a screen module makes a frame of values and hands it over; it
never sets ``innerHTML``/``textContent`` or makes elements itself: the
boards, the notice bar and the look's attributes are frames too."""

from __future__ import annotations

import ast

import pytest

from .imports import MODULES

CONTENT = {"innerHTML", "outerHTML", "textContent", "innerText"}
MAKERS = {"createElement", "createTextNode", "insertAdjacentHTML", "insertAdjacentText",
          "replaceChildren", "replaceWith", "appendChild", "cloneNode"}


def writes(source: str) -> list[str]:
    """Where ``source`` puts HTML or text in the page: an assignment to an
    element's content, a call that makes or inserts nodes, or the content's
    name as a string (``setattr(node, "innerHTML", ...)``)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out += [f"line {node.lineno}: .{t.attr} =" for t in targets
                    if isinstance(t, ast.Attribute) and t.attr in CONTENT]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in MAKERS:
            out.append(f"line {node.lineno}: .{node.func.attr}()")
        elif isinstance(node, ast.Constant) and node.value in CONTENT | MAKERS:
            out.append(f"line {node.lineno}: {node.value!r}")
    return out


WEB = sorted(n for n in MODULES if n.startswith("allfives.web."))


@pytest.mark.parametrize("name", WEB)
def test_a_screen_module_writes_only_through_the_writer(name):
    assert writes(MODULES[name].read_text(encoding="utf-8")) == [], name


@pytest.mark.parametrize(("source", "found"), [
    ("node.innerHTML = html", ["line 1: .innerHTML ="]),
    ("el('x').textContent = 'a'", ["line 1: .textContent ="]),
    ("setattr(el('scores'), 'innerHTML', s)", ["line 1: 'innerHTML'"]),
    ("b = document.createElement('button')", ["line 1: .createElement()"]),
    ("node.insertAdjacentHTML('beforeend', s)", ["line 1: .insertAdjacentHTML()"]),
    ("page.write({'#a': Part(html=s)})\nnode.dataset.x = '1'", []),
])
def test_a_planted_write_is_found(source, found):
    assert writes(source) == found
