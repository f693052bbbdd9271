"""Tests for helpers.autograph (looking inside AutoGraph and tf.function, 07_dynamic_rnn)."""

import pytest
import tensorflow as tf

from helpers.autograph import converted_excerpt, op_types


def count_up(n):
    total = tf.constant(0)
    for i in tf.range(n):
        total += i
    return total


def clip(x):
    if tf.reduce_max(x) > 1.0:
        x = x / tf.reduce_max(x)
    return x


def test_excerpt_runs_from_first_to_last_marker_without_unstable_lines():
    text = converted_excerpt(count_up, "def loop_body", "ag__.for_stmt")
    lines = text.splitlines()
    assert lines[0].startswith("def loop_body") and "ag__.for_stmt" in lines[-1]
    assert all(line.strip() for line in lines)
    assert not any("nonlocal" in line or "ag__.Undefined" in line for line in lines)


def test_excerpt_is_stable_and_respects_width():
    first = converted_excerpt(count_up, "def get_state", "ag__.for_stmt", width=40)
    assert first == converted_excerpt(count_up, "def get_state", "ag__.for_stmt", width=40)
    assert all(len(line) <= 40 for line in first.splitlines())
    assert any(line.endswith(" …") for line in first.splitlines())


def test_excerpt_names_a_missing_marker():
    with pytest.raises(ValueError, match="first='no such line'"):
        converted_excerpt(count_up, "no such line", "ag__.for_stmt")
    with pytest.raises(ValueError, match="last='no such line'"):
        converted_excerpt(count_up, "def loop_body", "no such line")


@pytest.mark.parametrize(
    "kwargs, word",
    [({"fn": 3}, "fn"), ({"first": ""}, "first"), ({"last": None}, "last"), ({"width": 5}, "width")],
)
def test_excerpt_rejects_bad_arguments(kwargs, word):
    args = {"fn": count_up, "first": "def loop_body", "last": "ag__.for_stmt", **kwargs}
    with pytest.raises((TypeError, ValueError), match=word):
        converted_excerpt(**args)


def test_op_types_shows_while_for_a_tensor_loop_and_if_for_a_tensor_condition():
    looped = tf.function(count_up, input_signature=[tf.TensorSpec([], tf.int32)])
    assert "While" in op_types(looped) or "StatelessWhile" in op_types(looped)
    clipped = tf.function(clip).get_concrete_function(tf.TensorSpec([None], tf.float32))
    types = op_types(clipped)
    assert types == sorted(set(types))
    assert {"If", "StatelessIf"} & set(types)


def test_op_types_explains_a_function_without_a_single_graph():
    with pytest.raises(ValueError, match="input_signature"):
        op_types(tf.function(count_up))
    with pytest.raises(TypeError, match="tf.function or a concrete function"):
        op_types(count_up)
