"""helpers.timeline: records who worked when, counts overlaps, draws the Gantt chart, rejects bad input."""

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.python.framework import config  # noqa: E402  (is/disable_op_determinism are not public)

from helpers import timeline  # noqa: E402
from helpers.timeline import Interval  # noqa: E402

#: Without tf.data's automatic overlap (parallel map, injected prefetch): a strictly serial pipeline.
SERIAL = tf.data.Options()
SERIAL.experimental_optimization.map_parallelization = False
SERIAL.experimental_optimization.inject_prefetch = False


def record(prefetch: bool, n: int = 4, seconds: float = 0.03) -> timeline.Recorder:
    rec = timeline.Recorder()
    ds = rec.source(n, seconds).with_options(SERIAL)
    if prefetch:
        ds = ds.prefetch(1)
    rec.consume(ds, seconds)
    return rec


def test_without_prefetch_production_and_consumption_alternate():
    rec = record(prefetch=False)
    intervals = rec.intervals
    assert [(iv.kind, iv.index) for iv in intervals] == [
        (kind, i) for i in range(4) for kind in ("produce", "consume")
    ]
    assert rec.overlaps() == 0
    assert intervals[0].start == 0.0
    assert all(iv.end - iv.start >= 0.03 for iv in intervals)  # sleep never returns early
    assert rec.elapsed >= 8 * 0.03


def test_with_prefetch_next_element_is_produced_while_this_one_is_consumed():
    rec = record(prefetch=True)
    assert rec.overlaps() >= 2  # of 3 pairs; with 30 ms sleeps, in practice all 3
    consumed = [iv.index for iv in rec.intervals if iv.kind == "consume"]
    assert consumed == [0, 1, 2, 3]  # prefetch changes the timing, never the order or the values


def test_count_overlaps_on_hand_made_intervals():
    serial = [Interval("produce", 0, 0, 1), Interval("consume", 0, 1, 2), Interval("produce", 1, 2, 3),
              Interval("consume", 1, 3, 4)]
    overlapped = [Interval("produce", 0, 0, 1), Interval("consume", 0, 1, 2), Interval("produce", 1, 1, 2),
                  Interval("consume", 1, 2, 3)]
    assert timeline.count_overlaps(serial) == 0
    assert timeline.count_overlaps(overlapped) == 1
    with pytest.raises(ValueError, match="interval kinds must be"):
        timeline.count_overlaps([Interval("train", 0, 0, 1)])


def test_plot_timeline_draws_one_panel_per_timeline_with_a_bar_per_interval():
    tl = [Interval("produce", 0, 0.0, 0.04), Interval("consume", 0, 0.04, 0.08), Interval("produce", 1, 0.04, 0.08)]
    fig = timeline.plot_timeline({"a": tl, "b": tl[:2]}, title="t")
    assert len(fig.axes) == 2
    assert fig.axes[0].get_title(loc="left") == "a: 80 ms"
    bars = [len(coll.get_paths()) for coll in fig.axes[0].collections]
    assert bars == [2, 1]  # two productions, one consumption
    assert [t.get_text() for t in fig.axes[1].get_yticklabels()] == ["consume", "produce"]


def test_record_runs_each_pipeline_on_a_fresh_source():
    pipelines = {"serial": lambda ds: ds.with_options(SERIAL), "prefetch": lambda ds: ds.with_options(SERIAL).prefetch(1)}
    timelines = timeline.record(pipelines, 3, 0.03, 0.03)
    assert list(timelines) == ["serial", "prefetch"]
    for intervals in timelines.values():
        assert sorted((iv.kind, iv.index) for iv in intervals) == sorted((k, i) for i in range(3) for k in ("produce", "consume"))
    assert timeline.count_overlaps(timelines["serial"]) == 0
    assert timeline.count_overlaps(timelines["prefetch"]) >= 1


