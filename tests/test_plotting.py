"""helpers.plotting: each function draws what it is given and rejects bad input clearly."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from helpers import plotting  # noqa: E402


def test_show_digits_titles_are_labels_and_predictions():
    images = np.zeros((3, 28, 28, 1))
    fig = plotting.show_digits(images, np.array([1, 2, 3]), predictions=np.array([1, 0, 3]), columns=2)
    titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
    assert titles == ["1→1", "2→0 ✗", "3→3"]  # a wrong prediction is marked, not only coloured
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


def test_plot_curves_ticks_only_whole_epochs():
    fig = plotting.plot_curves({"loss": [0.3, 0.2, 0.1]})
    fig.canvas.draw()
    ticks = [t for t in fig.axes[0].get_xticks() if 1 <= t <= 3]
    assert ticks and all(float(t).is_integer() for t in ticks)


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


def test_show_digits_refuses_too_many_digits_before_drawing():
    n = plotting.MAX_DIGITS + 1
    figures = len(plt.get_fignums())
    with pytest.raises(ValueError, match=rf"at most {plotting.MAX_DIGITS} digits, got {n}; pass a slice"):
        plotting.show_digits(np.zeros((n, 28, 28)), np.zeros(n, np.int64))
    assert len(plt.get_fignums()) == figures


@pytest.mark.parametrize("columns,error,message", [
    (True, TypeError, "columns must be an int, got bool"),
    (2.0, TypeError, "columns must be an int, got float"),
    (0, ValueError, "columns must be an int >= 1"),
])
def test_show_digits_bad_columns(columns, error, message):
    with pytest.raises(error, match=message):
        plotting.show_digits(np.zeros((2, 28, 28)), np.array([1, 2]), columns=columns)


def test_numpy_scalars_are_accepted():
    fig = plotting.show_digits(np.zeros((2, 28, 28)), np.array([1, 2]), columns=np.int64(2))
    assert len(fig.axes) == 2
    fig = plotting.plot_bars({"a": np.float32(1.5)}, reference=np.float64(1.0))
    assert [t.get_text() for t in fig.axes[0].texts] == ["1.5"]


@pytest.mark.parametrize("curve,error,message", [
    ([1, None], TypeError, r"curve 'a' must hold numbers; item 1 is None"),
    ([1, "2"], TypeError, r"curve 'a' must hold numbers; item 1 is '2'"),
    ([1, float("nan")], ValueError, r"curve 'a' must hold finite numbers; item 1 is nan"),
    ("123", TypeError, "curve 'a' must be a non-empty 1-D sequence"),
    (5, TypeError, "curve 'a' must be a non-empty 1-D sequence"),
    (np.zeros((2, 2)), ValueError, "curve 'a' must be a non-empty 1-D sequence"),
])
def test_plot_curves_rejects_what_is_not_a_curve(curve, error, message):
    with pytest.raises(error, match=message):
        plotting.plot_curves({"ok": [1, 2], "a": curve})


def test_plot_curves_accepts_numpy_and_tensors():
    import tensorflow as tf

    fig = plotting.plot_curves({"np": np.array([1.0, 2.0], np.float32), "tf": [tf.constant(1.0), tf.constant(0.5)]})
    np.testing.assert_array_equal(fig.axes[0].get_lines()[1].get_ydata(), [1.0, 0.5])


def test_plot_bars_rejects_non_numbers():
    with pytest.raises(TypeError, match=r"values\['a'\] must be a number, got NoneType"):
        plotting.plot_bars({"a": None})
    with pytest.raises(ValueError, match=r"values\['a'\] must be a finite number"):
        plotting.plot_bars({"a": float("nan")})


def test_grouped_bars_one_panel_per_group_from_zero_with_one_colour_per_name():
    fig = plotting.plot_bars({"small": {"eager": 1.0, "fast": 90.0}, "wide": {"eager": 1.0, "fast": 4.5}},
                             title="t", reference=1.0, unit="×")
    small, wide = fig.axes
    assert [small.get_title(), wide.get_title()] == ["small", "wide"] and fig.get_suptitle() == "t"
    assert [t.get_text() for t in wide.texts] == ["1.0×", "4.5×"]
    assert wide.get_ylim()[0] == 0 and wide.get_ylim()[1] < 10  # its own scale: 4.5 is not squashed next to 90
    assert [b.get_facecolor() for b in small.patches] == [b.get_facecolor() for b in wide.patches]


def test_grouped_bars_reject_a_mix_of_groups_and_numbers():
    with pytest.raises(ValueError, match=r"values\['b'\] must be a non-empty mapping .* \(all groups or none\)"):
        plotting.plot_bars({"a": {"x": 1.0}, "b": 2.0})
    with pytest.raises(TypeError, match=r"values\['a'\]\['x'\] must be a number"):
        plotting.plot_bars({"a": {"x": "1"}})


def test_plot_panels_titles_each_panel_and_labels_its_axis():
    fig = plotting.plot_panels({"loss": {"train": [2, 1], "validation": [3, 2]}, "accuracy": {"train": [0.5, 0.9]}},
                               title="fit")
    assert [ax.get_title() for ax in fig.axes] == ["loss", "accuracy"]
    assert [ax.get_ylabel() for ax in fig.axes] == ["loss", "accuracy"]
    assert [line.get_label() for line in fig.axes[0].get_lines()] == ["train", "validation"]
    shared = plotting.plot_panels({"a": {"x": [1, 2]}, "b": {"x": [3, 4]}}, sharey=True, ylabel="loss")
    assert [ax.get_ylabel() for ax in shared.axes] == ["loss", ""]
    with pytest.raises(TypeError, match="curve 'x' must hold numbers"):
        plotting.plot_panels({"a": {"x": [1, None]}})
    with pytest.raises(ValueError, match="non-empty mapping"):
        plotting.plot_panels({})


def test_plot_panels_places_the_legend_where_asked_or_below_and_keeps_best_by_default():
    curves = {"a": {"x": [1, 2], "y": [2, 1]}, "b": {"x": [3, 4]}}
    default = plotting.plot_panels(curves)
    assert [ax.get_legend()._loc for ax in default.axes] == [0, 0]  # 0 = "best"
    placed = plotting.plot_panels(curves, legend_loc="center right")
    assert [ax.get_legend()._loc for ax in placed.axes] == [7, 7]  # 7 = "center right"
    below = plotting.plot_panels(curves, legend_loc="below")
    for ax in below.axes:  # anchored under the axes (axes coordinates: y < 0), so it covers no curve
        assert ax.get_legend()._loc == 9 and ax.get_legend().get_bbox_to_anchor().y0 < ax.bbox.y0
    assert below.get_figheight() > default.get_figheight()
    with pytest.raises(ValueError, match="legend_loc must be one of best, upper right.*below"):
        plotting.plot_panels(curves, legend_loc="middle")


def test_overlay_is_dashed_over_a_wide_target_and_mark_x_draws_a_labelled_line():
    fig = plotting.plot_curves({"target": [1, 2, 3], "prediction": [1, 2, 2.9]}, overlay=["prediction"],
                               mark_x=(2.5, "seen in training"))
    target, prediction, mark = fig.axes[0].get_lines()
    assert prediction.get_linestyle() == "--" and target.get_linewidth() > prediction.get_linewidth()
    assert list(mark.get_xdata()) == [2.5, 2.5] and fig.axes[0].texts[0].get_text() == "seen in training"
    for bad in (["b"], "a", None):
        with pytest.raises(ValueError, match="overlay must be a list of curve names among"):
            plotting.plot_curves({"a": [1, 2]}, overlay=bad)
    with pytest.raises(TypeError, match=r"mark_x must be a tuple \(x, text\)"):
        plotting.plot_curves({"a": [1, 2]}, mark_x=2.5)


def test_every_figure_gets_the_collection_style_even_after_a_reset():
    matplotlib.rcParams.update({"figure.dpi": 100, "axes.grid": False})
    fig = plotting.plot_curves({"a": [1, 2]})
    assert fig.dpi == plotting.STYLE["figure.dpi"] and matplotlib.rcParams["axes.grid"]


def test_stacked_bars_stack_parts_on_one_axis_with_one_colour_per_part():
    fig = plotting.plot_stacked_bars({"small": {"graph": 1.5, "saved": 42.0}, "wide": {"graph": 16.0, "saved": 44.0}},
                                     ylabel="ms", labels={"small": "29×"})
    ax, = fig.axes  # one shared axis, not one panel per bar
    small_graph, wide_graph, small_saved, wide_saved = ax.patches
    assert small_saved.get_y() == 1.5 and wide_saved.get_y() == 16.0  # each part starts on top of the one below
    assert small_graph.get_facecolor() == wide_graph.get_facecolor() != small_saved.get_facecolor()
    assert [t.get_text() for t in ax.texts] == ["29×", "60.0"]  # a label where given, else the total
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["graph", "saved"]


def test_stacked_bars_reject_what_cannot_be_stacked():
    with pytest.raises(ValueError, match="non-empty mapping of bar name"):
        plotting.plot_stacked_bars({})
    with pytest.raises(ValueError, match=r"values\['a'\] must be a non-empty mapping"):
        plotting.plot_stacked_bars({"a": 1.0})
    with pytest.raises(ValueError, match=r"values\['a'\]\['x'\] must be a number >= 0"):
        plotting.plot_stacked_bars({"a": {"x": -1.0}})
    with pytest.raises(KeyError, match=r"labels names \['b'\]"):
        plotting.plot_stacked_bars({"a": {"x": 1.0}}, labels={"b": "?"})
