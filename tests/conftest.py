"""Shared test set-up: configure TensorFlow the way the notebooks do, before any test imports it."""

import helpers


def pytest_configure(config):
    # With pytest-xdist (-n N) the controller process only hands out tests and runs none:
    # importing TensorFlow there would add its ~5 s import before the workers even start.
    is_xdist_controller = config.getoption("dist", "no") != "no" and not hasattr(config, "workerinput")
    if not is_xdist_controller:
        helpers.make_reproducible(seed=42, quiet=True)
