@tf.function
def safe_log(x):
    tf.debugging.assert_greater(x, 0)  # 整数 0 和 float32 的 x 比较
    return tf.math.log(x)


answer = safe_log
