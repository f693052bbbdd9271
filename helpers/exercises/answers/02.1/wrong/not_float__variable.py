def default_learning_rate(name):
    return getattr(keras.optimizers, name)().learning_rate  # 优化器的变量，不是 Python 浮点数


answer = default_learning_rate
