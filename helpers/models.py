"""Models shared by the notebooks.

Introduced in 04_keras_fit (the guide's CNN) and reused by 05_custom_training_loop.
All models start with ``keras.Input``: Keras 3 warns (with a machine-specific
path) when the first layer gets ``input_shape=`` instead.
"""

from __future__ import annotations

import keras

from helpers import _checks

#: Shape of one MNIST image, as TFDS returns it.
IMAGE_SHAPE = (28, 28, 1)
NUM_CLASSES = 10


def build_cnn(l2: float = 0.02, dropout: float = 0.1, name: str = "cnn") -> keras.Sequential:
    """Return the guide's small CNN for 28x28x1 images: logits for 10 classes.

    Conv2D(32, 3, L2 ``l2``) -> MaxPooling -> Flatten -> Dropout(``dropout``)
    -> Dense(64) -> BatchNormalization -> Dense(10). ``l2=0`` removes the
    regularizer, so ``model.losses`` is empty.
    """
    l2 = _checks.number("l2", l2, minimum=0)
    try:
        dropout = _checks.number("dropout", dropout, minimum=0, below=1)
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
    hidden = _checks.integer("hidden", hidden, minimum=1)
    return keras.Sequential(
        [
            keras.Input(shape=IMAGE_SHAPE),
            keras.layers.Flatten(),
            keras.layers.Dense(hidden, activation="relu"),
            keras.layers.Dense(NUM_CLASSES),
        ],
        name=name,
    )
