# 练习 01.2：补全 MLP
class MLP(tf.Module):
    def __init__(self, n_in, hidden, n_out, name=None):
        super().__init__(name=name)
        ...  # TODO：两层的权重和偏置，都用 tf.Variable

    def __call__(self, x):
        ...  # TODO：relu(x @ w1 + b1)，再 @ w2 + b2


answer = MLP
