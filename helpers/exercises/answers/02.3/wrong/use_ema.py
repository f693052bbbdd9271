def make_optimizer():
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=1, decay_rate=0.01)
    return keras.optimizers.SGD(learning_rate=schedule, use_ema=True)


answer = make_optimizer
