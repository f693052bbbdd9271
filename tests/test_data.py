"""helpers.data: the offline MNIST subset behind tfds.load, and the full-MNIST switch."""

import socket

import numpy as np
import pytest
import tensorflow as tf
import tensorflow_datasets as tfds

from helpers import data


@pytest.fixture(scope="module")
def subset():
    name = data.prepare()
    datasets, info = tfds.load(name, with_info=True, as_supervised=True)
    return datasets, info


def test_features_match_tfds_mnist(subset):
    _, info = subset
    assert info.name == "mnist_subset"
    assert info.features["image"].shape == (28, 28, 1)
    assert info.features["image"].dtype == tf.uint8
    assert info.features["label"].num_classes == 10
    assert info.supervised_keys == ("image", "label")


def test_split_sizes(subset):
    datasets, info = subset
    assert sorted(datasets) == ["test", "train"]
    assert info.splits["train"].num_examples == 4000
    assert info.splits["test"].num_examples == 1000


def test_elements_are_uint8_images_and_int_labels(subset):
    datasets, _ = subset
    image, label = next(iter(datasets["train"]))
    assert image.shape == (28, 28, 1) and image.dtype == tf.uint8
    assert label.dtype == tf.int64 and 0 <= int(label) <= 9


@pytest.mark.parametrize("split,per_class", [("train", 400), ("test", 100)])
def test_classes_are_balanced(split, per_class):
    _, labels = data.load_arrays(split)
    counts = np.bincount(labels, minlength=10)
    assert counts.tolist() == [per_class] * 10


def test_splits_do_not_overlap():
    images, labels = data.load_raw_digits()
    train = set(data.split_indices(labels, "train").tolist())
    test = set(data.split_indices(labels, "test").tolist())
    assert len(train) == 4000 and len(test) == 1000 and not train & test


def test_raw_digits_are_parsed_once_and_read_only():
    first, second = data.load_raw_digits(), data.load_raw_digits()
    assert first[0] is second[0] and first[1] is second[1]
    with pytest.raises(ValueError, match="read-only"):
        first[0][0, 0, 0, 0] = 255


def test_same_data_on_every_call():
    x1, y1 = data.load_arrays("test")
    x2, y2 = data.load_arrays("test")
    np.testing.assert_array_equal(x1, x2)
    np.testing.assert_array_equal(y1, y2)


def test_load_arrays_scales_to_unit_range():
    x, y = data.load_arrays("test")
    assert x.shape == (1000, 28, 28, 1) and x.dtype == np.float32 and y.dtype == np.int64
    assert x.min() == 0.0 and x.max() == 1.0


def test_digits_are_real_mnist_not_noise():
    # Real digits are mostly background: about 80 % of MNIST pixels are exactly 0.
    x, _ = data.load_arrays("test")
    assert 0.7 < float(np.mean(x == 0)) < 0.9


def test_scale_casts_and_divides():
    image, label = data.scale(tf.constant([[0, 255]], tf.uint8), tf.constant(3, tf.int64))
    assert image.dtype == tf.float32
    np.testing.assert_allclose(image.numpy(), [[0.0, 1.0]])
    assert int(label) == 3


def test_wrong_split_is_a_clear_error():
    with pytest.raises(ValueError, match=r"split must be one of \['test', 'train'\], got 'validation'"):
        data.load_arrays("validation")
    with pytest.raises(ValueError, match="split must be one of"):
        data.split_indices(np.zeros(10), "dev")


def test_wrong_dataset_name_is_a_clear_error():
    with pytest.raises(ValueError, match=r"'mnist_subset' \(offline\) or 'mnist'.*got 'fashion_mnist'"):
        data.prepare("fashion_mnist")


def test_preparing_prints_nothing(tmp_path, capsys):
    name = data.prepare(data_dir=tmp_path)
    out, err = capsys.readouterr()
    assert name == "mnist_subset"
    assert (out, err) == ("", "")
    assert (tmp_path / "mnist_subset" / "1.0.0" / "dataset_info.json").exists()


@pytest.mark.parametrize("value,expected", [("", "mnist_subset"), ("0", "mnist_subset"), ("1", "mnist"), ("true", "mnist")])
def test_switch_selects_the_dataset(monkeypatch, value, expected):
    monkeypatch.setenv(data.FULL_MNIST_ENV, value)
    assert data.dataset_name() == expected


def test_bad_switch_value_is_a_clear_error(monkeypatch):
    monkeypatch.setenv(data.FULL_MNIST_ENV, "maybe")
    with pytest.raises(ValueError, match="ETF2_FULL_MNIST must be 1 or 0"):
        data.dataset_name()


def test_full_mnist_without_network_fails_fast_with_advice(monkeypatch, tmp_path):
    """With the switch on and no network, prepare() stops at one short connection attempt."""
    attempts = []

    def no_network(address, timeout=None, *args, **kwargs):
        attempts.append((address, timeout))
        raise OSError("Network is unreachable")

    def must_not_download(self, *args, **kwargs):
        raise AssertionError("download_and_prepare must not start without network")

    monkeypatch.setenv(data.FULL_MNIST_ENV, "1")
    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(tfds.core.DatasetBuilder, "download_and_prepare", must_not_download)
    with pytest.raises(ConnectionError) as caught:
        data.prepare(data_dir=tmp_path)
    message = str(caught.value)
    assert "ETF2_FULL_MNIST" in message and "mnist_subset" in message and "storage.googleapis.com" in message
    assert len(attempts) == 1
    assert attempts[0][1] <= 10  # one attempt, bounded well under 10 seconds
