"""Exercises of 06_custom_training_loop: a GradientTape step, the regularization loss, `training`, a `train_step`."""

from __future__ import annotations

from helpers.exercises.core import Exercise, LearnerError, Wrong, as_number, call, noting_calls

NOTEBOOK = "06_custom_training_loop"
LEARNING_RATE = 0.1


def _data():
    import numpy as np

    rng = np.random.default_rng(5)
    x = rng.normal(size=(8, 3)).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], dtype=np.float32) + 0.3).astype(np.float32)
    return x, y


def _linear_model(l2: float = 0.0):
    """A linear model; with ``l2``, its kernel and its (non-zero) bias each add one term to ``model.losses``."""
    import keras

    regularized = {}
    if l2:  # two terms, so that their mean (a common mistake) differs from their sum
        regularized = dict(
            kernel_regularizer=keras.regularizers.L2(l2),
            bias_regularizer=keras.regularizers.L2(l2),
            bias_initializer=keras.initializers.Constant(0.5),
        )
    return keras.Sequential(
        [
            keras.Input(shape=(3,)),
            keras.layers.Dense(1, kernel_initializer=keras.initializers.RandomNormal(stddev=1.0, seed=11), **regularized),
        ]
    )


def _expected_step(model, x, y, with_regularization: bool, combine=None):
    """Return (loss before the step, weights after one SGD step), computed on a copy of ``model``.

    ``combine`` turns the list ``model.losses`` into the one term added (default: their sum, ``tf.add_n``).
    """
    import keras
    import tensorflow as tf

    copy = keras.models.clone_model(model)
    copy.set_weights(model.get_weights())
    with tf.GradientTape() as tape:
        loss = keras.losses.MeanSquaredError()(y, copy(x, training=True))
        if with_regularization and copy.losses:
            loss += (combine or tf.add_n)(copy.losses)
    grads = tape.gradient(loss, copy.trainable_variables)
    after = [(v - LEARNING_RATE * g).numpy() for v, g in zip(copy.trainable_variables, grads)]
    return float(loss), after


def _swapped_pairs() -> Wrong:
    return Wrong(
        "swapped_pairs",
        "`apply_gradients` 收到的每一对是 `(变量, 梯度)`，顺序反了：它要的是 `(梯度, 变量)`。",
        "写成 `optimizer.apply_gradients(zip(grads, model.trainable_variables))`：梯度在前，变量在后。",
    )


def _watch_pairs(optimizer, model) -> list[bool]:
    """Make ``optimizer.apply_gradients`` note, for each call, whether its pairs were ``(variable, gradient)``."""
    original = optimizer.apply_gradients
    swapped: list[bool] = []

    def apply_gradients(grads_and_vars, *args, **kwargs):
        pairs = list(grads_and_vars)  # zip() can be read once: keep it for the real call
        variables = {id(v) for v in model.trainable_variables}
        swapped.append(
            any(isinstance(p, (tuple, list)) and len(p) == 2 and id(p[0]) in variables and id(p[1]) not in variables
                for p in pairs)
        )
        return original(pairs, *args, **kwargs)

    optimizer.apply_gradients = apply_gradients
    return swapped


