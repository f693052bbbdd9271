"""Exercises of 05_keras_fit_advanced: full batches for a distribution strategy, a function as metric, a callback,
a compiled training step that traces once."""

from __future__ import annotations

from helpers.exercises.core import Exercise, LearnerError, Wrong, call, take_finite
from helpers.exercises.core import call as _call

NOTEBOOK = "05_keras_fit_advanced"


# -- 05.1 -------------------------------------------------------------------------------------


def _empty_replica_gives_nan() -> bool:
    """Run BatchNormalization in training mode on 0 samples (what a replica without data does)."""
    import keras
    import numpy as np
    import tensorflow as tf

    norm = keras.layers.BatchNormalization()
    norm(tf.zeros((0, 2)), training=True)
    return bool(np.isnan(norm.moving_mean.numpy()).any())


def _rows(values) -> list:
    """Each sample of a batch as something hashable: an int for a label, a tuple for anything wider."""
    import numpy as np

    return [v.item() if v.ndim == 0 else tuple(np.ravel(v).tolist()) for v in np.asarray(values)]


def _check_other_sizes(answer) -> None:
    """Second case, 10 samples and global batch 6: one full batch [6]. Catches sizes written into the answer."""
    import numpy as np

    x = np.arange(20, dtype=np.float32).reshape(10, 2)
    y = np.arange(10, dtype=np.int64)
    dataset = call(answer, x, y, 6)
    sizes, labels = [], []
    try:
        for element in dataset.take(10):
            sizes.append(int(element[1].shape[0]))
            labels += _rows(element[1].numpy())
    except Exception:  # odd elements: the message below still says what was expected
        pass
    if sizes == [6] and len(set(labels)) == 6 and set(labels) <= set(y.tolist()):
        return
    raise Wrong(
        "hard_coded",
        f"9 个样本、全局批大小 4 时对了；可换成 10 个样本、全局批大小 6，应该得到一个完整的批次 [6]，现在是 {sizes}。",
        "样本数和批大小都从参数来：对传进来的 `x`、`y` 建数据集，再 `.batch(global_batch_size, drop_remainder=True)`。",
    )


def _require_rows_of(features, x) -> None:
    """Wrong "padded" unless every row of a batch's features is a row of ``x``: no made-up samples."""
    import numpy as np

    known = set(_rows(x))
    extra = [row for row in _rows(np.asarray(features)) if row not in known]
    if extra:
        raise Wrong(
            "padded",
            f"批次里有 `x` 中没有的样本，例如特征 {extra[0]}：多半是为了凑满批次补进了全零（或别的编出来的）样本。"
            "批次确实完整了，可这些样本连同编出来的标签一起参与训练，模型学到的是并不存在的数据。"
            "不完整批次的问题要靠丢掉或重复真实的样本解决，不能编造样本。",
            "不要补样本：`.batch(global_batch_size, drop_remainder=True)` 丢掉最后那个不完整批次。",
        )


def _check_repeat_other_sizes(answer, steps: int) -> None:
    """Second case for repeat()-style answers: 30 samples, global batch 4. Every batch full, every sample seen."""
    import numpy as np

    x = np.arange(60, dtype=np.float32).reshape(30, 2)
    y = np.arange(30, dtype=np.int64)
    sizes, labels = [], []
    try:
        for element in call(answer, x, y, 4).take(20):
            sizes.append(int(element[1].shape[0]))
            labels += _rows(element[1].numpy())
    except Exception:  # odd elements: the message below still says what was expected
        pass
    missing = sorted(set(y.tolist()) - set(labels))
    if sizes and all(s == 4 for s in sizes) and len(sizes) < 20 and not missing:
        return
    raise Wrong(
        "hard_coded",
        f"9 个样本、全局批大小 4 时，{steps} 个完整批次恰好把每个样本都用上了；可换成 30 个样本、全局批大小 4，"
        f"得到的每批样本数是 {sizes}，{len(missing)} 个样本一次也没训练到。`repeat()` 之后，一轮有几批要按"
        "样本数算（向上取整），不能写死；更常用的是不重复样本的写法。",
        "`.batch(global_batch_size, drop_remainder=True)`：批大小从参数来，丢掉最后那个不完整批次。",
    )


