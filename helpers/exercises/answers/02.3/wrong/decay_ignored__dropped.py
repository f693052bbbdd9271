def make_optimizer():
    return keras.optimizers.SGD(learning_rate=0.1)  # 去掉了不认识的 decay


answer = make_optimizer
