#!/usr/bin/env python3
"""Copy the pinned Pyodide files, the Zstandard decoder of its workers and
the Devanagari font Hindi pages use, from node_modules/ into static/vendor/
(git-ignored), zip the allfives package for the page, build the standard
library it starts with (both sent packed: allfives/site/pack.mjs),
render the app's PNG icons (allfives/site/icons.py) and write its manifest and
its own words in each language (allfives/site/manifests.py,
page_words.py).

Run after ``npm ci``; ``make play`` and ``make test`` do both.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# `make play` runs this with the system python3 on a fresh machine, where no
# virtualenv has installed the package: find allfives in this checkout.
sys.path.insert(0, str(ROOT))

from allfives.site import bundle, icons, manifests, page_words  # noqa: E402

NODE = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# Noto Sans Devanagari (SIL OFL), served by us: a phone or desktop without a
# Devanagari font still shows Hindi, and the page asks no other host for it.
FONT_PACKAGE = "@fontsource/noto-sans-devanagari"
FONT_FILES = ("files/noto-sans-devanagari-devanagari-400-normal.woff2",
              "files/noto-sans-devanagari-devanagari-700-normal.woff2", "LICENSE")


# What the page imports from the standard library besides what an import
# statement names (tests/browser/test_stdlib_imports.py records it), and the
# Python the page runs besides allfives.zip: its worker's scripts.
STDLIB_SEEN = ROOT / "allfives" / "site" / "page_stdlib.txt"
PAGE_PYTHON = (("allfives.web.app", "allfives/web/app.py"),
               ("allfives.web.worker", "allfives/web/worker.py"))

# The Zstandard decoder (MIT) the page's workers unpack the packed zips with
# (static/packed.mjs): its ES module, and its licence beside it.
DECODER_PACKAGE = "fzstd"
DECODER_FILES = (("esm/index.mjs", "fzstd.mjs"), ("LICENSE", "fzstd.LICENSE"))

# Renders the PNG icons at build time (scripts/icons.mjs); nothing of it is served.
ICON_RENDERER = "@resvg/resvg-wasm"


def installed_version(package: str) -> str:
    return json.loads((NODE / package / "package.json").read_text())["version"]


def pinned_version(package: str) -> str:
    declared = json.loads((ROOT / "package.json").read_text())
    return {**declared["dependencies"], **declared["devDependencies"]}[package]


def main() -> int:
    for package in ("pyodide", DECODER_PACKAGE, FONT_PACKAGE, ICON_RENDERER):
        if not (NODE / package / "package.json").exists():
            print(f"vendor: {package} is not in node_modules/; run `npm ci` first", file=sys.stderr)
            return 1
        if installed_version(package) != pinned_version(package):
            print(f"vendor: node_modules has {package} {installed_version(package)}, package.json "
                  f"pins {pinned_version(package)}; run `npm ci`", file=sys.stderr)
            return 1
    shutil.rmtree(VENDOR, ignore_errors=True)
    pyodide_dir = VENDOR / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, pyodide_dir / name)
    # Pyodide reads its lock file as it starts (27 kB gzipped): the packages
    # it could load from its CDN, which the page never asks another host for
    # (its Content-Security-Policy would refuse them anyway). Kept: its info.
    lock = pyodide_dir / "pyodide-lock.json"
    lock.write_text(json.dumps({**json.loads(lock.read_text()), "packages": {}}))
    for name, served in DECODER_FILES:
        shutil.copy2(NODE / DECODER_PACKAGE / name, VENDOR / served)
    fonts_dir = VENDOR / "fonts"
    fonts_dir.mkdir()
    for name in FONT_FILES:
        shutil.copy2(NODE / FONT_PACKAGE / name, fonts_dir / Path(name).name)
    bundle.build()
    # The standard library the game starts with: only what the page imports, as
    # bytecode (allfives/site/compile_stdlib.mjs); the bare stock one stays beside it.
    try:
        subprocess.run(["node", str(bundle.PACKAGE / "site" / "compile_stdlib.mjs"),
                        str(VENDOR / "stdlib.zip"), str(bundle.BUNDLE), str(STDLIB_SEEN),
                        *(f"{name}={path}" for name, path in PAGE_PYTHON)], check=True, cwd=ROOT)
        bundle.pack(VENDOR / "stdlib.zip")
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"vendor: could not build static/vendor/stdlib.zip with Node.js ({e})",
              file=sys.stderr)
        return 1
    # The app's PNG icons, from static/icon.svg (allfives/site/icons.py)
    try:
        subprocess.run(["node", str(icons.RENDERER), str(icons.SOURCE), str(icons.FOLDER),
                        json.dumps([list(icon) for icon in icons.ICONS]),
                        str(icons.MASKABLE_SCALE)], check=True, cwd=ROOT)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"vendor: could not render the icons with Node.js ({e})", file=sys.stderr)
        return 1
    # The installed app's manifest and the page's own words in each language
    # (allfives/site/manifests.py, page_words.py)
    try:
        manifests.build()
        page_words.build()
    except OSError as e:  # a catalog not compiled: `make catalogs`
        print(f"vendor: could not write the translated manifests and page words ({e})",
              file=sys.stderr)
        return 1
    print(f"vendor: Pyodide {installed_version('pyodide')} copied into "
          f"{VENDOR.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
