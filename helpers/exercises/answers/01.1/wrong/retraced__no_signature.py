@tf.function
def scaled_sum(x, factor):
    return tf.reduce_sum(x * factor)


answer = scaled_sum
