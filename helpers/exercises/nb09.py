"""Exercises of 09_debugging: run tf.function eagerly and switch back, assertions in a graph, run_eagerly in Keras,
find the first op that makes inf or nan."""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator

from helpers.exercises.core import Exercise, LearnerError, Wrong, call, describe_error, noting_calls

NOTEBOOK = "09_debugging"


# -- 09.1 -------------------------------------------------------------------------------------


def _check_eager_switch(answer) -> str:
    import tensorflow as tf

    python_runs, inner_runs = [], []

    @tf.function
    def plus_one(x):
        inner_runs.append(1)  # a tf.function that add_one calls: eager only when the switch is on
        return x + 1

    @tf.function
    def add_one(x):
        python_runs.append(1)  # Python code: runs when traced, or on every call when run eagerly
        return plus_one(x)

    add_one(tf.constant(0))  # traced once already, like a function you are debugging
    python_runs.clear()
    inner_runs.clear()
    results = call(answer, add_one, [tf.constant(i) for i in range(3)])
    left_on = tf.config.functions_run_eagerly()  # the learner's setting is restored after the check, not here
    if isinstance(results, Iterator):  # map(), a generator: fn runs only when the check reads it, switch off by then
        kind = "`map` 对象" if isinstance(results, map) else ("生成器" if isinstance(results, Generator) else "迭代器")
        raise Wrong(
            "lazy_result",
            f"返回的不是列表，而是一个 {kind}，它是惰性的：`map(fn, xs)`、`(fn(x) for x in xs)` 并不马上调用 `fn`，"
            "要等有人遍历它时才调用。你的函数返回时开关已经关上了（或者关开关的那一行已经运行过了），检查遍历它时 `fn` 才运行，"
            "那时已经回到计算图，函数里的 Python 代码一次也没有在即时执行下运行。",
            "在开关开着的时候就把结果全部算出来：`return [fn(x) for x in xs]`（或 `list(map(fn, xs))`）。",
        )
    try:
        values = [int(v) for v in results]
    except (TypeError, ValueError):
        raise Wrong("wrong_type", "应该返回一个列表：每次调用的结果。") from None
    if values != [1, 2, 3]:
        raise Wrong("wrong_value", f"对 0、1、2 调用 `add_one` 应该得到 [1, 2, 3]，现在是 {values}。")
    if len(python_runs) < 3:
        raise Wrong(
            "not_eager",
            f"3 次调用里，函数的 Python 代码只运行了 {len(python_runs)} 次：它还在用已经追踪好的计算图，"
            "`print` 和 `pdb` 在这种时候都不会每次运行。",
        )
    if len(inner_runs) < 3:
        raise Wrong(
            "bypassed_switch",
            f"`fn` 自己的 Python 代码运行了 {len(python_runs)} 次，它里面调用的另一个 `tf.function` 却只即时执行了 "
            f"{len(inner_runs)} 次：你没有让 `fn` 在开关打开时运行，而是绕过了它，例如调用了 `fn.python_function`"
            "（装饰之前的 Python 函数）。这样只有最外层的这一个函数即时执行，它调用的其他 `tf.function`"
            "（还有 Keras 模型里追踪好的 `call`）仍然执行计算图，里面的 `print` 和 `breakpoint()` 不会每次运行。",
            "调用 `fn` 本身，用全局开关 `tf.config.run_functions_eagerly(True)` 让所有 `tf.function` 都即时执行。",
        )
    if left_on:
        raise Wrong(
            "left_on",
            "返回后 `tf.config.functions_run_eagerly()` 还是 `True`：之后所有 `tf.function` 都会按即时执行运行，"
            "慢很多。",
            "用 `try: ... finally: tf.config.run_functions_eagerly(False)`，出了异常也能关掉。",
        )
    _require_off_after_error(answer)
    return (
        "3 次调用都运行了函数里的 Python 代码，返回后开关也关上了；`fn` 抛出异常时开关同样关上了："
        "调试时打开，用完马上关，出了错也要关。"
    )


class _ProbeError(Exception):
    """Raised by the ``fn`` that :func:`_require_off_after_error` hands to the answer."""


