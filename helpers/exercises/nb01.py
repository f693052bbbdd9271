"""Exercises of 01_modules_and_variables: tf.function, tf.Module, freezing, state in variables."""

from __future__ import annotations

from helpers.exercises import private_api
from helpers.exercises.core import (
    Exercise,
    LearnerError,
    Wrong,
    as_number,
    call,
    fresh_function,
    require_callable,
)

NOTEBOOK = "01_modules_and_variables"


# -- 01.1 -------------------------------------------------------------------------------------


def _traces(fn, calls) -> int:
    """How many times a fresh copy of the ``tf.function`` ``fn`` traces for ``calls`` of ``(length of x, factor)``."""
    import tensorflow as tf

    fresh = fresh_function(fn)
    before = fresh.experimental_get_tracing_count()
    for n, factor in calls:
        call(fresh, tf.ones([n], tf.float32), factor)
    return fresh.experimental_get_tracing_count() - before


def _retraced(fn, count: int) -> Wrong:
    """Wrong "retraced", naming what retraces: the length of ``x``, the Python number ``factor``, or both."""
    by_length = _traces(fn, [(3, 2.0), (5, 2.0), (7, 2.0)])
    by_factor = _traces(fn, [(3, 0.5), (3, 2.0), (3, -1.0)])
    text = (
        f"检查用 3 种长度的 `x`、4 个不同的 Python 数字 `factor` 调用了 5 次，它一共追踪了 {count} 次。"
        f"分开再试：`factor` 不变、只换 `x` 的长度（3、5、7），追踪了 {by_length} 次；"
        f"`x` 的长度不变、只换 `factor`（0.5、2.0、-1.0），追踪了 {by_factor} 次。"
    )
    hint = None
    if private_api.reduces_retracing(fn) and by_factor > 1:
        text += (
            "`reduce_retracing=True` 放宽的只是张量的形状：长度不同的 `x` 很快就共用一张形状为 `[None]` 的图。"
            "Python 数字它从不放宽：`factor` 按值区分，每个新的值都是一次新的追踪。"
        )
        hint = (
            "让 `factor` 也变成张量：去掉 `reduce_retracing=True`（旧名 `experimental_relax_shapes=True`，是同一个选项），"
            "改写 `input_signature=[tf.TensorSpec([None], tf.float32), "
            "tf.TensorSpec([], tf.float32)]`，有了签名，传进来的 Python 数字会先转换成张量。"
        )
    elif by_factor > 1 and by_length == 3:
        text += "每个新的 Python 数字 `factor`、每个新长度的 `x` 都会让 `tf.function` 重新追踪。"
    elif by_factor > 1 and by_length > 1:  # e.g. shapes relaxed after a few traces (reduce_retracing, if not told above)
        text += "每个新的 Python 数字 `factor` 都会让 `tf.function` 重新追踪，长度不同的 `x` 也引起了重新追踪。"
    elif by_factor > 1:
        text += (
            "长度不同的 `x` 已经共用一张图了，重新追踪来自 Python 数字 `factor`：Python 数字按值区分，"
            "每个新的值都是一次新的追踪。"
        )
    elif by_length > 1:
        text += "`factor` 已经不会引起重新追踪了，重新追踪来自长度不同的 `x`：签名里把它的形状写成 `[None]`（长度未知）。"
    else:
        text += "单独换长度或单独换 `factor` 都不重新追踪，合在一起却重新追踪了：看看签名里的形状和数据类型。"
    return Wrong("retraced", text, hint)


def _signature_dtype(fn, err: LearnerError) -> Wrong | None:
    """Wrong "signature_dtype" if ``fn``'s own ``input_signature`` declares a dtype other than float32 (the cause of ``err``)."""
    import tensorflow as tf

    signature = getattr(fn, "input_signature", None)
    if not signature:
        return None
    specs = tf.nest.flatten(signature)
    off = [
        f"`{('x', 'factor')[i] if i < 2 else spec.name or i}` 声明成了 `{spec.dtype.name}`"
        for i, spec in enumerate(specs)
        if isinstance(spec, tf.TensorSpec) and spec.dtype != tf.float32
    ]
    if not off:
        return None
    return Wrong(
        "signature_dtype",
        f"调用时出错了（{type(err.error).__name__}）：你的签名里 {'，'.join(off)}，而检查传的 `x` 是 `float32` 张量、"
        "`factor` 是 Python 浮点数。有了签名，每个参数先按签名转换成那种类型；`x * factor` 要求两边类型相同，"
        "TensorFlow 不会自动转换，于是出错。",
        "两个 `tf.TensorSpec` 的数据类型都写 `tf.float32`："
        "`tf.TensorSpec([None], tf.float32)` 和 `tf.TensorSpec([], tf.float32)`。",
    )


def _signature_shape(fn, err: LearnerError) -> Wrong | None:
    """Wrong "signature_shape" if ``fn``'s own ``input_signature`` gives ``x`` a shape a vector of any length does not fit."""
    import tensorflow as tf

    signature = getattr(fn, "input_signature", None)
    if not signature or "TensorSpec" not in str(err.error):
        return None
    spec = tf.nest.flatten(signature)[0]
    if not isinstance(spec, tf.TensorSpec) or tf.TensorShape([None]).is_subtype_of(spec.shape):
        return None
    shape = spec.shape.as_list() if spec.shape.rank is not None else None
    if shape is not None and len(shape) == 1:
        said = f"你的签名把 `x` 的长度固定成了 {shape[0]}（`tf.TensorSpec({shape}, ...)`）"
    else:
        said = f"你的签名把 `x` 的形状声明成了 `{shape}`"
    return Wrong(
        "signature_shape",
        f"调用时出错了（{type(err.error).__name__}）：{said}，而检查传的 `x` 是长度 3、5、7 的一维张量。"
        "有了签名，形状不合的参数就进不来，`tf.function` 也不会为它再追踪一张图。",
        "长度写成 `None`（未知）：`tf.TensorSpec([None], tf.float32)`。",
    )


