"""Exercises of 08_metrics_losses_summaries: reset a metric, write summaries with a step, read a log back, weight a mean."""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

from helpers.exercises import private_api
from helpers.exercises.core import Exercise, LearnerError, Wrong, call, noting_calls

NOTEBOOK = "08_metrics_losses_summaries"


# -- 08.1 -------------------------------------------------------------------------------------

EPOCHS = [[1.0, 2.0, 3.0], [10.0, 20.0], [5.0]]


def _watched_mean():
    """Return a fresh ``keras.metrics.Mean`` subclass that counts the answer's updates and resets.

    It is named ``Mean``, like the class the learner knows, so an error message about it
    (``'Mean' object has no attribute 'reset'``) names nothing the learner never saw.
    ``touched`` counts look-ups of ``reset_state`` (a call looks it up too, so only
    ``touched`` without ``resets`` means "named but not called"); ``updated`` holds the
    ids of the instances that got updates, so a new one made by ``type(metric)()`` shows.
    """
    import keras

    class Mean(keras.metrics.Mean):
        updates = resets = touched = 0
        updated: set = set()

        def __getattribute__(self, name):
            if name == "reset_state":
                type(self).touched += 1
            return super().__getattribute__(name)

        def update_state(self, *args, **kwargs):
            type(self).updates += 1
            type(self).updated.add(id(self))
            return super().update_state(*args, **kwargs)

        def reset_state(self):
            type(self).resets += 1
            return super().reset_state()

    return Mean


@contextlib.contextmanager
def _watching_plain_means(watched, others: set):
    """Within the block, add to ``others`` the id of each ``keras.metrics.Mean`` that is not a ``watched``
    one and gets an update: a ``keras.metrics.Mean()`` the answer made itself."""
    import keras

    cls = keras.metrics.Mean
    had_own = "update_state" in cls.__dict__
    original = cls.__dict__.get("update_state")
    inherited = cls.update_state

    def update_state(self, *args, **kwargs):
        if not isinstance(self, watched):
            others.add(id(self))
        return inherited(self, *args, **kwargs)

    cls.update_state = update_state
    try:
        yield others
    finally:
        if had_own:
            cls.update_state = original
        else:
            del cls.update_state


def _explain_reset_name(err: LearnerError) -> None:
    """Raise Wrong if the learner called a ``reset…`` method that a Keras 3 metric does not have."""
    error = err.error
    name = getattr(error, "name", None) if isinstance(error, AttributeError) else None
    if not isinstance(name, str) or not name.startswith("reset") or name == "reset_state":
        return
    if name == "reset_states":
        raise Wrong(
            "reset_states",
            "`reset_states()`（复数）在 Keras 3 里已经没有了，所以抛出 `AttributeError`。",
            "指标用 `metric.reset_state()`（单数）清零。",
        ) from None
    raise Wrong(
        "reset_name",
        f"Keras 3 的指标没有 `{name}()`，所以抛出 `AttributeError`：清零的方法只有 `reset_state()`"
        "（PyTorch、torchmetrics 里的 `reset()`，Keras 2 里的 `reset_states()` 都不是它）。",
        "指标用 `metric.reset_state()` 清零。",
    ) from None


