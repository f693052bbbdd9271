class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = tf.Variable(0.0, dtype=tf.float64)  # 初值是浮点数，类型却声明成 float64

    @tf.function
    def add(self, x):
        self.total.assign_add(x)
        return self.total


answer = Counter
