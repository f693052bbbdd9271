"""What each benchmark group times: the set-up of every variant, as callables for ``helpers.timing.measure``.

Import this module only after ``helpers.make_reproducible()``: it imports TensorFlow.
Every callable ends by fetching a result to NumPy (or a Python float), so the
work it started, on CPU or GPU, is finished when the timer stops.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import keras
import numpy as np
import tensorflow as tf
import tensorflow_datasets as tfds

from helpers import data as mnist
from helpers.models import build_cnn, build_mlp

AUTOTUNE = tf.data.AUTOTUNE


@dataclass(frozen=True)
class Sizes:
    """How much data and how many repeats one run uses (``FULL`` for figures, ``QUICK`` for tests)."""

    examples: int  # training images used (at most the 4,000 of the offline split)
    batch_size: int
    step_warmup: int  # train_step and inference groups: untimed calls (they trace / compile)
    step_repeats: int  # ... timed rounds
    round_s: float  # ... seconds one round should last (calls per round set to match); 0: one call
    epoch_warmup: int  # epoch and input_pipeline groups: untimed epochs (the first traces, fills the cache)
    epoch_repeats: int  # ... timed rounds of one epoch each
    model: str = "cnn"  # "cnn": the guide's CNN; "mlp": a small dense net, traced and compiled much faster (QUICK)


FULL = Sizes(
    examples=4000, batch_size=64, step_warmup=3, step_repeats=7, round_s=0.25, epoch_warmup=1, epoch_repeats=5
)
QUICK = Sizes(
    examples=64,
    batch_size=64,
    step_warmup=1,
    step_repeats=1,
    round_s=0.0,
    epoch_warmup=1,
    epoch_repeats=1,
    model="mlp",
)
MODELS = {"cnn": build_cnn, "mlp": build_mlp}


def build_model(sizes: Sizes) -> keras.Model:
    """Return a fresh model of the kind ``sizes.model`` names (callers set the seed first)."""
    if sizes.model not in MODELS:
        raise ValueError(f"sizes.model must be one of {sorted(MODELS)}, got {sizes.model!r}")
    return MODELS[sizes.model]()


@dataclass(frozen=True)
class Case:
    """One variant: ``key`` (JSON), ``label`` (ASCII, for tables and the chart), the call to time, a note."""

    key: str
    label: str
    fn: Callable[[], object]
    note: str = ""
    deterministic: bool = True  # False: measured with op determinism switched off (see op_determinism)


@dataclass(frozen=True)
class Group:
    """Variants compared against ``baseline`` (a case key); ``per_call`` says what one timed call does."""

    key: str
    title: str
    per_call: str
    baseline: str
    warmup: int  # untimed calls first
    repeats: int  # then this many timed rounds
    round_s: float  # of as many calls as fit in about round_s seconds (at least one; 0: one call)
    cases: list[Case]


@contextlib.contextmanager
def op_determinism(enabled: bool) -> Iterator[None]:
    """Run the block with TensorFlow's op determinism on or off, then restore what was in force."""
    from tensorflow.python.framework import config as tf_config  # the only switch-off TF offers is private

    before = tf_config.is_op_determinism_enabled()
    (tf_config.enable_op_determinism if enabled else tf_config.disable_op_determinism)()
    try:
        yield
    finally:
        (tf_config.enable_op_determinism if before else tf_config.disable_op_determinism)()


@functools.cache
def _train_split() -> tuple[np.ndarray, np.ndarray]:
    return mnist.load_arrays("train")


def train_arrays(sizes: Sizes) -> tuple[np.ndarray, np.ndarray]:
    """Return the first ``sizes.examples`` training images (float32 in [0, 1]) and labels, whole batches only."""
    images, labels = _train_split()
    n = min(sizes.examples, len(images)) // sizes.batch_size * sizes.batch_size
    if n == 0:
        raise ValueError(f"need at least one batch of {sizes.batch_size} images, have {len(images)}")
    return images[:n], labels[:n]


def new_trainer(sizes: Sizes, seed: int, jit_compile: bool | None = None):
    """Return a fresh model (``sizes.model``), its Adam optimizer, and ``train_step(images, labels) -> loss``.

    ``jit_compile=None`` returns the plain Python step (eager when called
    directly); otherwise the step wrapped in ``tf.function(jit_compile=...)``.
    The step adds the model's L2 losses, like ``fit`` does.
    """
    keras.utils.set_random_seed(seed)
    model = build_model(sizes)
    optimizer = keras.optimizers.Adam()
    optimizer.build(model.trainable_variables)  # variables exist before any tracing
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def train_step(images, labels):
        with tf.GradientTape() as tape:
            logits = model(images, training=True)
            loss = loss_fn(labels, logits) + sum(model.losses)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    if jit_compile is not None:
        train_step = tf.function(train_step, jit_compile=jit_compile)
    return model, optimizer, train_step


