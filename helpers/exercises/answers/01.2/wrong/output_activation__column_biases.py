class MLP(tf.Module):
    def __init__(self, n_in, hidden, n_out, name=None):
        super().__init__(name=name)
        # 按列向量写：h = W1 x + b1，偏置是 (hidden, 1) 的列
        self.w1 = tf.Variable(tf.random.normal((hidden, n_in), stddev=0.1))
        self.b1 = tf.Variable(tf.zeros((hidden, 1)))
        self.w2 = tf.Variable(tf.random.normal((n_out, hidden), stddev=0.1))
        self.b2 = tf.Variable(tf.zeros((n_out, 1)))

    def __call__(self, x):
        h = tf.nn.relu(self.w1 @ tf.transpose(x) + self.b1)
        return tf.transpose(tf.nn.relu(self.w2 @ h + self.b2))  # 输出层也加了 relu


answer = MLP
