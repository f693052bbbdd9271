"""The checks of notebook 07's exercises: slow unrolled tracing, accumulator shapes, iterating a tensor in Python.

``tests/test_exercises.py`` runs every stored answer through ``--verify``; these tests pin what the
verdicts say (the cause, not just the key) and the controls that must stay accepted.
"""

from __future__ import annotations

import contextlib
import os

import pytest
from exercise_answers import stored as _stored

import helpers.exercises as exercises
from helpers.exercises import nb07, private_api
from helpers.exercises.core import OK, TIMEOUT, evaluate, run_source

# -- 07.1: a Python range loop that takes seconds to trace ----------------------------------------


def test_slow_unrolled_trace_is_named_not_taken_for_an_endless_loop():
    ex, answer = _stored("07.1", "wrong/slow_trace__python_range.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "slow_trace", verdict.text
    assert "追踪时被一次次展开" in verdict.text and "`If`" in verdict.text, verdict.text
    assert "停不下来" not in verdict.text and "while n != 1:" in verdict.text, verdict.text


def test_without_the_watchdog_the_same_answer_runs_into_the_time_limit(monkeypatch):
    """Control: the watchdog is what turns it into slow_trace; without it the framework's limit fires."""
    if not private_api.can_cancel_functions():
        pytest.skip("this TensorFlow has no hook to cancel a running graph function")
    monkeypatch.setattr(nb07, "_stop_unrolled_tracing", lambda answer, found: None)
    ex, answer = _stored("07.1", "wrong/slow_trace__python_range.py")
    assert evaluate(ex, answer, time_limit=0.6).key == TIMEOUT


def test_slow_tracing_of_a_small_graph_is_left_alone():
    """A right answer whose tracing is slow for another reason (here a sleep) is not stopped: its graph stays small."""
    source = """
import time


@tf.function
def collatz_steps(n):
    time.sleep(nb07.TRACE_PATIENCE + 0.3)  # runs while tracing: slow, but adds no op
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


answer = collatz_steps
"""
    answer = run_source(source.replace("nb07.TRACE_PATIENCE", repr(nb07.TRACE_PATIENCE)), "test 07.1 slow small trace")
    verdict = evaluate(exercises.get("07.1"), answer)
    assert verdict.key == OK, verdict.text


# -- 07.2: the accumulator's shape, not a concat ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "cause"),
    [
        ("wrong/accumulator_shape__python_float.py", "初值是 Python 数"),
        ("wrong/accumulator_shape__no_keepdims.py", "keepdims=True"),
    ],
)
def test_an_accumulator_that_changes_shape_is_not_blamed_on_concat(name, cause):
    ex, answer = _stored("07.2", name)
    verdict = evaluate(ex, answer)
    assert verdict.key == "accumulator_shape", verdict.text
    assert cause in verdict.text and "`total`" in verdict.text, verdict.text
    assert "tf.concat" not in verdict.text and "TensorArray" not in verdict.text.split("提示：")[1], verdict.text


