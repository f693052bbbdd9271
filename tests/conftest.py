"""Shared test set-up: configure TensorFlow the way the notebooks do, before any test imports it."""

import os
import re
from pathlib import Path

import pytest

import helpers

#: The reader's switches and proxies: a test must not depend on what is exported in
#: the shell that runs it (the README shows `ETF2_FULL_MNIST=1 make lab`).
USER_SWITCHES = (
    "ETF2_FULL_MNIST",
    "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy",
    "NO_PROXY", "no_proxy", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE",
)

#: Unit-test files that take seconds, not milliseconds: a fresh Python process
#: (reproducibility), the benchmark smoke run, building the dataset (data), running
#: every exercise (exercises).
SLOW_FILES = ("test_reproducibility.py", "test_benchmarks.py", "test_data.py", "test_exercises.py")
#: tests/ui, the browser checks (marker ui): collected only when -m names ui.
UI_PARENT = Path(__file__).resolve().parent


def ui_selected(config) -> bool:
    """True when ``-m`` names the ``ui`` marker (make browser, make book-check): only then are the
    browser checks in tests/ui collected, so plain ``pytest`` and ``make test`` never see them."""
    return "ui" in re.findall(r"\w+", config.getoption("markexpr", "") or "")


def pytest_ignore_collect(collection_path, config):
    """Leave tests/ui out unless -m names ui (a plain marker filter would still import and list them)."""
    if collection_path.name == "ui" and collection_path.parent == UI_PARENT and not ui_selected(config):
        return True
    return None


def pytest_configure(config):
    # With pytest-xdist (-n N) the controller process only hands out tests and runs none:
    # importing TensorFlow there would add its ~5 s import before the workers even start.
    is_xdist_controller = config.getoption("dist", "no") != "no" and not hasattr(config, "workerinput")
    for name in USER_SWITCHES:  # before any fixture (module-scoped ones too) or subprocess reads them
        os.environ.pop(name, None)
    if not is_xdist_controller and not ui_selected(config):  # the browser checks need no TensorFlow
        helpers.make_reproducible(seed=42, quiet=True)


@pytest.fixture(autouse=True)
def _without_user_switches(monkeypatch):
    """Run every test as if none of USER_SWITCHES were set; a test sets what it needs."""
    for name in USER_SWITCHES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def pytester(pytester, monkeypatch):
    """pytest runs inside a test (pytester) without pytest-playwright (the browser checks' plugin):
    its soft-assertion scope around every test cannot nest in one process."""
    monkeypatch.setenv("PYTEST_ADDOPTS", "-p no:playwright")  # after pytester has cleared it
    return pytester


def pytest_collection_modifyitems(config, items):
    """Order the run: notebooks, then the slow unit-test files, then the many short ones.

    ``make test`` hands out whole files to two workers in this order; the short
    files at the end fill the gaps, so both workers finish at about the same time.
    """

    def rank(item):
        if item.path.suffix == ".ipynb":
            return 0
        return 1 if item.path.name in SLOW_FILES else 2

    items.sort(key=rank)  # stable: the order within each group stays as collected