def _check_full_batches(answer) -> str:
    import numpy as np
    import tensorflow as tf

    x = np.arange(18, dtype=np.float32).reshape(9, 2)
    y = np.arange(9, dtype=np.int64)
    dataset = call(answer, x, y, 4)
    if not isinstance(dataset, tf.data.Dataset):
        raise Wrong("not_dataset", f"应该返回一个 `tf.data.Dataset`，现在是 {type(dataset).__name__}。")
    sizes, labels = [], []
    elements = take_finite(
        dataset, 10, "数据集",
        "`repeat()` 让它无限循环：批次确实都是完整的，可 `fit` 还得另外给 `steps_per_epoch` 才知道一轮有多长。",
        "分批时加上 `drop_remainder=True`，丢掉最后那个不完整批次。",
    )
    for element in elements:
        if not (isinstance(element, tuple) and len(element) in (2, 3)):
            raise Wrong(
                "wrong_structure",
                "数据集的每个元素应该是 `(特征, 标签)` 二元组（`fit` 也接受再带上样本权重的三元组）。",
            )
        if element[1].shape.rank == 0:
            raise Wrong(
                "not_batched",
                "数据集的元素还是一个个单独的样本：还没有分批。",
                "在数据集上调用 `.batch(...)`，批大小就是传进来的 `global_batch_size`。",
            )
        if element[1].shape.rank != 1:
            raise Wrong(
                "wrong_labels",
                f"每个元素的第二项形状是 `{element[1].shape.as_list()}`：标签应该是每个样本一个整数（形状 "
                f"`[批大小]`），和传进来的 `y` 一样。现在第二项不是这样的整数标签：特征和标签的位置可能放错了，"
                "或者标签被改写成了别的形式（例如独热编码）。模型的损失按传进来的 `y` 来算，这里只改分批。",
                "元素写成 `(x, y)` 的顺序，`x` 和 `y` 都原样交给 `tf.data.Dataset.from_tensor_slices((x, y))`。",
            )
        _require_rows_of(element[0], x)
        sizes.append(int(element[1].shape[0]))
        labels += _rows(element[1].numpy())
    if sizes and sizes[0] == 2:
        raise Wrong(
            "wrong_batch_size",
            f"每批样本数是 {sizes}，第一批只有 2 个样本。交给数据集的是全局批大小（4）："
            "分布式策略再把每批平分给各个副本，每个副本每步拿到 4 // 2 = 2 个。",
            "`.batch(global_batch_size, drop_remainder=True)`：批大小就是传进来的全局批大小，不要自己除以副本数。",
        )
    if sizes and sizes[-1] < 4 and all(s == 4 for s in sizes[:-1]):
        nan = _empty_replica_gives_nan()
        shown = "检查刚在 0 个样本上运行了一次 `BatchNormalization`，它的滑动均值真的变成了 nan。" if nan else ""
        raise Wrong(
            "partial_batch",
            f"每批样本数是 {sizes}：最后一批只有 {sizes[-1]} 个样本。两个副本分它时，一个副本拿到 0 个样本，"
            f"`BatchNormalization` 在空批次上求均值和方差，得到的是 nan；训练时它经梯度进入共享的权重。{shown}",
        )
    if sizes and all(s == 4 for s in sizes) and len(sizes) > 2 and set(labels) == set(y.tolist()):
        # repeat().batch(4).take(3) and the like: every batch complete, every sample seen, some twice. Accepted:
        # it is what the task asks (no replica gets an empty batch); the verdict names what it costs.
        repeated = sorted({v for v in labels if labels.count(v) > 1})
        _check_repeat_other_sizes(answer, len(sizes))
        return (
            f"每批样本数是 {sizes}，都是完整的批次，每个副本每步都拿到 2 个样本，不会出现空批次，nan 的问题解决了；"
            "换成 30 个样本、全局批大小 4，也是每批完整、每个样本都训练到了。"
            f"代价是一轮里样本 {'、'.join(map(str, repeated))} 出现了不止一次，"
            "而且批次数要按样本数向上取整来算。常用的写法是 `batch(global_batch_size, drop_remainder=True)`："
            "每轮丢掉最后不到一批的样本（打乱后每轮丢的不是同一些），一轮仍是一遍数据。"
        )
    if sizes != [4, 4]:
        raise Wrong("wrong_batches", f"9 个样本、全局批大小 4，应该得到两个完整的批次 [4, 4]，现在是 {sizes}。")
    if len(set(labels)) != 8 or not set(labels) <= set(y.tolist()):
        raise Wrong("lost_samples", "两个批次里应该是 8 个不同的样本。")
    _check_other_sizes(answer)
    return "9 个样本分成两个完整的批次 [4, 4]，多出来的 1 个被丢掉：每个副本每步都拿到 2 个样本，不会出现空批次。"


EX_05_1 = Exercise(
    id="05.1",
    notebook=NOTEBOOK,
    title="分布式训练里的 nan：让每个批次都完整",
    difficulty=1,
    section="同一份 `fit` 代码，换个分布式策略",
    task=(
        "在两个副本的 `MirroredStrategy` 下用 `fit` 训练带 `BatchNormalization` 的模型，损失变成了 nan。"
        "数据有 9 个样本，全局批大小是 4。\n\n"
        "写 `make_batches(x, y, global_batch_size)`，返回分好批的 `tf.data.Dataset`，让这个问题不再出现。"
        "检查会数每批的样本数，并说明不完整批次（样本数不到全局批大小）为什么会产生 nan。"
    ),
    hints=(
        "9 个样本按 4 个一批分，最后一批只有 1 个；两个副本分这一批时会发生什么？",
        "`dataset.batch(global_batch_size, drop_remainder=True)` 丢掉最后那个不完整批次。",
    ),
    check=_check_full_batches,
)


