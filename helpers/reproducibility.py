"""Make a notebook run reproducible: quiet logs, fixed seeds, deterministic ops.

Introduced in every notebook's setup cell (first used in 03_data_and_tf_function).
It must run *before* TensorFlow is imported, because TensorFlow reads its log
level and its oneDNN switch from the environment only once, at import time.
"""

from __future__ import annotations

import logging
import os
import sys
import warnings

# TensorFlow reads these when it is first imported.
_ENV_BEFORE_IMPORT = {
    # 3 = only fatal C++ messages (TF 2.21 still prints a few banners while it
    # loads, before this is read: see _import_tensorflow_quietly).
    "TF_CPP_MIN_LOG_LEVEL": "3",
    # oneDNN picks kernels by CPU model, which changes the last digits of results
    # from one processor to the next; off keeps printed numbers the same everywhere.
    "TF_ENABLE_ONEDNN_OPTS": "0",
}

#: Threads TensorFlow uses inside one op and across ops. A fixed number keeps
#: float reductions in the same order on machines with different core counts.
THREADS = 2


def _import_tensorflow_quietly() -> None:
    """Import TensorFlow with the C++ stderr (file descriptor 2) sent to /dev/null.

    While it loads, TF 2.21 writes "All log messages before absl::InitializeLog()",
    the oneDNN banner and "Could not find cuda drivers" straight to file descriptor 2,
    ignoring TF_CPP_MIN_LOG_LEVEL. Jupyter shows those as stderr output that differs
    from machine to machine. Python errors during the import are still raised.
    """
    if "tensorflow" in sys.modules:
        return
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        import tensorflow  # noqa: F401
        import tensorflow_datasets  # noqa: F401
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def make_reproducible(seed: int = 42, cpu_devices: int = 1, quiet: bool = False) -> dict:
    """Seed everything and silence run-to-run noise; return the settings in force.

    ``cpu_devices`` > 1 splits the CPU into that many logical devices (used by
    ``tf.distribute.MirroredStrategy`` in 04_keras_fit and 05_custom_training_loop).
    Prints one line with the versions unless ``quiet`` is true.
    """
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed must be a non-negative int, got {seed!r}")
    if not isinstance(cpu_devices, int) or isinstance(cpu_devices, bool) or cpu_devices < 1:
        raise ValueError(f"cpu_devices must be an int >= 1, got {cpu_devices!r}")

    already_imported = "tensorflow" in sys.modules
    for key, value in _ENV_BEFORE_IMPORT.items():
        os.environ.setdefault(key, value)
    os.environ["PYTHONHASHSEED"] = str(seed)

    _import_tensorflow_quietly()
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
