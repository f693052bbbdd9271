def default_learning_rate(name):
    return getattr(keras.optimizers, name)().learning_rate.numpy()  # np.float32：也是一个数


answer = default_learning_rate
