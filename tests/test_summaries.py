"""Tests for helpers.summaries (reading tf.summary event files, 08_metrics_losses_summaries)."""

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest
import tensorflow as tf

from helpers.summaries import (
    clear_logs,
    describe_runs,
    event_files,
    plot_runs,
    read_runs,
    read_scalars,
)


def write_scalars(logdir, tag, points):
    writer = tf.summary.create_file_writer(str(logdir))
    with writer.as_default():
        for step, value in points:
            tf.summary.scalar(tag, value, step=step)
    writer.close()


def write_raw_event_file(path, events):
    """Write a TF1-style event file by hand: a TFRecord file of ``Event`` protos."""
    with tf.io.TFRecordWriter(str(path)) as records:
        for event in events:
            records.write(event.SerializeToString())


def test_reads_back_tf2_tensor_scalars_with_their_steps(tmp_path):
    write_scalars(tmp_path, "loss", [(0, 1.0), (10, 0.5), (20, 0.25)])
    scalars = read_scalars(tmp_path)
    assert list(scalars) == ["loss"]
    steps = [s for s, _ in scalars["loss"]]
    values = [v for _, v in scalars["loss"]]
    assert steps == [0, 10, 20]
    np.testing.assert_allclose(values, [1.0, 0.5, 0.25])
    assert all(isinstance(s, int) and isinstance(v, float) for s, v in scalars["loss"])


def test_points_are_sorted_by_step_and_tags_are_separate(tmp_path):
    write_scalars(tmp_path, "b", [(5, 3.0), (1, 4.0)])
    write_scalars(tmp_path, "a", [(2, 7.0)])  # a second writer: a second event file
    assert len(event_files(tmp_path)) == 2
    scalars = read_scalars(tmp_path)
    assert list(scalars) == ["a", "b"]
    assert scalars["b"] == [(1, 4.0), (5, 3.0)]
    assert scalars["a"] == [(2, 7.0)]


def test_reads_tf1_simple_values_and_skips_non_scalars(tmp_path):
    scalar = tf.compat.v1.Summary(value=[tf.compat.v1.Summary.Value(tag="old", simple_value=1.5)])
    matrix = tf.compat.v1.Summary(
        value=[
            tf.compat.v1.Summary.Value(tag="matrix", tensor=tf.make_tensor_proto(np.ones((2, 2), np.float32)))
        ]
    )
    events = [
        tf.compat.v1.Event(step=0, file_version="brain.Event:2"),
        tf.compat.v1.Event(step=3, summary=scalar),
        tf.compat.v1.Event(step=3, summary=matrix),
    ]
    write_raw_event_file(tmp_path / "events.out.tfevents.handmade", events)
    assert read_scalars(tmp_path) == {"old": [(3, 1.5)]}


