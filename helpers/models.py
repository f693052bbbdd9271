"""Models shared by the notebooks.

The guide's CNN is trained in 04_keras_fit and reused in 05_keras_fit_advanced and
06_custom_training_loop; :func:`summary_text` (from 01 on) prints ``model.summary()`` as plain text.
All models start with ``keras.Input``: Keras 3 warns (with a machine-specific
path) when the first layer gets ``input_shape=`` instead.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import keras

from helpers import _arguments

#: Shape of one MNIST image, as TFDS returns it.
IMAGE_SHAPE = (28, 28, 1)
NUM_CLASSES = 10


def build_cnn(l2: float = 0.02, dropout: float = 0.1, name: str = "cnn") -> keras.Sequential:
    """Return the guide's small CNN for 28x28x1 images: logits for 10 classes.

    Conv2D(32, 3, L2 ``l2``) -> MaxPooling -> Flatten -> Dropout(``dropout``)
    -> Dense(64) -> BatchNormalization -> Dense(10). ``l2=0`` removes the
    regularizer, so ``model.losses`` is empty.
    """
    l2 = _arguments.number("l2", l2, minimum=0)
    try:
        dropout = _arguments.number("dropout", dropout, minimum=0, below=1)
    except ValueError:
        raise ValueError(f"dropout must be a number in [0, 1), got {dropout!r}") from None
    regularizer = keras.regularizers.L2(l2) if l2 > 0 else None
    return keras.Sequential(
        [
            keras.Input(shape=IMAGE_SHAPE),
            keras.layers.Conv2D(32, 3, activation="relu", kernel_regularizer=regularizer),
            keras.layers.MaxPooling2D(),
            keras.layers.Flatten(),
            keras.layers.Dropout(dropout),
            keras.layers.Dense(64, activation="relu"),
            keras.layers.BatchNormalization(),
            keras.layers.Dense(NUM_CLASSES),
        ],
        name=name,
    )


def build_mlp(hidden: int = 32, name: str = "mlp") -> keras.Sequential:
    """Return a small dense classifier for 28x28x1 images: Flatten -> Dense(``hidden``) -> Dense(10) logits."""
    hidden = _arguments.integer("hidden", hidden, minimum=1)
    return keras.Sequential(
        [
            keras.Input(shape=IMAGE_SHAPE),
            keras.layers.Flatten(),
            keras.layers.Dense(hidden, activation="relu"),
            keras.layers.Dense(NUM_CLASSES),
        ],
        name=name,
    )


@contextlib.contextmanager
def _no_ipython_display() -> Iterator[None]:
    """Swallow what IPython would display meanwhile; a no-op outside IPython."""
    try:
        from IPython.utils.capture import capture_output
    except ImportError:  # plain Python: nothing is displayed anyway
        yield
        return
    with capture_output(stdout=False, stderr=False, display=True):
        yield


def summary_text(model: keras.Model) -> str:
    """Return the table of ``model.summary()`` as plain text, without colour codes.

    Introduced in 01_modules_and_variables. ``model.summary(print_fn=print)``
    prints the same text, but inside Jupyter the ``rich`` library that Keras
    draws the table with also leaves an empty HTML output behind; this function
    displays nothing and returns the text.
    """
    if not isinstance(model, keras.Model):
        raise TypeError(f"model must be a keras.Model, got {type(model).__name__}")
    if not model.built:
        raise ValueError(
            f"model {model.name!r} has no variables yet: call it on a batch (or fit/evaluate it) before summary_text(model)"
        )
    parts: list[str] = []
    with _no_ipython_display():
        model.summary(print_fn=parts.append)
    return "".join(parts).rstrip("\n")
