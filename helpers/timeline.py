"""Watch an input pipeline work: when each element is produced and when it is consumed.

Introduced in 03_data_and_tf_function, to show what ``Dataset.prefetch`` does.
A :class:`Recorder` makes a producer and a consumer of known cost (each one
sleeps), records the start and end of every production and consumption, and
says how often producing element i+1 overlapped consuming element i;
:func:`record` does this for several named pipelines at once, consuming each one in a
Python loop or, as a training loop inside ``tf.function`` would, inside a graph.
:func:`plot_timeline` draws the recorded intervals as a Gantt chart.
:func:`op_determinism` switches op determinism on or off for a control run.

The times are real, so the pictures differ a little from run to run. "No overlap"
is exact: a pipeline without prefetch produces only when asked. "Overlap" depends on
tf.data's background thread starting the next element within one consumption, so on
a heavily loaded machine a delayed thread can cost a pair; 03 asserts only that at
least half of the pairs overlap.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import matplotlib
import matplotlib.pyplot as plt

if TYPE_CHECKING:
    import tensorflow as tf

matplotlib.rcParams.update({"figure.dpi": 80})

#: Order of the two rows in each panel of :func:`plot_timeline`, top to bottom.
KINDS = ("produce", "consume")


@dataclass(frozen=True)
class Interval:
    """One element's production or consumption: seconds since the recorder's first event."""

    kind: str  # "produce" or "consume"
    index: int
    start: float
    end: float


def _check_seconds(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{name} must be a number of seconds in [0, 1], got {value!r}")
    return float(value)


class Recorder:
    """Record start and end of producing and consuming each element of a small pipeline (03)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._raw: list[tuple[str, int, float, float]] = []
        self.elapsed: float | None = None  # seconds :meth:`consume` took, once it has run

    def _log(self, kind: str, index: int, start: float, end: float) -> None:
        with self._lock:  # tf.data produces on its own threads
            self._raw.append((kind, index, start, end))

    def source(self, n: int, seconds: float) -> tf.data.Dataset:
        """Return ``tf.data.Dataset.range(n)`` mapped by a producer that takes ``seconds`` per element (03)."""
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 1000:
            raise ValueError(f"n must be an int in [1, 1000], got {n!r}")
        seconds = _check_seconds("seconds", seconds)
        import numpy as np
        import tensorflow as tf

        def produce(index):
            start = time.perf_counter()
            time.sleep(seconds)  # stands in for reading and decoding one element
            self._log("produce", int(index), start, time.perf_counter())
            return np.int64(index)

        # stateful=False: the result depends only on the input (the log is only our
        # instrumentation). A stateful function would make tf.data turn prefetching off
        # while op determinism is on, as it is in these notebooks.
        def produce_op(index):
            value = tf.numpy_function(produce, [index], tf.int64, stateful=False)
            return tf.ensure_shape(value, [])

        return tf.data.Dataset.range(n).map(produce_op)

    def consume(self, dataset: Iterable, seconds: float) -> float:
        """Iterate over ``dataset`` spending ``seconds`` on each element (a fresh record); return the seconds it took (03)."""
        seconds = _check_seconds("seconds", seconds)
        if not hasattr(dataset, "__iter__"):
            raise TypeError(f"dataset must be iterable (a tf.data.Dataset), got {type(dataset).__name__}")
        with self._lock:
            self._raw.clear()
        begin = time.perf_counter()
        for element in dataset:
            start = time.perf_counter()
            time.sleep(seconds)  # stands in for one training step
            self._log("consume", int(element), start, time.perf_counter())
        self.elapsed = time.perf_counter() - begin
        return self.elapsed

    def consumer(self, seconds: float) -> Callable[[tf.Tensor], tf.Tensor]:
        """Return a TensorFlow function of one element that spends ``seconds`` consuming it, for graph loops (03)."""
        seconds = _check_seconds("seconds", seconds)
        import numpy as np
        import tensorflow as tf

        def consume(index):
            start = time.perf_counter()
            time.sleep(seconds)  # stands in for one training step
            self._log("consume", int(index), start, time.perf_counter())
            return np.int64(index)

        def consume_op(index):  # stateful=False, as in source(): the log is only our instrumentation
            return tf.ensure_shape(tf.numpy_function(consume, [index], tf.int64, stateful=False), [])

        return consume_op

    def consume_in_graph(self, dataset: tf.data.Dataset, seconds: float, loop: Callable) -> float:
        """Run ``loop(dataset, consume)`` as a ``tf.function``, ``consume(x)`` taking ``seconds``; return the seconds (03).

        ``loop`` iterates inside the graph (``for x in dataset``, or ``next`` on an iterator) and
        calls ``consume(x)`` on each element. It is traced before the clock starts, on a fresh record.
        """
        if not callable(loop):
            raise TypeError(f"loop must be a function of (dataset, consume), got {type(loop).__name__}")
        import tensorflow as tf

        consume = self.consumer(seconds)

        @tf.function
        def run(ds):
            return loop(ds, consume)

        run.get_concrete_function(dataset)  # tracing is not part of the timeline
        with self._lock:
            self._raw.clear()
        begin = time.perf_counter()
        run(dataset)
        self.elapsed = time.perf_counter() - begin
        return self.elapsed

    @property
    def intervals(self) -> list[Interval]:
        """Return every recorded interval, in seconds since the first one started, sorted by start."""
        with self._lock:
            raw = list(self._raw)
        if not raw:
            return []
        t0 = min(start for _, _, start, _ in raw)
        return sorted((Interval(k, i, s - t0, e - t0) for k, i, s, e in raw), key=lambda iv: (iv.start, iv.kind))

    def overlaps(self) -> int:
        """Return for how many i the production of element i+1 began before the consumption of element i ended."""
        return count_overlaps(self.intervals)


