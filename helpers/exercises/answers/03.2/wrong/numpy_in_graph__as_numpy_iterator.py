@tf.function
def sum_of_squares(dataset):
    total = 0.0
    for batch in dataset.as_numpy_iterator():  # 只能在即时执行下用
        total += np.sum(batch**2)
    return total


answer = sum_of_squares