def _require_off_after_error(answer) -> None:
    """Call the answer with an ``fn`` that raises; Wrong unless the switch is off afterwards.

    The function being debugged often raises: that is why one debugs it. The switch is set back to off
    here whatever happens (the learner's own setting is restored after the check, by the framework).
    """
    import tensorflow as tf

    @tf.function
    def fails(x):
        raise _ProbeError("检查故意让 fn 抛出的异常")

    try:
        try:
            answer(fails, [tf.constant(0), tf.constant(1)])
        except _ProbeError:
            raised = True
        except Exception as error:  # the learner's code failed in its own way
            if "检查故意让 fn 抛出的异常" in str(error):  # the same error, wrapped or re-raised as another type
                raised = True
            else:
                raise LearnerError(error) from None
        else:
            raised = False
        left_on = tf.config.functions_run_eagerly()
    finally:
        tf.config.run_functions_eagerly(False)
    if left_on:
        raise Wrong(
            "left_on_after_error",
            "正常返回时开关关上了，可是 `fn` 抛出异常时没有：检查又调用了一次你的函数，这次传进去的 `fn` 一调用就抛出异常"
            "（调试时很常见：要调试的函数本来就会出错），异常穿过你的函数，跳过了后面关开关的那一行，"
            "之后 `tf.config.functions_run_eagerly()` 还是 `True`，所有 `tf.function` 都按即时执行运行，慢很多。",
            "把调用放进 `try:`，关开关放进 `finally: tf.config.run_functions_eagerly(False)`："
            "`finally` 里的代码在抛出异常时也会运行。",
        )
    if not raised:
        raise Wrong(
            "swallowed_error",
            "传进去的 `fn` 一调用就抛出异常，你的函数却没有把它抛出来：异常被吞掉了，调试时就看不到出错的原因。",
            "用 `try: ... finally: ...` 关开关，不要 `except` 掉异常：`finally` 运行完，异常会继续往外抛。",
        )


EX_09_1 = Exercise(
    id="09.1",
    notebook=NOTEBOOK,
    title="让 `tf.function` 临时按即时执行运行",
    difficulty=1,
    section="`run_functions_eagerly(True)`：让 `tf.function` 回到即时执行",
    task=(
        "调试一个已经追踪过的 `tf.function` 时，想让它里面的 Python 代码（`print`、`breakpoint()`）每次调用都运行。"
        "写 `call_each_eagerly(fn, xs)`：在即时执行下对 `xs` 的每个元素调用 `fn`，返回结果的列表；"
        "返回之前把全局开关恢复成关闭；`fn` 抛出异常时也要关掉开关，并让异常照常抛出。"
    ),
    hints=(
        "全局开关是 `tf.config.run_functions_eagerly(True)`，关掉是传 `False`。",
        "`tf.config.run_functions_eagerly(True)`，然后 `try: return [fn(x) for x in xs]`，"
        "`finally: tf.config.run_functions_eagerly(False)`。",
    ),
    check=_check_eager_switch,
)


# -- 09.2 -------------------------------------------------------------------------------------


#: What ``tf.debugging.check_numerics`` (and ``assert_all_finite``) says when a tensor holds inf or nan.
_CHECK_NUMERICS = re.compile(r"Tensor had [-+]?(Inf|NaN) values")


def _passes_eagerly(answer, x) -> bool:
    """True if the Python function under the ``tf.function`` ``answer`` runs on ``x`` eagerly without an error."""
    try:
        answer.python_function(x)
    except Exception:  # the learner's code, run eagerly: any error means "no"
        return False
    return True


