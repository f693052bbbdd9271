def make_optimizer():
    return keras.optimizers.SGD(learning_rate=0.1, momentum=0.01)  # 把 decay 当成了 momentum


answer = make_optimizer
