"""helpers.tracing: the running count of traces, call after call."""

import pytest

from helpers import tracing

tf = pytest.importorskip("tensorflow")


def test_counts_grow_only_when_the_input_kind_changes():
    double = tf.function(lambda x: x * 2)
    inputs = [tf.constant(1.0), tf.constant(2.0), tf.constant([1.0, 2.0]), 3, 3, 4]
    assert tracing.tracing_counts(double, inputs) == [1, 1, 2, 3, 3, 4]
    assert tracing.tracing_counts(double, [tf.constant(5.0)]) == [4]  # earlier traces still count
    assert tracing.tracing_counts(double, []) == []


def test_bad_arguments_are_explained():
    with pytest.raises(TypeError, match="fn must be a tf.function"):
        tracing.tracing_counts(lambda x: x, [1])
    with pytest.raises(TypeError, match="inputs must be a list"):
        tracing.tracing_counts(tf.function(lambda x: x), 3)
