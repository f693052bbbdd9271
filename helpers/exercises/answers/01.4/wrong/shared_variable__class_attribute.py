class Counter(tf.Module):
    total = tf.Variable(0.0)  # 类属性：所有实例共用同一个变量

    @tf.function
    def add(self, x):
        self.total.assign_add(x)
        return self.total.read_value()


answer = Counter
