"""Measure how long something takes: warm-up first, then the median of repeats.

Introduced in 01_modules_and_variables; used wherever a notebook compares speeds.
Times vary from run to run, so notebooks print *ratios* next to the machine they
were measured on (:func:`machine_text`, in Chinese), and never assert on a time.
``make bench`` (benchmarks/) records the same description as one ASCII line
(:func:`machine_line`), which also titles its chart.
:func:`scaling` splits a loop's time into a fixed cost per call (timed directly, with no work)
and a cost per unit of work (03).
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from helpers import _arguments


@dataclass(frozen=True)
class Timing:
    """Seconds per call: the median and the spread (max - min) over the repeats."""

    median: float
    spread: float
    repeats: int

    def __str__(self) -> str:
        if self.repeats == 1:  # one round has no spread to show
            return f"{self.median * 1000:.2f} ms (n=1)"
        return f"{self.median * 1000:.2f} ms ± {self.spread * 1000 / 2:.2f} ms (n={self.repeats})"


def measure(fn: Callable[[], object], repeats: int = 5, warmup: int = 1, number: int = 1) -> Timing:
    """Return the :class:`Timing` of ``fn()``: ``warmup`` untimed calls, then ``repeats`` timed rounds of ``number`` calls."""
    if not callable(fn):
        raise TypeError(f"fn must be callable, got {type(fn).__name__}")
    repeats = _arguments.integer("repeats", repeats, minimum=1)
    warmup = _arguments.integer("warmup", warmup, minimum=0)
    number = _arguments.integer("number", number, minimum=1)
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
    if not isinstance(timings, Mapping) or not timings:
        raise TypeError(f"timings must be a non-empty dict of name -> Timing (from measure()), got {timings!r}")
    for name, t in timings.items():
        if not isinstance(t, Timing):
            raise TypeError(f"timings[{name!r}] must be a Timing (from measure()), got {type(t).__name__}: {t!r}")
        if not t.median > 0:  # also catches NaN
            raise ValueError(
                f"timings[{name!r}] has median {t.median!r} s, so no ratio can be computed: "
                "time more calls per round (measure(..., number=...))"
            )
    try:
        known = baseline in timings
    except TypeError:  # unhashable
        known = False
    if not known:
        raise KeyError(f"baseline {baseline!r} is not one of {sorted(map(str, timings))}")
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


def _onednn_setting() -> bool | None:
    """Return whether ``TF_ENABLE_ONEDNN_OPTS`` turns oneDNN on (True) or off (False); None if unset (TF's default)."""
    value = os.environ.get("TF_ENABLE_ONEDNN_OPTS")
    if value is None:
        return None
    return value.strip().lower() in ("1", "true")


#: Keys :func:`machine_line` and :func:`machine_text` need; the settings keys (determinism, oneDNN, threads) are optional.
MACHINE_KEYS = ("cpu", "usable_cores", "gpus", "tensorflow", "keras", "python", "date")


#: The words of the settings part of :func:`machine_line` (English, ASCII) and :func:`machine_text` (Chinese).
_SETTINGS_WORDS = {
    "en": {"determinism": "op determinism {}", "onednn": "oneDNN {}", "threads": "TF threads {} intra/{} inter",
           True: "on", False: "off", "unknown": "unknown", "default": "TF default", "auto": "auto", "sep": ", "},
    "zh": {"determinism": "确定性算子：{}", "onednn": "oneDNN：{}", "threads": "TF 线程：算子内 {}、算子间 {}",
           True: "开", False: "关", "unknown": "未知", "default": "TF 默认", "auto": "自动", "sep": " · "},
}


def _settings(machine: dict, language: str = "en") -> str:
    """Return e.g. 'op determinism on, oneDNN off, TF threads 2 intra/2 inter' from what ``machine`` records.

    ``language="zh"``: '确定性算子：开 · oneDNN：关 · TF 线程：算子内 2、算子间 2'.
    """
    words = _SETTINGS_WORDS[language]
    parts = []
    if "deterministic_ops" in machine:
        flag = machine["deterministic_ops"]
        parts.append(words["determinism"].format(words[flag] if flag in (True, False) else words["unknown"]))
    if "onednn" in machine:
        flag = machine["onednn"]
        parts.append(words["onednn"].format(words[flag] if flag in (True, False) else words["default"]))
    if "tf_intra_op_threads" in machine and "tf_inter_op_threads" in machine:
        intra, inter = (machine[k] or words["auto"] for k in ("tf_intra_op_threads", "tf_inter_op_threads"))
        parts.append(words["threads"].format(intra, inter))
    return words["sep"].join(parts)


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
        "onednn": _onednn_setting(),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    }


