class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = tf.Variable(0.0)

    @tf.function
    def add(self, x):
        self.total = self.total.assign_add(x)  # 数对了，可属性被换成了追踪时的对象
        return self.total


answer = Counter
