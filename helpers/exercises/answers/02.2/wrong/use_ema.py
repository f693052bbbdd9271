def make_optimizer():
    return keras.optimizers.Adadelta(learning_rate=1.0, use_ema=True)  # 原来的设置没有权重的滑动平均


answer = make_optimizer
