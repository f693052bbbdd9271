"""Exercises 01.1-01.4: the mistakes a cold review found, each named by its own verdict and hint.

The stored answers in ``helpers/exercises/answers/01.*`` already get their verdict keys in
``tests/test_exercises.py`` (``--verify``); these tests read what the verdicts say, and that a
verdict does not change when the check runs again.
"""

from __future__ import annotations

import pytest
from exercise_answers import hint_line as _hint
from exercise_answers import stored_answer as _answer

import helpers.exercises as exercises
from helpers.exercises.core import evaluate, run_source


@pytest.mark.parametrize(
    ("exercise_id", "path", "key", "said", "hinted"),
    [
        ("01.1", "wrong/signature_dtype__factor_float64.py", "signature_dtype", "`factor` 声明成了 `float64`", "tf.float32"),
        ("01.1", "wrong/signature_dtype__factor_int32.py", "signature_dtype", "`factor` 声明成了 `int32`", "tf.float32"),
        ("01.1", "wrong/not_scalar__no_sum.py", "not_scalar", "`tf.reduce_sum`", "tf.reduce_sum(x * factor)"),
        ("01.2", "wrong/not_module__instance.py", "not_module", "MLP 的实例", "`answer = MLP`，类名后面不加括号"),
        ("01.2", "wrong/no_super_init.py", "no_super_init", "super().__init__(name=name)", "super().__init__(name=name)"),
        ("01.3", "wrong/stale_step__eager_switch_on.py", "stale_step", "run_functions_eagerly(True)", "python_function"),
        ("01.4", "wrong/variable_replaced__assign_add_result.py", "variable_replaced", "_UnreadVariable", "assign_add"),
        ("01.4", "wrong/numpy_in_graph.py", "numpy_in_graph", "`.numpy()`", "read_value()"),
        ("01.4", "wrong/shared_variable__module_level.py", "shared_variable", "同一个 `tf.Variable`", "__init__"),
        ("01.4", "wrong/shared_variable__class_attribute.py", "shared_variable", "所有实例共用", "__init__"),
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


def test_01_1_messages_do_not_borrow_other_exercises_advice():
    """The dtype and no-sum mistakes used to get 01.4's "初值写成浮点数" and a push towards tf.reduce_mean."""
    ex = exercises.get("01.1")
    for path in ("wrong/signature_dtype__factor_float64.py", "wrong/not_scalar__no_sum.py"):
        text = evaluate(ex, _answer("01.1", path)).text
        assert "初值" not in text and "reduce_mean" not in text, text


def test_01_3_eager_switch_is_off_again_and_the_learners_setting_comes_back():
    """The check trains with the switch off (else the stale step looks right); afterwards it is as before the check."""
    import tensorflow as tf

    ex = exercises.get("01.3")
    assert not tf.config.functions_run_eagerly()
    stale = evaluate(ex, _answer("01.3", "wrong/stale_step__eager_switch_on.py"))
    right = evaluate(ex, _answer("01.3", "solution.py"))
    assert not tf.config.functions_run_eagerly(), "the check gives back the setting from before it ran"
    assert stale.key == "stale_step" and "backbone/dense/kernel" in stale.text, stale.text
    assert right.key == "ok" and "run_functions_eagerly" not in right.text, right.text  # control: no switch, no note


def test_01_3_right_answer_with_the_switch_on_passes_and_is_told():
    source = (
        "def freeze_backbone(model, backbone, step):\n"
        "    backbone.trainable = False\n"
        "    tf.config.run_functions_eagerly(True)\n"
        "    return tf.function(step.python_function)\n\n\n"
        "answer = freeze_backbone\n"
    )
    verdict = evaluate(exercises.get("01.3"), run_source(source, "test 01.3 switch on, new step"))
    assert verdict.key == "ok", verdict.text
    assert "检查训练前把它关掉了" in verdict.text, verdict.text


def test_01_4_lazily_created_variable_is_not_taken_for_a_shared_one():
    """Control for shared_variable: a variable made on the first call belongs to its own Counter."""
    source = (
        "class Counter(tf.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.total = None\n\n"
        "    @tf.function\n"
        "    def add(self, x):\n"
        "        if self.total is None:\n"
        "            self.total = tf.Variable(0.0)\n"
        "        self.total.assign_add(x)\n"
        "        return self.total.read_value()\n\n\n"
        "answer = Counter\n"
    )
    ex = exercises.get("01.4")
    answer = run_source(source, "test 01.4 lazy")
    assert [evaluate(ex, answer).key for _ in range(2)] == ["ok", "ok"]


def test_01_4_another_learner_error_is_explained_as_it_is():
    """An error that is not about symbolic tensors is shown with its own text, not blamed on tensor attributes."""
    source = (
        "class Counter(tf.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.total = tf.Variable(0.0)\n\n"
        "    @tf.function\n"
        "    def add(self, x):\n"
        "        self.total.assign_add(x)\n"
        "        return self.total.read_value() + undefined_name  # noqa: F821\n\n\n"
        "answer = Counter\n"
    )
    verdict = evaluate(exercises.get("01.4"), run_source(source, "test 01.4 name error"))
    assert verdict.key == "exception" and "undefined_name" in verdict.text, verdict.text
    assert "符号张量" not in verdict.text, verdict.text


@pytest.mark.parametrize(
    ("exercise_id", "path", "key", "said", "not_said"),
    [
        # keras.Variable made in __init__: the cause is the class, not variables made in __call__
        ("01.2", "wrong/keras_variable.py", "keras_variable", "4 个 `keras.Variable`", "`__call__` 里新建"),
        ("01.2", "wrong/float64_variables__numpy_init.py", "float64_variables", "NumPy 默认是 `float64`", "初值写成浮点数"),
        # a plain wrapper around the old step: its graph still trains the backbone, so not "结果对"
        ("01.3", "wrong/stale_step__lambda_wrapper.py", "stale_step", "backbone/norm/moving_mean", "结果对"),
        ("01.3", "wrong/not_trainable_variables__model_weights.py", "not_trainable_variables",
         "model.trainable_variables", "Unknown variable"),
        ("01.4", "wrong/keras_variable.py", "keras_variable", "`counter.variables` 里有 0 个变量", "读不到"),
        # dtype= declared explicitly: the initial value 0.0 is not the cause
        ("01.4", "wrong/dtype_mismatch__float64.py", "dtype_mismatch", "`float64`", "初值写成浮点数"),
    ],
)
def test_round_7_verdicts_name_the_true_cause(exercise_id, path, key, said, not_said):
    verdict = evaluate(exercises.get(exercise_id), _answer(exercise_id, path))
    assert verdict.key == key, verdict.text
    assert said in verdict.text and not_said not in verdict.text, verdict.text


def test_01_3_plain_function_gets_eager_step_only_when_it_trains_the_right_variables():
    """Control for the lambda wrapper: the plain Python step itself freezes correctly, so it is only slow."""
    verdict = evaluate(exercises.get("01.3"), _answer("01.3", "wrong/eager_step.py"))
    assert verdict.key == "eager_step" and "只冻结之后的变量" in verdict.text, verdict.text


def test_01_4_integer_initial_value_is_still_named_as_the_cause():
    """Control for dtype_mismatch__float64: with tf.Variable(0) the initial value is the cause and is named."""
    verdict = evaluate(exercises.get("01.4"), _answer("01.4", "wrong/dtype_mismatch.py"))
    assert verdict.key == "dtype_mismatch" and "初值写成浮点数" in verdict.text, verdict.text


def test_01_2_unused_variable_is_named():
    source = (
        "class MLP(tf.Module):\n"
        "    def __init__(self, n_in, hidden, n_out, name=None):\n"
        "        super().__init__(name=name)\n"
        "        self.w1 = tf.Variable(tf.random.normal((n_in, hidden), stddev=0.1), name='w1')\n"
        "        self.b1 = tf.Variable(tf.zeros((hidden,)), name='b1')\n"
        "        self.w2 = tf.Variable(tf.random.normal((hidden, n_out), stddev=0.1), name='w2')\n"
        "        self.b2 = tf.Variable(tf.zeros((n_out,)), name='b2')\n\n"
        "    def __call__(self, x):\n"
        "        return tf.nn.relu(x @ self.w1 + self.b1) @ self.w2 + self.b1[:2]\n\n\n"
        "answer = MLP\n"
    )
    verdict = evaluate(exercises.get("01.2"), run_source(source, "test 01.2 unused b2"))
    assert verdict.key == "unused_variables" and "`b2:0`（形状 (2,)）" in verdict.text, verdict.text


@pytest.mark.parametrize(
    ("exercise_id", "path", "key", "said", "not_said"),
    [
        # weights stored (out, in) and used through tf.transpose: the known values go in transposed
        ("01.2", "wrong/output_activation__transposed.py", "output_activation", "应该有", "正确"),
        ("01.2", "wrong/output_activation__leaky_transposed.py", "output_activation", "0.2 倍", "正确"),
        # other shapes (column biases): only the sign probe can tell
        ("01.2", "wrong/output_activation__column_biases.py", "output_activation", "没有一个是负数", "正确"),
        # only weights, no tensors anywhere: the biases are missing, not "tensors instead of variables"
        ("01.2", "wrong/missing_variables__no_biases.py", "missing_variables", "少了偏置 `b1`、`b2`", "直接得到的是张量"),
        ("01.4", "wrong/not_scalar__list_initial_value.py", "not_scalar", "`total` 应是标量", "reduce_mean"),
        ("01.1", "wrong/signature_shape__fixed_length.py", "signature_shape", "长度固定成了 3", "对照题目"),
    ],
)
def test_round_8_verdicts_name_the_true_cause(exercise_id, path, key, said, not_said):
    verdict = evaluate(exercises.get(exercise_id), _answer(exercise_id, path))
    assert verdict.key == key, f"{path}: expected {key}, got {verdict.key}: {verdict.text}"
    assert said in verdict.text, f"{path}: the verdict should say {said!r}: {verdict.text}"
    assert not_said not in verdict.text, f"{path}: the verdict should not say {not_said!r}: {verdict.text}"


def test_01_2_transposed_weights_without_output_activation_pass():
    """Control for output_activation__transposed: the same layout without the relu on the output is right."""
    verdict = evaluate(exercises.get("01.2"), _answer("01.2", "right/transposed_weights.py"))
    assert verdict.key == "ok", f"transposed weights are a right answer: {verdict.text}"


def test_01_2_tensors_instead_of_variables_still_get_the_tensor_text():
    """Control for missing_variables__no_biases: w2, b2 made as plain tensors are named as tensors."""
    verdict = evaluate(exercises.get("01.2"), _answer("01.2", "wrong/missing_variables.py"))
    assert verdict.key == "missing_variables" and "直接得到的是张量" in verdict.text, verdict.text
