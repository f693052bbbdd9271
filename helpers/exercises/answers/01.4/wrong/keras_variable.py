class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = keras.Variable(0.0)  # keras.Variable：tf.Module 收集不到

    @tf.function
    def add(self, x):
        self.total.assign_add(x)
        return self.total.value


answer = Counter