def _run_step(answer, model, x, y):
    """Run the learner's step with a fresh SGD; turn a 'No gradients' error into a clear verdict."""
    import keras
    import numpy as np

    before = [v.numpy().copy() for v in model.trainable_variables]
    optimizer = keras.optimizers.SGD(learning_rate=LEARNING_RATE)
    swapped = _watch_pairs(optimizer, model)
    try:
        loss = call(answer, model, optimizer, x, y)
    except LearnerError as err:
        if any(swapped):  # Keras fails on the gradient it takes for a variable; its message names private attributes
            raise _swapped_pairs() from None
        if isinstance(err.error, AttributeError) and "minimize" in str(err.error):
            raise Wrong(
                "tf1_minimize",
                "Keras 3 的优化器没有 `minimize`，所以抛出 `AttributeError`：`optimizer.minimize(loss)` 是 TF1 的写法，"
                "它先在计算图里建一个训练算子，再在会话里运行。TF2 没有会话，训练步自己完成三件事："
                "在 `tf.GradientTape` 里算损失、求梯度、`apply_gradients`。",
                "`grads = tape.gradient(loss, model.trainable_variables)`，"
                "再 `optimizer.apply_gradients(zip(grads, model.trainable_variables))`。",
            ) from None
        if isinstance(err.error, AttributeError) and "learning_phase" in str(err.error):
            raise Wrong(
                "keras2_learning_phase",
                "Keras 3 去掉了 Keras 2 的全局训练阶段开关（learning phase）：`keras.backend` 里没有 "
                "`set_learning_phase`，所以抛出 `AttributeError`。现在层在训练模式还是推理模式，"
                "由每次调用模型时传的 `training` 参数决定。",
                "在 `GradientTape` 里写 `prediction = model(x, training=True)`。",
            ) from None
        if "No gradients" in str(err.error) or "None" in str(err.error) and "gradient" in str(err.error).lower():
            raise Wrong(
                "no_gradients",
                "梯度全是 `None`，优化器没法更新：`GradientTape` 没有记录到从变量到损失的计算。常见的原因有两个："
                "调用模型（前向传播）或算损失放在了 `with tf.GradientTape() as tape:` 块外面；"
                "或者中途离开了 TensorFlow（`.numpy()`、`model.predict`、NumPy 函数），`GradientTape` 只记录 TensorFlow 算子。",
            ) from None
        raise
    if any(swapped):  # a Keras that accepted them anyway
        raise _swapped_pairs()
    terms = len(model.losses)
    if terms > 1 and tuple(getattr(loss, "shape", ())) == (terms,):
        raise Wrong(
            "added_list",
            f"返回的损失是形状 ({terms},) 的张量：`model.losses` 是一个列表（这里 {terms} 项，权重和偏置各一项），"
            f"把列表直接加到预测损失上，得到的是 {terms} 个“预测损失 + 某一项”，不是一个总损失。"
            "要先把列表里的各项加起来，再加进损失；不要求平均，每一项都是一个正则化器自己的惩罚。",
            "在 `with tf.GradientTape()` 块里面写 `loss = loss + sum(model.losses)`。",
        )
    loss = as_number(loss, "训练步返回的损失")
    after = [v.numpy() for v in model.trainable_variables]
    if all(np.array_equal(b, a) for b, a in zip(before, after)):
        raise Wrong(
            "no_update",
            "训练步之后权重一点没变：算出梯度后，还要 `optimizer.apply_gradients(zip(grads, model.trainable_variables))`。",
        )
    if int(optimizer.iterations) == 0:  # the weights changed, but not through the optimizer
        raise Wrong(
            "optimizer_unused",
            "权重更新了，却不是传进来的优化器更新的：它的 `optimizer.iterations` 还是 0，你的代码自己改了变量"
            "（例如 `v.assign_sub(0.1 * g)`）。这次检查传进来的碰巧是学习率 0.1 的 `SGD`，数值才对得上；"
            "换成 `Adam`、改了学习率或用了学习率调度，你的训练步还是按 0.1 做普通的梯度下降，传进来的优化器根本不起作用。",
            "用传进来的优化器更新：`optimizer.apply_gradients(zip(grads, model.trainable_variables))`。",
        )
    return loss, after


def _same(weights_a, weights_b) -> bool:
    import numpy as np

    return all(np.allclose(a, b, atol=1e-5) for a, b in zip(weights_a, weights_b))


# -- 06.1 -------------------------------------------------------------------------------------


