def make_optimizer():
    return keras.optimizers.Adadelta(learning_rate=1.05)  # 只调大了一点：损失只差约 0.1%，降低的量差 5%


answer = make_optimizer