def _check_reset(answer) -> str:
    import numpy as np

    watched = _watched_mean()
    given = watched()
    others: set = set()  # keras.metrics.Mean objects the answer made itself and updated
    try:
        with _watching_plain_means(watched, others):
            result = call(answer, given, EPOCHS)
    except LearnerError as err:
        _explain_reset_name(err)
        raise
    fresh = len(others) + len(watched.updated - {id(given)})  # metrics made by the answer
    want = [float(np.mean(e)) for e in EPOCHS]
    try:
        got = [round(float(v), 4) for v in result]
    except (TypeError, ValueError):
        raise Wrong("wrong_type", "应该返回一个列表，每轮一个平均值。") from None
    cumulative = [float(np.mean(sum(EPOCHS[: i + 1], []))) for i in range(len(EPOCHS))]
    if np.allclose(got, cumulative) and not np.allclose(got, want):
        once = "（只在所有轮之前清零一次不够，每轮开始时都要清零）" if watched.resets else ""
        if not watched.resets and watched.touched:
            once = "（写了 `metric.reset_state` 却没有调用它：`reset_state` 后面要有括号）"
        raise Wrong(
            "never_reset",
            f"得到 {got}：第 2、3 轮的平均值把前几轮的损失也算进去了，因为轮与轮之间没有清零，"
            f"指标把前几轮也一直累积了下来{once}。每轮单独的平均值应该是 {want}。",
        )
    last_batch = [float(e[-1]) for e in EPOCHS]
    if watched.resets and len(got) == len(want) and np.allclose(got, last_batch):
        raise Wrong(
            "reset_per_batch",
            f"得到 {got}：每轮只剩最后一个批次的损失 {last_batch}，因为每个批次都清零了一次，"
            f"前面批次累积的值都被清掉了。每轮的平均值应该是 {want}。",
            "清零只在每轮开始时做一次：`metric.reset_state()` 放在批次循环的外面、前面。",
        )
    if watched.resets and len(got) == len(want) and np.allclose(got, 0.0):
        raise Wrong(
            "reset_before_result",
            f"得到 {got}：每个数都是 0，因为在 `result()` 之前刚清零过，读到的是一个空的指标。"
            f"每轮的平均值应该是 {want}。",
            "先 `result()` 读出这一轮的平均值，再 `reset_state()`；或者在每轮开始、累积之前清零。",
        )
    if not np.allclose(got, want):
        raise Wrong("wrong_value", f"每轮的平均损失应该是 {want}，现在是 {got}。")
    if watched.updates == 0 and not others:
        raise Wrong(
            "metric_unused",
            "数值对了，但传进来的 `metric` 一次也没有用上：题目要练的是用这个指标对象累积，每轮清零一次。",
        )
    if fresh:
        # Accepted, like evaluate() in the notebook, which makes new metrics on each call.
        return (
            f"每轮的平均损失 {want} 都对：你每轮新建了一个指标，新指标从零开始，也就不用清零"
            "（本篇的 `evaluate` 也是每次调用都新建指标）。要接着用传进来的这一个，就在每轮开始时 "
            "`metric.reset_state()`；训练步装进 `tf.function` 后只能这样，它用的是追踪时的那个指标，看不到新建的。"
        )
    if not watched.resets:
        return (
            f"每轮的平均损失 {want} 都对：每轮开始时指标确实从零开始了，只是没有调用 `reset_state()`"
            "（多半是自己把 `metric.variables` 赋成了 0）。`reset_state()` 替你把指标的每个变量都清零，"
            "不用知道它里面有哪些变量。"
        )
    return f"每轮的平均损失 {want} 都对：指标跨批次累积，每轮用 `reset_state()` 清零一次。"


EX_08_1 = Exercise(
    id="08.1",
    notebook=NOTEBOOK,
    title="修好从不清零的指标",
    difficulty=1,
    section="指标有状态：`update_state`、`result`、`reset_state`",
    task=(
        "`epoch_means(metric, epochs)` 用一个 `keras.metrics.Mean` 指标算每轮的平均损失：`epochs` 是一个列表，"
        "每个元素是一轮里各批次的损失。下面的写法第一轮是对的，从第二轮起却把前几轮的损失也算了进去。改好它。"
    ),
    hints=(
        "指标会跨批次、跨轮一直累积，直到你把它清零。",
        "每轮开始前调用 `metric.reset_state()`（Keras 3 里是单数，`reset_states()` 已经没有了）。",
    ),
    check=_check_reset,
)


# -- 08.2 -------------------------------------------------------------------------------------

LOSSES = [2.5, 1.75, 1.25, 1.0]
#: Summary functions that write something other than a scalar (the check notes if the answer called them).
NOT_SCALAR = {"histogram": "直方图", "image": "图像", "text": "文本", "audio": "音频"}
#: The TensorBoard page that shows each of them.
PAGE = {"histogram": "HISTOGRAMS", "image": "IMAGES", "text": "TEXT", "audio": "AUDIO"}
#: TF1 summary ops: in TF2 they return a serialized summary, and write nothing unless a global step is set.
TF1_SUMMARY = ("scalar", "histogram", "image", "text", "audio", "tensor_summary", "merge_all", "merge")


