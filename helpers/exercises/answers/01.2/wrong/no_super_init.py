class MLP(tf.Module):
    def __init__(self, n_in, hidden, n_out, name=None):  # 没有 super().__init__(name=name)
        self.w1 = tf.Variable(tf.random.normal((n_in, hidden), stddev=0.1))
        self.b1 = tf.Variable(tf.zeros([hidden]))
        self.w2 = tf.Variable(tf.random.normal((hidden, n_out), stddev=0.1))
        self.b2 = tf.Variable(tf.zeros([n_out]))

    def __call__(self, x):
        return tf.nn.relu(x @ self.w1 + self.b1) @ self.w2 + self.b2


answer = MLP
