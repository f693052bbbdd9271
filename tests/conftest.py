"""Shared test set-up: configure TensorFlow the way the notebooks do, before any test imports it."""

import helpers

#: Unit-test files that take seconds, not milliseconds: a fresh Python process
#: (reproducibility), the benchmark smoke run, building the dataset (data).
SLOW_FILES = ("test_reproducibility.py", "test_benchmarks.py", "test_data.py")


def pytest_configure(config):
    # With pytest-xdist (-n N) the controller process only hands out tests and runs none:
    # importing TensorFlow there would add its ~5 s import before the workers even start.
    is_xdist_controller = config.getoption("dist", "no") != "no" and not hasattr(config, "workerinput")
    if not is_xdist_controller:
        helpers.make_reproducible(seed=42, quiet=True)


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
