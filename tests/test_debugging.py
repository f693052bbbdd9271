"""Tests for helpers.debugging (scripted pdb, printed lines, short errors; 09_debugging)."""

import numpy as np
import pytest
import tensorflow as tf
from tensorflow.python.data.ops import debug_mode

from helpers.debugging import (
    check_numerics_op,
    checked_op_types,
    collect_prints,
    debug_session,
    pipeline_prints,
    require_fresh_kernel,
    short_error,
    tf_data_debug_mode_on,
)


def test_collect_prints_returns_the_result_and_each_printed_line():
    def noisy():
        print("one")
        print("two\nthree")
        return 42

    assert collect_prints(noisy) == (42, ["one", "two", "three"])
    assert collect_prints(lambda: None) == (None, [])


def test_debug_session_feeds_pdb_and_returns_a_readable_transcript():
    def f(x):
        y = x * 10
        breakpoint()
        return y + 1

    result, transcript = debug_session(lambda: f(3), "p x\np y * 2\nc\n")
    assert result == 31
    lines = transcript.splitlines()
    assert lines[0].startswith("> <cell>(") and lines[0].endswith(")f()"), transcript
    assert "p x" in transcript and "\n3\n" in transcript  # the command, then what pdb answered
    assert "p y * 2" in transcript and "\n60\n" in transcript
    assert "\x1b[" not in transcript and __file__ not in transcript


def test_debug_session_uses_the_label_and_restores_the_breakpoint_hook():
    import sys

    before = sys.breakpointhook

    def f():
        breakpoint()
        return "done"

    result, transcript = debug_session(f, "continue", source_label="<demo>")
    assert result == "done" and transcript.startswith("> <demo>(")
    assert sys.breakpointhook is before


def test_debug_session_restores_the_hook_when_fn_raises():
    import sys

    before = sys.breakpointhook

    def boom():
        raise RuntimeError("inside fn")

    with pytest.raises(RuntimeError, match="inside fn"):
        debug_session(boom, "c")
    assert sys.breakpointhook is before


def test_debug_session_without_breakpoint_gives_an_empty_transcript():
    assert debug_session(lambda: 5, "c") == (5, "")


@pytest.mark.parametrize(
    "fn, commands, error, match",
    [
        (42, "c", TypeError, "fn must be callable"),
        (lambda: 1, b"c", TypeError, "commands must be a str"),
        (lambda: 1, "p x", ValueError, "must end with 'c'"),
        (lambda: 1, "", ValueError, "must end with 'c'"),
    ],
)
def test_debug_session_rejects_bad_arguments_before_running_fn(fn, commands, error, match):
    with pytest.raises(error, match=match):
        debug_session(fn, commands)


def test_collect_prints_rejects_a_non_callable():
    with pytest.raises(TypeError, match="fn must be callable"):
        collect_prints("print('x')")


def test_short_error_keeps_the_sentence_that_explains_a_failed_assertion():
    @tf.function
    def check(v):
        tf.debugging.assert_non_negative(v, message="must be >= 0")
        return v

    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        check(tf.constant([1.0, -1.0]))
    text = short_error(info.value)
    assert text.startswith("assertion failed: [must be >= 0")
    assert "function_node" not in text and "[Op:" not in text and "\n" not in text


def test_short_error_of_an_eager_assertion_drops_the_op_name():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.debugging.assert_all_finite(tf.constant([1.0, np.nan]), "loss is not finite")
    assert short_error(info.value) == "loss is not finite : Tensor had NaN values"
    assert short_error(ValueError("plain\n message")) == "plain message"
    with pytest.raises(TypeError, match="err must be an exception"):
        short_error("text")


def test_check_numerics_op_names_the_first_op_that_made_a_nan():
    def score(v):
        return tf.reduce_sum(tf.math.log(v) * 2.0)

    tf.debugging.enable_check_numerics()
    try:
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.function(score)(tf.constant([1.0, -1.0]))
    finally:
        tf.debugging.disable_check_numerics()
    assert check_numerics_op(info.value) == ("Log", 0)
    with pytest.raises(ValueError, match="enable_check_numerics"):
        check_numerics_op(ValueError("something else"))
    with pytest.raises(TypeError, match="err must be an exception"):
        check_numerics_op(None)


def test_tf_data_debug_mode_on_follows_the_switch():
    assert tf_data_debug_mode_on() is False
    debug_mode.toggle_debug_mode(True)  # the public API can only switch it on, for the whole process
    try:
        assert tf_data_debug_mode_on() is True
    finally:
        debug_mode.toggle_debug_mode(False)
    assert tf_data_debug_mode_on() is False


