class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = tf.Variable(0.0)

    @tf.function
    def add(self, x):
        old = self.total.read_value()
        self.total.assign_add(x)
        return old  # 加之前读出的值


answer = Counter
