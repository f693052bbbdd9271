"""Exercises of 02_optimizer_defaults: read default learning rates, and what to do when they changed (or vanished)."""

from __future__ import annotations

import functools
import math

from helpers.exercises.core import Exercise, LearnerError, Wrong, as_number, call

NOTEBOOK = "02_optimizer_defaults"

#: The learning rates of TF 1.13 tf.keras: the four the guide gives as changed, and SGD, Adam and RMSprop,
#: which it says did not change, from the TF 1.13 source (the task gives them to the learner too).
TF1_DEFAULTS = {"SGD": 0.01, "Adam": 0.001, "RMSprop": 0.001, "Adagrad": 0.01, "Adadelta": 1.0, "Adamax": 0.002, "Nadam": 0.002}


def _installed_default(name: str) -> float:
    import keras

    return float(getattr(keras.optimizers, name)().learning_rate)


# -- 02.1 -------------------------------------------------------------------------------------


def _require_python_float(got, name: str) -> None:
    """Wrong "not_float" unless ``got`` is a number (the task asks for a Python float; a NumPy float is accepted)."""
    import keras
    import numpy as np
    import tensorflow as tf

    if isinstance(got, (float, int, np.floating)) and not isinstance(got, bool):  # a NumPy float is a number too
        return
    shown = type(got).__name__
    if got is None:
        raise Wrong(
            "not_float",
            f"`{name}` 的结果是 None：函数没有用 `return` 交出学习率。只 `print` 出来不算，"
            "检查拿到的是函数的返回值，没有 `return` 时就是 None。",
            "`return float(getattr(keras.optimizers, name)().learning_rate)`。",
        )
    if isinstance(got, keras.optimizers.Optimizer):
        raise Wrong(
            "not_float",
            f"`{name}` 的结果是优化器实例本身（{shown}），不是它的学习率：还要读出实例的 `learning_rate`，"
            "再用 `float(...)` 把那个变量转成 Python 的数。",
            "`float(getattr(keras.optimizers, name)().learning_rate)`。",
        )
    if isinstance(got, (keras.Variable, tf.Variable)):
        raise Wrong(
            "not_float",
            f"`{name}` 的结果是优化器的 `learning_rate` 变量（{shown}），不是题目要的 Python 浮点数。"
            "变量是优化器的一部分状态：它跟着优化器走，训练中（例如学习率调度）还会被改写，打印出来是 `<Variable ...>`，"
            "拿它和数比较、写进配置文件都不方便。用 `float(...)` 读出它此刻的值。",
            "`float(getattr(keras.optimizers, name)().learning_rate)`。",
        )
    if isinstance(got, (tf.Tensor, np.generic)):
        raise Wrong(
            "not_float",
            f"`{name}` 的结果是 {shown}，不是题目要的 Python 浮点数：用 `float(...)` 把它转成 Python 的数。",
            "`float(getattr(keras.optimizers, name)().learning_rate)`。",
        )
    raise Wrong("not_float", f"`{name}` 的结果应该是一个 Python 浮点数，现在是 {shown}。")


#: The temporary optimizer class the check adds to ``keras.optimizers``, with a default no table has.
PROBE_NAME, PROBE_RATE = "ProbeOptimizer", 0.0375


