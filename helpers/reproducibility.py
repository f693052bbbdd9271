"""Make a notebook run reproducible: quiet logs, fixed seeds, deterministic ops.

Introduced in 01_modules_and_variables: every notebook's setup cell calls it.
It must run *before* TensorFlow is imported, because TensorFlow reads its log
level and its oneDNN switch from the environment only once, at import time.
"""

from __future__ import annotations

import io
import logging
import os
import sys
import tempfile
import warnings

from helpers import _arguments

# TensorFlow reads these when it is first imported.
_ENV_BEFORE_IMPORT = {
    # 3 = only fatal C++ messages (TF 2.21 still prints a few banners while it
    # loads, before this is read: see _import_tensorflow_quietly).
    "TF_CPP_MIN_LOG_LEVEL": "3",
    # oneDNN's optimizations pick kernels by CPU model, which changes the last digits of
    # results from one processor to the next. Off removes that source of variation; Eigen's
    # matrix products and convolutions still pick code by instruction set (AVX2, AVX-512,
    # ...), so another kind of CPU, or a GPU, can still differ in the last digits.
    "TF_ENABLE_ONEDNN_OPTS": "0",
}
ONEDNN_ENV = "TF_ENABLE_ONEDNN_OPTS"

#: Threads TensorFlow uses inside one op and across ops. A fixed number keeps
#: float reductions in the same order on machines with different core counts.
THREADS = 2

#: Largest seed NumPy accepts (``np.random.seed`` takes 32-bit seeds).
MAX_SEED = 2**32 - 1

#: True once make_reproducible() itself has imported TensorFlow in this process.
_imported_by_us = False


class ReproducibilityWarning(UserWarning):
    """A setting of :func:`make_reproducible` could not take effect (the message says why and what to do)."""


def _prepare_environment(environ, tf_imported: bool, imported_by_us: bool) -> list[str]:
    """Set TensorFlow's import-time variables in ``environ``; return warnings for settings that cannot hold.

    Before TensorFlow is imported, oneDNN is turned off even if ``TF_ENABLE_ONEDNN_OPTS``
    was set to something else (with a warning), so the README's "oneDNN off" holds.
    After someone else imported TensorFlow, nothing read at import time can change.
    """
    problems = []
    if tf_imported and not imported_by_us:
        onednn = environ.get(ONEDNN_ENV)
        state = "off" if onednn == "0" else "probably on (TensorFlow's default on x86 Linux)"
        setting = f"{ONEDNN_ENV} is not set" if onednn is None else f"{ONEDNN_ENV}={onednn!r}"
        problems.append(
            "TensorFlow 在 make_reproducible() 之前就已导入：oneDNN 开关和 C++ 日志级别只在导入时读取，"
            "现在改不了，结果的末几位可能与保存的输出不同。解决：重启内核（Kernel › Restart），"
            "并让 make_reproducible() 成为第一个调用。\n"
            f"TensorFlow was imported before make_reproducible(): oneDNN is {state} ({setting}) and the C++ log level "
            "is fixed, so printed numbers may differ from the stored outputs. Fix: restart the kernel and "
            "call helpers.make_reproducible() before anything imports TensorFlow."
        )
        return problems
    if tf_imported:
        return problems  # a second call after our own import: already configured
    onednn = environ.get(ONEDNN_ENV)
    if onednn is not None and onednn != "0":
        problems.append(
            f"环境变量 {ONEDNN_ENV}={onednn!r} 已被设置；为了让结果尽量与保存的输出一致，"
            f"make_reproducible() 把它改成了 '0'（关闭 oneDNN）。想去掉这条警告：取消这个变量后重启内核。\n"
            f"{ONEDNN_ENV}={onednn!r} was set in the environment; make_reproducible() set it to '0' "
            "(oneDNN off) so that results come as close as possible to the stored outputs. To silence this warning, unset "
            f"the variable (unset {ONEDNN_ENV}) and restart the kernel."
        )
    environ[ONEDNN_ENV] = "0"
    environ.setdefault("TF_CPP_MIN_LOG_LEVEL", _ENV_BEFORE_IMPORT["TF_CPP_MIN_LOG_LEVEL"])
    return problems


class _ErrorRecords(logging.Handler):
    """Collects the error records logged while TensorFlow loads (tfds logs its import errors and goes on)."""

    def __init__(self):
        super().__init__(level=logging.ERROR)
        self.lines: list[str] = []
        self.setFormatter(logging.Formatter("%(levelname)s:%(name)s: %(message)s"))

    def emit(self, record):
        self.lines.append(self.format(record))


