def make_optimizer():
    # decay_steps=100：每 100 步才衰减 decay_rate 那么多，比旧代码慢 100 倍
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=100, decay_rate=0.01)
    return keras.optimizers.SGD(learning_rate=schedule)


answer = make_optimizer
