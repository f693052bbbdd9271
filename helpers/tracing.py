"""Count how often a ``tf.function`` traces.

Introduced in 01_modules_and_variables, which shows which inputs make a
``tf.function`` trace again (retracing) and how ``input_signature`` and
``reduce_retracing`` avoid it.
"""

from __future__ import annotations

from collections.abc import Iterable


def tracing_counts(fn, inputs: Iterable) -> list[int]:
    """Return the running count of ``fn``'s traces after each call ``fn(x)``, for each ``x`` of ``inputs`` in turn.

    Introduced in 01_modules_and_variables. ``fn`` is a ``tf.function``; its count
    (``experimental_get_tracing_count()``) includes traces made before this call.
    """
    if not hasattr(fn, "experimental_get_tracing_count"):
        raise TypeError(f"fn must be a tf.function (it counts its traces), got {type(fn).__name__}")
    if isinstance(inputs, (str, bytes)) or not isinstance(inputs, Iterable):
        raise TypeError(f"inputs must be a list of arguments for fn, got {type(inputs).__name__}")
    counts = []
    for x in inputs:
        fn(x)
        counts.append(fn.experimental_get_tracing_count())
    return counts