def _check_assertion(answer) -> str:
    import numpy as np
    import tensorflow as tf

    if not hasattr(answer, "get_concrete_function"):
        raise Wrong("not_tf_function", "答案不是 `tf.function`：题目要的是在计算图里也起作用的检查。")
    try:
        good = np.asarray(call(answer, tf.constant([1.0, np.e])))
    except LearnerError as err:
        if isinstance(err.error, tf.errors.InvalidArgumentError):
            raise Wrong("rejects_good_input", "输入 [1, e] 全都大于 0，却也报错了：断言的条件写反了或写错了。") from None
        described, meaning = describe_error(err.error)
        use_assert = "用 `tf.debugging` 的断言函数：它是图里的算子，每次运行时检查，例如 `tf.debugging.assert_positive(x)`。"
        if isinstance(err.error, tf.errors.OperatorNotAllowedInGraphError) or "as a Python `bool`" in str(err.error):
            raise Wrong(
                "python_check_in_graph",
                f"追踪时就出错了（{type(err.error).__name__}：计算图里的张量不能当作 Python 的真假值）。"
                "Python 的 `assert` 要的是一个确定的真假值，可是追踪时 `x` 还是没有数值的符号张量，不知道真假。",
                use_assert,
            ) from None
        if "does not match type" not in str(err.error) and _passes_eagerly(answer, tf.constant([1.0, np.e])):
            raise Wrong(
                "python_check_in_graph",
                f"正常输入 [1, e] 也报错了（{described}），而同一段 Python 代码即时执行时不报错：错误出在追踪。"
                "`if` 的条件是张量时，AutoGraph 把它改写成计算图里的条件分支（`tf.cond`），追踪时两个分支都要运行一遍，"
                "才能都记进图里；`raise` 所在的分支一运行就抛出异常，所以不管输入是什么，追踪都会失败。",
                use_assert,
            ) from None
        dtype_hint = (
            "断言函数的参数要和 `x` 的类型一致：`x` 是 `float32` 时，和它比较的数写成 `0.0`，"
            "或者直接用不需要第二个数的 `tf.debugging.assert_positive(x)`。"
        )
        raise Wrong(
            "trace_error",
            f"追踪时就出错了（{described}）。" + (f"这通常是说：{meaning}" if meaning else ""),
            dtype_hint if "does not match type" in str(err.error) else None,
        ) from None
    if not np.allclose(good, [0.0, 1.0], atol=1e-5):
        raise Wrong("wrong_value", f"`safe_log([1, e])` 应该是 [0, 1]，现在是 {np.round(good.astype(np.float64), 4).tolist()}。")
    numerics = []  # for each bad input: was it check_numerics (on some tensor) that stopped it?
    for bad in ([1.0, 0.0], [-2.0, 3.0]):
        try:
            result = call(answer, tf.constant(bad))
        except LearnerError as err:
            if isinstance(err.error, tf.errors.InvalidArgumentError):
                numerics.append(bool(_CHECK_NUMERICS.search(str(err.error))))
                continue
            raise Wrong(
                "wrong_error",
                f"输入 {bad} 时抛出的是 {type(err.error).__name__}，不是 `InvalidArgumentError`。"
                "`tf.debugging` 的断言是图里的算子，运行时检查失败就抛出 `InvalidArgumentError`。",
            ) from None
        shown = np.round(np.asarray(result, dtype=np.float64), 4).tolist()
        raise Wrong(
            "no_error",
            f"输入 {bad} 时没有报错，而是返回了 {shown}：坏输入被悄悄算成了数（-inf、nan 或截断后的值），会流进后面的计算。",
        )
    try:  # inf is greater than 0: log(inf) = inf is the right answer, not an error
        call(answer, tf.constant([1.0, np.inf]))
    except LearnerError as err:
        if all(numerics) and _CHECK_NUMERICS.search(str(err.error)):
            raise Wrong(
                "rejects_inf",
                "含 0 和负数的输入都报错了，可是 [1, inf] 也报错了，而它的每个数都大于 0。"
                "报错来自 `check_numerics`（“Tensor had Inf/NaN values”）：它检查的是算出来的结果"
                "（例如 `tf.math.log(x)`）里有没有 inf 或 nan，不是 `x` 本身。log(0) = -inf、log(负数) = nan，"
                "所以坏输入被拦下了；可 log(inf) = inf 是对的结果，也被拦下了，报错还只说结果里有 inf，"
                "要倒推是哪个输入出了问题。",
                "直接断言输入，在取对数之前拦下：`tf.debugging.assert_positive(x, message=...)`。",
            ) from None
        described, _ = describe_error(err.error)
        raise Wrong(
            "rejects_inf",
            f"含 0 和负数的输入都报错了，可是 [1, inf] 也报错了（{described}），而它的每个数都大于 0，"
            "log(inf) = inf 是对的结果。题目只要求拦下不大于 0 的数，inf 要照常算："
            "看看是哪一条检查拦下了它（例如 `assert_all_finite` 就会拦下 inf）。",
        ) from None
    return "正常输入算对了（[1, inf] 也照常返回 inf），含 0 或负数的输入在计算图里被断言拦下，抛出 `InvalidArgumentError`。"