def _read(logdir) -> dict:
    import helpers.summaries

    try:
        return helpers.summaries.read_scalars(logdir)
    except (ValueError, TypeError, OSError):
        return {}


def _bare_tensor_tags(logdir) -> list[str]:
    """Tags in ``logdir`` written as numeric tensors without the scalars plugin (``tf.summary.write``).

    ``read_scalars`` reads them too, but TensorBoard's SCALARS page only shows values whose
    metadata names the "scalars" plugin (or TF1's ``simple_value``), so nothing plots these.
    """
    import numpy as np
    import tensorflow as tf

    import helpers.summaries

    bare, plotted = set(), set()
    try:
        for file in helpers.summaries.event_files(logdir):
            for event in tf.compat.v1.train.summary_iterator(str(file)):
                for value in event.summary.value:
                    kind = value.WhichOneof("value")
                    if kind == "simple_value" or value.metadata.plugin_data.plugin_name == "scalars":
                        plotted.add(value.tag)
                    elif kind == "tensor" and not value.metadata.plugin_data.plugin_name:
                        array = tf.make_ndarray(value.tensor)
                        if array.ndim == 0 and np.issubdtype(array.dtype, np.number):
                            bare.add(value.tag)
    except (ValueError, TypeError, OSError, tf.errors.OpError):
        return []
    return sorted(bare - plotted)


def _inside(path: str, folder: Path) -> bool:
    """True if ``path`` is ``folder`` or lies below it."""
    import os

    here, there = os.path.realpath(path), os.path.realpath(folder)
    return here == there or here.startswith(there + os.sep)


@contextlib.contextmanager
def _watching_record(tf, switched_off: list[bool]):
    """Within the block, append True to ``switched_off`` for each eager ``tf.summary.scalar`` call made
    while a default writer is set but ``tf.summary.record_if`` says not to record.

    Without TensorFlow's private default-writer state (no public getter) nothing is noted: then
    "no writer" and "recording switched off" cannot be told apart, and the verdict names both.
    """
    original = tf.summary.scalar

    def scalar(*args, **kwargs):
        with contextlib.suppress(Exception):  # the check's own look; never the learner's fault
            writer = private_api.default_summary_writer()
            if writer is not None and writer is not private_api.UNKNOWN and tf.executing_eagerly():
                if not bool(tf.summary.should_record_summaries()):
                    switched_off.append(True)
        return original(*args, **kwargs)

    tf.summary.scalar = scalar
    try:
        yield switched_off
    finally:
        tf.summary.scalar = original


@contextlib.contextmanager
def _watching_writers(tf, logdir: Path, scratch: Path, elsewhere: list[str]):
    """Within the block, note in ``elsewhere`` each writer the answer creates outside ``logdir``.

    Such a writer (a hard-coded ``"logs/train"``, the parent folder) is created in ``scratch``
    instead, so that the check leaves no files in the learner's folders.
    """
    import os

    original = tf.summary.create_file_writer

    def create_file_writer(*args, **kwargs):
        where = args[0] if args else kwargs.get("logdir")
        try:
            path = os.fspath(where)
        except TypeError:  # a tensor or something odd: TensorFlow itself says what it thinks of it
            return original(*args, **kwargs)
        if isinstance(path, bytes):
            path = path.decode(errors="replace")
        if not _inside(path, logdir):
            elsewhere.append(path)
            redirected = str(scratch / str(len(elsewhere)))
            if args:
                args = (redirected, *args[1:])
            else:
                kwargs = {**kwargs, "logdir": redirected}
        return original(*args, **kwargs)

    tf.summary.create_file_writer = create_file_writer
    try:
        yield elsewhere
    finally:
        tf.summary.create_file_writer = original


