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


def _compiled(seed=0):
    model = _model(seed)
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    return model


def test_has_nan_sees_a_nan_in_any_weight_and_only_then():
    model = _compiled()
    assert not training.has_nan(model)
    kernel, bias = model.get_weights()
    bias[0] = np.nan
    model.set_weights([kernel, bias])
    assert training.has_nan(model)
    with pytest.raises(TypeError, match="must be a keras.Model"):
        training.has_nan("model")


def test_fit_each_once_returns_the_loss_fit_reports_and_prints_the_nan_status(capsys):
    x, y = (np.concatenate(parts) for parts in zip(*[(a.numpy(), b.numpy()) for a, b in _batches()]))
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
    twin = _compiled()
    expected = twin.fit(dataset, verbose=0).history["loss"][0]
    losses = training.fit_each_once({"a": _compiled(), "b": _compiled(seed=1)}, dataset)
    assert list(losses) == ["a", "b"] and np.isclose(losses["a"], expected)
    assert losses["a"] != losses["b"]  # other initial weights: each model trained on its own
    assert capsys.readouterr().out.splitlines() == [
        f"a：训练损失 {losses['a']:.4f}，权重里有 nan：否", f"b：训练损失 {losses['b']:.4f}，权重里有 nan：否"]


def test_fit_each_once_rejects_bad_input():
    dataset = tf.data.Dataset.from_tensor_slices((np.zeros((4, 3), "float32"), np.zeros((4, 1), "float32")))
    with pytest.raises(ValueError, match="non-empty mapping"):
        training.fit_each_once({}, dataset.batch(2))
    with pytest.raises(TypeError, match="compiled keras.Model"):
        training.fit_each_once({"a": _model()}, dataset.batch(2))
    with pytest.raises(TypeError, match="tf.data.Dataset"):
        training.fit_each_once({"a": _compiled()}, [(1, 2)])


def test_print_nan_report_prints_each_loss_and_the_nan_status_and_rejects_mismatched_labels(capsys):
    clean, broken = _compiled(), _compiled(seed=1)
    kernel, bias = broken.get_weights()
    bias[0] = np.nan
    broken.set_weights([kernel, bias])
    training.print_nan_report({"a": clean, "b": broken}, {"a": 0.5, "b": 1.25})
    assert capsys.readouterr().out.splitlines() == [
        "a：训练损失 0.5000，权重里有 nan：否", "b：训练损失 1.2500，权重里有 nan：是"]
    with pytest.raises(ValueError, match="same labels"):
        training.print_nan_report({"a": clean}, {"b": 0.5})
