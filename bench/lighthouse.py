#!/usr/bin/env python3
"""Lighthouse 12.8, with its defaults, on the game as GitHub Pages serves it
(gzip: ``python -m allfives serve``'s server), mobile (its default: a
mid-range phone, simulated slow 4G and CPU) and desktop (``--preset=desktop``),
alternating, against another checkout's game in the same run (``--base``).

Lighthouse is fetched by npm on first use (``npm exec``), not a dependency of
the game; it drives this machine's Chromium (``CHROME_PATH``).

    .venv/bin/python bench/lighthouse.py [--runs 3] [--base OTHER_CHECKOUT] [--json]

Targets (issue 40): performance >= 90 desktop, >= 60 mobile; total blocking
time <= 200 ms on desktop; cumulative layout shift 0.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import harness
from harness import median
from load_time import OLD_EXTRA, build_site, built, you_lead

from allfives.site.chromium import CHROMIUM

LIGHTHOUSE = "lighthouse@12.8.2"
OUT = harness.BENCH / "lighthouse.json"
PRESETS = {"mobile": [], "desktop": ["--preset=desktop"]}
# What is kept of a report: the score and the audits the targets name.
AUDITS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
          "cumulative-layout-shift", "speed-index", "interactive")


def lighthouse(url: str, preset: str) -> dict[str, float]:
    """One Lighthouse run: the performance score (0-100) and the audits' values."""
    out = subprocess.run(
        ["npm", "exec", "--yes", "--", LIGHTHOUSE, url, "--output=json", "--output-path=stdout",
         "--quiet", "--only-categories=performance",
         "--chrome-flags=--headless=new --no-sandbox", *PRESETS[preset]],
        env={**os.environ, "CHROME_PATH": CHROMIUM}, check=True, capture_output=True, text=True)
    report = json.loads(out.stdout)
    return {"performance": round(report["categories"]["performance"]["score"] * 100),
            **{name: report["audits"][name]["numericValue"] for name in AUDITS}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=harness.at_least(1), default=3)
    parser.add_argument("--json", action="store_true", help=f"also write {OUT.name}")
    harness.add_base(parser)
    args = parser.parse_args()
    results: dict[str, list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="allfives-lighthouse-") as tmp:
        site = build_site(Path(tmp))
        old_site = built(args.base, Path(tmp) / "base") if args.base else None
        with harness.serving(site) as this, harness.serving(old_site or site, OLD_EXTRA) as old:
            pages = {"game": this, **({"base": old} if old_site else {})}
            query = f"index.html?seed={you_lead()}"
            for run in range(args.runs):
                for preset in PRESETS:
                    for kind, base in pages.items():
                        results.setdefault(f"{kind}: {preset}", []).append(
                            lighthouse(base + query, preset))
                print(f"run {run + 1} of {args.runs} done", file=sys.stderr, flush=True)
    medians = {name: {key: median([r[key] for r in runs]) for key in runs[0]}
               for name, runs in results.items()}
    for name, values in medians.items():
        print(f"{name:<16} " + ", ".join(f"{k} {v:.3g}" for k, v in values.items()))
    if args.json:
        harness.write_json(OUT, {**harness.identity(), "machine": harness.machine(),
                                 "lighthouse": LIGHTHOUSE, "medians": medians,
                                 "runs": results})
    return 0


if __name__ == "__main__":
    sys.exit(main())
