@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.float64)])
def scaled_sum(x, factor):  # factor 声明成 float64，x 却是 float32
    return tf.reduce_sum(x * factor)


answer = scaled_sum
