# Two commands on a fresh machine:
#   make lab    set up, then open JupyterLab on notebooks/ (the repository root is served)
#   make test   set up, then run every test (helpers' unit tests + strict nbval)
# Also: make setup (set up only), make notebooks (re-execute and store outputs),
#       make lint (ruff + notebook rules + workflow schema; part of make test),
#       make twice (every code cell run twice in a row, as a learner may),
#       make fresh (each notebook alone from an empty data folder, strict),
#       make browser (run one notebook through JupyterLab in headless Chromium; pytest -m ui),
#       make bench (measure the guide's speed advice on this machine),
#       make book (the notebooks as a website in build/book/), make book-pdf, make book-check.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# Notebooks run two at a time (the machines this targets have 2 cores).
JOBS ?= 2

.PHONY: lighthouse setup lock lab test lint unit nbval nbval-lax notebooks twice fresh browser bench compat book book-pdf book-check clean

setup: $(VENV)/.installed

# tools/setup_venv.py: checks the Python (3.11+), rebuilds a .venv made with another one,
# then installs exactly requirements.lock with uv (hashes checked) and helpers, editable.
$(VENV)/.installed: requirements.lock pyproject.toml tools/setup_venv.py
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "make setup：找不到 $(PYTHON)；请用 make setup PYTHON=python3.11 指定。 / make setup: $(PYTHON) not found; pass one: make setup PYTHON=python3.11"; exit 2; }
	@$(PYTHON) tools/setup_venv.py --venv $(VENV)
	@touch $@

# Re-resolve the locks from requirements.txt and requirements-book.txt (uv pip compile, for
# Python 3.11 on Linux x86-64, every file's hash). Versions already locked are kept unless
# UPGRADE=1 (the newest releases within the ranges); LOCK_ARGS passes more options to uv,
# e.g. the weekly job's --overrides. Then `make setup` installs the new lock.
LOCK_FOR := --python-version 3.11 --python-platform x86_64-manylinux_2_28
LOCK_OPTS = --quiet --generate-hashes --excludes requirements-exclude.txt $(LOCK_FOR) \
	--custom-compile-command "make lock" $(if $(UPGRADE),--upgrade) $(LOCK_ARGS)
UV := $(firstword $(wildcard $(VENV)/bin/uv) uv)
lock:
	$(UV) pip compile $(LOCK_OPTS) requirements.txt -o requirements.lock
	$(UV) pip compile $(LOCK_OPTS) requirements-book.txt -c requirements.lock -o requirements-book.lock

# JupyterLab serves the repository root (so the notebooks' links to ../README.md work) and
# opens on notebooks/. Kernels talk over IPC (no TCP warning), their sockets in a temporary folder, not next to the notebooks. It refuses to start as root
# unless told (containers, CI machines).
lab: setup
	ipc=$$(mktemp -d -t kernel-ipc-XXXXXX) && \
	$(VENV)/bin/jupyter lab --ServerApp.root_dir=$(CURDIR) --LabApp.default_url=/lab/tree/notebooks \
		--KernelManager.transport=ipc --KernelManager.ip=$$ipc/kernel $(if $(filter 0,$(shell id -u)),--allow-root)

# One pytest run for the notebooks and the unit tests, so the two workers stay busy.
# Each file goes to one worker, in collection order (--no-loadscope-reorder): the
# notebooks first, then the slow unit-test files, then the short ones, which fill
# the gaps at the end (the order is set in tests/conftest.py).
test: setup lint
	$(PY) -m pytest --nbval notebooks/ tests/ -n $(JOBS) --dist loadfile --no-loadscope-reorder

