"""Measure how long something takes: warm-up first, then the median of repeats.

Introduced in 01_modules_and_variables; used wherever a notebook compares speeds.
Times vary from run to run, so notebooks print *ratios* next to the machine they
were measured on (:func:`machine_line`), and never assert on a time. The same
machine description is recorded by ``make bench`` (benchmarks/).
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


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


def cpu_model(cpuinfo: str | os.PathLike = "/proc/cpuinfo") -> str:
    """Return the CPU's model name from ``cpuinfo`` (Linux), else what ``platform`` knows, else 'unknown'."""
    try:
        text = Path(cpuinfo).read_text(errors="replace")
    except OSError:
        text = ""
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() in ("model name", "hardware", "cpu model", "model") and value.strip():
            if key.strip().lower() == "model" and value.strip().isdigit():
                continue  # x86 "model : 85" is a number, not a name
            return " ".join(value.split())
    return platform.processor() or platform.machine() or "unknown"


def gpu_info() -> list[dict]:
    """Return one dict per GPU TensorFlow sees (device, name, compute capability); empty without a GPU."""
    import tensorflow as tf

    gpus = []
    for device in tf.config.list_physical_devices("GPU"):
        try:
            details = tf.config.experimental.get_device_details(device)
        except Exception:  # noqa: BLE001 - details are optional; the device itself is the fact
            details = {}
        capability = details.get("compute_capability")
        gpus.append(
            {
                "device": device.name,
                "name": details.get("device_name", device.name),
                "compute_capability": ".".join(map(str, capability)) if capability else None,
            }
        )
    return gpus


def _determinism_enabled() -> bool | None:
    """Return whether ``tf.config.experimental.enable_op_determinism()`` is in force (None if unknown)."""
    try:  # no public getter; Keras reads the same private one
        from tensorflow.python.framework.config import is_op_determinism_enabled
    except ImportError:
        return None
    return bool(is_op_determinism_enabled())


def machine_info() -> dict:
    """Return what the figures depend on: CPU, cores, GPUs, versions, TensorFlow's threads, and the date (UTC)."""
    import keras
    import numpy as np
    import tensorflow as tf

    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        usable = os.cpu_count()
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "gpus": gpu_info(),
        "os": f"{platform.system()} {platform.release()} {platform.machine()}",
        "python": platform.python_version(),
        "tensorflow": tf.__version__,
        "keras": keras.__version__,
        "numpy": np.__version__,
        "tf_built_with_cuda": tf.test.is_built_with_cuda(),
        "tf_intra_op_threads": tf.config.threading.get_intra_op_parallelism_threads(),
        "tf_inter_op_threads": tf.config.threading.get_inter_op_parallelism_threads(),
        "deterministic_ops": _determinism_enabled(),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    }


def machine_line(machine: dict | None = None) -> str:
    """Return one ASCII line naming the machine and versions (default: this machine, now)."""
    if machine is None:
        machine = machine_info()
    gpus = ", ".join(g["name"] for g in machine["gpus"]) or "no GPU"
    line = (
        f"{machine['cpu']} ({machine['usable_cores']} cores), {gpus}; "
        f"TF {machine['tensorflow']}, Keras {machine['keras']}, Python {machine['python']}; "
        f"{machine['date'][:10]}"
    )
    return line.encode("ascii", "replace").decode("ascii")
