@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int32)])
def scaled_sum(x, factor):  # factor 声明成整数：0.5 这样的 Python 浮点数转换不了
    return tf.reduce_sum(x * factor)


answer = scaled_sum
