"""Exercises 02.1-02.3: the mistakes a cold review found, each named by its own verdict and hint.

The stored answers in ``helpers/exercises/answers/02.*`` already get their verdict keys in
``tests/test_exercises.py`` (``--verify``); these tests read what the verdicts say, that a
verdict does not change when the check runs again, and the answers that are not stored.
"""

from __future__ import annotations

import pytest
from exercise_answers import hint_line as _hint
from exercise_answers import stored_answer as _answer

import helpers.exercises as exercises
from helpers.exercises.core import evaluate


@pytest.mark.parametrize(
    ("exercise_id", "path", "key", "said", "hinted"),
    [
        ("02.1", "wrong/not_finite__nan.py", "not_finite", "给出了 nan", "float(getattr"),
        ("02.1", "wrong/not_float__no_return.py", "not_float", "没有用 `return`", "return float("),
        ("02.1", "wrong/not_float__optimizer_instance.py", "not_float", "优化器实例本身", ".learning_rate"),
        ("02.1", "wrong/wrong_value__rounded.py", "wrong_value", "四舍五入", "不再取整"),
        ("02.2", "wrong/rate_not_float__int.py", "rate_not_float", "只收 Python 的 `float`", "1.0"),
        ("02.2", "wrong/not_original__rate_1000.py", "not_original", "学习率 1000", "1.0"),
        ("02.2", "wrong/not_original__rate_half.py", "not_original", "降得慢一些", "1.0"),
        ("02.2", "wrong/not_original__epsilon.py", "not_original", "`epsilon=0.001`", "1.0"),
        ("02.2", "wrong/shared_optimizer.py", "shared_optimizer", "累积量", "每次调用都是一个新优化器"),
        ("02.3", "wrong/momentum__with_schedule.py", "momentum", "`momentum=0.9`", "去掉 `momentum=`"),
        ("02.3", "wrong/momentum__for_decay.py", "momentum", "`momentum=0.01`", "去掉 `momentum=`"),
        ("02.3", "wrong/gradient_clipping.py", "gradient_clipping", "梯度裁剪", "去掉 `clipvalue=0.5`"),
        ("02.3", "wrong/use_ema.py", "use_ema", "`use_ema=True`", "去掉 `use_ema=True`"),
        ("02.3", "wrong/rate_not_float__int.py", "rate_not_float", "整数 `1`", "InverseTimeDecay"),
    ],
)
def test_each_mistake_gets_its_own_reason_and_hint(exercise_id, path, key, said, hinted):
    answer = _answer(exercise_id, path)
    first = evaluate(exercises.get(exercise_id), answer)
    again = evaluate(exercises.get(exercise_id), answer)  # a learner who runs the check cell twice
    assert (first.key, first.text) == (again.key, again.text), (first.text, again.text)
    assert first.key == key, first.text
    assert said in first.text, first.text
    assert hinted in _hint(first.text), first.text


def test_02_1_nan_only_for_the_probe_is_not_accepted():
    """A NaN for the probe class used to pass ``abs(nan - rate) > tol`` (False for NaN)."""
    import keras

    def default_learning_rate(name):
        if name == "ProbeOptimizer":
            return float("nan")
        return float(getattr(keras.optimizers, name)().learning_rate)

    verdict = evaluate(exercises.get("02.1"), default_learning_rate)
    assert verdict.key == "hard_coded", verdict.text


def test_02_3_the_old_code_s_momentum_blame_does_not_hit_plain_schedules():
    """Momentum, clipping and EMA are named only when set: explicit defaults are still right."""
    verdict = evaluate(exercises.get("02.3"), _answer("02.3", "right/explicit_defaults.py"))
    assert verdict.key == "ok", verdict.text


def test_02_3_momentum_no_longer_blames_the_schedule():
    """The review's case: the right schedule plus momentum used to get "衰减的方式或快慢不对" and a hint repeating it."""
    text = evaluate(exercises.get("02.3"), _answer("02.3", "wrong/momentum__with_schedule.py")).text
    assert "衰减的方式或快慢不对" not in text, text


def test_02_2_the_original_setting_is_the_only_one_accepted():
    """Any rate that trains used to pass; now only the behaviour of TF 1.13's ``Adadelta()`` does."""
    import keras

    ex = exercises.get("02.2")
    for rate, key in ((1.0, "ok"), (2.0, "not_original"), (0.1, "too_slow"), (1e-3, "too_slow")):
        verdict = evaluate(ex, lambda rate=rate: keras.optimizers.Adadelta(learning_rate=rate))
        assert verdict.key == key, (rate, verdict.text)


@pytest.mark.parametrize(
    ("exercise_id", "path", "key", "said", "hinted"),
    [
        ("02.1", "wrong/wrong_value__rounded_probe.py", "wrong_value", "四舍五入", "不再取整"),
        ("02.2", "wrong/not_original__rate_105.py", "not_original", "学习率 1.05", "1.0"),
        ("02.2", "wrong/gradient_clipping.py", "gradient_clipping", "梯度裁剪", "去掉 `clipnorm=0.1`"),
        ("02.2", "wrong/use_ema.py", "use_ema", "`use_ema=True`", "去掉 `use_ema=True`"),
        ("02.2", "wrong/weight_decay.py", "weight_decay", "权重衰减", "去掉 `weight_decay=`"),
        ("02.3", "wrong/decay_ignored__staircase.py", "decay_ignored", "`staircase=`", "InverseTimeDecay"),
        ("02.3", "wrong/gradient_accumulation.py", "gradient_accumulation", "每 2 步", "去掉 `gradient_accumulation"),
        ("02.3", "wrong/gradient_clipping__clipnorm_5.py", "gradient_clipping", "看不出差别", "去掉 `clipnorm=5`"),
    ],
)
def test_second_review_mistakes_get_their_own_reason(exercise_id, path, key, said, hinted):
    """A second cold review: rounding called hard-coding, rates near 1.0 accepted, causes named wrongly."""
    verdict = evaluate(exercises.get(exercise_id), _answer(exercise_id, path))
    assert verdict.key == key, verdict.text
    assert said in verdict.text, verdict.text
    assert hinted in _hint(verdict.text), verdict.text


def test_02_2_a_rate_just_turned_up_a_bit_is_not_accepted():
    """The 8-step drop is ~1 % of the loss: comparing the end loss let every rate in 0.97-1.08 pass."""
    import keras

    ex = exercises.get("02.2")
    for rate, key in ((0.99, "not_original"), (1.01, "not_original"), (0.999, "ok"), (1.001, "ok")):
        verdict = evaluate(ex, lambda rate=rate: keras.optimizers.Adadelta(learning_rate=rate))
        assert verdict.key == key, (rate, verdict.text)


def test_02_3_a_staircase_schedule_is_not_told_to_write_a_schedule():
    """A schedule that does not move in 3 steps used to get "decay=0.01 不能直接删掉"."""
    text = evaluate(exercises.get("02.3"), _answer("02.3", "wrong/decay_ignored__staircase.py")).text
    assert "不能直接删掉" not in text, text
