class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = tf.Variable(0.0)

    @tf.function
    def add(self, x):
        self.total.assign_add(x)
        return self.total  # 返回变量本身：tf.function 返回的是它此刻的值


answer = Counter
