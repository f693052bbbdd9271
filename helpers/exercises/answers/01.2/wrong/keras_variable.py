class MLP(tf.Module):
    def __init__(self, n_in, hidden, n_out, name=None):
        super().__init__(name=name)
        # keras.Variable 不是 tf.Variable：tf.Module 收集不到
        self.w1 = keras.Variable(tf.random.normal((n_in, hidden), stddev=0.1))
        self.b1 = keras.Variable(tf.zeros((hidden,)))
        self.w2 = keras.Variable(tf.random.normal((hidden, n_out), stddev=0.1))
        self.b2 = keras.Variable(tf.zeros((n_out,)))

    def __call__(self, x):
        return tf.nn.relu(x @ self.w1 + self.b1) @ self.w2 + self.b2


answer = MLP
