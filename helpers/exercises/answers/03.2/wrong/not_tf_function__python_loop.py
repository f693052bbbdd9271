def sum_of_squares(dataset):
    total = 0.0
    for batch in dataset:
        total += float(tf.reduce_sum(batch**2).numpy())
    return total


answer = sum_of_squares
