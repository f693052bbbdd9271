class OldDecay(keras.optimizers.schedules.LearningRateSchedule):
    """TF 1.13 tf.keras 的 decay：学习率除以 1 + decay × 已走的步数。"""

    def __call__(self, step):
        return 0.1 / (1.0 + 0.01 * keras.ops.cast(step, "float32"))


def make_optimizer():
    return keras.optimizers.SGD(learning_rate=OldDecay())


answer = make_optimizer
