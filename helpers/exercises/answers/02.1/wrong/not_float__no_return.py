def default_learning_rate(name):
    print(float(getattr(keras.optimizers, name)().learning_rate))  # 只打印，没有 return


answer = default_learning_rate
