"""Exercises (练习) with instant feedback, at the end of every notebook.

Introduced in the 练习 section of 01_modules_and_variables (and every notebook after it).
In a notebook::

    answer = ...                              # the answer cell: the learner's code defines `answer`,
    helpers.exercises.submit("04.2", answer)  # and its last line hands it in under the exercise's id
    helpers.exercises.check("04.2")           # the check cell: checks what 04.2's answer cell handed in
    helpers.exercises.hint("04.2")            # a second hint
    helpers.exercises.solution("04.2")        # the reference solution

``check("04.2", answer)`` checks ``answer`` directly. A check cell run before its
answer cell, or given another exercise's answer, says so in plain Chinese instead
of checking code the learner did not write for this exercise.

``python -m helpers.exercises --list`` lists them; ``--verify`` runs every stored
answer through its check. Each ``nbNN.py`` module here holds the exercises of notebook
NN (found by name, see :func:`_discover`); each exercise's code is in ``answers/<id>/``.
Importing this package does not import TensorFlow, and reads none of those files.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

from helpers.exercises.core import NO_ANSWER, Exercise, Verdict, evaluate, more_text

__all__ = ["EXERCISES", "Exercise", "Verdict", "check", "for_notebook", "get", "hint", "solution", "submit", "verdict"]

#: The modules that hold exercises: ``nb01`` … ``nb99``, one per notebook, each with a list ``EXERCISES``.
MODULE_NAME = re.compile(r"nb\d\d")


def _discover() -> dict[str, Exercise]:
    """Import every ``nbNN`` module of this package, in notebook order, and collect its ``EXERCISES`` by id."""
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if MODULE_NAME.fullmatch(m.name))
    found: dict[str, Exercise] = {}
    for name in names:
        for ex in importlib.import_module(f"{__name__}.{name}").EXERCISES:
            if ex.id in found:
                raise ValueError(f"exercise id {ex.id} is used twice ({name} and an earlier module)")
            found[ex.id] = ex
    return found


#: Every exercise, in notebook order, by id ("01.1", "01.2", ...).
EXERCISES: dict[str, Exercise] = _discover()


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


#: What each answer cell handed in last, by exercise id (see :func:`submit`).
SUBMITTED: dict[str, object] = {}
_MISSING = object()


def submit(exercise_id: str, answer) -> None:
    """Hand in ``answer`` for exercise ``exercise_id`` (the last line of its answer cell); prints nothing."""
    get(exercise_id)
    SUBMITTED[exercise_id] = answer


def _no_answer_text(ex: Exercise, other: str | None = None) -> str:
    found = f"检查拿到的是练习 {other} 的答案，不是这道题的。" if other else "检查还没有收到这道题的答案。"
    return (
        f"练习 {ex.id} · 还不能检查：{found}先运行上面的答案单元格"
        f"（它的最后一行 `helpers.exercises.submit(\"{ex.id}\", answer)` 把答案交给检查），再运行这个检查单元格。\n"
        f"{more_text(ex)}"
    )


def _owner(answer, exercise_id: str) -> str | None:
    """The id of another exercise whose answer cell handed in this very function or class, if any."""
    if not callable(answer) or SUBMITTED.get(exercise_id) is answer:
        return None
    return next((other for other, value in SUBMITTED.items() if value is answer and other != exercise_id), None)


def verdict(exercise_id: str, answer=_MISSING) -> Verdict:
    """Return the verdict :func:`check` prints (``answer`` defaults to what the answer cell handed in)."""
    ex = get(exercise_id)
    if answer is _MISSING:
        if exercise_id not in SUBMITTED:
            return Verdict(ex.id, NO_ANSWER, _no_answer_text(ex))
        answer = SUBMITTED[exercise_id]
    else:
        other = _owner(answer, exercise_id)
        if other is not None:
            return Verdict(ex.id, NO_ANSWER, _no_answer_text(ex, other))
    return evaluate(ex, answer)


def check(exercise_id: str, answer=_MISSING) -> None:
    """Check the answer of exercise ``exercise_id`` and print the verdict in Chinese (returns None).

    Without ``answer``: the one its answer cell handed in with :func:`submit`.
    """
    print(verdict(exercise_id, answer).text)


def hint(exercise_id: str) -> None:
    """Print both hints of the exercise (the second one goes further than the first)."""
    ex = get(exercise_id)
    print(f"练习 {ex.id} · 提示一：{ex.hints[0]}\n练习 {ex.id} · 提示二：{ex.hints[1]}")


def solution(exercise_id: str) -> None:
    """Print the reference solution of the exercise (code you can paste into the answer cell)."""
    ex = get(exercise_id)
    print(f"# 练习 {ex.id} 的参考答案（{ex.title}）\n{ex.solution.strip()}\n{ex.submit_line}")
