"""helpers.models: the guide's CNN and a small MLP, built the Keras 3 way."""

import keras
import numpy as np
import pytest

from helpers import models


def test_cnn_layers_and_output_shape():
    model = models.build_cnn()
    names = [type(layer).__name__ for layer in model.layers]
    assert names == ["Conv2D", "MaxPooling2D", "Flatten", "Dropout", "Dense", "BatchNormalization", "Dense"]
    out = model(np.zeros((3, 28, 28, 1), np.float32))
    assert tuple(out.shape) == (3, 10)


def test_cnn_is_built_from_keras_input():
    # Variables exist right away because the model starts with keras.Input.
    model = models.build_cnn()
    assert len(model.weights) > 0
    assert model.input_shape == (None, 28, 28, 1)


def test_cnn_regularizer_adds_a_loss_and_can_be_removed():
    with_l2 = models.build_cnn(l2=0.02)
    without = models.build_cnn(l2=0)
    with_l2(np.zeros((1, 28, 28, 1), np.float32))
    without(np.zeros((1, 28, 28, 1), np.float32))
    assert len(with_l2.losses) == 1 and float(with_l2.losses[0]) > 0
    assert without.losses == []


def test_cnn_dropout_rate():
    model = models.build_cnn(dropout=0.3)
    assert model.layers[3].rate == 0.3


@pytest.mark.parametrize("kwargs,error,message", [
    ({"l2": -1}, ValueError, "l2 must be a number >= 0"),
    ({"l2": float("nan")}, ValueError, "l2 must be a finite number, got nan"),
    ({"l2": float("inf")}, ValueError, "l2 must be a finite number"),
    ({"l2": "big"}, TypeError, "l2 must be a number, got str"),
    ({"l2": True}, TypeError, "l2 must be a number, got bool"),
    ({"dropout": 1.0}, ValueError, r"dropout must be a number in \[0, 1\)"),
    ({"dropout": float("nan")}, ValueError, r"dropout must be a number in \[0, 1\)"),
    ({"dropout": None}, TypeError, "dropout must be a number"),
])
def test_cnn_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message):
        models.build_cnn(**kwargs)


def test_numpy_scalars_are_accepted():
    model = models.build_cnn(l2=np.float32(0.01), dropout=np.float64(0.2))
    assert model.layers[3].rate == pytest.approx(0.2)
    assert models.build_mlp(hidden=np.int64(16)).layers[1].units == 16


def test_mlp_shapes_and_parameter_count():
    model = models.build_mlp(hidden=16)
    assert tuple(model(np.zeros((2, 28, 28, 1), np.float32)).shape) == (2, 10)
    assert model.count_params() == 784 * 16 + 16 + 16 * 10 + 10


def test_mlp_bad_hidden():
    with pytest.raises(ValueError, match="hidden must be an int >= 1, got 0"):
        models.build_mlp(hidden=0)
    with pytest.raises(TypeError, match="hidden must be an int, got float"):
        models.build_mlp(hidden=32.0)


def test_summary_text_is_the_plain_table():
    text = models.summary_text(models.build_mlp())
    assert text.startswith('Model: "mlp"')
    assert "Total params: 25,450" in text  # 784*32+32 + 32*10+10
    assert "\x1b" not in text and not text.endswith("\n")


def test_summary_text_bad_input():
    with pytest.raises(TypeError, match="model must be a keras.Model, got str"):
        models.summary_text("mlp")

    class Unbuilt(keras.Model):
        def call(self, x):
            return x

    with pytest.raises(ValueError, match="has no variables yet"):
        models.summary_text(Unbuilt(name="unbuilt"))