def _check_tape_step(answer) -> str:
    import numpy as np

    x, y = _data()
    model = _linear_model()
    want_loss, want_weights = _expected_step(model, x, y, with_regularization=False)
    before = [v.numpy().copy() for v in model.trainable_variables]
    loss, weights = _run_step(answer, model, x, y)
    if np.isclose(loss, want_loss * len(x), rtol=1e-4):
        raise Wrong(
            "summed",
            f"返回的损失是 {loss:.4f}，正好是均方误差 {want_loss:.4f} 的 {len(x)} 倍（这一批有 {len(x)} 个样本）："
            "用 `tf.reduce_sum` 求的是平方误差之和，梯度也跟着大了 8 倍，相当于学习率变了。均方误差要求平均。",
            "`tf.reduce_mean(tf.square(model(x, training=True) - y))`。",
        )
    if not _same(weights, want_weights) and not np.isclose(loss, want_loss, rtol=1e-4):
        raise Wrong(
            "wrong_loss",
            f"返回的损失是 {loss:.4f}，这一批（更新前）的均方误差是 {want_loss:.4f}，权重的更新也和一步梯度下降不同："
            "损失要用均方误差，也就是平方误差的平均。",
            "`loss = tf.reduce_mean(tf.square(model(x, training=True) - y))`。",
        )
    if _same(weights, [2 * w - b for w, b in zip(want_weights, before)]):
        raise Wrong(
            "applied_twice",
            "每个变量都正好走了一步梯度下降的两倍：同一批梯度被 `apply_gradients` 用了两次"
            "（或者在两个地方各调用了一次）。一个训练步只调用一次 `apply_gradients`。",
        )
    untouched = [np.array_equal(w, b) for w, b in zip(weights, before)]
    if any(untouched) and _same([w for w, u in zip(weights, untouched) if not u],
                                [w for w, u in zip(want_weights, untouched) if not u]):
        raise Wrong(
            "partial_update",
            f"{len(untouched)} 个可训练变量里有 {sum(untouched)} 个一点没变，其余的更新对了："
            "只把一部分变量（例如只有卷积核 `kernel`，漏了偏置 `bias`）交给了 `tape.gradient` 或 `apply_gradients`。",
            "两处都用 `model.trainable_variables`：`tape.gradient(loss, model.trainable_variables)`，"
            "`optimizer.apply_gradients(zip(grads, model.trainable_variables))`。",
        )
    if not _same(weights, want_weights):
        raise Wrong(
            "wrong_update",
            "权重变了，但和学习率 0.1 的一步梯度下降结果不同：梯度要对这一步的均方误差求（`tf.reduce_mean`），"
            "并且只调用一次 `apply_gradients`。",
        )
    if not np.isclose(loss, want_loss, rtol=1e-4):
        raise Wrong("wrong_loss", f"返回的损失是 {loss:.4f}，更新前的均方误差是 {want_loss:.4f}。")
    return f"损失 {want_loss:.4f}，更新后的权重和一步梯度下降的结果一致：迭代、`GradientTape`、`apply_gradients`，三步就够了。"


TF1_LOOP = '''\
```python
# TensorFlow 1 的写法（TF2 里没有会话，也不需要初始化变量）
loss = tf.reduce_mean(tf.square(model_output - y))
train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss)
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    for x_batch, y_batch in batches:
        sess.run(train_op, feed_dict={x: x_batch, y: y_batch})
```'''

EX_06_1 = Exercise(
    id="06.1",
    notebook=NOTEBOOK,
    title="把 TF1 的训练循环改写成 `GradientTape` 训练步",
    difficulty=2,
    section="三个步骤：遍历数据、`GradientTape`、`apply_gradients`",
    task=(
        "下面是 TF1 风格的训练循环：\n\n" + TF1_LOOP + "\n\n"
        "用 TF2 的方式写出其中的一个训练步 `train_step(model, optimizer, x, y)`：在 `tf.GradientTape` 里"
        "算均方误差，求梯度，用优化器更新 `model.trainable_variables`，返回这一步的损失。"
        "检查会传入一个线性模型和学习率 0.1 的 `SGD`，把更新后的权重和一步梯度下降的结果对比。"
    ),
    hints=(
        "三步：在 `tf.GradientTape` 的 `with` 块里算损失；`tape.gradient(loss, model.trainable_variables)`；"
        "`optimizer.apply_gradients(...)`。",
        "`loss = tf.reduce_mean(tf.square(model(x, training=True) - y))`，"
        "再 `optimizer.apply_gradients(zip(grads, model.trainable_variables))`。",
    ),
    check=_check_tape_step,
)


# -- 06.3 -------------------------------------------------------------------------------------


#: TF1's regularization collection: in TF2 nothing is ever added to it, so these give 0 (or nothing).
TF1_REGULARIZATION = ("get_regularization_loss", "get_regularization_losses")


