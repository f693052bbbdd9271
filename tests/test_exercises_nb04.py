"""Exercises 04.1 and 04.2: each mistake gets a message and a hint about that mistake.

The stored answers in ``helpers/exercises/answers/04.*`` already get their verdict keys in
``tests/test_exercises.py``; these tests read what the verdicts say.
"""

from __future__ import annotations

import pytest

import helpers.exercises as exercises
from helpers.exercises.core import ANSWERS, evaluate, run_source


def _verdict(exercise_id: str, path: str):
    source = (ANSWERS / exercise_id / path).read_text(encoding="utf-8")
    return evaluate(exercises.get(exercise_id), run_source(source, f"test {exercise_id} {path}"))


def _hint(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("提示："))


@pytest.mark.parametrize(
    ("path", "key", "said"),
    [
        ("wrong/wrong_order__shuffled.py", "wrong_order", "顺序和 `x` 不同"),
        ("wrong/wrong_batches__off_by_one.py", "wrong_batches", "第 1 个批次应该有 4 个，现在是 3 个"),
        ("wrong/wrong_batches__empty_last.py", "wrong_batches", "多出来的第 4 个批次是空的"),
        ("wrong/not_inputs_only__none.py", "not_inputs_only", "Keras 能接受它"),
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
