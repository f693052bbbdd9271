"""The machinery behind the exercises (练习): what an exercise is, and how an answer is checked.

Introduced in the 练习 section at the end of every notebook. An :class:`Exercise`
holds the task, the starter code, two hints, a check that tests the learner's
answer by its behaviour, the reference solution and realistic wrong answers (as
source code, so that ``solution()`` can print it and ``--verify`` can run it).
Nothing here imports TensorFlow; the checks import it when they run.
"""

from __future__ import annotations

import contextlib
import dis
import io
import linecache
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

#: Difficulty shown as stars.
STARS = {1: "★", 2: "★★", 3: "★★★"}

#: Verdict keys that the framework itself gives (checks add their own, e.g. "retraced").
OK, UNSOLVED, EXCEPTION = "ok", "unsolved", "exception"

#: Names a starter, a solution or a wrong answer may use without importing them.
NAMESPACE_NAMES = ("tf", "keras", "np", "helpers")


class Wrong(Exception):
    """Raised by a check: the answer runs but does the wrong thing; ``key`` names the mistake."""

    def __init__(self, key: str, message: str, hint: str | None = None):
        super().__init__(message)
        self.key = key
        self.message = message
        self.hint = hint


class Unsolved(Exception):
    """Raised by a check: the answer still holds the starter's ``...`` (or raises NotImplementedError)."""


class LearnerError(Exception):
    """Raised by :func:`call`: the learner's code raised ``error``."""

    def __init__(self, error: BaseException):
        super().__init__(f"{type(error).__name__}: {error}")
        self.error = error


@dataclass(frozen=True)
class Exercise:
    """One exercise: task and starter for the notebook, a behavioural check, the reference solution."""

    id: str  # "04.2": notebook number, dot, exercise number
    notebook: str  # file name without .ipynb, e.g. "04_keras_fit"
    title: str
    difficulty: int  # 1, 2 or 3 stars
    section: str  # which point of the notebook it practises, in words
    task: str  # markdown (Chinese)
    starter: str  # code of the answer cell; defines `answer` and still holds `...`
    hints: tuple[str, str]  # the first is shown with a wrong answer, the second by hint()
    check: Callable[[object], str]  # returns what is right, or raises Wrong / Unsolved
    solution: str  # code that defines `answer`
    wrong: tuple[tuple[str, str], ...] = field(default=())  # (expected key, code that defines `answer`)

    @property
    def stars(self) -> str:
        return STARS[self.difficulty]


@dataclass(frozen=True)
class Verdict:
    """What a check found: ``key`` is "ok", "unsolved", "exception" or the check's own mistake key."""

    exercise: str
    key: str
    text: str

    @property
    def passed(self) -> bool:
        return self.key == OK


# -- finding the unfinished parts -------------------------------------------------------------

#: Instructions a function whose body is only ``...``, ``pass`` or a docstring compiles to.
_STUB_OPS = {"RESUME", "NOP", "CACHE", "COPY_FREE_VARS", "MAKE_CELL", "RETURN_VALUE"}


def is_stub(obj) -> bool:
    """True if ``obj`` is a function (or ``tf.function``) whose body is only ``...``, ``pass`` or a docstring."""
    fn = getattr(obj, "python_function", obj)  # a tf.function keeps the Python function here
    code = getattr(fn, "__code__", None)
    if code is None:
        return False
    for instruction in dis.get_instructions(code):
        if instruction.opname in ("LOAD_CONST", "RETURN_CONST"):
            if instruction.argval is not None:
                return False
        elif instruction.opname not in _STUB_OPS:
            return False
    return True