# -- 05.2 -------------------------------------------------------------------------------------


def _keras_average(fn) -> float | None:
    """What ``keras.metrics.MeanMetricWrapper(fn)`` reports after a batch of 4 (all higher) and one of 1 (lower).

    Right answer: 4 of 5 samples are higher, 0.8. None if the learner's function fails in the wrapper.
    """
    import keras
    import tensorflow as tf

    metric = keras.metrics.MeanMetricWrapper(fn)
    try:
        metric.update_state(tf.constant([[1.0], [2.0], [3.0], [4.0]]), tf.constant([[2.0], [3.0], [4.0], [5.0]]))
        metric.update_state(tf.constant([[1.0]]), tf.constant([[0.0]]))
        return float(metric.result())
    except Exception:  # the learner's function: the message then explains without the example
        return None


def _require_per_sample(answer, values, batch: int, where: str) -> None:
    """Wrong "not_per_sample" unless ``values`` holds one value per sample (first dimension ``batch``)."""
    import tensorflow as tf

    try:
        shape = tuple(tf.convert_to_tensor(values).shape)
    except (TypeError, ValueError):
        return  # not a tensor: mean_of has said so already
    if shape and shape[0] == batch:
        return
    shown = "一个标量（形状 `()`）" if not shape else f"形状 `{shape}` 的张量"
    one_number = all(d == 1 for d in shape)  # () or (1,) or (1, 1): the whole batch reduced to one number
    how = "整批被 `tf.reduce_mean` 之类的归约合成了一个数。" if one_number else "第一维应该是样本数。"
    average = _keras_average(answer)
    example = ""
    if average is not None and abs(average - 0.8) > 1e-4:
        why = "（两批各算一个数：(1.0 + 0.0) / 2 = 0.5）" if abs(average - 0.5) < 1e-4 else ""
        example = (
            f"检查刚用 `keras.metrics.MeanMetricWrapper(too_high)` 试了两批：一批 4 个样本全部偏高，"
            f"一批 1 个样本不偏高。偏高的比例应该是 4/5 = 0.8，它报告的却是 {average:.2f}{why}。"
        )
    raise Wrong(
        "not_per_sample",
        f"{where}返回的是{shown}，不是每个样本一个值：检查传进来 {batch} 个样本，结果应该是形状 `[{batch}]`"
        f"（或 `[{batch}, 1]`）的张量，{how}"
        "`compile(metrics=[too_high])` 把函数包进 `keras.metrics.MeanMetricWrapper`：它把每个样本的值"
        "（乘上 `sample_weight`）加起来，再除以样本总数。函数只返回一个数时，这个数只算一个样本，"
        f"样本多的批和样本少的批（例如最后一个不完整批次）权重一样，平均值就偏了。{example}",
        "去掉归约：直接返回 `tf.cast(y_pred > y_true, tf.float32)`，每个样本一个 1.0 或 0.0，求平均交给 Keras。",
    )


