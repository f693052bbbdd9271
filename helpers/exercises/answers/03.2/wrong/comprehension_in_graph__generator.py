@tf.function
def sum_of_squares(dataset):
    # 生成器表达式不会被 AutoGraph 改写：追踪时这个 Python 循环停不下来
    return sum(tf.reduce_sum(batch**2) for batch in dataset)


answer = sum_of_squares