EX_09_2 = Exercise(
    id="09.2",
    notebook=NOTEBOOK,
    title="用 `tf.debugging` 断言挡住坏输入",
    difficulty=2,
    section="深入：`tf.debugging` 里的断言",
    task=(
        "写一个 `tf.function` 函数 `safe_log(x)`，返回 `tf.math.log(x)`；但只要 `x` 里有不大于 0 的数，"
        "就在计算图里报错，而不是悄悄返回 -inf 或 nan。检查会用正常的输入（[1, e]，还有 [1, inf]：inf 大于 0，"
        "log(inf) = inf 是对的结果）和含 0、负数的输入调用它。"
    ),
    hints=(
        "`tf.debugging` 里有一组断言函数，它们是计算图里的算子，运行时检查。",
        "`tf.debugging.assert_positive(x, message=\"safe_log 的输入必须大于 0\")`，然后 `return tf.math.log(x)`。",
    ),
    check=_check_assertion,
)


# -- 09.3 -------------------------------------------------------------------------------------


def _probe_model():
    import keras
    import tensorflow as tf

    class Probe(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1, kernel_initializer="zeros")
            self.eager_calls = []
            self.switch_on = []  # was the global switch on during this call?
            self.batch_sizes = []  # the size of each batch (known when eager)

        def call(self, inputs):
            self.eager_calls.append(bool(tf.executing_eagerly()))  # Python: runs at tracing, or every batch
            self.switch_on.append(tf.config.functions_run_eagerly())
            self.batch_sizes.append(inputs.shape[0])  # a number when eager: the size of this batch
            return self.dense(inputs)

    return Probe()


def _computes_mse(loss) -> bool:
    """True if ``loss`` (what ``compile`` was given: a name, a function or a ``Loss``) is the mean squared error."""
    import keras
    import numpy as np

    y_true = np.array([[0.0], [1.0]], dtype=np.float32)
    y_pred = np.array([[0.5], [3.0]], dtype=np.float32)  # MSE 2.125; MAE 1.25, Huber 0.8125, ...
    try:
        fn = keras.losses.get(loss) if isinstance(loss, str) else loss
        return bool(np.isclose(float(keras.ops.mean(fn(y_true, y_pred))), 2.125))
    except Exception:  # not a loss this can call: not the one the task asks for
        return False


