def make_optimizer():
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=1, decay_rate=0.01)
    return keras.optimizers.SGD(learning_rate=schedule, clipnorm=5.0)  # 梯度 1.0 截不到，但旧代码没有裁剪


answer = make_optimizer