def _graph_scope(tag: str) -> bool:
    """True if a part of ``tag`` before its last ``/`` is a name scope of a graph loop or branch (``while/``, ``cond_1/``)."""
    return any(part.split("_")[0] in ("while", "cond") for part in tag.split("/")[:-1])


def _check_write(answer) -> str:
    import numpy as np
    import tensorflow as tf

    import helpers.summaries

    with tempfile.TemporaryDirectory() as tmp:
        logdir = Path(tmp) / "train"
        global_step = tf.summary.experimental.get_step()
        default_writer = private_api.default_summary_writer()  # the learner's own, if one is set: kept for afterwards
        left_default = None
        tf.summary.experimental.set_step(None)  # a step set in an earlier experiment must not fill in a missing one
        other_kinds: list[str] = []  # tf.summary.histogram and friends, called by the answer
        tf1_ops: list[str] = []  # tf.compat.v1.summary.*, called by the answer
        outside: list[str] = []  # folders outside logdir that the answer created writers in
        switched_off: list[bool] = []  # scalar calls inside a writer while record_if said no
        try:
            with (
                noting_calls(tf.summary, NOT_SCALAR, other_kinds),
                noting_calls(tf.compat.v1.summary, TF1_SUMMARY, tf1_ops),
                _watching_writers(tf, logdir, Path(tmp) / "elsewhere", outside),
                _watching_record(tf, switched_off),
            ):
                call(answer, str(logdir), list(LOSSES))
            now_default = private_api.default_summary_writer()
            if now_default is not default_writer:  # set_as_default() and left it so
                left_default = now_default
        except LearnerError as err:
            text = str(err.error)
            if "step" in text.lower():
                raise Wrong(
                    "no_step",
                    f"`tf.summary.scalar` 抛出了 {type(err.error).__name__}：没有给 `step`。"
                    "TensorFlow 2 的每条摘要都要知道它属于哪一步。",
                    "写成 `tf.summary.scalar(\"loss\", value, step=step)`。",
                ) from None
            raise
        finally:
            tf.summary.experimental.set_step(global_step)
            private_api.set_default_summary_writer(default_writer)
        scalars = _read(logdir)
        if not scalars and left_default is not None:
            left_default.flush()  # what was still in the writer's buffer
            if _read(logdir):
                left_default.close()
                raise Wrong(
                    "not_flushed",
                    "写入器里其实有这些标量，但函数返回时它们还在写入器的缓冲区里，没有写到磁盘上："
                    "`writer.set_as_default()` 之后没有 `flush()` 或 `close()`，读日志的人（和 TensorBoard）就看不到。",
                    "用 `with writer.as_default():` 写（离开 `with` 块时会写到磁盘上），或者写完后调用 `writer.flush()`。",
                )
        if left_default is not None:
            left_default.close()
        bare = _bare_tensor_tags(logdir) if logdir.is_dir() else []
        elsewhere = []  # folders below logdir that hold event files (a writer created one level too deep)
        if logdir.is_dir():
            events = logdir.rglob(f"{helpers.summaries.EVENT_FILE_PREFIX}*")
            elsewhere = sorted({str(path.parent.relative_to(logdir)) for path in events if path.parent != logdir})
    if "loss" not in scalars and tf1_ops:
        raise Wrong(
            "tf1_summary",
            f"你用的是 TF1 的 `tf.compat.v1.summary.{tf1_ops[0]}`：在 TF2 里它只返回一个序列化的摘要（字符串张量），"
            "要交给 TF1 的 `FileWriter.add_summary` 才会写进文件；放在 TF2 写入器的 `with writer.as_default():` 里，"
            "没有设全局 step 时它什么也不写，日志里就读不到 `loss`。它也没有 `step` 参数，每个损失记在哪一步由不得你。",
            "用 TF2 的 `tf.summary.scalar(\"loss\", loss, step=i)`：每条都带上自己的 `step`。",
        )
    if "loss" not in scalars and other_kinds:
        kind = other_kinds[0]
        raise Wrong(
            "not_scalar",
            f"你用 `tf.summary.{kind}` 写下的是{NOT_SCALAR[kind]}摘要，不是标量："
            f"TensorBoard 把它放在 {PAGE[kind]} 页里，"
            "不会画成 SCALARS 页里的损失曲线，`read_scalars` 也只读标量，所以读不到 `loss`。"
            "每一步的损失是一个数，要写成标量摘要。",
            "`tf.summary.scalar(\"loss\", loss, step=i)`。",
        )
    if "loss" in bare or (bare and not set(scalars) - set(bare)):
        tag = "loss" if "loss" in bare else bare[0]
        raise Wrong(
            "no_metadata",
            f"`{tag}` 读得回来，TensorBoard 却画不出来：你用的多半是 `tf.summary.write`，它只存下一个裸的张量，"
            "不带标量插件（scalars plugin）的元数据，TensorBoard 只把它列在张量里，SCALARS 页上没有这条曲线。"
            "`tf.summary.scalar` 写的也是 0 维张量，但带着这份元数据，TensorBoard 才知道要把它画成曲线。",
            "用 `tf.summary.scalar(\"loss\", loss, step=i)`，不用 `tf.summary.write`。",
        )
    if not scalars and outside:
        above = "（`logdir` 上面的文件夹）" if _inside(str(logdir), Path(outside[0])) else ""
        raise Wrong(
            "wrong_folder",
            f"写入器建在了 `{outside[0]}`{above}，不是传进来的 `logdir`：事件文件去了别的文件夹，读 `logdir` 的人"
            "（和 TensorBoard）在那里什么也找不到。（检查把这个写入器改建在临时文件夹里，你的磁盘上没有多出文件。）",
            "`tf.summary.create_file_writer(logdir)`：直接用传进来的参数，不要自己写路径。",
        )
    if not scalars and elsewhere:
        raise Wrong(
            "wrong_folder",
            f"事件文件写进了 `logdir` 下面的子文件夹 `{elsewhere[0]}`：写入器要直接建在 `logdir` 上，"
            "`tf.summary.create_file_writer(logdir)`，读的人（和 TensorBoard）才会在那里找到这一个 run。",
        )
    if not scalars and switched_off:
        raise Wrong(
            "record_off",
            "写入器已经设为默认，`tf.summary.scalar` 也调用了，可调用时 `tf.summary.record_if` 的条件为假："
            "这时它不写、也不报错，只返回 `False`，日志文件夹里就一个标量也没有。",
            "去掉 `record_if`，或者让它的条件在要写的那几步为真；这道题每一步都要写。",
        )
    if not scalars:
        raise Wrong(
            "nothing_written",
            "日志文件夹里没有读到任何标量。摘要要在写入器的 `with writer.as_default():` 里写，写入器才知道写到哪里；"
            "已经在写入器里了的话，看看是不是 `tf.summary.record_if` 的条件为假（那时也什么都不写）。",
        )
    points = scalars.get("loss", [])
    scoped = sorted(tag for tag in scalars if tag.endswith("/loss") and _graph_scope(tag))
    prefixed = sorted(tag for tag in scalars if tag.endswith("/loss") and not _graph_scope(tag))
    if not points and prefixed and not scoped:
        raise Wrong(
            "wrong_tag",
            f"标量写进去了，但标记是 `{prefixed[0]}`，不是题目要的 `\"loss\"`：`/` 前面的部分是你自己写进标记里的前缀，"
            f"TensorBoard 按它把曲线归到 `{prefixed[0].rsplit('/', 1)[0]}` 组下，读回来时键也是 `{prefixed[0]}`。"
            "区分训练和验证，靠的是两个写入器（两个文件夹，例如 `logs/train`、`logs/validation`），标记都写 `\"loss\"`，"
            "TensorBoard 才会把两条曲线画在同一张曲线图里。",
            "`tf.summary.scalar(\"loss\", loss, step=i)`：标记就是 `\"loss\"`。",
        )
    if not points and scoped:
        raise Wrong(
            "name_scope",
            f"标量写进去了，但标记是 `{scoped[0]}`：你在 `tf.function` 里的循环中写摘要，AutoGraph 把循环改写成计算图里的 "
            f"`tf.while_loop`，循环体里的摘要标记前就多了它的名字作用域 `{scoped[0][: -len('loss')]}`"
            "（和「深入：在 `tf.function` 里写摘要」里分支的 `cond/` 是一回事），在 TensorBoard 里成了另一张曲线图。",
            "损失已经是一个 Python 列表，不需要 `tf.function`：在普通的 Python `for` 循环里写，标记就是 `\"loss\"`。",
        )
    if not points:
        raise Wrong(
            "wrong_tag",
            f"标量写进去了，但标记是 {'、'.join(f'`{tag}`' for tag in scalars)}；题目要的标记是 `\"loss\"`"
            "（`tf.summary.scalar` 的第一个参数）。",
        )
    want = [(i, v) for i, v in enumerate(LOSSES)]
    steps = [s for s, _ in points]
    if steps != [s for s, _ in want]:
        raise Wrong("wrong_steps", f"记录的 step 是 {steps}，应该是 0、1、2、3（每个损失对应自己的那一步）。")
    if not np.allclose([v for _, v in points], LOSSES):
        raise Wrong("wrong_value", f"读回的数值是 {[v for _, v in points]}，应该是 {LOSSES}。")
    return "读回了 4 个点 (0, 2.5)、(1, 1.75)、(2, 1.25)、(3, 1.0)：TensorBoard 会把它们画成一条曲线。"


