def make_optimizer():
    return keras.optimizers.SGD(learning_rate=0.1, decay=0.01)  # 只把 lr 改了名


answer = make_optimizer
