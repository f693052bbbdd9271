def sum_of_squares(dataset):
    return dataset.reduce(0.0, lambda total, batch: total + tf.reduce_sum(batch**2))  # 没有 tf.function


answer = sum_of_squares