def _check_function_metric(answer) -> str:
    import numpy as np
    import tensorflow as tf

    y_true = tf.constant([[1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0]])
    y_pred = tf.constant([[1.5], [1.0], [3.5], [3.0], [5.5], [7.0], [7.0]])  # 4 higher, 2 lower, 1 equal
    higher, lower, equal = 4 / 7, 2 / 7, 1 / 7

    def mean_of(value, where):
        if isinstance(value, tf.Tensor) and value.dtype != tf.float32:
            raise Wrong(
                "not_float32",
                f"{where}返回的是 `{value.dtype.name}` 张量，题目要的是 `float32`（1.0 或 0.0）："
                "用 `tf.cast(..., tf.float32)` 转换。",
                "比较得到的是布尔张量：`tf.cast(y_pred > y_true, tf.float32)` 把它变成 1.0 和 0.0。",
            )
        try:
            return float(tf.reduce_mean(tf.cast(value, tf.float32)))
        except (TypeError, ValueError):
            raise Wrong("wrong_type", f"{where}返回的应该是张量，现在是 {type(value).__name__}。") from None

    values = call(answer, y_true, y_pred)
    # one value for the whole batch is named as a reduction first; then every per-sample value must be 0 or 1
    _require_per_sample(answer, values, int(y_true.shape[0]), "即时执行时")
    try:
        seen = sorted({round(float(v), 4) for v in tf.reshape(tf.cast(values, tf.float32), [-1]).numpy()})
    except (TypeError, ValueError):
        seen = None
    if seen is not None and not set(seen) <= {0.0, 1.0}:
        why = (
            f"每个样本都是同一个数 {seen[0]}，像是把整批的平均值（偏高的比例）铺到了每个样本上。"
            "不给样本权重时，Keras 再求平均碰巧还是这个比例；可 `sample_weight` 乘的是每个样本自己的值："
            "例如一批两个样本、一个偏高（权重 1）一个不偏高（权重 0），应该得到 1.0，铺开的平均值却给出 0.5。"
            if len(seen) == 1
            else "例如 `tf.sign` 对偏低的样本给 -1，求平均时会和偏高的相互抵消。"
        )
        raise Wrong(
            "not_zero_one",
            f"每个样本的值应该是 1.0（偏高）或 0.0（不偏高），现在出现了 {seen}：{why}",
            "用比较得到真假，再转换成浮点数：`tf.cast(y_pred > y_true, tf.float32)`，不要再求平均。",
        )
    eager = mean_of(values, "即时执行时")
    if np.isclose(eager, lower) or np.isclose(eager, lower + equal):
        raise Wrong(
            "swapped_args",
            f"平均值是 {eager:.3f}，是“预测不高于真实值”那一边的比例：比较的方向反了，或者参数的顺序反了。",
            "检查两处：参数的顺序是 `(y_true, y_pred)`（Keras 总是这样传），比较的是 `y_pred > y_true`。",
        )
    if np.isclose(eager, higher + equal):
        raise Wrong(
            "counts_ties",
            f"平均值是 {eager:.3f}：预测正好等于真实值的那个样本也被算成了偏高。相等不算偏高，用 `>`，不用 `>=`。",
            "严格大于：`tf.cast(y_pred > y_true, tf.float32)`。",
        )
    if not np.isclose(eager, higher):
        raise Wrong(
            "wrong_value",
            f"7 个样本里有 4 个预测高于真实值（另有 1 个正好相等），平均值应该是 {higher:.3f}，现在是 {eager:.3f}。",
            "只看方向：预测比真实值大给 1.0，否则给 0.0，不取绝对值，也不看差多少："
            "`tf.cast(y_pred > y_true, tf.float32)`。",
        )
    try:
        graph_values = call(tf.function(answer), y_true, y_pred)
        _require_per_sample(answer, graph_values, int(y_true.shape[0]), "在 `tf.function` 里")
        graph = mean_of(graph_values, "在 `tf.function` 里")
    except LearnerError as err:
        raise Wrong(
            "not_graph_safe",
            f"在 `tf.function` 里调用时出错（{type(err.error).__name__}）。`fit` 在计算图里调用指标，"
            "那里的张量没有具体数值，NumPy 函数用不了。",
            "只用 TensorFlow 算子：`tf.cast(y_pred > y_true, tf.float32)`。",
        ) from None
    if not np.isclose(graph, higher):
        raise Wrong(
            "wrong_value", f"在 `tf.function` 里得到 {graph:.3f}，即时执行时是 {eager:.3f}，两者应该相同。",
            "只用 TensorFlow 算子，不依赖 Python 的 `if` 和具体数值：`tf.cast(y_pred > y_true, tf.float32)`。",
        )
    return (
        f"即时执行和计算图里都得到 {higher:.3f}：任何 `f(y_true, y_pred)` 形式、只用 TensorFlow 算子的函数，"
        "都能放进 `compile(metrics=[...])`，日志里的名字就是函数名。"
    )


EX_05_2 = Exercise(
    id="05.2",
    notebook=NOTEBOOK,
    title="把普通函数当作指标",
    difficulty=2,
    section="任意函数作损失或指标；自定义回调；TensorBoard",
    task=(
        "回归模型常常系统性地偏高或偏低。写一个指标函数 `too_high(y_true, y_pred)`：对每个样本，"
        "预测高于真实值时给 1.0，否则给 0.0（返回 `float32` 张量）。Keras 会对它求平均，"
        "得到“预测偏高的样本比例”。\n\n"
        "检查先即时执行调用它，再像 `fit` 那样把它放进 `tf.function` 里调用。"
    ),
    hints=(
        "Keras 调用损失和指标的参数顺序总是 `(y_true, y_pred)`。",
        "`tf.cast(y_pred > y_true, tf.float32)`；不要用 NumPy，`fit` 在计算图里调用它。",
    ),
    check=_check_function_metric,
)


# -- 05.3 -------------------------------------------------------------------------------------

#: Made-up training logs, four epochs of two batches: the running mean of each batch, then the epoch's loss.
#: The first batch of epoch 2 dips below 0.5 although that epoch ends at 0.6 (a batch-end check stops there);
#: with threshold 0.6 that epoch's loss equals the threshold, which is not below it (``<=`` stops there).
_EPOCHS = (((0.9, 0.8), 0.8), ((0.45, 0.6), 0.6), ((0.5, 0.4), 0.4), ((0.3, 0.3), 0.3))


