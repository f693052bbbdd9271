_opt = keras.optimizers.Adadelta(1.0)  # 在函数外面只创建一次


def make_optimizer():
    return _opt


answer = make_optimizer