def test_text_summaries_are_not_scalars(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        tf.summary.text("note", "hello", step=0)
        tf.summary.scalar("loss", 2.0, step=0)
    writer.close()
    assert read_scalars(tmp_path) == {"loss": [(0, 2.0)]}


def test_read_runs_reads_each_writer_folder(tmp_path):
    write_scalars(tmp_path / "train", "loss", [(1, 0.9), (2, 0.8)])
    write_scalars(tmp_path / "test", "loss", [(2, 1.0)])
    (tmp_path / "empty").mkdir()
    runs = read_runs(tmp_path)
    assert list(runs) == ["test", "train"]
    assert [s for s, _ in runs["train"]["loss"]] == [1, 2]
    assert runs["test"]["loss"][0][0] == 2


def test_plot_runs_draws_one_line_per_run_against_steps(tmp_path):
    runs = {"train": {"loss": [(10, 1.0), (20, 0.5)]}, "test": {"loss": [(20, 0.7)], "acc": [(20, 0.9)]}}
    fig = plot_runs(runs, "loss")
    ax = fig.axes[0]
    assert [line.get_label() for line in ax.lines] == ["train", "test"]
    assert list(ax.lines[0].get_xdata()) == [10, 20]
    assert ax.get_xlabel() == "step" and ax.get_title() == "loss"
    only_test = plot_runs(runs, "acc", title="accuracy")
    assert [line.get_label() for line in only_test.axes[0].lines] == ["test"]
    assert only_test.axes[0].get_title() == "accuracy"
    labelled = plot_runs(runs, "loss", xlabel="epoch (from 0)", ylabel="cross-entropy")
    assert (labelled.axes[0].get_xlabel(), labelled.axes[0].get_ylabel()) == ("epoch (from 0)", "cross-entropy")


def test_plot_runs_ticks_fall_on_round_steps():
    """Summaries written every 5 steps up to 75: ticks at 0, 10, 20, ..., not 8, 16, 24."""
    fig = plot_runs({"train": {"loss": [(step, 1.0 / step) for step in range(5, 80, 5)]}}, "loss")
    fig.canvas.draw()
    ticks = [t for t in fig.axes[0].get_xticks() if 5 <= t <= 75]
    assert ticks and all(t % 10 == 0 for t in ticks), ticks


def test_bad_input_says_what_was_expected(tmp_path):
    with pytest.raises(ValueError, match="existing folder"):
        read_scalars(tmp_path / "missing")
    with pytest.raises(TypeError, match="path"):
        read_scalars(42)
    with pytest.raises(ValueError, match="event files"):
        read_scalars(tmp_path)
    with pytest.raises(ValueError, match="subfolders"):
        read_runs(tmp_path)
    with pytest.raises(ValueError, match="non-empty mapping"):
        plot_runs({}, "loss")
    with pytest.raises(ValueError, match="'acc' is not among"):
        plot_runs({"train": {"loss": [(0, 1.0)]}}, "acc")


def test_corrupt_event_file_is_named_in_the_error(tmp_path):
    write_scalars(tmp_path, "loss", [(0, 1.0), (1, 0.5)])
    (file,) = event_files(tmp_path)
    raw = bytearray(file.read_bytes())
    raw[-6:] = b"\xff" * 6  # the last record's checksum no longer matches
    file.write_bytes(bytes(raw))
    with pytest.raises(ValueError, match=rf"event file '{file.name}' cannot be read \(DataLossError"):
        read_scalars(tmp_path)


@pytest.mark.parametrize("runs,error,message", [
    ({"train": {"loss": []}}, ValueError, r"runs\['train'\]\['loss'\] must hold at least one"),
    ({"train": {"loss": 0.5}}, TypeError, r"runs\['train'\]\['loss'\] must be a list of \(step, value\) pairs"),
    ({"train": {"loss": "0.5"}}, TypeError, r"must be a list of \(step, value\) pairs, got str"),
    ({"train": {"loss": [0.5]}}, TypeError, r"runs\['train'\]\['loss'\]\[0\] must be a \(step, value\) pair"),
    ({"train": {"loss": [(0, None)]}}, TypeError, r"\[0\] value must be a number"),
    ({"train": {"loss": [(0, float("nan"))]}}, ValueError, r"\[0\] value must be a finite number"),
    ({"train": [(0, 1.0)]}, TypeError, r"runs\['train'\] must be a mapping of tag"),
])
def test_plot_runs_rejects_bad_series(runs, error, message):
    with pytest.raises(error, match=message):
        plot_runs(runs, "loss")


def test_plot_runs_tag_must_be_a_str():
    with pytest.raises(TypeError, match="tag must be a str"):
        plot_runs({"train": {"loss": [(0, 1.0)]}}, ["loss"])


def test_plot_runs_accepts_numpy_numbers():
    fig = plot_runs({"train": {"loss": [(np.int64(0), np.float32(1.0)), (1, 0.5)]}}, "loss")
    np.testing.assert_array_equal(fig.axes[0].get_lines()[0].get_ydata(), [1.0, 0.5])


@pytest.mark.parametrize("logdir,error,message", [
    (42, TypeError, "logdir must be a path"),
    ("", ValueError, "logdir must be a non-empty path"),
    ("notes.txt", ValueError, "folder for TensorBoard logs"),
])
def test_clear_logs_rejects_bad_arguments(tmp_path, logdir, error, message):
    (tmp_path / "notes.txt").write_text("my work")
    logdir = tmp_path / logdir if logdir == "notes.txt" else logdir
    with pytest.raises(error, match=message):
        clear_logs(logdir)
    assert (tmp_path / "notes.txt").read_text() == "my work"  # checked before anything is deleted


def test_describe_runs_lists_steps_and_rounded_values():
    runs = {"train": {"loss": [(5, 2.23456), (10, np.float32(1.5))]}, "validation": {"loss": [(10.0, 1.0)]}}
    assert describe_runs(runs).splitlines() == [
        "train/loss：2 个点",
        "  步数：[5, 10]",
        "  数值：[2.235, 1.500]",
        "validation/loss：1 个点",
        "  步数：[10]",
        "  数值：[1.000]",
    ]
    assert describe_runs(runs, digits=1).splitlines()[2] == "  数值：[2.2, 1.5]"  # the same number of decimals for every value


def test_describe_runs_rejects_bad_input():
    with pytest.raises(ValueError, match="non-empty mapping"):
        describe_runs({})
    with pytest.raises(TypeError, match=r"runs\['train'\]\['loss'\]\[0\] must be a \(step, value\) pair"):
        describe_runs({"train": {"loss": [1.0]}})
    with pytest.raises(ValueError, match="digits must be an int >= 0"):
        describe_runs({"train": {"loss": [(0, 1.0)]}}, digits=-1)


def test_clear_logs_removes_a_log_folder_written_by_keras_tensorboard_style_runs(tmp_path):
    logdir = tmp_path / "logs"
    for run in ("train", "validation"):
        (logdir / run).mkdir(parents=True)
        (logdir / run / "events.out.tfevents.1.host.1.v2").write_bytes(b"")
    assert clear_logs(logdir) == logdir and not logdir.exists()
    assert clear_logs(logdir) == logdir  # nothing there: nothing to do


def test_clear_logs_refuses_a_folder_with_other_files(tmp_path):
    (tmp_path / "notes.txt").write_text("keep me")
    with pytest.raises(ValueError, match="only TensorBoard event files"):
        clear_logs(tmp_path)
    assert (tmp_path / "notes.txt").exists()