def _sum_value(result) -> float:
    """``result`` as a float; Wrong "not_scalar" (with this task's own hint) for a tensor with more than one element."""
    try:
        return float(result)
    except (TypeError, ValueError):
        pass
    shape = getattr(result, "shape", None)
    if getattr(shape, "rank", None) or (isinstance(shape, tuple) and shape):
        raise Wrong(
            "not_scalar",
            f"返回值应该是一个数，现在是形状 {tuple(shape)} 的张量：`x * factor` 还要用 `tf.reduce_sum` 把各个元素加起来。",
            "返回 `tf.reduce_sum(x * factor)`：改的只是追踪方式，计算本身不变。",
        )
    return as_number(result, "返回值")


def _check_retracing(answer) -> str:
    import numpy as np
    import tensorflow as tf

    require_callable(answer)
    if not hasattr(answer, "experimental_get_tracing_count"):
        raise Wrong(
            "not_tf_function",
            "答案本身不是 `tf.function`（即使它里面调用了一个）：检查要数的是答案自己的追踪次数，"
            "普通 Python 函数没有 `experimental_get_tracing_count`。",
            "保留 `@tf.function`，只改它的参数。",
        )
    original = answer
    answer = fresh_function(answer)  # no traces yet: neither the learner's own calls nor an earlier check count
    traced_before = answer.experimental_get_tracing_count()  # the learner's own calls do not count
    rng = np.random.default_rng(1)
    calls = [(3, 0.5), (5, 2.0), (7, -1.0), (3, 2.0), (5, 0.25)]
    for n, factor in calls:
        x = rng.normal(size=n).astype(np.float32)
        try:
            result = call(answer, tf.constant(x), factor)
        except LearnerError as err:
            raise (_signature_dtype(original, err) or _signature_shape(original, err) or err) from None
        got = _sum_value(result)
        want = float(np.sum(x * np.float32(factor)))
        if not np.isclose(got, want, rtol=1e-5, atol=1e-5):
            raise Wrong(
                "wrong_value",
                f"长度 {n}、factor={factor} 时返回 {got:.4f}，应该是 `tf.reduce_sum(x * factor)` = {want:.4f}。",
                "改的只是追踪方式，计算本身不变。",
            )
    count = answer.experimental_get_tracing_count() - traced_before
    if count > 1:
        raise _retraced(original, count)
    return (
        "5 次调用（3 种长度、4 个不同的 `factor`）只追踪了 1 次，结果也都对："
        "有了输入签名，长度不同的 `x` 和转换成张量的 `factor` 共用同一张计算图。"
    )


EX_01_1 = Exercise(
    id="01.1",
    notebook=NOTEBOOK,
    title="让函数不再重新追踪",
    difficulty=2,
    section="追踪：`tf.function` 什么时候运行 Python 代码",
    task=(
        "下面的 `scaled_sum` 每收到一个新的 Python 数字 `factor`、或一个新长度的 `x`，都会重新追踪（retracing）"
        "一次：每次都要重新运行 Python 代码、生成一张新的计算图。\n\n"
        "改写它，让检查用 3 种长度的一维 `float32` 张量 `x`、4 个不同的 Python 浮点数 `factor`（如 `2.0`）调用 5 次时，"
        "**只追踪一次**，结果仍是 `tf.reduce_sum(x * factor)`。"
        "（要用到的做法在[深入：让输入常变的函数少追踪](#深入：让输入常变的函数少追踪)里，先读那一节。）"
    ),
    hints=(
        "`tf.function` 的 `input_signature` 参数可以事先声明每个参数的形状和类型。",
        "`x` 的签名是 `tf.TensorSpec([None], tf.float32)`（长度未知），`factor` 的是 `tf.TensorSpec([], tf.float32)`："
        "有了签名，传进来的 Python 数字会先转换成张量。",
    ),
    check=_check_retracing,
)


# -- 01.2 -------------------------------------------------------------------------------------


def _attribute_values(module) -> list:
    """The attributes of ``module``, with the items of list/tuple/dict attributes in place of the containers."""
    values = []
    for value in vars(module).values():
        if isinstance(value, dict):
            values += value.values()
        elif isinstance(value, (list, tuple)):
            values += value
        else:
            values.append(value)
    return values


def _holds_keras_layers(module) -> bool:
    """True if an attribute of ``module`` (or an item of a list/tuple/dict attribute) is a Keras layer."""
    import keras

    return any(isinstance(v, keras.layers.Layer) for v in _attribute_values(module))


def _keras_variables(module) -> list:
    """The ``keras.Variable`` attributes of ``module`` (or items of its list/tuple/dict attributes)."""
    import keras

    # by id: tf.Module's own bookkeeping attributes list the tracked values a second time
    found = {id(v): v for v in _attribute_values(module) if isinstance(v, keras.Variable)}
    return list(found.values())


def _check_same_variables(module, x) -> None:
    """Wrong "variables_in_call" if calling ``module`` again creates new variables (the old ones are lost)."""
    import tensorflow as tf

    first = [id(v) for v in module.trainable_variables]
    again = [call(module, x) for _ in range(2)]
    if [id(v) for v in module.trainable_variables] != first or float(tf.reduce_max(tf.abs(again[0] - again[1]))) > 1e-6:
        raise Wrong(
            "variables_in_call",
            "同样的输入调用两次，结果（或模块里的变量）不一样：`__call__` 每次都新建了 `tf.Variable`。"
            "新建的变量从新的随机值开始，优化器上一步更新的是已经丢掉的那些变量，训练的结果留不下来。",
            "在 `__init__` 里创建一次 `self.w1 = tf.Variable(...)` 等四个变量，`__call__` 里只用它们计算。",
        )


