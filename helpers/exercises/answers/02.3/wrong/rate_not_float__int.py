def make_optimizer():
    return keras.optimizers.SGD(learning_rate=1, decay=0.01)  # 整数 1


answer = make_optimizer