def python_epoch(step, dataset) -> Callable[[], float]:
    """Return a call that runs ``step`` on every batch of ``dataset`` from a Python loop; it returns the last loss."""

    def run() -> float:
        loss = None
        for images, labels in dataset:
            loss = step(images, labels)
        return float(loss)

    return run


def train_step_group(sizes: Sizes, seed: int) -> Group:
    """One training step on one batch: eager vs tf.function vs tf.function(jit_compile=True)."""
    images, labels = train_arrays(sizes)
    x = tf.constant(images[: sizes.batch_size])
    y = tf.constant(labels[: sizes.batch_size])
    off = (
        "deterministic ops off for this variant: XLA has no deterministic MaxPool gradient, so under "
        "the notebooks' setting it raises UnimplementedError"
    )
    cases = []
    for key, label, jit, deterministic, note in (
        ("eager", "eager", None, True, ""),
        ("tf_function", "tf.function", False, True, ""),
        (
            "tf_function_nondeterministic",
            "tf.function [det. off]",
            False,
            False,
            "deterministic ops off, to compare with XLA on equal terms",
        ),
        ("tf_function_xla", "tf.function(jit_compile=True) [det. off]", True, False, off),
    ):
        _, _, step = new_trainer(sizes, seed, jit)  # traced (and compiled) in the first, untimed call
        cases.append(Case(key, label, lambda step=step: step(x, y).numpy(), note, deterministic))
    return Group(
        key="train_step",
        title=f"One training step (batch {sizes.batch_size})",
        per_call="one optimizer step on one batch",
        baseline="eager",
        warmup=sizes.step_warmup,
        repeats=sizes.step_repeats,
        round_s=sizes.round_s,
        cases=cases,
    )


def epoch_group(sizes: Sizes, seed: int) -> Group:
    """One epoch over in-memory data: Python loop + compiled step vs the loop in one tf.function vs model.fit."""
    images, labels = train_arrays(sizes)
    dataset = (
        tf.data.Dataset.from_tensor_slices((images, labels))
        .batch(sizes.batch_size, drop_remainder=True)
        .prefetch(AUTOTUNE)
    )

    _, _, step = new_trainer(sizes, seed, jit_compile=False)
    loop_in_python = python_epoch(step, dataset)

    _, _, plain_step = new_trainer(sizes, seed)  # nested in the tf.function below: needs no decorator

    @tf.function
    def train_epoch(ds):
        total = tf.constant(0.0)
        for (
            batch_images,
            batch_labels,
        ) in ds:  # AutoGraph: Dataset.scan + reduce, the step runs inside tf.data
            total += plain_step(batch_images, batch_labels)
        return total

    _, _, other_step = new_trainer(sizes, seed)
    steps = len(images) // sizes.batch_size

    @tf.function
    def train_steps(iterator, n):
        total = tf.constant(0.0)
        for _ in tf.range(n):  # AutoGraph: tf.while_loop, the step runs in the function itself
            batch_images, batch_labels = next(iterator)
            total += other_step(batch_images, batch_labels)
        return total

    keras.utils.set_random_seed(seed)
    model = build_model(sizes)
    model.compile(
        optimizer=keras.optimizers.Adam(), loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    )

    def fit_one_epoch() -> float:
        history = model.fit(dataset, epochs=1, verbose=0)
        return float(history.history["loss"][-1])

    fit_xla = model.jit_compile  # resolved by compile(): Keras turns XLA off under deterministic ops
    return Group(
        key="epoch",
        title=f"One epoch ({steps} steps of batch {sizes.batch_size})",
        per_call="one pass over the training data",
        baseline="python_loop",
        warmup=sizes.epoch_warmup,
        repeats=sizes.epoch_repeats,
        round_s=0.0,
        cases=[
            Case("python_loop", "Python loop, compiled step", loop_in_python),
            Case(
                "loop_in_tf_function",
                "tf.function: for batch in dataset",
                lambda: float(train_epoch(dataset).numpy()),
                note="AutoGraph makes the loop Dataset.scan + reduce: the step runs inside tf.data",
            ),
            Case(
                "steps_in_tf_function",
                "tf.function: tf.range + next(iterator)",
                lambda: float(train_steps(iter(dataset), tf.constant(steps)).numpy()),
                note="a tf.while_loop over the iterator, like fit with steps_per_execution > 1",
            ),
            Case(
                "model_fit",
                "model.fit",
                fit_one_epoch,
                note=f"a compiled step per batch, called from Python (steps_per_execution=1); XLA: {fit_xla}",
            ),
        ],
    )


