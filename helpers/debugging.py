"""Show what a learner would see while debugging, as text a notebook can print and compare.

Introduced in 09_debugging. A notebook that is executed by the tests cannot stop at a
``(Pdb)`` prompt and wait for someone to type, and TensorFlow's error messages carry
device names and file paths that differ from machine to machine. The functions here
feed pdb a written list of commands, collect what ``print`` wrote, keep the one line
of an error that explains it, and tell whether ``tf.data``'s debug mode is on
(``require_fresh_kernel`` stops a second run in the same kernel, whose outputs would differ).
"""

from __future__ import annotations

import contextlib
import io
import pdb
import re
import sys
import warnings
from collections.abc import Callable
from typing import NamedTuple

#: Terminal colour codes (IPython's debugger colours its listing).
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: pdb's location line, ``> /some/path/file.py(5)func()``, or ``...func()->value`` at a return;
#: the path differs on every machine.
_LOCATION = re.compile(r"^> .*\((\d+)\)(\w+|<\w+>)\(\)(->.*)?$", flags=re.M)
#: Commands pdb queues for itself (Python 3.13+: ``_pdbcmd_print_frame_status``); a learner never types them.
_PDB_INTERNAL = re.compile(r"^_pdbcmd_\w*\n", flags=re.M)
#: The pdb commands that let the program go on (a written session must end with one).
_CONTINUE = {"c", "cont", "continue"}
#: What enable_check_numerics reports for the first op whose output holds an Infinity or a NaN.
_CHECK_NUMERICS = re.compile(r'Detected Infinity or NaN in output (\d+) of (?:graph|eagerly-executing) op "(\w+)"')


def _check_callable(fn: object) -> None:
    if not callable(fn):
        raise TypeError(f"fn must be callable (e.g. a lambda with no arguments), got {type(fn).__name__}")


def collect_prints(fn: Callable[[], object]) -> tuple[object, list[str]]:
    """Return ``(fn(), the lines fn printed to sys.stdout)``: used in 09_debugging to count prints."""
    _check_callable(fn)
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        result = fn()
    return result, buffer.getvalue().splitlines()


class PipelineRun(NamedTuple):
    """What :func:`pipeline_prints` saw: printing it gives a short report (09_debugging)."""

    dataset: object
    #: Lines printed while the dataset was defined (``None`` when an existing dataset was given).
    traced: list[str] | None
    #: Lines printed while the dataset was iterated once.
    iterated: list[str]
    #: The elements, as Python values.
    values: list
    #: The messages of the Python warnings issued meanwhile.
    warnings: list[str]

    def __str__(self) -> str:
        def block(label: str, lines: list[str]) -> str:
            return f"{label}：" + "".join("\n  " + line for line in lines) if lines else f"{label}：（没有打印）"

        parts = [] if self.traced is None else [block("定义管道时", self.traced)]
        parts += [block("遍历管道时", self.iterated), f"管道的元素：{self.values}"]
        parts += [f"警告：{message}" for message in self.warnings]
        return "\n".join(parts)


def pipeline_prints(make: object) -> PipelineRun:
    """Return a :class:`PipelineRun`: what defining (``make()``) and iterating a dataset printed (09_debugging).

    ``make`` is a function with no arguments that returns a ``tf.data.Dataset``, or an
    existing dataset (then only iterating it is recorded, and ``traced`` is ``None``).
    """
    import tensorflow as tf

    if not isinstance(make, tf.data.Dataset) and not callable(make):
        raise TypeError(
            f"make must be a tf.data.Dataset or a function that returns one, got {type(make).__name__}"
        )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = None
        dataset = make
        if not isinstance(make, tf.data.Dataset):
            dataset, traced = collect_prints(make)
            if not isinstance(dataset, tf.data.Dataset):
                raise TypeError(f"make() must return a tf.data.Dataset, got {type(dataset).__name__}")
        elements, iterated = collect_prints(lambda: list(dataset))
    values = [tf.nest.map_structure(lambda t: t.numpy().tolist(), e) for e in elements]
    return PipelineRun(dataset, traced, iterated, values, [str(w.message) for w in caught])


def checked_op_types(fn: object, *args: object) -> list[str]:
    """Return the types of the ops whose outputs ``enable_check_numerics`` checks in ``fn``'s graph (09_debugging).

    ``fn`` is a ``tf.function``; its graph for ``args`` is the one already traced, or traced now.
    Each check (a ``CheckNumericsV2`` op) is followed back past the debug ops TensorFlow put
    in front of it to the op whose output it checks. An empty list: the graph has no checks.
    """
    if not hasattr(fn, "get_concrete_function"):
        raise TypeError(f"fn must be a tf.function, got {type(fn).__name__}")
    graph = fn.get_concrete_function(*args).graph
    found = []
    for op in graph.get_operations():
        if op.type != "CheckNumericsV2":
            continue
        source = op.inputs[0].op
        while source.type.startswith(("Debug", "CheckNumerics")) and source.inputs:
            source = source.inputs[0].op
        found.append(source.type)
    return found


