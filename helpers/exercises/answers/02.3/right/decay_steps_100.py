def make_optimizer():
    # 0.1 / (1 + 1.0 × t / 100) 和 0.1 / (1 + 0.01 × t) 是同一个数
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=100, decay_rate=1.0)
    return keras.optimizers.SGD(learning_rate=schedule)


answer = make_optimizer
