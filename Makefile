# Every target installs what it needs into the project (.venv, node_modules),
# so `make serve` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8000
export PYTHONPATH := $(CURDIR)
export NO_MKDOCS_2_WARNING := 1

.PHONY: build serve test bench clean browser

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
	  print("\n".join(p["dependencies"] + [d for ds in p["optional-dependencies"].values() for d in ds]))' \
	  > $(VENV)/requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r $(VENV)/requirements.txt
	touch $@

# The pinned Pyodide runtime (package-lock.json); npm ci checks each tarball's integrity.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# A Chromium for the browser tests: $$CHROMIUM or chromium on PATH; else Debian's
# package when root with apt; else Playwright's own download.
browser: $(STAMP)
	@if [ -n "$$CHROMIUM" ] || command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	else $(PY) -m playwright install chromium; fi

# Parse the sources and write docs/rules/, run the generator, then the post-build steps.
build: $(STAMP) $(NODE_STAMP)
	$(PY) -m build_scripts prebuild
	$(PY) -m mkdocs build --strict --quiet
	$(PY) -m build_scripts postbuild

# Serves the built site exactly as deployed (post-build files included), with the
# deployed headers: the Content-Security-Policy and application/wasm (README, "Serving").
serve: build
	$(PY) -m build_scripts.serve --port $(PORT) --directory site

test: build browser
	$(PY) -m pytest

# Builds its own copy of the site, serves it on 127.0.0.1 and measures it in Chromium.
# BASELINE=main also measures main's build in the same run (a "before" column).
bench: build browser
	$(PY) -m benchmarks $(if $(BASELINE),--baseline $(BASELINE))

clean:
	rm -rf site build docs/rules
