# Two entry points, each doing all its own set-up on a fresh machine:
#   make play   serve the game on 127.0.0.1 and print its address
#   make test   lint and type-check, then run every test (engine, CLI, browser)
PYTHON ?= python3
VENV := .venv
PORT ?= 8000
# pytest workers for the browser tests: they mostly wait (on Pyodide, on bots), so three run
# side by side on two cores (a subset of them took 0.71 times as long as with two:
# docs/DEVELOPING.md). --dist loadgroup keeps a module marked xdist_group on one worker
# (test_snapshot.py: its snapshot is made once, not once a worker); every other test goes to
# whichever is free. The other tests compute: they run first, one worker a core, so that no
# browser test's worker deadlines run out while they take its cores; --dist worksteal hands
# an idle worker tests queued for the other (alternating twice: 189 and 180 s against 191
# and 190 s with the default's chunks, which left a core idle for ~50 s at the end).
JOBS ?= 3
CORES ?= 2
# A browser test whose page Chromium's renderer crashed under (seen once in six full runs,
# on a shared machine) runs once more, in a new browser (tests/browser/conftest.py);
# any other failure fails at once.
CRASH_RERUN := --reruns 1 --only-rerun "page crashed" --only-rerun "Target crashed" --only-rerun "Page crashed"

.PHONY: play test pictures vendor venv chromium site catalogs

play: vendor
	$(PYTHON) -m allfives serve --port $(PORT)

test: vendor venv chromium
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy allfives
	$(VENV)/bin/python -m pytest -q -n $(CORES) --dist worksteal --ignore=tests/browser
	$(VENV)/bin/python -m pytest -q -n $(JOBS) --dist loadgroup $(CRASH_RERUN) tests/browser

# The picture tests' references (tests/browser/pictures/) written again from the page as it
# is now: after a change to what the page shows. Look at every changed picture before
# committing it (git status tests/browser/pictures).
pictures: vendor venv chromium
	ALLFIVES_PICTURES=update $(VENV)/bin/python -m pytest -q -n $(JOBS) tests/browser/test_pictures.py

# PyScript and Pyodide, pinned in package-lock.json, copied into static/vendor/,
# with the package zipped for the page (its compiled catalogs included).
vendor: node_modules/.package-lock.json catalogs
	$(PYTHON) scripts/vendor.py

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

venv: $(VENV)/.ready

# The page's languages: allfives/locale/*/LC_MESSAGES/allfives.po compiled to .mo
# (Babel, a development dependency). After changing a string in the source:
#   .venv/bin/pybabel extract --sort-by-file -F babel.cfg -c Translators: -o allfives/locale/allfives.pot .
#   .venv/bin/pybabel update -i allfives/locale/allfives.pot -d allfives/locale -D allfives
catalogs: venv
	$(VENV)/bin/pybabel -q compile -d allfives/locale -D allfives

# The dev tools, and the package itself installed editable (so tests and bench scripts
# import allfives from the checkout without path tricks) with its cluster extra (Dask, for
# --scheduler and tests/cli/test_cluster.py); redone when either file changes.
$(VENV)/.ready: requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q -r requirements-dev.txt -e '.[cluster]'
	touch $@

# Debian's Chromium: its headless shell drives the browser tests, the browser itself the
# benches (Playwright cannot download one here).
chromium:
	@command -v chromium >/dev/null && command -v chromium-headless-shell >/dev/null \
		|| { apt-get update -q && apt-get install -y -q chromium chromium-headless-shell; }

# The static site as GitHub Pages serves it (what .github/workflows/pages.yml uploads).
site: vendor
	$(PYTHON) scripts/site.py _site
