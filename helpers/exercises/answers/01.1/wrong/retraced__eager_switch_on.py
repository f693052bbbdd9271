tf.config.run_functions_eagerly(True)  # 调试时打开的全局开关，还开着：tf.function 不追踪，追踪次数是 0


@tf.function
def scaled_sum(x, factor):
    return tf.reduce_sum(x * factor)


answer = scaled_sum
