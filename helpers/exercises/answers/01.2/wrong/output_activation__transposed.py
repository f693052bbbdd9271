class MLP(tf.Module):
    def __init__(self, n_in, hidden, n_out, name=None):
        super().__init__(name=name)
        # 权重按 (输出, 输入) 存，用时再转置
        self.w1 = tf.Variable(tf.random.normal((hidden, n_in), stddev=0.1))
        self.b1 = tf.Variable(tf.zeros((hidden,)))
        self.w2 = tf.Variable(tf.random.normal((n_out, hidden), stddev=0.1))
        self.b2 = tf.Variable(tf.zeros((n_out,)))

    def __call__(self, x):
        h = tf.nn.relu(x @ tf.transpose(self.w1) + self.b1)
        return tf.nn.relu(h @ tf.transpose(self.w2) + self.b2)  # 输出层也加了 relu


answer = MLP
