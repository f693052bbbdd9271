def make_optimizer():
    return keras.optimizers.SGD(learning_rate=0.1, weight_decay=0.01)  # decay 改名成 weight_decay


answer = make_optimizer
