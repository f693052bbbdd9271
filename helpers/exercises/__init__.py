"""Exercises (练习) with instant feedback, at the end of every notebook.

Introduced in the 练习 section of 01_modules_and_variables (and every notebook after it).
In a notebook::

    answer = ...                              # the answer cell: the learner's code defines `answer`
    helpers.exercises.check("04.2", answer)   # the check cell: prints a Chinese verdict
    helpers.exercises.hint("04.2")            # a second hint
    helpers.exercises.solution("04.2")        # the reference solution

``python -m helpers.exercises --list`` lists them; ``--verify`` runs every reference
solution and every stored wrong answer through its check. Importing this package
does not import TensorFlow.
"""

from __future__ import annotations

from helpers.exercises import nb01, nb02, nb03, nb04, nb05, nb06, nb07, nb08, nb09
from helpers.exercises.core import Exercise, Verdict, evaluate

__all__ = ["EXERCISES", "Exercise", "Verdict", "check", "for_notebook", "get", "hint", "solution"]

#: Every exercise, in notebook order, by id ("01.1", "01.2", ...).
EXERCISES: dict[str, Exercise] = {
    ex.id: ex for module in (nb01, nb02, nb03, nb04, nb05, nb06, nb07, nb08, nb09) for ex in module.EXERCISES
}


def get(exercise_id: str) -> Exercise:
    """Return the exercise with id ``exercise_id`` (e.g. "04.2"); a clear error for an unknown id."""
    if not isinstance(exercise_id, str) or exercise_id not in EXERCISES:
        known = "、".join(EXERCISES)
        raise KeyError(f"没有编号为 {exercise_id!r} 的练习。已有的编号：{known}")
    return EXERCISES[exercise_id]


def for_notebook(notebook: str) -> list[Exercise]:
    """Return the exercises of ``notebook`` (file name with or without .ipynb, e.g. "04_keras_fit")."""
    name = notebook.removesuffix(".ipynb").rsplit("/", 1)[-1]
    return [ex for ex in EXERCISES.values() if ex.notebook == name]


def check(exercise_id: str, answer) -> None:
    """Check ``answer`` for exercise ``exercise_id`` and print the verdict in Chinese (returns None)."""
    print(evaluate(get(exercise_id), answer).text)


def hint(exercise_id: str) -> None:
    """Print both hints of the exercise (the second one goes further than the first)."""
    ex = get(exercise_id)
    print(f"练习 {ex.id} · 提示一：{ex.hints[0]}\n练习 {ex.id} · 提示二：{ex.hints[1]}")


def solution(exercise_id: str) -> None:
    """Print the reference solution of the exercise (code you can paste into the answer cell)."""
    ex = get(exercise_id)
    print(f"# 练习 {ex.id} 的参考答案（{ex.title}）\n{ex.solution.strip()}")