# Seconds, no TensorFlow: ruff (code and notebooks), the house rules of every
# notebook (tools/lint_notebooks.py), the exercise sections in step with
# helpers/exercises (tools/sync_exercises.py --check), and the GitHub workflows against their schema.
# All three run, so one go shows every problem. The schema check (1.5 s) runs again
# only when a workflow file has changed since it last passed.
WORKFLOWS := $(wildcard .github/workflows/*.yml)

lint: setup
	@status=0; \
	$(VENV)/bin/ruff check || status=1; \
	$(PY) -m tools.lint_notebooks || status=1; \
	$(PY) -m tools.sync_exercises --check || status=1; \
	$(MAKE) -s --no-print-directory $(VENV)/.workflows-checked || status=1; \
	exit $$status

$(VENV)/.workflows-checked: $(WORKFLOWS) $(VENV)/.installed
	$(VENV)/bin/check-jsonschema --builtin-schema vendor.github-workflows $(WORKFLOWS)
	@touch $@

unit: setup
	$(PY) -m pytest tests/

nbval: setup
	$(PY) -m pytest --nbval notebooks/ -n $(JOBS) --dist loadfile

# Every cell must run, outputs are not compared (the weekly newest-TensorFlow job).
nbval-lax: setup
	$(PY) -m pytest --nbval-lax notebooks/ -n $(JOBS) --dist loadfile

notebooks: setup
	$(PY) -m tools.run_notebooks --jobs $(JOBS) $(if $(REFRESH),--refresh-ignored) notebooks/

# A learner who runs a cell twice: every code cell of every notebook runs twice in a row, in
# one kernel per notebook; a cell may only fail the second time if its error says to restart
# the kernel. About twice as long as the notebooks themselves; .ci/run runs it after make test.
twice: setup
	$(PY) -m tools.run_twice notebooks/

# A learner's first run, for every notebook: each one alone, in its own kernel with a new,
# empty data folder (TFDS_DATA_DIR), must give exactly the stored outputs (strict nbval).
fresh: setup
	$(PY) -m pytest --nbval --fresh-data notebooks/ -n $(JOBS) --dist loadfile

# A reader's view: JupyterLab on 127.0.0.1 in headless Chromium runs every cell of
# NOTEBOOK (a copy; the file is not changed) and checks kernel, errors and plots: the
# pytest-playwright tests in tests/ui/test_jupyterlab.py (marker ui, not part of make test).
# Needs Chromium (Debian: apt-get install chromium). Screenshot: artifacts/browser/.
# Default: notebooks/03_data_and_tf_function.ipynb, or the first notebook if it is missing.
NOTEBOOK ?=
UI_PYTEST = $(PY) -m pytest -m ui --tb=short
browser: setup
	$(UI_PYTEST) tests/ui/test_jupyterlab.py $(if $(NOTEBOOK),--notebook=$(NOTEBOOK))

# Time the guide's speed claims on this machine (a few minutes on 2 cores) and write
# benchmarks/results/results.{json,md,png}. BENCH_ARGS=--quick for a smoke run.
bench: setup
	$(PY) -m benchmarks --out benchmarks/results $(BENCH_ARGS)

# The compatibility matrix, one row or several: ROW="colab minimum" (see tools/compat.py
# --list). Each row makes a fresh environment with that Python, preinstalls its TensorFlow
# as Colab has it, installs the project as the Colab cell does, checks that TensorFlow,
# Keras and NumPy did not move, and runs the notebooks. Needs PyPI (~600 MB per row).
# COMPAT_ARGS=--diff also lists the cells whose stored output differs on that row.
ROW ?= colab
compat:
	$(PYTHON) tools/compat.py $(ROW) $(COMPAT_ARGS)

# The book: README, notebooks (their stored outputs; nothing is executed), glossary and
# benchmark results as a website in build/book/ (Sphinx + MyST-NB, book/). Offline;
# warnings are errors. Its packages (requirements-book.lock, no TensorFlow) go into .venv
# the first time, so make lab / make test never install them.
book: $(VENV)/.book-installed
	$(PY) -m book.build_book

$(VENV)/.book-installed: requirements-book.lock tools/setup_venv.py
	@$(PYTHON) tools/setup_venv.py --venv $(VENV) --add requirements-book.lock
	@touch $@

# The whole book as one PDF, build/book/effective-tf2.pdf (linked from the landing page): a
# single-page build printed by headless Chromium (needs Debian's chromium). Offline.
book-pdf: book
	$(PY) -m book.build_pdf

# Lighthouse (npm lighthouse@12.2.3 through npx, the system's Chromium) on four pages of the
# built book, served gzipped as GitHub Pages serves it, with its mobile defaults; the table
# goes to benchmarks/results/lighthouse.md. The first run downloads Lighthouse (about 20 s).
lighthouse: book
	$(PY) -m benchmarks.lighthouse

# Builds the book and its PDF, then opens every page in headless Chromium (needs Debian's
# chromium): console errors, images, links, the Chinese search, searches typed without spaces,
# copy buttons, page weight, the PDF, and a phone's screen: the pytest-playwright tests in
# tests/ui/test_book.py (marker ui). TERMS="计算图 预取" searches only those glossary terms
# besides the required ones (default: all). Screenshots: artifacts/book/. The book's packages
# may be all that .venv has (the book job), so pytest runs without the nbval options of pyproject.toml.
TERMS ?=
book-check: book-pdf
	$(UI_PYTEST) -o addopts= tests/ui/test_book.py $(if $(TERMS),--terms="$(TERMS)")

clean:
	rm -rf $(VENV) logs notebooks/logs notebooks/exports .pytest_cache .ruff_cache artifacts build
