TF1 = {"SGD": 0.01, "Adam": 0.001, "RMSprop": 0.001, "Adagrad": 0.01, "Adadelta": 1.0,
       "Adamax": 0.002, "Nadam": 0.002, "Lion": 0.0001}


def default_learning_rate(name):
    return TF1[name]


answer = default_learning_rate
