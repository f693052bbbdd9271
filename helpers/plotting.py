"""Pictures for the notebooks: sample digits, training curves, bar charts of ratios.

Introduced in 03_data_and_tf_function (digits), 04_keras_fit (curves) and
01_modules_and_variables (bars). Each function draws one figure and returns it,
so a notebook can show it and a test can inspect it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import MaxNLocator

from helpers import _arguments

#: Most digits one :func:`show_digits` figure draws (a 4,000-digit figure takes a minute and gigabytes).
MAX_DIGITS = 200

matplotlib.rcParams.update({"figure.dpi": 80, "axes.grid": True, "grid.alpha": 0.3})


def show_digits(images, labels, predictions=None, columns: int = 8, title: str | None = None):
    """Return a figure with a grid of digits, each titled with its label (and prediction); at most 200 digits."""
    columns = _arguments.integer("columns", columns, minimum=1)
    images = np.asarray(images)
    labels = np.asarray(labels)
    if images.ndim == 4 and images.shape[-1] == 1:
        images = images[..., 0]
    if images.ndim != 3:
        raise ValueError(f"images must have shape (N, H, W) or (N, H, W, 1), got {images.shape}")
    if labels.shape != (len(images),):
        raise ValueError(f"labels must have shape ({len(images)},), got {labels.shape}")
    if predictions is not None:
        predictions = np.asarray(predictions)
        if predictions.shape != labels.shape:
            raise ValueError(f"predictions must have shape {labels.shape}, got {predictions.shape}")
    n = len(images)
    if n > MAX_DIGITS:
        raise ValueError(
            f"images: show_digits draws at most {MAX_DIGITS} digits, got {n}; pass a slice, "
            f"e.g. show_digits(images[:{columns * 4}], labels[:{columns * 4}])"
        )
    rows = max(1, -(-n // columns))
    fig, axes = plt.subplots(rows, columns, figsize=(columns * 1.1, rows * 1.3), squeeze=False)
    for i, ax in enumerate(axes.flat):
        ax.axis("off")
        if i >= n:
            continue
        ax.imshow(images[i], cmap="gray_r")
        text = f"{labels[i]}"
        color = "black"
        if predictions is not None:
            text = f"{labels[i]}→{predictions[i]}"
            color = "green" if predictions[i] == labels[i] else "red"
        ax.set_title(text, fontsize=10, color=color)
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    return fig


def _curve(name, values) -> np.ndarray:
    """Return one curve as a 1-D float array; TypeError for what is not a number, ValueError for NaN."""
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__iter__"):
        raise TypeError(f"curve {name!r} must be a non-empty 1-D sequence of numbers, got {type(values).__name__}")
    if getattr(values, "ndim", 1) != 1 or len(items := list(values)) == 0:
        raise ValueError(f"curve {name!r} must be a non-empty 1-D sequence of numbers")
    numbers = []
    for i, value in enumerate(items):
        if value is None or isinstance(value, (str, bytes, bool, np.bool_)):
            raise TypeError(f"curve {name!r} must hold numbers; item {i} is {value!r}")
        try:
            number = float(value)  # Python and NumPy numbers, scalar tensors
        except (TypeError, ValueError):
            raise TypeError(f"curve {name!r} must hold numbers; item {i} is {value!r}") from None
        if not np.isfinite(number):
            raise ValueError(f"curve {name!r} must hold finite numbers; item {i} is {value!r}")
        numbers.append(number)
    return np.asarray(numbers)


def plot_curves(
    curves: Mapping[str, Sequence[float]],
    xlabel: str = "epoch",
    ylabel: str = "",
    title: str | None = None,
    logy: bool = False,
):
    """Return a figure with one line per named series (e.g. a Keras ``history.history``)."""
    if not isinstance(curves, Mapping) or not curves:
        raise ValueError("curves must be a non-empty mapping of name -> sequence of numbers")
    checked = {name: _curve(name, values) for name, values in curves.items()}  # all checked before drawing
    fig, ax = plt.subplots(figsize=(6, 3.5))
    for name, values in checked.items():
        steps = np.arange(1, len(values) + 1)
        ax.plot(steps, values, marker="o" if len(values) <= 30 else None, label=name)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, steps=[1, 2, 5, 10]))  # whole epochs/steps: no 2.5 tick
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if logy:
        ax.set_yscale("log")
    if title:
        ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    return fig


def plot_bars(values: Mapping[str, float], ylabel: str = "", title: str | None = None, reference: float | None = None):
    """Return a bar chart of named values, each labelled; ``reference`` draws a dashed line (e.g. 1× = baseline)."""
    if not isinstance(values, Mapping) or not values:
        raise ValueError("values must be a non-empty mapping of name -> number")
    names = list(values)
    heights = [_arguments.number(f"values[{k!r}]", values[k]) for k in names]
    if reference is not None:
        reference = _arguments.number("reference", reference)
    fig, ax = plt.subplots(figsize=(max(4, 1.4 * len(names)), 3.2))
    bars = ax.bar(names, heights, color=plt.cm.tab10.colors[: len(names)])
    ax.bar_label(bars, labels=[f"{h:.1f}" for h in heights])
    if reference is not None:
        ax.axhline(reference, color="gray", linestyle="--", linewidth=1)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    ax.margins(y=0.15)
    fig.tight_layout()
    return fig
