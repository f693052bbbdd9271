def default_learning_rate(name):
    return float(keras.optimizers.get(name).learning_rate)  # 按名字创建实例，参数全用默认值


answer = default_learning_rate