def test_op_determinism_turns_prefetch_off_when_a_pipeline_function_is_stateful():
    """What 03 shows: with op determinism on, tf.data sets the prefetch buffer to 0 (make_deterministic)."""
    counter = tf.Variable(0, dtype=tf.int64)

    def count(index):
        counter.assign_add(1)
        return index

    pipelines = {
        "stateful map": lambda ds: ds.map(count).with_options(SERIAL).prefetch(1),
        "py_function": lambda ds: ds.map(lambda i: tf.py_function(lambda x: x, [i], tf.int64)).with_options(SERIAL).prefetch(1),
    }
    was_on = config.is_op_determinism_enabled()
    tf.config.experimental.enable_op_determinism()
    try:
        timelines = timeline.record(pipelines, 3, 0.03, 0.03)
    finally:
        if not was_on:
            config.disable_op_determinism()
    assert {name: timeline.count_overlaps(t) for name, t in timelines.items()} == {"stateful map": 0, "py_function": 0}
    assert int(counter.numpy()) == 3


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: timeline.Recorder().source(0, 0.01), "n must be an int"),
        (lambda: timeline.Recorder().source(3, -1), "seconds must be a number"),
        (lambda: timeline.Recorder().source(3, True), "seconds must be a number"),
        (lambda: timeline.Recorder().consume(5, 0.01), "dataset must be iterable"),
        (lambda: timeline.Recorder().consume([], 2), "seconds must be a number"),
        (lambda: timeline.plot_timeline({}), "non-empty mapping"),
        (lambda: timeline.plot_timeline({"a": []}), "timeline 'a' must be"),
        (lambda: timeline.record({}, 3, 0.01, 0.01), "non-empty mapping of name"),
        (lambda: timeline.record({"a": 5}, 3, 0.01, 0.01), "must be a function of the source"),
    ],
)
def test_bad_input_is_rejected_clearly(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()


def test_plot_timeline_stacks_intervals_that_run_at_the_same_time():
    parallel = [Interval("produce", 0, 0.0, 0.04), Interval("produce", 1, 0.01, 0.05), Interval("produce", 2, 0.05, 0.09)]
    fig = timeline.plot_timeline({"parallel map": parallel})
    lanes = [len(coll.get_paths()) for coll in fig.axes[0].collections]
    assert lanes == [2, 1]  # elements 0 and 2 share a lane; 1 ran beside 0


def test_op_determinism_switches_the_setting_for_the_block_and_restores_it():
    counter = tf.Variable(0, dtype=tf.int64)

    def count(index):
        counter.assign_add(1)
        return index

    pipelines = {"stateful map": lambda ds: ds.map(count).with_options(SERIAL).prefetch(1)}
    was_on = config.is_op_determinism_enabled()
    with timeline.op_determinism(True):
        assert config.is_op_determinism_enabled()
        serial = timeline.record(pipelines, 3, 0.03, 0.03)["stateful map"]
    with timeline.op_determinism(False):
        assert not config.is_op_determinism_enabled()
        overlapped = timeline.record(pipelines, 3, 0.03, 0.03)["stateful map"]
    assert config.is_op_determinism_enabled() == was_on, "the block restores what was set before"
    assert timeline.count_overlaps(serial) == 0, "op determinism turns the prefetch off"
    assert timeline.count_overlaps(overlapped) >= 1, "without it, the same pipeline prefetches"
    with pytest.raises(TypeError, match="enabled must be True or False"), timeline.op_determinism(1):
        pass


def test_a_graph_loop_whose_body_writes_a_variable_loses_the_prefetch_under_op_determinism():
    """What 03 shows: `for x in dataset` in a tf.function makes the loop body a pipeline function."""
    written = tf.Variable(0, dtype=tf.int64)

    def for_loop(dataset, consume):  # the body writes a variable, as a training step does
        for x in dataset:
            written.assign_add(consume(x))

    def next_loop(dataset, consume):  # the same body; the iterator keeps it out of the pipeline
        iterator = iter(dataset)
        for _ in tf.range(dataset.cardinality()):
            written.assign_add(consume(next(iterator)))

    prefetched = {"prefetch": lambda ds: ds.with_options(SERIAL).prefetch(1)}
    with timeline.op_determinism(True):
        in_pipeline = timeline.record(prefetched, 3, 0.03, 0.03, loop=for_loop)["prefetch"]
        outside = timeline.record(prefetched, 3, 0.03, 0.03, loop=next_loop)["prefetch"]
    for intervals in (in_pipeline, outside):
        assert sorted((iv.kind, iv.index) for iv in intervals) == sorted((k, i) for i in range(3) for k in timeline.KINDS)
    assert timeline.count_overlaps(in_pipeline) == 0, "the stateful body is a function of the pipeline"
    assert timeline.count_overlaps(outside) >= 1, "next(iterator) keeps the body out of the pipeline"
    assert int(written.numpy()) == 2 * (0 + 1 + 2), "both loops consumed every element once"
    with pytest.raises(TypeError, match="loop must be None or a function"):
        timeline.record(prefetched, 3, 0.01, 0.01, loop=5)
    with pytest.raises(TypeError, match="loop must be a function"):
        timeline.Recorder().consume_in_graph(tf.data.Dataset.range(1), 0.01, loop=5)
