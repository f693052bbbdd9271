class Counter(tf.Module):
    @tf.function
    def add(self, x):
        self.total = tf.Variable(0.0)  # 每次调用都新建变量
        self.total.assign_add(x)
        return self.total.read_value()


answer = Counter
