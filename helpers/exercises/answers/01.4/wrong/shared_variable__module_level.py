shared_total = tf.Variable(0.0)  # 建在类外面：每个 Counter 共用它


class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = shared_total

    @tf.function
    def add(self, x):
        self.total.assign_add(x)
        return self.total.read_value()


answer = Counter
