def make_optimizer():
    return keras.optimizers.Adadelta(learning_rate=1)  # 整数 1，不是 1.0


answer = make_optimizer
