"""Check that several ways of computing the same thing agree, starting from the same state.

Introduced in 01_modules_and_variables, where one training step run eagerly, as a graph
per step, and as several steps in one graph must leave the model in the same state, and
where freezing part of a model is checked by which variables a step really changed.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


def run_from_same_start(
    variables: list, runs: dict[str, Callable[[], object]]
) -> dict[str, tuple[object, list[np.ndarray]]]:
    """Return, for each run, its result and the variables' values after it, every run starting from the same values.

    Introduced in 01_modules_and_variables. Before each run the ``variables`` (anything with
    ``numpy()`` and ``assign()``, e.g. ``tf.Variable`` or Keras variables) are set back to the
    values they had when this function was called; afterwards they are left at those values too.
    """
    variables = list(variables)
    for i, v in enumerate(variables):
        if not (hasattr(v, "numpy") and hasattr(v, "assign")):
            raise TypeError(f"variables[{i}] must be a variable (with numpy() and assign()), got {type(v).__name__}")
    if not isinstance(runs, dict) or not runs:
        raise ValueError("runs must be a non-empty dict of name -> function without arguments")
    for name, fn in runs.items():
        if not isinstance(name, str) or not callable(fn):
            raise TypeError(f"runs must map str names to callables, got {name!r}: {type(fn).__name__}")
    start = [np.array(v.numpy()) for v in variables]

    def reset() -> None:
        for v, value in zip(variables, start):
            v.assign(value)

    results = {}
    try:
        for name, fn in runs.items():
            reset()
            result = fn()
            results[name] = (result, [np.array(v.numpy()) for v in variables])
    finally:
        reset()
    return results


def same_values(a: list, b: list, atol: float = 0.0) -> bool:
    """Return True when two equally long lists of arrays (or variables/tensors) agree element by element within ``atol``.

    Introduced in 01_modules_and_variables, to compare a model's variables with another model's
    or with values saved before. Lists of different lengths are an error, not a silent mismatch.
    """
    a, b = list(a), list(b)
    if len(a) != len(b):
        raise ValueError(f"a and b must hold the same number of arrays, got {len(a)} and {len(b)}")
    if not atol >= 0:
        raise ValueError(f"atol must be a number >= 0, got {atol!r}")
    values = [[np.asarray(x.numpy() if hasattr(x, "numpy") else x) for x in side] for side in (a, b)]
    return all(x.shape == y.shape and np.allclose(x, y, rtol=0.0, atol=atol) for x, y in zip(*values))


def changed_variables(variables: list, run: Callable[[], object]) -> list[str]:
    """Return the ``path`` (or ``name``) of each variable whose value ``run()`` changed, in the order given.

    Introduced in 01_modules_and_variables, to show which variables a training step really updated
    (after freezing part of a model, an old ``tf.function`` still updates the frozen part).
    """
    variables = list(variables)
    for i, v in enumerate(variables):
        if not hasattr(v, "numpy") or not (hasattr(v, "path") or hasattr(v, "name")):
            raise TypeError(f"variables[{i}] must be a variable (with numpy() and a path or name), got {type(v).__name__}")
    if not callable(run):
        raise TypeError(f"run must be a function without arguments, got {type(run).__name__}")
    before = [np.array(v.numpy()) for v in variables]
    run()
    return [getattr(v, "path", None) or v.name for v, old in zip(variables, before) if not np.array_equal(old, v.numpy())]
