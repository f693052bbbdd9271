def default_learning_rate(name):
    return float(getattr(keras.optimizers, name.lower())().learning_rate)  # 类名区分大小写


answer = default_learning_rate
