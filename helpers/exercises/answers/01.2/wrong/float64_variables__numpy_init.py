class MLP(tf.Module):
    def __init__(self, n_in, hidden, n_out, name=None):
        super().__init__(name=name)
        rng = np.random.default_rng(0)
        # NumPy 默认是 float64，变量沿用初值的类型
        self.w1 = tf.Variable(rng.normal(size=(n_in, hidden)) * 0.1)
        self.b1 = tf.Variable(np.zeros(hidden))
        self.w2 = tf.Variable(rng.normal(size=(hidden, n_out)) * 0.1)
        self.b2 = tf.Variable(np.zeros(n_out))

    def __call__(self, x):
        return tf.nn.relu(x @ self.w1 + self.b1) @ self.w2 + self.b2


answer = MLP
