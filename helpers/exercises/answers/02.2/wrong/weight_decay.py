def make_optimizer():
    return keras.optimizers.Adadelta(1.0, weight_decay=0.5)  # 学习率对了，权重衰减把损失拉住了


answer = make_optimizer
