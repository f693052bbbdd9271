"""Exercises 05.1–05.4: each mistake gets a message and a hint about that mistake, never the checker's fault.

The stored answers in ``helpers/exercises/answers/05.*`` already get their verdict keys in
``tests/test_exercises.py``; these tests read what the verdicts say.
"""

from __future__ import annotations

import pytest
from exercise_answers import hint_line as _hint
from exercise_answers import stored_verdict as _verdict

import helpers.exercises as exercises


@pytest.mark.parametrize(
    ("exercise_id", "path", "key", "said", "hinted"),
    [
        # rank-2 labels used to crash the check (set() of lists) and blame the kernel
        ("05.1", "wrong/wrong_labels__swapped.py", "wrong_labels", "每个样本一个整数", "(x, y)"),
        ("05.1", "wrong/wrong_labels__features_twice.py", "wrong_labels", "`[4, 2]`", "(x, y)"),
        ("05.1", "wrong/wrong_labels__one_hot.py", "wrong_labels", "`[4, 10]`", "(x, y)"),
        ("05.1", "wrong/wrong_batch_size__no_drop.py", "wrong_batch_size", "第一批只有 2 个样本", "不要自己除以副本数"),
        # a reduction is named as a reduction, not first as a dtype problem
        ("05.2", "wrong/not_per_sample__count_nonzero.py", "not_per_sample", "一个标量", "去掉归约"),
        ("05.2", "wrong/not_float32.py", "not_float32", "float32", "tf.cast(y_pred > y_true"),
        ("05.2", "wrong/counts_ties.py", "counts_ties", "`>=`", "严格大于"),
        # the hook that raised is named; on_epoch_begin gets empty logs
        ("05.3", "wrong/missing_key__epoch_begin.py", "missing_key", "`on_epoch_begin`", "on_epoch_end"),
        ("05.3", "wrong/missing_key.py", "missing_key", "val_loss", "logs[\"loss\"]"),
        ("05.3", "wrong/keyboard_interrupt.py", "keyboard_interrupt", "KeyboardInterrupt", "stop_training"),
        ("05.4", "wrong/creates_variables.py", "creates_variables", "优化器", "model.optimizer"),
        ("05.4", "wrong/swapped_args.py", "swapped_args", "不对称", "loss_fn(y, model(x"),
    ],
)
def test_05_each_mistake_has_its_own_message_and_hint(exercise_id, path, key, said, hinted):
    verdict = _verdict(exercise_id, path)
    assert verdict.key == key, verdict.text
    assert said in verdict.text, verdict.text
    assert hinted in _hint(verdict.text), verdict.text
    assert "检查本身出了错" not in verdict.text, verdict.text


def test_05_2_hints_no_longer_default_to_argument_order():
    """The default hint (argument order) fits only swapped_args; dtype and tie mistakes get their own."""
    default = exercises.get("05.2").hints[0]
    for path in ("wrong/not_float32.py", "wrong/counts_ties.py", "wrong/not_per_sample__count_nonzero.py"):
        text = _verdict("05.2", path).text
        assert _hint(text) != f"提示：{default}", text


@pytest.mark.parametrize(
    ("exercise_id", "path", "key", "said", "hinted"),
    [
        # made-up samples, a hard-coded number of repeated batches, a hand-written update, a broadcast mean
        ("05.1", "wrong/padded__zeros.py", "padded", "`x` 中没有的样本", "不要补样本"),
        ("05.1", "wrong/hard_coded__repeat_take3.py", "hard_coded", "30 个样本", "drop_remainder=True"),
        ("05.2", "wrong/not_zero_one__batch_mean.py", "not_zero_one", "整批的平均值", "不要再求平均"),
        ("05.4", "wrong/not_optimizer__hand_update.py", "not_optimizer", "iterations", "apply_gradients"),
        # a late stop is named as late; an extra condition as an extra condition; a fixed threshold as fixed
        ("05.3", "wrong/late__previous_loss.py", "late", "晚停了一轮", "on_epoch_end"),
        ("05.3", "wrong/wrong_epoch__stops_by_epoch_3.py", "wrong_epoch", "停早了", "self.threshold"),
        ("05.3", "wrong/wrong_epoch__hard_coded.py", "wrong_epoch", "和传进来的 `threshold` 无关", "self.threshold"),
    ],
)
def test_05_loopholes_get_their_own_verdict(exercise_id, path, key, said, hinted):
    verdict = _verdict(exercise_id, path)
    assert verdict.key == key, verdict.text
    assert said in verdict.text, verdict.text
    assert hinted in _hint(verdict.text), verdict.text


def test_05_1_accepts_sample_weights_and_names_repeats():
    """A third element (sample weights) is what fit accepts; repeat() is accepted only when every sample is used."""
    assert _verdict("05.1", "right/with_sample_weight.py").key == "ok"
    text = _verdict("05.1", "right/repeat_batch_take.py").text
    assert "30 个样本" in text and "不止一次" in text, text
