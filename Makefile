# Every target installs what it needs into the project (.venv, node_modules),
# so `make serve` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8000
export PYTHONPATH := $(CURDIR)
export NO_MKDOCS_2_WARNING := 1

.PHONY: build serve test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
	  print("\n".join(p["dependencies"] + [d for ds in p["optional-dependencies"].values() for d in ds]))' \
	  > $(VENV)/requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r $(VENV)/requirements.txt
	touch $@

# Parse the sources and write docs/rules/, run the generator, then the post-build steps.
build: $(STAMP)
	$(PY) -m build_scripts prebuild
	$(PY) -m mkdocs build --strict --quiet
	$(PY) -m build_scripts postbuild

# Serves the built site exactly as deployed (post-build files included).
serve: build
	@echo "Serving on http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory site

test: build
	$(PY) -m pytest

bench: build
	$(PY) -m benchmarks

clean:
	rm -rf site build docs/rules
