@tf.function
def sum_of_squares(dataset):
    total = 0.0
    for batch in dataset:  # AutoGraph 把它改写成图里的循环
        total += tf.reduce_sum(batch**2)
    return total


answer = sum_of_squares
