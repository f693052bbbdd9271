def default_learning_rate(name):
    return getattr(keras.optimizers, name).learning_rate  # 在类上读，没有创建实例


answer = default_learning_rate
