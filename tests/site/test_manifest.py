"""The installable app in CPython: the manifest's fields, its icons made by
the build at their sizes (read from the PNG headers), its screenshots, its
shortcuts inside the app's scope and understood by the page, the service
worker keeping the icons, and the licence the package files declare."""

from __future__ import annotations

import doctest
import gettext
import json
import re
import tomllib
from pathlib import PurePosixPath
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest

from allfives.site import icons, manifests
from allfives.site.contents import publishes
from allfives.web.home.launch import launch
from allfives.web.i18n import catalogs as i18n
from allfives.web.i18n.page_text import manifest_href

from ..helpers import ROOT

MANIFEST = ROOT / "static" / "manifest.webmanifest"
# Where the manifest lies under a GitHub Pages project path (every path is relative).
BASE = "https://someone.github.io/all-fives/static/manifest.webmanifest"
SITE = "https://someone.github.io/all-fives/"


def manifest() -> dict:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def local(url: str) -> PurePosixPath:
    """A manifest URL as a path in the checkout (relative to the site)."""
    absolute = urljoin(BASE, url)
    assert absolute.startswith(SITE), absolute
    return PurePosixPath(urlsplit(absolute).path.removeprefix("/all-fives/"))


def test_the_manifest_names_the_app_and_where_it_starts():
    m = manifest()
    for field in ("id", "name", "short_name", "description", "start_url", "scope", "display",
                  "background_color", "theme_color", "icons", "screenshots", "shortcuts"):
        assert m.get(field), field
    assert m["display"] == "standalone"
    assert urljoin(BASE, m["scope"]) == SITE
    assert urljoin(BASE, m["start_url"]) == SITE + "index.html"
    assert len(m["short_name"]) <= 12 and len(m["description"]) > 40
    # every path relative, so the site works under a project path
    paths = [m["start_url"], m["scope"], *(i["src"] for i in m["icons"]),
             *(s["src"] for s in m["screenshots"]), *(s["url"] for s in m["shortcuts"])]
    assert not [p for p in paths if p.startswith("/") or "//" in p]


def test_the_build_made_every_icon_the_manifest_names_at_its_size():
    listed = {(i["src"], i["sizes"], i.get("purpose", "any")) for i in manifest()["icons"]}
    for icon in icons.ICONS:
        src = f"./vendor/icons/{icon.name}"
        assert (src, f"{icon.size}x{icon.size}", icon.purpose) in listed, icon
        path = icons.FOLDER / icon.name
        assert path.is_file(), f"{path} is missing: run `make vendor`"
        assert icons.png_size(path.read_bytes()) == (icon.size, icon.size)
    # the ones installing needs: 192 and 512 pixels, and a maskable one
    assert {(i.size, i.purpose) for i in icons.ICONS} >= {(192, "any"), (512, "any"),
                                                          (512, "maskable")}
    for i in manifest()["icons"]:
        assert publishes(local(i["src"])) and (ROOT / local(i["src"])).is_file(), i


def test_the_icons_are_rendered_by_the_build_not_committed():
    assert "static/vendor/" in (ROOT / ".gitignore").read_text()
    vendor = (ROOT / "scripts" / "vendor.py").read_text()
    assert "icons.RENDERER" in vendor
    package = json.loads((ROOT / "package.json").read_text())
    assert re.fullmatch(r"\d+\.\d+\.\d+", package["devDependencies"]["@resvg/resvg-wasm"])


def test_png_size_reads_the_header_and_refuses_what_is_no_png():
    assert doctest.testmod(icons).failed == 0
    with pytest.raises(ValueError):
        icons.png_size(b"GIF89a" + bytes(30))


def test_the_screenshots_are_there_at_their_sizes_wide_and_narrow():
    shots = manifest()["screenshots"]
    assert {s["form_factor"] for s in shots} == {"wide", "narrow"}
    for shot in shots:
        path = ROOT / local(shot["src"])
        assert publishes(local(shot["src"])) and path.is_file(), shot
        width, height = icons.png_size(path.read_bytes())
        assert shot["sizes"] == f"{width}x{height}" and shot["type"] == "image/png"
        assert (width > height) == (shot["form_factor"] == "wide")
        assert shot["label"]


