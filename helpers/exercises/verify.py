"""``python -m helpers.exercises --verify``: every reference solution passes, every wrong answer fails as meant.

Introduced with the 练习 sections; ``tests/test_exercises.py`` runs it, so ``make test`` does.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from helpers.exercises.core import OK, TIMEOUT, UNSOLVED, Exercise, evaluate, run_source

#: A wrong answer meant to loop forever is stopped after this many seconds (its exercise's limit is longer).
QUICK_TIME_LIMIT = 0.5
#: Feedback within a second: a check may use at most this much CPU time (CPU, not wall clock, so that a
#: machine busy with other work does not fail it; TensorFlow's own threads count too).
FEEDBACK_CPU_SECONDS = 1.0


@dataclass
class Outcome:
    """What verify found for one exercise: ``problems`` is empty when all went as meant."""

    exercise: str
    runs: int = 0
    seconds: float = 0.0
    slowest: float = 0.0  # seconds of the slowest single check (wall clock)
    slowest_cpu: float = 0.0  # CPU seconds of that check, all threads of this process (less affected by load)
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def _fresh_switches() -> None:
    """Turn off the global switches a stored answer may turn on, as a fresh notebook has them."""
    import tensorflow as tf

    tf.config.run_functions_eagerly(False)
    tf.debugging.disable_check_numerics()


def _verdict(ex: Exercise, source: str, label: str, time_limit: float | None = None):
    try:
        answer = run_source(source, label)
    except Exception as error:  # the stored code itself is broken
        _fresh_switches()
        return None, f"{label}: the code does not run ({type(error).__name__}: {error})"
    try:
        return evaluate(ex, answer, time_limit), None
    finally:
        _fresh_switches()  # a stored answer that turned a switch on (on purpose) must not change the next one


def verify_one(ex: Exercise) -> Outcome:
    """Run the starter (must be unsolved), the solution (must pass) and each wrong answer (must fail with its key)."""
    outcome = Outcome(ex.id)
    start = time.perf_counter()
    cases = [(UNSOLVED, ex.starter, f"exercise {ex.id} starter"), (OK, ex.solution, f"exercise {ex.id} solution")]
    cases += [(key, source, f"exercise {ex.id} wrong answer {i + 1}") for i, (key, source) in enumerate(ex.wrong)]
    if not ex.wrong:
        outcome.problems.append("no wrong answer is stored (at least one is required)")
    for expected, source, label in cases:
        wall, cpu = time.perf_counter(), time.process_time()
        verdict, problem = _verdict(ex, source, label, QUICK_TIME_LIMIT if expected == TIMEOUT else None)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if expected != TIMEOUT and wall > outcome.slowest:
            outcome.slowest, outcome.slowest_cpu = wall, cpu
        if expected != TIMEOUT and cpu > FEEDBACK_CPU_SECONDS:
            outcome.problems.append(f"{label}: the check took {cpu:.2f} s of CPU (more than {FEEDBACK_CPU_SECONDS:g} s)")
        outcome.runs += 1
        if problem:
            outcome.problems.append(problem)
        elif verdict.key != expected:
            first_line = verdict.text.splitlines()[0]
            outcome.problems.append(f"{label}: expected {expected!r}, got {verdict.key!r}: {first_line}")
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
    passed = sum(o.passed for o in outcomes)
    echo(f"{passed} passed, {len(outcomes) - passed} failed")
    return outcomes
