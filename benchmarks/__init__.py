"""Benchmarks: how much faster the guide's recommendations are, measured on this machine.

``make bench`` (or ``python -m benchmarks --out benchmarks/results``) times four groups, each
against its own baseline, on the guide's CNN (``helpers.models.build_cnn``),
batch 64, with the offline MNIST digits of ``helpers.data``:

1. ``train_step`` - one training step: eager (baseline), inside ``tf.function``,
   and inside ``tf.function(jit_compile=True)`` (XLA). XLA has no deterministic
   MaxPool gradient, so under the notebooks' deterministic ops it raises
   ``UnimplementedError`` (even on CPU): the XLA variant, and a plain
   ``tf.function`` to compare it with, run with deterministic ops switched off.
2. ``epoch`` - one epoch from an in-memory dataset: a Python loop calling a
   compiled step (baseline), the whole loop inside one ``tf.function`` iterating
   the dataset (AutoGraph makes that a ``Dataset.scan``/``reduce``), the same
   loop over ``tf.range`` and ``next(iterator)`` (a ``tf.while_loop``, as Keras'
   own train function does), and ``model.fit``.
3. ``input_pipeline`` - one epoch of training fed from the TFDS files, the images
   decoded, scaled and augmented (random shift) in ``Dataset.map``: plain map
   (baseline), then adding ``num_parallel_calls=AUTOTUNE``, ``cache()`` (after
   the decoding, before the random augmentation) and ``prefetch(AUTOTUNE)``.
   The augmentation uses a stateless random op with a seed per element: under
   deterministic ops a map with a stateful random op runs serially.
4. ``inference`` - predictions for one batch: ``model.predict`` (baseline), a
   forward pass in ``tf.function``, and ``model(x)`` (``__call__``, eager).

Each figure comes from ``helpers.timing.measure``: untimed warm-up calls (they
trace and compile), then the median of repeated timed rounds, with the spread
(max - min). A round of the step and inference groups makes as many calls as
fit in about 0.25 s (one timed call after the warm-up sets the number); a round
of the epoch groups is one epoch. Every timed call ends by fetching its result
to NumPy, so a GPU has finished its work when the clock stops. Speed-up =
baseline median / variant median, so above 1 means faster than the baseline.

The run starts with ``helpers.make_reproducible(quiet=True)``, exactly like the
notebooks: TensorFlow runs with 2 intra-op and 2 inter-op threads and with
deterministic ops, so the figures describe the notebooks' setting (also on a
machine with more cores). It writes ``results.json`` (every number, plus the
machine: CPU model, cores, GPUs, Python/TensorFlow/Keras versions, threads,
date), ``results.md`` (one table per group) and ``results.png`` (bar chart of
the speed-ups) into ``--out``. ``--quick`` uses tiny sizes, a small dense net
instead of the CNN, and one round (a smoke test, not a measurement);
``--only GROUP ...`` runs some groups. A
variant that raises is recorded with its error instead of a time; the other
figures are still written, and the command exits with status 1.

Times differ between machines and between runs on a busy machine: compare the
speed-ups, and rerun on an idle machine before drawing conclusions.
"""
