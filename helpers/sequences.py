"""Toy sequence data for the recurrent-network examples.

Introduced in 07_dynamic_rnn. The data are generated from a seed with NumPy, so
every run (and every machine) gets the same sequences.
"""

from __future__ import annotations

import numpy as np


def running_sum(n: int, steps: int, features: int = 3, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(x, y)``: ``x`` (n, steps, features) uniform in [-0.5, 0.5), ``y`` (n, steps, 1) its running sum.

    ``y[i, t, 0]`` is the sum of all features of ``x[i, :t + 1]``: the target a
    recurrent network has to carry through time. Both arrays are ``float32``.
    """
    for arg, value in (("n", n), ("steps", steps), ("features", features)):
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{arg} must be an int >= 1, got {value!r}")
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed must be a non-negative int, got {seed!r}")
    rng = np.random.default_rng(seed)
    x = rng.uniform(-0.5, 0.5, size=(n, steps, features)).astype(np.float32)
    y = np.cumsum(x.astype(np.float64).sum(axis=-1), axis=1)[..., None].astype(np.float32)
    return x, y
