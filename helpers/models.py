"""Models shared by the notebooks.

Introduced in 04_keras_fit (the guide's CNN) and reused by 05_custom_training_loop.
All models start with ``keras.Input``: Keras 3 warns (with a machine-specific
path) when the first layer gets ``input_shape=`` instead.
"""

from __future__ import annotations

import keras

#: Shape of one MNIST image, as TFDS returns it.
IMAGE_SHAPE = (28, 28, 1)
NUM_CLASSES = 10


def build_cnn(l2: float = 0.02, dropout: float = 0.1, name: str = "cnn") -> keras.Sequential:
    """Return the guide's small CNN for 28x28x1 images: logits for 10 classes.

    Conv2D(32, 3, L2 ``l2``) -> MaxPooling -> Flatten -> Dropout(``dropout``)
    -> Dense(64) -> BatchNormalization -> Dense(10). ``l2=0`` removes the
    regularizer, so ``model.losses`` is empty.
    """
    if not isinstance(l2, (int, float)) or isinstance(l2, bool) or l2 < 0:
        raise ValueError(f"l2 must be a number >= 0, got {l2!r}")
    if not isinstance(dropout, (int, float)) or isinstance(dropout, bool) or not 0 <= dropout < 1:
        raise ValueError(f"dropout must be a number in [0, 1), got {dropout!r}")
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
    if not isinstance(hidden, int) or isinstance(hidden, bool) or hidden < 1:
        raise ValueError(f"hidden must be an int >= 1, got {hidden!r}")
    return keras.Sequential(
        [
            keras.Input(shape=IMAGE_SHAPE),
            keras.layers.Flatten(),
            keras.layers.Dense(hidden, activation="relu"),
            keras.layers.Dense(NUM_CLASSES),
        ],
        name=name,
    )
