"""The checks of notebook 06's exercises: what the verdicts say for Keras 2 habits and misnamed causes.

``tests/test_exercises.py`` runs every stored answer through ``--verify``; these tests pin what the
verdicts say (the cause, not just the key) and the controls that must stay accepted.
"""

from __future__ import annotations

from exercise_answers import stored as _stored
from exercise_answers import stored_verdict as _verdict

from helpers.exercises.core import OK, evaluate

# -- 06.2 -------------------------------------------------------------------------------------


def test_set_learning_phase_is_explained_as_removed_in_keras_3():
    verdict = _verdict("06.2", "wrong/keras2_learning_phase.py")
    assert verdict.key == "keras2_learning_phase", verdict.text
    assert "Keras 3 去掉了" in verdict.text and "`training` 参数" in verdict.text, verdict.text
    assert "Traceback" not in verdict.text, verdict.text


# -- 06.3 -------------------------------------------------------------------------------------


def test_adding_the_list_says_sum_it_and_does_not_suggest_a_mean():
    verdict = _verdict("06.3", "wrong/added_list.py")
    assert verdict.key == "added_list", verdict.text
    assert "列表" in verdict.text and "不要求平均" in verdict.text, verdict.text
    assert "reduce_mean" not in verdict.text, verdict.text


def test_summing_the_list_after_the_old_hint_is_still_named_as_averaging():
    """Control: the mean of the list (what the old hint led to) keeps its own verdict."""
    assert _verdict("06.3", "wrong/averaged_regularization.py").key == "averaged_regularization"


def test_cutting_the_gradient_inside_the_tape_is_named_in_the_message():
    for name in ("missing_regularization__stop_gradient.py", "missing_regularization__float.py"):
        verdict = _verdict("06.3", f"wrong/{name}")
        assert verdict.key == "missing_regularization", (name, verdict.text)
        assert "`tf.stop_gradient`" in verdict.text and "`float()`" in verdict.text, verdict.text


# -- 06.4 -------------------------------------------------------------------------------------


def test_keras2_compiled_metrics_pattern_names_the_metrics_container():
    for name in ("metrics_container.py", "metrics_container__loop.py"):
        verdict = _verdict("06.4", f"wrong/{name}")
        assert verdict.key == "metrics_container", (name, verdict.text)
        assert "`compile_metrics`" in verdict.text and "`self.compute_metrics`" in verdict.text, verdict.text


def test_dividing_the_gradients_again_is_named_as_a_double_division():
    verdict = _verdict("06.4", "wrong/loss_not_scaled__divided_twice.py")
    assert verdict.key == "loss_not_scaled", verdict.text
    assert "除了两次" in verdict.text and "不要再除" in verdict.text, verdict.text
    assert "你的梯度是对原来的损失求的" not in verdict.text, verdict.text


def test_calling_self_loss_and_subclassing_model_are_explained_not_dumped():
    cases = {"self_loss_called.py": ("self_loss_called", "self.compute_loss"),
             "not_sequential.py": ("not_sequential", "keras.Sequential")}
    for name, (key, cause) in cases.items():
        verdict = _verdict("06.4", f"wrong/{name}")
        assert verdict.key == key, (name, verdict.text)
        assert cause in verdict.text and "Traceback" not in verdict.text, verdict.text


def test_the_solution_is_still_accepted():
    ex, answer = _stored("06.4", "solution.py")
    assert evaluate(ex, answer).key == OK
