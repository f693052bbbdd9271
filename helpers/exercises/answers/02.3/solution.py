def make_optimizer():
    # 旧的 decay=0.01：第 t 步（从 0 数起）的学习率是 0.1 / (1 + 0.01 × t)
    schedule = keras.optimizers.schedules.InverseTimeDecay(
        initial_learning_rate=0.1, decay_steps=1, decay_rate=0.01
    )
    return keras.optimizers.SGD(learning_rate=schedule)


answer = make_optimizer
