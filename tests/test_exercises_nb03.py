"""Checks of 03_data_and_tf_function's exercises that the stored answers alone do not pin down."""

from __future__ import annotations

import contextlib
import dataclasses
import time

import pytest
from exercise_answers import stored as _stored

import helpers.exercises as exercises
from helpers.exercises import nb03
from helpers.exercises.core import OK, TIMEOUT, evaluate

tf = pytest.importorskip("tensorflow")


def _pipeline(buffer):
    """An answer to 03.1 that scales and batches right and shuffles with ``buffer(labels, batch_size)``."""

    def make_pipeline(images, labels, batch_size):
        dataset = tf.data.Dataset.from_tensor_slices((images, labels))
        dataset = dataset.map(lambda x, y: (tf.cast(x, tf.float32) / 255.0, y))
        return dataset.shuffle(buffer(labels, batch_size)).batch(batch_size)

    return make_pipeline


@pytest.mark.parametrize(
    "buffer",
    [lambda labels, b: b, lambda labels, b: 20, lambda labels, b: len(labels) // 2, lambda labels, b: 25],
    ids=["batch_size", "twenty", "half", "twenty_five"],
)
def test_a_buffer_smaller_than_the_data_is_small_buffer_even_when_50_samples_pass(buffer):
    verdict = exercises.verdict("03.1", _pipeline(buffer))
    assert verdict.key == "small_buffer", verdict.text
    assert "1000" in verdict.text, "the message says it took a second, bigger probe"


@pytest.mark.parametrize(
    "buffer",
    [lambda labels, b: len(labels), lambda labels, b: 10_000],
    ids=["number_of_samples", "fixed_but_large"],
)
def test_a_buffer_as_large_as_the_data_passes_03_1(buffer):
    # control: the probe does not blame a full shuffle (1000 samples, buffer >= 1000)
    verdict = exercises.verdict("03.1", _pipeline(buffer))
    assert verdict.key == exercises.core.OK, verdict.text


def test_an_exhausted_iterator_gets_its_own_verdict_in_03_3():
    def first_two(dataset):
        iterator = iter(dataset)
        list(iterator)
        return next(iterator), next(iterator)

    verdict = exercises.verdict("03.3", first_two)
    assert verdict.key == "exhausted_iterator", verdict.text
    assert "耗尽" in verdict.text


def test_as_numpy_iterator_in_a_tf_function_is_named_in_03_2():
    @tf.function
    def sum_of_squares(dataset):
        total = 0.0
        for batch in dataset.as_numpy_iterator():
            total += batch.sum()
        return total

    verdict = exercises.verdict("03.2", sum_of_squares)
    assert verdict.key == "numpy_in_graph", verdict.text
    assert "as_numpy_iterator" in verdict.text and "`.numpy()`" not in verdict.text


def test_a_variable_made_inside_the_function_is_told_no_variable_is_needed_in_03_2():
    @tf.function
    def sum_of_squares(dataset):
        total = tf.Variable(0.0)
        for batch in dataset:
            total.assign_add(tf.reduce_sum(batch**2))
        return total

    verdict = exercises.verdict("03.2", sum_of_squares)
    assert verdict.key == "variable_in_function", verdict.text
    assert "__init__" not in verdict.text and "tf.constant(0.0)" in verdict.text


@pytest.mark.parametrize(
    ("make", "shown"),
    [
        (lambda ds, f: ds.map(f).cache().shuffle(20).repeat(2), "40 个"),
        (lambda ds, f: ds.map(f).map(f).cache().shuffle(20), "0、100、200"),
    ],
    ids=["repeat_twice", "map_twice"],
)
def test_lost_samples_in_03_4_shows_what_came_out(make, shown):
    verdict = exercises.verdict("03.4", make)
    assert verdict.key == "lost_samples", verdict.text
    assert shown in verdict.text, verdict.text


# -- added: comprehensions in a graph, stale cache files, small shuffle buffers in 03.4 --------------


# -- 03.2: a comprehension over a dataset inside tf.function --------------------------------------


def test_a_comprehension_over_a_dataset_is_named_quickly_not_taken_for_an_endless_while():
    for name in ("wrong/comprehension_in_graph__generator.py", "wrong/comprehension_in_graph__list.py"):
        ex, answer = _stored("03.2", name)
        start = time.perf_counter()
        verdict = evaluate(ex, answer)
        assert verdict.key == "comprehension_in_graph", (name, verdict.text)
        assert "只改写 `for` 语句" in verdict.text and "循环条件" not in verdict.text, verdict.text
        assert time.perf_counter() - start < 5.0, "the counter stops the trace long before the time limit"


def test_without_the_next_counter_the_same_answer_runs_into_the_time_limit(monkeypatch):
    """Control: the counter is what names the cause; without it only the framework's time limit stops it."""
    monkeypatch.setattr(nb03, "_counting_next", lambda dataset, calls: contextlib.nullcontext())
    ex, answer = _stored("03.2", "wrong/comprehension_in_graph__generator.py")
    verdict = evaluate(dataclasses.replace(ex, time_limit=1.0), answer)
    assert verdict.key == TIMEOUT, verdict.text


def test_a_for_loop_that_keeps_float_passes_and_the_hint_allows_it():
    ex, answer = _stored("03.2", "right/float_kept.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == OK, verdict.text
    assert "`.numpy()`" in ex.hints[0] and "tf.cast" in ex.hints[0], ex.hints[0]


# -- 03.4: a cache file left by an earlier run, and a small shuffle buffer -----------------------


def test_rechecking_a_file_cache_answer_blames_the_old_file_not_the_code():
    ex, answer = _stored("03.4", "right/file_cache.py")
    first = evaluate(ex, answer)  # control: the first run writes the file and passes
    assert first.key == OK, first.text
    assert "第一轮运行了 20 次" in first.text, first.text
    again = evaluate(ex, answer)  # same file name: preprocess never runs, the file is read
    assert again.key == "stale_cache_file", again.text
    assert "一次也没运行" in again.text and "用了两次" not in again.text, again.text


def test_a_stale_file_from_a_wrong_attempt_is_not_called_preprocess_twice():
    ex, answer = _stored("03.4", "wrong/stale_cache_file.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "stale_cache_file", verdict.text
    assert "用了两次" not in verdict.text, verdict.text


def test_a_small_shuffle_buffer_is_rejected_as_in_03_1_and_a_large_one_is_not():
    ex, small = _stored("03.4", "wrong/small_buffer.py")
    verdict = evaluate(ex, small)
    assert verdict.key == "small_buffer", verdict.text
    _, solution = _stored("03.4", "solution.py")  # control: shuffle(1000) over 20 elements
    assert evaluate(ex, solution).key == OK


# -- added: wrong scaling factors, scaled labels and repeat in 03.1; an accumulator never reset in 03.2;
# -- a buffer smaller than the data but not tiny in 03.4 ---------------------------------------------


@pytest.mark.parametrize(
    ("name", "factor"),
    [("wrong/wrong_factor.py", "1/256"), ("wrong/wrong_factor__half.py", "1/510")],
    ids=["by_256", "half"],
)
def test_a_wrong_scaling_factor_is_named_and_shuffling_is_not_blamed(name, factor):
    ex, answer = _stored("03.1", name)
    verdict = evaluate(ex, answer)
    assert verdict.key == "wrong_factor", verdict.text
    assert factor in verdict.text and "对不上" not in verdict.text, verdict.text


def test_scaled_labels_are_named_not_called_lost_samples_and_float_labels_pass():
    ex, answer = _stored("03.1", "wrong/labels_scaled.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "labels_scaled", verdict.text
    assert "丢了" not in verdict.text, verdict.text
    _, as_float = _stored("03.1", "right/labels_as_float.py")  # control: labels cast but not scaled
    assert evaluate(ex, as_float).key == OK


def test_repeat_in_03_1_is_named():
    ex, answer = _stored("03.1", "wrong/repeated.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "repeated", verdict.text
    assert "`repeat`" in verdict.text and "100 个样本" in verdict.text, verdict.text


def test_an_accumulator_never_reset_is_named_also_when_the_check_runs_again():
    ex, answer = _stored("03.2", "wrong/accumulator_not_reset.py")
    first = evaluate(ex, answer)  # 285 right, then 376 for the second data set
    assert first.key == "accumulator_not_reset", first.text
    assert "376" in first.text and "清零" in first.text, first.text
    again = evaluate(ex, answer)  # the learner runs the check cell again: the first data set is off now
    assert again.key == "accumulator_not_reset", again.text


@pytest.mark.parametrize("buffer", [8, 19, 100], ids=["eight", "nineteen", "hundred"])
def test_a_buffer_that_passes_20_elements_is_small_buffer_on_the_bigger_probe_in_03_4(buffer):
    verdict = exercises.verdict("03.4", lambda ds, f: ds.map(f).cache().shuffle(buffer))
    assert verdict.key == "small_buffer", verdict.text
    assert "1000" in verdict.text, "the message says it took a second, bigger probe"


def test_a_buffer_as_large_as_the_data_passes_03_4():
    verdict = exercises.verdict("03.4", lambda ds, f: ds.map(f).cache().shuffle(ds.cardinality()))
    assert verdict.key == OK, verdict.text
