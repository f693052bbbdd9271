"""Pictures for the notebooks: sample digits, training curves, bar charts of ratios, stacked bars of times.

Introduced in 01_modules_and_variables (bars, stacked bars); 03_data_and_tf_function draws digits with it
and 04_keras_fit curves. Each function draws one figure and returns it,
so a notebook can show it and a test can inspect it. All of them, and
``helpers.summaries.plot_runs``, draw in one style (:data:`STYLE`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib
import matplotlib.legend
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import MaxNLocator

from helpers import _arguments

#: Most digits one :func:`show_digits` figure draws (a 4,000-digit figure takes a minute and gigabytes).
MAX_DIGITS = 200

#: The collection's figure style: smaller on screen than Matplotlib's default, with a light grid.
STYLE = {"figure.dpi": 80, "axes.grid": True, "grid.alpha": 0.3}


def use_style() -> None:
    """Apply :data:`STYLE`; every drawing function calls it first, so figures look alike whatever was imported."""
    matplotlib.rcParams.update(STYLE)


use_style()  # also for a notebook's own Matplotlib figures drawn after this import


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
    use_style()
    fig, axes = plt.subplots(rows, columns, figsize=(columns * 1.1, rows * 1.3), squeeze=False)
    for i, ax in enumerate(axes.flat):
        ax.axis("off")
        if i >= n:
            continue
        ax.imshow(images[i], cmap="gray_r")
        text = f"{labels[i]}"
        color = "black"
        if predictions is not None:
            right = predictions[i] == labels[i]
            text = f"{labels[i]}→{predictions[i]}" + ("" if right else " ✗")  # the mark, not only the colour
            color = "green" if right else "red"
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


def _draw_curves(ax, checked: Mapping[str, np.ndarray], overlay: Sequence[str] = (), legend_loc: str = "best") -> None:
    """Draw each curve against steps 1, 2, ...; ``overlay`` curves dashed on top of the others, drawn wide and light."""
    for name, values in checked.items():
        steps = np.arange(1, len(values) + 1)
        marker = "o" if len(values) <= 30 else None
        if name in overlay:
            ax.plot(steps, values, linestyle="--", marker=marker, markersize=4, label=name, zorder=3)
        elif overlay:
            ax.plot(steps, values, linewidth=5, alpha=0.45, label=name)
        else:
            ax.plot(steps, values, marker=marker, label=name)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, steps=[1, 2, 5, 10]))  # whole epochs/steps: no 2.5 tick
    if legend_loc == "below":  # outside the axes, under the x label: covers no curve
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), fontsize="small")
    else:
        ax.legend(loc=legend_loc)


def _checked_curves(curves, where: str = "curves") -> dict[str, np.ndarray]:
    if not isinstance(curves, Mapping) or not curves:
        raise ValueError(f"{where} must be a non-empty mapping of name -> sequence of numbers")
    return {name: _curve(name, values) for name, values in curves.items()}


def plot_curves(
    curves: Mapping[str, Sequence[float]],
    xlabel: str = "epoch",
    ylabel: str = "",
    title: str | None = None,
    logy: bool = False,
    overlay: Sequence[str] = (),
    mark_x: tuple[float, str] | None = None,
):
    """Return a figure with one line per named series (e.g. a Keras ``history.history``).

    ``overlay`` names curves to draw dashed over the others (a prediction over its
    target); ``mark_x=(x, text)`` draws a labelled vertical line at ``x``.
    """
    checked = _checked_curves(curves)  # all checked before drawing
    if not isinstance(overlay, (list, tuple)) or any(name not in checked for name in overlay):
        raise ValueError(f"overlay must be a list of curve names among {list(checked)}, got {overlay!r}")
    if mark_x is not None:
        if not (isinstance(mark_x, tuple) and len(mark_x) == 2 and isinstance(mark_x[1], str)):
            raise TypeError(f"mark_x must be a tuple (x, text), got {mark_x!r}")
        mark_x = (_arguments.number("mark_x[0]", mark_x[0]), mark_x[1])
    use_style()
    fig, ax = plt.subplots(figsize=(6, 3.5))
    _draw_curves(ax, checked, overlay)
    if mark_x is not None:
        ax.axvline(mark_x[0], color="gray", linestyle=":", linewidth=1.5)
        ax.annotate(mark_x[1], (mark_x[0], 1.0), xycoords=("data", "axes fraction"), xytext=(-4, -4),
                    textcoords="offset points", ha="right", va="top", color="gray")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if logy:
        ax.set_yscale("log")
    if title:
        ax.set_title(title)
    fig.tight_layout()
    return fig


def plot_panels(
    panels: Mapping[str, Mapping[str, Sequence[float]]],
    xlabel: str = "epoch",
    title: str | None = None,
    sharey: bool = False,
    ylabel: str = "",
    legend_loc: str = "best",
):
    """Return a figure with one panel per entry, titled by its key, each drawn like :func:`plot_curves`.

    With ``sharey=False`` each panel's key is also its y label (e.g. ``{"loss": {...}, "accuracy": {...}}``);
    with ``sharey=True`` the panels share one y axis, labelled ``ylabel`` on the first.
    ``legend_loc`` places each panel's legend: Matplotlib's ``loc`` (e.g. ``"center right"``), or ``"below"`` the panel.
    """
    if not isinstance(panels, Mapping) or not panels:
        raise ValueError("panels must be a non-empty mapping of panel title -> mapping of name -> curve")
    checked = {key: _checked_curves(curves, f"panels[{key!r}]") for key, curves in panels.items()}
    sharey = _arguments.boolean("sharey", sharey)
    locations = [*matplotlib.legend.Legend.codes, "below"]
    if not isinstance(legend_loc, str) or legend_loc not in locations:
        raise ValueError(f"legend_loc must be one of {', '.join(locations)}; got {legend_loc!r}")
    use_style()
    height = 3.2 + (0.3 + 0.2 * max(map(len, checked.values())) if legend_loc == "below" else 0)  # room for the legend
    fig, axes = plt.subplots(1, len(checked), figsize=(3.3 * len(checked) + 0.6, height), sharey=sharey, squeeze=False)
    for ax, (key, curves) in zip(axes[0], checked.items()):
        _draw_curves(ax, curves, legend_loc=legend_loc)
        ax.set_title(key)
        ax.set_xlabel(xlabel)
        if not sharey:
            ax.set_ylabel(key)
    if sharey:
        axes[0][0].set_ylabel(ylabel)
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    return fig


def plot_bars(
    values: Mapping[str, float] | Mapping[str, Mapping[str, float]],
    ylabel: str = "",
    title: str | None = None,
    reference: float | None = None,
    unit: str = "",
):
    """Return a bar chart of named values, each labelled (with ``unit`` after the number, e.g. "×").

    ``reference`` draws a dashed line (e.g. 1× = the baseline). ``values`` may instead map group
    names to such mappings: one panel per group, each with its own scale from 0, and the same
    colour for the same bar name in every panel.
    """
    if not isinstance(values, Mapping) or not values:
        raise ValueError("values must be a non-empty mapping of name -> number")
    grouped = any(isinstance(v, Mapping) for v in values.values())
    groups = values if grouped else {"": values}
    checked: dict[str, dict[str, float]] = {}
    for group, bars in groups.items():
        if not isinstance(bars, Mapping) or not bars:
            raise ValueError(f"values[{group!r}] must be a non-empty mapping of name -> number (all groups or none)")
        where = f"values[{group!r}]" if grouped else "values"
        checked[group] = {name: _arguments.number(f"{where}[{name!r}]", h) for name, h in bars.items()}
    if reference is not None:
        reference = _arguments.number("reference", reference)
    names = list(dict.fromkeys(name for bars in checked.values() for name in bars))
    colour = dict(zip(names, plt.cm.tab10.colors * (len(names) // 10 + 1)))
    use_style()
    widths = [max(2.6, 1.3 * len(bars)) for bars in checked.values()]
    fig, axes = plt.subplots(1, len(checked), figsize=(max(4, sum(widths)), 3.2), squeeze=False,
                             gridspec_kw={"width_ratios": widths})
    for ax, (group, bars) in zip(axes[0], checked.items()):
        drawn = ax.bar(list(bars), list(bars.values()), color=[colour[name] for name in bars])
        ax.bar_label(drawn, labels=[f"{h:.1f}{unit}" for h in bars.values()])
        if reference is not None:
            ax.axhline(reference, color="gray", linestyle="--", linewidth=1)
        if grouped:
            ax.set_title(group)
        ax.margins(y=0.15)
    axes[0][0].set_ylabel(ylabel)
    if title and grouped:
        fig.suptitle(title)
    elif title:
        axes[0][0].set_title(title)
    fig.tight_layout()
    return fig


def plot_stacked_bars(
    values: Mapping[str, Mapping[str, float]],
    ylabel: str = "",
    title: str | None = None,
    labels: Mapping[str, str] | None = None,
):
    """Return a chart with one bar per entry, made of its parts stacked bottom-up on one shared axis (01_modules_and_variables).

    ``values`` maps each bar to its parts, e.g. ``{"small": {"graph": 1.5, "saved": 42.0}}``; a part has
    the same colour in every bar and one legend entry. ``labels[bar]`` is written above that bar
    (default: its total). Parts must be numbers >= 0, so that the bar's height is their sum.
    """
    if not isinstance(values, Mapping) or not values:
        raise ValueError("values must be a non-empty mapping of bar name -> {part name: number >= 0}")
    checked: dict[str, dict[str, float]] = {}
    for bar, parts in values.items():
        if not isinstance(parts, Mapping) or not parts:
            raise ValueError(f"values[{bar!r}] must be a non-empty mapping of part name -> number >= 0")
        checked[bar] = {part: _arguments.number(f"values[{bar!r}][{part!r}]", h, minimum=0.0) for part, h in parts.items()}
    labels = dict(labels or {})
    unknown = [bar for bar in labels if bar not in checked]
    if unknown:
        raise KeyError(f"labels names {unknown}, which are not bars of values {list(checked)}")
    parts = list(dict.fromkeys(part for bar_parts in checked.values() for part in bar_parts))
    colour = dict(zip(parts, plt.cm.tab10.colors * (len(parts) // 10 + 1)))
    use_style()
    fig, ax = plt.subplots(figsize=(max(4, 1.4 * len(checked) + 1.6), 3.2))
    bottoms = np.zeros(len(checked))
    for part in parts:
        heights = np.array([bar_parts.get(part, 0.0) for bar_parts in checked.values()])
        ax.bar(list(checked), heights, bottom=bottoms, color=colour[part], label=part)
        bottoms += heights
    for x, (bar, total) in enumerate(zip(checked, bottoms)):
        ax.annotate(labels.get(bar, f"{total:.1f}"), (x, total), xytext=(0, 3), textcoords="offset points",
                    ha="center", va="bottom")
    ax.margins(y=0.15)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    return fig
