def make_optimizer():
    return keras.optimizers.Adadelta  # 类本身，没有创建实例


answer = make_optimizer
