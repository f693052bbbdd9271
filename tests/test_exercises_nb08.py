"""The checks of 08_metrics_losses_summaries: what TensorBoard can plot, where a writer went, the learner's own names.

``tests/test_exercises.py`` runs every stored answer through ``--verify``; these tests pin the
behaviour behind the verdicts that a stored answer alone does not show: a scalar written with
the scalars plugin's metadata by hand still passes, a writer on a path of the learner's own
leaves no files there, a metric's error names ``Mean`` and not the check's stand-in, a metric
reset only once is not told it was never reset, a summary switched off by ``record_if`` is named as such.
"""

from __future__ import annotations

import os

import pytest
from exercise_answers import stored_verdict as _stored_verdict

import helpers.exercises as exercises
from helpers.exercises import private_api
from helpers.exercises.core import OK, evaluate, run_source

WRITE_WITH_METADATA = '''
from tensorboard.plugins.scalar import metadata as scalar_metadata


def log_losses(logdir, losses):
    writer = tf.summary.create_file_writer(logdir)
    with writer.as_default():
        for step, loss in enumerate(losses):
            tf.summary.write("loss", loss, step=step, metadata=scalar_metadata.create_summary_metadata("", ""))
    writer.close()


answer = log_losses
'''

WRITE_BARE = WRITE_WITH_METADATA.replace(", metadata=scalar_metadata.create_summary_metadata(\"\", \"\")", "")

HARD_CODED = '''
def log_losses(logdir, losses):
    writer = tf.summary.create_file_writer(logdir="logs/train")
    with writer.as_default():
        for step, loss in enumerate(losses):
            tf.summary.scalar("loss", loss, step=step)
    writer.close()


answer = log_losses
'''


def _verdict(ex_id: str, source: str):
    return evaluate(exercises.get(ex_id), run_source(source, f"test {ex_id}"))


def test_a_tensor_with_the_scalars_plugin_passes_and_a_bare_one_does_not():
    """08.2: the verdict turns on the plugin metadata that TensorBoard's SCALARS page needs, not on the function."""
    assert WRITE_BARE != WRITE_WITH_METADATA
    with_metadata = _verdict("08.2", WRITE_WITH_METADATA)
    assert with_metadata.key == OK, with_metadata.text
    bare = _verdict("08.2", WRITE_BARE)
    assert bare.key == "no_metadata", bare.text
    assert "tf.summary.write" in bare.text


def test_a_writer_outside_logdir_is_named_and_writes_nothing_there(tmp_path, monkeypatch):
    """08.2: a hard-coded folder (given as the keyword logdir=) is the verdict's cause, and the check leaves it empty."""
    import tensorflow as tf

    monkeypatch.chdir(tmp_path)
    original = tf.summary.create_file_writer
    verdict = _verdict("08.2", HARD_CODED)
    assert verdict.key == "wrong_folder", verdict.text
    assert "`logs/train`" in verdict.text and "with writer.as_default()" not in verdict.text
    assert not os.path.exists(tmp_path / "logs"), "the check must not write into the learner's folders"
    assert tf.summary.create_file_writer is original, "the check must put create_file_writer back"


def test_a_writer_below_logdir_is_still_the_subfolder_verdict():
    """08.2: a writer one level too deep is let through, so the verdict can name the subfolder it found."""
    verdict = _verdict("08.2", HARD_CODED.replace('logdir="logs/train"', 'f"{logdir}/train"'))
    assert verdict.key == "wrong_folder", verdict.text
    assert "子文件夹 `train`" in verdict.text


@pytest.mark.parametrize("ex_id, call", [("08.1", "metric.compute()"), ("08.4", "metric.compute()")])
def test_a_missing_method_names_mean_not_the_checks_subclass(ex_id, call):
    """08.1 / 08.4: the learner never saw the check's counting subclass, so its name must not show."""
    source = f"def fn(metric, data):\n    {call}\n\n\nanswer = fn\n"
    verdict = _verdict(ex_id, source)
    assert verdict.key == "exception", verdict.text
    assert "'Mean' object has no attribute 'compute'" in verdict.text and "Watched" not in verdict.text


def test_only_reservoir_key_errors_are_explained_as_tf1_scalars():
    """08.3: another KeyError (a wrong tag in read_scalars' dict) stays the learner's exception."""
    source = (
        "def best_step(logdir):\n"
        '    return helpers.summaries.read_scalars(logdir)["val_loss"][0][0]\n\n\n'
        "answer = best_step\n"
    )
    verdict = _verdict("08.3", source)
    assert verdict.key == "exception", verdict.text
    assert "KeyError" in verdict.text


def test_clearing_per_batch_needs_a_reset_to_be_called_that():
    """08.1: the last-batch verdict needs a reset_state() call; a wrong sum that equals it without one is plain wrong."""
    source = (
        "def epoch_means(metric, epochs):\n"
        "    metric.update_state(0.0)\n"
        "    return [float(batch_losses[-1]) for batch_losses in epochs]\n\n\n"
        "answer = epoch_means\n"
    )
    verdict = _verdict("08.1", source)
    assert verdict.key == "wrong_value", verdict.text


# -- added: reset once, record_if switched off --------------------------------------------------


