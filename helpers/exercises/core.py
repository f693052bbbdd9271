"""The machinery behind the exercises (练习): what an exercise is, and how an answer is checked.

Introduced in the 练习 section at the end of every notebook. An :class:`Exercise`
holds the task, two hints and a check that tests the learner's answer by its
behaviour. Its code lives in files, one folder per exercise (``answers/03.2/``): the
starter, the reference solution, realistic wrong answers and right answers that
must be accepted, as real Python that ruff checks (see :class:`StoredAnswer`);
``solution()`` prints the solution's file and ``--verify`` runs them all.
A check runs under a time limit (``Exercise.time_limit``): code that does not
stop, e.g. an endless ``while`` in a graph, is stopped and explained. It runs
with the global switches it needs turned off (``tf.config.run_functions_eagerly``,
``tf.debugging.enable_check_numerics``) and gives the learner's settings back
afterwards, saying so in the verdict; what the code prints is discarded, not kept.
An error raised where no line of the learner's code took part is reported as the
check's own failure, not as the learner's.

Known limit: C code that holds the GIL and never returns to the interpreter
(``sum(range(10**11))``) cannot be stopped: the watchdog thread gets no chance to run.
Nothing here imports TensorFlow; the checks import it when they run. The private
TensorFlow API the time limit and the checks need is all in :mod:`helpers.exercises.private_api`.
"""

from __future__ import annotations

import ast
import contextlib
import dis
import io
import itertools
import linecache
import re
import sys
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from helpers.exercises import private_api

#: Difficulty shown as stars.
STARS = {1: "★", 2: "★★", 3: "★★★"}

#: Verdict keys that the framework itself gives (checks add their own, e.g. "retraced").
OK, UNSOLVED, EXCEPTION, TIMEOUT = "ok", "unsolved", "exception", "timeout"
#: Verdict keys for the check's own trouble: no answer handed in for this exercise, or the check itself failed.
NO_ANSWER, CHECK_FAILED = "no_answer", "check_failed"

#: Seconds a check may run before the learner's code is stopped (an exercise can set its own).
TIME_LIMIT = 10.0
#: After the time limit: seconds between attempts to stop the code, and the wait before saying it cannot be stopped.
RETRY_SECONDS, GRACE_SECONDS = 1.0, 2.0

#: Names a starter, a solution or a wrong answer may use without importing them (answers/ruff.toml lists them too).
NAMESPACE_NAMES = ("tf", "keras", "np", "helpers")

#: One folder per exercise, named by its id: ``answers/03.2/starter.py``, ``solution.py``, ``wrong/``, ``right/``.
ANSWERS = Path(__file__).resolve().parent / "answers"
#: A wrong answer's file is named by the verdict key it must get; ``__`` and a few words may follow
#: (``wrong/not_callable__none.py``), so that several wrong answers can share a key.
KEY_SEPARATOR = "__"


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
    """Raised by :func:`call` (or a check): the learner's code raised ``error``."""

    def __init__(self, error: BaseException):
        super().__init__(f"{type(error).__name__}: {error}")
        self.error = error


@dataclass(frozen=True)
class StoredAnswer:
    """One file of an exercise's code, and the verdict key ``--verify`` expects for it.

    In the exercise's folder: ``starter.py`` ("unsolved"), ``solution.py`` and each
    ``right/<name>.py`` ("ok"), each ``wrong/<key>.py`` or ``wrong/<key>__<what>.py`` (``key``).
    Each defines ``answer`` and may use ``tf``, ``keras``, ``np`` and ``helpers`` without importing them.
    """

    path: Path
    expected: str

    @property
    def source(self) -> str:
        return self.path.read_text(encoding="utf-8")

    @property
    def label(self) -> str:
        """The file's path from the repository root (``helpers/exercises/answers/03.2/starter.py``), or in full."""
        try:
            return self.path.relative_to(ANSWERS.parents[2]).as_posix()
        except ValueError:
            return str(self.path)