EX_08_2 = Exercise(
    id="08.2",
    notebook=NOTEBOOK,
    title="用写入器写下损失",
    difficulty=1,
    section="用 `tf.summary` 写摘要：训练、验证各一个写入器",
    task=(
        "写 `log_losses(logdir, losses)`：在文件夹 `logdir` 里创建一个写入器，把列表 `losses` 里的第 `i` 个损失"
        "记成标记 `\"loss\"`、`step=i` 的标量摘要。检查会用 `helpers.summaries.read_scalars` 把它读回来。"
    ),
    hints=(
        "摘要要写在 `with writer.as_default():` 里面，每条都要有 `step`。",
        "`with writer.as_default():` 里 `for step, loss in enumerate(losses): tf.summary.scalar(\"loss\", loss, step=step)`；"
        "离开 `with` 块时写入器会把数据写到磁盘上。",
    ),
    check=_check_write,
)


# -- 08.3 -------------------------------------------------------------------------------------

LOGGED = {0: 2.31, 5: 1.42, 10: 0.97, 15: 0.88, 20: 0.91, 25: 1.05}
#: Accuracy still rises after the loss is lowest (it often does): its best step is another one.
ACCURACY = {0: 0.31, 5: 0.62, 10: 0.74, 15: 0.77, 20: 0.79, 25: 0.78}


