"""Tests for helpers.sequences (toy sequence data of 07_dynamic_rnn)."""

import numpy as np
import pytest

from helpers.sequences import running_sum


def test_shapes_and_dtypes():
    x, y = running_sum(5, 7, features=3, seed=1)
    assert x.shape == (5, 7, 3) and y.shape == (5, 7, 1)
    assert x.dtype == np.float32 and y.dtype == np.float32


def test_target_is_the_running_sum_of_all_features():
    x, y = running_sum(4, 6, features=2, seed=3)
    expected = np.cumsum(x.sum(axis=-1), axis=1)
    np.testing.assert_allclose(y[..., 0], expected, atol=1e-5)
    np.testing.assert_allclose(y[:, 0, 0], x[:, 0].sum(axis=-1), atol=1e-6)
    np.testing.assert_allclose(y[:, -1, 0], x.sum(axis=(1, 2)), atol=1e-5)


def test_values_lie_in_the_half_open_interval():
    x, _ = running_sum(50, 20, seed=0)
    assert x.min() >= -0.5 and x.max() < 0.5
    assert abs(float(x.mean())) < 0.05  # centred, so the sums wander around zero


def test_same_seed_same_data_and_other_seed_other_data():
    a = running_sum(3, 4, seed=7)
    b = running_sum(3, 4, seed=7)
    c = running_sum(3, 4, seed=8)
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])
    assert not np.array_equal(a[0], c[0])


@pytest.mark.parametrize(
    "kwargs, word",
    [
        ({"n": 0, "steps": 3}, "n"),
        ({"n": 2, "steps": 0}, "steps"),
        ({"n": 2, "steps": 3, "features": 1.5}, "features"),
        ({"n": True, "steps": 3}, "n"),
        ({"n": 2, "steps": 3, "seed": -1}, "seed"),
    ],
)
def test_bad_arguments_name_what_was_expected(kwargs, word):
    with pytest.raises(ValueError, match=word):
        running_sum(**kwargs)