@dataclass(frozen=True)
class Exercise:
    """One exercise: task and hints for the notebook, a behavioural check; its code is in :attr:`folder`."""

    id: str  # "04.2": notebook number, dot, exercise number
    notebook: str  # file name without .ipynb, e.g. "04_keras_fit"
    title: str
    difficulty: int  # 1, 2 or 3 stars
    section: str  # the "## N. …" heading of the notebook section it practises, without "N. "
    task: str  # markdown (Chinese)
    hints: tuple[str, str]  # the first is shown with a wrong answer, the second by hint()
    check: Callable[[object], str]  # returns what is right, or raises Wrong / Unsolved
    time_limit: float = TIME_LIMIT  # seconds; then the learner's code is stopped and the verdict is "timeout"
    code: Path | None = None  # the folder of its code; None: ANSWERS / id

    @property
    def stars(self) -> str:
        return STARS[self.difficulty]

    @property
    def folder(self) -> Path:
        """The folder with this exercise's code: ``answers/<id>/`` unless :attr:`code` names another."""
        return ANSWERS / self.id if self.code is None else Path(self.code)

    @property
    def starter(self) -> str:
        """The code of the notebook's answer cell (``starter.py``): defines ``answer`` and still holds ``...``."""
        return (self.folder / "starter.py").read_text(encoding="utf-8")

    @property
    def solution(self) -> str:
        """The reference solution (``solution.py``): code that defines ``answer``."""
        return (self.folder / "solution.py").read_text(encoding="utf-8")

    def stored(self, kind: str) -> list[StoredAnswer]:
        """The files of ``kind`` ("wrong" or "right") in the folder, by name, with the verdict key each must get."""
        paths = sorted((self.folder / kind).glob("*.py"))
        if kind == "right":
            return [StoredAnswer(path, OK) for path in paths]
        return [StoredAnswer(path, path.stem.split(KEY_SEPARATOR, 1)[0]) for path in paths]

    def answers(self) -> list[StoredAnswer]:
        """Every file ``--verify`` runs: the starter, the solution, the right answers, then the wrong ones."""
        first = [StoredAnswer(self.folder / "starter.py", UNSOLVED), StoredAnswer(self.folder / "solution.py", OK)]
        return first + self.stored("right") + self.stored("wrong")

    @property
    def submit_line(self) -> str:
        """The last line of the notebook's answer cell: it hands ``answer`` to the check cell under this id."""
        return f'helpers.exercises.submit("{self.id}", answer)  # 把答案交给下面的检查单元格'

    @property
    def answer_cell(self) -> str:
        """The source of the notebook's answer cell: the starter, then :attr:`submit_line`."""
        return f"{self.starter.rstrip()}\n{self.submit_line}"

    @property
    def check_cell(self) -> str:
        """The source of the notebook's check cell (it finds the answer that :attr:`submit_line` handed in)."""
        return f'helpers.exercises.check("{self.id}")'


@dataclass(frozen=True)
class Verdict:
    """What a check found: ``key`` is "ok", "unsolved", "exception", "timeout" or the check's own mistake key."""

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


