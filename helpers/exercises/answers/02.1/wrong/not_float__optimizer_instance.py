def default_learning_rate(name):
    return getattr(keras.optimizers, name)()  # 优化器本身，还没读 learning_rate


answer = default_learning_rate
