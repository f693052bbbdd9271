def default_learning_rate(name):
    return round(float(getattr(keras.optimizers, name)().learning_rate), 3)  # 6 个名字都对，0.0375 舍成 0.038


answer = default_learning_rate