def _check_regularization(answer) -> str:
    import numpy as np
    import tensorflow as tf

    x, y = _data()
    model = _linear_model(l2=0.5)
    want_loss, want_weights = _expected_step(model, x, y, with_regularization=True)
    plain_loss, plain_weights = _expected_step(model, x, y, with_regularization=False)
    mean_loss, mean_weights = _expected_step(model, x, y, with_regularization=True, combine=tf.reduce_mean)
    used_tf1: list[str] = []
    with noting_calls(tf.compat.v1.losses, TF1_REGULARIZATION, used_tf1):
        loss, weights = _run_step(answer, model, x, y)
    if used_tf1 and _same(weights, plain_weights):
        raise Wrong(
            "tf1_regularization",
            f"你加的是 `tf.compat.v1.losses.{used_tf1[0]}()`：它读的是 TF1 计算图里的正则化集合（collection），"
            "TF1 的层把正则化损失登记在那里；TF2 的 Keras 层从不往里登记，所以它在 TF2 里总是 0（或空列表），"
            f"加了等于没加：梯度只对预测损失 {plain_loss:.4f} 求，正则化损失 {want_loss - plain_loss:.4f} 没有算进去。"
            "TF2 里各层的正则化损失在 `model.losses` 里。",
            "在 `with tf.GradientTape()` 块里面加上 `loss += sum(model.losses)`。",
        )
    if _same(weights, mean_weights) and not _same(weights, want_weights):
        raise Wrong(
            "averaged_regularization",
            f"模型有 {len(model.losses)} 项正则化损失（权重和偏置各一项），"
            f"你加进去的正则化损失是 {mean_loss - plain_loss:.4f}，正好是 `fit` 加的 {want_loss - plain_loss:.4f} 的一半"
            "（例如用 `tf.reduce_mean(model.losses)` 求了平均，或者自己手写 L2 时系数只有一半）。"
            "每一项都是一个正则化器自己的惩罚，要全部加起来；只有一项时平均值和总和碰巧相同，所以不容易发现。"
            "自己手写 L2 也容易把系数弄错：`model.losses` 里就是各层按自己的系数算好的惩罚。",
            "`sum(model.losses)` 把各项相加。",
        )
    if _same(weights, plain_weights):
        raise Wrong(
            "missing_regularization",
            f"梯度只对预测损失 {plain_loss:.4f} 求：`model.losses` 里的 L2 正则化损失 {want_loss - plain_loss:.4f} "
            "要在 `GradientTape` 块里面**读** `model.losses` 并加进损失，权重才受正则化约束。在外面读、只加在返回值上，"
            "或者读到后离开了 TensorFlow（`float()`、`.numpy()`、`tf.stop_gradient`），梯度里都没有它。"
            "训练照常进行，所以不容易发现。",
        )
    if not _same(weights, want_weights):
        raise Wrong("wrong_update", "权重变了，但和“预测损失 + 正则化损失”上的一步梯度下降结果不同。")
    if not np.isclose(loss, want_loss, rtol=1e-4):
        raise Wrong("wrong_loss", f"返回的损失是 {loss:.4f}，应该是预测损失加正则化损失 {want_loss:.4f}。")
    return f"损失 {want_loss:.4f} 里包含了 {want_loss - plain_loss:.4f} 的正则化损失，权重按总损失更新，和 `fit` 做的一样。"


EX_06_3 = Exercise(
    id="06.3",
    notebook=NOTEBOOK,
    title="把漏掉的正则化损失加回来",
    difficulty=2,
    section="忘了加正则化损失会怎样",
    task=(
        "下面的训练步能运行，损失也在下降，但模型的 L2 正则化根本没起作用。"
        "改好它，让它和 `fit` 优化同一个目标，并返回这个总损失。"
    ),
    hints=(
        "自定义训练循环不会自动加上各层的正则化损失，它们在 `model.losses` 里。",
        "在 `with tf.GradientTape()` 块里面加上 `loss += sum(model.losses)`（列表为空时它得 0）。",
    ),
    check=_check_regularization,
)


# -- 06.2 -------------------------------------------------------------------------------------


