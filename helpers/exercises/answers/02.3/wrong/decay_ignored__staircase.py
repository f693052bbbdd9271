def make_optimizer():
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.1, 100, 1.0, staircase=True)  # 满 100 步才降一次
    return keras.optimizers.SGD(learning_rate=schedule)


answer = make_optimizer
