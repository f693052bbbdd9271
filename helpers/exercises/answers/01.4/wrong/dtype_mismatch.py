class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = tf.Variable(0)  # 整数 0：这是一个 int32 变量

    @tf.function
    def add(self, x):
        self.total.assign_add(x)
        return self.total


answer = Counter
