"""helpers.make_reproducible: same numbers on every call, quiet TensorFlow, clear errors."""

import os
import subprocess
import sys

import numpy as np
import pytest
import tensorflow as tf

import helpers


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


@pytest.mark.parametrize("kwargs,message", [
    ({"seed": -1}, "seed must be a non-negative int"),
    ({"seed": 1.5}, "seed must be a non-negative int"),
    ({"cpu_devices": 0}, r"cpu_devices must be an int >= 1"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        helpers.make_reproducible(**kwargs)


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