def _check_values(module) -> None:
    """Give the four variables known values; :class:`Wrong` unless the output is relu(x @ w1 + b1) @ w2 + b2.

    Weights stored transposed (``(hidden, n_in)``, used through ``tf.transpose``) get the transposed
    values. For other shapes only a sign probe runs (then the affine test below decides the rest).
    """
    import numpy as np
    import tensorflow as tf

    by_size = {int(np.prod(v.shape)): v for v in module.trainable_variables}
    plain = {32: [(4, 8)], 8: [(8,), (1, 8)], 16: [(8, 2)], 2: [(2,), (1, 2)]}
    transposed = {32: (8, 4), 16: (2, 8)}
    if sorted(by_size) != sorted(plain) or any(
        tuple(by_size[k].shape) not in plain[k] + [transposed.get(k)] for k in plain
    ):
        _check_output_sign(module)
        return
    rng = np.random.default_rng(21)
    w1, b1 = rng.normal(size=(4, 8)).astype(np.float32), rng.normal(size=8).astype(np.float32)
    w2, b2 = rng.normal(size=(8, 2)).astype(np.float32), np.array([-1.0, 0.5], dtype=np.float32)
    for size, value in ((32, w1), (8, b1), (16, w2), (2, b2)):
        shape = tuple(by_size[size].shape)
        by_size[size].assign(value.T if shape == transposed.get(size) else value.reshape(shape))
    x = rng.normal(size=(16, 4)).astype(np.float32)
    got = np.asarray(call(module, tf.constant(x)))
    hidden = x @ w1 + b1
    want = np.maximum(hidden, 0.0) @ w2 + b2
    if got.shape == want.shape and np.allclose(got, want, atol=1e-4):
        return
    if got.shape == want.shape and np.allclose(got, np.maximum(want, 0.0), atol=1e-4):
        raise Wrong(
            "output_activation",
            f"输出里没有负数（最小值 {got.min():.3f}），而 `h @ w2 + b2` 应该有 {int((want < 0).sum())} 个负数："
            "第二层（输出层）也加了 relu。回归的输出、分类的 logits 都要能取负值，输出层不加激活。",
            "只有第一层算 `tf.nn.relu(x @ w1 + b1)`；第二层直接返回 `h @ w2 + b2`。",
        )
    negative = want < -1e-3
    if got.shape == want.shape and negative.any() and np.allclose(got[~negative], want[~negative], atol=1e-4):
        scale = got[negative] / want[negative]
        if np.ptp(scale) < 1e-3 and 0.0 <= scale.mean() < 0.999:
            raise Wrong(
                "output_activation",
                f"输出里正的值都对，负的值却都缩成了原来的 {scale.mean():.2g} 倍：第二层（输出层）也加了激活"
                "（leaky_relu 一类）。回归的输出、分类的 logits 要原样输出，输出层不加激活。",
                "只有第一层算 `tf.nn.relu(x @ w1 + b1)`；第二层直接返回 `h @ w2 + b2`。",
            )
    if got.shape == want.shape and np.allclose(got, hidden @ w2 + b2, atol=1e-4):
        raise Wrong(
            "no_activation",
            "整个模块是一个线性（仿射）函数：第一层少了激活函数。没有激活，两层叠起来也只相当于一层。",
            "第一层算 `tf.nn.relu(x @ w1 + b1)`，第二层不加激活。",
        )
    for name, other in (("sigmoid", 1.0 / (1.0 + np.exp(-hidden))), ("tanh", np.tanh(hidden))):
        if got.shape == want.shape and np.allclose(got, other @ w2 + b2, atol=1e-4):
            raise Wrong(
                "wrong_activation",
                f"第一层用的激活函数是 {name}，题目要的是 relu：检查给四个变量换上已知的值以后，输出正好是 "
                f"`{name}(x @ w1 + b1) @ w2 + b2`。",
                "第一层算 `tf.nn.relu(x @ w1 + b1)`。",
            )
    raise Wrong(
        "wrong_value",
        "检查给四个变量换上已知的值以后，输出和 `relu(x @ w1 + b1) @ w2 + b2` 对不上："
        "看看每一层用的是哪个权重和偏置，激活函数放在哪里。",
    )


def _check_output_sign(module) -> None:
    """Wrong "output_activation" if, with random values in every variable, no output of 64 inputs is negative."""
    import tensorflow as tf

    for i, v in enumerate(module.trainable_variables):
        v.assign(tf.random.stateless_normal(v.shape, seed=[31, i], dtype=v.dtype))
    got = tf.convert_to_tensor(call(module, tf.random.stateless_normal((64, 4), seed=[32, 0])))
    if float(tf.reduce_min(got)) >= 0.0:
        raise Wrong(
            "output_activation",
            f"检查给每个变量换上随机值，再输入 64 个随机样本：{int(tf.size(got))} 个输出里没有一个是负数"
            f"（最小值 {float(tf.reduce_min(got)):.3f}）。第二层（输出层）也加了 relu 一类的激活；"
            "回归的输出、分类的 logits 都要能取负值，输出层不加激活。",
            "只有第一层算 `tf.nn.relu(x @ w1 + b1)`；第二层直接返回 `h @ w2 + b2`。",
        )


def _gradients(module, x, y) -> list:
    """Each trainable variable of ``module`` with its gradient of a squared error on ``(x, y)``."""
    import tensorflow as tf

    variables = module.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(call(module, x) - y))
    return list(zip(variables, tape.gradient(loss, variables)))