def test_a_growing_concat_still_gets_the_concat_explanation():
    ex, answer = _stored("07.2", "wrong/shape_changed__concat.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "shape_changed" and "tf.concat" in verdict.text, verdict.text


@pytest.mark.parametrize(
    ("before", "after", "grows"),
    [
        ("(None, 0, 1)", "(None, 1, 1)", True),
        ("(0,)", "(1,)", True),
        ("()", "(None, 1)", False),
        ("(None, 1)", "(None, None)", False),
        ("(4, 1)", "(4, 4)", False),  # [4] + [4, 1] broadcast, with the batch size known
        ("(4, 1)", "(4, 2)", True),
        ("(2, 1)", "(1, 2)", False),
    ],
)
def test_grows_along_one_axis(before, after, grows):
    assert nb07._grows_along_one_axis(before, after) is grows


# -- 07.2: Python iterating a symbolic tensor -------------------------------------------------------


def test_enumerate_over_a_tensor_gets_its_own_explanation():
    ex, answer = _stored("07.2", "wrong/python_iteration__enumerate.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "python_iteration", verdict.text
    assert "enumerate(x)" in verdict.text and "tf.range(tf.shape(x)[0])" in verdict.text, verdict.text
    assert "dataset" not in verdict.text, verdict.text  # not the generic explanation of the error


def test_iterating_the_tensor_directly_is_accepted():
    """Control: ``for xt in x:`` is converted by AutoGraph, as the notebook says."""
    ex, answer = _stored("07.2", "right/iterate_tensor.py")
    assert evaluate(ex, answer).key == OK


# -- the runtime's own log lines --------------------------------------------------------------------


def test_quiet_native_log_drops_descriptor_2_and_gives_it_back(capfd):
    with nb07._quiet_native_log():
        os.write(2, b"runtime line inside\n")
    os.write(2, b"runtime line after\n")
    err = capfd.readouterr().err
    assert "inside" not in err and "runtime line after" in err, err


@pytest.mark.parametrize(("ex_id", "name"), [("07.1", "solution.py"), ("07.2", "wrong/write_not_kept.py")])
def test_the_checks_run_with_the_native_log_quiet(monkeypatch, ex_id, name):
    entered = []

    @contextlib.contextmanager
    def recording():
        entered.append(ex_id)
        yield

    monkeypatch.setattr(nb07, "_quiet_native_log", recording)
    ex, answer = _stored(ex_id, name)
    evaluate(ex, answer)
    assert entered == [ex_id]


# -- 07.2: verdicts that name the learner's actual mistake ------------------------------------------


def test_off_by_one_write_index_is_not_blamed_on_the_size():
    """size = time steps is right; writing at t + 1 is the mistake, and the text must say so."""
    ex, answer = _stored("07.2", "wrong/write_index.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "write_index", verdict.text
    assert "等于时间步数，这没错" in verdict.text and "t + 1" in verdict.text, verdict.text
    assert "多半是别的长度" not in verdict.text, verdict.text


def test_wrong_size_is_still_tensor_array_size():
    """Control: a size that is the batch size keeps the size verdict."""
    ex, answer = _stored("07.2", "wrong/tensor_array_size.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "tensor_array_size" and "批大小" in verdict.text, verdict.text


def test_size_zero_points_at_the_static_shape():
    ex, answer = _stored("07.2", "wrong/static_length__size_zero.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "static_length" and "size` 是 0" in verdict.text, verdict.text
    assert "0 到 -1" not in verdict.text, verdict.text


def test_written_out_initial_shape_is_named_instead_of_keepdims():
    ex, answer = _stored("07.2", "wrong/accumulator_shape__fixed_initial.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "accumulator_shape" and "写死成了 (1,)" in verdict.text, verdict.text
    assert "keepdims=True` 得到" not in verdict.text, verdict.text
    # control: a missing keepdims still gets the keepdims explanation
    ex, answer = _stored("07.2", "wrong/accumulator_shape__no_keepdims.py")
    verdict = evaluate(ex, answer)
    assert "keepdims=True` 得到" in verdict.text and "写死成了" not in verdict.text, verdict.text


def test_reduce_retracing_is_named_and_the_count_is_not_contradicted():
    ex, answer = _stored("07.2", "wrong/retraced__reduce_retracing.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "retraced" and "追踪了 2 次" in verdict.text, verdict.text
    assert "reduce_retracing=True` 不能代替输入签名" in verdict.text, verdict.text
    assert "每个新形状都生成" not in verdict.text, verdict.text
    # control: without reduce_retracing every shape traces, and the text says so
    ex, answer = _stored("07.2", "wrong/retraced__python_loop.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "retraced" and "reduce_retracing" not in verdict.text, verdict.text


def test_tensor_array_dtype_is_explained_not_dumped():
    ex, answer = _stored("07.2", "wrong/tensor_array_dtype.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "tensor_array_dtype" and "float32" in verdict.text, verdict.text
    assert "op elements float but list elements double" not in verdict.text, verdict.text


def test_success_texts_do_not_describe_code_the_learner_did_not_write():
    ex, answer = _stored("07.1", "solution.py")
    assert "tf.cond" not in evaluate(ex, answer).text
    ex, answer = _stored("07.2", "solution.py")
    assert "tf.range` 循环" not in evaluate(ex, answer).text


def test_tensor_array_dtype_check_keeps_tf_traceback_log_away(caplog):
    """TF logs an English traceback (logger 'tensorflow', ERROR) when a TensorArray gets the wrong dtype."""
    ex, answer = _stored("07.2", "wrong/tensor_array_dtype.py")
    with caplog.at_level("ERROR", logger="tensorflow"):
        evaluate(ex, answer)
    assert not [r for r in caplog.records if "expected dtype" in r.getMessage()], caplog.text