def _tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def _import_tensorflow_quietly() -> None:
    """Import TensorFlow and tensorflow_datasets with the C++ stderr (file descriptor 2) captured.

    While it loads, TF 2.21 writes "All log messages before absl::InitializeLog()",
    the oneDNN banner and "Could not find cuda drivers" straight to file descriptor 2,
    ignoring TF_CPP_MIN_LOG_LEVEL. Jupyter shows those as stderr output that differs
    from machine to machine, so on success they are dropped. If the import fails, or
    tfds comes out broken (tfds only *logs* the errors of its own imports, e.g. a
    protobuf ``VersionError``), an ImportError names the cause and shows what was
    captured. Python-level stderr (warnings) is passed on as before.
    """
    if "tensorflow" in sys.modules and "tensorflow_datasets" in sys.modules:
        return
    sys.stderr.flush()
    records = _ErrorRecords()
    python_stderr = io.StringIO()
    root = logging.getLogger()
    failure: BaseException | None = None
    with tempfile.TemporaryFile() as captured:
        saved = os.dup(2)
        root.addHandler(records)
        try:
            os.dup2(captured.fileno(), 2)
            old_stderr, sys.stderr = sys.stderr, python_stderr
            try:
                import tensorflow  # noqa: F401
                import tensorflow_datasets as tfds
            except Exception as err:  # noqa: BLE001 - re-raised below with what was captured
                failure = err
                tfds = None
            finally:
                sys.stderr = old_stderr
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            root.removeHandler(records)
        captured.seek(0)
        fd2_text = captured.read().decode("utf-8", "replace")
    missing = []
    if failure is None:
        missing = [a for a in ("load", "disable_progress_bar") if not hasattr(tfds, a)]
        if not missing:
            sys.stderr.write(python_stderr.getvalue())  # what Python printed goes where it went before
            return
    if failure is not None:
        what = f"importing TensorFlow / TensorFlow Datasets failed: {type(failure).__name__}: {failure}"
    else:
        what = f"TensorFlow Datasets imported, but is broken (tfds.{' and tfds.'.join(missing)} missing)"
    details = "\n".join(filter(None, [*records.lines, _tail(python_stderr.getvalue()), _tail(fd2_text)]))
    raise ImportError(
        f"导入 TensorFlow / TensorFlow Datasets 失败，真正的原因见下面捕获到的输出"
        f"（常见原因：protobuf、tensorflow-metadata 等依赖的版本不匹配；在项目里运行 make setup，或 "
        f"pip install -r requirements.txt）。\n{what}.\n"
        f"Common cause: mismatched dependency versions (protobuf, tensorflow-metadata); run `make setup` or "
        f"`pip install -r requirements.txt`. Captured output:\n{details or '(nothing)'}"
    ) from failure


def make_reproducible(seed: int = 42, cpu_devices: int = 1, quiet: bool = False) -> dict:
    """Seed everything and silence run-to-run noise; return the settings in force.

    ``cpu_devices`` > 1 splits the CPU into that many logical devices (used by
    ``tf.distribute.MirroredStrategy`` in 05_keras_fit_advanced and 06_custom_training_loop).
    Prints one line with the versions unless ``quiet`` is true. Warns
    (:class:`ReproducibilityWarning`) when a setting cannot take effect, e.g. when
    TensorFlow was imported first.
    """
    global _imported_by_us
    seed = _arguments.integer("seed", seed, minimum=0, maximum=MAX_SEED)
    cpu_devices = _arguments.integer("cpu_devices", cpu_devices, minimum=1)
    quiet = _arguments.boolean("quiet", quiet)

    already_imported = "tensorflow" in sys.modules
    for problem in _prepare_environment(os.environ, already_imported, _imported_by_us):
        warnings.warn(problem, ReproducibilityWarning, stacklevel=2)
    # Python fixes its string-hash seed when it starts, so this does not change this
    # process; it is inherited by child processes (subprocess, multiprocessing) it starts.
    os.environ["PYTHONHASHSEED"] = str(seed)

    _import_tensorflow_quietly()
    _imported_by_us = _imported_by_us or not already_imported
    import absl.logging
    import keras
    import tensorflow as tf

    absl.logging.set_verbosity(absl.logging.ERROR)
    # Keras 3.15 warns on *every* fit(dataset) that its default shuffle=True is
    # ignored for a tf.data.Dataset, naming a file in site-packages; the reader did
    # nothing wrong, and the path differs from machine to machine.
    warnings.filterwarnings("ignore", message=r"`shuffle=True` was passed", category=UserWarning)
    tf.get_logger().setLevel(logging.ERROR)

    if cpu_devices > 1:
        cpus = tf.config.list_physical_devices("CPU")
        try:
            tf.config.set_logical_device_configuration(
                cpus[0], [tf.config.LogicalDeviceConfiguration()] * cpu_devices
            )
        except RuntimeError as err:  # the runtime is already running
            raise RuntimeError(
                "make_reproducible(cpu_devices=...) must run before TensorFlow does "
                "any work: restart the kernel and call it in the first cell"
            ) from err
    try:
        tf.config.threading.set_intra_op_parallelism_threads(THREADS)
        tf.config.threading.set_inter_op_parallelism_threads(THREADS)
    except RuntimeError:
        pass  # already initialised (a second call in the same kernel): keep what is set

    keras.utils.set_random_seed(seed)  # Python, NumPy and TensorFlow seeds
    tf.config.experimental.enable_op_determinism()

    try:
        import tensorflow_datasets as tfds

        tfds.disable_progress_bar()  # progress bars go to stderr and vary in timing
    except ImportError:  # pragma: no cover - tfds is a requirement
        pass

    settings = {
        "seed": seed,
        "tensorflow": tf.__version__,
        "keras": keras.__version__,
        "cpu_devices": len(tf.config.list_logical_devices("CPU")),
        "deterministic_ops": True,
        "tf_imported_before": already_imported,
    }
    if not quiet:
        print(
            f"TensorFlow {settings['tensorflow']} · Keras {settings['keras']} · "
            f"随机种子 {seed} · 确定性算子：开 · CPU 逻辑设备：{settings['cpu_devices']}"
        )
    return settings
