"""The installable app in CPython: the manifest's fields, its icons made by
the build at their sizes (read from the PNG headers), its screenshots, its
shortcuts inside the app's scope and understood by the page, the service
worker keeping the icons, and the licence the package files declare."""

from __future__ import annotations

import doctest
import json
import re
import tomllib
from pathlib import PurePosixPath
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
from helpers import ROOT

from allfives.site import icons
from allfives.site.contents import publishes
from allfives.web.home.launch import launch

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
    assert '"./static/manifest.webmanifest"' in kept.group(1)


def test_the_licence_is_the_mit_text_the_package_files_declare():
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n\nCopyright (c) 2026 The All Fives authors\n")
    assert "Permission is hereby granted, free of charge" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert pyproject["project"]["license"] == "MIT"
    assert json.loads((ROOT / "package.json").read_text())["license"] == "MIT"
