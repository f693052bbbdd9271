"""``python -m helpers.exercises --verify``: every stored answer of every exercise gets the verdict it must get.

Introduced with the 练习 sections; ``tests/test_exercises.py`` runs it, so ``make test`` does.
An exercise's folder (``answers/<id>/``) holds, and verify runs:

- ``starter.py``: the answer cell as the notebook shows it; must be "unsolved", with the fixed message;
- ``solution.py``: the reference solution; must pass ("ok");
- ``right/<name>.py``: other right answers that must pass too (e.g. one with a global switch left on);
- ``wrong/<key>.py`` or ``wrong/<key>__<what>.py``: a realistic mistake; must get verdict ``key``
  (at least :data:`MIN_WRONG` of them).

Nothing else may be in the folder. No verdict may show a Traceback. Each check should answer within
:data:`FEEDBACK_CPU_SECONDS` of CPU time: a slower one is listed as ``slow`` in the log, not failed
(speed is measured, never asserted: a loaded machine must not fail a right verdict).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from helpers.exercises import private_api
from helpers.exercises.core import (
    OK,
    TIMEOUT,
    UNSOLVED,
    Exercise,
    StoredAnswer,
    Verdict,
    evaluate,
    run_source,
    unsolved_text,
)

#: A wrong answer meant to loop forever is stopped after this many seconds (its exercise's limit is longer).
QUICK_TIME_LIMIT = 0.5
#: Feedback within a second: a check should use at most this much CPU time (CPU, not wall clock, so that a
#: machine busy with other work does not fail it; TensorFlow's own threads count too).
FEEDBACK_CPU_SECONDS = 1.0
#: Each exercise stores at least this many wrong answers (the common mistakes, each with its own verdict).
MIN_WRONG = 2
#: What a verdict key (and so a wrong answer's file name, up to ``__``) looks like.
KEY = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")
#: What an exercise's folder may hold, besides ``wrong/*.py`` and ``right/*.py``.
TOP_LEVEL = {"starter.py", "solution.py", "wrong", "right"}


@dataclass
class Outcome:
    """What verify found for one exercise: ``problems`` is empty when all went as meant."""

    exercise: str
    runs: int = 0
    seconds: float = 0.0
    slowest: float = 0.0  # seconds of the slowest single check (wall clock)
    slowest_cpu: float = 0.0  # CPU seconds of that check, all threads of this process (less affected by load)
    problems: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)  # checks over FEEDBACK_CPU_SECONDS (logged, not failed)
    verdicts: dict[str, Verdict] = field(default_factory=dict)  # by file, e.g. "wrong/numpy_in_graph.py"

    @property
    def passed(self) -> bool:
        return not self.problems


def layout_problems(ex: Exercise) -> list[str]:
    """What is missing from, or does not belong in, the folder of ``ex`` (see the module docstring)."""
    folder = ex.folder
    if not folder.is_dir():
        return [f"{folder}: no folder with this exercise's code"]
    problems = [f"{folder / name}: missing" for name in ("starter.py", "solution.py") if not (folder / name).is_file()]
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or path.name == "__pycache__":
            continue
        if path.name not in TOP_LEVEL:
            problems.append(f"{path}: does not belong here (only {', '.join(sorted(TOP_LEVEL))})")
        elif path.name in ("wrong", "right"):
            extra = [p.name for p in sorted(path.iterdir()) if p.suffix != ".py" and p.name != "__pycache__"]
            if extra:
                problems.append(f"{path}: only .py files belong here, not {', '.join(extra)}")
    for answer in ex.stored("wrong"):
        if answer.expected == OK:
            problems.append(f"{answer.label}: a right answer belongs in right/, not wrong/")
        elif not KEY.fullmatch(answer.expected):
            problems.append(f"{answer.label}: the name must start with the verdict key (lower case, digits, _)")
    if len(ex.stored("wrong")) < MIN_WRONG:
        problems.append(f"{folder / 'wrong'}: {len(ex.stored('wrong'))} wrong answers; at least {MIN_WRONG} are required")
    return problems


def _fresh_switches() -> None:
    """Turn off the global switches a stored answer may turn on, as a fresh notebook has them."""
    import tensorflow as tf

    tf.config.run_functions_eagerly(False)
    tf.debugging.disable_check_numerics()


def _verdict(ex: Exercise, answer: StoredAnswer, time_limit: float | None = None):
    try:
        code = run_source(answer.source, answer.label)
    except Exception as error:  # the stored code itself is broken
        _fresh_switches()
        return None, f"{answer.label}: the code does not run ({type(error).__name__}: {error})"
    try:
        return evaluate(ex, code, time_limit), None
    finally:
        _fresh_switches()  # a stored answer that turned a switch on (on purpose) must not change the next one


def _name(ex: Exercise, answer: StoredAnswer) -> str:
    return answer.path.relative_to(ex.folder).as_posix()


def verify_one(ex: Exercise) -> Outcome:
    """Run every stored answer of ``ex`` through its check; each must get the verdict its file name says."""
    outcome = Outcome(ex.id)
    start = time.perf_counter()
    outcome.problems += layout_problems(ex)
    for answer in ex.answers():
        if not answer.path.is_file():
            continue  # reported by layout_problems
        if answer.expected == TIMEOUT and not private_api.can_cancel_functions():  # it would never return
            outcome.problems.append(f"{answer.label}: not run: this TensorFlow offers no way to stop a graph loop")
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        verdict, problem = _verdict(ex, answer, QUICK_TIME_LIMIT if answer.expected == TIMEOUT else None)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if answer.expected != TIMEOUT and wall > outcome.slowest:
            outcome.slowest, outcome.slowest_cpu = wall, cpu
        if answer.expected != TIMEOUT and cpu > FEEDBACK_CPU_SECONDS:
            outcome.slow.append(f"{answer.label}: the check took {cpu:.2f} s of CPU (more than {FEEDBACK_CPU_SECONDS:g} s)")
        outcome.runs += 1
        if problem:
            outcome.problems.append(problem)
            continue
        outcome.verdicts[_name(ex, answer)] = verdict
        if verdict.key != answer.expected:
            first_line = verdict.text.splitlines()[0]
            outcome.problems.append(f"{answer.label}: expected {answer.expected!r}, got {verdict.key!r}: {first_line}")
        elif answer.expected == UNSOLVED and verdict.text != unsolved_text(ex):
            outcome.problems.append(f"{answer.label}: the 还没完成 message is not the fixed one: {verdict.text!r}")
        if "Traceback" in verdict.text:
            outcome.problems.append(f"{answer.label}: the verdict shows a Traceback")
    outcome.seconds = time.perf_counter() - start
    return outcome


def verify(exercises: Iterable[Exercise], echo=print) -> list[Outcome]:
    """Verify each exercise, print one line per exercise and a summary line; return the outcomes."""
    outcomes = []
    for ex in exercises:
        outcome = verify_one(ex)
        outcomes.append(outcome)
        status = "ok    " if outcome.passed else "FAILED"
        echo(
            f"{status} {ex.id}  {outcome.runs} runs  {outcome.seconds:5.2f} s  "
            f"(slowest {outcome.slowest:4.2f} s, {outcome.slowest_cpu:4.2f} s CPU)  {ex.title}"
        )
        for problem in outcome.problems:
            echo(f"       {problem}")
        for slow in outcome.slow:
            echo(f"       slow: {slow}")
    passed = sum(o.passed for o in outcomes)
    echo(f"{passed} passed, {len(outcomes) - passed} failed")
    return outcomes