def _check_not_hard_coded(answer) -> None:
    """Wrong unless ``answer`` reads a default it cannot know: a class added just for this call.

    "hard_coded" when it gives another number or looks the name up in a table of its own;
    "probe_failed" (with the error) when it fails on a name it was not written for.
    """
    import keras
    import numpy as np

    class ProbeOptimizer(keras.optimizers.SGD):
        def __init__(self, learning_rate=PROBE_RATE, **kwargs):
            super().__init__(learning_rate=learning_rate, **kwargs)

    setattr(keras.optimizers, PROBE_NAME, ProbeOptimizer)  # for getattr(keras.optimizers, name)
    failure = None
    try:
        try:
            with keras.saving.custom_object_scope({PROBE_NAME: ProbeOptimizer}):  # for keras.optimizers.get(name)
                got = as_number(call(answer, PROBE_NAME), f"`{PROBE_NAME}` 的结果")
        except LearnerError as err:
            got, failure = None, err.error
        except Wrong:
            got = None
    finally:
        delattr(keras.optimizers, PROBE_NAME)
    looked_up = isinstance(failure, KeyError) and PROBE_NAME in str(failure)  # the name was not in its own table
    if looked_up:
        failure = None
    if failure is not None:
        raise Wrong(
            "probe_failed",
            f"题目里的 6 个名字都对了，可检查临时往 `keras.optimizers` 里加了一个 `{PROBE_NAME}`，你的函数对它报错："
            f"{type(failure).__name__}: {str(failure)[:160]}。函数要接受任何一个优化器类的名字，照原样使用"
            "（不要改大小写、不要查自己的表）。",
            "`float(getattr(keras.optimizers, name)().learning_rate)`：名字原样传给 `getattr`。",
        )
    if got is None or not abs(got - PROBE_RATE) <= 1e-7:  # "not <=": a NaN is not close either
        stored = float(np.float32(PROBE_RATE))  # the variable is float32: 0.0375 is 0.03750000149...
        rounded = {round(r, k) for r in (PROBE_RATE, stored) for k in range(7)} - {0.0}  # 0.0: too many causes
        if got in rounded:  # e.g. round(..., 3): 0.0375 becomes 0.038, the 6 names stay right
            raise Wrong(
                "wrong_value",
                f"题目里的 6 个名字都对了，可检查临时往 `keras.optimizers` 里加了一个 `{PROBE_NAME}`"
                f"（不传参数时学习率是 {PROBE_RATE:g}），你的函数给出了 {got:g}：结果被四舍五入过。"
                "读出的值原样返回，不要 `round(...)`：取整的位数不够，默认学习率就被改了。",
                "`float(getattr(keras.optimizers, name)().learning_rate)`，不再取整。",
            )
        if got is not None:
            shown = f"你的函数对它给出了 {got:g}"
        else:
            shown = "你的函数在自己的表里找不到它" if looked_up else "你的函数对它给出的不是一个数"
        raise Wrong(
            "hard_coded",
            f"题目里的 6 个名字都对了，可检查临时往 `keras.optimizers` 里加了一个 `{PROBE_NAME}`"
            f"（不传参数时学习率是 {PROBE_RATE:g}），{shown}：数字是写在代码里的，"
            "换一个版本的 Keras、或者一个新的优化器，它就不对了。",
            "`float(getattr(keras.optimizers, name)().learning_rate)`：每次都从已安装的 Keras 里读。",
        )


def _check_read_default(answer) -> str:
    names = ["SGD", "Adam", "Adagrad", "Adadelta", "Nadam", "Lion"]
    got_all = {}
    for name in names:
        try:
            got = call(answer, name)
        except LearnerError as err:
            text = str(err.error)
            if isinstance(err.error, (AttributeError, KeyError, ValueError)) and f"'{name.lower()}'" in text:
                raise Wrong(
                    "letter_case",
                    f"按名字 `\"{name}\"` 取优化器时出错（{type(err.error).__name__}），错误里出现的是小写的 "
                    f"`'{name.lower()}'`：`keras.optimizers` 里的类名区分大小写，是 `{name}`，不是 `{name.lower()}`。",
                    "直接用传进来的名字：`getattr(keras.optimizers, name)()`，不要先转换大小写。",
                ) from None
            raise
        if isinstance(got, property):
            raise Wrong(
                "class_not_instance",
                f"`{name}` 的结果是 property：`learning_rate` 是在类上读的。学习率属于优化器实例，要先不传参数创建一个。",
                "类名后面加 `()` 创建实例：`getattr(keras.optimizers, name)()`，再读它的 `learning_rate`。",
            )
        _require_python_float(got, name)
        got = as_number(got, f"`{name}` 的结果")
        if not math.isfinite(got):  # NaN compares as "not different" with abs(...) > tol
            raise Wrong(
                "not_finite",
                f"`{name}` 给出了 {got}，这不是一个学习率：学习率是一个有限的正数。",
                "`float(getattr(keras.optimizers, name)().learning_rate)`。",
            )
        want = _installed_default(name)
        if not abs(got - want) <= 1e-9:
            if name in TF1_DEFAULTS and abs(got - TF1_DEFAULTS[name]) < 1e-9 and want != TF1_DEFAULTS[name]:
                raise Wrong(
                    "tf1_values",
                    f"`{name}` 给出了 {got:g}，这是 TF ≤1.13 `tf.keras` 的默认值；已安装的 Keras 里是 {want:g}。"
                    "默认值会随版本变化，要从正在用的 Keras 里读，而不是记住一张表。",
                )
            if any(got == round(want, k) for k in range(7)):
                raise Wrong(
                    "wrong_value",
                    f"`{name}` 给出了 {got:g}，已安装的 Keras 里的默认学习率是 {want:g}：结果被四舍五入过。"
                    "读出的值原样返回，不要 `round(...)`：很小的学习率（如 0.001）会被舍成 0 或别的数。",
                    "`float(getattr(keras.optimizers, name)().learning_rate)`，不再取整。",
                )
            raise Wrong("wrong_value", f"`{name}` 给出了 {got:g}，已安装的 Keras 里的默认学习率是 {want:g}。")
        got_all[name] = got
    _check_not_hard_coded(answer)
    listed = "，".join(f"{n} {v:g}" for n, v in got_all.items())
    return f"读出的默认学习率与已安装的 Keras 一致：{listed}。"


