"""Write ``tf.summary`` logs from empty folders, read back the scalars, and draw them the way TensorBoard does.

Introduced in 05_keras_fit_advanced (a TensorBoard callback's logs read back);
08_metrics_losses_summaries writes its own. TensorFlow 2's ``tf.summary.scalar``
stores each value as a 0-d tensor (plugin "scalars"); older writers (TF1,
``tf.compat.v1.summary``) used ``simple_value``. Both are read here, so a
notebook can show, and assert on, exactly what TensorBoard would plot.
"""

from __future__ import annotations

import os
import shutil
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


def clear_logs(logdir: str | os.PathLike) -> Path:
    """Delete ``logdir`` if it holds nothing but event files (in any subfolder); return it as a Path.

    Used before a run that writes logs (a writer here, or Keras's TensorBoard callback), so a re-run
    does not pile its points onto the last run's.

    Refuses to delete a folder that holds any other file, so a wrong path cannot wipe out real work.
    """
    if not isinstance(logdir, (str, os.PathLike)):
        raise TypeError(f"logdir must be a path (str or os.PathLike), got {type(logdir).__name__}")
    if not str(logdir):
        raise ValueError("logdir must be a non-empty path: '' would mean the current folder")
    path = Path(logdir)
    if path.exists() or path.is_symlink():
        if path.is_symlink() or not path.is_dir():
            raise ValueError(f"logdir must be a folder for TensorBoard logs, got a file or link: {str(logdir)!r}")
        others = sorted(
            str(p.relative_to(path))
            for p in path.rglob("*")
            if p.is_symlink() or (not p.is_dir() and not p.name.startswith(EVENT_FILE_PREFIX))
        )
        if others:
            raise ValueError(
                f"logdir must hold only TensorBoard event files before it is cleared; {str(logdir)!r} "
                f"also holds {others[:3]}: give the logs a folder of their own"
            )
        shutil.rmtree(path)
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


def _check_runs(runs) -> None:
    if not isinstance(runs, Mapping) or not runs:
        raise ValueError("runs must be a non-empty mapping of run name -> {tag: [(step, value), ...]}")
    for name, scalars in runs.items():
        if not isinstance(scalars, Mapping):
            raise TypeError(f"runs[{name!r}] must be a mapping of tag -> [(step, value), ...], got "
                            f"{type(scalars).__name__}")


def describe_runs(runs: Mapping[str, Scalars], digits: int = 3) -> str:
    """Return what ``read_runs`` found as text: per run and tag, how many points, their steps, each value to ``digits`` decimals.

    One block of three lines per ``run/tag`` (the names TensorBoard shows), in the order of ``runs``.
    """
    _check_runs(runs)
    digits = _arguments.integer("digits", digits, minimum=0)
    lines = []
    for run, scalars in runs.items():
        for tag, points in scalars.items():
            checked = _points(run, tag, points)
            steps = [int(s) if s.is_integer() else s for s, _ in checked]
            lines += [f"{run}/{tag}：{len(checked)} 个点", f"  步数：{steps}",  # full-width colons after Chinese labels
                      f"  数值：[{', '.join(f'{v:.{digits}f}' for _, v in checked)}]"]
    return "\n".join(lines)


def plot_runs(
    runs: Mapping[str, Scalars], tag: str, title: str | None = None, xlabel: str = "step", ylabel: str | None = None
):
    """Return a figure with one line per run for ``tag``, plotted against the logged steps (like TensorBoard).

    The y axis is labelled with the tag unless ``ylabel`` is given. Drawn in ``helpers.plotting``'s style.
    """
    from helpers.plotting import use_style

    _check_runs(runs)
    if not isinstance(tag, str):
        raise TypeError(f"tag must be a str, got {type(tag).__name__}: {tag!r}")
    having = {name: _points(name, tag, runs[name][tag]) for name in runs if tag in runs[name]}
    if not having:
        tags = sorted({t for scalars in runs.values() for t in scalars})
        raise ValueError(f"tag must be logged in at least one run; {tag!r} is not among {tags}")
    use_style()
    fig, ax = plt.subplots(figsize=(6, 3.5))
    for name, points in having.items():
        steps, values = zip(*points)
        ax.plot(steps, values, marker="o" if len(points) <= 30 else None, label=name)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, steps=[1, 2, 5, 10]))  # whole steps, 10, 20, ... not 8, 16
    ax.set_xlabel(xlabel)
    ax.set_ylabel(tag if ylabel is None else ylabel)
    ax.set_title(title if title is not None else tag)
    ax.legend()
    fig.tight_layout()
    return fig