def _check_read_back(answer) -> str:
    import numpy as np
    import tensorflow as tf

    with tempfile.TemporaryDirectory() as tmp:
        logdir = Path(tmp) / "validation"
        writer = tf.summary.create_file_writer(str(logdir))
        with writer.as_default():
            for step, value in LOGGED.items():
                tf.summary.scalar("loss", value, step=step)
                tf.summary.scalar("accuracy", ACCURACY[step], step=step)
        writer.close()
        try:
            got = call(answer, str(logdir))
        except LearnerError as err:
            if isinstance(err.error, KeyError) and "Reservoir" in str(err.error):
                raise Wrong(
                    "tf1_scalars",
                    f"`EventAccumulator.Scalars(...)` 抛出了 `KeyError`（{err.error}）：TensorFlow 2 的 "
                    "`tf.summary.scalar` 把数值存成 0 维张量（tensor），`EventAccumulator` 把它们归在 `Tensors` 里；"
                    "`Scalars` 只收 TF1 式的 `simple_value`，所以那里没有这个标记。网上的老代码大多还是 `.Scalars(标记)`。",
                    "`EventAccumulator(logdir, size_guidance={\"tensors\": 0}).Reload().Tensors(\"loss\")`，每个点的值用 "
                    "`tf.make_ndarray(event.tensor_proto)` 取出；或者直接用 `helpers.summaries.read_scalars(logdir)`。",
                ) from None
            raise
    best = min(LOGGED, key=LOGGED.get)
    if isinstance(got, float) and not got.is_integer():
        raise Wrong(
            "value_not_step",
            f"返回了 {got:g}：这是一个损失值，题目要的是它对应的 `step`（整数）。",
            "列表里每个点是 `(step, 值)`：按值找最小的那个点，再取它的第 0 项。",
        )
    if isinstance(got, str):
        right = "数字对了，类型不对，" if got.strip() == str(best) else ""
        raise Wrong(
            "wrong_type",
            f"返回了字符串 {got!r}：{right}题目要的是整数 `step`。字符串和整数不相等（`{got!r} == {best}` "
            "是 False），按字符串比大小也不对（`'5' > '15'`），拿它当 step 传给 `tf.summary.scalar` 也不行。",
            "直接返回那个点的第 0 项，不要再套 `str(...)`：`min(points, key=lambda p: p[1])[0]`。",
        )
    if isinstance(got, float):
        right = "数字对了，类型不对，" if got == best else ""
        raise Wrong(
            "wrong_type",
            f"返回了浮点数 {got!r}：{right}题目要的是整数 `step`。step 是训练走过的步数，只能是整数；"
            "`read_scalars` 读回的 step 本来就是整数；浮点数多半来自 `float(...)`，或者 `np.array` 把 (step, 值) 全转成了浮点。",
            "直接返回那个点的第 0 项：`min(points, key=lambda p: p[1])[0]`。",
        )
    if isinstance(got, bool) or not isinstance(got, (int, np.integer)):
        raise Wrong("wrong_type", f"应该返回一个整数（step），现在是 {type(got).__name__}。")
    got = int(got)
    steps = list(LOGGED)
    if got != best and got == steps.index(best):
        raise Wrong(
            "index_not_step",
            f"返回了 {got}，这是它在列表里的位置，不是记录时的 `step`：日志每 5 步记一次，`step` 是 0、5、10……",
        )
    if got != best and got == max(ACCURACY, key=ACCURACY.get):
        raise Wrong(
            "wrong_tag",
            f"返回了 {got}：这是准确率最高的 step。题目问的是验证损失（标记 `\"loss\"`）最低的 step，"
            "两者不一定是同一步。",
        )
    if got != best:
        raise Wrong("wrong_step", f"返回了 {got}；验证损失最低（{LOGGED[best]}）的是 step {best}。")
    return f"验证损失最低的是 step {best}（损失 {LOGGED[best]}）：事件文件里存的就是 TensorBoard 画的那些点。"


