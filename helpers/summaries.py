"""Read back the scalars that ``tf.summary`` wrote, and draw them the way TensorBoard does.

Introduced in 08_metrics_losses_summaries. TensorFlow 2's ``tf.summary.scalar``
stores each value as a 0-d tensor (plugin "scalars"); older writers (TF1,
``tf.compat.v1.summary``) used ``simple_value``. Both are read here, so a
notebook can show, and assert on, exactly what TensorBoard would plot.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import tensorflow as tf
from matplotlib.ticker import MaxNLocator

from helpers import _arguments

#: Event files written by ``tf.summary`` writers start with this name.
EVENT_FILE_PREFIX = "events.out.tfevents."

Scalars = dict[str, list[tuple[int, float]]]


def _as_dir(logdir: str | os.PathLike) -> Path:
    if not isinstance(logdir, (str, os.PathLike)):
        raise TypeError(f"logdir must be a path (str or os.PathLike), got {type(logdir).__name__}")
    path = Path(logdir)
    if not path.is_dir():
        raise ValueError(f"logdir must be an existing folder of TensorBoard logs, got {str(logdir)!r}")
    return path


def event_files(logdir: str | os.PathLike) -> list[Path]:
    """Return the event files directly inside ``logdir`` (not in subfolders), sorted by name."""
    path = _as_dir(logdir)
    return sorted(p for p in path.iterdir() if p.is_file() and p.name.startswith(EVENT_FILE_PREFIX))


def _scalar_value(value) -> float | None:
    """Return the number held by one ``Summary.Value``, or None if it is not a scalar."""
    kind = value.WhichOneof("value")
    if kind == "simple_value":
        return float(value.simple_value)
    if kind == "tensor":
        plugin = value.metadata.plugin_data.plugin_name
        if plugin not in ("", "scalars"):
            return None  # histograms, images, text ... are not scalars
        array = tf.make_ndarray(value.tensor)
        if array.ndim != 0 or not np.issubdtype(array.dtype, np.number):
            return None
        return float(array)
    return None


def read_scalars(logdir: str | os.PathLike) -> Scalars:
    """Return every scalar logged in ``logdir`` as ``{tag: [(step, value), ...]}``, each list sorted by step.

    Reads the event files directly inside ``logdir`` (one writer's folder, such as
    ``logs/08_metrics/train``). Raises ValueError if the folder holds no event file.
    """
    files = event_files(logdir)
    if not files:
        raise ValueError(
            f"logdir must contain event files ({EVENT_FILE_PREFIX}*), found none in {str(logdir)!r}"
        )
    scalars: Scalars = {}
    for file in files:
        try:
            for event in tf.compat.v1.train.summary_iterator(str(file)):
                for value in event.summary.value:
                    number = _scalar_value(value)
                    if number is not None:
                        scalars.setdefault(value.tag, []).append((int(event.step), number))
        except (tf.errors.OpError, ValueError) as err:  # DataLossError for a truncated or corrupt record
            raise ValueError(
                f"logdir {str(logdir)!r}: event file {file.name!r} cannot be read "
                f"({type(err).__name__}: {getattr(err, 'message', err)}); delete it or write the logs again"
            ) from err
    return {tag: sorted(points, key=lambda p: p[0]) for tag, points in sorted(scalars.items())}


def read_runs(root: str | os.PathLike) -> dict[str, Scalars]:
    """Return ``{run: read_scalars(root/run)}`` for every subfolder of ``root`` that holds event files.

    A run is what TensorBoard calls one writer's folder, e.g. ``train`` and ``test``.
    Raises ValueError if no subfolder holds event files.
    """
    path = _as_dir(root)
    runs = {
        sub.name: read_scalars(sub)
        for sub in sorted(p for p in path.iterdir() if p.is_dir())
        if event_files(sub)
    }
    if not runs:
        raise ValueError(
            f"root must have subfolders with event files (one per run), found none in {str(root)!r}"
        )
    return runs


def _points(run: str, tag: str, points) -> list[tuple[float, float]]:
    """Return one run's series for ``tag`` checked: a non-empty list of (step, value) number pairs."""
    where = f"runs[{run!r}][{tag!r}]"
    if isinstance(points, (str, bytes, Mapping)) or not isinstance(points, (list, tuple)):
        raise TypeError(f"{where} must be a list of (step, value) pairs, got {type(points).__name__}")
    if not points:
        raise ValueError(f"{where} must hold at least one (step, value) pair, got an empty list")
    checked = []
    for i, point in enumerate(points):
        if not isinstance(point, (list, tuple)) or len(point) != 2:
            raise TypeError(f"{where}[{i}] must be a (step, value) pair, got {point!r}")
        try:
            step = _arguments.number(f"{where}[{i}] step", point[0])
            checked.append((step, _arguments.number(f"{where}[{i}] value", point[1])))
        except (TypeError, ValueError) as err:
            raise type(err)(f"{err}: each point must be a (step, value) pair of finite numbers") from None
    return checked


def plot_runs(runs: Mapping[str, Scalars], tag: str, title: str | None = None):
    """Return a figure with one line per run for ``tag``, plotted against the logged steps (like TensorBoard)."""
    if not isinstance(runs, Mapping) or not runs:
        raise ValueError("runs must be a non-empty mapping of run name -> {tag: [(step, value), ...]}")
    if not isinstance(tag, str):
        raise TypeError(f"tag must be a str, got {type(tag).__name__}: {tag!r}")
    for name, scalars in runs.items():
        if not isinstance(scalars, Mapping):
            raise TypeError(f"runs[{name!r}] must be a mapping of tag -> [(step, value), ...], got "
                            f"{type(scalars).__name__}")
    having = {name: _points(name, tag, runs[name][tag]) for name in runs if tag in runs[name]}
    if not having:
        tags = sorted({t for scalars in runs.values() for t in scalars})
        raise ValueError(f"tag must be logged in at least one run; {tag!r} is not among {tags}")
    fig, ax = plt.subplots(figsize=(6, 3.5))
    for name, points in having.items():
        steps, values = zip(*points)
        ax.plot(steps, values, marker="o" if len(points) <= 30 else None, label=name)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # steps are whole numbers: no 0.25 ticks
    ax.set_xlabel("step")
    ax.set_ylabel(tag)
    ax.set_title(title if title is not None else tag)
    ax.legend()
    fig.tight_layout()
    return fig