def _check_training_flag(answer) -> str:
    import keras
    import numpy as np

    x, y = _data()
    model = keras.Sequential(
        [
            keras.Input(shape=(3,)),
            keras.layers.Dense(4, kernel_initializer=keras.initializers.RandomNormal(seed=12)),
            keras.layers.BatchNormalization(),
            keras.layers.Dense(1, kernel_initializer=keras.initializers.RandomNormal(seed=13)),
        ]
    )
    norm = model.layers[1]
    _, want_weights = _expected_step(model, x, y, with_regularization=False)
    twin = keras.models.clone_model(model)  # one call in training mode: how far the moving mean moves
    twin.set_weights(model.get_weights())
    twin(x, training=True)
    want_mean = twin.layers[1].moving_mean.numpy()
    _, weights = _run_step(answer, model, x, y)
    moved = float(np.abs(norm.moving_mean.numpy()).max())
    frozen = [layer.name for layer in model.layers if not layer.trainable]
    if frozen:
        raise Wrong(
            "frozen_layer",
            f"训练步把 {frozen} 设成了 `trainable=False`。冻结的 `BatchNormalization` 即使收到 `training=True`，"
            "也按推理模式运行（用滑动均值和滑动方差），滑动均值不再更新，它的 `gamma`、`beta` 也不再是可训练变量。"
            "训练步不要改层的 `trainable`：只要调用时传 `training=True`。",
            "删掉改 `trainable` 的那一行，保留 `prediction = model(x, training=True)`。",
        )
    if moved > 0.0 and not _same(weights, want_weights):
        raise Wrong(
            "inference_in_tape",
            "滑动均值更新了，权重却和训练模式下的一步梯度下降不一样：`GradientTape` 里记录的那次调用是推理模式，"
            "梯度是按滑动均值和滑动方差算的。在 `with` 块外面另外以 `training=True` 调用一次，只会多更新一次滑动均值，"
            "梯度不会因此改变。",
            "只在 `with tf.GradientTape() as tape:` 里调用一次模型：`prediction = model(x, training=True)`。",
        )
    if moved > 0.0 and not np.allclose(norm.moving_mean.numpy(), want_mean, atol=1e-6):
        raise Wrong(
            "called_twice",
            "权重更新对了，但滑动均值比以训练模式调用一次多走了一步：这一步里模型以 `training=True` 被调用了不止一次，"
            "每次都会把同一批的均值再计入一次。",
            "训练步里只调用一次模型，就是 `GradientTape` 里那一次。",
        )
    if moved == 0.0:
        raise Wrong(
            "bn_not_updated",
            "训练步之后，`BatchNormalization` 的滑动均值还是 0：模型是在推理模式下调用的。"
            "直接调用模型时 `training` 默认不是 `True`，训练步里要明确传 `training=True`。",
        )
    return "`BatchNormalization` 的滑动均值被这一批更新了，权重也更新了：训练步里用 `training=True` 调用模型。"


EX_06_2 = Exercise(
    id="06.2",
    notebook=NOTEBOOK,
    title="训练步里用对 `training` 参数",
    difficulty=1,
    section="`training` 参数：训练和推理时层的行为不同",
    task=(
        "模型里有 `BatchNormalization`：训练时它用当前批次的均值和方差，并更新滑动均值和滑动方差；推理时改用滑动均值和滑动方差。"
        "写一个训练步 `train_step(model, optimizer, x, y)`（均方误差，返回损失），让这些层在训练模式下工作。"
        "检查会看训练步之后滑动均值有没有更新。"
    ),
    hints=(
        "调用模型时可以传 `training` 参数；直接调用时它默认不是 `True`。",
        "`prediction = model(x, training=True)`。",
    ),
    check=_check_training_flag,
)

# -- 06.4 -------------------------------------------------------------------------------------

#: The optimizer's loss scale in the 06.4 check: a step that skips ``self.optimizer.scale_loss`` moves 8 times too little (SGD).
LOSS_SCALE = 8.0


def _weighted_batches():
    """Two batches of (x, y, sample_weight), of 5 and 3 samples: the second is a partial batch."""
    import numpy as np
    import tensorflow as tf

    x, y = _data()
    w = np.array([3.0, 1.0, 1.0, 0.5, 2.0, 1.0, 3.0, 1.0], dtype=np.float32)
    return [tuple(tf.constant(a[part]) for a in (x, y, w)) for part in (slice(0, 5), slice(5, 8))]


def _reference_class(weighted_loss: bool = True, scaled: bool = True, regularized: bool = True):
    """Keras's built-in step (all flags True), or the same step with one mistake, as a ``keras.Sequential`` subclass."""
    import keras
    import tensorflow as tf

    class Reference(keras.Sequential):
        def train_step(self, data):
            x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                weights = sample_weight if weighted_loss else None
                if regularized:
                    loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=weights)
                else:  # a loss object called by hand: no self.losses
                    loss = keras.losses.MeanSquaredError()(y, y_pred, sample_weight=weights)
                target = self.optimizer.scale_loss(loss) if scaled else loss
            self.optimizer.apply(tape.gradient(target, self.trainable_variables), self.trainable_variables)
            replicas = self.distribute_strategy.num_replicas_in_sync  # 1 here: one device
            next(m for m in self.metrics if m.name == "loss").update_state(
                loss * replicas, sample_weight=tf.shape(x)[0]
            )
            return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    return Reference


#: What a step that loops over ``self.metrics`` and returns ``{m.name: m.result() ...}`` should know (Keras 3).
METRICS_LOOP_NOTE = (
    "keras.io 上 Keras 3 的指南（custom_train_step_in_tensorflow）就是这样写的：只有一个输出时，"
    "`fit` 把 `compile_metrics` 的字典展开，报告的数值和 `self.compute_metrics` 的相同；多输出模型的 `self.metrics` "
    "里还有每个输出各自的损失指标（`Mean`），逐个 `update_state(y, y_pred, sample_weight=...)` 会报 "
    "`TypeError: Mean.update_state() got multiple values for argument 'sample_weight'`。"
    "`self.compute_metrics` 不管有几个输出都能用。"
)