def _run_like_fit(callback, model, hooks: list) -> tuple[tuple[int, int | None] | None, list]:
    """Call the callback's hooks in ``fit``'s order with the logs above; return (where it stopped, returned values).

    Where it stopped is (epoch, batch) with batch None for "after the epoch"; None if it never stopped.
    ``hooks`` gets the name of each hook as it is called (the last one is the one that raised).
    ``fit`` looks at ``model.stop_training`` after every batch and after every epoch.
    """
    model.stop_training = False
    returned = []

    def call(method, *args):
        hooks.append(method.__name__ if hasattr(method, "__name__") else str(method))
        try:
            return _call(method, *args)
        except KeyboardInterrupt:  # what a learner may raise to "stop" training; fit lets it through, too
            raise Wrong(
                "keyboard_interrupt",
                f"`{hooks[-1]}` 抛出了 `KeyboardInterrupt`：`fit` 不接住它，训练像按了中断键那样带着异常退出，"
                "`fit` 不返回，`History` 也拿不到。回调让训练正常停下的办法是设一个标志。",
                "满足条件时写 `self.model.stop_training = True`，不要抛异常。",
            ) from None

    call(callback.on_train_begin, {})
    for epoch, (batch_losses, epoch_loss) in enumerate(_EPOCHS):
        call(callback.on_epoch_begin, epoch, {})
        for batch, loss in enumerate(batch_losses):
            call(callback.on_train_batch_begin, batch, {})
            returned.append(call(callback.on_train_batch_end, batch, {"loss": loss}))
            if model.stop_training:
                return (epoch, batch), returned
        returned.append(call(callback.on_epoch_end, epoch, {"loss": epoch_loss}))
        if model.stop_training:
            return (epoch, None), returned
    call(callback.on_train_end, {})
    return None, returned


#: (threshold, where fit should stop): the epoch (from 0) whose loss first drops below it, or None for never.
_STOP_CASES = ((0.5, 2), (0.7, 1), (0.6, 2), (0.35, 3), (0.25, None))


def _check_stop_below(answer) -> str:
    import keras

    def where(stop) -> str:
        if stop is None:
            return f"不停下（{len(_EPOCHS)} 轮都训练完）"
        epoch, batch = stop
        if batch is None:
            return f"第 {epoch + 1} 轮结束时（这一轮的损失 {_EPOCHS[epoch][1]}）"
        return f"第 {epoch + 1} 轮的第 {batch + 1} 个批次之后（那时日志里的损失 {_EPOCHS[epoch][0][batch]}）"

    outcomes, mismatched = {}, []
    for threshold, expected_epoch in _STOP_CASES:
        expected = None if expected_epoch is None else (expected_epoch, None)
        callback = call(answer, threshold)
        if not isinstance(callback, keras.callbacks.Callback):
            raise Wrong(
                "not_callback",
                f"`StopBelow({threshold})` 得到的是 {type(callback).__name__}，不是 `keras.callbacks.Callback`："
                "`fit` 要调用回调的 `set_model`、`set_params` 和所有 `on_...` 方法，这些都由基类提供。",
                "写成 `class StopBelow(keras.callbacks.Callback):`，在 `__init__` 里先调用 `super().__init__()`。",
            )
        model = keras.Sequential([keras.Input(shape=(1,)), keras.layers.Dense(1)])
        callback.set_model(model)
        hooks = []
        try:
            stop, returned = _run_like_fit(callback, model, hooks)
        except LearnerError as err:
            if isinstance(err.error, KeyError) and hooks and hooks[-1] != "on_epoch_end":
                given = "空的" if hooks[-1] != "on_train_batch_end" else "只有这个批次为止的 `loss`"
                raise Wrong(
                    "missing_key",
                    f"回调在 `{hooks[-1]}` 里读日志时出了 KeyError：{err.error}。`fit` 给这个方法的日志是{given}："
                    "`on_epoch_begin` 在一轮开始之前调用，那时这一轮还没有损失。整轮的训练损失只在 "
                    "`on_epoch_end` 的 `logs` 里。",
                    "把判断写进 `on_epoch_end(self, epoch, logs=None)`，在那里读 `logs[\"loss\"]`。",
                ) from None
            if isinstance(err.error, KeyError):
                raise Wrong(
                    "missing_key",
                    f"回调读日志时出了 KeyError：{err.error}。检查给的日志里只有 `loss`，就像 `fit` 没有 "
                    "`validation_data` 时那样；`val_loss` 之类的键只在有验证集时才有。题目要看的是训练损失。",
                    "读 `logs[\"loss\"]`。",
                ) from None
            raise
        outcomes[threshold] = stop
        if stop == expected:
            continue
        if stop is None:
            if getattr(callback, "stop_training", False):
                raise Wrong(
                    "callback_flag",
                    "训练一直没有停：你把 `stop_training` 设在了回调自己身上。`fit` 看的是模型的 "
                    "`stop_training`，回调里要写 `self.model.stop_training = True`。",
                    "`self.model.stop_training = True`，不是 `self.stop_training = True`。",
                )
            if any(value is not None for value in returned):
                raise Wrong(
                    "return_value",
                    "训练一直没有停：回调方法返回了一个值，可 `fit` 不看 `on_epoch_end` 的返回值。"
                    "要让它停下，就设 `self.model.stop_training = True`。",
                    "不用 `return`：满足条件时设 `self.model.stop_training = True`。",
                )
            if expected_epoch < len(_EPOCHS) - 1:  # stopping late at the last epoch looks like never: decided below
                raise Wrong(
                    "never_stops",
                    f"threshold={threshold} 时，第 {expected_epoch + 1} 轮结束时损失已经是 "
                    f"{_EPOCHS[expected_epoch][1]}，可训练一直没有停。",
                )
        elif stop[1] is not None:
            raise Wrong(
                "batch_end",
                f"threshold={threshold} 时，训练停在了{where(stop)}。批次结束时日志里的 `loss` 是这一轮到目前为止的"
                "平均，一个批次的起伏就可能让它暂时低于门槛；题目要看的是整轮的训练损失，写在 `on_epoch_end` 里。",
                "把判断从 `on_train_batch_end` 挪到 `on_epoch_end`：那里的 `logs[\"loss\"]` 是整轮的训练损失。",
            )
        elif _EPOCHS[stop[0]][1] == threshold:
            raise Wrong(
                "counts_equal",
                f"threshold={threshold} 时，训练停在了{where(stop)}：这一轮的损失正好等于门槛，还没有低于它。"
                "题目要的是“低于”，相等时还要接着训练：用 `<`，不用 `<=`。",
                "比较时用严格的小于：`logs[\"loss\"] < self.threshold`。",
            )
        elif stop[0] == next((e for e, (_, loss) in enumerate(_EPOCHS) if loss > threshold), None):
            raise Wrong(
                "wrong_direction",
                f"threshold={threshold} 时，训练停在了{where(stop)}，这时损失还高于门槛：比较的方向反了。",
                "损失低于门槛才停：`logs[\"loss\"] < self.threshold`。",
            )
        mismatched.append((threshold, expected, stop))
    if mismatched:
        _diagnose_wrong_epoch(outcomes, mismatched, where)
    return (
        f"threshold=0.7 时停在{where(outcomes[0.7])}，threshold=0.5 时停在{where(outcomes[0.5])}，"
        f"threshold=0.35 时停在{where(outcomes[0.35])}；threshold=0.6 时，第 2 轮的损失正好是 0.6，不算低于，"
        f"停在{where(outcomes[0.6])}；threshold=0.25 时损失从没低于它，{where(outcomes[0.25])}。"
        "`fit` 在每个批次之后、每轮之后都会看 `self.model.stop_training`，为 True 就不再往下训练；"
        "`keras.callbacks.EarlyStopping` 也是这样让训练停下的。"
    )