EX_08_3 = Exercise(
    id="08.3",
    notebook=NOTEBOOK,
    title="从摘要日志里读回一个值",
    difficulty=1,
    section="把日志读回来：TensorBoard 画的就是这些",
    task=(
        "一次训练每 5 步把验证损失记成标记 `\"loss\"`（还记了 `\"accuracy\"`）。写 `best_step(logdir)`：读出 "
        "`logdir` 里的摘要，返回验证损失最低的那一步的 `step`（整数）。"
    ),
    hints=(
        "`scalars[\"loss\"]` 是 `(step, 值)` 的列表，按 step 排好了序。",
        "`min(scalars[\"loss\"], key=lambda point: point[1])[0]`：按值取最小，再取它的 step。",
    ),
    check=_check_read_back,
)

# -- 08.4 -------------------------------------------------------------------------------------

#: (a batch's mean loss, its number of samples): two full batches of 300 and a partial one of 200.
BATCHES = [(0.9, 300), (0.6, 300), (0.3, 200)]


def _check_weighted(answer) -> str:
    import numpy as np

    watched = _watched_mean()
    try:
        result = call(answer, watched(), list(BATCHES))
    except LearnerError as err:
        _explain_reset_name(err)
        raise
    try:
        got = float(result)
    except (TypeError, ValueError):
        raise Wrong("wrong_type", "应该返回一个数：这一轮逐个样本的平均损失，例如 `float(metric.result())`。") from None
    sizes = [n for _, n in BATCHES]
    want = sum(loss * n for loss, n in BATCHES) / sum(sizes)
    plain = float(np.mean([loss for loss, _ in BATCHES]))
    shown = "、".join(f"{loss}（{n} 个样本）" for loss, n in BATCHES)
    if np.isclose(got, plain, atol=1e-4):
        raise Wrong(
            "unweighted",
            f"得到 {got:.4f}：这是三个批次平均损失的直接平均，200 个样本的最后一批和 300 个样本的算得一样重。"
            f"各批次是 {shown}，逐个样本的平均应该是 {want:.4f}。",
        )
    if np.isclose(got, float(np.mean([loss * n for loss, n in BATCHES])), atol=1e-3):
        raise Wrong(
            "times_size",
            f"得到 {got:.4f}：你把每批的平均损失乘上样本数，得到的是这一批的损失总和，`Mean` 再把三个总和平均，"
            f"结果就不是逐个样本的平均（应该是 {want:.4f}）。",
            "乘法交给 `Mean`：`metric.update_state(batch_loss, sample_weight=size)`，它会除以权重之和。",
        )
    full = BATCHES[:-1]  # the full batches, without the partial one at the end
    without_last = sum(loss * n for loss, n in full) / sum(n for _, n in full)
    if np.isclose(got, without_last, atol=1e-4) and not np.isclose(without_last, want, atol=1e-4):
        raise Wrong(
            "partial_skipped",
            f"得到 {got:.4f}：这是前 {len(full)} 个整批的平均，最后一个不完整批次（{BATCHES[-1][1]} 个样本）没算进去。"
            f"不完整批次也是这一轮的样本，各批次是 {shown}，逐个样本的平均应该是 {want:.4f}。",
            "每个批次都要累积，最后那个不完整的也一样：按样本数加权，它就只占它该占的份量。",
        )
    if not np.isclose(got, want, atol=1e-4):
        raise Wrong("wrong_value", f"各批次是 {shown}，逐个样本的平均损失应该是 {want:.4f}，现在是 {got:.4f}。")
    if watched.updates == 0:
        raise Wrong(
            "metric_unused",
            "数值对了，但传进来的 `metric` 一次也没有用上：题目要练的是让 `Mean` 用 `sample_weight` 加权累积，"
            "训练步里也是这样写的。",
        )
    if watched.updates < len(BATCHES):
        raise Wrong(
            "not_per_batch",
            f"数值对了，但 {len(BATCHES)} 个批次只调用了 {watched.updates} 次 `metric.update_state`："
            "你先把整轮的数都拿齐、算好，再一次交给指标。训练时批次是一个一个来的，"
            "算完一批就要把这一批累积进去，训练步里也是每个批次调用一次 `update_state`。",
            "`for batch_loss, size in batches: metric.update_state(batch_loss, sample_weight=size)`。",
        )
    return (
        f"逐个样本的平均损失 {want:.4f} 对了：按样本数加权后，不完整批次只占它该占的份量，"
        f"不加权的直接平均是 {plain:.4f}。"
    )


EX_08_4 = Exercise(
    id="08.4",
    notebook=NOTEBOOK,
    title="不完整批次：按样本数加权的平均损失",
    difficulty=2,
    section="用 `tf.summary` 写摘要：训练、验证各一个写入器",
    task=(
        "`epoch_loss(metric, batches)`：`batches` 是一轮里各批次的 `(平均损失, 样本数)`，平均损失就像训练步里 "
        "`loss_fn` 给出的那个数；最后一个批次是不完整批次，样本比前面的少。用传进来的 `metric`（一个新的 "
        "`keras.metrics.Mean`）逐批累积（就像训练步里那样，每个批次调用一次 `update_state`），返回这一轮逐个样本的平均损失。"
    ),
    hints=(
        "`loss_fn` 给出的是一个批次的平均损失：样本多的批次应该占更多份量。",
        "`metric.update_state(batch_loss, sample_weight=size)`，最后 `return float(metric.result())`。",
    ),
    check=_check_weighted,
)

EXERCISES = [EX_08_1, EX_08_2, EX_08_3, EX_08_4]