def _check_trains(module) -> None:
    """Wrong "dead_network" if some variables get only zero gradients, even after one gradient step.

    A zero output layer (``w2 = 0``) is fine: its first step gives the first layer gradients. An all-zero
    first layer is not: relu's gradient at 0 is 0, so ``w1``, ``b1`` and ``w2`` never get a gradient.
    """
    import numpy as np
    import tensorflow as tf

    def zero(g) -> bool:
        return g is None or not np.any(tf.convert_to_tensor(g).numpy())

    x = tf.random.stateless_normal((64, 4), seed=[5, 6])
    y = tf.random.stateless_normal((64, 2), seed=[7, 8])
    pairs = _gradients(module, x, y)
    if not any(zero(g) for _, g in pairs):
        return
    for v, g in pairs:  # one plain gradient step, then look again
        if g is not None:
            v.assign_sub(0.1 * tf.cast(tf.convert_to_tensor(g), v.dtype))
    still = [tuple(v.shape) for v, g in _gradients(module, x, y) if zero(g)]
    if still:
        raise Wrong(
            "dead_network",
            f"检查拿 64 个随机输入求梯度：形状为 {still} 的 {len(still)} 个变量梯度全是 0，按梯度更新一步以后还是 0，"
            "它们永远训练不动。最常见的原因是第一层的权重和偏置都从 0 开始：`x @ w1 + b1` 处处是 0，"
            "relu 在 0 处的梯度是 0，`w1`、`b1` 拿不到梯度；隐藏层的输出全是 0，`w2` 也拿不到。",
            "权重用随机值初始化，例如 `tf.Variable(tf.random.normal((n_in, hidden), stddev=0.1))`；偏置可以从 0 开始。",
        )


def _check_module(answer) -> str:
    import tensorflow as tf

    if isinstance(answer, tf.Module):
        raise Wrong(
            "not_module",
            f"答案是一个已经建好的模块（{type(answer).__name__} 的实例），检查要的是类本身：它要自己用 `MLP(4, 8, 2)` 新建模块。",
            "答案单元格最后写 `answer = MLP`，类名后面不加括号。",
        )
    if not (isinstance(answer, type) and issubclass(answer, tf.Module)):
        raise Wrong(
            "not_module",
            f"答案应该是一个 `tf.Module` 的子类（类本身），现在是 {type(answer).__name__} 类型的值。",
            "写 `class MLP(tf.Module):`，最后写 `answer = MLP`（不加括号）。",
        )
    module = call(answer, 4, 8, 2)
    try:
        _ = module.name  # tf.Module.__init__ sets it; a subclass that skips super().__init__() has none
    except AttributeError:
        raise Wrong(
            "no_super_init",
            "`MLP.__init__` 没有调用 `super().__init__(name=name)`：`tf.Module` 自己的初始化没有做，"
            "模块没有名字，`module.name` 和 `with self.name_scope:` 都会出错（AttributeError）。变量倒是照样收集得到。",
            "`__init__` 的第一行保留 `super().__init__(name=name)`，再创建变量。",
        ) from None
    x = tf.ones((3, 4))
    wide = sorted({v.dtype.name for v in module.variables if v.dtype != tf.float32})
    with tf.GradientTape() as tape:
        try:
            y = call(module, x)
        except LearnerError as err:
            if "float64" not in wide:
                raise
            raise Wrong(
                "float64_variables",
                f"调用模块时出错了（{type(err.error).__name__}）：模块里有 `float64` 的变量，而检查的输入 `x` 是 `float32`，"
                "`x @ w1` 要求两边类型相同。初值用 NumPy 生成时就会这样：NumPy 默认是 `float64`，"
                "`tf.Variable` 沿用初值的类型。",
                "把初值转成 `float32`：`np.random.normal(size=...).astype(\"float32\")`，"
                "或者直接用 `tf.random.normal(...)`（默认就是 `float32`）。",
            ) from None
        total = tf.reduce_sum(y) if isinstance(y, tf.Tensor) else None
    if total is None or tuple(y.shape) != (3, 2):
        shape = tuple(y.shape) if hasattr(y, "shape") else type(y).__name__
        raise Wrong("wrong_shape", f"`MLP(4, 8, 2)` 对形状 (3, 4) 的输入应该输出 (3, 2)，现在是 {shape}。")
    variables = module.trainable_variables
    shapes = sorted(tuple(v.shape) for v in variables)
    if len(variables) < 4 and _holds_keras_layers(module):
        raise Wrong(
            "keras_layers_in_module",
            f"`trainable_variables` 里只有 {len(variables)} 个变量：你的模块里放的是 Keras 层。Keras 3 的层不是 `tf.Module`，"
            "它的变量是 `keras.Variable` 而不是 `tf.Variable`，所以 `tf.Module` 收集不到。",
            "在 `tf.Module` 里自己用 `tf.Variable` 写权重和偏置；要组合 Keras 层，就用 `keras.Model` 或 `keras.layers.Layer`。",
        )
    keras_variables = _keras_variables(module)
    if len(variables) < 4 and keras_variables:
        raise Wrong(
            "keras_variable",
            f"`trainable_variables` 里只有 {len(variables)} 个变量，而你的模块的属性里有 {len(keras_variables)} 个 "
            "`keras.Variable`：Keras 3 的 `keras.Variable` 不是 `tf.Variable`，`tf.Module` 只收集 `tf.Variable`，"
            "所以收集不到它们（见第 4 节的版本说明）。",
            "在 `tf.Module` 里改用 `tf.Variable`：`self.w1 = tf.Variable(tf.random.normal((n_in, hidden), stddev=0.1))`。",
        )
    if len(variables) < 4 and len(tape.watched_variables()) > len(variables):
        raise Wrong(
            "variables_in_call",
            f"前向传播用到了 {len(tape.watched_variables())} 个变量，`trainable_variables` 里却只有 {len(variables)} 个："
            "变量是在 `__call__` 里新建的，没有存进模块的属性。每次调用都新建变量，就从新的随机值开始，训练的结果留不下来。",
            "在 `__init__` 里创建一次 `self.w1 = tf.Variable(...)` 等四个变量，`__call__` 里只用它们计算。",
        )
    frozen = [v for v in module.variables if not v.trainable]
    if len(variables) < 4 and len(variables) + len(frozen) >= 4:
        raise Wrong(
            "not_trainable",
            f"`trainable_variables` 里只有 {len(variables)} 个变量，可模块里其实有 {len(variables) + len(frozen)} 个："
            f"其中 {len(frozen)} 个（形状 {sorted(tuple(v.shape) for v in frozen)}）是用 `trainable=False` 创建的。"
            "它们仍是 `tf.Variable`，`tf.Module` 也找到了它们（在 `module.variables` 里），但不可训练的变量不进 "
            "`trainable_variables`：梯度不对它们求，优化器不更新它们，它们就一直停在初值。",
            "去掉 `trainable=False`：`tf.Variable(tf.zeros([hidden]))` 默认就是可训练的。",
        )
    tensors = [
        v for v in _attribute_values(module) if isinstance(v, tf.Tensor) and not isinstance(v, tf.Variable)
    ]
    if len(variables) < 4 and not tensors:
        weights = shapes == [(4, 8), (8, 2)]
        raise Wrong(
            "missing_variables",
            f"`trainable_variables` 里只有 {len(variables)} 个变量（形状 {shapes}），应该有 4 个：两层各一个权重、一个偏置。"
            + ("你的两个都是权重，少了偏置 `b1`、`b2`。" if weights else "你的模块里也没有别的张量属性，缺的变量还没写。"),
            "偏置也做成变量，放进属性：`self.b1 = tf.Variable(tf.zeros(hidden))`，"
            "`self.b2 = tf.Variable(tf.zeros(n_out))`，前向传播里加上它们。",
        )
    if len(variables) < 4:
        raise Wrong(
            "missing_variables",
            f"`trainable_variables` 里只有 {len(variables)} 个变量（形状 {shapes}），应该有 4 个："
            "两层各一个权重、一个偏置。`tf.Module` 只收集 `tf.Variable`；"
            "`tf.random.normal` 或 `tf.zeros` 直接得到的是张量，优化器更新不了它。",
        )
    grads = tape.gradient(total, variables)
    unused = [(v.name, tuple(v.shape)) for v, g in zip(variables, grads) if g is None]
    if unused:
        named = "、".join(f"`{name}`（形状 {shape}）" for name, shape in unused)
        raise Wrong(
            "unused_variables",
            f"有 {len(unused)} 个变量没有用在前向传播里，它们的梯度是 `None`：{named}。",
        )
    _check_same_variables(module, x)
    _check_trains(module)
    _check_values(module)
    a, b = tf.random.stateless_normal((5, 4), seed=[1, 2]), tf.random.stateless_normal((5, 4), seed=[3, 4])
    outputs = [call(module, v) for v in (a, b, a + b, tf.zeros_like(a))]
    size = max(float(tf.reduce_max(tf.abs(out))) for out in outputs)
    spread = float(tf.reduce_max(tf.abs(outputs[0] - outputs[1])))
    affine_gap = float(tf.reduce_max(tf.abs(outputs[0] + outputs[1] - outputs[2] - outputs[3])))
    if spread > 1e-6 and affine_gap <= 1e-5 * (1.0 + size):  # f(a) + f(b) == f(a + b) + f(0): no nonlinearity
        raise Wrong(
            "no_activation",
            "整个模块是一个线性（仿射）函数：第一层少了激活函数。没有激活，两层叠起来也只相当于一层。",
            "第一层算 `tf.nn.relu(x @ w1 + b1)`，第二层不加激活。",
        )
    return (
        f"`tf.Module` 递归找到了 4 个变量（形状 {shapes}），每个都拿得到不为 0 的梯度、能被训练："
        "放在属性、列表、元组、字典或子模块里的变量都会被收集。"
    )