def starter_methods(starter: str) -> tuple[set[str], set[str]] | None:
    """The methods of the ``starter`` code's classes: (those left blank, with ``...`` or ``pass``; all of them).

    None if the starter has no class. A learner's class may add methods of its own that do nothing
    (``def on_train_begin(self, logs=None): pass``): only the methods the starter asked for count as blanks.
    """
    try:
        tree = ast.parse(starter)
    except SyntaxError:
        return None
    classes = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    if not classes:
        return None

    def blank(body) -> bool:
        statements = [s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                                            and isinstance(s.value.value, str))]  # docstrings
        return all(isinstance(s, ast.Pass) or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                                               and s.value.value is Ellipsis) for s in statements)

    methods = [item for cls in classes for item in cls.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return {m.name for m in methods if blank(m.body)}, {m.name for m in methods}


def unfinished(answer, starter: tuple[set[str], set[str]] | None = None) -> bool:
    """True for an answer that is still the starter: ``...``, a stub function, or a class with a stub method.

    For a class, ``starter`` (from :func:`starter_methods`) narrows it down: a method the starter left
    blank is still blank, and the learner wrote no method of their own instead (an answer that moved the
    work to another method is judged, not sent back). None: any stub method counts.
    """
    if has_ellipsis(answer) or is_stub(answer):
        return True
    if not isinstance(answer, type):
        return False
    methods = {name: v for name, v in vars(answer).items() if callable(v) or hasattr(v, "python_function")}
    if starter is None:
        return any(is_stub(v) for v in methods.values())
    blanks, known = starter
    own_work = any(not is_stub(v) for name, v in methods.items() if name not in known)
    return not own_work and any(is_stub(v) for name, v in methods.items() if name in blanks)


def is_todo_error(error: BaseException) -> bool:
    """True for an error that means "not written yet": a bare NotImplementedError, a TODO, or a ``...`` used as a value."""
    text = str(error)
    if isinstance(error, NotImplementedError) and (not text.strip() or "TODO" in text):
        return True
    return "ellipsis" in text.lower()


def require_callable(fn) -> None:
    """Raise :class:`Wrong` "not_callable" unless ``fn`` is a function or a class (e.g. None, a string, a number)."""
    if not callable(fn):
        shown = "None" if fn is None else f"{type(fn).__name__} 类型的值"
        raise Wrong(
            "not_callable",
            f"答案应该是函数（或类）本身，现在是 {shown}：写 `answer = 名字`，名字后面不加括号，不要先调用它。",
            "答案单元格最后的 `answer = ...` 要换成你定义的函数（或类）的名字。",
        )


def call(fn, *args, **kwargs):
    """Call the learner's ``fn``; a ``...`` left in it becomes :class:`Unsolved`, any other error :class:`LearnerError`."""
    require_callable(fn)
    try:
        result = fn(*args, **kwargs)
    except (Wrong, Unsolved):  # raised by the check's own stand-ins (e.g. a forbidden method)
        raise
    except Exception as error:  # the learner's code: explain it, never show a traceback
        if is_todo_error(error):
            raise Unsolved() from None
        raise LearnerError(error) from None
    if has_ellipsis(result):
        raise Unsolved()
    return result


@contextlib.contextmanager
def noting_calls(owner, names, used: list[str]):
    """Within the block, append to ``used`` the name of each function ``owner.<name>`` that gets called.

    ``owner`` is a module (or object) of public API, e.g. ``tf.compat.v1.losses``; each function named
    in ``names`` that it has is replaced by a wrapper that notes the call and calls the original.
    The originals are put back afterwards. The learner's code finds the wrapper as long as it looks
    the function up when it runs (``tf.summary.histogram(...)``), as code in a cell does.
    """
    originals = {name: getattr(owner, name) for name in names if callable(getattr(owner, name, None))}

    def noting(name, original):
        def wrapper(*args, **kwargs):
            used.append(name)
            return original(*args, **kwargs)

        return wrapper

    for name, original in originals.items():
        setattr(owner, name, noting(name, original))
    try:
        yield used
    finally:
        for name, original in originals.items():
            setattr(owner, name, original)


def fresh_function(fn):
    """Return a copy of the ``tf.function`` ``fn`` with no traces yet, so that a check counts only its own.

    The learner's own calls, and an earlier run of the same check, traced ``fn`` already.
    Falls back to ``fn`` itself where TensorFlow offers no copy (then count the traces relative).
    """
    if not hasattr(fn, "experimental_get_tracing_count"):
        return fn
    copy = private_api.clone(fn)
    return fn if copy is None else copy


def take_finite(elements, limit: int, what: str, why: str = "", hint: str | None = None) -> list:
    """Return the first elements of a learner's dataset or generator, or :class:`Wrong` "endless" if it has ``limit``.

    Every right answer that reaches here has fewer than ``limit`` elements, so reaching ``limit`` means
    the answer does not end (a ``repeat()``, a ``while True``). ``why`` adds what that breaks in this task.
    """
    taken = call(lambda: list(itertools.islice(iter(elements), limit)))
    if len(taken) == limit:
        raise Wrong("endless", f"{what}取了 {limit} 批还没有结束：它应该遍历一遍就结束。{why}", hint)
    return taken


def as_number(value, what: str) -> float:
    """Return ``value`` (a Python number or a tensor with one element) as a float; else :class:`Wrong` saying what it is.

    ``what`` names the value in the message, e.g. "返回值" or "训练步返回的损失".
    """
    try:
        return float(value)
    except (TypeError, ValueError):
        pass
    shape = getattr(value, "shape", None)
    if shape is not None and len(shape) > 0:
        raise Wrong(
            "not_scalar",
            f"{what}应该是一个数，现在是形状 {tuple(shape)} 的张量：还要把它归约成一个数，"
            "例如用 `tf.reduce_mean` 求平均；Keras 的损失对象（如 `keras.losses.MeanSquaredError()`）会替你求平均。",
        )
    raise Wrong("wrong_type", f"{what}应该是一个数，现在是 {type(value).__name__}。")


# -- running code given as text (solutions, wrong answers, starters) --------------------------


def namespace() -> dict:
    """Return a fresh namespace with ``tf``, ``keras``, ``np`` and ``helpers``, as a notebook has them."""
    import keras
    import numpy as np
    import tensorflow as tf

    import helpers

    return {"tf": tf, "keras": keras, "np": np, "helpers": helpers, "__name__": "__exercise__"}


def run_source(source: str, label: str, internal: bool = False):
    """Execute ``source`` (an answer cell) in a fresh namespace and return the ``answer`` it defines.

    The source is registered with ``linecache`` under ``label`` so that AutoGraph
    (and ``inspect``) can read it, as they read a notebook cell. ``internal`` marks
    code a check runs itself (an error in it is the check's, not the learner's).
    """
    filename = f"<{label}>"
    if internal:
        INTERNAL_LABELS.add(filename)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    scope = namespace()
    exec(compile(source, filename, "exec"), scope)  # noqa: S102 - our own reference code
    if "answer" not in scope:
        raise KeyError(f"{label} does not define `answer`")
    return scope["answer"]


# -- explaining a learner's exception ---------------------------------------------------------

_PATH = re.compile(r"(?:/[\w.@+-]+){2,}(?:\.py)?(?::\d+)?")
_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]+\b")
_TENSOR_VALUES = re.compile(r",\s*numpy=[^>]*>")  # "<tf.Tensor: shape=(5,), dtype=float32, numpy=array([...])>"
_GRAPH_NODE = re.compile(r"\{\{function_node [^}]*\}\}")
_INNER_ERROR = re.compile(r"^\w+(Error|Exception): ")
_USER_LINE = re.compile(r"line (\d+), in ")
_GRAPH_FRAME = re.compile(r'File "([^"]+)", line (\d+)')  # a frame of the op's traceback in "Graph execution error"
_GRAPH_TRACE_LINES = ("Detected at node", "File ", "[[")
_OP_NAME = re.compile(r"\[Op:[^\]]*\]")

