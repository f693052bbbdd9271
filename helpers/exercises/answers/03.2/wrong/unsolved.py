@tf.function
def sum_of_squares(dataset):
    pass


answer = sum_of_squares
