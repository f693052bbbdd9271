"""Measure how long something takes: warm-up first, then the median of repeats.

Introduced in 01_modules_and_variables; used wherever a notebook compares speeds.
Times vary from run to run, so notebooks print *ratios* rounded coarsely, and the
claim they prove is a comparison (for example "tf.function is faster"), not a time.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    """Seconds per call: the median and the spread (max - min) over the repeats."""

    median: float
    spread: float
    repeats: int

    def __str__(self) -> str:
        return f"{self.median * 1000:.2f} ms ± {self.spread * 1000 / 2:.2f} ms (n={self.repeats})"


def measure(fn: Callable[[], object], repeats: int = 5, warmup: int = 1, number: int = 1) -> Timing:
    """Return the :class:`Timing` of ``fn()``: ``warmup`` untimed calls, then ``repeats`` timed rounds of ``number`` calls."""
    if not callable(fn):
        raise TypeError(f"fn must be callable, got {type(fn).__name__}")
    for arg, value, low in (("repeats", repeats, 1), ("warmup", warmup, 0), ("number", number, 1)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise ValueError(f"{arg} must be an int >= {low}, got {value!r}")
    for _ in range(warmup):
        fn()
    rounds = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        rounds.append((time.perf_counter() - start) / number)
    return Timing(statistics.median(rounds), max(rounds) - min(rounds), repeats)


def compare(timings: dict[str, Timing], baseline: str) -> dict[str, float]:
    """Return how many times faster each entry is than ``baseline`` (baseline median / entry median)."""
    if baseline not in timings:
        raise KeyError(f"baseline {baseline!r} is not one of {sorted(timings)}")
    base = timings[baseline].median
    return {name: base / t.median for name, t in timings.items()}
