def default_learning_rate(name):
    return float(keras.optimizers.get(name.lower()).learning_rate)  # 小写名只认得内置的优化器


answer = default_learning_rate