EX_02_1 = Exercise(
    id="02.1",
    notebook=NOTEBOOK,
    title="从已安装的 Keras 读出默认学习率",
    difficulty=1,
    section="从已安装的 Keras 读出默认学习率",
    task=(
        "写 `default_learning_rate(name)`：给一个优化器类的名字（如 `\"Adagrad\"`），返回已安装的 Keras 里"
        "这个优化器不传参数时的学习率（一个 Python 浮点数）。不要把数字写死：检查会拿它和当前版本比对，"
        "其中也有指南写成时还没有的优化器，还有一个检查时临时加进 `keras.optimizers` 的优化器。"
    ),
    hints=(
        "`getattr(keras.optimizers, name)` 按名字取出优化器类。",
        "`float(getattr(keras.optimizers, name)().learning_rate)`：实例的 `learning_rate` 是一个变量，`float()` 读出它的值。",
    ),
    check=_check_read_default,
)


# -- 02.2 -------------------------------------------------------------------------------------


def _call_make_optimizer(answer, hint: str):
    """``call(answer)``; Keras 3's "learning_rate should be float" becomes Wrong "rate_not_float"."""
    try:
        return call(answer)
    except LearnerError as err:
        if isinstance(err.error, ValueError) and "`learning_rate` should be float" in str(err.error):
            received = str(err.error).rsplit("Received instead: ", 1)[-1]
            raise Wrong(
                "rate_not_float",
                f"创建优化器时 Keras 报错 ValueError（收到的是 `{received}`）：Keras 3 的学习率只收 Python 的 `float`、"
                "学习率调度（learning rate schedule：按已走的步数给出学习率的对象）或可调用对象，"
                "整数 `1` 和 NumPy 的 `np.float32` 都会被拒绝。旧代码里的 `lr=1` 改名时要写成 `1.0`。",
                hint,
            ) from None
        raise

STEPS = 8
#: The loss must fall below this share of its start (the Keras 3 default gets to about 0.99999).
TARGET = 0.997