def _diagnose_wrong_epoch(outcomes: dict, mismatched: list, where) -> None:
    """Stops at the end of an epoch, but not the right one: the same place for every threshold, one late, or other."""
    threshold, expected, stop = mismatched[0]
    last = len(_EPOCHS) - 1

    def one_late(expected, stop) -> bool:
        if expected is None:
            return stop is None
        return stop == (expected[0] + 1, None) if expected[0] < last else stop is None

    if len(set(outcomes.values())) == 1:
        raise Wrong(
            "wrong_epoch",
            f"门槛从 0.7 换到 0.25，训练每次都停在{where(stop)}：停在哪里和传进来的 `threshold` 无关。"
            f"threshold={threshold} 时应该停在{where(expected)}。门槛要用传进来的 `threshold`，不要写死一个数。",
            "在 `__init__` 里存下 `self.threshold = threshold`，再比较 `logs[\"loss\"] < self.threshold`。",
        )
    if all(one_late(e, s) for _, e, s in mismatched):
        raise Wrong(
            "late",
            f"threshold={threshold} 时，训练停在了{where(stop)}，应该停在{where(expected)}：每次都晚停了一轮。"
            "多半是比较的是上一轮记下的损失：先拿旧值和门槛比，之后才把这一轮的 `logs[\"loss\"]` 存起来；"
            "或者把判断放在了下一轮的 `on_epoch_begin` 里。训练因此多跑了一整轮。",
            "在 `on_epoch_end` 里直接比较这一轮的损失：`if logs[\"loss\"] < self.threshold: "
            "self.model.stop_training = True`。",
        )
    early = stop is not None and (expected is None or stop[0] < expected[0])
    why = (
        f"那一轮的损失 {_EPOCHS[stop[0]][1]} 并不低于 {threshold}，停早了：停下的条件里多了别的东西"
        "（例如按轮数停），或者门槛写死了。"
        if early
        else "第一次低于门槛的那一轮结束时就该停下。"
    )
    raise Wrong(
        "wrong_epoch",
        f"threshold={threshold} 时，训练停在了{where(stop)}，应该停在{where(expected)}：{why}"
        "停下的条件只看这一轮的 `logs[\"loss\"]` 和传进来的 `threshold`。",
        "在 `__init__` 里存下 `self.threshold = threshold`，在 `on_epoch_end` 里比较 `logs[\"loss\"] < self.threshold`。",
    )


