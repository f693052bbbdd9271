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


@dataclass
class Outcome:
    """What verify found for one exercise: ``problems`` is empty when all went as meant."""

    exercise: str
    runs: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def _verdict(ex: Exercise, source: str, label: str, time_limit: float | None = None):
    try:
        answer = run_source(source, label)
    except Exception as error:  # the stored code itself is broken
        return None, f"{label}: the code does not run ({type(error).__name__}: {error})"
    return evaluate(ex, answer, time_limit), None


def verify_one(ex: Exercise) -> Outcome:
    """Run the starter (must be unsolved), the solution (must pass) and each wrong answer (must fail with its key)."""
    outcome = Outcome(ex.id)
    start = time.perf_counter()
    cases = [(UNSOLVED, ex.starter, f"exercise {ex.id} starter"), (OK, ex.solution, f"exercise {ex.id} solution")]
    cases += [(key, source, f"exercise {ex.id} wrong answer {i + 1}") for i, (key, source) in enumerate(ex.wrong)]
    if not ex.wrong:
        outcome.problems.append("no wrong answer is stored (at least one is required)")
    for expected, source, label in cases:
        verdict, problem = _verdict(ex, source, label, QUICK_TIME_LIMIT if expected == TIMEOUT else None)
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
        echo(f"{status} {ex.id}  {outcome.runs} runs  {outcome.seconds:5.2f} s  {ex.title}")
        for problem in outcome.problems:
            echo(f"       {problem}")
    passed = sum(o.passed for o in outcomes)
    echo(f"{passed} passed, {len(outcomes) - passed} failed")
    return outcomes
