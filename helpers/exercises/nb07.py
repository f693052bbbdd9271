"""Exercises of 07_dynamic_rnn: data-dependent loops in a graph, TensorArray, and what makes tf.function trace."""

from __future__ import annotations

import contextlib
import os
import re
import sys
import threading
import time

from helpers.exercises import private_api
from helpers.exercises.core import (
    Exercise,
    LearnerError,
    Wrong,
    call,
    fresh_function,
    require_callable,
    run_source,
)

NOTEBOOK = "07_dynamic_rnn"


def _graph_op_types(fn, *args) -> set[str]:
    return {op.type for op in fn.get_concrete_function(*args).graph.get_operations()}


@contextlib.contextmanager
def _quiet_native_log():
    """Within the block, drop what TensorFlow's C++ runtime writes to file descriptor 2.

    A graph op that fails (a cancelled endless ``While``, ``stack()`` of an empty list) makes the
    runtime log a raw English line such as ``[[{{node while/LoopCond/_10}}]]`` from one of its own
    threads, unless ``TF_CPP_MIN_LOG_LEVEL`` hid it before TensorFlow was imported. The verdict
    explains the error; that line would only stand in front of it. Python's own ``sys.stderr``
    is redirected by the framework already; this covers the descriptor underneath.
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no descriptor 2 to speak of: nothing to hide
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class _SlowTrace(BaseException):
    """Raised in the check's thread by :func:`_stop_unrolled_tracing` (a BaseException, like the framework's time-up)."""


#: Tracing that has run this many seconds and put more than UNROLLED_OPS ops into one graph is copying a
#: loop body again and again: a right answer's graph has about 10 ops and traces in about 0.1 s.
TRACE_PATIENCE, UNROLLED_OPS = 0.5, 50


def _stop_unrolled_tracing(answer, found: dict) -> None:
    """Trace ``answer``'s Python function into a graph of our own; stop it if it keeps copying a loop body.

    A Python ``range`` loop runs at trace time, one copy of its body per round: 200 rounds around a
    tensor ``if`` take several seconds to trace, and the framework's time limit would call that an
    endless loop. This traces the same code in a ``tf.function`` of its own, which notes the graph
    it traces into, so that a watchdog can look at it. After :data:`TRACE_PATIENCE` seconds, once
    that graph holds more than :data:`UNROLLED_OPS` ops, the watchdog raises :class:`_SlowTrace` in
    this thread and fills ``found`` (seconds, ops, If ops). Any other outcome, an error included,
    is left to the check proper, which traces the answer itself.
    """
    import tensorflow as tf

    function = getattr(answer, "python_function", None)
    if function is None:
        return
    seen: dict = {}  # the graph being traced, once tracing has begun

    def traced(n):
        seen["graph"] = tf.compat.v1.get_default_graph()  # the FuncGraph of this trace
        return function(n)  # AutoGraph converts the learner's function too, as tf.function would

    target, lock, done = threading.get_ident(), threading.Lock(), threading.Event()
    start = time.perf_counter()

    def watchdog():
        if done.wait(TRACE_PATIENCE):
            return
        while not done.wait(0.05):
            ops = seen["graph"].get_operations() if "graph" in seen else []
            if len(ops) > UNROLLED_OPS:
                with lock:
                    if done.is_set():
                        return
                    ifs = sum(op.type in ("If", "StatelessIf") for op in ops)
                    found.update(seconds=time.perf_counter() - start, ops=len(ops), ifs=ifs)
                    if not private_api.interrupt_thread(target, _SlowTrace):
                        found.clear()  # no way to stop it here: the framework's time limit decides
                return

    thread = threading.Thread(target=watchdog, name="exercise-07-trace-watch", daemon=True)
    thread.start()
    try:
        tf.function(traced).get_concrete_function(tf.TensorSpec([], tf.int32))
    except Exception:  # the learner's mistake: the check proper traces the answer again and explains it
        pass
    finally:
        while not done.is_set():
            try:
                with lock:
                    done.set()
                    if found:
                        private_api.interrupt_thread(target, None)  # not delivered yet: it must not escape
            except _SlowTrace:  # delivered just now, after the tracing had finished
                pass


# -- 07.1 -------------------------------------------------------------------------------------

COLLATZ = {6: 8, 7: 16, 27: 111, 1: 0}


def _loop_rounds(answer, starts) -> dict | None:
    """How many rounds each top-level ``While`` of ``answer``'s graph runs, for each start in ``starts``.

    Reads the loop counter (the first output of a TF2 ``While`` op) through a pruned copy of the graph
    (:func:`private_api.graph_function`). None when that cannot be done (e.g. the graph captures variables,
    or TensorFlow offers no such copy): the check then does not decide on it.
    """
    import tensorflow as tf

    try:
        graph = answer.get_concrete_function(tf.constant(starts[0])).graph
        loops = [op for op in graph.get_operations() if op.type in ("While", "StatelessWhile")]
        if not loops or len(graph.inputs) != 1:
            return None
        counters = private_api.graph_function(
            graph.as_graph_def(), inputs=[graph.inputs[0].name], outputs=[op.outputs[0].name for op in loops]
        )
        if counters is None:
            return None
        return {n: [int(v) for v in counters(tf.constant(n))] for n in starts}
    except Exception:  # a graph this cannot copy: leave the decision to the other checks
        return None


def _check_collatz(answer) -> str:
    found: dict = {}
    try:
        with _quiet_native_log():
            _stop_unrolled_tracing(answer, found)
            return _judge_collatz(answer)
    except _SlowTrace:
        ifs = found.get("ifs", 0)
        copies = (
            f"；循环体里条件是张量的 `if`，每一份都是一个 `If` 算子（已经有 {ifs} 个），追踪得更慢" if ifs else ""
        )
        raise Wrong(
            "slow_trace",
            f"循环在追踪时被一次次展开了：检查等了 {found.get('seconds', TRACE_PATIENCE):.1f} 秒，`tf.function` 还在追踪，"
            f"这张计算图里已经有 {found.get('ops', UNROLLED_OPS)} 个算子，而且还在增加（正确答案的图只有十来个）。"
            "Python 的 `range` 循环（或条件是 Python 值的 `while`）在追踪时真的一次次执行，"
            f"每一次都把循环体复制一份放进计算图{copies}。循环次数也在追踪时就定死了：需要的步数比它多的起点会算错；"
            "Python 的循环条件要是一直成立，追踪就永远不会结束。",
            "把结束条件写进 `while` 本身：`while n != 1:`，条件是张量，AutoGraph 把它改写成一个 `While` 算子，"
            "循环体只记一份，`n` 需要几步就循环几次。",
        ) from None


def _judge_collatz(answer) -> str:
    import tensorflow as tf

    require_callable(answer)
    if not hasattr(answer, "get_concrete_function"):
        raise Wrong("not_tf_function", "答案不是 `tf.function`：题目要的是在计算图里运行的循环。")
    answer = fresh_function(answer)  # no traces yet: neither the learner's own calls nor an earlier check count
    traced_before = answer.experimental_get_tracing_count()  # the learner's own calls do not count
    for n, want in COLLATZ.items():
        try:
            got = call(answer, tf.constant(n))
        except LearnerError as err:
            text = str(err.error)
            if re.search(r"has dtype float\w* (in the main branch|after one iteration|in the \w+ branch)", text) or (
                re.search(r"has dtype int\w* (before the loop|in the main branch)", text) and "float" in text
            ):
                raise Wrong(
                    "dtype_changed",
                    "`n` 在循环或分支里从整数变成了浮点数（例如 `n / 2` 是真除法，结果是浮点数）：图里的循环和分支"
                    "要求每个变量的类型始终不变。",
                    "用整除 `n // 2`，`n` 就一直是 `int32`。",
                ) from None
            if re.search(r"missing (\d+ )?(a )?required (positional )?argument|takes \d+ positional|too many positional", text):
                raise Wrong(
                    "wrong_arguments",
                    f"检查调用的是 `collatz_steps(n)`，只传一个参数；你的函数要的参数个数不同（{type(err.error).__name__}）。",
                    "函数只接受一个参数：`def collatz_steps(n):`。",
                ) from None
            if re.search(r"Binding inputs to tf\.function failed|Can not cast TensorSpec|TensorSpec.*dtype", text):
                raise Wrong(
                    "signature_mismatch",
                    "检查传进来的是 `int32` 标量张量（`tf.constant(6)`），和你的 `input_signature` 声明的形状或数据类型对不上。",
                    "去掉 `input_signature`，或者写成 `input_signature=[tf.TensorSpec([], tf.int32)]`。",
                ) from None
            if "started as non-Tensor, then changed to Tensor" in text:
                raise Wrong(
                    "python_loop_break",
                    "`while True:` 的条件是 Python 的 `True`，AutoGraph 就把它当作普通的 Python 循环，追踪时展开；"
                    "循环里按张量的值 `break`，循环的条件中途变成了张量，计算图里不能这样写。",
                    "把结束条件写进 `while` 本身：`while n != 1:`，条件是张量，AutoGraph 才会把它变成图里的循环。",
                ) from None
            if "numpy" in text or isinstance(err.error, tf.errors.OperatorNotAllowedInGraphError):
                raise Wrong(
                    "python_value_in_graph",
                    f"追踪时出错（{type(err.error).__name__}）：在计算图里 `n` 是没有具体值的符号张量，"
                    "`.numpy()` 用不了；条件直接用张量写。",
                    "直接用张量写条件：`while n != 1:`、`if n % 2 == 0:`，AutoGraph 会把它们改写成图里的算子。",
                ) from None
            raise
        dtype = getattr(got, "dtype", None)
        if dtype is not None and not tf.as_dtype(dtype).is_integer:
            raise Wrong(
                "wrong_type",
                f"应该返回一个整数张量，现在是 `{tf.as_dtype(dtype).name}` 张量：步数是数出来的，是整数。",
                "计数从整数开始：`steps = 0`（不是 `0.0` 或 `tf.constant(0.0)`），每次 `steps += 1`。",
            )
        try:
            got = int(got)
        except (TypeError, ValueError):
            raise Wrong("wrong_type", f"应该返回一个整数张量，现在是 {type(got).__name__}。") from None
        if got != want:
            raise Wrong("wrong_value", f"从 {n} 开始应该走 {want} 步到 1，现在得到 {got}。")
    count = answer.experimental_get_tracing_count() - traced_before
    if count > 1:
        raise Wrong("retraced", f"检查的 4 次调用追踪了 {count} 次：输入都是 `int32` 标量张量，应该只追踪一次。")
    ops = _graph_op_types(answer, tf.constant(6))
    loops = sorted(ops & {"While", "StatelessWhile"})
    python_ops = sorted(ops & {"EagerPyFunc", "PyFunc", "PyFuncStateless"})
    if not loops and python_ops:
        raise Wrong(
            "py_function",
            f"步数都算对了，可计算图里没有循环，只有一个 `{python_ops[0]}` 算子：你用 `tf.py_function`（或 `tf.numpy_function`）"
            "把整个循环交回给了 Python。循环没有被展开，也没有进图：每次调用，图都回到 Python 解释器里一步步地跑这个 "
            "`while`。这样的图离不开 Python，保存成 SavedModel 后就用不了，也不能放到别的设备上并行；"
            "题目要的是 AutoGraph 把 `while n != 1:` 改写成图里的 `While` 算子。",
            "去掉 `tf.py_function`，直接在 `tf.function` 里用张量写：`while n != 1:`、`if n % 2 == 0:`。",
        )
    if not loops:
        raise Wrong("loop_not_in_graph", "计算图里没有 `While` 算子：循环在追踪时被展开了，步数写死在图里。")
    rounds = _loop_rounds(answer, (1, 27))
    if rounds is not None and rounds[1] == rounds[27]:
        shown = "、".join(map(str, rounds[1]))
        raise Wrong(
            "fixed_loop",
            f"计算图里有 `While`，可它循环几次和 `n` 无关：检查数了循环的次数，从 1 开始（0 步就到了）和从 27 开始"
            f"（要 111 步）都是 {shown} 次。循环次数在追踪时就定死了（例如 `for _ in tf.range(1000)`，"
            "再用 `if n != 1` 让多出来的那些次什么也不做）：已经到 1 的 `n` 也要白跑完这些次，"
            "步数超过这个上限的起点就会算错。题目要的是循环的结束条件依赖 `n`。",
            "把结束条件写进 `while` 本身：`while n != 1:`，条件是张量，`n` 需要几步就循环几次。",
        )
    counted = ""
    if rounds is not None and len(rounds[1]) == 1:
        counted = f"（从 1 开始循环 {rounds[1][0]} 次，从 27 开始循环 {rounds[27][0]} 次）"
    return (
        f"4 个起点都算对了，检查的调用最多追踪了 1 次，计算图里有 `{loops[0]}` 算子{counted}：循环的结束条件是张量，"
        "循环体在图里只有一份，`n` 需要几步，运行时就循环几次。"
    )


EX_07_1 = Exercise(
    id="07.1",
    notebook=NOTEBOOK,
    title="依赖数据的 `while`：考拉兹步数",
    difficulty=2,
    section="条件是张量的 `while` 和 `if`",
    task=(
        "考拉兹（Collatz）过程：`n` 是偶数就变成 `n // 2`，是奇数就变成 `3 * n + 1`，直到变成 1。"
        "写一个 `tf.function` 函数 `collatz_steps(n)`，`n` 是 `int32` 标量张量，返回走到 1 需要的步数"
        "（例如 6 → 3 → 10 → 5 → 16 → 8 → 4 → 2 → 1，是 8 步）。\n\n"
        "循环次数取决于 `n` 的值，追踪时还不知道。检查会用几个不同的 `n` 调用它，"
        "并看计算图里有没有 `While`（或 `StatelessWhile`）算子。"
    ),
    hints=(
        "在 `tf.function` 里，条件是张量的 `while` / `if` 会被 AutoGraph 改写成 `tf.while_loop` / `tf.cond`。",
        "`steps = 0`，`while n != 1:` 里用 `if n % 2 == 0:` 选 `n // 2` 或 `3 * n + 1`，每次 `steps += 1`。",
    ),
    check=_check_collatz,
    time_limit=5.0,  # a wrong update can loop forever: stop it after 5 s and say so
)


# -- 07.2 -------------------------------------------------------------------------------------


def _grows_along_one_axis(before: str, after: str) -> bool:
    """True if shape ``after`` is ``before`` grown along one axis (``(None, 0, 1)`` → ``(None, 1, 1)``), as with ``tf.concat``.

    Not when the axis went from 1 to the size of another axis: that is broadcasting (``(4, 1)`` → ``(4, 4)``).
    """
    dims = [re.findall(r"None|\d+", shape) for shape in (before, after)]
    if len(dims[0]) != len(dims[1]):
        return False
    changed = [i for i, (a, b) in enumerate(zip(*dims)) if a != b]
    if len(changed) != 1 or not (dims[0][changed[0]].isdigit() and dims[1][changed[0]].isdigit()):
        return False
    axis = changed[0]
    a, b = int(dims[0][axis]), int(dims[1][axis])
    others = [d for i, d in enumerate(dims[1]) if i != axis]
    broadcast = a == 1 and str(b) in others  # [批] + [批, 1] with a known batch: (4, 1) -> (4, 4)
    return b > a and not broadcast


def _check_running_sum(answer) -> str:
    import tensorflow as tf

    logger = tf.get_logger()
    level = logger.level
    # a TensorArray of the wrong dtype makes TF log an English traceback at trace time; the verdict explains it
    logger.setLevel("CRITICAL")
    try:
        with _quiet_native_log():
            return _judge_running_sum(answer)
    finally:
        logger.setLevel(level)


def _judge_running_sum(answer) -> str:
    import numpy as np
    import tensorflow as tf

    import helpers.sequences

    require_callable(answer)
    if not hasattr(answer, "experimental_get_tracing_count"):
        raise Wrong("not_tf_function", "答案不是 `tf.function`：题目要的是一张能处理任意长度的计算图。")
    answer = fresh_function(answer)  # no traces yet: neither the learner's own calls nor an earlier check count
    traced_before = answer.experimental_get_tracing_count()  # the learner's own calls do not count
    shapes = [(4, 5), (3, 9), (2, 2)]
    for (n, steps) in shapes:
        x, want = helpers.sequences.running_sum(n, steps=steps, seed=steps)
        try:
            got = call(answer, tf.constant(x))
        except LearnerError as err:
            if isinstance(err.error, tf.errors.InvalidArgumentError) and "TensorListStack" in str(err.error):
                raise Wrong(
                    "write_not_kept",
                    "`stack()` 时 `TensorArray` 还是空的：`outputs.write(t, total)` 不会原地修改，"
                    "它返回一个写入后的新 `TensorArray`，没有接住返回值，写入就丢了。",
                    "写成 `outputs = outputs.write(t, total)`。",
                ) from None
            if type(err.error).__name__ == "InaccessibleTensorError":
                raise Wrong(
                    "python_list_in_loop",
                    "在 `tf.range` 循环里往 Python 列表 `append`：这个循环是图里的 `While` 算子，循环体只追踪一次，"
                    "列表里存的是循环内部的符号张量，出了循环就用不了。",
                    "用 `tf.TensorArray` 收集每一步的结果：`outputs = outputs.write(t, total)`，最后 `outputs.stack()`。",
                ) from None
            if isinstance(err.error, tf.errors.OperatorNotAllowedInGraphError) and "Iterating over a symbolic" in str(
                err.error
            ):
                raise Wrong(
                    "python_iteration",
                    "Python 自己在遍历一个长度未知的符号张量（OperatorNotAllowedInGraphError：Iterating over a symbolic "
                    "`tf.Tensor`）：AutoGraph 只改写 `for` 后面直接写的张量（`for xt in x:`、`for t in tf.range(...)`）；"
                    "`enumerate(x)`、`zip(x, ...)`、`list(x)` 这类写法不改写，Python 要在追踪时就知道张量有几行，"
                    "可输入签名里时间长度是 `None`。",
                    "要下标就写 `for t in tf.range(tf.shape(x)[0]):`，循环体里用 `x[t]` 取这一步。",
                ) from None
            grown = re.search(r"'(\w+)' has shape (.+?) before the loop, but shape (.+?) after one iteration", str(err.error))
            if isinstance(err.error, ValueError) and grown and not _grows_along_one_axis(*grown.groups()[1:]):
                name, before, after = grown.groups()
                # before has no None but after has: an initial value with a written-out shape, e.g. (1,)
                known = re.fullmatch(r"\(\d+(, \d+)*,?\)", before.strip()) and "None" in after
                cause = (
                    f"初值是 Python 数（如 `{name} = 0.0`），形状是 ()，加上 `[批, 1]` 的量就成了 {after}。"
                    if before.strip() == "()"
                    else f"初值的形状写死成了 {before}（如 `tf.zeros([1])`），可每一步加上的量是 `[批, 1]`，"
                    f"相加广播成了 {after}：批大小要到运行时才知道，初值的形状也得用 `tf.shape(x)` 算。"
                    if known
                    else f"每一步加上的量和 `{name}` 形状不同，相加时广播成了 {after}：例如 `tf.reduce_sum(..., axis=-1)` "
                    "不写 `keepdims=True` 得到 `[批]`，和 `[批, 1]` 相加广播成 `[批, 批]`。"
                )
                raise Wrong(
                    "accumulator_shape",
                    f"循环变量 `{name}` 的形状在循环里变了：循环前是 {before}，一次迭代后是 {after}。"
                    "`tf.range` 循环在图里是一个 `While` 算子，它要求循环变量在迭代之间形状不变。"
                    f"累加的 `{name}` 初值要和每一步加上的量形状相同。{cause}",
                    "初值写成 `tf.zeros([tf.shape(x)[1], 1])`（转置后是 `tf.shape(x)[1]`，否则是 `tf.shape(x)[0]`），"
                    "每一步加 `tf.reduce_sum(x[t], axis=-1, keepdims=True)`。",
                ) from None
            if isinstance(err.error, ValueError) and grown:
                name, before, after = grown.groups()
                raise Wrong(
                    "shape_changed",
                    f"循环变量 `{name}` 每一步都在变长：循环前形状是 {before}，一次迭代后是 {after}。"
                    "`tf.range` 循环在图里是一个 `While` 算子，它要求循环变量在迭代之间形状不变；"
                    "每一步 `tf.concat` 接上一个结果，形状就变了。",
                    "用 `tf.TensorArray` 收集每一步的结果：`outputs = outputs.write(t, total)`，最后 `outputs.stack()`。",
                ) from None
            overflow = re.search(r"modify element (\d+) in a list with (\d+) elements|write to index (\d+)", str(err.error))
            if isinstance(err.error, tf.errors.InvalidArgumentError) and overflow:
                size = overflow.group(2) or overflow.group(3)
                index = overflow.group(1) or size
                if size == "0":
                    raise Wrong(
                        "static_length",
                        "`TensorArray` 的 `size` 是 0：输入签名里时间长度是 `None`，追踪时 `x.shape[1]`（静态形状）也是 `None`，"
                        "`x.shape[1] or 0` 这类写法在追踪时就把 `size` 定成了 0，第一次写入就越界"
                        "（InvalidArgumentError：要写下标 0 的元素，可它一个位置也没有）。",
                        "用运行时才知道的长度：`tf.TensorArray(tf.float32, size=tf.shape(x)[1])`。",
                    ) from None
                if overflow.group(2) and size == str(steps):
                    raise Wrong(
                        "write_index",
                        f"`TensorArray` 的 `size` 是 {size}，等于时间步数，这没错；可循环写到了下标 {index}，"
                        f"而它只有下标 0 到 {steps - 1}（InvalidArgumentError：越界写入）。"
                        "第 `t` 步的结果要写在下标 `t`：多半是写成了 `t + 1` 这类下标。",
                        "写成 `outputs = outputs.write(t, total)`，下标就是循环变量 `t`。",
                    ) from None
                which = "批大小 `tf.shape(x)[0]`" if size == str(n) else "别的长度"
                raise Wrong(
                    "tensor_array_size",
                    f"`TensorArray` 装不下：输入形状是 {x.shape}（批 {n}、时间 {steps}），它的 `size` 却是 {size}，"
                    f"你用的多半是{which}。循环按时间步 `t` 往里写，写到位置 {size} 时越界了"
                    f"（InvalidArgumentError：要写下标 {size} 的元素，可它只有下标 0 到 {int(size) - 1} 这 {size} 个位置）。"
                    "`TensorArray` 每个时间步存一个元素，`size` 要等于时间步数。",
                    "`tf.TensorArray(tf.float32, size=tf.shape(x)[1])`：时间是第 1 维（转置成 `[时间, 批, 3]` 后就是第 0 维）。",
                ) from None
            if isinstance(err.error, tf.errors.InvalidArgumentError) and "Invalid data types" in str(err.error):
                raise Wrong(
                    "tensor_array_dtype",
                    "`TensorArray` 的类型和写进去的张量不符（InvalidArgumentError：Invalid data types）："
                    "`TensorArray` 只能存一种类型（dtype），建它时写的类型要和每一步写入的 `total` 一样，"
                    "这里输入和累加和都是 `float32`。",
                    "`tf.TensorArray(tf.float32, size=...)`，或者写 `tf.TensorArray(x.dtype, size=...)`，跟着输入的类型走。",
                ) from None
            if isinstance(err.error, (TypeError, ValueError)) and (
                "None" in str(err.error) or "`size` must be provided" in str(err.error)
            ):
                failed = (
                    "`tf.TensorArray(size=x.shape[1])` 就等于没给 `size`（ValueError：Argument `size` must be provided）"
                    if "`size` must be provided" in str(err.error)
                    else "`range(x.shape[1])` 用不了（Python 的 `range` 要一个整数）"
                )
                raise Wrong(
                    "static_length",
                    "输入签名里时间长度是 `None`，追踪时 `x.shape[1]`（静态形状）也是 `None`：追踪时还不知道序列有多长，"
                    f"{failed}。要用运行时才知道的长度 `tf.shape(x)[1]`。",
                    "用运行时才知道的长度：`for t in tf.range(tf.shape(x)[1]):`，结果写进 `tf.TensorArray`。",
                ) from None
            raise
        got = np.asarray(got)
        if got.shape != want.shape:
            raise Wrong("wrong_shape", f"输入形状 {x.shape} 时输出形状应该是 {want.shape}，现在是 {got.shape}。")
        shifted = steps > 1 and np.allclose(got[:, 1:], want[:, :-1], atol=1e-5)
        if shifted and np.allclose(got[:, 0], 0.0, atol=1e-5):
            raise Wrong(
                "off_by_one",
                f"输入形状 {x.shape} 时，你的第 `t` 步是题目里第 `t - 1` 步的累加和（第 0 步是 0）："
                "循环里先写入、后累加，写进去的是还没加上 `x[t]` 的旧值。",
                "第 `t` 步要先加上 `x[t]` 再写入：`total += tf.reduce_sum(x[t], axis=-1, keepdims=True)`，"
                "然后 `outputs = outputs.write(t, total)`。",
            )
        if not np.allclose(got, want, atol=1e-5):
            raise Wrong("wrong_value", f"输入形状 {x.shape} 时累加和不对：最大误差 {np.abs(got - want).max():.4f}。")
    count = answer.experimental_get_tracing_count() - traced_before
    if count > 1:
        why = (
            "`reduce_retracing=True` 不能代替输入签名：它在第一次调用时还是按具体形状追踪，"
            "等第二种形状出现，才把形状放宽成 `None` 再追踪一次，所以至少追踪 2 次。"
            if private_api.reduces_retracing(answer)
            else "每遇到一个没见过的形状，就重新追踪一次，生成一张新的计算图。"
        )
        raise Wrong(
            "retraced",
            f"检查用 3 种批大小、3 种长度的输入调用，一共追踪了 {count} 次：{why}",
            "用 `input_signature=[tf.TensorSpec([None, None, 3], tf.float32)]` 声明批大小和长度都未知。",
        )
    ops = _graph_op_types(answer, tf.TensorSpec([None, None, 3], tf.float32))
    python_ops = sorted(ops & {"EagerPyFunc", "PyFunc", "PyFuncStateless"})
    if python_ops:
        raise Wrong(
            "py_function",
            f"3 种形状的输入都算对了，可计算图里有一个 `{python_ops[0]}` 算子：你用 `tf.py_function`"
            "（或 `tf.numpy_function`）把计算交回给了 Python。每次调用，图都回到 Python 解释器里去算这一段；"
            "这样的图离不开 Python，保存成 SavedModel 后就用不了，也不能放到别的设备上并行。"
            "题目要的是图里的循环和 `tf.TensorArray`。",
            "去掉 `tf.py_function`，直接在 `tf.function` 里用张量写：`for t in tf.range(tf.shape(x)[0]):`，"
            "每一步 `outputs = outputs.write(t, total)`。",
        )
    if not ops & {"While", "StatelessWhile"}:
        return (
            "3 种形状的输入都算对了，只追踪了 1 次。你没有写循环，而是用了一次算完整个序列的算子（如 `tf.cumsum`）："
            "能这样写时它更快。本题练的是循环加 `tf.TensorArray`，每一步依赖上一步的 RNN 只能这样展开，"
            "不妨也用它写一遍。"
        )
    if not any(op.startswith(("TensorList", "EmptyTensorList")) for op in ops):
        return (
            "正确，但…：3 种形状的输入都算对了，也只追踪了 1 次，可计算图里没有 `tf.TensorArray`（没有 `TensorList…` 算子）："
            "你在循环里用别的办法收集了结果，例如 `tf.concat` 加上 `set_loop_options(shape_invariants=...)`。"
            "这样慢：每一步 `tf.concat` 都把已有的结果整个复制一遍，长度为 T 的序列"
            "一共要复制约 T²/2 个时间步的结果；`TensorArray` 每一步只写入一个元素。不妨也用 `tf.TensorArray` 写一遍："
            "`outputs = tf.TensorArray(tf.float32, size=tf.shape(x)[1])`；循环里 `outputs = outputs.write(t, total)`，"
            "最后 `outputs.stack()`。"
        )
    return "3 种形状的输入都算对了，只追踪了 1 次：计算图里有循环和 `tf.TensorArray`，一张计算图处理任意长度。"


EX_07_2 = Exercise(
    id="07.2",
    notebook=NOTEBOOK,
    title="用 `tf.TensorArray` 写动态展开",
    difficulty=3,
    section="用 Python 循环手写动态展开",
    task=(
        "仿照动态 RNN 的写法，写一个 `tf.function` 函数 `running_sum(x)`：`x` 的形状是 `[批, 时间, 3]`，"
        "返回形状 `[批, 时间, 1]` 的张量，第 `t` 步是从第 0 步到第 `t` 步所有数的和（和 "
        "`helpers.sequences.running_sum` 给出的目标一样）。\n\n"
        "逐个时间步循环、用 `tf.TensorArray` 收集每一步的结果。检查会用 3 种批大小和长度调用它，"
        "看结果对不对、是不是**只追踪一次**；写了循环的话，还看计算图里有没有 `tf.TensorArray`。"
        "不用 `tf.TensorArray` 的写法（如 `tf.cumsum`，或循环里每步 `tf.concat` 再加上 "
        "`tf.autograph.experimental.set_loop_options(shape_invariants=...)`）也算对，但请再用 `tf.TensorArray` 练一遍；"
        "只写 `tf.concat`、不放宽形状，循环变量的形状会变，追踪时就报错（见第 3 节）。"
    ),
    hints=(
        "先 `tf.transpose(x, [1, 0, 2])` 变成 `[时间, 批, 3]`，再 `for t in tf.range(tf.shape(x)[0]):` 逐步处理。",
        "`outputs = tf.TensorArray(tf.float32, size=steps)`；循环里 `total += tf.reduce_sum(x[t], axis=-1, keepdims=True)`、"
        "`outputs = outputs.write(t, total)`；最后 `tf.transpose(outputs.stack(), [1, 0, 2])`。",
    ),
    check=_check_running_sum,
    time_limit=5.0,
)


# -- 07.3 -------------------------------------------------------------------------------------

TRACE_CALLS = '''\
@tf.function
def relu_if(x, enabled):
    if enabled:
        return tf.nn.relu(x)
    return x


relu_if(tf.constant([1.0]), True)
relu_if(tf.constant([2.0]), True)
relu_if(tf.constant([1.0]), False)
relu_if(tf.constant([1.0, 2.0]), True)
relu_if(tf.constant([3.0]), tf.constant(True))
relu_if(tf.constant([4.0]), tf.constant(False))'''


def _actual_traces() -> int:
    """Run the code shown in the task (``TRACE_CALLS``) on a fresh ``relu_if`` and return its tracing count."""
    import tensorflow as tf

    logger = tf.get_logger()
    level = logger.level
    logger.setLevel("ERROR")  # a fresh relu_if per check: TF would warn (in English) about frequent retracing
    try:
        relu_if = run_source(TRACE_CALLS + "\n\nanswer = relu_if\n", "07.3 task code", internal=True)
        return relu_if.experimental_get_tracing_count()
    finally:
        logger.setLevel(level)


def _check_trace_count(answer) -> str:
    import numpy as np

    if isinstance(answer, (bool, np.bool_)) or not isinstance(answer, (int, np.integer)):
        raise Wrong("wrong_type", f"答案应该是一个整数（追踪次数），现在是 {type(answer).__name__}。")
    answer = int(answer)
    actual = _actual_traces()
    if answer > actual:
        raise Wrong(
            "too_many",
            f"你的答案是 {answer}，比实际追踪的次数多：参数的类型和形状、Python 参数的值都和以前某次相同时，"
            "会直接复用已有的计算图。再数一数，哪些调用的这些东西全都见过。",
        )
    if answer < actual:
        raise Wrong(
            "too_few",
            f"你的答案是 {answer}，比实际追踪的次数少：除了第一次调用，还有别的调用也会让它重新追踪。"
            "逐次问：这次有没有新的 Python 值、新的形状、新的参数类型？",
        )
    return (
        f"确实是 {actual} 次：[1.0] 与 True 追踪一次，[2.0] 与 True 复用它；False 是新的 Python 值，"
        "长度 2 是新形状，张量布尔值是新的参数类型，各追踪一次；最后一次调用只有张量的值不同，复用计算图"
        "（条件是张量时，图里有一个条件算子，这里是 `StatelessIf`，两条分支都在图里）。"
    )


EX_07_3 = Exercise(
    id="07.3",
    notebook=NOTEBOOK,
    title="数一数：这些调用追踪了几次",
    difficulty=2,
    section="条件是张量的 `while` 和 `if`",
    task=(
        "这道题用到第 1 节什么时候重新追踪的规矩，和第 2 节条件是 Python 值还是张量的区别。"
        "不运行代码，先想一想：下面 6 次调用一共会让 `relu_if` 追踪几次？把次数（一个整数）写进答案单元格。"
        "检查会真的运行一遍，比一比你的次数；答对后逐次解释每次调用为什么追踪或复用。\n\n```python\n" + TRACE_CALLS + "\n```"
    ),
    hints=(
        "`tf.function` 按“参数的类型和形状，加上 Python 参数的值”决定是复用已有的计算图还是重新追踪。",
        "逐次问：这次的形状见过吗？Python 值见过吗？`enabled` 是 Python 布尔值还是张量？张量的**值**不同不会引起追踪。",
    ),
    check=_check_trace_count,
)

EXERCISES = [EX_07_1, EX_07_2, EX_07_3]