#: The structure of ``self.metrics`` in Keras 3, for the verdicts on steps that update each metric by hand.
METRICS_STRUCTURE = (
    "Keras 3 的 `self.metrics` 第一项是名叫 `loss` 的损失指标（一个 `Mean`，要的是 `update_state(loss, sample_weight=批大小)`），"
    "第二项是名叫 `compile_metrics` 的**一个**容器，装着 `compile` 里给的全部指标，它要收到 `sample_weight`，"
    "`weighted_metrics` 里的指标才加权。"
)


def _flatten_logs(logs: dict) -> tuple[dict, bool]:
    """Flatten one level of nested dicts, as ``fit`` does; return (flat logs, whether any value was a dict)."""
    flat, nested = {}, False
    for name, value in logs.items():
        if isinstance(value, dict):
            flat.update(value)
            nested = True
        else:
            flat[name] = value
    return flat, nested


def _fit_two_batches(model_class, learner: bool):
    """Build and compile a small model of ``model_class``, run its ``train_step`` on both batches.

    Return (logs flattened as ``fit`` does, weights, whether the returned dict was nested).
    """
    import keras

    layers = [
        keras.Input(shape=(3,)),
        keras.layers.Dense(
            1,
            kernel_initializer=keras.initializers.RandomNormal(stddev=1.0, seed=11),
            kernel_regularizer=keras.regularizers.L2(0.1),
        ),
    ]
    if not learner:
        model = model_class(layers)
    else:
        try:
            model = call(model_class, layers)
        except LearnerError:
            if issubclass(model_class, keras.Sequential):
                raise
            raise Wrong(
                "not_sequential",
                f"`{model_class.__name__}` 继承的不是 `keras.Sequential`，建不成模型：检查像题目说的那样，"
                "把一个层的列表交给它（`WeightedStepModel([keras.Input(...), keras.layers.Dense(1)])`）。"
                "只有 `keras.Sequential` 接受这个列表；直接继承 `keras.Model` 时，它的构造函数不收这个参数。",
                "第一行写 `class WeightedStepModel(keras.Sequential):`。",
            ) from None
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=LEARNING_RATE, loss_scale_factor=LOSS_SCALE),
        loss="mse",
        metrics=["mae"],
        weighted_metrics=["mae"],
        run_eagerly=True,  # no tracing: the check answers at once
    )
    logs = None
    for batch in _weighted_batches():
        if not learner:
            logs = model.train_step(batch)
            continue
        try:
            logs = call(model.train_step, batch)
        except LearnerError as err:
            if isinstance(err.error, TypeError) and "not callable" in str(err.error) and isinstance(model.loss, str):
                raise Wrong(
                    "self_loss_called",
                    f"`self.loss` 是 `compile(loss=...)` 收到的原样，这里是字符串 `\"{model.loss}\"`，不能调用。"
                    "即使 `compile` 收到的是一个损失对象，直接调用它也不会加上正则化损失。"
                    "Keras 3 里算 `compile` 给的损失用 `self.compute_loss`：它按样本权重加权，并加上 `self.losses`。",
                    "`loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)`。",
                ) from None
            if isinstance(err.error, TypeError) and "multiple values for argument 'sample_weight'" in str(err.error):
                raise Wrong(
                    "metrics_container",
                    "`Mean.update_state()` 收到了两个 `sample_weight`：你对 `self.metrics` 里的每一项都调用了 "
                    "`update_state(y, y_pred, sample_weight=...)`，其中也包括损失指标。" + METRICS_STRUCTURE
                    + "损失指标的 `update_state` 只收损失一个值，`y_pred` 就被当成了它的 `sample_weight`。"
                    "交给 `self.compute_metrics`，这些就不用自己管。",
                    "损失指标单独 `update_state(loss, sample_weight=tf.shape(x)[0])`；"
                    "其余交给 `return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)`。",
                ) from None
            raise
    if not isinstance(logs, dict):
        raise Wrong(
            "not_dict",
            f"`train_step` 返回的是 {type(logs).__name__}，`fit` 要的是一个字典：指标名 → 数值。",
            "最后 `return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)`，它返回的就是这个字典。",
        )
    logs, nested = _flatten_logs(logs)
    numbers = {name: as_number(value, f"返回的 `{name}` ") for name, value in logs.items()}
    return numbers, model.get_weights(), nested


