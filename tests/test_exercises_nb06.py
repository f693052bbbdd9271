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


# -- causes named apart (06.1, 06.2, 06.3, 06.4) ------------------------------------------------


def test_applying_twice_and_updating_part_of_the_variables_get_their_own_causes():
    twice = _verdict("06.1", "wrong/applied_twice.py")
    assert twice.key == "applied_twice" and "两次" in twice.text, twice.text
    partial = _verdict("06.1", "wrong/partial_update.py")
    assert partial.key == "partial_update" and "一部分变量" in partial.text, partial.text
    for verdict in (twice, partial):
        assert "reduce_mean" not in verdict.text, verdict.text


def test_a_frozen_batch_norm_is_named_not_a_missing_training_flag():
    verdict = _verdict("06.2", "wrong/frozen_layer.py")
    assert verdict.key == "frozen_layer", verdict.text
    assert "trainable=False" in verdict.text and "推理模式下调用" not in verdict.text, verdict.text


def test_a_half_strength_hand_written_l2_is_told_half_not_only_averaged():
    verdict = _verdict("06.3", "wrong/averaged_regularization__half_l2.py")
    assert verdict.key == "averaged_regularization", verdict.text
    assert "一半" in verdict.text and "手写 L2" in verdict.text, verdict.text


def test_06_3_suggests_sum_of_model_losses_as_the_notebook_does():
    import helpers.exercises as exercises

    ex = exercises.get("06.3")
    texts = [ex.hints[-1], (ex.folder / "solution.py").read_text(encoding="utf-8"),
             _verdict("06.3", "wrong/tf1_regularization.py").text]
    for text in (*ex.hints, *texts):
        assert "add_n" not in text, text
    for text in texts:
        assert "sum(model.losses)" in text, text


def test_keras3_guide_loop_over_self_metrics_is_accepted_with_a_note():
    """keras.io's Keras 3 guide returns {m.name: m.result() ...}: fit flattens compile_metrics itself."""
    verdict = _verdict("06.4", "right/keras3_guide_loop.py")
    assert verdict.key == OK, verdict.text
    assert "got multiple values for argument 'sample_weight'" in verdict.text, verdict.text


def test_updating_the_loss_metric_with_y_and_y_pred_is_explained():
    verdict = _verdict("06.4", "wrong/metrics_container__no_loss_branch.py")
    assert verdict.key == "metrics_container", verdict.text
    assert "两个 `sample_weight`" in verdict.text and "Traceback" not in verdict.text, verdict.text


def test_a_hand_called_loss_object_is_told_it_misses_the_regularization():
    verdict = _verdict("06.4", "wrong/missing_regularization.py")
    assert verdict.key == "missing_regularization", verdict.text
    assert "`self.compute_loss` 才加上正则化损失" in verdict.text, verdict.text