EX_01_2 = Exercise(
    id="01.2",
    notebook=NOTEBOOK,
    title="用 `tf.Module` 收集两层的变量",
    difficulty=1,
    section="`tf.Module` 与 Keras 层递归收集变量",
    task=(
        "写一个两层的模块 `MLP(n_in, hidden, n_out)`：第一层算 `relu(x @ w1 + b1)`，第二层算 `h @ w2 + b2`。"
        "把权重和偏置做成 `tf.Variable`，放进模块的属性里（直接放、放进列表或子模块都行），"
        "让 `tf.Module` 自己把它们收集到 `trainable_variables` 里。\n\n"
        "检查会创建 `MLP(4, 8, 2)`，看输出形状、变量个数，以及每个变量是否都拿得到不为 0 的梯度。"
    ),
    hints=(
        "`tf.Variable(tf.random.normal((n_in, hidden), stddev=0.1))` 是一个权重，偏置可以从 `tf.zeros` 开始。",
        "`tf.Module` 会在属性里递归查找变量：`self.w1 = tf.Variable(...)` 这样的属性、变量的列表、"
        "或者另一个 `tf.Module` 子模块，都会出现在 `trainable_variables` 里。",
    ),
    check=_check_module,
)


# -- 01.3 -------------------------------------------------------------------------------------