def record(
    pipelines: Mapping[str, Callable[[tf.data.Dataset], Iterable]],
    n: int,
    produce_s: float,
    consume_s: float,
    loop: Callable | None = None,
) -> dict[str, list[Interval]]:
    """Return, per named pipeline, the intervals of consuming it built on a fresh :meth:`Recorder.source` (03).

    ``pipelines[name]`` turns the source (``n`` elements, ``produce_s`` seconds each) into the
    dataset to consume; each element then takes ``consume_s`` seconds to consume: in a Python
    ``for`` loop, or, given ``loop``, inside a ``tf.function`` (:meth:`Recorder.consume_in_graph`).
    """
    if not isinstance(pipelines, Mapping) or not pipelines:
        raise ValueError("pipelines must be a non-empty mapping of name -> function(source dataset) -> dataset")
    for name, make in pipelines.items():
        if not callable(make):
            raise TypeError(f"pipelines[{name!r}] must be a function of the source dataset, got {type(make).__name__}")
    timelines = {}
    if loop is not None and not callable(loop):
        raise TypeError(f"loop must be None or a function of (dataset, consume), got {type(loop).__name__}")
    for name, make in pipelines.items():
        recorder = Recorder()
        dataset = make(recorder.source(n, produce_s))
        if loop is None:
            recorder.consume(dataset, consume_s)
        else:
            recorder.consume_in_graph(dataset, consume_s, loop)
        timelines[name] = recorder.intervals
    return timelines


def count_overlaps(intervals: list[Interval]) -> int:
    """Return for how many i producing element i+1 began before consuming element i ended (03)."""
    produced = {iv.index: iv for iv in intervals if iv.kind == "produce"}
    consumed = {iv.index: iv for iv in intervals if iv.kind == "consume"}
    unknown = {iv.kind for iv in intervals} - set(KINDS)
    if unknown:
        raise ValueError(f"interval kinds must be {KINDS}, got {sorted(unknown)}")
    return sum(1 for i, c in consumed.items() if i + 1 in produced and produced[i + 1].start < c.end)


def _lanes(intervals: list[Interval]) -> list[list[Interval]]:
    """Split intervals into lanes in which none overlap (first free lane, by start time)."""
    lanes: list[list[Interval]] = []
    for iv in sorted(intervals, key=lambda iv: iv.start):
        for lane in lanes:
            if lane[-1].end <= iv.start:
                lane.append(iv)
                break
        else:
            lanes.append([iv])
    return lanes


def plot_timeline(timelines: Mapping[str, list[Interval]], title: str | None = None):
    """Return a Gantt chart, one panel per named timeline: a row of production and one of consumption (03)."""
    if not isinstance(timelines, Mapping) or not timelines:
        raise ValueError("timelines must be a non-empty mapping of name -> list of Interval")
    for name, intervals in timelines.items():
        if not intervals or not all(isinstance(iv, Interval) for iv in intervals):
            raise ValueError(f"timeline {name!r} must be a non-empty list of Interval")
    end = max(iv.end for intervals in timelines.values() for iv in intervals) * 1000
    colors = dict(zip(KINDS, ("tab:orange", "tab:blue")))
    fig, axes = plt.subplots(len(timelines), 1, figsize=(7, 1.3 + 1.1 * len(timelines)), sharex=True, squeeze=False)
    for ax, (name, intervals) in zip(axes[:, 0], timelines.items()):
        for row, kind in enumerate(KINDS):
            lanes = _lanes([iv for iv in intervals if iv.kind == kind])  # parallel work: stacked lanes
            height = 0.7 / max(1, len(lanes))
            for lane, members in enumerate(lanes):
                bottom = len(KINDS) - 1 - row + 0.35 - (lane + 1) * height
                spans = [(iv.start * 1000, (iv.end - iv.start) * 1000) for iv in members]
                ax.broken_barh(spans, (bottom, height), color=colors[kind], edgecolor="white")
                for iv in members:
                    center = (iv.start + iv.end) / 2 * 1000
                    ax.text(center, bottom + height / 2, str(iv.index), ha="center", va="center",
                            fontsize=8 if len(lanes) == 1 else 6)  # stacked lanes are half as tall
        last = max(iv.end for iv in intervals) * 1000
        ax.axvline(last, color="gray", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(KINDS)), list(reversed(KINDS)))
        ax.set_ylim(-0.6, len(KINDS) - 0.4)
        ax.set_title(f"{name}: {last:.0f} ms", fontsize=10, loc="left")
        ax.grid(axis="x", alpha=0.3)
    axes[-1, 0].set_xlim(0, end * 1.03)
    axes[-1, 0].set_xlabel("time (ms)")
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    return fig


@contextlib.contextmanager
def op_determinism(enabled: bool):
    """Return a context in which op determinism is on (``True``) or off (``False``), restored on exit (03's control run).

    tf.data reads the setting when an iterator is created, so build and consume the pipelines inside the block.
    """
    if not isinstance(enabled, bool):
        raise TypeError(f"enabled must be True or False, got {type(enabled).__name__}: {enabled!r}")
    import tensorflow as tf
    from tensorflow.python.framework import config  # is/disable_op_determinism are not public

    was_on = config.is_op_determinism_enabled()
    (tf.config.experimental.enable_op_determinism if enabled else config.disable_op_determinism)()
    try:
        yield
    finally:
        (tf.config.experimental.enable_op_determinism if was_on else config.disable_op_determinism)()