def debug_session(
    fn: Callable[[], object], commands: str, source_label: str = "<cell>"
) -> tuple[object, str]:
    """Return ``(fn(), transcript)``: each ``breakpoint()`` in fn opens pdb fed with ``commands`` (09_debugging).

    ``commands`` holds one pdb command a line, as a learner would type them at the
    prompt, and must end with ``c`` (continue). The transcript shows each prompt with
    the command after it, as in a real session; colour codes are removed and the file
    path in pdb's ``> path(line)function()`` line is replaced by ``source_label``.
    In Jupyter, ipykernel replaces ``pdb.Pdb`` by IPython's debugger, so the prompt is
    ``ipdb>`` there and ``(Pdb)`` elsewhere.
    """
    _check_callable(fn)
    if not isinstance(commands, str):
        raise TypeError(f"commands must be a str with one pdb command a line, got {type(commands).__name__}")
    lines = [line.strip() for line in commands.splitlines() if line.strip()]
    if not lines or lines[-1] not in _CONTINUE:
        raise ValueError(
            f"commands must end with 'c' (continue) so that fn can finish, got {commands!r}"
        )
    if not isinstance(source_label, str):
        raise TypeError(f"source_label must be a str, got {type(source_label).__name__}")

    base = pdb.Pdb  # looked up now: ipykernel may have replaced it after this module was imported

    class ScriptedPdb(base):
        """pdb that reads from a string and writes each command after its prompt."""

        def precmd(self, line):
            self.stdout.write(line + "\n")
            return super().precmd(line)

    record = io.StringIO()
    script = "\n".join(lines) + "\n"

    def hook(*args, **kwargs):
        debugger = ScriptedPdb(stdin=io.StringIO(script), stdout=record, nosigint=True, readrc=False)
        debugger.set_trace(sys._getframe(1))  # the frame that called breakpoint()

    previous, sys.breakpointhook = sys.breakpointhook, hook
    try:
        result = fn()
    finally:
        sys.breakpointhook = previous
    text = _drop_pdb_internals(_ANSI.sub("", record.getvalue()))
    text = _LOCATION.sub(lambda m: f"> {source_label}({m[1]}){m[2]}(){m[3] or ''}", text)
    return result, text


def _drop_pdb_internals(text: str) -> str:
    """Return ``text`` without the lines of commands pdb queued for itself (they differ between Python versions)."""
    return _PDB_INTERNAL.sub("", text)


def short_error(err: BaseException) -> str:
    """Return the sentence of a TensorFlow error that explains it, without device, node or op names (09_debugging)."""
    if not isinstance(err, BaseException):
        raise TypeError(f"err must be an exception, got {type(err).__name__}")
    text = re.sub(r"\{\{function_node [^}]*\}\}\s*", "", str(err))  # function and device names
    text = re.sub(r"\s*\[Op:[^\]]*\].*$", "", text, flags=re.S)  # op name and what follows
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    failed = [line for line in lines if line.startswith("assertion failed")]
    return failed[0] if failed else " ".join(lines)


def check_numerics_op(err: BaseException) -> tuple[str, int]:
    """Return ``(op type, output index)`` that ``enable_check_numerics`` blamed in ``err`` (09_debugging)."""
    if not isinstance(err, BaseException):
        raise TypeError(f"err must be an exception, got {type(err).__name__}")
    found = _CHECK_NUMERICS.search(str(err))
    if found is None:
        raise ValueError(
            "err must be the error raised under tf.debugging.enable_check_numerics() "
            f"('Detected Infinity or NaN ...'), got {type(err).__name__}: {str(err)[:200]!r}"
        )
    return found[2], int(found[1])


def tf_data_debug_mode_on() -> bool:
    """Return True if ``tf.data.experimental.enable_debug_mode()`` was called in this process (09_debugging).

    Tells by behaviour, not by a private flag: in debug mode the function given to
    ``Dataset.map`` runs as Python for every element, otherwise only once, when traced.
    """
    import tensorflow as tf

    calls = []

    def count(x):
        calls.append(None)
        return x

    for _ in tf.data.Dataset.range(2).map(count):
        pass
    return len(calls) > 1


def require_fresh_kernel() -> None:
    """Raise RuntimeError unless the debugging switches 09_debugging turns on are off in this process.

    09_debugging switches on ``tf.data``'s debug mode, which the public API cannot switch
    off again, and it switches ``tf.config.run_functions_eagerly`` on and off (an error in
    between can leave it on). In either state the notebook's outputs would differ from
    the stored ones, so its setup cell calls this function and asks for a restart.
    """
    import tensorflow as tf

    if tf_data_debug_mode_on():
        raise RuntimeError(
            "这个内核里已经打开过 tf.data 的调试模式（没有公开的关闭函数），后面的输出会和文中不同："
            "请重启内核，再从头运行本篇。"
        )
    if tf.config.functions_run_eagerly():
        raise RuntimeError(
            "tf.function 的即时执行开关还开着（可能上次运行在中途出错）：请重启内核，再从头运行本篇。"
        )
