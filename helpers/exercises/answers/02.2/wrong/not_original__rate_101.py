def make_optimizer():
    return keras.optimizers.Adadelta(learning_rate=1.01)  # 降低的量差约 1%


answer = make_optimizer
