"""Exercises of 04_keras_fit: the loss fit reports, a generator for predict, choosing epochs with EarlyStopping."""

from __future__ import annotations

import itertools
import re
import types

from helpers.exercises.core import Exercise, LearnerError, Wrong, as_number, call, describe_error, take_finite

NOTEBOOK = "04_keras_fit"

#: What NumPy (and so ``float(tensor)``) says when asked to make one number of several.
_NOT_ONE_NUMBER = re.compile(r"only (?:0-dimensional|length-1|size-1) arrays can be converted")

_TERMINAL_COLOUR = re.compile(r"\x1b\[[0-9;]*m")

#: The hint for an answer that raised: the exercise's own hint is about something else.
_RUN_IT_ALONE = "先新开一个单元格，用几个样本单独调用你的函数，看报错出在哪一行、那一行的值是什么形状和类型。"


def _raised(error: LearnerError, hint: str = _RUN_IT_ALONE, where: str = "运行你的代码时") -> Wrong:
    """The verdict for an answer that raised ``error``: what it says, what it usually means, and how to look."""
    described, meaning = describe_error(error.error)
    described = _TERMINAL_COLOUR.sub("", described)  # Keras marks layer names in bold
    text = f"{where}出了异常：{described}"
    if meaning:
        text += f"\n这通常是说：{meaning}"
    return Wrong("exception", text, hint)


# -- 04.1 -------------------------------------------------------------------------------------


