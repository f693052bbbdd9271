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

matplotlib.rcParams.update({"figure.dpi": 80, "axes.grid": True, "grid.alpha": 0.3})


def show_digits(images, labels, predictions=None, columns: int = 8, title: str | None = None):
    """Return a figure with a grid of digits, each titled with its label (and prediction)."""
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
    if not isinstance(columns, int) or columns < 1:
        raise ValueError(f"columns must be an int >= 1, got {columns!r}")
    n = len(images)
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
    fig, ax = plt.subplots(figsize=(6, 3.5))
    for name, values in curves.items():
        values = np.asarray(values, dtype=float)
        if values.ndim != 1 or len(values) == 0:
            raise ValueError(f"curve {name!r} must be a non-empty 1-D sequence of numbers")
        steps = np.arange(1, len(values) + 1)
        ax.plot(steps, values, marker="o" if len(values) <= 30 else None, label=name)
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
    heights = [float(values[k]) for k in names]
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
