"""helpers.make_reproducible: same numbers on every call, quiet TensorFlow, clear errors."""

import os
import subprocess
import sys

import numpy as np
import pytest
import tensorflow as tf

import helpers
from helpers import reproducibility


def draw():
    return tf.random.uniform([3]).numpy(), np.random.rand(3)


def test_same_seed_same_numbers():
    helpers.make_reproducible(seed=7, quiet=True)
    first = draw()
    helpers.make_reproducible(seed=7, quiet=True)
    second = draw()
    helpers.make_reproducible(seed=8, quiet=True)
    third = draw()
    np.testing.assert_array_equal(first[0], second[0])
    np.testing.assert_array_equal(first[1], second[1])
    assert not np.array_equal(first[1], third[1])
    helpers.make_reproducible(seed=42, quiet=True)


def test_returns_settings_and_prints_one_line(capsys):
    settings = helpers.make_reproducible(seed=42)
    out = capsys.readouterr().out
    assert settings["seed"] == 42 and settings["deterministic_ops"] is True
    assert settings["tensorflow"] == tf.__version__
    assert out.count("\n") == 1 and f"TensorFlow {tf.__version__}" in out and "随机种子 42" in out


def test_environment_for_tensorflow_is_set():
    assert os.environ["TF_CPP_MIN_LOG_LEVEL"] == "3"
    assert os.environ["TF_ENABLE_ONEDNN_OPTS"] == "0"


@pytest.mark.parametrize("kwargs,error,message", [
    ({"seed": -1}, ValueError, "seed must be an int >= 0"),
    ({"seed": 2**32}, ValueError, f"seed must be an int <= {2**32 - 1}"),
    ({"seed": 1.5}, TypeError, "seed must be an int"),
    ({"seed": True}, TypeError, "seed must be an int"),
    ({"cpu_devices": 0}, ValueError, r"cpu_devices must be an int >= 1"),
    ({"quiet": "no"}, TypeError, "quiet must be True or False, got str: 'no'"),
])
def test_bad_arguments_fail_before_anything_changes(monkeypatch, kwargs, error, message):
    monkeypatch.setenv("PYTHONHASHSEED", "unchanged")
    monkeypatch.setattr(reproducibility, "_import_tensorflow_quietly", lambda: pytest.fail("imported"))
    with pytest.raises(error, match=message):
        helpers.make_reproducible(**kwargs)
    assert os.environ["PYTHONHASHSEED"] == "unchanged"


def test_numpy_integers_are_accepted(capsys):
    settings = helpers.make_reproducible(seed=np.int64(42), cpu_devices=np.int32(1), quiet=np.bool_(True))
    assert settings["seed"] == 42 and type(settings["seed"]) is int
    assert capsys.readouterr().out == ""


def test_onednn_is_turned_off_with_a_warning_when_the_user_set_it():
    environ = {"TF_ENABLE_ONEDNN_OPTS": "1"}
    problems = reproducibility._prepare_environment(environ, tf_imported=False, imported_by_us=False)
    assert environ == {"TF_ENABLE_ONEDNN_OPTS": "0", "TF_CPP_MIN_LOG_LEVEL": "3"}
    assert len(problems) == 1
    assert "TF_ENABLE_ONEDNN_OPTS='1'" in problems[0] and "unset TF_ENABLE_ONEDNN_OPTS" in problems[0]
    environ = {"TF_CPP_MIN_LOG_LEVEL": "1"}  # the user's log level is kept, no warning
    assert reproducibility._prepare_environment(environ, False, False) == []
    assert environ == {"TF_CPP_MIN_LOG_LEVEL": "1", "TF_ENABLE_ONEDNN_OPTS": "0"}


def test_tensorflow_imported_first_is_a_warning_with_the_fix(monkeypatch):
    monkeypatch.setattr(reproducibility, "_imported_by_us", False)
    monkeypatch.delenv("TF_ENABLE_ONEDNN_OPTS", raising=False)
    with pytest.warns(reproducibility.ReproducibilityWarning, match="restart the kernel") as caught:
        helpers.make_reproducible(seed=42, quiet=True)
    message = str(caught[0].message)
    assert "oneDNN is probably on" in message and "重启内核" in message
    assert caught[0].filename == __file__  # points at the caller's line, not at helpers


def test_a_second_call_after_our_own_import_does_not_warn(recwarn):
    helpers.make_reproducible(seed=42, quiet=True)
    assert not [w for w in recwarn if issubclass(w.category, reproducibility.ReproducibilityWarning)]


def test_pythonhashseed_is_set_for_child_processes():
    helpers.make_reproducible(seed=42, quiet=True)
    code = "import os; print(os.environ['PYTHONHASHSEED'], hash('abc'))"
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout
            for _ in range(2)]
    assert runs[0] == runs[1] and runs[0].startswith("42 ")


def test_logical_cpus_after_tensorflow_started_is_a_clear_error():
    tf.constant(1.0) + 1  # the runtime is running in this process
    with pytest.raises(RuntimeError, match="must run before TensorFlow does any work"):
        helpers.make_reproducible(cpu_devices=2, quiet=True)


def test_fresh_process_is_quiet_and_splits_the_cpu():
    """In a new process: nothing on stderr (not even C++ banners) and two logical CPUs."""
    code = (
        "import helpers; s = helpers.make_reproducible(cpu_devices=2, quiet=True);"
        "import tensorflow as tf; tf.constant(1.0) + 1; print(s['cpu_devices'])"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("TF_")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "2\n"
    assert done.stderr == ""


FAKE_TENSORFLOW = "import os\nos.write(2, b'oneDNN custom operations are on (noise)\\n')\n"
FAKE_TFDS_LOGS_ITS_ERROR = """
import os
from absl import logging
os.write(2, b'protobuf: gencode 6.31 runtime 5.29\\n')
try:
    raise ImportError("cannot import name 'runtime_version' from 'google.protobuf'")
except Exception as exception:  # what tfds/__init__.py does with its own import errors
    logging.exception(exception)
"""
FAKE_TENSORFLOW_FAILS = "import os\nos.write(2, b'VersionError: protobuf 5 needed\\n')\nraise ImportError('bad build')\n"
FAKE_TFDS_OK = "def load(*a, **k): pass\ndef disable_progress_bar(): pass\n"


@pytest.mark.parametrize("tensorflow,tfds,expected", [
    (FAKE_TENSORFLOW, FAKE_TFDS_LOGS_ITS_ERROR, ["tfds.load and tfds.disable_progress_bar missing",
                                                  "cannot import name 'runtime_version'", "gencode 6.31"]),
    (FAKE_TENSORFLOW_FAILS, FAKE_TFDS_OK, ["ImportError: bad build", "VersionError: protobuf 5 needed"]),
    (FAKE_TENSORFLOW, FAKE_TFDS_OK, []),
])
def test_a_failing_import_shows_its_real_cause(tmp_path, tensorflow, tfds, expected):
    """Fake tensorflow / tensorflow_datasets first on sys.path: the real cause is raised, noise hidden on success."""
    (tmp_path / "tensorflow.py").write_text(tensorflow)
    (tmp_path / "tensorflow_datasets.py").write_text(tfds)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from helpers import reproducibility\n"
        "try:\n    reproducibility._import_tensorflow_quietly()\n"
        "except ImportError as err:\n    print(err)\nelse:\n    print('imported')\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # the noise written to fd 2 is never shown as such
    if not expected:
        assert done.stdout == "imported\n"
    for text in expected:
        assert text in done.stdout, done.stdout