def _regularized_model():
    import keras

    model = keras.Sequential(
        [
            keras.Input(shape=(4,)),
            keras.layers.Dense(
                5,
                activation="relu",
                kernel_initializer=keras.initializers.RandomNormal(stddev=1.0, seed=7),
                kernel_regularizer=keras.regularizers.L2(0.1),
            ),
            keras.layers.BatchNormalization(),  # training=True would use this batch's statistics
            keras.layers.Dense(
                3,
                kernel_initializer=keras.initializers.RandomNormal(stddev=1.0, seed=8),
                kernel_regularizer=keras.regularizers.L2(0.05),
            ),
        ]
    )
    model.compile(optimizer="sgd", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    return model


#: The methods that compute the reported loss for the learner; ``test_on_batch`` is ``evaluate`` on one batch.
_FORBIDDEN = ("fit", "evaluate", "test_on_batch", "train_on_batch")


def _forbidden(name: str):
    """A stand-in for ``model.<name>`` that tells the learner the task asks for the loss written out."""

    def stand_in(*args, **kwargs):
        raise Wrong(
            "used_evaluate",
            f"你调用了 `{name}`：它替你算出了报告的损失（`test_on_batch` 就是在一个批次上 `evaluate`）。"
            "题目要的是自己把这个损失算出来，看清它由哪几项组成，所以不能用 `fit`、`evaluate`、"
            "`test_on_batch` 和 `train_on_batch`。",
            "先用 `compile` 时的损失函数算出交叉熵，再想想 `model.losses` 里还有什么。",
        )

    return stand_in


#: The hint for each way of not returning one number.
_NUMBER_HINTS = {
    "not_scalar": "`keras.losses.SparseCategoricalCrossentropy(from_logits=True)` 这样的损失对象会替你求平均；"
    "函数形式 `keras.losses.sparse_categorical_crossentropy` 给出每个样本一个损失，要再求平均。",
    "wrong_type": "返回一个数：Python 的 `float`，或者只有一个元素的张量。",
}


def _reported_number(answer, model, x, y) -> float:
    """Call the learner's ``reported_loss`` and return its one number; else the :class:`Wrong` that says why not."""
    try:
        got = call(answer, model, x, y, 4)
    except LearnerError as error:
        if isinstance(error.error, TypeError) and _NOT_ONE_NUMBER.search(str(error.error)):
            raise Wrong(
                "not_scalar",
                "你的代码对一个含有多个数的数组或张量调用了 `float()`（报错：“只有 0 维的数组才能变成 Python 的数”）。"
                "多半是用了函数形式的 `keras.losses.sparse_categorical_crossentropy`："
                "它给出每个样本一个损失，是一个向量，要先求平均，才是 `evaluate` 报告的那种一个数。",
                _NUMBER_HINTS["not_scalar"],
            ) from None
        raise _raised(error) from None
    try:
        return as_number(got, "返回值")
    except Wrong as wrong:
        raise Wrong(wrong.key, wrong.message, _NUMBER_HINTS.get(wrong.key)) from None


def _check_reported_loss(answer) -> str:
    import keras
    import numpy as np

    model = _regularized_model()
    rng = np.random.default_rng(4)
    x = rng.normal(size=(6, 4)).astype(np.float32)
    y = rng.integers(0, 3, size=6)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    cross_entropy = float(loss_fn(y, model(x)))
    penalty = float(sum(float(v) for v in model.losses))
    # evaluate with batch_size=4 sees a batch of 4 and a partial batch of 2
    batch_losses = [float(loss_fn(y[part], model(x[part]))) for part in (slice(0, 4), slice(4, 6))]
    for name in _FORBIDDEN:  # the task asks for the sum written out
        setattr(model, name, _forbidden(name))
    got = _reported_number(answer, model, x, y)
    want = cross_entropy + penalty
    if np.isclose(got, cross_entropy, rtol=1e-4):
        raise Wrong(
            "missing_regularization",
            f"算出的是 {got:.4f}，只有交叉熵。`fit` 报告的损失还包括 `model.losses` 里的 L2 正则化损失 {penalty:.4f}，"
            f"合计 {want:.4f}。",
            "把 `model.losses` 里的各项加到交叉熵上：`sum(model.losses)` 或 `tf.add_n(model.losses)`。",
        )
    terms = [float(v) for v in model.losses]
    if any(np.isclose(got, cross_entropy + term, rtol=1e-4) for term in terms):
        raise Wrong(
            "one_regularization_term",
            f"算出的是 {got:.4f}：交叉熵 {cross_entropy:.4f} 只加上了 {len(terms)} 项正则化损失里的一项。"
            f"两个带 L2 正则化的全连接层各在 `model.losses` 里放一项（{terms[0]:.4f} 和 {terms[1]:.4f}），"
            f"要全部加上：交叉熵 {cross_entropy:.4f} + 正则化损失 {penalty:.4f} = {want:.4f}。",
            "`tf.add_n(model.losses)` 或 `sum(model.losses)` 把各项相加，不要只取 `model.losses[0]`。",
        )
    if np.isclose(got, cross_entropy + penalty / len(model.losses), rtol=1e-4):
        raise Wrong(
            "averaged_regularization",
            f"算出的是 {got:.4f}：正则化损失只算进了一半（{penalty / 2:.4f}，应为 {penalty:.4f}）。"
            f"两种写法会得出这个数：把 {len(model.losses)} 项正则化损失求了平均，或者按 TF1 里 `tf.nn.l2_loss` 的习惯"
            "手算 L2、多乘了 1/2。每个带正则化的层各贡献一项，要全部加起来；Keras 的 `L2(c)` 算的是 c × Σw²，"
            f"没有 1/2。应该是交叉熵 {cross_entropy:.4f} + 正则化损失 {penalty:.4f} = {want:.4f}。",
            "直接用 `tf.add_n(model.losses)` 或 `sum(model.losses)`：各项相加，每一项已经是 c × Σw²。",
        )
    as_probabilities = float(keras.losses.SparseCategoricalCrossentropy()(y, model(x)))  # from_logits left out
    if any(np.isclose(got, value, rtol=1e-4) for value in (as_probabilities + penalty, as_probabilities)):
        raise Wrong(
            "missing_from_logits",
            f"算出的是 {got:.4f}：你的损失函数少了 `from_logits=True`。模型最后一层没有 softmax，输出的是 logits"
            "（可正可负、和不为 1 的分数）；不加 `from_logits=True`，`SparseCategoricalCrossentropy` 就把它们当成概率"
            f"（按和归一化、截到 0 和 1 之间）再取对数，交叉熵成了 {as_probabilities:.4f}，而 `compile` 时的损失给出的是 "
            f"{cross_entropy:.4f}。应该是 {cross_entropy:.4f} + 正则化损失 {penalty:.4f} = {want:.4f}。",
            "照 `compile` 时的写法建损失函数：`keras.losses.SparseCategoricalCrossentropy(from_logits=True)`。",
        )
    twin = _regularized_model()  # same seeds, same weights; training mode would move this one's statistics
    training_mode = float(loss_fn(y, twin(x, training=True)))
    # per batch in training mode: BatchNormalization uses each batch's own statistics
    per_batch_training = [float(loss_fn(y[part], twin(x[part], training=True))) for part in (slice(0, 4), slice(4, 6))]
    training_values = (
        training_mode,
        float(np.average(per_batch_training, weights=[4, 2])),
        float(np.mean(per_batch_training)),
    )
    if any(np.isclose(got, value + extra, rtol=1e-4) for value in training_values for extra in (0.0, penalty)):
        raise Wrong(
            "training_mode",
            f"算出的是 {got:.4f}：这是训练模式（`training=True`）下的损失。`evaluate` 在推理模式下调用模型，"
            "`BatchNormalization` 用滑动均值和滑动方差，不用这个批次自己的均值和方差，"
            f"应该是 {want:.4f}。",
            "调用模型时写 `model(x, training=False)`。",
        )
    plain_mean = float(np.mean(batch_losses)) + penalty
    if np.isclose(got, plain_mean, rtol=1e-4) and not np.isclose(got, want, rtol=1e-4):
        raise Wrong(
            "plain_mean",
            f"算出的是 {got:.4f}：你把两个批次的损失（{batch_losses[0]:.4f} 和 {batch_losses[1]:.4f}）简单平均了。"
            "`evaluate` 按各批次的样本数加权：4 个样本的批次占 4/6，只有 2 个样本的不完整批次只占 2/6，"
            f"加权平均是 {cross_entropy:.4f}，再加正则化损失 {penalty:.4f}，合计 {want:.4f}。",
            "`np.average(各批次的损失, weights=各批次的样本数)`；推理模式下它就等于一次算完全部样本的平均交叉熵。",
        )
    if not np.isclose(got, want, rtol=1e-4):
        raise Wrong(
            "wrong_value",
            f"算出的是 {got:.4f}，应该是交叉熵 {cross_entropy:.4f} + 正则化损失 {penalty:.4f} = {want:.4f}。",
            "逐项对照：调用模型时是不是推理模式（`training=False`）？各批次是不是按样本数加权？"
            "`model.losses` 的各项都加上了吗？",
        )
    return f"交叉熵 {cross_entropy:.4f} + 正则化损失 {penalty:.4f} = {want:.4f}，和 `fit`、`evaluate` 报告的一样。"


EX_04_1 = Exercise(
    id="04.1",
    notebook=NOTEBOOK,
    title="算出 `fit` 报告的损失",
    difficulty=2,
    section="正则化损失和活动正则化损失自动计入",
    task=(
        "模型的两个全连接层带 L2 正则化，中间有一层 `BatchNormalization`；`compile` 时用的损失是 "
        "`keras.losses.SparseCategoricalCrossentropy(from_logits=True)`。\n\n"
        "写 `reported_loss(model, x, y, batch_size)`：不调用 `fit` 或 `evaluate`，自己算出 "
        "`model.evaluate(x, y, batch_size=batch_size)` 会报告的损失（返回一个数）。"
        "检查用 6 个样本、`batch_size=4` 调用它，所以最后一个批次是只有 2 个样本的不完整批次。\n\n"
        "除了第 5 节，还要用到第 2 节末尾关于训练模式和推理模式的说明，以及"
        "[深入：各批次的损失怎样平均](#深入：各批次的损失怎样平均)。"
    ),
    hints=(
        "`fit` 和 `evaluate` 报告的损失不只是交叉熵：各层的正则化损失在 `model.losses` 里。",
        "各批次的损失按样本数加权平均。推理模式下，每个样本的交叉熵和同一批次里的别的样本无关："
        "按样本数加权的各批次平均，等于什么？",
    ),
    check=_check_reported_loss,
)


# -- 04.2 -------------------------------------------------------------------------------------


#: (samples, batch size, the batch sizes ``image_batches`` must yield): the first is the task's; the
#: other two catch a batch size written in as a number and an empty batch after an exact division.
_CASES = [(10, 4, [4, 4, 2]), (8, 3, [3, 3, 2]), (8, 4, [4, 4])]


def _size_problems(sizes: list[int], wanted: list[int]) -> str:
    """Say, batch by batch, how ``sizes`` differs from ``wanted`` (at most three differences)."""
    problems = []
    for number, (got, want) in enumerate(itertools.zip_longest(sizes, wanted), 1):
        if want is None:
            problems.append(f"多出来的第 {number} 个批次有 {got} 个" if got else f"多出来的第 {number} 个批次是空的")
        elif got is None:
            problems.append(f"少了第 {number} 个批次（应该有 {want} 个）")
        elif got != want:
            problems.append(f"第 {number} 个批次应该有 {want} 个，现在是 {got} 个")
    return "；".join(problems[:3])


#: The hint for an answer whose generator ran but ``predict`` then failed on what it yielded.
_PREDICT_FAILED = (
    "你的生成器单独调用时没有报错，异常出在 `predict` 读取它产出的批次时：看看每次产出的元组里"
    "放的是什么类型、什么形状，要和直接传给 `predict` 的数组一样。"
)


def _check_predict_generator(answer) -> str:
    try:
        return _judge_predict_generator(answer)
    except LearnerError as error:
        raise _raised(error) from None


def _judge_predict_generator(answer) -> str:
    import numpy as np

    with_none = False
    for samples, batch_size, wanted in _CASES:
        x = np.arange(samples * 3, dtype=np.float32).reshape(samples, 3)
        with_none |= _judge_one_case(answer, x, batch_size, wanted)
    note = (
        "\n另外：你产出的是 `(这一批, None)`。Keras 把第二项 `None` 当作“没有标签”，所以也能用；"
        "`predict` 只要输入，写成 `(这一批,)` 更简单，读的人也不用去猜 `None` 是什么。"
        if with_none
        else ""
    )
    return (
        "生成器按顺序产出各批次（10 个样本、批大小 4 时是 [4, 4, 2]；8 个样本时，批大小 3 是 [3, 3, 2]，"
        "批大小 4 是 [4, 4]），`predict(生成器, steps=...)` 和直接传 NumPy 数组得到同样的预测。" + note
    )


def _judge_one_case(answer, x, batch_size: int, wanted: list[int]) -> bool:
    """Judge ``image_batches(x, batch_size)``; return whether it yields ``(batch, None)``, else raise :class:`Wrong`."""
    import keras
    import numpy as np

    call_text = f"`image_batches(x, {batch_size})`（{len(x)} 个样本）"
    produced = call(answer, x, batch_size)
    if isinstance(produced, (list, tuple, np.ndarray)) or not hasattr(produced, "__next__"):
        raise Wrong(
            "not_generator",
            f"{call_text}返回的是 {type(produced).__name__}，应该是生成器：函数体里用 `yield` 逐批产出。",
            "在 `for` 循环里 `yield` 每个批次：函数体里有 `yield`，调用它得到的就是生成器；"
            "不要 `return` 一个列表、数组或数据集，也不要在循环里 `return`。",
        )
    if not isinstance(produced, types.GeneratorType):
        raise Wrong(
            "not_generator",
            f"{call_text}返回的是 {type(produced).__name__}，能用 `next()` 逐个取，但不是生成器："
            "`predict` 接受数组、张量、数据集、`keras.utils.PyDataset`、生成器等多种输入，但判断生成器时只认 "
            "`types.GeneratorType`，一般的迭代器它不认得（会报 `Unrecognized data type`）。",
            "把 `return` 换成在 `for` 循环里 `yield`：函数体里有 `yield`，调用它得到的就是生成器。",
        )
    elements = take_finite(
        produced, 20, "生成器", f"题目要它产完一遍就结束：{len(x)} 个样本、每个批次 {batch_size} 个，就是 {len(wanted)} 个批次。"
        "不会结束的生成器，`predict` 不给 `steps` 时会一直读下去。",
        "生成器函数里的循环要能结束：用 `for start in range(0, len(x), batch_size):`，不要用 `while True:`。",
    )
    with_none = False
    for number, element in enumerate(elements, 1):
        if not isinstance(element, tuple):
            raise Wrong(
                "bare_array",
                f"第 {number} 次产出的是 {type(element).__name__}，不是元组。Keras 3 要求生成器每次产出一个元组；"
                "只有输入时写成 `(这一批,)`，末尾的逗号不能少（Keras 2 还接受直接产出数组）。",
                "在产出的那个批次后面加一个逗号，放进圆括号：`yield (这一批,)`；方括号的列表不算。",
            )
        if len(element) == 2 and element[1] is None:  # Keras reads the None as "no labels"
            with_none = True
        elif len(element) != 1:
            raise Wrong(
                "not_inputs_only",
                f"第 {number} 次产出了 {len(element)} 个元素：`predict` 只要输入，写成 `(这一批,)`。",
                "只产出输入，不带标签或别的东西：`yield (这一批,)`。",
            )
        if not hasattr(element[0], "shape"):
            why = (
                "字典是给有几个具名输入的模型用的，这里的模型只有一个输入。"
                if isinstance(element[0], dict)
                else "Python 列表（比如 `.tolist()` 的结果）Keras 不会替你转换，读到它时就会报错。"
            )
            raise Wrong(
                "not_array",
                f"第 {number} 次产出的元组里放的是 {type(element[0]).__name__}，不是 NumPy 数组或张量。"
                f"`predict` 要的每个批次是一个数组或张量：{why}",
                "直接产出数组的切片 `x[start : start + batch_size]`，不要转成列表或字典。",
            )
        if np.ndim(element[0]) != 2:
            raise Wrong(
                "not_batched",
                f"第 {number} 次产出的形状是 {np.shape(element[0])}：这不是一个批次的样本。"
                "`predict` 的每一步要一个批次的样本：第一维是这个批次的样本数，后面是每个样本的形状（这里是 3）。",
                "每次产出 `x` 的一段切片：`x[start : start + batch_size]`，不要逐个样本产出，也不要把一个批次展平。",
            )
    sizes = [len(element[0]) for element in elements]
    if sum(sizes) < len(x):
        raise Wrong(
            "dropped_last",
            f"各批次的样本数是 {sizes}，一共只产出 {sum(sizes)} 个，少了最后 {len(x) - sum(sizes)} 个。"
            "`predict` 要对每个样本都给出预测，最后那个不完整批次也要产出。",
            "`range(0, len(x), batch_size)` 的起点覆盖了所有样本，最后一个批次会短一些，这没关系。",
        )
    if sizes != wanted:
        raise Wrong(
            "wrong_batches",
            f"{len(x)} 个样本、批大小 {batch_size}，各批次的样本数应该是 {wanted}，现在是 {sizes}："
            f"{_size_problems(sizes, wanted)}。",
            "批大小用参数 `batch_size`，不要写死；每个批次从 `start` 切到 `start + batch_size`，"
            "`start` 取 `range(0, len(x), batch_size)`，切到末尾的那个批次自然短一些，不会多出一个空批次。",
        )
    rows = np.concatenate([np.asarray(element[0]) for element in elements])
    if not np.array_equal(rows, x):
        if np.array_equal(np.sort(rows, axis=0), np.sort(x, axis=0)):
            raise Wrong(
                "wrong_order",
                f"各批次的大小对了（{sizes}），样本也都在，但顺序和 `x` 不同：`predict` 按产出的顺序给出预测，"
                "打乱了，第 i 行预测就不再对应 `x` 的第 i 个样本。",
                "按顺序切：`x[start : start + batch_size]`，不要打乱样本或下标。",
            )
        raise Wrong(
            "wrong_batches",
            f"各批次的大小对了（{sizes}），但产出的样本和 `x` 里的不一样：要原样切出来，不改动数值。",
            "直接产出切片 `x[start : start + batch_size]`，不要另做换算。",
        )
    dense = keras.layers.Dense(2, kernel_initializer=keras.initializers.RandomNormal(seed=3))
    model = keras.Sequential([keras.Input(shape=(3,)), dense])
    try:
        predicted = call(lambda: model.predict(answer(x, batch_size), steps=len(wanted), verbose=0))
    except LearnerError as error:
        raise _raised(error, _PREDICT_FAILED, "`predict` 读取你产出的批次时") from None
    if not np.allclose(predicted, model(x).numpy(), atol=1e-5):
        raise Wrong(
            "wrong_batches",
            "`predict` 用你的生成器得到的结果和直接传数组的不一样：检查每个批次的内容和顺序。",
            "每次调用 `image_batches(x, batch_size)` 都应从头按顺序产出同样的批次。",
        )
    return with_none


EX_04_2 = Exercise(
    id="04.2",
    notebook=NOTEBOOK,
    title="给 `predict` 写一个生成器",
    difficulty=1,
    section="三种输入：NumPy 数组、Python 生成器、数据集",
    task=(
        "手上的图像放在一个 NumPy 数组里，但想像读文件那样一个批次一个批次地交给 `predict`。\n\n"
        "写生成器函数 `image_batches(x, batch_size)`：按顺序逐批产出 `predict` 需要的输入，"
        "最后一个不完整批次（样本数不到批大小）也要产出，产完一遍就结束（像第 4 节的 `batches` 那样）。"
        "检查会用 10 个样本、`batch_size=4` 调用它，再把它交给 `model.predict(..., steps=3)`，与直接传数组的结果比较；"
        "还会换成 8 个样本、`batch_size=3` 和 8 个样本、`batch_size=4` 各检查一遍。"
    ),
    hints=(
        "Keras 3 要求生成器每次产出一个元组；`predict` 只要输入，写成 `(这一批,)`。",
        "`for start in range(0, len(x), batch_size):` 里 `yield (x[start : start + batch_size],)`："
        "末尾的逗号让它成为只有一个元素的元组。",
    ),
    check=_check_predict_generator,
)


# -- 04.3 -------------------------------------------------------------------------------------

#: The check's data: one feature, labels ``x > 0``. One of the four validation labels is the other way, so the
#: validation loss falls while the weight grows towards ln 3 (epoch 3) and rises after that; the validation
#: accuracy is 0.25 after epoch 1 and 0.75 from epoch 2 on; the training loss falls every epoch.
_TRAIN_X, _TRAIN_Y = [1.0, -1.0, 1.0, -1.0, 1.0, -1.0, 1.0, -1.0], [1, 0, 1, 0, 1, 0, 1, 0]
_VAL_X, _VAL_Y = [1.0, -1.0, 1.0, -1.0], [1, 0, 0, 0]

#: The hint for every mistake in how ``EarlyStopping`` is set up.
_STOP_HINT = (
    "`keras.callbacks.EarlyStopping(monitor=\"val_loss\", patience=2, restore_best_weights=True)` 放进 "
    "`callbacks=[...]`，`fit` 里写 `validation_data=(x_val, y_val)` 和一个宽裕的 `epochs`（比如 100）。"
)


def _early_stopping_model():
    import keras

    model = keras.Sequential(
        [
            keras.Input(shape=(1,)),
            keras.layers.Dense(
                1, activation="sigmoid", use_bias=False, kernel_initializer=keras.initializers.Constant(-1.0)
            ),
        ]
    )
    # run_eagerly: a handful of one-batch epochs; tracing the train and test steps would cost more than they do
    model.compile(
        optimizer=keras.optimizers.SGD(1.2), loss="binary_crossentropy", metrics=["accuracy"], run_eagerly=True
    )
    return model


def _same_arrays(given, *wanted) -> bool:
    """True if ``given`` is a tuple or list whose first items hold the values of ``wanted``."""
    import numpy as np

    if not isinstance(given, (tuple, list)) or len(given) < len(wanted):
        return False
    try:
        return all(np.shape(g) == np.shape(w) and np.array_equal(np.asarray(g), w) for g, w in zip(given, wanted))
    except (TypeError, ValueError):
        return False


def _judge_fit_arguments(arguments: dict, data: tuple) -> list:
    """Judge what the learner passed to ``fit`` before it trains; return the callbacks as a list, else raise :class:`Wrong`."""
    import keras

    x_train, y_train, x_val, y_val = data
    if not _same_arrays((arguments.get("x"), arguments.get("y")), x_train, y_train):
        raise Wrong(
            "wrong_train_data",
            "`fit` 拿到的训练数据不是 `x_train, y_train`：模型要在训练集上学，验证集只用来挑选轮数。",
            "`model.fit(x_train, y_train, validation_data=(x_val, y_val), ...)`。",
        )
    validation = arguments.get("validation_data")
    if validation is None:
        split = arguments.get("validation_split") or 0
        how = (
            f"你写了 `validation_split={split}`：它从训练数据的末尾再切出一份做验证，没有用传进来的 `x_val, y_val`。"
            if split
            else "没有验证数据，历史记录里就没有 `val_loss`、`val_accuracy`，`EarlyStopping` 找不到要看的值，"
            "只发一条警告，训练一直跑满 `epochs`。"
        )
        raise Wrong(
            "no_validation",
            f"`fit` 没有拿到验证集 `(x_val, y_val)`：{how}",
            "给 `fit` 加上 `validation_data=(x_val, y_val)`。",
        )
    if _same_arrays(validation, x_train, y_train):
        raise Wrong(
            "validation_is_train",
            "`validation_data` 里放的是训练数据 `(x_train, y_train)`：在学过的样本上算出的“验证”指标"
            "和训练指标一样一路变好，挑不出模型在没见过的数据上最好的那一轮。",
            "`validation_data=(x_val, y_val)`：验证集要和训练集分开。",
        )
    if not _same_arrays(validation, x_val, y_val):
        raise Wrong(
            "no_validation",
            f"`validation_data` 不是 `(x_val, y_val)`，而是 {type(validation).__name__}：题目给了验证集，就用它。",
            "`validation_data=(x_val, y_val)`：一个元组，先放输入，再放标签。",
        )
    given = arguments.get("callbacks")
    given = [given] if isinstance(given, keras.callbacks.Callback) else list(given or [])  # Keras accepts one, too
    stops = [cb for cb in given if isinstance(cb, keras.callbacks.EarlyStopping)]
    if not stops:
        raise Wrong(
            "no_early_stopping",
            "`fit` 的 `callbacks` 里没有 `keras.callbacks.EarlyStopping`：没有它，训练总是跑满 `epochs`，"
            "不会在验证指标不再变好时停下，也不会装回最好那一轮的权重。",
            _STOP_HINT,
        )
    monitor = str(stops[-1].monitor)
    if not monitor.startswith("val_"):
        raise Wrong(
            "monitors_training",
            f"`EarlyStopping` 看的是 `monitor=\"{monitor}\"`，这是在训练集上算的指标：它"
            "照着模型学过的样本变好，说不出模型在没见过的数据上哪一轮最好；按训练损失选，往往就是最后一轮。"
            "验证集要参与挑选，`EarlyStopping` 就得看它上面的指标。",
            "看验证集上的指标：`monitor=\"val_loss\"`（默认值）或 `monitor=\"val_accuracy\"`。",
        )
    return given


def _recording_fit(model, data: tuple, calls: list, snapshots: list):
    """A stand-in for ``model.fit``: judges its arguments, then trains, noting the weights after every epoch."""
    import inspect

    import keras

    original = model.fit
    signature = inspect.signature(original)
    snapshot = keras.callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: snapshots.append(model.get_weights()))

    def fit(*args, **kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:  # let Keras say what is wrong with the call
            return original(*args, **kwargs)
        calls.append(dict(bound.arguments))
        callbacks = _judge_fit_arguments(bound.arguments, data)  # a Wrong here saves training a wrong setup
        snapshots.clear()
        bound.arguments["callbacks"] = [*callbacks, snapshot]
        return original(*bound.args, **bound.kwargs)

    return fit


def _check_early_stopping(answer) -> str:
    import keras
    import numpy as np

    data = tuple(
        np.array(values, dtype=np.float32).reshape(-1, 1) for values in (_TRAIN_X, _TRAIN_Y, _VAL_X, _VAL_Y)
    )
    model = _early_stopping_model()
    calls, snapshots = [], []
    model.fit = _recording_fit(model, data, calls, snapshots)
    try:
        returned = call(answer, model, *data)
    except LearnerError as error:
        raise _raised(error) from None
    if not calls:
        raise Wrong(
            "no_fit",
            "你的函数没有调用 `model.fit`，模型一轮也没有训练。",
            "在函数里调用 `model.fit(x_train, y_train, ...)`，把它的返回值 `return` 出去。",
        )
    arguments = calls[-1]
    stop = [cb for cb in _judge_fit_arguments(arguments, data) if isinstance(cb, keras.callbacks.EarlyStopping)][-1]
    history = returned if isinstance(returned, keras.callbacks.History) else model.history
    values = (history.history if history is not None else {}).get(stop.monitor)
    if not values:
        raise Wrong(
            "no_validation",
            f"历史记录里没有 `{stop.monitor}`：`EarlyStopping` 找不到它要看的值。"
            "`fit` 会记下 `val_loss` 和 `compile` 时每个指标的 `val_` 版本（这里是 `val_accuracy`）。",
            "`monitor=\"val_loss\"` 或 `monitor=\"val_accuracy\"`。",
        )
    epochs = arguments.get("epochs", 1)
    ran = len(values)
    higher_is_better = "acc" in stop.monitor or "auc" in stop.monitor
    best = int(np.argmax(values) if higher_is_better else np.argmin(values))  # the first of equal values
    if stop.stopped_epoch == 0 and ran == epochs:
        still = "到最后一轮还在变好" if best == ran - 1 else f"最好的是第 {best + 1} 轮，之后只跑了 {ran - 1 - best} 轮"
        raise Wrong(
            "too_few_epochs",
            f"训练跑满了 `epochs={epochs}` 轮，`EarlyStopping` 一次也没有让它停下：`{stop.monitor}` {still}，"
            f"还没等满 `patience={stop.patience}` 轮。轮数上限太小，挑选轮数的其实是你写的 `epochs`，不是验证集。",
            "把 `epochs` 写得宽裕些（比如 100），让 `EarlyStopping` 在验证指标不再变好时停下。",
        )
    if len(snapshots) != ran:  # the check's own bookkeeping: never the learner's fault
        raise RuntimeError(f"recorded {len(snapshots)} epochs of weights for {ran} epochs of history")
    final = model.get_weights()
    matches = [e for e, weights in enumerate(snapshots) if all(np.array_equal(a, b) for a, b in zip(final, weights))]
    if best not in matches:
        if stop.best_epoch != best and stop.best_epoch in matches:
            raise Wrong(
                "wrong_mode",
                f"装回的是第 {stop.best_epoch + 1} 轮，可 `{stop.monitor}` 最好的是第 {best + 1} 轮："
                "`mode` 把方向弄反了（损失越小越好，准确率越大越好）。",
                "不写 `mode`（默认 \"auto\" 按指标的名字判断方向），或者损失写 `mode=\"min\"`、准确率写 `mode=\"max\"`。",
            )
        if ran - 1 in matches:
            raise Wrong(
                "no_restore",
                f"训练在第 {ran} 轮后停了，可模型留下的是最后一轮的权重，不是 `{stop.monitor}` 最好的第 {best + 1} 轮的："
                "`EarlyStopping` 默认 `restore_best_weights=False`，只让训练停下，不装回最好那一轮。"
                f"停下之前的 {ran - 1 - best} 轮都没有变好。",
                "`EarlyStopping(..., restore_best_weights=True)`。",
            )
        raise Wrong(
            "not_best_weights",
            f"`fit` 结束后，模型的权重不是 `{stop.monitor}` 最好的第 {best + 1} 轮的：函数返回之前，权重又被改过了。",
            "`fit` 之后不要再训练或改动模型的权重，直接 `return` `fit` 的返回值。",
        )
    if not isinstance(returned, keras.callbacks.History):
        if returned is None:
            what = "`None`，什么也没有返回：多半是忘了写 `return`"
        elif isinstance(returned, dict):
            what = "一个字典：多半是 `history.history`，它只是 History 对象里各轮的指标"
        else:
            what = type(returned).__name__
        raise Wrong(
            "not_history",
            f"训练和挑选都对了，可你的函数返回的是{what}。题目要的是 `fit` 的返回值，一个 `keras.callbacks.History`"
            "（它的 `.history` 是各轮的指标，`.epoch` 是跑了哪几轮）。",
            "`return model.fit(...)`，或者先 `history = model.fit(...)`，最后 `return history`。",
        )
    note = (
        "\n另外：`patience=0` 在 Keras 里和 `patience=1` 一样，都是第一轮没有变好就停；写 1 更能说清这个意思。"
        if stop.patience == 0
        else ""
    )
    return (
        f"`fit` 在验证集上看 `{stop.monitor}`，最好的是第 {best + 1} 轮；之后 {ran - 1 - best} 轮没有变好，"
        f"第 {ran} 轮后停下（上限 {epochs} 轮），模型装回了第 {best + 1} 轮的权重。" + note
    )


EX_04_3 = Exercise(
    id="04.3",
    notebook=NOTEBOOK,
    title="用验证集和 `EarlyStopping` 选轮数",
    difficulty=2,
    section="用验证集选轮数，最后在测试集上评估一次",
    task=(
        "写 `train_with_early_stopping(model, x_train, y_train, x_val, y_val)`：用 `model.fit` 在训练集上训练"
        "（模型已经 `compile` 过，带 `accuracy` 指标），由验证集决定训练几轮：验证指标不再变好时停下，"
        "并把验证集上最好那一轮的权重装回模型；返回 `fit` 的返回值。\n\n"
        "检查用一个只有一个权重的小模型和几个样本调用它，记下每轮结束时的权重，"
        "看训练停在哪一轮、最后留下的是哪一轮的权重。测试集不在这里出现：它只在选好轮数之后用一次。"
    ),
    hints=(
        "第 3 节的 `EarlyStopping`：`monitor` 要看验证集上的指标，还要 `restore_best_weights=True`；"
        "`fit` 要拿到 `validation_data`。",
        "`stop = keras.callbacks.EarlyStopping(monitor=\"val_loss\", patience=2, restore_best_weights=True)`，"
        "然后 `return model.fit(x_train, y_train, epochs=100, validation_data=(x_val, y_val), callbacks=[stop], verbose=0)`。",
    ),
    check=_check_early_stopping,
    time_limit=30.0,  # a few eager epochs of fit with validation: under 1 s of CPU, seconds on a busy machine
)


EXERCISES = [EX_04_1, EX_04_2, EX_04_3]