EX_05_3 = Exercise(
    id="05.3",
    notebook=NOTEBOOK,
    title="让训练停下的回调",
    difficulty=1,
    section="任意函数作损失或指标；自定义回调；TensorBoard",
    task=(
        "`EpochReport` 只是记下数字，回调还能改变训练：`fit` 在每个批次之后、每轮之后都会看一眼模型的 "
        "`stop_training`，它为 True 就不再往下训练。写回调 `StopBelow(threshold)`：某一轮结束时，"
        "如果这一轮的训练损失 `logs[\"loss\"]` 低于 `threshold`，就让 `fit` 停下。\n\n"
        "检查不真的训练：它按 `fit` 的顺序调用回调的各个方法，给出编好的损失，看训练停在哪里。"
    ),
    hints=(
        "回调里 `self.model` 就是正在训练的模型；`fit` 不看回调方法的返回值。",
        "在 `on_epoch_end` 里写 `if logs[\"loss\"] < self.threshold: self.model.stop_training = True`。",
    ),
    check=_check_stop_below,
)



# -- 05.4 -------------------------------------------------------------------------------------


def _check_compiled_step(answer) -> str:
    import keras
    import numpy as np
    import tensorflow as tf

    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input(shape=(2,)), keras.layers.Dense(1)])
    # with momentum: a hand-written `variable.assign_sub(0.1 * gradient)` cannot give the same weights
    model.compile(optimizer=keras.optimizers.SGD(0.1, momentum=0.9), loss="mse")
    model.optimizer.build(model.trainable_variables)  # its variables exist before tracing: one trace only
    runs = []  # one entry per run of the loss function's Python code: was it eager?

    def loss_fn(y_true, y_pred):  # not symmetric: swapped arguments give another loss
        runs.append(tf.executing_eagerly())
        return tf.reduce_mean(tf.nn.relu(y_pred - y_true)) + 2 * tf.reduce_mean(tf.nn.relu(y_true - y_pred))

    rng = np.random.default_rng(0)
    batches = [(rng.normal(size=(4, 2)).astype("float32"), rng.normal(size=(4, 1)).astype("float32"))
               for _ in range(3)]
    step = call(answer, model, loss_fn)
    if not callable(step):
        raise Wrong("not_callable", f"`make_step` 应该返回一个函数 `step(x, y)`，现在返回的是 {type(step).__name__}。")
    kernel, bias = (w.copy() for w in model.get_weights())
    start = [kernel.copy(), bias.copy()]
    velocity = [np.zeros_like(kernel), np.zeros_like(bias)]  # SGD's momentum: v = 0.9 v - 0.1 g; w = w + v
    returned, expected, swapped = [], [], []
    for x, y in batches:  # the same steps in NumPy: SGD(0.1, momentum=0.9) on the loss above, for a Dense(1)
        pred = x @ kernel + bias
        expected.append(float(np.mean(np.maximum(pred - y, 0)) + 2 * np.mean(np.maximum(y - pred, 0))))
        swapped.append(float(np.mean(np.maximum(y - pred, 0)) + 2 * np.mean(np.maximum(pred - y, 0))))
        grad = ((pred > y).astype("float32") - 2 * (pred < y).astype("float32")) / pred.size
        velocity = [0.9 * velocity[0] - 0.1 * x.T @ grad, 0.9 * velocity[1] - 0.1 * grad.sum(axis=0)]
        kernel, bias = kernel + velocity[0], bias + velocity[1]
        try:
            loss = call(step, tf.constant(x), tf.constant(y))
        except LearnerError as err:
            if "singleton tf.Variables" in str(err.error) or "only supports singleton" in str(err.error):
                raise Wrong(
                    "creates_variables",
                    "`step` 在 `tf.function` 里新建了变量：多半是在 `step` 里新建了优化器（`keras.optimizers.SGD(...)`）"
                    "或层，它们第一次使用时创建自己的变量。`tf.function` 只允许在第一次调用时创建一次变量，"
                    "而且每一步都换一个新优化器，它的状态（例如动量）也留不下来。",
                    "不要在 `step` 里新建优化器或层：更新权重用 `model.optimizer`，它在 `compile` 里就建好了。",
                ) from None
            raise
        if loss is None:
            raise Wrong("no_loss", "`step` 没有返回这一步的损失：写 `return loss`，`fit` 也是这样把损失报告给你的。")
        try:
            returned.append(float(loss))
        except (TypeError, ValueError):
            raise Wrong("no_loss", f"`step` 返回的应该是一个标量损失，现在是 {type(loss).__name__}。") from None
    if not np.isclose(returned[0], expected[0], rtol=1e-4) and np.isclose(returned[0], swapped[0], rtol=1e-4):
        raise Wrong(
            "swapped_args",
            f"第一步返回的损失是 {returned[0]:.4f}，是把真实值和预测的位置对调后得到的；应该是 {expected[0]:.4f}。"
            "检查用的损失函数不对称（预测偏低罚得重一倍），参数顺序一反，损失和梯度都变了。",
            "Keras 的损失函数都是 `loss_fn(y_true, y_pred)`：写 `loss_fn(y, model(x, training=True))`。",
        )
    if not np.isclose(returned[0], expected[0], rtol=1e-4):
        raise Wrong(
            "wrong_loss",
            f"第一步返回的损失是 {returned[0]:.4f}，应该是更新权重之前、在这个批次上算出的 {expected[0]:.4f}。",
            "在 `tf.GradientTape` 里先算 `loss = loss_fn(y, model(x, training=True))`，最后 `return loss`。",
        )
    weights_now = model.get_weights()
    moved = not all(np.allclose(now, before) for now, before in zip(weights_now, start))
    if moved and int(model.optimizer.iterations) == 0:
        raise Wrong(
            "not_optimizer",
            "3 步之后权重变了，可 `model.optimizer.iterations` 还是 0：权重是自己写的更新改的（例如 "
            "`variable.assign_sub(学习率 * 梯度)`），没有经过 `model.optimizer`。检查用的是带动量的 SGD"
            "（`momentum=0.9`）：它记着前几步的梯度，自己写的“学习率乘梯度”从第二步起就和它不同；"
            "换成 Adam 之类的优化器，差别更大。`fit` 用的也是 `compile` 里配置的优化器。",
            "更新权重交给优化器：`model.optimizer.apply_gradients(zip(gradients, model.trainable_variables))`。",
        )
    if not (np.allclose(weights_now[0], kernel, atol=1e-5) and np.allclose(weights_now[1], bias, atol=1e-5)):
        raise Wrong(
            "no_update",
            "3 步之后，模型的权重不是用 `model.optimizer` 按梯度更新 3 次之后的值：梯度求了，却没有（或者没用对）更新。",
            "求出 `gradients = tape.gradient(loss, model.trainable_variables)` 之后，调用 "
            "`model.optimizer.apply_gradients(zip(gradients, model.trainable_variables))`。",
        )
    if not np.allclose(returned, expected, rtol=1e-4):
        raise Wrong("wrong_loss", f"3 步返回的损失是 {np.round(returned, 4).tolist()}，应该是 {np.round(expected, 4).tolist()}。")
    if len(runs) == 3 and all(runs):
        raise Wrong(
            "eager",
            "损失函数的 Python 代码运行了 3 次，每次都是即时执行：每一步都逐个算子经过 Python，这个训练步没有编译成计算图。",
            "把训练步包进 `tf.function`：`return tf.function(step)`，或者在 `def step` 上面写 `@tf.function`。",
        )
    if len(runs) == 3 and not any(runs):
        raise Wrong(
            "retraced",
            "损失函数的 Python 代码在计算图里运行了 3 次：每调用一次 `step`，就追踪一次。多半是每次调用时都新建了一个 "
            "`tf.function`，新的 `tf.function` 不认得上一次追踪得到的图。",
            "在 `make_step` 里只调用一次 `tf.function`，把得到的函数返回出去，之后反复调用它。",
        )
    if runs != [False]:
        raise Wrong(
            "wrong_trace_count",
            f"3 个形状相同的批次，损失函数的 Python 代码应该只在第一次调用时、追踪中运行 1 次，现在是 {len(runs)} 次"
            f"（其中即时执行的 {sum(runs)} 次）。",
        )
    return (
        "3 步的损失和更新都对，损失函数的 Python 代码只在第一次调用时追踪了 1 次，之后执行的都是同一张计算图："
        "这就是 `fit` 在它的训练步上做的事。"
    )


EX_05_4 = Exercise(
    id="05.4",
    notebook=NOTEBOOK,
    title="编译好的训练步只追踪一次",
    difficulty=2,
    section="`fit` 为什么快：它在计算图中运行",
    task=(
        "写 `make_step(model, loss_fn)`，返回一个编译成计算图的训练步 `step(x, y)`：前向传播、求梯度、"
        "用 `model.optimizer` 更新权重，返回这一步的损失（更新之前算出的）。\n\n"
        "检查用一个一层的小模型和带动量的 SGD，连续调用 `step` 3 次（3 个形状相同的批次），核对每一步的损失和最后的权重，"
        "再像第 4 节那样数损失函数的 Python 代码运行了几次、是不是即时执行。"
    ),
    hints=(
        "和第 4 节的 `train_step` 一样写，再想一想：`tf.function` 该在哪里调用、调用几次？",
        "在 `make_step` 里定义 `def step(x, y)`，最后 `return tf.function(step)`：只包一次，之后反复调用同一个函数。",
    ),
    check=_check_compiled_step,
)

EXERCISES = [EX_05_1, EX_05_2, EX_05_3, EX_05_4]
