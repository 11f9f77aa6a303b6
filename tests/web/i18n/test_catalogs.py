"""The translations: every catalog complete, every string of the source in
them, placeholders kept, each language's own plural rules.

The checks run Babel's own tools (``pybabel extract`` and ``pybabel compile
--statistics``) on a copy, the way ``make catalogs`` does.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from allfives.web.i18n import catalogs as i18n

from ...helpers import ROOT

LOCALE = ROOT / "allfives" / "locale"
PYBABEL = Path(sys.executable).with_name("pybabel")
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]
PLACEHOLDER = re.compile(r"\{(\w*)\}")
# Each language's real plural rule (CLDR): Slovak has three forms; Hindi's
# "one" covers 0 and 1.
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "sk": "nplurals=3; plural=((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2);",
    "hi": "nplurals=2; plural=(n > 1);",
}


def catalog(code: str) -> Catalog:
    with open(LOCALE / code / "LC_MESSAGES" / "allfives.po", "rb") as f:
        return read_po(f, locale=code)


def ids(found: Catalog) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in found if m.id}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """What ``pybabel extract`` finds in the source today."""
    pot = tmp_path_factory.mktemp("pot") / "allfives.pot"
    subprocess.run([str(PYBABEL), "-q", "extract", "-F", "babel.cfg", "-c", "Translators:",
                    "-o", str(pot), "."], cwd=ROOT, check=True)
    with open(pot, "rb") as f:
        return read_po(f)


def test_every_catalog_is_complete_by_the_compilers_statistics(tmp_path):
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy, ignore=shutil.ignore_patterns("*.mo"))
    done = subprocess.run([str(PYBABEL), "compile", "--statistics", "-d", str(copy),
                           "-D", "allfives"], capture_output=True, text=True, check=True)
    counts = re.findall(r"(\d+) of (\d+) messages \((\d+)%\) translated in (\S+)",
                        done.stdout + done.stderr)
    assert sorted(Path(path).parts[-3] for _, _, _, path in counts) == sorted(TRANSLATED)
    assert all(n == total and n != "0" for n, total, _, _ in counts), counts
    assert "fuzzy" not in done.stdout + done.stderr


def test_no_fuzzy_or_empty_entry_and_one_template(extracted):
    template = ids(extracted)
    assert len(template) > 300
    for code in TRANSLATED:
        found = catalog(code)
        assert ids(found) == template, code  # nothing missing, nothing stale
        for message in found:
            if not message.id:
                continue
            assert not message.fuzzy, (code, message.id)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(s.strip() for s in strings), (code, message.id)


def test_the_kept_template_is_what_the_source_says(extracted):
    with open(LOCALE / "allfives.pot", "rb") as f:
        assert ids(read_po(f)) == ids(extracted)


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_has_its_plural_rule(code):
    assert catalog(code).plural_forms == PLURAL_FORMS[code]


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_placeholders(code):
    for message in catalog(code):
        if not message.id:
            continue
        if isinstance(message.id, str):
            assert set(PLACEHOLDER.findall(message.string)) == set(
                PLACEHOLDER.findall(message.id)), (code, message.id, message.string)
            continue
        english = set(PLACEHOLDER.findall(message.id[1]))
        for form in message.string:
            # a form may leave the count out ("one game": "ein Spiel"), never add a name
            assert set(PLACEHOLDER.findall(form)) <= english, (code, message.id, form)
            assert english - {"n"} <= set(PLACEHOLDER.findall(form)), (code, message.id, form)


def said_in_source() -> set[str]:
    """Every literal msgid the web modules pass to ``_``, ``N_`` or ``ngettext``,
    found by Python's own parser: a call inside an f-string, which Babel's
    extractor does not see, is found here."""
    found = set()
    for path in (ROOT / "allfives" / "web").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "N_", "ngettext") and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
    return found


def test_every_call_in_the_source_is_extracted(extracted):
    missing = said_in_source() - ids(extracted)
    assert not missing, f"not extracted (inside an f-string?): {sorted(missing)}"
