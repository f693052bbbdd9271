"""helpers.training: models trained side by side see the same batches, in order."""

import keras
import numpy as np
import pytest
import tensorflow as tf

from helpers import training


def _model(seed=0):
    keras.utils.set_random_seed(seed)
    return keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(1)])


def _batches():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(8, 3)).astype("float32")
    y = (x @ np.array([1.0, -2.0, 0.5], "float32"))[:, None]
    return [(tf.constant(x[i:i + 4]), tf.constant(y[i:i + 4])) for i in (0, 4)]


def test_identical_runs_give_identical_curves_so_every_step_sees_the_same_batch():
    runs = {"a": (_model(), keras.optimizers.SGD(0.1)), "b": (_model(), keras.optimizers.SGD(0.1))}
    curves = training.train_side_by_side(runs, _batches(), keras.losses.MeanSquaredError(), epochs=2)
    assert list(curves) == ["a", "b"] and len(curves["a"]) == 4
    assert curves["a"] == curves["b"]
    assert curves["a"][2] < curves["a"][0]  # the same batch, one epoch later: the model has learned


def test_each_loss_is_the_batch_loss_before_the_update():
    model, batches = _model(), _batches()
    x, y = batches[0]
    expected = float(keras.losses.MeanSquaredError()(y, model(x)))
    curves = training.train_side_by_side({"m": (model, keras.optimizers.SGD(0.1))}, batches,
                                         keras.losses.MeanSquaredError())
    assert np.isclose(curves["m"][0], expected)
    assert len(curves["m"]) == 2


def test_only_the_learning_rate_differs_and_zero_leaves_the_model_unchanged():
    frozen, trained = _model(), _model()
    before = frozen.get_weights()
    curves = training.train_side_by_side(
        {"zero": (frozen, keras.optimizers.SGD(0.0)), "sgd": (trained, keras.optimizers.SGD(0.1))},
        _batches(), keras.losses.MeanSquaredError())
    assert all(np.array_equal(a, b) for a, b in zip(before, frozen.get_weights()))
    assert curves["zero"][0] == curves["sgd"][0]  # same start, same first batch


def test_bad_input_gets_a_clear_error():
    loss = keras.losses.MeanSquaredError()
    with pytest.raises(ValueError, match="non-empty mapping"):
        training.train_side_by_side({}, _batches(), loss)
    with pytest.raises(TypeError, match=r"runs\['a'\] must be a \(keras.Model"):
        training.train_side_by_side({"a": (_model(), "sgd")}, _batches(), loss)
    shared = keras.optimizers.SGD(0.1)
    with pytest.raises(ValueError, match="its own optimizer"):
        training.train_side_by_side({"a": (_model(), shared), "b": (_model(), shared)}, _batches(), loss)
    with pytest.raises(ValueError, match="at least one"):
        training.train_side_by_side({"a": (_model(), keras.optimizers.SGD(0.1))}, [], loss)
    with pytest.raises(ValueError, match="epochs must be an int >= 1"):
        training.train_side_by_side({"a": (_model(), keras.optimizers.SGD(0.1))}, _batches(), loss, epochs=0)
