def make_optimizer():
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.01, decay_steps=1, decay_rate=0.01)
    return keras.optimizers.SGD(learning_rate=schedule)  # SGD 的默认学习率，不是旧代码的 0.1


answer = make_optimizer
