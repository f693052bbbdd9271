def make_optimizer():
    return keras.optimizers.Adadelta()


answer = make_optimizer
