# Two commands on a fresh machine (Python 3.10+ with pip and venv):
#   make demo   set up .venv and build the bundled example corpus into out/demo
#   make test   set up .venv and run the whole test suite
#   make check  lint (ruff), format check and type check (mypy)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test check setup clean

# the folders kept in ruff format's layout
FORMATTED := src tests benchmarks

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

setup: $(STAMP)

demo: $(STAMP)
	$(BIN)/storyline build examples/ -o out/demo
	@echo "Open out/demo/index.html in a browser."

test: $(STAMP)
	$(BIN)/python -m pytest

check: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check $(FORMATTED)
	$(BIN)/mypy

clean:
	rm -rf $(VENV) out .pytest_cache
