@tf.function
def safe_log(x):
    if tf.reduce_any(x <= 0):
        raise ValueError("safe_log 的输入必须大于 0")  # AutoGraph 追踪两个分支，这一句追踪时就运行
    return tf.math.log(x)


answer = safe_log
