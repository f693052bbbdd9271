"""helpers.plotting: each function draws what it is given and rejects bad input clearly."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from helpers import plotting  # noqa: E402


def test_show_digits_titles_are_labels_and_predictions():
    images = np.zeros((3, 28, 28, 1))
    fig = plotting.show_digits(images, np.array([1, 2, 3]), predictions=np.array([1, 0, 3]), columns=2)
    titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
    assert titles == ["1→1", "2→0", "3→3"]
    colors = [ax.title.get_color() for ax in fig.axes if ax.get_title()]
    assert colors == ["green", "red", "green"]
    assert len(fig.axes) == 4  # 2 x 2 grid, last one blank


def test_show_digits_rejects_mismatched_labels():
    with pytest.raises(ValueError, match=r"labels must have shape \(2,\)"):
        plotting.show_digits(np.zeros((2, 28, 28)), np.array([1, 2, 3]))
    with pytest.raises(ValueError, match="images must have shape"):
        plotting.show_digits(np.zeros((28, 28)), np.array([1]))


def test_plot_curves_one_line_per_series():
    fig = plotting.plot_curves({"loss": [3, 2, 1], "val_loss": [3.5, 2.5, 2]}, ylabel="loss")
    ax = fig.axes[0]
    assert [line.get_label() for line in ax.get_lines()] == ["loss", "val_loss"]
    np.testing.assert_array_equal(ax.get_lines()[0].get_xdata(), [1, 2, 3])


def test_plot_curves_rejects_empty():
    with pytest.raises(ValueError, match="non-empty mapping"):
        plotting.plot_curves({})
    with pytest.raises(ValueError, match="curve 'loss' must be a non-empty 1-D"):
        plotting.plot_curves({"loss": []})


def test_plot_bars_labels_each_bar():
    fig = plotting.plot_bars({"eager": 1.0, "tf.function": 7.25}, reference=1.0)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["eager", "tf.function"]
    assert [t.get_text() for t in ax.texts] == ["1.0", "7.2"]


def test_plot_bars_rejects_empty():
    with pytest.raises(ValueError, match="non-empty mapping"):
        plotting.plot_bars({})
