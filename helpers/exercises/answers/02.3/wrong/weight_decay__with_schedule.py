def make_optimizer():
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=1, decay_rate=0.01)
    return keras.optimizers.SGD(learning_rate=schedule, weight_decay=0.01)  # 多写了权重衰减


answer = make_optimizer
