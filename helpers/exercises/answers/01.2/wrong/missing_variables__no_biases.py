class MLP(tf.Module):
    def __init__(self, n_in, hidden, n_out, name=None):
        super().__init__(name=name)
        self.w1 = tf.Variable(tf.random.normal((n_in, hidden), stddev=0.1))
        self.w2 = tf.Variable(tf.random.normal((hidden, n_out), stddev=0.1))  # 没有偏置

    def __call__(self, x):
        return tf.nn.relu(x @ self.w1) @ self.w2


answer = MLP