def _check_slow(answer) -> str:
    import keras
    import numpy as np
    import tensorflow as tf

    optimizer = _call_make_optimizer(answer, "`keras.optimizers.Adadelta(learning_rate=1.0)`：学习率写成 `1.0`。")
    if isinstance(optimizer, tf.compat.v1.train.Optimizer):
        raise Wrong(
            "tf1_optimizer",
            f"返回的 `{type(optimizer).__name__}` 确实是一个优化器实例，但它是 TF1 的 `tf.compat.v1.train` 优化器，"
            "不是 Keras 的：Keras 3 的 `compile`、`fit` 和检查用的 `apply_gradients` 流程只认 `keras.optimizers` 里的优化器，"
            "用不了它。学习率 1.0 是对的，要换成 Keras 3 里的同一个算法。",
            "`keras.optimizers.Adadelta(learning_rate=1.0)`。",
        )
    if isinstance(optimizer, type) and issubclass(optimizer, keras.optimizers.Optimizer):
        raise Wrong(
            "not_optimizer",
            f"`make_optimizer()` 返回的是优化器类 `{optimizer.__name__}` 本身，不是实例：类名后面加括号才创建一个优化器。",
            "`keras.optimizers.Adadelta(learning_rate=...)`。",
        )
    if not isinstance(optimizer, keras.optimizers.Optimizer):
        raise Wrong("not_optimizer", f"`make_optimizer()` 应该返回一个优化器实例，现在是 {type(optimizer).__name__}。")
    if not isinstance(optimizer, keras.optimizers.Adadelta):
        raise Wrong(
            "wrong_class",
            f"返回的是 `{type(optimizer).__name__}`。题目要求继续用 `Adadelta`：换优化器会掩盖真正的原因。",
        )
    second = call(answer)
    if second is optimizer:
        raise Wrong(
            "shared_optimizer",
            "`make_optimizer()` 调用两次，返回的是同一个优化器对象：它是在函数外面创建一次、之后每次都交出去的。"
            "优化器有自己的状态：第一次 `apply_gradients` 时它为那组变量建立累积量（Adadelta 的梯度平方均值等）和步数，"
            "之后只能更新那组变量。拿它去训练一个新模型，Keras 3 会报错（`Unknown variable`，"
            "“只能用于最初建立时的那些变量”）：再运行一次检查单元格、或者用它训练第二个模型，就会出错。",
            "在 `make_optimizer()` 里面创建并返回：`return keras.optimizers.Adadelta(learning_rate=1.0)`，"
            "每次调用都是一个新优化器。",
        )
    start, end = _fit_line(optimizer)
    lr = float(optimizer.learning_rate)
    if not np.isfinite(end) or end > start:
        raise Wrong("diverged", f"学习率 {lr:g} 时损失从 {start:.3f} 变成了 {end:.3f}，训练发散了。")
    held = 1.0 - sum(_steps_taken(second, start=1.0, grad=0.0, steps=3))
    if abs(held - 1.0) > 1e-6:  # before "too_slow": weight decay also holds the loss up
        raise Wrong(
            "weight_decay",
            f"梯度一直是 0，权重却在 3 步里从 1.0 变成了 {held:.5f}：这是 `weight_decay=` 的权重衰减，"
            "每一步从权重里减去学习率 × `weight_decay` × 权重本身，把权重往 0 拉。TF 1.13 时代的 `Adadelta()` 没有这一步："
            f"{STEPS} 步后损失从 {start:.5f} 降到 {end:.5f}，权重衰减一直把权重拉回 0，损失就降不下去。",
            "去掉 `weight_decay=`：`keras.optimizers.Adadelta(learning_rate=1.0)`。",
        )
    original = _original_end()
    _check_nothing_extra(
        optimizer,
        f"{STEPS} 步后损失从 {start:.5f} 降到 {end:.5f}（TF 1.13 时代的 `Adadelta()` 降到 {original:.5f}）。",
        "只写 `keras.optimizers.Adadelta(learning_rate=1.0)`。",
        same=bool(np.isclose(start - end, start - original, rtol=1e-3)),
    )
    if end > TARGET * start:
        raise Wrong(
            "too_slow",
            f"学习率 {lr:g} 时，{STEPS} 步后损失只从 {start:.5f} 降到 {end:.5f}，几乎不动。"
            "这段代码写于 TF 1.13 时代：那时 `tf.keras` 里 `Adadelta` 的默认学习率和现在不一样。",
        )
    drop, original_drop = start - end, start - original  # the same start: zero weights, the same line
    if not np.isclose(drop, original_drop, rtol=1e-3):  # the drop: the loss itself moves only ~1 %
        faster = "快一些" if drop > original_drop else "慢一些"
        changed = [
            f"`{n}={getattr(optimizer, n):g}`"
            for n, v in (("rho", 0.95), ("epsilon", 1e-7))
            if not np.isclose(getattr(optimizer, n, v), v, rtol=1e-6)
        ]
        also = f"，而且改了 {'、'.join(changed)}（原来的默认值是 rho=0.95、epsilon=1e-7）" if changed else ""
        if changed:
            why = "而原来的设置和现在只差学习率，别的超参数不用动。"
        elif drop > original_drop:
            why = "而不是随便一个能让损失下降的学习率：一味调大学习率，训练也可能变得不稳定。"
        else:
            why = "而不是随便一个能让损失下降的学习率：比原来小的学习率只是训练得慢。"
        raise Wrong(
            "not_original",
            f"学习率 {lr:g}{also}：{STEPS} 步里损失从 {start:.5f} 降低了 {drop:.5f}，能训练，但比原来的设置降得{faster}"
            f"（TF 1.13 时代的 `Adadelta()` 降低 {original_drop:.5f}）。题目要找回的是这段代码原来的设置，{why}",
            "TF ≤1.13 `tf.keras` 里 `Adadelta` 的默认学习率是 1.0，其余超参数和 Keras 3 的默认值相同。",
        )
    return (
        f"学习率 {lr:g} 时，{STEPS} 步后损失从 {start:.4f} 降到 {end:.4f}，和 TF 1.13 时代的 `Adadelta()` 一样："
        "显式写出学习率，换版本也不会悄悄变。"
    )


