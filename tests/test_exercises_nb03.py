"""Checks of 03_data_and_tf_function's exercises that the stored answers alone do not pin down."""

from __future__ import annotations

import pytest

import helpers.exercises as exercises

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
