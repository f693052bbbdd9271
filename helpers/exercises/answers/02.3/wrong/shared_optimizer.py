_schedule = keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=1, decay_rate=0.01)
_opt = keras.optimizers.SGD(learning_rate=_schedule)  # 在函数外面只创建一次


def make_optimizer():
    return _opt


answer = make_optimizer
