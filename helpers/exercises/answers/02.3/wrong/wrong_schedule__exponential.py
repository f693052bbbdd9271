def make_optimizer():
    schedule = keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=1, decay_rate=0.99)
    return keras.optimizers.SGD(learning_rate=schedule)


answer = make_optimizer
