"""Exercises 04.1 and 04.2: each mistake gets a message and a hint about that mistake; the checks have no holes.

The stored answers in ``helpers/exercises/answers/04.*`` already get their verdict keys in
``tests/test_exercises.py``; these tests read what the verdicts say.
"""

from __future__ import annotations

import pytest
from exercise_answers import hint_line as _hint
from exercise_answers import stored as _stored
from exercise_answers import stored_verdict as _verdict

import helpers.exercises as exercises
from helpers.exercises import nb04
from helpers.exercises.core import OK, evaluate, run_source


@pytest.mark.parametrize(
    ("path", "key", "said"),
    [
        ("wrong/wrong_order__shuffled.py", "wrong_order", "顺序和 `x` 不同"),
        ("wrong/wrong_batches__off_by_one.py", "wrong_batches", "第 1 个批次应该有 4 个，现在是 3 个"),
        ("wrong/wrong_batches__empty_last.py", "wrong_batches", "多出来的第 4 个批次是空的"),
        ("wrong/not_inputs_only__labels.py", "not_inputs_only", "`predict` 只要输入"),
        ("wrong/not_batched.py", "not_batched", "不是一个批次的样本"),
        ("wrong/not_generator__list.py", "not_generator", "应该是生成器"),
        ("wrong/exception__reshape.py", "exception", "ValueError"),
    ],
)
def test_04_2_each_mistake_has_its_own_message_and_hint(path, key, said):
    verdict = _verdict("04.2", path)
    assert verdict.key == key, verdict.text
    assert said in verdict.text, verdict.text
    tuple_hint = exercises.get("04.2").hints[0]
    assert tuple_hint not in _hint(verdict.text), f"the fallback hint about tuples is not about {key}"


def test_04_2_order_message_does_not_show_two_equal_size_lists():
    text = _verdict("04.2", "wrong/wrong_order__shuffled.py").text
    assert "现在是 [4, 4, 2]" not in text, text


@pytest.mark.parametrize(
    ("path", "key", "said"),
    [
        ("wrong/not_scalar__float_of_vector.py", "not_scalar", "每个样本一个损失"),
        ("wrong/not_scalar__vector.py", "not_scalar", "形状 (6,)"),
        ("wrong/used_evaluate__test_on_batch.py", "used_evaluate", "`test_on_batch`"),
        ("wrong/exception__shape.py", "exception", "运行你的代码时出了异常"),
    ],
)
def test_04_1_each_mistake_has_its_own_message_and_hint(path, key, said):
    verdict = _verdict("04.1", path)
    assert verdict.key == key, verdict.text
    assert said in verdict.text, verdict.text
    regularization_hint = exercises.get("04.1").hints[0]
    assert regularization_hint not in _hint(verdict.text), f"the regularization hint is not about {key}"


def test_04_1_float_of_a_vector_is_explained_not_dumped():
    text = _verdict("04.1", "wrong/not_scalar__float_of_vector.py").text
    assert "异常" not in text and "sparse_categorical_crossentropy" in text, text