def _train_step(model, optimizer, x, y):
    """The check's own training step (the same as the notebook's ``train_step``): one SGD step on MSE."""
    import tensorflow as tf

    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def _check_freeze(answer) -> str:
    import keras
    import tensorflow as tf

    from helpers.checks import changed_variables

    inputs = keras.Input(shape=(4,))
    backbone = keras.Sequential(  # layers named here, so the message names the same variables every time
        [keras.Input(shape=(4,)), keras.layers.Dense(8, activation="relu", name="dense"),
         keras.layers.BatchNormalization(name="norm")],
        name="backbone",
    )
    head = keras.layers.Dense(2, name="head")
    model = keras.Model(inputs, head(backbone(inputs)))
    optimizer = keras.optimizers.SGD(0.1)
    x = tf.random.stateless_normal((16, 4), seed=[1, 2])
    y = tf.random.stateless_normal((16, 2), seed=[3, 4])
    step = tf.function(_train_step)
    step(model, optimizer, x, y)  # traced before freezing, as a training loop would have been
    new_step = call(answer, model, backbone, step)
    eager_switch = tf.config.functions_run_eagerly()
    if eager_switch:  # off again before the probe: with it on, every tf.function (the stale one too) runs eagerly
        tf.config.run_functions_eagerly(False)
    switch_text = (
        "你的代码还打开了全局开关 `tf.config.run_functions_eagerly(True)`：开着时每个 `tf.function` 都即时执行，"
        "旧的 `step` 看起来也对；检查训练前把它关掉了，这时它又执行冻结之前追踪的那张计算图。"
        if eager_switch else ""
    )
    trainable = {id(v) for v in model.trainable_variables}
    backbone_training = [v.path for v in backbone.trainable_weights if id(v) in trainable]
    head_missing = [v.path for v in head.weights if id(v) not in trainable]
    if head_missing:
        raise Wrong(
            "head_frozen",
            f"头部的变量 {head_missing} 不在 `model.trainable_variables` 里，它们也不会被训练了。"
            "只冻结特征提取部分 `backbone`，不要冻结整个模型。",
        )
    if backbone_training:
        raise Wrong(
            "backbone_trains",
            f"`backbone` 的变量 {backbone_training} 还在 `model.trainable_variables` 里，训练步仍会更新它们。",
            "冻结整个 `backbone` 子模型：`backbone.trainable = False`，它的子层（包括 `BatchNormalization`）会一起冻结。",
        )
    if new_step is None:
        raise Wrong(
            "no_step",
            "`backbone` 已经冻结了，可函数没有返回训练步，检查没有东西可以接着训练。",
            "最后返回一个新的 `tf.function`，例如 `return tf.function(step.python_function)`。",
        )
    if not callable(new_step):
        raise Wrong(
            "no_step",
            f"函数返回的是 {type(new_step).__name__} 类型的值，不是训练步：检查要用它接着训练。",
            "最后返回一个新的 `tf.function`，例如 `return tf.function(step.python_function)`。",
        )
    plain = not hasattr(new_step, "experimental_get_tracing_count")
    if new_step is step:
        text = "返回的是原来那个已经追踪过的 `step`。"
    elif plain:
        text = "你返回的不是 `tf.function`，只是一个普通函数，它训练时执行的多半还是原来那个 `step` 的计算图。"
    else:
        text = "返回的训练步里调用的还是原来那张计算图。"
    watched = model.variables
    try:
        changed = changed_variables(watched, lambda: [call(new_step, model, optimizer, x, y) for _ in range(2)])
    except LearnerError as err:
        if "originally built with" not in str(err.error):
            raise
        raise Wrong(
            "not_trainable_variables",
            f"训练时出错了（{type(err.error).__name__}）：优化器只能更新它建立时拿到的那些变量，"
            "而你的训练步交给它的变量里有别的：多半是对 `model.weights`（或 `model.variables`）求了梯度，"
            "它们还含着 `BatchNormalization` 的滑动均值和滑动方差，以及冻结了的 `backbone` 的变量。",
            "对 `model.trainable_variables` 求梯度、交给优化器，不要用 `model.weights`。",
        ) from None
    stale = [path for path in changed if path.startswith("backbone/")]
    layers_on = [layer.name for layer in backbone.layers if layer.trainable]
    if stale and layers_on and all("moving" in path for path in stale):
        raise Wrong(
            "backbone_trains",
            f"变量都不可训练了，可层 {layers_on} 的 `trainable` 还是 `True`：`BatchNormalization` 在 "
            f"`training=True` 时照样更新滑动均值和滑动方差，训练 2 步后变了：{stale}。",
            "冻结要设在层或子模型上：`backbone.trainable = False`。",
        )
    if stale:
        raise Wrong(
            "stale_step",
            f"{text}{switch_text}用它训练 2 步后，冻结的 `backbone` 里这些变量还是变了：{stale}。"
            "`step` 在冻结之前就追踪好了，它的图里记着当时的可训练变量列表和 `BatchNormalization` 的训练模式；"
            "同一个模型对象改了 `trainable`，`tf.function` 不会重新追踪。",
            "返回一个新的 `tf.function`：`tf.function(step.python_function)`，第一次调用时它按冻结后的模型重新追踪。",
        )
    if plain:  # clean probe: the step does what it should, only eagerly
        raise Wrong(
            "eager_step",
            "返回的训练步只冻结之后的变量，这是对的；可它不是 `tf.function`：每一步都以即时执行运行 Python 代码，"
            "没有计算图，慢。",
            "用 `tf.function(...)` 把它包起来再返回，例如 `tf.function(step.python_function)`。",
        )
    if new_step is step:  # whatever the probe saw: the old step's graph holds the variables traced before freezing
        raise Wrong(
            "stale_step",
            f"{text}{switch_text}它的计算图是冻结之前追踪的，记着当时的可训练变量列表；"
            "同一个模型对象改了 `trainable`，`tf.function` 不会重新追踪。",
            "返回一个新的 `tf.function`：`tf.function(step.python_function)`，第一次调用时它按冻结后的模型重新追踪。",
        )
    missing = [v.path for v in head.weights if v.path not in changed]
    if missing:
        raise Wrong(
            "head_not_trained",
            f"用返回的训练步训练 2 步后，头部的变量 {missing} 没有变：这个训练步没有更新头部。",
            "训练步要对 `model.trainable_variables` 求梯度，再交给优化器。",
        )
    return (
        f"`model.trainable_variables` 里只剩头部的 {len(head.weights)} 个变量；用你返回的新训练步训练 2 步，"
        f"变了的只有 {changed}，`backbone` 的 {len(backbone.weights)} 个变量（连同滑动均值和方差）都没动。"
        + (
            "（你的代码打开了 `tf.config.run_functions_eagerly(True)`；检查训练前把它关掉了，"
            "返回的训练步在计算图里也对。这个开关只在调试时打开。）"
            if eager_switch else ""
        )
    )


