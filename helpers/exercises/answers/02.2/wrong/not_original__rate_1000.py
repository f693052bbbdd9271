def make_optimizer():
    return keras.optimizers.Adadelta(learning_rate=1000.0)  # 能训练，但不是原来的设置


answer = make_optimizer