def test_half_l2_names_both_causes_and_the_keras_formula():
    ex, answer = _stored("04.1", "wrong/averaged_regularization__half_l2.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "averaged_regularization", verdict.text
    assert "tf.nn.l2_loss" in verdict.text and "没有 1/2" in verdict.text, verdict.text
    assert "求了平均" in verdict.text, verdict.text  # the other way to the same number is still named


def test_a_batch_size_written_in_is_caught_by_the_second_data_set():
    ex, answer = _stored("04.2", "wrong/wrong_batches__hardcoded_4.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "wrong_batches", verdict.text
    assert "批大小 3" in verdict.text and "[3, 3, 2]" in verdict.text, verdict.text


def test_floor_plus_one_shows_its_empty_batch_on_an_exact_division():
    ex, answer = _stored("04.2", "wrong/wrong_batches__floor_plus_one.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "wrong_batches", verdict.text
    assert "[4, 4, 0]" in verdict.text and "是空的" in verdict.text, verdict.text


def test_with_only_the_task_data_set_both_would_pass(monkeypatch):
    """Control: the extra data sets are what catch them; the task's 10 samples, batch size 4 alone do not."""
    monkeypatch.setattr(nb04, "_CASES", nb04._CASES[:1])
    for name in ("wrong/wrong_batches__hardcoded_4.py", "wrong/wrong_batches__floor_plus_one.py"):
        ex, answer = _stored("04.2", name)
        assert evaluate(ex, answer).key == OK, name


def test_batch_with_none_is_accepted_with_a_note():
    ex, answer = _stored("04.2", "right/labels_none.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == OK, verdict.text
    assert "(这一批, None)" in verdict.text and "也能用" in verdict.text, verdict.text
    solved = evaluate(ex, run_source(ex.solution + "\n", "test 04.2 solution"))
    assert solved.key == OK and "None" not in solved.text, solved.text  # control: no note without None


def test_a_list_batch_is_named_before_predict_fails_on_it():
    ex, answer = _stored("04.2", "wrong/not_array__tolist.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "not_array", verdict.text
    assert "list" in verdict.text and "单独调用" not in verdict.text, verdict.text


def test_an_error_inside_predict_is_not_blamed_on_the_learners_function():
    """A generator that runs on its own but yields what predict cannot read gets the predict hint."""
    ex, answer = _stored("04.2", "wrong/exception__object_dtype.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == "exception", verdict.text
    assert "`predict` 读取你产出的批次时" in verdict.text and "单独调用时没有报错" in verdict.text, verdict.text
    ex, answer = _stored("04.2", "wrong/exception__reshape.py")  # control: it raises in the learner's own code
    verdict = evaluate(ex, answer)
    assert verdict.key == "exception" and "单独调用你的函数" in verdict.text, verdict.text


@pytest.mark.parametrize(
    ("path", "key", "said"),
    [
        ("wrong/no_restore.py", "no_restore", "最后一轮的权重，不是 `val_loss` 最好的第 3 轮"),
        ("wrong/monitors_training.py", "monitors_training", '`monitor="loss"`'),
        ("wrong/no_validation__split.py", "no_validation", "`validation_split=0.25`"),
        ("wrong/validation_is_train.py", "validation_is_train", "训练数据 `(x_train, y_train)`"),
        ("wrong/too_few_epochs.py", "too_few_epochs", "`epochs=3`"),
        ("wrong/too_few_epochs__patience.py", "too_few_epochs", "`patience=10`"),
        ("wrong/wrong_mode.py", "wrong_mode", "装回的是第 1 轮"),
        ("wrong/not_history.py", "not_history", "忘了写 `return`"),
        ("wrong/not_history__dict.py", "not_history", "`history.history`"),
        ("wrong/exception__keyword.py", "exception", "restore_best"),
    ],
)
def test_04_3_each_mistake_has_its_own_message_and_hint(path, key, said):
    verdict = _verdict("04.3", path)
    assert verdict.key == key, verdict.text
    assert said in verdict.text, verdict.text
    stopping_hint = exercises.get("04.3").hints[0]
    assert stopping_hint not in _hint(verdict.text), f"the general EarlyStopping hint is not about {key}"


def test_04_3_restored_weights_are_the_best_epochs_not_the_last():
    """The data puts the best validation epoch before the last, so keeping the last epoch's weights is seen."""
    ex, answer = _stored("04.3", "solution.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == OK and "装回了第 3 轮" in verdict.text and "第 5 轮后停下" in verdict.text, verdict.text


def test_04_3_patience_zero_is_accepted_with_a_note_as_keras_treats_it_like_one():
    ex, answer = _stored("04.3", "right/patience_zero.py")
    verdict = evaluate(ex, answer)
    assert verdict.key == OK and "`patience=0`" in verdict.text, verdict.text
    solved = evaluate(ex, run_source(ex.solution + "\n", "test 04.3 solution"))
    assert solved.key == OK and "patience=0" not in solved.text, solved.text  # control: no note for patience=2


def test_04_3_a_failure_of_the_checks_bookkeeping_is_not_blamed_on_the_learner(monkeypatch):
    def no_snapshots(model, data, calls, snapshots):
        fit = model.fit

        def stand_in(*args, **kwargs):
            calls.append({"x": args[0], "y": args[1], **kwargs})
            return fit(*args, **kwargs)

        return stand_in

    monkeypatch.setattr(nb04, "_recording_fit", no_snapshots)
    ex, answer = _stored("04.3", "solution.py")
    assert evaluate(ex, answer).key == "check_failed", "weights not recorded is the check's own fault"