def test_debug_session_transcript_drops_the_commands_pdb_queues_for_itself():
    from helpers.debugging import _drop_pdb_internals

    # Python 3.13's pdb runs _pdbcmd_print_frame_status from its own queue; the echo would show it.
    seen = "ipdb> n\n_pdbcmd_print_frame_status\n> <cell>(6)f()\nipdb> p x\n2\n"
    assert _drop_pdb_internals(seen) == "ipdb> n\n> <cell>(6)f()\nipdb> p x\n2\n"
    assert _drop_pdb_internals("p _pdbcmd_x\n") == "p _pdbcmd_x\n"  # only whole lines that start with it

    def f():
        breakpoint()
        return 1

    _, transcript = debug_session(f, "p 1 + 1\nc\n")
    assert "_pdbcmd_" not in transcript and "\n2\n" in transcript


def test_debug_session_labels_the_location_shown_at_a_return_too():
    def f():
        breakpoint()
        y = 1
        return y

    result, transcript = debug_session(f, "r\nc\n")  # r: run until f returns; pdb shows "> path(N)f()->1"
    locations = [line for line in transcript.splitlines() if line.startswith("> ")]
    assert result == 1 and "--Return--" in transcript, transcript
    assert locations and all(line.startswith("> <cell>(") for line in locations), transcript
    assert any(line.endswith(")f()->1") for line in locations), transcript
    assert __file__ not in transcript


def test_require_fresh_kernel_passes_when_both_switches_are_off():
    assert require_fresh_kernel() is None


def test_require_fresh_kernel_asks_for_a_restart_when_functions_run_eagerly():
    tf.config.run_functions_eagerly(True)
    try:
        with pytest.raises(RuntimeError, match="即时执行开关还开着"):
            require_fresh_kernel()
    finally:
        tf.config.run_functions_eagerly(False)


def test_require_fresh_kernel_asks_for_a_restart_after_tf_data_debug_mode():
    debug_mode.toggle_debug_mode(True)
    try:
        with pytest.raises(RuntimeError, match="tf.data 的调试模式"):
            require_fresh_kernel()
    finally:
        debug_mode.toggle_debug_mode(False)
    require_fresh_kernel()


def _noisy_double(x):
    print("saw", x)
    return x * 2


def test_pipeline_prints_separates_defining_from_iterating():
    run = pipeline_prints(lambda: tf.data.Dataset.range(3).map(_noisy_double))
    assert len(run.traced) == 1 and run.traced[0].startswith("saw Tensor(")  # map traced once
    assert run.iterated == [] and run.values == [0, 2, 4] and run.warnings == []
    assert str(run).splitlines() == [
        "定义管道时：",
        "  " + run.traced[0],
        "遍历管道时：（没有打印）",
        "管道的元素：[0, 2, 4]",
    ]
    again = pipeline_prints(run.dataset)  # an existing dataset: only iterating is recorded
    assert again.traced is None and again.values == [0, 2, 4]
    assert not str(again).startswith("定义管道时")


def test_pipeline_prints_records_the_warnings_and_the_prints_while_iterating():
    tf.config.run_functions_eagerly(True)
    try:
        run = pipeline_prints(lambda: tf.data.Dataset.range(2).map(_noisy_double))
    finally:
        tf.config.run_functions_eagerly(False)
    assert any("tf.data" in message for message in run.warnings), run.warnings
    assert str(run).splitlines()[-1].startswith("警告：")

    def make():
        ds = tf.data.Dataset.range(2)
        return ds.map(lambda x: tf.py_function(lambda v: print("got", int(v)) or v, [x], tf.int64))

    seen = pipeline_prints(make)
    assert seen.iterated == ["got 0", "got 1"] and seen.values == [0, 1]
    assert "遍历管道时：\n  got 0\n  got 1" in str(seen)


@pytest.mark.parametrize(
    "make, match",
    [("range(3)", "make must be a tf.data.Dataset"), (lambda: [1, 2], "make\\(\\) must return")],
)
def test_pipeline_prints_rejects_what_is_not_a_dataset(make, match):
    with pytest.raises(TypeError, match=match):
        pipeline_prints(make)


def test_checked_op_types_lists_each_checked_output_and_none_in_an_old_graph():
    def score(v):
        return tf.reduce_sum(tf.math.log(v) * 2.0)

    values = tf.constant([1.0, 2.0])
    old = tf.function(score)
    old(values)  # traced before the checks were switched on
    tf.debugging.enable_check_numerics()
    try:
        new = checked_op_types(tf.function(score), values)
        before = checked_op_types(old, values)
    finally:
        tf.debugging.disable_check_numerics()
    assert new == ["Placeholder", "Log", "Const", "Mul", "Sum"], new  # the int axis of Sum is not checked
    assert before == []
    assert checked_op_types(tf.function(score), values) == []  # checks off: none in a new graph
    with pytest.raises(TypeError, match="fn must be a tf.function"):
        checked_op_types(score, values)
