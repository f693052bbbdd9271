@tf.function
def sum_of_squares(dataset):
    total = tf.Variable(0.0)  # 每次追踪都新建一个变量
    for batch in dataset:
        total.assign_add(tf.reduce_sum(batch**2))
    return total


answer = sum_of_squares
