def make_optimizer():
    return keras.optimizers.Adadelta(learning_rate=1.0, clipnorm=0.1)  # 原来的设置没有梯度裁剪


answer = make_optimizer
