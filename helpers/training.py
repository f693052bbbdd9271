"""Train several models side by side, so that they differ only in what a comparison changes.

Introduced in 02_optimizer_defaults: :func:`train_side_by_side` trains each model with its own
optimizer inside one ``tf.function`` step, so that at every step all of them see the same batch.
Introduced in 05_keras_fit_advanced: :func:`fit_each_once`, :func:`print_nan_report` and :func:`has_nan` train a pair of models
with ``fit`` (one under a distribution strategy, one not) and say whether NaN reached the weights.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import keras
import numpy as np
import tensorflow as tf

from helpers import _arguments


def train_side_by_side(
    runs: Mapping[str, tuple[keras.Model, keras.optimizers.Optimizer]],
    batches: Sequence[tuple[tf.Tensor, tf.Tensor]],
    loss_fn: Callable[[tf.Tensor, tf.Tensor], tf.Tensor],
    epochs: int = 1,
) -> dict[str, list[float]]:
    """Return {label: training loss at each step} after training every (model, optimizer) of ``runs`` on ``batches``.

    Each step feeds the same batch ``(x, y)`` to every model; ``batches`` is walked in order, ``epochs`` times.
    The loss of a step is the one its batch gives before that step's update.
    """
    if not isinstance(runs, Mapping) or not runs:
        raise ValueError("runs must be a non-empty mapping of label -> (model, optimizer)")
    for label, run in runs.items():
        if not (isinstance(run, tuple) and len(run) == 2 and isinstance(run[0], keras.Model)
                and isinstance(run[1], keras.optimizers.Optimizer)):
            raise TypeError(f"runs[{label!r}] must be a (keras.Model, keras.optimizers.Optimizer) pair")
    if len({id(optimizer) for _, optimizer in runs.values()}) < len(runs):
        raise ValueError("each run needs its own optimizer: one optimizer object cannot serve two models")
    batches = list(batches)
    if not batches:
        raise ValueError("batches must hold at least one (x, y) batch")
    epochs = _arguments.integer("epochs", epochs, minimum=1)
    for model, optimizer in runs.values():
        optimizer.build(model.trainable_variables)  # state variables exist before tracing: one trace only

    @tf.function
    def train_step(x, y):
        losses = {}
        for label, (model, optimizer) in runs.items():
            with tf.GradientTape() as tape:
                loss = loss_fn(y, model(x, training=True))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            losses[label] = loss
        return losses

    steps = [train_step(x, y) for _ in range(epochs) for x, y in batches]
    return {label: [float(step[label]) for step in steps] for label in runs}


def has_nan(model: keras.Model) -> bool:
    """Return whether any weight of ``model`` (trainable or not) holds a NaN.

    Introduced in 05_keras_fit_advanced: a partial batch under a distribution strategy can put NaN into
    the shared weights while the loss that ``fit`` reports still looks normal.
    """
    if not isinstance(model, keras.Model):
        raise TypeError(f"model must be a keras.Model, got {type(model).__name__}")
    return any(bool(np.isnan(weight).any()) for weight in model.get_weights())


def fit_each_once(models: Mapping[str, keras.Model], dataset: tf.data.Dataset) -> dict[str, float]:
    """Return {label: training loss} after one epoch of ``fit`` on ``dataset`` for each model of ``models``.

    Introduced in 05_keras_fit_advanced: it prints, for each model, the loss and whether its weights
    now hold NaN (see :func:`has_nan`), so that a pair of models can be compared at a glance.
    """
    if not isinstance(models, Mapping) or not models:
        raise ValueError("models must be a non-empty mapping of label -> compiled keras.Model")
    for label, model in models.items():
        if not isinstance(model, keras.Model) or not model.compiled:
            raise TypeError(f"models[{label!r}] must be a compiled keras.Model (call compile first)")
    if not isinstance(dataset, tf.data.Dataset):
        raise TypeError(f"dataset must be a tf.data.Dataset, got {type(dataset).__name__}")
    losses = {label: float(model.fit(dataset, verbose=0).history["loss"][0]) for label, model in models.items()}
    print_nan_report(models, losses)
    return losses


def print_nan_report(models: Mapping[str, keras.Model], losses: Mapping[str, float]) -> None:
    """Print, for each model of ``models``, its loss from ``losses`` and whether its weights hold NaN; return None.

    Introduced in 05_keras_fit_advanced, which calls ``fit`` itself and leaves only this printing here.
    """
    if not isinstance(models, Mapping) or not isinstance(losses, Mapping) or set(models) != set(losses):
        raise ValueError("models and losses must be mappings with the same labels")
    for label, model in models.items():
        nan_text = "是" if has_nan(model) else "否"
        print(f"{label}：训练损失 {float(losses[label]):.4f}，权重里有 nan：{nan_text}")
