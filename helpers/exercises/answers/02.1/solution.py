def default_learning_rate(name):
    optimizer = getattr(keras.optimizers, name)()  # 不传参数：用默认值
    return float(optimizer.learning_rate)


answer = default_learning_rate
