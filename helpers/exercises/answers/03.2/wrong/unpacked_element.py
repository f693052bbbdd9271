@tf.function
def sum_of_squares(dataset):
    total = 0.0
    for x, y in dataset:  # 每个元素只是一批数，不是一对
        total += tf.reduce_sum(x**2) + tf.reduce_sum(y**2)
    return total


answer = sum_of_squares