@functools.cache
def _original_end() -> float:
    """The loss after STEPS steps of TF 1.13's ``Adadelta()``: Keras 3's with learning_rate=1.0 (computed once)."""
    import keras

    return _fit_line(keras.optimizers.Adadelta(learning_rate=1.0))[1]


def _fit_line(optimizer) -> tuple[float, float]:
    """Fit y = 3x + 1 from zero weights for STEPS steps with ``optimizer``; return the loss before and after."""
    import numpy as np
    import tensorflow as tf

    x = np.linspace(-1.0, 1.0, 32, dtype=np.float32)[:, None]
    y = 3.0 * x + 1.0
    w, b = tf.Variable([[0.0]]), tf.Variable([0.0])

    def loss():
        return tf.reduce_mean(tf.square(x @ w + b - y))

    start = float(loss())
    for _ in range(STEPS):
        with tf.GradientTape() as tape:
            value = loss()
        optimizer.apply_gradients(zip(tape.gradient(value, [w, b]), [w, b]))
    return start, float(loss())


EX_02_2 = Exercise(
    id="02.2",
    notebook=NOTEBOOK,
    title="迁移后训练不动了：找回原来的学习率",
    difficulty=1,
    section="默认值变了，损失曲线也跟着变",
    task=(
        "一段写于 TF 1.13 时代的代码用 `Adadelta` 的默认设置拟合一条直线，当时损失从第一步起就稳步下降；"
        "搬到 Keras 3 以后，损失几乎不动。\n\n"
        "写 `make_optimizer()`，仍然返回一个 `Adadelta`，让它像 TF 1.13 时代那样训练：检查用它走 8 个训练步，"
        "拿损失和原来的设置比（用现在的默认设置，损失只降低约 0.001%）。只要损失降下来还不够，"
        "随便调大的学习率不算找回。"
    ),
    hints=(
        "先看看 `keras.optimizers.Adadelta().learning_rate` 现在是多少，再和 TF ≤1.13 `tf.keras` 的默认值比一比。",
        "TF ≤1.13 的 `tf.keras` 里，`Adadelta` 的默认学习率是 1.0：`keras.optimizers.Adadelta(learning_rate=1.0)`。",
    ),
    check=_check_slow,
)



# -- 02.3 -------------------------------------------------------------------------------------

#: The old code: ``SGD(lr=0.1, decay=0.01)``; step t (from 0) used OLD_RATE / (1 + OLD_DECAY * t).
OLD_RATE, OLD_DECAY, DECAY_STEPS = 0.1, 0.01, 3
#: Hint shared by the verdicts that need a schedule.
SCHEDULE_HINT = (
    "`keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=1, decay_rate=0.01)`，"
    "把它当作 `learning_rate` 传给 `keras.optimizers.SGD`。"
)


def _steps_taken(optimizer, start: float, grad: float, steps: int) -> list[float]:
    """Return how far ``optimizer`` moves a variable from ``start`` in each of ``steps`` steps under gradient ``grad``."""
    import keras
    import tensorflow as tf

    var = keras.Variable(start)
    positions = [start]
    for _ in range(steps):
        optimizer.apply_gradients([(tf.constant(grad), var)])
        positions.append(float(var.numpy()))
    return [before - after for before, after in zip(positions, positions[1:])]


def _shown(values) -> str:
    return "、".join(f"{v:.5f}" for v in values)