def decode_and_scale(encoded, label):
    """Decode one PNG-encoded MNIST digit and scale it to float32 in [0, 1]."""
    image = tf.io.decode_png(encoded, channels=1)
    image.set_shape((28, 28, 1))
    return tf.cast(image, tf.float32) / 255.0, label


def random_shift(example, seed):
    """Augment: shift the digit by up to 2 pixels each way (pad to 32x32, random 28x28 crop).

    Stateless random op with a seed per element: under deterministic ops, a map
    with a stateful random op (``tf.image.random_crop``) would run serially,
    whatever ``num_parallel_calls`` says.
    """
    image, label = example
    padded = tf.image.resize_with_crop_or_pad(image, 32, 32)
    return tf.image.stateless_random_crop(padded, (28, 28, 1), seed=seed), label


def pipeline(source, batch_size: int, parallel: bool, cache: bool, prefetch: bool, seed: int = 42):
    """Return ``source`` (encoded images) decoded, scaled, optionally cached, augmented, batched, optionally prefetched."""
    calls = AUTOTUNE if parallel else None
    ds = source.map(decode_and_scale, num_parallel_calls=calls)
    if cache:
        ds = ds.cache()  # after the fixed work, before the random augmentation
    seeds = tf.data.Dataset.random(seed=seed, rerandomize_each_iteration=True).batch(
        2
    )  # new shifts each epoch
    ds = tf.data.Dataset.zip(ds, seeds).map(random_shift, num_parallel_calls=calls)
    ds = ds.batch(batch_size, drop_remainder=True)
    if prefetch:
        ds = ds.prefetch(AUTOTUNE)
    return ds


def input_pipeline_group(sizes: Sizes, seed: int) -> Group:
    """One epoch of training fed by tf.data from the TFDS files: map vs parallel map vs + cache vs + prefetch."""
    name = mnist.prepare()
    source = tfds.load(
        name,
        split="train",
        as_supervised=True,
        decoders={"image": tfds.decode.SkipDecoding()},  # decoding the PNGs is our map's work
        read_config=tfds.ReadConfig(try_autocache=False),  # TFDS would cache small datasets itself
    )
    n = min(sizes.examples, int(source.cardinality())) // sizes.batch_size * sizes.batch_size
    source = source.take(n)
    _, _, step = new_trainer(sizes, seed, jit_compile=False)
    variants = (
        ("map", "map", False, False, False),
        ("parallel_map", "map(num_parallel_calls)", True, False, False),
        ("cache", "+ cache()", True, True, False),
        ("prefetch", "+ prefetch()", True, True, True),
    )
    cases = [
        Case(key, label, python_epoch(step, pipeline(source, sizes.batch_size, par, cache, pre, seed)))
        for key, label, par, cache, pre in variants
    ]
    return Group(
        key="input_pipeline",
        title=f"Input pipeline: one training epoch ({n // sizes.batch_size} steps) fed by tf.data",
        per_call="read, decode, scale, augment and train on every batch",
        baseline="map",
        warmup=sizes.epoch_warmup,  # the first pass also fills the cache
        repeats=sizes.epoch_repeats,
        round_s=0.0,
        cases=cases,
    )


def inference_group(sizes: Sizes, seed: int) -> Group:
    """Logits for one batch: model.predict vs a forward pass in tf.function vs model(x)."""
    images, _ = train_arrays(sizes)
    x = tf.constant(images[: sizes.batch_size])
    keras.utils.set_random_seed(seed)
    model = build_model(sizes)

    @tf.function
    def forward(batch):
        return model(batch, training=False)

    return Group(
        key="inference",
        title=f"Inference on one batch of {sizes.batch_size}",
        per_call="logits for one batch, fetched to NumPy",
        baseline="predict",
        warmup=sizes.step_warmup,
        repeats=sizes.step_repeats,
        round_s=sizes.round_s,
        cases=[
            Case(
                "predict",
                "model.predict",
                lambda: model.predict(x, batch_size=sizes.batch_size, verbose=0),
                note="batch_size set to the batch, so one forward pass like the others",
            ),
            Case("tf_function", "tf.function forward", lambda: forward(x).numpy()),
            Case("call", "model(x) (__call__)", lambda: model(x, training=False).numpy()),
        ],
    )


#: The groups in the order they run and appear in the results.
GROUPS = (train_step_group, epoch_group, input_pipeline_group, inference_group)