def test_each_shortcut_opens_the_page_in_scope_with_an_action_it_knows():
    shortcuts = manifest()["shortcuts"]
    assert [s["name"] for s in shortcuts] == ["New game", "Daily deal", "Puzzles"]
    done = []
    for shortcut in shortcuts:
        url = urljoin(BASE, shortcut["url"])
        assert url.startswith(urljoin(BASE, manifest()["scope"])), url
        assert urlsplit(url).path == "/all-fives/index.html"
        (value,) = parse_qs(urlsplit(url).query)["do"]
        done.append(launch(value))
        declared = {i["src"] for i in manifest()["icons"]}
        assert all(icon["src"] in declared for icon in shortcut.get("icons", [])), shortcut
    assert done == ["new", "daily", "puzzles"]


def test_the_service_worker_keeps_the_icons_for_offline_use():
    sw = (ROOT / "sw.js").read_text()
    kept = re.search(r"const ALSO_KEEP = \[(.*?)\];", sw, re.S)
    assert kept
    for icon in icons.ICONS:
        assert f'"./static/vendor/icons/{icon.name}"' in kept.group(1), icon.name
    for code in i18n.LANGUAGES:  # the manifest of every language
        assert f'"{manifest_href(code)}"' in kept.group(1), code


def test_the_licence_is_the_mit_text_the_package_files_declare():
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n\nCopyright (c) 2026 The All Fives authors\n")
    assert "Permission is hereby granted, free of charge" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert pyproject["project"]["license"] == "MIT"
    assert json.loads((ROOT / "package.json").read_text())["license"] == "MIT"


# What a language's manifest changes (its texts and its paths); the rest is the template's.
CHANGED = {"lang", "name", "description", "start_url", "scope", "icons", "screenshots",
           "shortcuts"}


def paths(manifest: dict) -> list[str]:
    """Every path in ``manifest``, in order."""
    shortcuts = manifest["shortcuts"]
    return [manifest["start_url"], manifest["scope"], *(i["src"] for i in manifest["icons"]),
            *(s["src"] for s in manifest["screenshots"]), *(s["url"] for s in shortcuts),
            *(i["src"] for s in shortcuts for i in s.get("icons", ()))]


def test_each_language_has_the_app_in_its_words_and_the_same_app(tmp_path):
    """The build writes a manifest per language (the catalogs' translations),
    the page links it by its language, and every path in it leads where the
    English one's do: one app, started and scoped alike."""
    english = manifest()
    written = manifests.build(tmp_path)
    assert sorted(p.name for p in written) == sorted(
        f"{code}.webmanifest" for code in i18n.LANGUAGES if code != i18n.ENGLISH)
    assert manifest_href(i18n.ENGLISH) == "./static/manifest.webmanifest"
    assert manifest_href("xx") == manifest_href(i18n.ENGLISH)
    for path in written:
        code = path.stem
        built = json.loads(path.read_text(encoding="utf-8"))
        href = manifest_href(code)
        assert href == f"./static/vendor/manifests/{code}.webmanifest"
        # the file the build keeps for the site is this one
        assert json.loads((ROOT / href).read_text(encoding="utf-8")) == built, code
        words = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[code]).gettext
        assert built["lang"] == code and built["id"] == english["id"]
        assert built["short_name"] == english["short_name"] == "All Fives"
        assert built["name"] == words("All Fives dominoes") != english["name"]
        assert built["description"] == words(english["description"]) != english["description"]
        assert [s["name"] for s in built["shortcuts"]] == [
            words(s["name"]) for s in english["shortcuts"]]
        assert [s["name"] for s in built["shortcuts"]] != [s["name"] for s in english["shortcuts"]]
        assert [s["label"] for s in built["screenshots"]] == [
            words(s["label"]) for s in english["screenshots"]]
        here = urljoin(SITE, href.removeprefix("./"))
        assert [urljoin(here, p) for p in paths(built)] == [urljoin(BASE, p)
                                                          for p in paths(english)]
        assert {k: v for k, v in built.items() if k not in CHANGED} == \
            {k: v for k, v in english.items() if k not in CHANGED}


def test_babel_finds_the_manifests_texts_with_their_lines_and_notes():
    with open(MANIFEST, "rb") as f:
        found = list(manifests.extract(f, (), ("Translators:",), {}))
    lines = MANIFEST.read_text(encoding="utf-8").splitlines()
    english = manifest()
    assert [text for _, _, text, _ in found] == [
        english["name"], english["description"], *(s["label"] for s in english["screenshots"]),
        "New game", "Daily deal", "Today's deal, the same for everyone",
        "Puzzles", "Find the best play"]
    for line, function, text, notes in found:
        assert json.dumps(text, ensure_ascii=False) in lines[line - 1] and function == ""
        assert len(notes) == 1 and notes[0].startswith("Translators: ")
