"""Stored answers (``helpers/exercises/answers/<id>/``) run through their checks, for the exercise tests.

The ``test_exercises_nbNN.py`` files read what a verdict says; ``tests/test_exercises.py`` checks
through ``--verify`` that every stored answer gets the key its file name gives.
"""

from __future__ import annotations

import helpers.exercises as exercises
from helpers.exercises.core import evaluate, run_source


def stored_answer(ex_id: str, name: str):
    """Run the stored answer ``name`` (e.g. "wrong/fixed_loop.py") of ``ex_id`` as its answer cell would."""
    source = (exercises.get(ex_id).folder / name).read_text(encoding="utf-8")
    return run_source(source, f"test {ex_id} {name}")


def stored(ex_id: str, name: str):
    """Return ``(exercise, answer)`` for the stored answer ``name`` of ``ex_id``."""
    return exercises.get(ex_id), stored_answer(ex_id, name)


def stored_verdict(ex_id: str, name: str):
    """The verdict the check of ``ex_id`` gives its stored answer ``name``."""
    return evaluate(*stored(ex_id, name))


def hint_line(text: str) -> str:
    """The verdict's "提示：" line."""
    return next(line for line in text.splitlines() if line.startswith("提示："))