EX_01_3 = Exercise(
    id="01.3",
    notebook=NOTEBOOK,
    title="冻结子模型，换一个新的训练步",
    difficulty=2,
    section="只训练模型的一部分",
    task=(
        "微调时常常只训练新加的头部。写 `freeze_backbone(model, backbone, step)`：`model` 由子模型 `backbone`"
        "（`Dense(8)` 和 `BatchNormalization`）和头部 `Dense(2)` 组成；`step(model, optimizer, x, y)` 是一个"
        "已经用这个模型训练过的 `tf.function` 训练步，和正文的 `graph_step` 一样。函数要冻结 `backbone`，"
        "并返回从现在起用来训练的训练步。\n\n"
        "检查会看 `model.trainable_variables` 里还有哪些变量，再用你返回的训练步训练 2 步，看哪些变量变了。"
    ),
    hints=(
        "冻结（freeze）一个层或子模型，就是把它的 `trainable` 设为 `False`；`model.trainable = False` 会把头部也一起冻结。",
        "冻结之前追踪好的 `step` 不会重新追踪。`step.python_function` 是它包装的 Python 函数，"
        "`tf.function(step.python_function)` 是一个新的、还没追踪过的 `tf.function`。",
    ),
    check=_check_freeze,
)


# -- 01.4 -------------------------------------------------------------------------------------


