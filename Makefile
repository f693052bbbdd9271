# Two commands on a fresh machine:
#   make lab    set up, then open notebooks/ in JupyterLab
#   make test   set up, then run every test (helpers' unit tests + strict nbval)
# Also: make setup (set up only), make notebooks (re-execute and store outputs).

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# Notebooks run two at a time (the machines this targets have 2 cores).
JOBS ?= 2

.PHONY: setup lab test unit nbval notebooks clean

setup: $(VENV)/.installed

$(VENV)/.installed: requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

lab: setup
	$(VENV)/bin/jupyter lab notebooks/

test: setup unit nbval

unit: setup
	$(PY) -m pytest tests/

nbval: setup
	$(PY) -m pytest --nbval notebooks/ -n $(JOBS) --dist loadfile

notebooks: setup
	$(PY) tools/run_notebooks.py --jobs $(JOBS) $(if $(REFRESH),--refresh-ignored) notebooks/*.ipynb

clean:
	rm -rf $(VENV) logs notebooks/logs notebooks/exports .pytest_cache .ruff_cache