def _checked_machine(machine: dict | None) -> dict:
    """Return ``machine`` (default: :func:`machine_info` now) after checking it has what a description needs."""
    if machine is None:
        return machine_info()
    if not isinstance(machine, Mapping):
        raise TypeError(f"machine must be a dict from machine_info() (or None), got {type(machine).__name__}")
    missing = [key for key in MACHINE_KEYS if key not in machine]
    if missing:
        raise ValueError(f"machine must be a dict from machine_info(); it lacks {missing}")
    if not isinstance(machine["gpus"], list) or not all(isinstance(g, Mapping) and "name" in g for g in machine["gpus"]):
        raise ValueError(f"machine['gpus'] must be a list of dicts with a 'name', got {machine['gpus']!r}")
    if not isinstance(machine["date"], str):
        raise ValueError(f"machine['date'] must be an ISO date string, got {machine['date']!r}")
    return machine


def machine_line(machine: dict | None = None) -> str:
    """Return one ASCII line: machine, versions, settings (determinism, oneDNN, threads); default: this machine, now.

    For ``make bench``'s report and chart title (plots have no Chinese font); notebooks print :func:`machine_text`.
    """
    machine = _checked_machine(machine)
    gpus = ", ".join(g["name"] for g in machine["gpus"]) or "no GPU"
    settings = _settings(machine)
    line = (
        f"{machine['cpu']} ({machine['usable_cores']} cores), {gpus}; "
        f"TF {machine['tensorflow']}, Keras {machine['keras']}, Python {machine['python']}; "
        + (f"{settings}; " if settings else "")
        + f"{machine['date'][:10]}"
    )
    return line.encode("ascii", "replace").decode("ascii")


def machine_text(machine: dict | None = None) -> str:
    """Return the same description as :func:`machine_line` in Chinese, for the notebooks' timing cells.

    E.g. 'AMD EPYC（可用 2 核），无 GPU；TensorFlow 2.21.0 · Keras 3.15.1 · Python 3.11.7；
    确定性算子：开 · oneDNN：关 · TF 线程：算子内 2、算子间 2；2026-12-01'.
    """
    machine = _checked_machine(machine)
    gpus = "、".join(g["name"] for g in machine["gpus"]) or "无 GPU"
    settings = _settings(machine, "zh")
    return (
        f"{machine['cpu']}（可用 {machine['usable_cores']} 核），{gpus}；"
        f"TensorFlow {machine['tensorflow']} · Keras {machine['keras']} · Python {machine['python']}；"
        + (f"{settings}；" if settings else "")
        + f"{machine['date'][:10]}"
    )


@dataclass(frozen=True)
class Benchmark:
    """Time per unit of work of each candidate, and how many times faster than ``baseline`` each one is."""

    timings: dict[str, Timing]
    speedups: dict[str, float]
    baseline: str
    unit: str

    def __str__(self) -> str:
        width = max(display_width(name) for name in self.timings)
        rows = [f"每{self.unit}用时和速度（以{_spaced(self.baseline)}为 1 倍）："]
        rows += [
            f"{name}{' ' * (width - display_width(name))}  {t.median * 1000:8.2f} ms  {self.speedups[name]:6.1f} 倍"
            for name, t in self.timings.items()
        ]
        return "\n".join(rows)


