class MLP(tf.Module):
    def __init__(self, n_in, hidden, n_out, name=None):
        super().__init__(name=name)
        self.sizes = (n_in, hidden, n_out)

    def __call__(self, x):
        n_in, hidden, n_out = self.sizes
        w1 = tf.Variable(tf.random.normal((n_in, hidden), stddev=0.1))  # 局部变量，每次调用都新建
        w2 = tf.Variable(tf.random.normal((hidden, n_out), stddev=0.1))
        return tf.nn.relu(x @ w1) @ w2


answer = MLP