def has_ellipsis(value, depth: int = 0) -> bool:
    """True if ``value`` is ``...`` or a tuple, list or dict that holds one (a blank left to fill)."""
    if value is Ellipsis:
        return True
    if depth > 3:
        return False
    if isinstance(value, (tuple, list)):
        return any(has_ellipsis(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return any(has_ellipsis(v, depth + 1) for v in value.values())
    return False


def unfinished(answer) -> bool:
    """True for an answer that is still the starter: ``...``, a stub function, or a class with a stub method."""
    if has_ellipsis(answer) or is_stub(answer):
        return True
    if isinstance(answer, type):
        return any(is_stub(v) for v in vars(answer).values())
    return False


def is_todo_error(error: BaseException) -> bool:
    """True for an error that means "not written yet": a bare NotImplementedError, a TODO, or a ``...`` used as a value."""
    text = str(error)
    if isinstance(error, NotImplementedError) and (not text.strip() or "TODO" in text):
        return True
    return "ellipsis" in text.lower()


def call(fn, *args, **kwargs):
    """Call the learner's ``fn``; a ``...`` left in it becomes :class:`Unsolved`, any other error :class:`LearnerError`."""
    if not callable(fn):
        raise Wrong(
            "not_callable",
            f"答案应该是一个可以调用的函数（或类），现在是 {type(fn).__name__} 类型的值。",
        )
    try:
        result = fn(*args, **kwargs)
    except Exception as error:  # the learner's code: explain it, never show a traceback
        if is_todo_error(error):
            raise Unsolved() from None
        raise LearnerError(error) from None
    if has_ellipsis(result):
        raise Unsolved()
    return result


# -- running code given as text (solutions, wrong answers, starters) --------------------------


def namespace() -> dict:
    """Return a fresh namespace with ``tf``, ``keras``, ``np`` and ``helpers``, as a notebook has them."""
    import keras
    import numpy as np
    import tensorflow as tf

    import helpers

    return {"tf": tf, "keras": keras, "np": np, "helpers": helpers, "__name__": "__exercise__"}


def run_source(source: str, label: str):
    """Execute ``source`` (an answer cell) in a fresh namespace and return the ``answer`` it defines.

    The source is registered with ``linecache`` under ``label`` so that AutoGraph
    (and ``inspect``) can read it, as they read a notebook cell.
    """
    filename = f"<{label}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    scope = namespace()
    exec(compile(source, filename, "exec"), scope)  # noqa: S102 - our own reference code
    if "answer" not in scope:
        raise KeyError(f"{label} does not define `answer`")
    return scope["answer"]


# -- explaining a learner's exception ---------------------------------------------------------

_PATH = re.compile(r"(?:/[\w.@+-]+){2,}(?:\.py)?(?::\d+)?")
_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]+\b")
_GRAPH_NODE = re.compile(r"\{\{function_node [^}]*\}\}")

#: A few common messages and what they usually mean.
_KNOWN_ERRORS = (
    (
        re.compile(r"has no attribute 'numpy'"),
        "在 `tf.function` 的计算图里，张量没有值，不能调用 `.numpy()`：请直接用 TensorFlow 算子计算。",
    ),
    (
        re.compile(r"has no attribute 'reset_states'"),
        "Keras 3 里指标只有 `reset_state()`（单数）；模型用 `reset_metrics()`。",
    ),
    (
        re.compile(r"No gradients provided"),
        "梯度全是 `None`：损失要在 `tf.GradientTape` 的 `with` 块里、由模型的输出算出来。",
    ),
    (
        re.compile(r"symbolic|Graph tensor|out of scope"),
        "这是计算图里的符号张量，离开 `tf.function` 就不能用了：要保留的状态请放进 `tf.Variable`。",
    ),
    (
        re.compile(r"object is not an iterator"),
        "数据集是可迭代对象，不是迭代器：先用 `iter(dataset)` 得到迭代器，再 `next()`。",
    ),
    (
        re.compile(r"[Nn]o step set|step.*must be"),
        "`tf.summary` 的每条摘要都要有 `step`：显式传 `step=`，或先 `tf.summary.experimental.set_step(...)`。",
    ),
)


def describe_error(error: BaseException, limit: int = 300) -> tuple[str, str | None]:
    """Return ``(type and first lines of the message, what it usually means or None)``, without paths or addresses."""
    text = _GRAPH_NODE.sub("", str(error))
    text = _ADDRESS.sub("0x…", _PATH.sub("…", text))
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    message = " ".join(lines[:3])
    if len(message) > limit:
        message = message[: limit - 1] + "…"
    meaning = next((m for pattern, m in _KNOWN_ERRORS if pattern.search(str(error))), None)
    return f"{type(error).__name__}: {message}" if message else type(error).__name__, meaning


# -- the verdict ------------------------------------------------------------------------------


def unsolved_text(ex: Exercise) -> str:
    """Return the fixed "not done yet" message of ``ex`` (the same on every run)."""
    return (
        f"练习 {ex.id} · 还没完成：答案单元格里还有待填写的 `...`。\n"
        "把它换成你的代码，先运行答案单元格，再运行这个检查单元格。\n"
        f"提示：{ex.hints[0]}\n"
        f"{more_text(ex)}"
    )


def more_text(ex: Exercise) -> str:
    """Return the line that says how to get the second hint and the reference solution."""
    return f'还想要提示：helpers.exercises.hint("{ex.id}")；参考答案：helpers.exercises.solution("{ex.id}")'


def evaluate(ex: Exercise, answer) -> Verdict:
    """Run ``ex.check`` on ``answer`` quietly and return the verdict (never raises for the learner's mistakes)."""
    import tensorflow as tf

    if unfinished(answer):
        return Verdict(ex.id, UNSOLVED, unsolved_text(ex))
    eager_before = tf.config.functions_run_eagerly()
    sink = io.StringIO()
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the verdict is the only output a check gives
            detail = ex.check(answer)
        return Verdict(ex.id, OK, f"练习 {ex.id} · 正确！{detail}")
    except Unsolved:
        return Verdict(ex.id, UNSOLVED, unsolved_text(ex))
    except Wrong as wrong:
        hint = wrong.hint or ex.hints[0]
        return Verdict(ex.id, wrong.key, f"练习 {ex.id} · 还不对：{wrong.message}\n提示：{hint}\n{more_text(ex)}")
    except Exception as error:  # the learner's code (or a LearnerError from call())
        if isinstance(error, LearnerError):
            error = error.error
        if is_todo_error(error):
            return Verdict(ex.id, UNSOLVED, unsolved_text(ex))
        described, meaning = describe_error(error)
        lines = [f"练习 {ex.id} · 运行你的代码时出了异常：{described}"]
        if meaning:
            lines.append(f"这通常是说：{meaning}")
        lines.append(f"提示：{ex.hints[0]}")
        lines.append(more_text(ex))
        return Verdict(ex.id, EXCEPTION, "\n".join(lines))
    finally:
        tf.config.run_functions_eagerly(eager_before)  # a check never leaves the switch changed