def display_width(text: str) -> int:
    """Return how many columns ``text`` takes in a monospaced font: CJK and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _spaced(name: str) -> str:
    """Put a space between ``name`` and the Chinese around it only where ``name`` begins or ends in Latin text."""
    return f"{' ' if name[:1].isascii() else ''}{name}{' ' if name[-1:].isascii() else ''}"


def benchmark(
    candidates: dict[str, Callable[[], object]],
    baseline: str,
    units: dict[str, int] | None = None,
    unit: str = "次",
    repeats: int = 5,
    warmup: int = 1,
    min_round_s: float = 0.02,
) -> Benchmark:
    """Return a :class:`Benchmark`: each candidate timed per ``unit`` and compared with ``baseline`` (01_modules_and_variables).

    Each candidate gets ``warmup`` untimed calls (tracing happens there), then ``repeats`` rounds of
    enough calls to last at least ``min_round_s``. ``units[name]`` is how many units of work one call
    of that candidate does (e.g. 10 training steps per call; default 1), so all times are per unit.
    ``unit`` names one unit in the printed table's header, as a Chinese measure word: "步" (step),
    "批" (batch), "遍" (pass); the default "次" is one call.
    """
    if not isinstance(candidates, dict) or not candidates:
        raise ValueError("candidates must be a non-empty dict of name -> function without arguments")
    for name, fn in candidates.items():
        if not isinstance(name, str) or not callable(fn):
            raise TypeError(f"candidates must map str names to callables, got {name!r}: {type(fn).__name__}")
    if baseline not in candidates:
        raise KeyError(f"baseline {baseline!r} is not one of the candidates {list(candidates)}")
    units = dict(units or {})
    for name, n in units.items():
        if name not in candidates:
            raise KeyError(f"units names {name!r}, which is not one of the candidates {list(candidates)}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ValueError(f"units[{name!r}] must be an int >= 1 (units of work per call), got {n!r}")
    if not isinstance(unit, str) or not unit.strip():
        raise ValueError(f"unit must be a non-empty str such as '步' (printed as 每步), got {unit!r}")
    for arg, value, low in (("repeats", repeats, 1), ("warmup", warmup, 0)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise ValueError(f"{arg} must be an int >= {low}, got {value!r}")
    if not isinstance(min_round_s, (int, float)) or isinstance(min_round_s, bool) or min_round_s < 0:
        raise ValueError(f"min_round_s must be a number of seconds >= 0, got {min_round_s!r}")
    timings = {}
    for name, fn in candidates.items():
        for _ in range(warmup):
            fn()
        start = time.perf_counter()
        fn()  # one probe call says how many calls fill a round
        once = time.perf_counter() - start
        number = max(1, -int(-min_round_s // once)) if once > 0 else 1  # ceil
        per_call = measure(fn, repeats=repeats, warmup=0, number=number)
        n = units.get(name, 1)
        timings[name] = Timing(per_call.median / n, per_call.spread / n, per_call.repeats)
    return Benchmark(timings, compare(timings, baseline), baseline, unit.strip())


@dataclass(frozen=True)
class Scaling:
    """Median seconds per call at several amounts of work, split into a fixed cost per call and a cost per unit."""

    counts: tuple[int, ...]  # the amounts of work timed, 0 first
    seconds: tuple[float, ...]  # median seconds per call at each count
    calls: tuple[int, ...]  # how many timed calls each median is over
    fixed: float  # seconds a call costs that does no work (count 0): measured, not extrapolated
    per_unit: float  # seconds each further unit of work adds: the least-squares slope through the medians


def fit_fixed_and_per_unit(counts, seconds) -> tuple[float, float]:
    """Return ``(intercept, slope)``: the least-squares line ``seconds = intercept + slope * count`` (03_data_and_tf_function)."""
    counts = [_arguments.integer("counts[i]", n, minimum=0) for n in counts]
    seconds = [_arguments.number("seconds[i]", s) for s in seconds]
    if len(counts) != len(seconds) or len(set(counts)) < 2:
        raise ValueError(f"need one time per count and at least two different counts, got {counts} and {seconds}")
    mean_n, mean_s = statistics.fmean(counts), statistics.fmean(seconds)
    slope = sum((n - mean_n) * (s - mean_s) for n, s in zip(counts, seconds)) / sum((n - mean_n) ** 2 for n in counts)
    return mean_s - slope * mean_n, slope


def scaling(fn: Callable[[int], object], counts, repeats: int = 3, enough_s: float = 0.3) -> Scaling:
    """Return the :class:`Scaling` of ``fn(n)`` timed at each ``n`` in ``counts``, 0 included (03_data_and_tf_function).

    ``fn(n)`` does ``n`` units of work (e.g. trains on ``n`` batches), so ``fn(0)`` pays only the fixed
    cost of a call: its median *is* the fixed cost, measured rather than read off a fitted line (the
    intercept of a line through noisy points can come out negative). The cost per unit is the slope of
    the least-squares line through the medians. The calls go round by round over all counts, so a
    busy spell on the machine slows every count alike. Each count gets ``repeats`` timed calls and
    keeps their median, except a count whose fastest call already takes ``enough_s`` seconds: so
    long a call is disturbed relatively little, and is not repeated. Warm ``fn`` up first (tracing,
    first runs): every call here is timed.
    """
    if not callable(fn):
        raise TypeError(f"fn must be callable with one int (the amount of work), got {type(fn).__name__}")
    counts = tuple(_arguments.integer("counts[i]", n, minimum=0) for n in counts)
    if 0 not in counts or len(set(counts)) < 2 or len(set(counts)) != len(counts):
        raise ValueError(f"counts must hold 0 (no work: the fixed cost) and at least one other amount, each once, got {counts}")
    counts = tuple(sorted(counts))
    repeats = _arguments.integer("repeats", repeats, minimum=1)
    enough_s = _arguments.number("enough_s", enough_s, minimum=0)
    times: dict[int, list[float]] = {n: [] for n in counts}
    for _ in range(repeats):
        for n in counts:
            if times[n] and min(times[n]) >= enough_s:  # this much work is long on its own: no repeat
                continue
            start = time.perf_counter()
            fn(n)
            times[n].append(time.perf_counter() - start)
    seconds = tuple(statistics.median(times[n]) for n in counts)
    _, per_unit = fit_fixed_and_per_unit(counts, seconds)
    return Scaling(counts, seconds, tuple(len(times[n]) for n in counts), seconds[0], per_unit)


def _padded(text: str, width: int) -> str:
    """Return ``text`` right-aligned in ``width`` monospaced columns (CJK characters take two)."""
    return " " * max(0, width - display_width(text)) + text


def scaling_text(results: Mapping[str, Scaling], unit: str = "批") -> str:
    """Return a Chinese table: per candidate, its fixed cost per call, its cost per ``unit``, and the medians measured (03)."""
    if not isinstance(results, Mapping) or not results or not all(isinstance(r, Scaling) for r in results.values()):
        raise TypeError("results must be a non-empty dict of name -> Scaling (from scaling())")
    counts = sorted({n for r in results.values() for n in r.counts} - {0})  # count 0 is the fixed cost itself
    width = max(display_width(name) for name in [*results, "写法"])
    columns = [f"固定开销（0 {unit}）", f"每{unit}的开销", *(f"{n} {unit}" for n in counts)]
    widths = [max(display_width(c), 10) for c in columns]
    rows = ["写法" + " " * (width - 4) + "".join("  " + _padded(c, w) for c, w in zip(columns, widths))]
    for name, r in results.items():
        measured = dict(zip(r.counts, r.seconds))
        cells = [r.fixed, r.per_unit, *(measured.get(n) for n in counts)]
        texts = [f"{s * 1000:.1f} ms" if s is not None else "—" for s in cells]
        rows.append(name + " " * (width - display_width(name)) + "".join("  " + _padded(t, w) for t, w in zip(texts, widths)))
    return "\n".join(rows)