def _check_train_step(answer) -> str:
    import keras
    import numpy as np

    if not (isinstance(answer, type) and issubclass(answer, keras.Model)):
        if isinstance(answer, keras.Model):
            shown = f"一个 `{type(answer).__name__}` 模型（类后面多了括号，交的是实例）"
        else:
            shown = answer.__name__ if isinstance(answer, type) else f"{type(answer).__name__} 类型的值"
        raise Wrong(
            "not_model_class",
            f"`answer` 应当是你写的模型类（继承 `keras.Sequential`），现在是 {shown}。",
            "最后一行写 `answer = WeightedStepModel`（类本身，不加括号）。",
        )
    if answer.train_step is keras.Sequential.train_step:
        raise Wrong("not_overridden", "这个类没有重写 `train_step`，`fit` 用的还是 Keras 自带的那个。")
    want_logs, want_weights, _ = _fit_two_batches(_reference_class(), learner=False)
    logs, weights, nested = _fit_two_batches(answer, learner=True)
    if not _same(weights, want_weights):
        if _same(weights, _fit_two_batches(_reference_class(regularized=False), learner=False)[1]):
            raise Wrong(
                "missing_regularization",
                "变量和 Keras 自带的 `train_step` 不同，和“损失里没有正则化损失”时的结果一样：你自己调用了一个损失对象"
                "（例如 `keras.losses.MeanSquaredError()`），样本权重也给了，可它只算预测损失；"
                "`self.compute_loss` 才加上正则化损失 `self.losses`（这里是 L2）。",
                "`loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)`。",
            )
        if _same(weights, _fit_two_batches(_reference_class(weighted_loss=False), learner=False)[1]):
            raise Wrong(
                "loss_unweighted",
                "变量和 Keras 自带的 `train_step` 不同，和“损失不加权”时的结果一样："
                "`self.compute_loss` 没有收到 `sample_weight`，样本权重为 3 的样本和其他样本算得一样重。",
                "`x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)`，"
                "再 `loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)`。",
            )
        if _same(weights, _fit_two_batches(_reference_class(scaled=False), learner=False)[1]):
            raise Wrong(
                "loss_not_scaled",
                f"这次检查的优化器带 `loss_scale_factor={LOSS_SCALE:g}`（混合精度的 `LossScaleOptimizer` 也一样）："
                f"`self.optimizer.apply` 先把梯度除以 {LOSS_SCALE:g}，所以梯度要对放大后的损失求。"
                f"你的变量每一步只走了应走的 1/{LOSS_SCALE:g}（SGD）：梯度被除了两次，或者根本没有放大。"
                "常见的有两种写法：梯度对 `scale_loss` 之前的损失求；或者对放大后的损失求了，又自己把梯度除以 "
                f"`loss_scale_factor`（`apply` 已经会除，不要再除）。训练慢了 {LOSS_SCALE:g} 倍，却不报任何错。",
                "在 tape 里写 `scaled_loss = self.optimizer.scale_loss(loss)`，再 `tape.gradient(scaled_loss, ...)`，"
                "把梯度原样交给 `self.optimizer.apply`。",
            )
        raise Wrong("wrong_update", "两个批次之后，变量和 Keras 自带的 `train_step` 不同。")
    differs = [name for name, value in want_logs.items()
               if name not in logs or not np.isclose(logs[name], value, rtol=1e-4, atol=1e-5)]
    if nested and differs:
        raise Wrong(
            "metrics_container",
            f"变量对了，可报告的 {differs} 和 Keras 自带的不同。你返回的是 `{{m.name: m.result() for m in self.metrics}}`，"
            "`compile_metrics` 的值是一个字典，`fit` 会把它展开，这本身没有错；错在逐个更新这些指标的方式。"
            + METRICS_STRUCTURE
            + ("对损失指标也调用 `update_state(y, y_pred)` 一类的写法（Keras 3 里已弃用的 `self.compiled_metrics.update_state` "
               "对它记的是 `y_pred`），损失指标记下的就不是这一步的损失。" if "loss" in differs else "")
            + ("容器的 `update_state` 没收到 `sample_weight`，`weighted_mae` 就没有加权。" if "weighted_mae" in differs else "")
            + "交给 `self.compute_metrics`，这些就不用自己管。",
            "损失指标单独 `update_state(loss, sample_weight=tf.shape(x)[0])`；"
            "其余交给 `return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)`。",
        )
    missing = [name for name in want_logs if name not in logs]
    if missing:
        raise Wrong(
            "missing_logs",
            f"返回的字典里没有 {missing}：`compile` 里的指标没有更新，或者没有放进返回值。",
            "最后 `return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)`。",
        )
    if not np.isclose(logs["weighted_mae"], want_logs["weighted_mae"], atol=1e-5):
        raise Wrong(
            "metrics_unweighted",
            f"`weighted_mae` 是 {logs['weighted_mae']:.4f}，应当是 {want_logs['weighted_mae']:.4f}："
            "`self.compute_metrics` 没有收到 `sample_weight`，`weighted_metrics` 里的指标就不按样本权重加权。",
            "`self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)`。",
        )
    if not np.isclose(logs["loss"], want_logs["loss"], rtol=1e-4):
        scaled = np.isclose(logs["loss"], want_logs["loss"] * LOSS_SCALE, rtol=0.05)
        if logs["loss"] == 0:
            cause = "`loss` 指标一次也没有更新：训练步里要用这一步的损失调用它的 `update_state`。"
        elif scaled:
            cause = f"大约是 {LOSS_SCALE:g} 倍：记进损失指标的是放大后的损失，要记 `scale_loss` 之前的那个。"
        else:
            cause = "损失指标要以这个批次的样本数为权重，否则 3 个样本的不完整批次和 5 个样本的批次算得一样重。"
        raise Wrong(
            "loss_tracker",
            f"两个批次之后报告的 `loss` 是 {logs['loss']:.4f}，Keras 自带的是 {want_logs['loss']:.4f}，" + cause,
            "`loss_tracker.update_state(loss * replicas, sample_weight=tf.shape(x)[0])`（`replicas` 是副本数，单设备时是 1）。",
        )
    if not all(np.isclose(logs[name], value, rtol=1e-4) for name, value in want_logs.items()):
        raise Wrong("wrong_metrics", f"返回的 {logs} 和 Keras 自带的 `train_step` 报告的 {want_logs} 不同。")
    note = ("另外，你返回的是 `{m.name: m.result() for m in self.metrics}`：" + METRICS_LOOP_NOTE) if nested else ""
    return (
        f"变量和报告的每一项（loss {want_logs['loss']:.4f}、weighted_mae {want_logs['weighted_mae']:.4f}）"
        "都和 Keras 自带的 `train_step` 相同：样本权重交给了 `compute_loss` 和 `compute_metrics`，"
        "损失按批次的样本数记录，梯度对放大后的损失求。" + note
    )


