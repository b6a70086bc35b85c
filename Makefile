# Two commands on a fresh machine (Python 3.10+ with pip and venv):
#   make demo   set up .venv and build the bundled example corpus into out/demo
#   make test   set up .venv and run the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test setup clean

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

clean:
	rm -rf $(VENV) out .pytest_cache
