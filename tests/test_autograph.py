"""Tests for helpers.autograph (looking inside AutoGraph and tf.function, 07_dynamic_rnn)."""

import pytest
import tensorflow as tf

from helpers.autograph import control_flow_ops, converted_excerpt, op_type_list, op_types


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


def nested(x, enabled):
    if enabled:
        if tf.reduce_max(x) > 1.0:
            x = x / 2.0
    return x


def test_control_flow_ops_finds_an_if_nested_in_a_branch():
    fn = tf.function(nested)
    vec = tf.TensorSpec([None], tf.float32)
    python_flag = control_flow_ops(fn.get_concrete_function(vec, True))
    tensor_flag = control_flow_ops(fn.get_concrete_function(vec, tf.TensorSpec([], tf.bool)))
    assert len(python_flag) == 1 and python_flag[0].endswith("If")
    assert len(tensor_flag) == 2, "the inner If lives in the outer If's branch graph"
    assert control_flow_ops(fn.get_concrete_function(vec, False)) == []
    looped = tf.function(count_up, input_signature=[tf.TensorSpec([], tf.int32)])
    assert [op for op in control_flow_ops(looped) if op.endswith("While")]


def test_control_flow_ops_rejects_what_has_no_graph():
    with pytest.raises(TypeError, match="tf.function or a concrete function"):
        control_flow_ops(3)
    with pytest.raises(ValueError, match="no single graph"):
        control_flow_ops(tf.function(count_up))


def test_op_type_list_keeps_one_entry_per_copy_of_an_unrolled_loop_body():
    @tf.function
    def double(x, n):
        for _ in range(n):
            x = x * 2.0
        return x

    assert op_type_list(double, tf.constant(1.0), 3).count("Mul") == 3
    assert op_type_list(double, tf.constant(1.0), 5).count("Mul") == 5
    with pytest.raises(TypeError, match="tf.function"):
        op_type_list(count_up, 3)