#: A few common messages and what they usually mean.
_KNOWN_ERRORS = (
    (
        re.compile(r"truth value of an array|as a Python `bool`"),
        "Python 的 `if`、`assert`、`and`、`or` 要的是一个确定的真假值，这里却是一个张量（有多个元素，或在计算图里还没有值）："
        "逐个元素选择用 `tf.where(...)` 或 `tf.cast(a > b, tf.float32)`，运行时检查用 `tf.debugging.assert_*`。",
    ),
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
        re.compile(r"has no attribute 'minimize'"),
        "Keras 3 的优化器没有 `minimize`：那是 TF1 的写法（先建一个训练算子，再在会话里运行）。TF2 里在 "
        "`tf.GradientTape` 的 `with` 块里算损失，`tape.gradient(loss, 变量)` 求梯度，"
        "再 `optimizer.apply_gradients(zip(梯度, 变量))`。",
    ),
    (
        re.compile(r"[Ii]terating over a symbolic `tf\.Tensor`|Cannot iterate over a (shape|scalar)|iterating over `tf\.Tensor`"),
        "代码在计算图里把一个张量拆开或逐个遍历（例如 `for x, y in dataset` 要求每个元素是一对，"
        "`a, b = 张量` 要求第一维已知）：先看看每个元素是什么，例如 `print(dataset.element_spec)`。",
    ),
    (
        re.compile(r"is out of scope and cannot be used here"),
        "这个张量是在计算图里的循环或分支内部算出来的，只在那里面有效，出不来（例如循环里 `append` 进 Python 列表，"
        "循环结束后再用）：在循环前给变量一个初值、循环里更新它，AutoGraph 会把它变成循环变量带出来；"
        "要收集每一轮的值，用 `tf.TensorArray`。",
    ),
    (
        re.compile(r"symbolic|Graph tensor|out of scope"),
        "这是计算图里的符号张量，离开 `tf.function` 就不能用了：要保留的状态请放进 `tf.Variable`。",
    ),
    (
        re.compile(r"Matrix size-incompatible|Dimensions must be equal|Incompatible shapes"),
        "两个张量的形状对不上：`a @ b` 要求 `a` 的最后一维等于 `b` 的第一维，逐元素计算要求形状相同或能广播。"
        "把各个张量的 `.shape` 打印出来对一对。",
    ),
    (
        re.compile(r"break and return statements which depend on a TF condition"),
        "`for _ in range(...)` 是 Python 循环，追踪时就展开了，里面不能按张量的值 `break`："
        "改写成 `while 条件:`（条件是张量），AutoGraph 会把它变成图里的循环。",
    ),
    (
        re.compile(r"has dtype \w+ in the main branch|has dtype \w+ before the loop"),
        "同一个变量在循环或分支里换了类型（例如整数除以 `/` 得到浮点数）：图里的循环和分支要求每个变量的类型不变。",
    ),
    (
        re.compile(r"has shape .+? before the loop, but shape .+? after one iteration"),
        "同一个变量在图里的循环中换了形状（例如初值是标量 `0.0`，循环体里加上一个 `(批, 1)` 的张量后就变成了 `(批, 1)`）："
        "图里的循环要求每个变量的形状不变。让初值一开始就是循环后的形状，例如用 `tf.zeros_like(...)` "
        "按一个同形状的张量建全零的初值。",
    ),
    (
        re.compile(r"not recognized: \{'lr'"),
        "Keras 3 的优化器不再接受 TF1 的参数名 `lr`：写 `learning_rate=`。",
    ),
    (
        re.compile(r"has type \w+ that does not match type \w+|expected to be a \w+ tensor but is a \w+ tensor"),
        "两个张量的数据类型不同（例如 `int32` 和 `float32`）：TensorFlow 不会自动转换。"
        "初值写成浮点数（`0.0`），或者用 `tf.cast` 统一类型。",
    ),
    (
        re.compile(r"Binding inputs to tf\.function failed|Can not cast TensorSpec"),
        "传进来的参数和 `input_signature` 里声明的形状或数据类型对不上：对照题目里检查传的参数，改你的 `tf.TensorSpec`。",
    ),
    (
        re.compile(r"Only input tensors may be passed as positional"),
        "调用 Keras 模型或层时，除了输入，其他参数都要用关键字传，例如 `model(x, training=True)`。",
    ),
    (
        re.compile(r"singleton tf\.Variables|only supports singleton"),
        "`tf.function` 只允许在第一次调用时创建变量：把 `tf.Variable(...)` 移到 `__init__` 里，只创建一次。",
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


#: Labels of code that the checks run themselves (not the learner's): see :func:`run_source`.
INTERNAL_LABELS: set[str] = set()


def _library_dirs() -> tuple[str, ...]:
    import os
    import sysconfig

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the helpers package
    paths = {here, sys.prefix, sys.base_prefix, sys.exec_prefix}
    paths.update(p for p in sysconfig.get_paths().values() if p)
    return tuple(sorted(os.path.realpath(p) for p in paths))


def is_learner_file(filename: str) -> bool:
    """True for a file of the learner's code: a notebook cell, a script of theirs; not TensorFlow, Python or helpers."""
    import os

    if not filename or filename.startswith("<frozen") or "__autograph_generated" in filename:
        return False
    if filename in INTERNAL_LABELS:
        return False
    if filename.startswith("<"):  # a notebook cell or a stored answer run by verify; not code made by a library
        return filename != "<string>" and not filename.startswith("<__array_function__")
    return not os.path.realpath(filename).startswith(_library_dirs())


def learner_frames(error: BaseException) -> list[tuple[str, int]]:
    """Return ``(file, line)`` of each frame of the learner's code in ``error``'s traceback, outermost first."""
    frames = []
    tb = error.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if is_learner_file(filename):
            frames.append((filename, tb.tb_lineno))
        tb = tb.tb_next
    return frames


def _where(error: BaseException) -> str:
    """Return "（你的代码第 N 行：`…`）" for the innermost line of the learner's code in the traceback, or ""."""
    frames = learner_frames(error)
    if not frames:
        return ""
    filename, line = frames[-1]
    text = linecache.getline(filename, line).strip()
    if len(text) > 80:
        text = text[:79] + "…"
    return f"（你的代码第 {line} 行：`{text}`）" if text else f"（你的代码第 {line} 行）"


def describe_error(error: BaseException, limit: int = 300) -> tuple[str, str | None]:
    """Return ``(type and first lines of the message, what it usually means or None)``, without paths or addresses."""
    text = _GRAPH_NODE.sub("", str(error))
    text = _TENSOR_VALUES.sub(">", _ADDRESS.sub("0x…", _PATH.sub("…", text)))
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    inner = [line for line in lines if _INNER_ERROR.match(line)]
    prefix, located = "", False  # where in the learner's code, when the message does not say it already
    if lines and lines[0].startswith("Graph execution error"):  # a graph op failed: drop the op's traceback
        frames = _GRAPH_FRAME.finditer(str(error))  # the raw text: its file names are not shortened yet
        where = [m.group(2) for m in frames if is_learner_file(m.group(1))]
        real = [_OP_NAME.sub("", line).strip() for line in lines[1:] if not line.startswith(_GRAPH_TRACE_LINES)]
        real = [line for line in real if line]
        if real and where:
            lines, located = [f"（你的代码第 {where[-1]} 行）{real[0]}", *real[1:]], True
        elif real:
            lines = real
    if lines and lines[0] == "in user code:" and inner:  # AutoGraph: say which line, then the real error
        where = next((m.group(1) for m in map(_USER_LINE.search, lines) if m), None)
        real = _INNER_ERROR.sub("", inner[-1])
        lines = [f"（你的代码第 {where} 行）{real}" if where else real]
    elif not located:
        prefix = _where(error)
    message = prefix + " ".join(lines[:3])  # the line first: a long message is cut at its end
    if len(message) > limit:
        message = message[: limit - 1] + "…"
    meaning = next((m for pattern, m in _KNOWN_ERRORS if pattern.search(str(error))), None)
    name = type(error).__name__
    return f"{name}: {message}" if message else name, meaning


# -- the verdict ------------------------------------------------------------------------------


def unsolved_text(ex: Exercise) -> str:
    """Return the fixed "not done yet" message of ``ex`` (the same on every run)."""
    return (
        f"练习 {ex.id} · 还没完成：答案单元格里还有待填写的地方（`...`，或者只有 `pass` 的函数体）。\n"
        "把它换成你的代码，先运行答案单元格，再运行这个检查单元格。\n"
        f"提示：{ex.hints[0]}\n"
        f"{more_text(ex)}"
    )


def more_text(ex: Exercise) -> str:
    """Return the line that says how to get the second hint and the reference solution."""
    return f'还想要提示：helpers.exercises.hint("{ex.id}")；参考答案：helpers.exercises.solution("{ex.id}")'


class _TimeUp(BaseException):
    """Raised inside the check by the watchdog of :func:`_time_limit` (a BaseException, so `except Exception` lets it pass)."""


@contextlib.contextmanager
def _time_limit(seconds: float, warn_to, warning: str):
    """Stop the code run inside this block after ``seconds``: cancel TensorFlow functions, interrupt Python loops.

    A watchdog thread waits; when time is up it cancels the TensorFlow functions
    called in the block (a graph ``While`` loop included) and raises
    :class:`_TimeUp` in this thread. Yields a dict whose ``"fired"`` says whether
    it did. If the block still has not stopped a few seconds later (it is stuck in
    code that cannot be interrupted), the watchdog writes ``warning`` to ``warn_to``.
    Both halves use private API (:mod:`helpers.exercises.private_api`); without it, what
    cannot be stopped ends in that warning.
    """
    state = {"fired": False}
    lock, done = threading.Lock(), threading.Event()
    target = threading.get_ident()

    with private_api.cancellable_functions(lambda: state["fired"]) as cancel_functions:

        def watchdog():
            if done.wait(seconds):
                return
            for _ in range(3):  # again, in case the learner's code caught the first one
                with lock:
                    if done.is_set():
                        return
                    state["fired"] = True
                    cancel_functions()
                    private_api.interrupt_thread(target, _TimeUp)
                if done.wait(RETRY_SECONDS):
                    return
            if not done.wait(GRACE_SECONDS):
                print(warning, file=warn_to, flush=True)

        thread = threading.Thread(target=watchdog, name="exercise-time-limit", daemon=True)
        thread.start()
        try:
            yield state
        finally:
            while not done.is_set():
                try:
                    with lock:
                        done.set()
                        if state["fired"]:
                            private_api.interrupt_thread(target, None)  # a _TimeUp not delivered yet must not escape
                except _TimeUp:  # delivered just now: the watchdog has stopped, evaluate() sees state["fired"]
                    pass


def timeout_text(ex: Exercise, seconds: float) -> str:
    """Return the fixed message for code that did not stop within ``seconds``."""
    return (
        f"练习 {ex.id} · 代码停不下来：检查等了 {seconds:g} 秒，你的代码还没有算完，检查已经把它停下了。"
        "很可能是一个永远不结束的循环：循环条件一直成立，或者循环体没有让它向结束靠近。\n"
        "先用一个小输入、不加 `@tf.function` 单独运行你的函数，在循环里 `print` 一下变量，看它怎么变。\n"
        f"提示：{ex.hints[0]}\n"
        f"{more_text(ex)}"
    )


def stuck_text(ex: Exercise, seconds: float) -> str:
    """Return what the watchdog prints when the learner's code could not be stopped at all."""
    return (
        f"练习 {ex.id} · 检查等了 {seconds:g} 秒，你的代码还在运行，而且停不下来（很可能是一个永远不结束的循环）。\n"
        "请中断内核（Jupyter：■ 按钮或“内核 → 中断”；Colab：“代码执行程序 → 中断执行”）；"
        "如果还在运行，就重启内核，改好代码后重新运行前面的单元格。"
    )


class _Discard(io.TextIOBase):
    """Where the learner's prints go during a check: nothing is kept, so a huge print costs no memory."""

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        return len(text)


#: Verdict key: the learner's code assigned to a switch function of ``tf.config`` (``= True``) instead of calling it.
SWITCH_ASSIGNED = "switch_assigned"
#: The ``tf.config`` functions that the framework and the checks call.
_SWITCH_FUNCTIONS = ("run_functions_eagerly", "functions_run_eagerly")


def _repair_switch_functions() -> list[tuple[str, object]]:
    """Put back each function of :data:`_SWITCH_FUNCTIONS` that ``tf.config`` no longer holds; return ``(name, what it held)``.

    ``tf.config.run_functions_eagerly = True`` (an assignment where a call was meant) replaces
    TensorFlow's function with a bool. The same function is in ``tf.compat.v2.config`` (another module
    object of the public API), which such an assignment does not touch. Something callable in its
    place (e.g. a test's stand-in) is left alone, and so is a name that cannot be put back.
    """
    import tensorflow as tf

    replaced = []
    for name in _SWITCH_FUNCTIONS:
        held, original = getattr(tf.config, name, None), getattr(tf.compat.v2.config, name, None)
        if callable(held) or not callable(original):
            continue
        setattr(tf.config, name, original)
        replaced.append((name, held))
    return replaced


def switch_assigned_text(ex: Exercise, assigned: list[tuple[str, object]]) -> str:
    """Return the verdict for an answer that assigned to ``tf.config.<name>`` (restored already): see :data:`SWITCH_ASSIGNED`."""
    name, value = assigned[0]
    return (
        f"练习 {ex.id} · 还不对：你的代码给 `tf.config.{name}` 赋了值（`tf.config.{name} = ...`），它现在是 `{value!r}`，"
        f"不再是函数了。`tf.config.{name}` 是 TensorFlow 的一个函数，要调用它，不能用 `=` 赋值："
        "赋值并没有打开开关（`tf.function` 照旧在计算图里运行），还把 TensorFlow 的这个函数换掉了，"
        f"之后谁再调用 `tf.config.{name}(...)` 都会出错（TypeError: '{type(value).__name__}' object is not callable），"
        "别的练习的检查也一样。检查已经把它恢复成了 TensorFlow 的函数。\n"
        "提示：打开开关写 `tf.config.run_functions_eagerly(True)`，关掉写 `tf.config.run_functions_eagerly(False)`；"
        "读它的状态是 `tf.config.functions_run_eagerly()`。\n"
        f"{more_text(ex)}"
    )


@contextlib.contextmanager
def _settings_for_check(notes: list[str], assigned: list[tuple[str, object]] | None = None):
    """Run the block with the global switches a check needs off, then restore the learner's own settings.

    The switches: ``tf.config.run_functions_eagerly`` (on, ``tf.function`` never traces)
    and ``tf.debugging.enable_check_numerics`` (on, an inf or nan raises before the
    learner's own assertion can). Appends to ``notes`` a sentence for each switch that
    was on before the check, or that the learner's code left on (both restored here).
    Whether check-numerics is on is private knowledge (:func:`private_api.check_numerics_state`);
    where TensorFlow does not tell, it is switched off for the check and the note says it stays off.
    A switch function that an earlier cell replaced (``tf.config.run_functions_eagerly = True``) is put
    back first, with a note; one that the block replaces is put back afterwards and added to ``assigned``.
    """
    import tensorflow as tf

    for name, value in _repair_switch_functions():
        notes.append(
            f"注意：运行检查之前，`tf.config.{name}` 已经不是函数了，而是 `{value!r}`：前面某个单元格给它赋了值"
            f"（`tf.config.{name} = ...`），把 TensorFlow 的这个函数换掉了，赋值也没有打开或关掉开关。"
            "检查已经把它恢复成了 TensorFlow 的函数；开关要调用，例如 `tf.config.run_functions_eagerly(True)`。"
        )
    eager_before = tf.config.functions_run_eagerly()
    numerics_before = private_api.check_numerics_state()
    tf.config.run_functions_eagerly(False)
    if numerics_before is not None:  # on, or UNKNOWN: off for the check (the public call is harmless when it is off)
        tf.debugging.disable_check_numerics()
    try:
        yield
    finally:
        replaced = _repair_switch_functions()
        if assigned is not None:
            assigned.extend(replaced)
        eager_after = tf.config.functions_run_eagerly()
        numerics_after = private_api.check_numerics_state()
        tf.config.run_functions_eagerly(eager_before)
        if numerics_after is not None:
            tf.debugging.disable_check_numerics()
        restored = private_api.restore_check_numerics(numerics_before)
        if eager_before:
            notes.append(
                "注意：运行检查之前，全局开关 `tf.config.run_functions_eagerly(True)` 就开着，所有 `tf.function` 都不追踪。"
                "检查时临时关掉了它，检查结束后又恢复成开着；调试完运行 `tf.config.run_functions_eagerly(False)` 把它关掉。"
            )
        elif eager_after:
            notes.append(
                "（你的代码返回时 `tf.config.run_functions_eagerly` 还开着；检查结束时把它恢复成了运行检查之前的关闭状态。）"
            )
        if numerics_before is private_api.UNKNOWN or not restored:
            notes.append(
                "（这个版本的 TensorFlow 不告诉检查 `tf.debugging.enable_check_numerics()` 是否开着：检查时把它关掉了"
                "（如果它开着），结束后没有再打开。需要时请重新运行 `tf.debugging.enable_check_numerics()`。）"
            )
        elif numerics_before is not None:
            notes.append(
                "注意：运行检查之前，`tf.debugging.enable_check_numerics()` 就开着，它会在出现 inf 或 nan 时抛出异常。"
                "检查时临时关掉了它，检查结束后又恢复成开着；调试完运行 `tf.debugging.disable_check_numerics()` 把它关掉。"
            )
        elif numerics_after is not None:
            notes.append(
                "（你的代码打开了 `tf.debugging.enable_check_numerics()`；检查结束时把它恢复成了运行检查之前的关闭状态。）"
            )


def check_failed_text(ex: Exercise, error: BaseException) -> str:
    """Return the message for an error raised by the check's own code (not by the learner's answer)."""
    described, _ = describe_error(error)
    return (
        f"练习 {ex.id} · 检查本身出了错，这不是你的答案的问题：{described}\n"
        "常见的原因是前面的单元格替换或改动了 TensorFlow、Keras 里的函数（例如给 `tf.function` 重新赋了值）。"
        "重启内核，从头运行笔记本，再运行答案单元格和检查单元格。"
    )


def evaluate(ex: Exercise, answer, time_limit: float | None = None) -> Verdict:
    """Run ``ex.check`` on ``answer`` quietly and return the verdict (never raises for the learner's mistakes).

    The check may run ``time_limit`` seconds (default ``ex.time_limit``); then the
    learner's code is stopped and the verdict is "timeout". It runs with the global
    switches it needs (see :func:`_settings_for_check`) and discards what the code prints.
    """
    notes: list[str] = []
    assigned: list[tuple[str, object]] = []  # switch functions of tf.config the answer replaced (put back already)
    try:
        starter = starter_methods(ex.starter)
    except OSError:  # no starter file: every stub method counts
        starter = None
    if unfinished(answer, starter):
        return Verdict(ex.id, UNSOLVED, unsolved_text(ex))
    try:
        with _settings_for_check(notes, assigned):
            key, text = _judge(ex, answer, ex.time_limit if time_limit is None else time_limit)
    except Exception as error:  # restoring the settings failed: the check's own fault
        key, text = CHECK_FAILED, check_failed_text(ex, error)
    if assigned:  # whatever the check made of it, the cause is the learner's assignment (a failure of the check included)
        key, text = SWITCH_ASSIGNED, switch_assigned_text(ex, assigned)
    if notes:
        text = f"{text}\n" + "\n".join(notes)
    return Verdict(ex.id, key, text)


def _judge(ex: Exercise, answer, seconds: float) -> tuple[str, str]:
    """Run the check; return ``(key, text)`` of the verdict."""
    state = {"fired": False}
    sink = _Discard()
    try:
        with contextlib.ExitStack() as stack:
            state = stack.enter_context(_time_limit(seconds, sys.stdout, stuck_text(ex, seconds)))
            stack.enter_context(contextlib.redirect_stdout(sink))
            stack.enter_context(contextlib.redirect_stderr(sink))
            stack.enter_context(warnings.catch_warnings())
            warnings.simplefilter("ignore")  # the verdict is the only output a check gives
            detail = ex.check(answer)
        if state["fired"]:  # the code was stopped, yet the check went on and passed: time still ran out
            return TIMEOUT, timeout_text(ex, seconds)
        return OK, f"练习 {ex.id} · 正确！{detail}"
    except _TimeUp:
        return TIMEOUT, timeout_text(ex, seconds)
    except Unsolved:
        if state["fired"]:
            return TIMEOUT, timeout_text(ex, seconds)
        return UNSOLVED, unsolved_text(ex)
    except Wrong as wrong:
        if state["fired"]:  # e.g. a check that turned the CancelledError into its own mistake
            return TIMEOUT, timeout_text(ex, seconds)
        hint = wrong.hint or ex.hints[0]
        return wrong.key, f"练习 {ex.id} · 还不对：{wrong.message}\n提示：{hint}\n{more_text(ex)}"
    except Exception as error:  # the learner's code (a LearnerError from call()), or the check's own
        if state["fired"]:
            return TIMEOUT, timeout_text(ex, seconds)
        if isinstance(error, LearnerError):
            error = error.error
        elif not learner_frames(error):  # no line of the learner's code took part: the check failed
            return CHECK_FAILED, check_failed_text(ex, error)
        if is_todo_error(error):
            return UNSOLVED, unsolved_text(ex)
        described, meaning = describe_error(error)
        lines = [f"练习 {ex.id} · 运行你的代码时出了异常：{described}"]
        if meaning:
            lines.append(f"这通常是说：{meaning}")
        lines.append(f"提示：{ex.hints[0]}")
        lines.append(more_text(ex))
        return EXCEPTION, "\n".join(lines)
