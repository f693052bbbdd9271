class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = tf.Variable(0.0)

    @tf.function
    def add(self, x):
        self.total = self.total + x  # 把变量属性换成了张量
        return self.total


answer = Counter