def _check_spec(model, used: list[str], x) -> None:
    """Wrong unless the model was trained as the task says: ``fit``, SGD, MSE, batches of 4, 1 epoch."""
    import keras

    if "fit" not in used:
        other = "`train_on_batch`" if "train_on_batch" in used else "别的办法"
        raise Wrong(
            "not_fit",
            f"模型是用 {other} 训练的，没有调用 `fit`：题目要的是用 `fit` 训练。`train_on_batch` 把给它的数据当作一批，"
            "只做一步，不分批、不按轮遍历；`fit` 才会按 `batch_size` 把数据分批、按 `epochs` 遍历。"
            "`run_eagerly` 对两者都起作用，但这里练的是调试 `fit` 的写法。",
            "`model.fit(x, y, batch_size=4, epochs=1, verbose=0)`。",
        )
    found = []  # (key, the whole explanation, a short one for a list of several)
    optimizer = getattr(model, "optimizer", None)
    if not isinstance(optimizer, keras.optimizers.SGD):
        found.append((
            "wrong_optimizer",
            f"`compile` 用的优化器是 `{type(optimizer).__name__}`，题目要的是 `\"sgd\"`（`keras.optimizers.SGD`）。",
            f"优化器是 `{type(optimizer).__name__}`（要 `\"sgd\"`）",
        ))
    loss = getattr(model, "loss", None)
    if not _computes_mse(loss):
        shown = f"`{loss!r}`" if isinstance(loss, str) else f"`{type(loss).__name__}`"
        found.append((
            "wrong_loss",
            f"`compile` 用的损失是 {shown}，题目要的是 `\"mse\"`（均方误差）：检查用同一组预测值试了它，算出的不是均方误差。",
            f"损失是 {shown}（要 `\"mse\"`）",
        ))
    sizes = model.batch_sizes
    per_epoch = -(-len(x) // 4)
    if sizes and set(sizes) != {4}:
        default = "：`batch_size` 不小于 8 时（没给 `batch_size` 时默认是 32），8 个样本只有一批" if sizes[0] == len(x) else ""
        found.append((
            "wrong_batch_size",
            f"`fit` 里每批的样本数是 {sizes}，题目要的批大小是 4{default}。检查的 `x` 有 {len(x)} 个样本，"
            f"批大小 4 时一轮是 {per_epoch} 批，`call` 也就运行 {per_epoch} 次。",
            f"每批 {sizes[0]} 个样本（要 4 个{'；没给 `batch_size` 时默认是 32' if default else ''}）",
        ))
    batches = -(-len(x) // sizes[0]) if sizes and sizes[0] else per_epoch  # batches per epoch, at the batch size used
    if sizes and len(sizes) != batches:
        epochs = f"{len(sizes) / batches:g}"
        found.append((
            "wrong_epochs",
            f"`call` 运行了 {len(sizes)} 次，也就是训练了 {epochs} 轮（{len(x)} 个样本、每批 {sizes[0]} 个，"
            f"一轮是 {batches} 批）：题目要的是训练 1 轮。",
            f"训练了 {epochs} 轮（要 1 轮）",
        ))
    why = "调试时只改一处（让 `call` 即时执行），其余和平时训练保持一样，看到的才是平时训练时的行为。"
    hint = (
        "`model.compile(optimizer=\"sgd\", loss=\"mse\", run_eagerly=True)`，"
        "再 `model.fit(x, y, batch_size=4, epochs=1, verbose=0)`。"
    )
    if len(found) == 1:
        key, text, _ = found[0]
        raise Wrong(key, f"{text}{why}", hint)
    if found:
        listed = "；".join(short for _, _, short in found)
        raise Wrong(found[0][0], f"`call` 确实即时执行了，但训练的设置和题目要求有 {len(found)} 处不同：{listed}。{why}", hint)


def _check_run_eagerly(answer) -> str:
    import numpy as np
    import tensorflow as tf

    model = _probe_model()
    x = np.ones((8, 2), dtype=np.float32)
    y = np.zeros((8, 1), dtype=np.float32)
    model(x[:1])  # build the variables first (a plain call, eager)
    model.eager_calls.clear()
    model.switch_on.clear()
    model.batch_sizes.clear()
    used: list[str] = []  # which of the model's training methods the answer called
    with noting_calls(model, ("fit", "train_on_batch"), used):
        call(answer, model, x, y)
    global_switch = tf.config.functions_run_eagerly()  # the learner's setting is restored after the check, not here
    eager_calls = [c for c in model.eager_calls]
    if global_switch:
        raise Wrong(
            "global_switch",
            "返回后全局开关 `tf.config.functions_run_eagerly()` 还开着，它影响所有 `tf.function`，不只是这个模型。",
        )
    if any(model.switch_on):
        raise Wrong(
            "global_switch",
            "训练时打开的是全局开关 `tf.config.run_functions_eagerly(True)`：那段时间里所有 `tf.function` 都按即时执行运行，"
            "不只是这个模型。题目要的是只影响这一个模型的写法。",
        )
    if not eager_calls:
        raise Wrong("not_trained", "模型一次都没有被调用：要用 `fit` 在 `x`、`y` 上训练一轮。")
    if not all(eager_calls):
        raise Wrong(
            "not_eager",
            f"`call` 被调用了 {len(eager_calls)} 次，其中 {eager_calls.count(False)} 次是在追踪计算图："
            "`fit` 默认把每一步放进 `tf.function`，`call` 里的 Python 代码只在追踪时运行。",
        )
    _check_spec(model, used, x)
    return (
        f"`fit` 里的 {len(eager_calls)} 次 `call` 全部在即时执行下运行：`compile(run_eagerly=True)` 只影响这一个模型，"
        "调试完重新 `compile` 就回到计算图。"
    )


EX_09_3 = Exercise(
    id="09.3",
    notebook=NOTEBOOK,
    title="只让一个 Keras 模型按即时执行训练",
    difficulty=2,
    section="`compile(run_eagerly=True)`：让 Keras 逐批即时执行",
    task=(
        "想在模型的 `call` 里打印中间结果、或用 `pdb` 单步调试，但 `fit` 默认在计算图里运行。"
        "写 `fit_eagerly(model, x, y)`：用 `model.compile` 配置模型（优化器 `\"sgd\"`、损失 `\"mse\"`），用 `fit` 在 `x`、`y` 上"
        "以批大小 4 训练 1 轮，并且让 `call` 每个批次都按即时执行运行。不要动全局开关。"
    ),
    hints=(
        "`compile` 有一个参数，只让这一个模型逐批即时执行。",
        "`model.compile(optimizer=\"sgd\", loss=\"mse\", run_eagerly=True)`，"
        "再 `model.fit(x, y, batch_size=4, epochs=1, verbose=0)`。",
    ),
    check=_check_run_eagerly,
)


# -- 09.4 -------------------------------------------------------------------------------------


def _numerics_cases():
    """``(name, fn, x, expected op type or None)``: each ``fn`` a ``tf.function`` already traced, checks off."""
    import numpy as np
    import tensorflow as tf

    @tf.function
    def spread(v):
        y = tf.sqrt(v) * 2.0  # sqrt(-1) = nan: the Sqrt op comes first
        return tf.reduce_sum(tf.where(tf.math.is_nan(y), 0.0, y))  # nan hidden: the result is finite

    @tf.function
    def log_mean(v):
        return tf.reduce_mean(tf.math.log(v) - 1.0)  # log(0) = -inf: the Log op

    @tf.function
    def clean(v):
        return tf.reduce_sum(tf.math.log(v) * 2.0)  # all inputs > 0: no inf or nan anywhere

    cases = [
        ("spread", spread, tf.constant([4.0, -1.0]), "Sqrt"),
        ("log_mean", log_mean, tf.constant([1.0, 0.0]), "Log"),
        ("clean", clean, tf.constant([1.0, np.e]), None),
    ]
    for _, fn, x, _ in cases:
        fn(x)  # traced before the answer sees it, like a function you have been running for a while
    return cases


def _numerics_left_on() -> bool:
    """True if ``tf.debugging.enable_check_numerics()`` is on: a newly traced log(0) then raises."""
    import tensorflow as tf

    try:
        tf.function(lambda v: tf.math.log(v))(tf.constant([0.0]))
    except tf.errors.InvalidArgumentError:
        return True
    return False


_WRONG_OP_HINT = (
    "`check_numerics_op(err)` 返回 (算子类型, 输出编号)，取 `[0]`；算子类型要从每次的报告里取，"
    "不能写死，也不是异常的类型名。"
)


def _check_first_bad_op(answer) -> str:
    import tensorflow as tf

    for name, fn, x, expected in _numerics_cases():
        try:
            found = call(answer, fn, x)
        except LearnerError as err:
            if isinstance(err.error, tf.errors.InvalidArgumentError) and "Infinity or NaN" in str(err.error):
                tf.debugging.disable_check_numerics()
                raise Wrong(
                    "uncaught",
                    f"检查在 `{name}` 上报告了 inf 或 nan，可是这个 `InvalidArgumentError` 从你的函数里抛了出来，"
                    "没有被接住：题目要的是从报告里取出算子类型并返回。",
                    "`except tf.errors.InvalidArgumentError as err: return helpers.debugging.check_numerics_op(err)[0]`。",
                ) from None
            raise
        left_on = _numerics_left_on()
        tf.debugging.disable_check_numerics()  # each case starts with the checks off (restored after the check)
        shown = f"`{found!r}`"
        if expected is None:
            if found is not None:
                raise Wrong(
                    "clean_input",
                    f"`{name}` 在输入 [1, e] 上没有产生 inf 或 nan，应该返回 `None`，你的函数返回了 {shown}。",
                )
        elif found is None:
            raise Wrong(
                "not_checked",
                f"`{name}` 在这个输入上有算子产生 {'nan' if expected == 'Sqrt' else '-inf'}，你的函数却返回了 `None`："
                "没有任何检查报错。要么没有打开 `tf.debugging.enable_check_numerics()`，要么运行的是打开之前就追踪好的"
                "旧图 `fn`：旧图里没有检查算子，最多只在整个函数的输出上发现问题，而 `spread` 把 nan 换成 0 才返回。",
                "打开检查之后让它重新追踪：`tf.function(fn.python_function)(x)`，新图里每个浮点算子后面都有检查。",
            )
        elif found != expected:
            old_graph = isinstance(found, str) and found.startswith("__inference_")
            raise Wrong(
                "wrong_op",
                f"`{name}` 里第一个产生 inf 或 nan 的算子是 `{expected}`，你的函数返回了 {shown}。"
                + (
                    "这是整张计算图的名字，不是算子类型：打开检查之前追踪好的旧图里没有检查算子，只能在函数的输出上发现问题。"
                    if old_graph
                    else "报告里的算子类型可以用 `helpers.debugging.check_numerics_op(err)[0]` 取出。"
                ),
                # the old graph's name: the first hint (retrace after switching on) is the right one
                None if old_graph else _WRONG_OP_HINT,
            )
        if left_on:
            raise Wrong(
                "left_on",
                f"在 `{name}` 上返回了对的结果，可是返回后检查还开着：之后追踪的每个浮点算子后面都多一次检查，"
                "运行变慢，一个无害的 inf 也会抛出异常。",
                "把 `tf.debugging.disable_check_numerics()` 放进 `finally:`：`except` 里的 `return` 也会先运行 `finally`。",
            )
    return (
        "三个函数都答对了：打开检查之后重新追踪，新图在每个浮点算子后面检查，报告指向第一个产生 inf 或 nan 的算子"
        "（`Sqrt`、`Log`），没有 inf 或 nan 时返回 `None`，返回之前也关掉了检查。"
    )


EX_09_4 = Exercise(
    id="09.4",
    notebook=NOTEBOOK,
    title="用 `enable_check_numerics` 找出第一个产生 NaN 的算子",
    difficulty=3,
    section="深入：`enable_check_numerics`：找出第一个产生 NaN 的算子",
    task=(
        "`fn` 是一个已经追踪过的 `tf.function`，在输入 `x` 上的中间结果里可能有无穷大（Inf）或 NaN"
        "（返回值不一定是 NaN）。写 `first_bad_op(fn, x)`：用 "
        "`tf.debugging.enable_check_numerics()` 找出第一个产生 Inf 或 NaN 的算子，返回它的类型"
        "（如 `\"Log\"`，可以用 `helpers.debugging.check_numerics_op`）；没有算子产生 Inf 或 NaN 时返回 `None`。"
        "返回之前关掉检查，出错时也要关。检查会用 3 个函数调用它：两个函数里第一个产生 Inf 或 NaN 的算子不同，"
        "第三个没有 Inf 或 NaN。"
    ),
    hints=(
        "检查只对打开之后才追踪的图有效：`fn` 已经追踪过了，要用 `fn.python_function` 新建一个 `tf.function`。",
        "`tf.debugging.enable_check_numerics()`，然后 `try: tf.function(fn.python_function)(x)`，"
        "`except tf.errors.InvalidArgumentError as err: return helpers.debugging.check_numerics_op(err)[0]`，"
        "`finally: tf.debugging.disable_check_numerics()`；最后 `return None`。",
    ),
    check=_check_first_bad_op,
)

EXERCISES = [EX_09_1, EX_09_2, EX_09_3, EX_09_4]
