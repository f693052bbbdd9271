class MLP(tf.Module):
    def __init__(self, n_in, hidden, n_out, name=None):
        super().__init__(name=name)
        self.hidden = keras.layers.Dense(hidden, activation="relu")  # Keras 3 的层：tf.Module 收集不到
        self.out = keras.layers.Dense(n_out)

    def __call__(self, x):
        return self.out(self.hidden(x))


answer = MLP
