class Dense(tf.Module):
    def __init__(self, n_in, n_out, activation=None, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.random.normal((n_in, n_out), stddev=0.1), name="w")
        self.b = tf.Variable(tf.zeros((n_out,)), name="b")
        self.activation = activation

    def __call__(self, x):
        y = x @ self.w + self.b
        return self.activation(y) if self.activation else y


class MLP(tf.Module):
    def __init__(self, n_in, hidden, n_out, name=None):
        super().__init__(name=name)
        self.layers = [Dense(n_in, hidden, tf.nn.relu), Dense(hidden, n_out)]  # 列表里的子模块也会被收集

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


answer = MLP
