"""The checks of 09_debugging: the hint that comes with a ``wrong_op`` verdict fits the mistake.

``tests/test_exercises.py`` runs every stored answer through ``--verify``; these tests pin what
a stored answer alone does not show: the text shown with the verdict.
"""

from __future__ import annotations

import helpers.exercises as exercises
from helpers.exercises.core import evaluate, run_source

RETURNS_TUPLE = '''
def first_bad_op(fn, x):
    tf.debugging.enable_check_numerics()
    try:
        tf.function(fn.python_function)(x)
    except tf.errors.InvalidArgumentError as err:
        return helpers.debugging.check_numerics_op(err)
    finally:
        tf.debugging.disable_check_numerics()
    return None


answer = first_bad_op
'''

RETURNS_TYPE_NAME = RETURNS_TUPLE.replace(
    "return helpers.debugging.check_numerics_op(err)", "return type(err).__name__"
)


def _verdict(source: str):
    return evaluate(exercises.get("09.4"), run_source(source, "test 09.4"))


def test_wrong_op_gets_its_own_hint_not_the_retrace_hint():
    """09.4: an answer that already retraces but returns the tuple or the error's type is not told to retrace."""
    retrace_hint = exercises.get("09.4").hints[0]
    for source in (RETURNS_TUPLE, RETURNS_TYPE_NAME):
        verdict = _verdict(source)
        assert verdict.key == "wrong_op", verdict.text
        assert retrace_hint not in verdict.text, verdict.text
        assert "取 `[0]`" in verdict.text, verdict.text
