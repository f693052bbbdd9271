"""Shared test set-up: configure TensorFlow the way the notebooks do, before any test imports it."""

import helpers

helpers.make_reproducible(seed=42, quiet=True)
