TF1 = {"SGD": 0.01, "Adam": 0.001, "RMSprop": 0.001, "Adagrad": 0.01,
       "Adadelta": 1.0, "Adamax": 0.002, "Nadam": 0.002}
answer = {
    name for name, old in TF1.items()
    if not np.isclose(float(getattr(keras.optimizers, name)().learning_rate), old)
}
