"""Exercises of 03_data_and_tf_function: a pipeline, a graph loop, iterators, where cache() goes."""

from __future__ import annotations

import contextlib

from helpers.exercises.core import (
    Exercise,
    LearnerError,
    Wrong,
    as_number,
    call,
    require_callable,
    take_finite,
)

NOTEBOOK = "03_data_and_tf_function"


# -- 03.1 -------------------------------------------------------------------------------------


def _check_pipeline(answer) -> str:
    import numpy as np
    import tensorflow as tf

    rng = np.random.default_rng(3)
    images = rng.integers(0, 256, size=(50, 4, 4, 1), dtype=np.uint8)
    labels = np.arange(50, dtype=np.int64)
    dataset = call(answer, images, labels, 16)
    if not isinstance(dataset, tf.data.Dataset):
        raise Wrong("not_dataset", f"应该返回一个 `tf.data.Dataset`，现在是 {type(dataset).__name__}。")
    batches = []
    elements = take_finite(
        dataset, 60, "数据集", "`repeat()` 让它无限循环下去；要训练几轮，交给 `fit(epochs=...)` 或外面的循环。"
    )
    for element in elements:
        if not (isinstance(element, tuple) and len(element) == 2):
            raise Wrong("wrong_structure", "数据集的每个元素应该是 `(图像, 标签)` 二元组。")
        if element[1].shape.rank == 0:
            raise Wrong("not_batched", "数据集的元素还是一个个单独的样本：还没有分批。", "最后调用 `.batch(batch_size)`。")
        batches.append((element[0].numpy(), element[1].numpy()))
    sizes = [len(y) for _, y in batches]
    shuffled_batches = Wrong(
        "shuffled_batches",
        "每个批次里的标签都是连续的，只是批次的顺序变了：先分批再打乱，打乱的是整批，不是样本。",
    )
    if sorted(sizes) == [2, 16, 16, 16] and sizes != [16, 16, 16, 2]:
        raise shuffled_batches
    if sizes == [16, 16, 16]:
        raise Wrong(
            "dropped_last",
            "每批样本数是 [16, 16, 16]：最后 2 个样本组成的不完整批次被丢掉了（`drop_remainder=True`）。"
            "一轮遍历应该用上全部 50 个样本。",
            "`batch(batch_size)` 不加 `drop_remainder`：最后一批只有 2 个样本，这没关系。",
        )
    if sum(sizes) > len(labels) and sum(sizes) % len(labels) == 0:
        raise Wrong(
            "repeated",
            f"一轮遍历给出了 {sum(sizes)} 个样本，是样本数 {len(labels)} 的 {sum(sizes) // len(labels)} 倍"
            f"（每批样本数 {sizes}）：多半是用了 `repeat`。数据集遍历一遍就该是一轮，每个样本正好出现一次；"
            "要训练几轮，交给 `fit(epochs=...)` 或外面的循环。",
            "去掉 `repeat`：`map`、`shuffle`、`batch` 三步就够了。",
        )
    if sizes != [16, 16, 16, 2]:
        raise Wrong("wrong_batches", f"50 个样本、批大小 16，每批样本数应该是 [16, 16, 16, 2]，现在是 {sizes}。")
    x_all = np.concatenate([x for x, _ in batches])
    y_all = np.concatenate([y for _, y in batches])
    if x_all.dtype != np.float32 or x_all.max() > 1.0:
        raise Wrong(
            "not_scaled",
            f"图像是 {x_all.dtype}，最大值 {x_all.max():g}；应该缩放成 `float32`、取值在 0 到 1 之间。",
        )
    if x_all.min() < 0.0:
        raise Wrong(
            "wrong_range",
            f"图像的取值在 {x_all.min():g} 到 {x_all.max():g} 之间，有负数："
            "多半是缩放到了 -1 到 1（例如 `(x - 127.5) / 127.5`），"
            "题目要的是 0 到 1。两种缩放都常见，但模型和预处理要一致：按 0 到 1 训练的模型拿到 -1 到 1 的输入，"
            "或者反过来，结果都会悄悄变差。",
            "`tf.cast(image, tf.float32) / 255.0`：0 变成 0，255 变成 1。",
        )
    integral = np.issubdtype(y_all.dtype, np.integer) or bool(np.all(y_all == np.round(y_all)))
    if not integral and sorted(np.round(y_all * 255.0).tolist()) == labels.tolist():
        raise Wrong(
            "labels_scaled",
            f"标签也被缩放了：标签成了 {y_all.dtype} 的小数（最大 {y_all.max():.4g}），是原来的 1/255。"
            "`map` 只该改图像，标签原样交出去。",
            "`map` 里的函数返回 `(tf.cast(image, tf.float32) / 255.0, label)`：标签不动。",
        )
    if not integral or sorted(y_all.tolist()) != labels.tolist():
        raise Wrong("lost_samples", "一轮遍历里丢了或重复了样本：每个样本应该正好出现一次。")
    y_all = y_all.astype(np.int64)  # labels cast to float but unchanged in value are fine
    paired = images[y_all].astype(np.float64)
    lit = paired > 0
    ratios = x_all[lit] / paired[lit]
    if (
        lit.any()
        and np.allclose(ratios, ratios[0], rtol=1e-4)
        and not np.isclose(ratios[0] * 255.0, 1.0, rtol=1e-4)
    ):
        raise Wrong(
            "wrong_factor",
            f"缩放系数不对：每个像素都乘了 {ratios[0]:.6g}（约等于 1/{1 / ratios[0]:.4g}），应该是 1/255，"
            f"所以 255 成了 {255 * ratios[0]:.4g}，不是 1。图像和标签仍然一一对应，打乱是对的。",
            "除以 255.0：`tf.cast(image, tf.float32) / 255.0`，0 变成 0，255 变成 1。",
        )
    if not np.allclose(x_all * 255.0, images[y_all], atol=1e-3):
        raise Wrong("pairs_broken", "图像和标签对不上了：打乱要作用在 `(图像, 标签)` 对上，不能分别打乱。")
    if y_all.tolist() == labels.tolist():
        raise Wrong("not_shuffled", "样本还是原来的顺序：没有打乱。")
    runs = all(np.array_equal(np.diff(y), np.ones(len(y) - 1)) for _, y in batches)
    if runs:
        raise shuffled_batches
    again = take_finite(dataset, 60, "数据集")
    second = np.concatenate([element[1].numpy() for element in again])
    if second.tolist() == y_all.tolist():
        raise Wrong(
            "not_reshuffled",
            "两轮遍历给出的顺序一模一样：每一轮都重放了第一轮的顺序，模型每轮看到的批次都相同。"
            "多半是写了 `reshuffle_each_iteration=False`（或把 `cache()` 放在了 `shuffle` 后面）。",
            "用 `shuffle(len(labels))` 的默认设置：它每一轮都重新打乱。",
        )
    # shuffle(b) hands out position k from the first k + b inputs only, so no label moves up by b or more
    moved_up = int(np.max(y_all - np.arange(len(y_all))))
    if moved_up < len(labels) // 4:
        raise Wrong(
            "small_buffer",
            f"样本打乱了，但打乱得不彻底：每个样本至多比原来的位置提前了 {moved_up} 位。"
            "`shuffle(b)` 每次只能从眼前的 b 个样本里随机挑一个，排在后面的样本到不了前面，"
            f"所以缓冲区看来远小于样本数 {len(labels)}。",
            "数据放得进内存时，缓冲区取样本数：`shuffle(len(labels))`。",
        )
    # 50 samples cannot tell shuffle(16) or shuffle(25) from shuffle(50): probe again with 1000 one-pixel
    # samples in batches of 100, where any buffer of 750 or fewer moves no label up by more than 749
    size = 1000
    probe = call(answer, np.zeros((size, 1, 1, 1), np.uint8), np.arange(size, dtype=np.int64), 100)
    if not isinstance(probe, tf.data.Dataset):
        raise Wrong("not_dataset", f"应该返回一个 `tf.data.Dataset`，现在是 {type(probe).__name__}。")
    probed = np.concatenate([element[1].numpy() for element in take_finite(probe, 2 * size // 100, "数据集")])
    if sorted(probed.tolist()) == list(range(size)):
        moved_up = int(np.max(probed - np.arange(size)))
        if moved_up <= size * 3 // 4:
            raise Wrong(
                "small_buffer",
                f"50 个样本时看起来打乱了，可换成 {size} 个样本、批大小 100 再试一次，每个样本至多比原来的位置"
                f"提前了 {moved_up} 位：`shuffle(b)` 排在第 k 位的样本只能来自前 k + b 个，所以缓冲区大约只有 "
                f"{moved_up + 1} 个样本，远小于样本数 {size}。缓冲区多半用了批大小、样本数的一部分或一个固定的小数，"
                "样本一多，排在后面的样本就到不了前面。",
                "缓冲区跟着样本数走：`shuffle(len(labels))`，不要用 `batch_size`。",
            )
    return (
        "图像缩放成了 0 到 1 的 `float32`，样本打乱后分成 16、16、16、2 四批，图像与标签仍然一一对应，"
        "第二轮又换了一个顺序。"
    )


EX_03_1 = Exercise(
    id="03.1",
    notebook=NOTEBOOK,
    title="写一条输入管道：缩放、打乱、分批",
    difficulty=1,
    section="输入管道：缩放、打乱、分批、截取",
    task=(
        "写 `make_pipeline(images, labels, batch_size)`：`images` 是 `uint8` 的 NumPy 数组（N×高×宽×1），"
        "`labels` 是整数数组。返回一个 `tf.data.Dataset`，每个元素是一个批次 `(图像, 标签)`："
        "图像缩放成 0 到 1 的 `float32`，样本先打乱再分批。"
        "打乱要彻底：缓冲区取样本数，而不是本篇演示用的 `BUFFER_SIZE = 10`；每一轮都要重新打乱。\n\n"
        "检查用 50 个样本、批大小 16 遍历两轮。"
    ),
    hints=(
        "三个变换依次是 `map`、`shuffle`、`batch`；`map` 里用 `tf.cast(image, tf.float32) / 255.0`。",
        "顺序很重要：先 `shuffle(缓冲区大小)` 再 `batch(batch_size)`。缓冲区取样本数 `len(labels)`，打乱得最彻底。",
    ),
    check=_check_pipeline,
)


# -- 03.2 -------------------------------------------------------------------------------------


def _not_tf_function(answer) -> Wrong:
    """The verdict for a plain Python function: says whether it looped over the batches in Python."""
    import tensorflow as tf

    dataset = tf.data.Dataset.from_tensor_slices(tf.range(4.0)).batch(3)
    kind = type(dataset)
    iterated = []
    original = kind.__iter__

    def counting_iter(self):
        iterated.append(1)
        return original(self)

    kind.__iter__ = counting_iter  # a Python `for batch in dataset` calls it; dataset.reduce does not
    try:
        call(answer, dataset)
    except (Wrong, LearnerError):
        pass
    finally:
        kind.__iter__ = original
    if iterated:
        return Wrong(
            "not_tf_function",
            "答案还是普通的 Python 函数：`for batch in dataset` 在 Python 里逐批运行，每个批次都要回到 Python。",
        )
    return Wrong(
        "not_tf_function",
        "答案还是普通的 Python 函数。它没有在 Python 里逐批遍历（例如用了 `dataset.reduce`，整个循环在 TensorFlow "
        "的 C++ 代码里跑完），这本身就不慢；但题目练的是用 `@tf.function` 让 AutoGraph 把 `for batch in dataset` "
        "改写成计算图里的循环。",
        "在函数上面加 `@tf.function`，循环照常写成 `for batch in dataset:`。",
    )


#: More Python `next()` calls than this while tracing: the dataset is iterated by plain Python, which
#: never ends in a graph (each `next` gives new symbolic tensors, never StopIteration); the check's
#: datasets have at most 4 batches
_MAX_NEXT_CALLS = 100

_COMPREHENSION = Wrong(
    "comprehension_in_graph",
    "在计算图里，数据集被 Python 逐个 `next()` 了上百次还没停：AutoGraph 只改写 `for` 语句，"
    "列表推导式、生成器表达式（`sum(... for batch in dataset)`、`[... for batch in dataset]`）"
    "不会被改写，仍是普通的 Python 循环。追踪时迭代器交出的批次只是符号，它永远不报 `StopIteration`，"
    "这个循环就永远不结束，计算图越长越大。",
    "写成普通的 `for batch in dataset:` 循环，循环里 `total += tf.reduce_sum(batch ** 2)`。",
)


@contextlib.contextmanager
def _counting_next(dataset, calls: list):
    """Within the block, stop a dataset iterator whose `__next__` ran too often; `calls[0]` counts the calls.

    AutoGraph converts `for` statements only: a list comprehension or generator expression over a dataset inside
    a `tf.function` stays plain Python, and while tracing its iterator hands out symbolic batches forever.
    Past the limit `__next__` raises; AutoGraph wraps whatever it raises, so the caller looks at `calls`.
    The iterator's class is taken from an eager `iter(dataset)`, so no private module is imported.
    """
    kind = type(iter(dataset))
    original = kind.__next__

    def counting_next(self):
        calls[0] += 1
        if calls[0] > _MAX_NEXT_CALLS:
            raise RuntimeError("the dataset was iterated by plain Python inside a tf.function")
        return original(self)

    kind.__next__ = counting_next
    try:
        yield
    finally:
        kind.__next__ = original


def _check_graph_loop(answer) -> str:
    import numpy as np
    import tensorflow as tf

    require_callable(answer)
    if not hasattr(answer, "get_concrete_function"):
        raise _not_tf_function(answer)
    results = []
    for n in (10, 7):
        values = np.arange(n, dtype=np.float32)
        dataset = tf.data.Dataset.from_tensor_slices(values).batch(3)
        next_calls = [0]
        try:
            with _counting_next(dataset, next_calls):
                got = call(answer, dataset)
        except LearnerError as err:
            if next_calls[0] > _MAX_NEXT_CALLS:
                raise _COMPREHENSION from None
            if "Iterating over a symbolic" in str(err.error):
                raise Wrong(
                    "unpacked_element",
                    "这个数据集的每个元素是一批数（一个张量），不是 `(x, y)` 对：`for x, y in dataset` 要把每一批拆成两个，"
                    "可在计算图里这一批的长度还不知道，拆不开。",
                    "只用一个循环变量：`for batch in dataset:`，再累加 `tf.reduce_sum(batch**2)`。",
                ) from None
            if type(err.error).__name__ == "InaccessibleTensorError":
                raise Wrong(
                    "tensor_left_loop",
                    "循环里算出的张量被存进了 Python 列表，循环结束后再拿出来用：在 `tf.function` 里，AutoGraph 把 "
                    "`for batch in dataset` 改写成图里的循环，循环体只追踪一次，里面算出的张量只在循环体内部有效，"
                    "出不了这个循环（InaccessibleTensorError）。列表本身不是图的一部分，它带不出每一轮的值。"
                    "这里也用不着 `tf.Variable`：一个随循环更新的张量就够了。",
                    "用一个张量做累加器：循环前 `total = tf.constant(0.0)`，循环里 `total += tf.reduce_sum(batch ** 2)`，"
                    "AutoGraph 会把它变成循环变量；真要收集每一批的值，用 `tf.TensorArray`。",
                ) from None
            if "singleton tf.Variables" in str(err.error):
                raise Wrong(
                    "variable_in_function",
                    "函数里新建了一个 `tf.Variable`：`tf.function` 只允许第一次追踪时创建变量，而第一次创建了变量之后"
                    "它紧接着再追踪一次，这一次又要新建一个，于是报错。本题其实用不着变量：累加的结果只在这一次调用里用，"
                    "一个随循环更新的张量就够了。",
                    "循环前 `total = tf.constant(0.0)`，循环里 `total += tf.reduce_sum(batch ** 2)`，最后 `return total`。",
                ) from None
            if "as_numpy_iterator" in str(err.error):
                raise Wrong(
                    "numpy_in_graph",
                    "`dataset.as_numpy_iterator()` 只能在即时执行下用：它逐个交出 NumPy 数组，而在 `tf.function` 里"
                    "张量只是计算图里的符号，没有值。直接遍历数据集本身就行。",
                    "写 `for batch in dataset:`，再累加 `tf.reduce_sum(batch ** 2)`。",
                ) from None
            if "numpy" in str(err.error):
                raise Wrong(
                    "numpy_in_graph",
                    "在 `tf.function` 里，张量只是计算图里的符号，没有值，`.numpy()` 用不了；直接把张量累加起来就行。",
                    "循环里直接累加张量：`total += tf.reduce_sum(batch ** 2)`。",
                ) from None
            raise
        want = float(np.sum(values**2))
        got = as_number(got, "返回值")
        if not np.isclose(got, want):
            again = as_number(call(answer, dataset), "返回值")  # same data once more: does it keep adding?
            if np.isclose(again - got, want):
                raise Wrong(
                    "accumulator_not_reset",
                    f"0 到 {n - 1} 的平方和应该是 {want:g}，现在是 {got:g}；对同一个数据集再调用一次，得到 {again:g}，"
                    f"正好又多了 {want:g}：累加器没有在两次调用之间清零，每次调用都接着上一次的总和往上加。"
                    "多半是在函数外面建了一个 `tf.Variable` 当累加器，函数里只 `assign_add`，从不归零。",
                    "累加器放在函数里面，每次调用从零开始：循环前 `total = tf.constant(0.0)`，"
                    "循环里 `total += tf.reduce_sum(batch ** 2)`。",
                )
            raise Wrong("wrong_value", f"0 到 {n - 1} 的平方和应该是 {want:g}，现在是 {got:g}。")
        results.append(want)
    ops = {op.type for op in answer.get_concrete_function(dataset).graph.get_operations()}
    loop_ops = sorted(ops & {"ReduceDataset", "While", "StatelessWhile"})
    if not loop_ops:
        raise Wrong("loop_not_in_graph", "计算图里找不到循环算子（`ReduceDataset` 或 `While`）。")
    return (
        f"两个数据集的结果都对（{results[0]:g} 和 {results[1]:g}），计算图里的循环算子是 "
        f"{'、'.join(f'`{op}`' for op in loop_ops)}：整个遍历都在计算图里完成，不再每批回到 Python。"
    )


EX_03_2 = Exercise(
    id="03.2",
    notebook=NOTEBOOK,
    title="把遍历数据集的 Python 循环搬进计算图",
    difficulty=2,
    section="在 `tf.function` 里遍历数据集",
    task=(
        "下面的 `sum_of_squares(dataset)` 在即时执行下逐批取出数值、在 Python 里累加。"
        "把它改成 `tf.function`，让整个遍历都在计算图里完成，结果不变。"
    ),
    hints=(
        "加上 `@tf.function`，再去掉循环里的 `.numpy()`：在计算图里张量没有具体数值。"
        "`float(...)`、`int(...)` 可以留着，AutoGraph 会把它们改写成 `tf.cast`。",
        "在计算图里张量没有值：不要 `.numpy()`，直接 `total += tf.reduce_sum(batch**2)`。",
    ),
    check=_check_graph_loop,
)


# -- 03.3 -------------------------------------------------------------------------------------


def _check_first_two(answer) -> str:
    import tensorflow as tf

    dataset = tf.data.Dataset.range(10, 15)
    try:
        result = call(answer, dataset)
    except LearnerError as err:
        if isinstance(err.error, TypeError) and "iterator" in str(err.error):
            raise Wrong(
                "next_on_dataset",
                "对数据集直接调用 `next()` 会报 `TypeError`：数据集是可迭代对象，不是迭代器。",
            ) from None
        if isinstance(err.error, (StopIteration, tf.errors.OutOfRangeError)):
            raise Wrong(
                "exhausted_iterator",
                "`next()` 报了 `StopIteration`：这个迭代器已经耗尽了。取前两个元素之前，它的元素已经被取光了"
                "（例如先 `list(it)`，或用 `for` 遍历过一遍）。迭代器只能走一遍，走完就空了；"
                "数据集才是每次 `iter()` 都从头开始。",
                "只调用一次 `iter(dataset)`，紧接着对这个迭代器 `next()` 两次，中间不要遍历它。",
            ) from None
        raise
    if isinstance(result, tf.data.Dataset):
        raise Wrong(
            "dataset_not_pair",
            "返回的是一个数据集（`take(2)` 之类得到的还是数据集），不是两个元素：题目要的是元素本身（用 `next()` 从迭代器里取），"
            "返回二元组 `(第一个, 第二个)`。",
        )
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        shown = f"长度 {len(result)} 的 {type(result).__name__}" if isinstance(result, (tuple, list)) else type(result).__name__
        raise Wrong("wrong_type", f"应该返回两个元素组成的二元组 `(第一个, 第二个)`，现在是 {shown}。")
    try:
        first, second = (int(v) for v in result)
    except (TypeError, ValueError):
        raise Wrong("wrong_type", "应该返回两个元素组成的二元组 `(第一个, 第二个)`，元素是数据集里的数。") from None
    if (first, second) == (10, 10):
        raise Wrong(
            "same_element",
            "两次拿到的都是第一个元素 10：每次 `iter(dataset)` 都从头开始一遍新的遍历。",
        )
    if (first, second) != (10, 11):
        raise Wrong("wrong_value", f"数据集 10, 11, 12, … 的前两个元素是 (10, 11)，现在是 ({first}, {second})。")
    return (
        "拿到了 (10, 11)，前两个元素都对。检查只看结果、不看写法，所以用 `take` 之类的写法也算对；"
        "本题练的 `next()` 写法，要点是只调用一次 `iter(dataset)`，再对同一个迭代器取两次，"
        "因为每次 `iter(dataset)` 都从头开始。"
    )


EX_03_3 = Exercise(
    id="03.3",
    notebook=NOTEBOOK,
    title="可迭代对象与迭代器：取出前两个元素",
    difficulty=1,
    section="数据集是可迭代对象，不是迭代器",
    task=(
        "写 `first_two(dataset)`，返回数据集的第一个和第二个元素组成的二元组。"
        "本题练的是迭代器：请用 `iter()` 和 `next()` 来取。检查只看结果，别的写法拿到同样的两个元素也算对。"
        "检查用的数据集是 10, 11, 12, 13, 14。"
    ),
    hints=(
        "`next()` 要的是迭代器；数据集本身只是可迭代对象。",
        "只调用一次 `iter(dataset)`，把得到的迭代器存下来，再对它 `next()` 两次。",
    ),
    check=_check_first_two,
)

# -- 03.4 -------------------------------------------------------------------------------------


def _check_cache_order(answer) -> str:
    import tensorflow as tf

    n = 20
    processed = tf.Variable(0, dtype=tf.int64)

    def preprocess(x):  # stands in for decoding: counts how often it runs
        processed.assign_add(1)
        return x * 10

    cache_files: list[str] = []
    original_cache = tf.data.Dataset.cache

    def noting_cache(self, filename="", name=None):  # notes the files of `cache(文件名)`
        if filename != "":
            cache_files.append(str(filename))
        return original_cache(self, filename, name=name)

    tf.data.Dataset.cache = noting_cache
    try:
        dataset = call(answer, tf.data.Dataset.range(n), preprocess)
    finally:
        tf.data.Dataset.cache = original_cache
    if not isinstance(dataset, tf.data.Dataset):
        raise Wrong("not_dataset", f"应该返回一个 `tf.data.Dataset`，现在是 {type(dataset).__name__}。")
    passes, counts = [], []
    for _ in range(2):
        processed.assign(0)
        elements = take_finite(dataset, 3 * n, "数据集", "每一轮应该只遍历一遍这 20 个元素。")
        try:
            passes.append([int(v) for v in elements])
        except (TypeError, ValueError):
            raise Wrong("wrong_structure", "数据集的每个元素应该是一个数：不要分批，也不要改变元素的结构。") from None
        counts.append(int(processed.numpy()))
    want = [10 * i for i in range(n)]
    if counts[0] == 0 and cache_files:
        raise Wrong(
            "stale_cache_file",
            f"第一轮 `preprocess` 一次也没运行：元素来自以前留下的缓存文件 `{cache_files[0]}`。"
            "`cache(文件名)` 发现文件已经写好，就直接读它，不再运行前面的 `map`；"
            "所以就算代码改对了，读到的也还是上一次运行写下的元素。",
            "删掉那个缓存文件（它和同名的 `.index` 文件）再运行，或者换一个文件名；本题用 `cache()` 缓存在内存里就够了。",
        )
    if sorted(passes[0]) != want:
        if sorted(passes[0]) == list(range(n)):
            raise Wrong("not_preprocessed", "元素还是原来的 0 到 19：没有用 `map(preprocess)` 处理。")
        got = sorted(passes[0])
        shown = "、".join(str(v) for v in got[:6]) + ("……" if len(got) > 6 else "")
        raise Wrong(
            "lost_samples",
            f"一轮遍历应该正好给出 0, 10, …, 190 这 20 个处理好的元素，各一次；现在给出了 {len(got)} 个，"
            f"从小到大是 {shown or '（没有元素）'}。元素多了，多半是 `repeat`；元素的值变了，多半是 `preprocess` "
            "用了两次；少了，多半是 `take` 或 `filter`。",
        )
    if counts[1] > 0:
        raise Wrong(
            "not_cached",
            f"第二轮 `preprocess` 又运行了 {counts[1]} 次：缓存没有存下处理好的元素。要么没有 `cache()`，"
            "要么 `cache()` 放在了 `map` 前面，存下的是还没处理的元素，每轮照样要重新处理。",
            "`cache()` 紧跟在 `map(preprocess)` 后面。",
        )
    if counts[0] == 0:
        raise Wrong(
            "preprocess_not_called",
            "元素处理得对，可交进来的 `preprocess` 一次也没运行：管道里用的是别的函数。"
            "检查靠 `preprocess` 数它运行了几次，要用交进来的这一个。",
            "`dataset.map(preprocess)`，直接用参数 `preprocess`。",
        )
    if passes[0] == passes[1]:
        if passes[0] == want:
            raise Wrong("not_shuffled", "两轮都是原来的顺序 0, 10, 20, …：没有打乱。")
        raise Wrong(
            "replayed_order",
            "两轮的顺序一模一样：每轮都重放了第一轮打乱出的顺序。多半是 `cache()` 放在了 `shuffle` 后面，"
            "缓存存下的是打乱后的顺序；或者写了 `reshuffle_each_iteration=False`。",
            "顺序是 `map` → `cache()` → `shuffle(...)`：缓存存下没打乱的元素，`shuffle` 每轮重新打乱。",
        )
    # shuffle(b) hands out position k from the first k + b inputs only, so no element moves up by b or more
    moved_up = max(max(v // 10 - k for k, v in enumerate(p)) for p in passes)
    if moved_up < n // 4:
        raise Wrong(
            "small_buffer",
            f"两轮的顺序不同，但打乱得不彻底：每个元素至多比原来的位置提前了 {moved_up} 位。"
            "`shuffle(b)` 每次只能从眼前的 b 个元素里随机挑一个，排在后面的元素到不了前面，"
            f"所以缓冲区看来远小于元素个数 {n}（练习 03.1 也是这个要求）。",
            "数据放得进内存时，缓冲区不小于元素个数，例如 `shuffle(1000)` 或 `shuffle(dataset.cardinality())`。",
        )
    # 20 elements cannot tell shuffle(8) from shuffle(20): probe once more with 1000 elements, where any
    # buffer of 750 or fewer moves no element up by more than 749 (a file cache replays its old elements: skipped)
    size = 1000
    probe = call(answer, tf.data.Dataset.range(size), lambda x: x * 10)
    if isinstance(probe, tf.data.Dataset):
        try:
            probed = [int(v) // 10 for v in take_finite(probe, 2 * size, "数据集")]
        except (TypeError, ValueError):
            probed = []
        if sorted(probed) == list(range(size)):
            moved_up = max(v - k for k, v in enumerate(probed))
            if moved_up <= size * 3 // 4:
                raise Wrong(
                    "small_buffer",
                    f"20 个元素时看起来打乱了，可换成 {size} 个元素再试一次，每个元素至多比原来的位置提前了 {moved_up} 位："
                    f"`shuffle(b)` 排在第 k 位的元素只能来自前 k + b 个，所以缓冲区大约只有 {moved_up + 1} 个元素，"
                    f"远小于元素个数 {size}。元素一多，排在后面的元素就到不了前面。",
                    "缓冲区跟着元素个数走：`shuffle(dataset.cardinality())`，或者一个不小于元素个数的数，如 `shuffle(1000)`。",
                )
    return (
        f"`preprocess` 第一轮运行了 {counts[0]} 次、第二轮 0 次，两轮的顺序不同："
        "缓存存下的是处理好、还没打乱的元素，`shuffle` 每一轮重新打乱。"
    )


EX_03_4 = Exercise(
    id="03.4",
    notebook=NOTEBOOK,
    title="把 `cache()` 放对位置：只处理一次，每轮重新打乱",
    difficulty=2,
    section="放在内存里的数组，还是从文件流式读取",
    task=(
        "写 `epoch_pipeline(dataset, preprocess)`：返回一个数据集，对 `dataset` 的每个元素做 `preprocess`，"
        "并且做到两点：`preprocess` 只在第一轮运行，之后各轮直接用缓存里处理好的元素；"
        "每一轮的顺序都重新打乱。打乱要彻底：缓冲区不小于元素个数（练习 03.1 也是这个要求）。不要分批。\n\n"
        "检查用 0 到 19 这 20 个元素、一个会计数的 `preprocess`，遍历两轮。"
    ),
    hints=(
        "要用到 `map`、`cache()` 和 `shuffle` 三个变换，关键是它们的先后。",
        "缓存存下的是它前面那一步的结果：`dataset.map(preprocess).cache().shuffle(缓冲区大小)`。",
    ),
    check=_check_cache_order,
)

EXERCISES = [EX_03_1, EX_03_2, EX_03_3, EX_03_4]
