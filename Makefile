# Every target installs what it needs into the project (.venv, node_modules),
# so `make serve` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8000
export NO_MKDOCS_2_WARNING := 1

.PHONY: install build serve test check test-under-load lint bench screenshots clean browser

# The project itself is installed editable, so the venv's mkdocs and zensical find build_scripts
# without PYTHONPATH.
$(STAMP): pyproject.toml
	@echo "make: installing the Python packages into $(VENV) (pyproject.toml)"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[site,test]'
	touch $@

# The pinned Pyodide runtime (package-lock.json); npm ci checks each tarball's integrity.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	@echo "make: installing the Node packages into node_modules (package-lock.json)"
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The browsers, from Debian: chromium-headless-shell for the whole browser suite (Chromium's
# engine without the browser around it; chromium if the shell is missing), chromium for
# make bench, firefox-esr and webkit2gtk-driver (WebKitWebDriver + MiniBrowser) for the
# cross-engine scenarios, xvfb for WebKit's window and xclip to read its clipboard.
# Installed with apt when root; otherwise the missing ones are named (their cross-engine
# tests skip, saying why) and, without any Chromium, Playwright's own is downloaded.
# $$CHROMIUM, $$FIREFOX, $$WEBKIT_DRIVER may point elsewhere.
browser: $(STAMP)
	@missing=""; \
	{ [ -n "$$CHROMIUM" ] || command -v chromium >/dev/null 2>&1; } || missing="$$missing chromium"; \
	{ [ -n "$$CHROMIUM" ] || command -v chromium-headless-shell >/dev/null 2>&1; } || missing="$$missing chromium-headless-shell"; \
	{ [ -n "$$FIREFOX" ] || command -v firefox-esr >/dev/null 2>&1; } || missing="$$missing firefox-esr"; \
	{ [ -n "$$WEBKIT_DRIVER" ] || command -v WebKitWebDriver >/dev/null 2>&1; } || missing="$$missing webkit2gtk-driver"; \
	command -v Xvfb >/dev/null 2>&1 || missing="$$missing xvfb"; \
	command -v xclip >/dev/null 2>&1 || missing="$$missing xclip"; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else \
	  echo "make: browsers for the tests are missing; install the Debian packages with:"; \
	  echo "  sudo apt-get install$$missing"; \
	  echo "  (until then their cross-engine tests are skipped, each with this reason)"; \
	  case "$$missing " in *" chromium "*) $(PY) -m playwright install chromium;; esac; \
	fi

# The Python and the Node installs do not depend on each other: on a fresh clone they run side
# by side.
install:
	@$(MAKE) --no-print-directory --silent -j2 $(STAMP) $(NODE_STAMP)

# The site generator: MkDocs with Material, or GENERATOR=zensical (build_scripts/generator.py).
WITH_GENERATOR := $(if $(GENERATOR),SITE_GENERATOR=$(GENERATOR))

# Parse the sources and write docs/rules/, run the generator, then the post-build steps;
# a stage whose inputs did not change since it last ran is skipped (build_scripts/incremental.py).
# FORCE=1 runs every stage.
build: install
	$(WITH_GENERATOR) $(PY) -m build_scripts.incremental $(if $(FORCE),--force)

# Serves the built site exactly as deployed (post-build files included), with the
# deployed headers: the Content-Security-Policy and application/wasm (README, "Deploying").
# It rebuilds when a source changes and reloads the open page (devtools/watch.py), with the
# same GENERATOR.
serve: install
	$(WITH_GENERATOR) $(PY) -m devtools.serve --watch --port $(PORT) --directory site

# The whole browser suite runs in Chromium, the cross-engine scenarios in Firefox and WebKit;
# their Chromium run repeats what the Chromium suite checks, so it is left out here
# (`.venv/bin/python -m pytest -m chromium` runs it). The tests are shared between TEST_JOBS
# processes a file at a time (all drive one copy of the site, served by a process of its
# own; the cross-engine files go together, tests/conftest.py), in file order: the browser
# tests first, the many quick ones last, to even out the end (xdist's default, the files with
# most tests first, left a long one-test file to the end). Two processes keep both cores of a
# 2-core machine busy; the browsers' own threads fill the rest.
# TEST_JOBS=1 runs one process, in file order. At the end it names the 15 slowest tests and the
# time spent per test folder (tests/support/time_spent.py).
TEST_JOBS ?= 2
test: lint build browser
	node --test tests/js/
	$(PY) -m pytest -m "not chromium" --durations=15 $(if $(filter-out 1,$(TEST_JOBS)),-n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder)

# The quick loop for authors, within a minute on a 2-core machine: the linters, the JavaScript
# logic tests and every Python test that needs no browser, except the `builds` tests (a site build,
# a Node step of the build: pyproject.toml's markers), which make test runs with the browser suite.
check: lint build
	node --test tests/js/
	$(PY) -m pytest tests --ignore=tests/browser -m "not builds" --hypothesis-profile=quick $(if $(filter-out 1,$(TEST_JOBS)),-n $(TEST_JOBS))

# The whole make test of the committed HEAD, from a fresh clone, with a CPU-bound process of its
# own beside it taking one core (as CI's machine can be); both bounded in time (40 minutes,
# LIMIT_S=<seconds> to change it) and stopped whatever happens (tests/support/under_load.py). It
# says passed or failed, and the time.
test-under-load:
	$(PYTHON) -m tests.support.under_load $(if $(LIMIT_S),--limit $(LIMIT_S))

# Ruff for the Python, import-linter for the stages' import rules (pyproject.toml), ESLint for the
# JavaScript; all pinned, all must be clean.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	npx --no-install eslint .

# Builds its own copy of the site, serves it on 127.0.0.1 and measures it in Chromium.
# BASELINE=main also measures main's build in the same run (a "before" column).
bench: build browser
	$(PY) -m benchmarks $(if $(BASELINE),--baseline $(BASELINE))

# Every calculator on a phone, before (BASELINE, default main) and after, into
# test-results/phone-screenshots/ (run it after make test, which empties test-results/).
screenshots: build browser
	$(PY) -m benchmarks.phone_screenshots --baseline $(or $(BASELINE),main)

clean:
	rm -rf site build docs/rules