def _check_counter(answer) -> str:
    import re

    import tensorflow as tf

    counter, other = call(answer), call(answer)
    start = getattr(counter, "total", None)  # the variable made in __init__, if any, before add can replace it
    if isinstance(start, tf.Variable) and getattr(other, "total", None) is start:
        raise Wrong(
            "shared_variable",
            "新建的两个 `Counter` 的 `total` 是同一个 `tf.Variable`：变量建在了类外面（模块的全局变量或类属性），"
            "所有实例共用它，新建的 `Counter` 也不是从 0 开始，而是接着别的实例累加（再运行一次检查，结果就变了）。",
            "在 `__init__` 里创建：`self.total = tf.Variable(0.0)`，每个 `Counter` 各有一个自己的变量。",
        )
    if isinstance(start, tf.Variable) and start.shape.rank != 0:
        raise Wrong(
            "not_scalar",
            f"`total` 应是标量：`tf.Variable(0.0)`，不是 `tf.Variable({start.numpy().tolist()!r})`。"
            f"现在它的形状是 {tuple(start.shape)}，`add` 返回的累计值也就不是一个数，而是这个形状的张量。",
            "初值写成一个数，不加方括号：`self.total = tf.Variable(0.0)`。",
        )
    add = getattr(counter, "add", None)
    if not hasattr(add, "experimental_get_tracing_count"):
        raise Wrong(
            "not_tf_function",
            "`Counter.add` 不是 `tf.function` 了。题目要的是：在计算图里也能正确累加。",
            "保留 `@tf.function`，改的是状态存放的方式。",
        )
    returned = []
    for value in (1.0, 2.0, 3.0):
        try:
            returned.append(round(as_number(call(add, tf.constant(value)), "`add` 的返回值"), 4))
        except LearnerError as err:
            if "singleton" in str(err.error):
                raise Wrong(
                    "variable_in_function",
                    "`add` 每次调用都新建一个 `tf.Variable`：`tf.function` 只允许在第一次追踪时创建变量，"
                    "而且每次新建的变量都从它的初值重新开始，上一次累计的值留不下来。",
                    "在 `__init__` 里创建一次 `self.total = tf.Variable(0.0)`，`add` 里只用 `assign_add` 更新它。",
                ) from None
            total = getattr(counter, "total", None)
            if isinstance(total, tf.Variable) and total.dtype != tf.float32:
                if total.dtype.is_integer:
                    cause = (f"（初值 `{total.numpy().item()!r}` 是整数，变量就是整数类型：`tf.Variable(0)` 是 "
                             "`int32`，`tf.Variable(0.0)` 才是 `float32`）")
                    hint = "初值写成浮点数：`self.total = tf.Variable(0.0)`。"
                else:
                    cause = "（类型来自 `dtype=` 参数或初值本身的类型，如 NumPy 的 `float64`）"
                    hint = "让变量是 `float32`：去掉 `dtype=`，或写 `dtype=tf.float32`：`self.total = tf.Variable(0.0)`。"
                raise Wrong(
                    "dtype_mismatch",
                    f"第 {len(returned) + 1} 次调用 `add` 就出错了（{type(err.error).__name__}）：变量 `self.total` 是 "
                    f"`{total.dtype.name}`{cause}，而检查加的 `x` 是 `float32`。`assign_add` 不会自动转换类型，"
                    "变量的类型创建后也不能再变。把变量存进属性这一步是对的，只是类型不对。",
                    hint,
                ) from None
            if "numpy() is only available" in str(err.error):
                raise Wrong(
                    "numpy_in_graph",
                    f"第 {len(returned) + 1} 次调用 `add` 就出错了（{type(err.error).__name__}）：`add` 在计算图里调用了 "
                    "`.numpy()`。`tf.function` 追踪时张量和变量都还没有具体的值，`.numpy()` 只能在即时执行时用。"
                    "把状态放进变量这一步是对的。",
                    "直接返回张量：`return self.total.read_value()`；"
                    "要 Python 数字，在 `tf.function` 外面对返回值调用 `.numpy()`。",
                ) from None
            if re.search(r"symbolic|Graph tensor|out of scope", str(err.error)):
                raise Wrong(
                    "not_accumulating",
                    f"第 {len(returned) + 1} 次调用 `add` 就出错了（{type(err.error).__name__}）："
                    "第一次追踪时存进属性的是计算图里的符号张量，离开计算图就不能再用。",
                ) from None
            raise  # another error of the learner's code: explained as it is
    total = counter.total
    if returned != [1.0, 3.0, 6.0] and isinstance(total, tf.Variable) and abs(float(total.numpy()) - 6.0) > 1e-4:
        raise Wrong(
            "variable_not_accumulating",
            f"`total` 是变量，这没错；可依次加 1、2、3 以后它是 {float(total.numpy()):g}，`add` 返回了 {returned}："
            "每次调用都要在原来的值上加 `x`。",
            "用 `self.total.assign_add(x)` 在原来的值上加：`assign(x)` 是直接换成新值；"
            "从 Python 列表或属性里取值再写回的 Python 代码（如 `self.history.append(x)`）只在追踪时运行一次。",
        )
    if returned != [1.0, 3.0, 6.0] and isinstance(total, tf.Variable) and abs(float(total.numpy()) - 6.0) < 1e-4:
        before = " 正好是每次加之前的值" if returned == [0.0, 1.0, 3.0] else ""
        raise Wrong(
            "wrong_return",
            f"变量 `total` 确实累加到了 6，状态没有问题；可是 `add` 依次返回了 {returned}{before}。"
            "题目要的是加上 `x` 之后的累计值：先 `assign_add`，再读变量。",
            "`self.total.assign_add(x)` 之后 `return self.total.read_value()`（或者直接返回 `assign_add` 的结果）。",
        )
    if returned != [1.0, 3.0, 6.0] and isinstance(start, tf.Variable) and not isinstance(total, tf.Variable):
        raise Wrong(
            "variable_replaced",
            f"`__init__` 里的 `self.total` 是 `tf.Variable`，这没错；可 `add` 里的 `self.total = ...` 是 Python 赋值，"
            f"它在追踪时把属性换成了一个张量（现在 `counter.total` 是 {type(total).__name__}）。"
            f"变量本身还是 {start.numpy().tolist()!r}，没有被更新，`add` 依次返回了 {returned}。",
            "不要给 `self.total` 重新赋值：用 `self.total.assign_add(x)` 原地更新变量，再返回 `self.total.read_value()`。",
        )
    if isinstance(start, tf.Variable) and total is not start and returned == [1.0, 3.0, 6.0]:
        raise Wrong(
            "variable_replaced",
            "返回的累计值对了，可 `add` 里的 `self.total = ...` 是 Python 赋值：它只在追踪时执行一次，"
            f"把属性换成了追踪时得到的另一个对象（现在 `counter.total` 是 {type(total).__name__}，"
            "不再是 `__init__` 里建的那个 `tf.Variable`）。`tf.Module` 收集到的、检查点要保存的都成了这个对象，"
            "`tf.train.Checkpoint(counter=counter).write(...)` 会出错。",
            "`assign_add` 原地更新变量，不用把结果赋回属性：写 `self.total.assign_add(x)`，再 `return self.total.read_value()`。",
        )
    if returned != [1.0, 3.0, 6.0]:
        raise Wrong(
            "not_accumulating",
            f"依次加 1、2、3，`add` 返回了 {returned}，应该是 [1.0, 3.0, 6.0]。"
            "追踪只发生一次：那时存进属性的张量是计算图里的符号张量，之后的调用看不到更新。",
        )
    import keras

    if isinstance(counter.total, keras.Variable):
        raise Wrong(
            "keras_variable",
            "累计值对了，但 `counter.total` 是 `keras.Variable`，不是 `tf.Variable`：`tf.Module` 只收集 `tf.Variable`，"
            f"收集不到它（现在 `counter.variables` 里有 {len(counter.variables)} 个变量，见第 4 节的版本说明）。"
            "`tf.Module` 的状态请用 `tf.Variable`；`keras.Variable` 留给 Keras 层和模型。",
            "`self.total = tf.Variable(0.0)`。",
        )
    if not isinstance(counter.total, tf.Variable):
        raise Wrong(
            "not_variable",
            f"`counter.total` 是 {type(counter.total).__module__}.{type(counter.total).__name__}，不是 `tf.Variable`："
            "会变的状态要放进 `tf.Variable`，`tf.Module` 才收集得到它，检查点才存得下它。",
        )
    return "依次加 1、2、3 得到 1、3、6，`total` 是变量：状态放进 `tf.Variable`，即时执行和计算图里读写的都是同一个对象。"


EX_01_4 = Exercise(
    id="01.4",
    notebook=NOTEBOOK,
    title="把张量属性换成变量",
    difficulty=2,
    section="不要把 `tf.Tensor` 存在对象里，状态用 `tf.Variable`",
    task=(
        "下面的 `Counter` 把累计值存成一个张量属性，并在 `tf.function` 里更新它。依次加 1、2、3，"
        "它返回的却不是 1、3、6。改好它：`add` 仍然是 `tf.function`，返回加上 `x` 之后的累计值，"
        "`total` 要能在计算图外读出来。"
    ),
    hints=(
        "会变的状态要放进 `tf.Variable`；张量不可变，在计算图里给属性赋新张量只发生在追踪那一次。",
        "`self.total = tf.Variable(0.0)`，在 `add` 里用 `self.total.assign_add(x)`，再返回 `self.total.read_value()`"
        "（直接 `return self.total` 也一样：`tf.function` 返回变量时，返回的是它在 `assign_add` 之后的值）。",
    ),
    check=_check_counter,
)

EXERCISES = [EX_01_1, EX_01_2, EX_01_3, EX_01_4]