EX_06_4 = Exercise(
    id="06.4",
    notebook=NOTEBOOK,
    title="重写 `train_step`，把样本权重传下去",
    difficulty=2,
    section="折中的路：只重写 `train_step`，其余交给 `fit`",
    task=(
        "下面的 `WeightedStepModel` 重写了 `train_step`，`fit` 照常运行、照常报告，但数据集里的样本权重根本没起作用。"
        "改好它，让它和 Keras 自带的 `train_step` 逐项相同：损失和 `weighted_metrics` 里的指标都要按样本权重加权。"
        "检查会拿它和 Keras 自带的 `train_step` 比：同样的线性模型（带 L2）、`loss=\"mse\"`、"
        "`metrics=[\"mae\"]` 和 `weighted_metrics=[\"mae\"]`、一个 5 个样本和一个 3 个样本的带权批次，"
        "优化器带 `loss_scale_factor`，比较两步之后的变量和报告的每一项。检查只在一台设备上运行（副本数是 1），"
        "所以查不出漏乘副本数；这一项要自己对照第 7 节的 `StepModel`。"
        "检查用的线性模型也没有 Dropout 和 BatchNormalization，漏掉 `training=True` 同样查不出来（见第 4 节）。"
    ),
    hints=(
        "`fit` 交来的 `data` 是 `(x, y, w)`：用 `keras.utils.unpack_x_y_sample_weight(data)` 拆出 `sample_weight`，"
        "再交给 `self.compute_loss` 和 `self.compute_metrics`，两者都有 `sample_weight` 参数。",
        "`x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)`；"
        "`loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)`；"
        "最后 `return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)`。",
    ),
    check=_check_train_step,
)

EXERCISES = [EX_06_1, EX_06_2, EX_06_3, EX_06_4]  # the exercise that fixes a given step comes last (its name is not reused)
