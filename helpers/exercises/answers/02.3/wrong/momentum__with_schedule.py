def make_optimizer():
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=1, decay_rate=0.01)
    return keras.optimizers.SGD(learning_rate=schedule, momentum=0.9)  # 旧代码没有动量


answer = make_optimizer
