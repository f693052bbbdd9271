class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = tf.Variable([0.0])  # 形状 [1]，不是标量

    @tf.function
    def add(self, x):
        self.total.assign_add([x])
        return self.total.read_value()


answer = Counter
