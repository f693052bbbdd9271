def default_learning_rate(name):
    return round(float(getattr(keras.optimizers, name)().learning_rate), 2)  # 0.001 舍成了 0.0


answer = default_learning_rate