# -- 08.1: reset once before all epochs -----------------------------------------------------------


def test_a_metric_reset_once_before_all_epochs_is_not_told_it_was_never_reset():
    verdict = _stored_verdict("08.1", "wrong/never_reset__once_before.py")
    assert verdict.key == "never_reset", verdict.text
    assert "轮与轮之间没有清零" in verdict.text and "清零一次不够" in verdict.text, verdict.text
    assert "从没清零" not in verdict.text, verdict.text


def test_a_metric_never_reset_gets_no_remark_about_one_reset():
    """Control: with no reset at all, the verdict does not speak of the one reset the answer never made."""
    verdict = _stored_verdict("08.1", "wrong/never_reset.py")
    assert verdict.key == "never_reset", verdict.text
    assert "清零一次不够" not in verdict.text, verdict.text


# -- 08.2: record_if switched off -------------------------------------------------------------


def test_record_if_false_inside_the_writer_is_named_not_blamed_on_a_missing_writer():
    verdict = _stored_verdict("08.2", "wrong/record_off__lambda_false.py")
    assert verdict.key == "record_off", verdict.text
    assert "record_if" in verdict.text and "写入器已经设为默认" in verdict.text, verdict.text


def test_a_writer_never_made_the_default_is_still_nothing_written():
    """Control: without any writer as default, the new verdict must not fire."""
    verdict = _stored_verdict("08.2", "wrong/nothing_written.py")
    assert verdict.key == "nothing_written", verdict.text
    assert "record_if" in verdict.text, verdict.text  # the fallback names both causes


def test_without_the_default_writer_state_record_off_falls_back_to_nothing_written(monkeypatch):
    """Where TensorFlow hides its default writer, the check cannot tell the causes apart and names both."""
    monkeypatch.setattr(private_api, "default_summary_writer", lambda: private_api.UNKNOWN)
    verdict = _stored_verdict("08.2", "wrong/record_off__lambda_false.py")
    assert verdict.key == "nothing_written", verdict.text
    assert "record_if" in verdict.text, verdict.text


def test_the_reference_answer_still_passes_with_the_scalar_watch_in_place():
    assert _stored_verdict("08.2", "solution.py").key == OK


# -- 08.1: what the success text credits; a reset_state without its parentheses -------------------


def test_a_reset_state_without_parentheses_is_told_so():
    verdict = _stored_verdict("08.1", "wrong/never_reset__no_parens.py")
    assert verdict.key == "never_reset", verdict.text
    assert "后面要有括号" in verdict.text, "the answer named reset_state but never called it"


def test_an_answer_that_never_names_reset_state_gets_no_remark_about_parentheses():
    """Control: the remark rests on the look-up of reset_state, not on the wrong values alone."""
    verdict = _stored_verdict("08.1", "wrong/never_reset.py")
    assert "括号" not in verdict.text, verdict.text


@pytest.mark.parametrize("name", ["right/new_metric_each_epoch.py", "right/new_keras_mean_each_epoch.py"])
def test_a_new_metric_each_epoch_is_credited_as_such_whatever_its_class(name):
    """type(metric)() and keras.metrics.Mean() are the same idea: both pass, told they made a new metric."""
    verdict = _stored_verdict("08.1", name)
    assert verdict.key == OK, verdict.text
    assert "每轮新建了一个指标" in verdict.text, "the text must name what the answer did"
    assert "每轮用 `reset_state()` 清零一次" not in verdict.text, "no reset_state() was called"


def test_zeroing_the_variables_by_hand_is_not_credited_to_reset_state():
    verdict = _stored_verdict("08.1", "right/zero_variables_by_hand.py")
    assert verdict.key == OK, verdict.text
    assert "没有调用 `reset_state()`" in verdict.text, verdict.text
    assert "每轮用 `reset_state()` 清零一次" not in verdict.text, "no reset_state() was called"


def test_the_reference_answer_is_credited_to_reset_state():
    """Control: with reset_state() called each epoch, the text says so."""
    verdict = _stored_verdict("08.1", "solution.py")
    assert verdict.key == OK and "每轮用 `reset_state()` 清零一次" in verdict.text, verdict.text


def test_the_check_puts_keras_mean_update_state_back():
    import keras

    before = keras.metrics.Mean.__dict__.get("update_state")
    _stored_verdict("08.1", "right/new_keras_mean_each_epoch.py")
    assert keras.metrics.Mean.__dict__.get("update_state") is before, "the check must undo its watch on Mean"


# -- 08.4: the partial batch left out ---------------------------------------------------------------


def test_leaving_out_the_partial_batch_is_named():
    verdict = _stored_verdict("08.4", "wrong/partial_skipped.py")
    assert verdict.key == "partial_skipped", verdict.text
    assert "最后一个不完整批次" in verdict.text and "没算进去" in verdict.text, verdict.text


def test_another_wrong_value_is_not_blamed_on_the_partial_batch():
    """Control: an answer that weights the other way gets no word about a batch left out."""
    verdict = _stored_verdict("08.4", "wrong/wrong_value__inverse_weight.py")
    assert verdict.key == "wrong_value", verdict.text
    assert "没算进去" not in verdict.text, verdict.text