def _check_decay(answer) -> str:
    import warnings

    import keras
    import numpy as np

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        optimizer = _call_make_optimizer(answer, SCHEDULE_HINT)
    warned = any("decay" in str(w.message) for w in caught)
    if isinstance(optimizer, type) and issubclass(optimizer, keras.optimizers.Optimizer):
        raise Wrong(
            "not_optimizer",
            f"`make_optimizer()` 返回的是优化器类 `{optimizer.__name__}` 本身，不是实例：类名后面加括号才创建一个优化器。",
            SCHEDULE_HINT,
        )
    if not isinstance(optimizer, keras.optimizers.Optimizer):
        raise Wrong(
            "not_optimizer",
            f"`make_optimizer()` 应该返回一个 Keras 3 的优化器实例，现在是 {type(optimizer).__name__}。",
            SCHEDULE_HINT,
        )
    if not isinstance(optimizer, keras.optimizers.SGD):
        raise Wrong(
            "wrong_class",
            f"返回的是 `{type(optimizer).__name__}`。旧代码用的是 `SGD`：迁移时只换写法，不换算法。",
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the same warning again: the first call already showed it
        second = call(answer)
    if second is optimizer:
        raise Wrong(
            "shared_optimizer",
            "`make_optimizer()` 调用两次，返回的是同一个优化器对象：它是在函数外面创建一次、之后每次都交出去的。"
            "优化器有自己的状态（已走的步数，以及它第一次更新的那组变量），用它去训练一个新模型，Keras 3 会报错"
            "（`Unknown variable`）；学习率调度也会接着上次的步数往下衰减。",
            "在 `make_optimizer()` 里面创建并返回优化器，每次调用都是一个新的。",
        )
    held = 1.0 - sum(_steps_taken(second, start=1.0, grad=0.0, steps=DECAY_STEPS))
    if abs(held - 1.0) > 1e-6:
        raise Wrong(
            "weight_decay",
            f"梯度一直是 0，权重却从 1.0 变成了 {held:.5f}：这是 `weight_decay=` 的权重衰减，"
            "每一步从权重里减去学习率 × `weight_decay` × 权重本身，把权重往 0 拉。"
            "旧代码的 `decay=` 是学习率衰减，和它不是一回事，改个名字就换成了另一个算法。",
            "去掉 `weight_decay=`，用学习率调度：" + SCHEDULE_HINT,
        )
    got = _steps_taken(optimizer, start=0.0, grad=1.0, steps=DECAY_STEPS)
    want = [OLD_RATE / (1 + OLD_DECAY * t) for t in range(DECAY_STEPS)]
    _check_nothing_extra(
        optimizer,
        f"梯度 1.0 下 {DECAY_STEPS} 步的步长是 {_shown(got)}，旧代码是 {_shown(want)}。",
        "学习率调度保持不变：" + SCHEDULE_HINT,
        same=bool(np.allclose(got, want, rtol=1e-5, atol=0)),
    )
    if np.allclose(got, want, rtol=1e-5, atol=0):
        return (
            f"梯度 1.0 下 {DECAY_STEPS} 步的步长是 {_shown(got)}，正是 0.1 / (1 + 0.01 × t)：旧代码的学习率衰减在 Keras 3 里"
            "写成了学习率调度，不会再被悄悄忽略。"
        )
    if np.allclose(got, got[0], rtol=1e-6, atol=0):
        if warned:
            why = (
                "你传了 `decay=`：Keras 3 的优化器收下它，只发一条警告（`Argument decay is no longer supported "
                "and will be ignored`），然后完全不用它。"
            )
        elif _rate_is_scheduled(optimizer):
            why = (
                "你传了一个学习率调度，可它给出的学习率在开头几步里没有变："
                "检查 `staircase=`（为 True 时每走满 `decay_steps` 步才降一次）和 `decay_steps=`（越大衰减越慢）。"
                "旧代码每一步都衰减一次。"
            )
        else:
            why = "学习率没有衰减：旧代码里的 `decay=0.01` 不能直接删掉，它的作用要换一种写法保留下来。"
        raise Wrong(
            "decay_ignored",
            f"梯度 1.0 下 {DECAY_STEPS} 步的步长都是 {got[0]:.5f}，旧代码的步长应当是 {_shown(want)}。{why}",
            SCHEDULE_HINT,
        )
    if not np.isclose(got[0], OLD_RATE, rtol=1e-5):
        raise Wrong(
            "wrong_rate",
            f"第一步的步长是 {got[0]:.5f}，旧代码一开始的学习率是 {OLD_RATE:g}（梯度 1.0 下第一步走 {OLD_RATE:g}）。",
            SCHEDULE_HINT,
        )
    raise Wrong(
        "wrong_schedule",
        f"梯度 1.0 下 {DECAY_STEPS} 步的步长是 {_shown(got)}，旧代码是 {_shown(want)}：第一步对了，衰减的方式或快慢不对。"
        "旧的 `decay=0.01` 是第 t 步（从 0 数起）用 0.1 / (1 + 0.01 × t)，每一步都衰减一次。",
        SCHEDULE_HINT,
    )


def _rate_is_scheduled(optimizer) -> bool:
    """True when the learning rate was given as a schedule or a callable (its config is not a plain number)."""
    try:
        rate = optimizer.get_config().get("learning_rate")
    except Exception:  # noqa: BLE001 -- serializing a callable can fail (a lambda without source): not a number
        return True
    return not isinstance(rate, (int, float))


def _check_nothing_extra(optimizer, steps: str, keep: str, same: bool = False) -> None:
    """Wrong when the optimizer does something the old code did not: momentum, gradient clipping or accumulation, EMA.

    ``steps`` says what the check measured, ``keep`` is the hint for the rest, ``same``: the measured steps were right.
    """
    name = type(optimizer).__name__
    momentum = float(getattr(optimizer, "momentum", 0.0) or 0.0)
    if momentum != 0.0:
        nesterov = "、`nesterov=True`" if getattr(optimizer, "nesterov", False) else ""
        raise Wrong(
            "momentum",
            f"返回的 `{name}` 设了 `momentum={momentum:g}`{nesterov}：旧代码没有动量。{steps}"
            "动量让每一步都带上以往更新的一部分，步长越走越大，而不是逐步衰减。"
            "旧代码的 `decay=` 是学习率衰减，和动量是两回事。",
            "去掉 `momentum=`（默认 0.0）；衰减写成学习率调度：" + SCHEDULE_HINT,
        )
    clipping = [
        f"`{n}={getattr(optimizer, n):g}`"
        for n in ("clipnorm", "clipvalue", "global_clipnorm")
        if getattr(optimizer, n, None) is not None
    ]
    if clipping:
        seen = (
            "这里的梯度没有超过它，所以这几步看不出差别；梯度一大，更新就被截小了。"
            if same
            else "这里的结果和旧代码不同，是因为梯度先被截小了，不是学习率不对。"
        )
        raise Wrong(
            "gradient_clipping",
            f"返回的 `{name}` 设了 {'、'.join(clipping)}：这是梯度裁剪，旧代码没有。{steps}"
            "梯度的范数（或某个分量）超过这个值时，优化器先把梯度截小，再按学习率更新。" + seen,
            f"去掉 {'、'.join(clipping)}，{keep}",
        )
    accumulate = getattr(optimizer, "gradient_accumulation_steps", None)
    if accumulate:
        raise Wrong(
            "gradient_accumulation",
            f"返回的 `{name}` 设了 `gradient_accumulation_steps={accumulate}`：优化器先把 {accumulate} 步的梯度"
            f"累加起来，每 {accumulate} 步才用它们的平均值更新一次，其余各步变量不动。旧代码每一步都更新。{steps}",
            f"去掉 `gradient_accumulation_steps=`，{keep}",
        )
    if getattr(optimizer, "use_ema", False):
        raise Wrong(
            "use_ema",
            f"返回的 `{name}` 设了 `use_ema=True`：优化器另外维护一份权重的指数加权平均，`fit` 结束时用它换掉模型的权重。"
            "旧代码没有这一步：每一步的更新虽然相同，训练出来的模型却不同。",
            f"去掉 `use_ema=True`，{keep}",
        )


EX_02_3 = Exercise(
    id="02.3",
    notebook=NOTEBOOK,
    title="把 `SGD(lr=0.1, decay=0.01)` 搬到 Keras 3",
    difficulty=2,
    section="在自己的代码里写明 `learning_rate=`",
    task=(
        "一段 TF 1.13 时代的代码这样创建优化器：`keras.optimizers.SGD(lr=0.1, decay=0.01)`。"
        "它的学习率从 0.1 开始逐步衰减：第 t 步（从 0 数起）用 0.1 / (1 + 0.01 × t)。\n\n"
        "写 `make_optimizer()`，返回 Keras 3 里行为相同的 `SGD`。检查让它在梯度 1.0 下走 3 步，"
        "逐步比对步长（应当是 0.1、0.09901、0.09804），还会看它有没有做旧代码没做的事。"
    ),
    hints=(
        "Keras 3 的优化器不再接受 `lr=`，对 `decay=` 只警告、不使用：衰减要写成学习率调度。",
        SCHEDULE_HINT,
    ),
    check=_check_decay,
)

EXERCISES = [EX_02_1, EX_02_2, EX_02_3]
