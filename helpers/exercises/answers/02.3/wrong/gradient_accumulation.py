def make_optimizer():
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=1, decay_rate=0.01)
    return keras.optimizers.SGD(learning_rate=schedule, gradient_accumulation_steps=2)  # 每 2 步才更新一次


answer = make_optimizer
